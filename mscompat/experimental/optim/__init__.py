"""``mindspore.experimental.optim``: PyTorch-style optimizers over ``param_groups`` with a
learning-rate Parameter per group, and ``lr_scheduler``.

Example:
    >>> import mscompat as ms, numpy as np
    >>> from mscompat.experimental import optim
    >>> w = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name='w')
    >>> opt = optim.SGD([w], lr=0.1)
    >>> _ = opt((ms.Tensor(np.array([2.0], np.float32)),))
    >>> print(w.asnumpy())
    [0.8]
"""
from ..._engine.unsupported import module_getattr as _module_getattr
from . import lr_scheduler as lr_scheduler
from .optimizer import SGD as SGD
from .optimizer import Adam as Adam
from .optimizer import AdamW as AdamW
from .optimizer import Optimizer as Optimizer

__all__ = ["Adam", "AdamW", "Optimizer", "SGD", "lr_scheduler"]
__getattr__ = _module_getattr("mindspore.experimental.optim")
