"""``mindspore.numpy``: NumPy-style functions on Tensors, generated from
``_engine/numpy_table.py`` (MindSpore's 32-bit dtype defaults).

Example:
    >>> import mscompat.numpy as mnp
    >>> print(mnp.zeros((2,)))
    [0. 0.]
"""
from .._engine import dtypes as _dtypes
from .._engine.numpy_table import CONSTANTS as _CONSTANTS
from .._engine.numpy_table import FUNCTIONS as _FUNCTIONS
from .._engine.random_ops import rand as rand
from .._engine.random_ops import randint as _randint
from .._engine.random_ops import randn as randn
from .._engine.unsupported import module_getattr as _module_getattr

globals().update(_FUNCTIONS)
globals().update(_CONSTANTS)
globals().update(_dtypes.PUBLIC)


def randint(minval, maxval=None, shape=None, dtype=_dtypes.ALL["int32"]):
    """``numpy.randint(minval, maxval=None, shape=None, dtype=int32)``: integers in
    [minval, maxval) (``maxval`` None: [0, minval)), from mscompat's seeded stream."""
    if maxval is None:
        minval, maxval = 0, minval
    return _randint(minval, maxval, () if shape is None else shape, dtype=dtype)


__all__ = sorted(_FUNCTIONS) + sorted(_CONSTANTS) + ["rand", "randint", "randn"]
__getattr__ = _module_getattr("mindspore.numpy")
