"""``mindspore.nn.metrics``: the metrics of ``mindspore.train.metrics`` under the older path
MindSpore keeps.

Example:
    >>> import numpy as np
    >>> from mscompat.nn.metrics import Accuracy
    >>> m = Accuracy()
    >>> m.update(np.array([[0.2, 0.8], [0.9, 0.1]]), np.array([1, 1]))
    >>> m.eval()
    0.5
"""
from ..train import metrics as _metrics

globals().update({name: getattr(_metrics, name) for name in _metrics.__all__})
__all__ = list(_metrics.__all__)
__getattr__ = _metrics.__getattr__
