"""``mindspore.train.callback._callback``: the callback base classes and the private helper
model-zoo callbacks import (``_handle_loss``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> from mscompat.train.callback._callback import _handle_loss
    >>> _handle_loss(ms.Tensor(np.array([1.0, 2.0], np.float32)))
    1.5
"""
import numpy as np

from ..._engine.tensor import Tensor
from ..._train.callbacks import Callback as Callback
from ..._train.callbacks import CallbackManager as CallbackManager
from ..._train.callbacks import InternalCallbackParam as InternalCallbackParam
from ..._train.callbacks import RunContext as RunContext


def _handle_loss(loss):
    """A network output as the loss a callback prints: a Tensor's mean as a float; the first
    element of a tuple or list (left a Tensor, as MindSpore leaves it)."""
    if isinstance(loss, (tuple, list)):
        if isinstance(loss[0], Tensor):
            loss = loss[0]
    elif isinstance(loss, Tensor):
        loss = float(np.mean(loss.asnumpy()))
    return loss


__all__ = ["Callback", "CallbackManager", "InternalCallbackParam", "RunContext"]
