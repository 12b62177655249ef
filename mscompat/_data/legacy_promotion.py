"""NumPy 1's promotion for the scalar values a pipeline hands to user Python functions.

MindSpore runs on NumPy 1, where an operation whose operands are all scalars (0-d arrays,
NumPy scalars, Python numbers) treats a Python int as int64 and a Python float as float64:
a row's Int32 label ``y - 1`` is Int64 there, a Float32 ``x * 0.5`` Float64. JAX needs NumPy
2, whose rules (NEP 50) keep Int32/Float32. So the 0-d columns given to a ``map``
function are ``LegacyScalar`` arrays: their arithmetic with Python numbers follows NumPy 1,
and the results stay ``LegacyScalar`` so a chain of operations does too. Arrays of rank 1
and more are passed as they are (there the array's dtype wins under both rules).

Example:
    >>> import numpy as np
    >>> from mscompat._data.legacy_promotion import for_user, from_user
    >>> label, = for_user((np.array(3, np.int32),))
    >>> from_user(label - 1).dtype, from_user(label * 0.5).dtype
    (dtype('int64'), dtype('float64'))
"""
from __future__ import annotations

import operator

import numpy as np

_PYTHON = {bool: np.bool_, int: np.int64, float: np.float64, complex: np.complex128}
_COMPARISONS = {"equal": operator.eq, "not_equal": operator.ne}


class LegacyScalar(np.ndarray):
    """A 0-d array whose ufuncs with Python numbers promote as NumPy 1 did."""

    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        plain = [x.view(np.ndarray) if isinstance(x, LegacyScalar) else x for x in inputs]
        if "out" in kwargs:
            kwargs["out"] = tuple(o.view(np.ndarray) if isinstance(o, LegacyScalar) else o
                                  for o in kwargs["out"])
        scalar = all(type(x) in _PYTHON or np.ndim(x) == 0 for x in plain)
        if method == "__call__" and scalar and "dtype" not in kwargs and "out" not in kwargs:
            plain = [np.asarray(x, _PYTHON[type(x)]) if type(x) in _PYTHON else x for x in plain]
        try:
            result = getattr(ufunc, method)(*plain, **kwargs)
        except TypeError:  # no loop (== with a string...): what a plain array's operator gives
            compare = _COMPARISONS.get(ufunc.__name__)
            if compare is None or method != "__call__" or len(plain) != 2:
                raise
            return compare(*plain)
        return _wrap(result) if method == "__call__" else result


def _wrap(result):
    if isinstance(result, tuple):
        return tuple(_wrap(r) for r in result)
    if isinstance(result, (np.ndarray, np.generic)) and np.ndim(result) == 0:
        return np.asarray(result).view(LegacyScalar)
    return result


def for_user(values: tuple) -> tuple:
    """The columns as a user function receives them: 0-d arrays as ``LegacyScalar``."""
    return tuple(v.view(LegacyScalar) if isinstance(v, np.ndarray) and v.ndim == 0
                 and v.dtype.kind in "biufc" else v for v in values)


def from_user(out):
    """A user function's result with ``LegacyScalar`` values made plain arrays again."""
    if isinstance(out, tuple):
        return tuple(from_user(o) for o in out)
    if isinstance(out, list):
        return [from_user(o) for o in out]
    return out.view(np.ndarray) if isinstance(out, LegacyScalar) else out
