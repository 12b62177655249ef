"""``mindspore.numpy``: NumPy-style functions on Tensors, generated from
``_engine/numpy_table.py`` (MindSpore's 32-bit dtype defaults).

Example:
    >>> import mscompat.numpy as mnp
    >>> print(mnp.zeros((2,)))
    [0. 0.]
"""
from .._engine import dtypes as _dtypes
from .._engine.numpy_random import rand as rand
from .._engine.numpy_random import randint as randint
from .._engine.numpy_random import randn as randn
from .._engine.numpy_table import CONSTANTS as _CONSTANTS
from .._engine.numpy_table import FUNCTIONS as _FUNCTIONS
from .._engine.unsupported import module_getattr as _module_getattr

globals().update(_FUNCTIONS)
globals().update(_CONSTANTS)
globals().update(_dtypes.PUBLIC)


def size(a, axis=None) -> int:
    """``numpy.size(a, axis=None)``: the number of elements (along ``axis``)."""
    import builtins
    return builtins.int(a.size if axis is None else a.shape[axis])


def isscalar(element) -> bool:
    """``numpy.isscalar``: True for a Python number or bool (a Tensor is not a scalar)."""
    import builtins  # this module's int/float/bool are MindSpore dtypes
    return isinstance(element, (builtins.int, builtins.float, builtins.bool, builtins.complex))


def promote_types(type1, type2):
    """``numpy.promote_types``: MindSpore's (JAX's) promotion of two dtypes
    (Int32 with Float16 is Float16)."""
    import jax.numpy as jnp
    return _dtypes.from_np(jnp.promote_types(_dtypes.to_np(type1), _dtypes.to_np(type2)))


def result_type(*arrays_and_dtypes):
    """``numpy.result_type`` of dtypes (and Tensors' dtypes)."""
    import functools
    kinds = [a.dtype if hasattr(a, "dtype") else a for a in arrays_and_dtypes]
    return functools.reduce(promote_types, kinds)


__all__ = sorted(_FUNCTIONS) + sorted(_CONSTANTS) + ["isscalar", "promote_types", "rand",
                                                      "randint", "randn", "result_type",
                                                      "size"]
__getattr__ = _module_getattr("mindspore.numpy")
