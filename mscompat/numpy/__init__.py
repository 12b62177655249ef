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
from .._engine.unsupported import module_getattr as _module_getattr

globals().update(_FUNCTIONS)
globals().update(_CONSTANTS)
globals().update(_dtypes.PUBLIC)
__all__ = sorted(_FUNCTIONS) + sorted(_CONSTANTS) + ["rand"]
__getattr__ = _module_getattr("mindspore.numpy")
