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
from .._engine.numpy_table import _WIDE
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
    """``numpy.result_type`` of Tensors, dtypes and Python numbers (a Python number is
    weak, as in MindSpore: a Float32 Tensor with ``1`` is Float32); 64 bits only when an
    operand has them (``numpy_table._narrow``'s policy)."""
    import jax.numpy as jnp
    kinds = [_dtypes.to_np(a.dtype) if hasattr(a, "dtype") and hasattr(a, "asnumpy") else
             _dtypes.to_np(a) if isinstance(a, _dtypes.Type) else a for a in arrays_and_dtypes]
    wide = any(isinstance(k, jnp.dtype) and k in _WIDE for k in kinds)
    out = jnp.result_type(*kinds)
    return _dtypes.from_np(out if wide else _WIDE.get(out, out))


def array_str(a, max_line_width=None, precision=None, suppress_small=None) -> str:
    """``numpy.array_str``: NumPy's text of the Tensor's values."""
    import numpy as np
    return np.array_str(a.asnumpy(), max_line_width, precision, suppress_small)


def _sequence(a):
    return a if isinstance(a, (list, tuple)) else [a]


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """``numpy.intersect1d``: the sorted values in both (and their first indices); the
    values decide the output length, so it runs eagerly."""
    import numpy as np

    from .._engine.tensor import Tensor
    out = np.intersect1d(ar1.asnumpy(), ar2.asnumpy(), assume_unique, return_indices)
    if not return_indices:
        return Tensor(out)
    return (Tensor(out[0]), *(Tensor(i.astype(np.int32)) for i in out[1:]))  # Int32 indices


def setdiff1d(ar1, ar2, assume_unique=False):
    """``numpy.setdiff1d``: the sorted values of ``ar1`` not in ``ar2`` (runs eagerly)."""
    import numpy as np

    from .._engine.tensor import Tensor
    return Tensor(np.setdiff1d(ar1.asnumpy(), ar2.asnumpy(), assume_unique))


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """``numpy.apply_along_axis``: ``func1d`` on every 1-D slice along ``axis``, the
    results stacked in its place."""
    from ..ops import stack
    axis = axis % arr.ndim
    moved = arr.moveaxis(axis, -1)
    lead = moved.shape[:-1]
    flat = moved.reshape((-1, moved.shape[-1]))
    results = stack([func1d(flat[i], *args, **kwargs) for i in range(flat.shape[0])])
    results = results.reshape(lead + tuple(results.shape[1:]))
    return results.moveaxis(-1, axis) if results.ndim > len(lead) else results


def apply_over_axes(func, a, axes):
    """``numpy.apply_over_axes``: ``func(a, axis)`` for each axis in turn, a removed axis
    put back with length 1."""
    for axis in _sequence(axes):
        res = func(a, axis)
        a = res if res.ndim == a.ndim else res.expand_dims(axis % a.ndim)
    return a


def piecewise(x, condlist, funclist, *args, **kw):
    """``numpy.piecewise``: each condition's function of ``x`` (or value); where none holds,
    0 or the extra last function's. Values (not functions) give the values' dtype, as
    MindSpore's."""
    import mscompat.numpy as mnp
    conds = _sequence(condlist)
    funcs = list(funclist)
    if len(funcs) not in (len(conds), len(conds) + 1):
        raise ValueError("the number of choices should be either equal to conditions or "
                         f"{len(conds) + 1}")
    choices = [f(x, *args, **kw) for f in funcs] if callable(funcs[0]) else funcs
    default = 0
    if len(funcs) == len(conds) + 1:
        default, choices = choices[-1], choices[:-1]
    return mnp.select(conds, choices, default)


__all__ = sorted(_FUNCTIONS) + sorted(_CONSTANTS) + [
    "apply_along_axis", "apply_over_axes", "array_str", "intersect1d", "isscalar", "piecewise",
    "promote_types", "rand", "randint", "randn", "result_type", "setdiff1d", "size"]
__getattr__ = _module_getattr("mindspore.numpy")
