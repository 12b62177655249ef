"""More ``mindspore.numpy`` rows: the element-wise, stacking, index and polynomial functions
that are ``jax.numpy``'s under MindSpore's dtype policy (``numpy_table.make``), each checked
against MindSpore 2.10 on Int32 and Float32 inputs (``numpy_more`` conformance cases).

Example:
    >>> import mscompat.numpy as mnp
    >>> print(mnp.hypot(mnp.array([3.0, 5.0]), mnp.array([4.0, 12.0])))
    [ 5. 13.]
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import jax.numpy as jnp
import numpy as np

from . import bprops
from .numpy_table import _nancumsum, _split, one_tensor
from .op_table import _floor_divide, _ptp

_F32 = np.dtype(np.float32)


def _float(fn: Callable) -> Callable:
    """``fn`` of a floating input; an integer input is computed in float32 (MindSpore)."""
    def impl(x, *args, **kwargs):
        if not jnp.issubdtype(x.dtype, jnp.inexact):
            x = x.astype(_F32)
        return fn(x, *args, **kwargs)
    impl.__name__ = getattr(fn, "__name__", "numpy_op")
    return impl


def _int_kept(fn: Callable) -> Callable:
    """``fn`` whose result for integer inputs is converted back to their dtype (MindSpore's
    ``exp2``/``copysign``/``polymul`` of integers are integers)."""
    def impl(*args, **kwargs):
        out = fn(*args, **kwargs)
        ints = [a.dtype for a in args if hasattr(a, "dtype")]
        if ints and all(jnp.issubdtype(d, jnp.integer) for d in ints):
            return out.astype(jnp.result_type(*ints))
        return out
    impl.__name__ = getattr(fn, "__name__", "numpy_op")
    return impl


def _first_dtype_kept(fn: Callable) -> Callable:
    """``fn(x, y)`` in ``x``'s dtype when ``x`` is an integer array (``copysign``)."""
    def impl(x, y):
        out = fn(x, y)
        return out.astype(x.dtype) if jnp.issubdtype(x.dtype, jnp.integer) else out
    return impl


def _poly(fn: Callable) -> Callable:
    """A polynomial function taking a scalar coefficient as a 1-term polynomial."""
    def impl(a, b):
        return fn(jnp.atleast_1d(a), jnp.atleast_1d(b))
    return impl


def _integers(fn: Callable, name: str) -> Callable:
    def impl(x, y):
        if not all(jnp.issubdtype(jnp.result_type(v), jnp.integer) for v in (x, y)):
            raise NotImplementedError(f"mindspore.numpy.{name} of floating-point inputs is not "
                                      f"supported by mscompat (integers are).")
        return fn(x, y)
    return impl


def _indices_pair(fn: Callable) -> Callable:
    def impl(*args, **kwargs):
        return tuple(fn(*args, **kwargs))
    return impl


def _kind_only(fn: Callable, name: str, floats: bool) -> Callable:
    """``fn`` of floating (``floats``) or integer arrays only: the other kind is MindSpore's
    TypeError (its kernel has no such dtype)."""
    def impl(*args, **kwargs):
        for a in args:
            if hasattr(a, "dtype") and jnp.issubdtype(a.dtype, jnp.floating) != floats:
                raise TypeError(f"For primitive[{name}], the input argument[x] must be a "
                                f"{'float' if floats else 'integer or Bool'} Tensor, but got "
                                f"Tensor[{a.dtype}].")
        return fn(*args, **kwargs)
    impl.__name__ = getattr(fn, "__name__", name)
    return impl


def _not_all_ints(fn: Callable, name: str) -> Callable:
    """``fn`` unless every input is an integer array (MindSpore's kernel TypeError)."""
    def impl(*args):
        if all(hasattr(a, "dtype") and jnp.issubdtype(a.dtype, jnp.integer) for a in args):
            raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type!")
        return fn(*args)
    return impl


def _diagflat(v, k=0):
    """MindSpore's ``diagflat``: ``eye(n) * ravel(v)`` (so a negative value leaves -0.0 in
    its column), padded for an offset diagonal ``k``."""
    v = jnp.ravel(v)
    out = jnp.eye(v.shape[0], dtype=v.dtype) * v[None, :]
    k = int(k)
    return jnp.pad(out, ((max(-k, 0), max(k, 0)), (max(k, 0), max(-k, 0))))


def _divmod(x, y):
    """(``floor_divide``, ``remainder``) as MindSpore's numpy computes them."""
    from .numpy_table import _remainder
    return _floor_divide(x, y), _remainder(x, y)


def _heaviside(x1, x2):
    """``0`` where ``x1 < 0``, ``1`` where ``x1 > 0``, else ``x2`` (NaN too), in the
    promoted dtype."""
    dtype = jnp.result_type(x1, x2)
    return jnp.where(x1 < 0, 0, jnp.where(x1 > 0, 1, x2)).astype(dtype)



# name: (jax function, keep Int64 results)
TABLE: dict[str, tuple[Callable, bool]] = {
    "arcsinh": (_float(jnp.arcsinh), False),
    "cosh": (_float(jnp.cosh), False), "sinh": (_float(jnp.sinh), False),
    "tan": (_float(jnp.tan), False), "deg2rad": (_float(jnp.deg2rad), False),
    "rad2deg": (_float(jnp.rad2deg), False), "radians": (_float(jnp.radians), False),
    "exp2": (_int_kept(jnp.exp2), False), "fabs": (jnp.abs, False),
    "isfinite": (jnp.isfinite, False), "isneginf": (jnp.isneginf, False),
    "isposinf": (jnp.isposinf, False), "negative": (jnp.negative, False),
    "positive": (jnp.positive, False), "signbit": (lambda x: x < 0, False),  # (-0.0: False)
    "atleast_1d": (jnp.atleast_1d, False), "atleast_2d": (jnp.atleast_2d, False),
    "atleast_3d": (jnp.atleast_3d, False), "fliplr": (jnp.fliplr, False),
    "flipud": (jnp.flipud, False), "diagonal": (jnp.diagonal, False),
    "diff": (jnp.diff, False),
    "nanmax": (jnp.nanmax, False),
    "nanmin": (jnp.nanmin, False),
    "nancumsum": (_nancumsum, False), "ptp": (_ptp, False),
    "arctan2": (_float(jnp.arctan2), False),
    "copysign": (_first_dtype_kept(bprops.copysign_values), False),
    "floor_divide": (_floor_divide, False), "fmod": (jnp.fmod, False),
    "gcd": (_integers(jnp.gcd, "gcd"), False), "lcm": (_integers(jnp.lcm, "lcm"), False),
    "hypot": (_float(jnp.hypot), False),
    "mod": (jnp.mod, False), "remainder": (jnp.remainder, False),
    "not_equal": (jnp.not_equal, False), "kron": (jnp.kron, False),
    "column_stack": (one_tensor(jnp.column_stack), False),
    "dstack": (one_tensor(jnp.dstack), False),
    "dsplit": (partial(_split, axis=2), False), "hsplit": (partial(_split, axis=1), False),
    "vsplit": (partial(_split, axis=0), False), "rollaxis": (jnp.rollaxis, False),
    "tri": (lambda N, M=None, k=0, dtype=None: jnp.tri(  # noqa: N803 (NumPy's names)
        N, M, k, _F32 if dtype is None else dtype), False),
    "tril_indices": (_indices_pair(jnp.tril_indices), False),
    "triu_indices": (_indices_pair(jnp.triu_indices), False),
    "tril_indices_from": (_indices_pair(jnp.tril_indices_from), False),
    "triu_indices_from": (_indices_pair(jnp.triu_indices_from), False),
    "diag_indices": (_indices_pair(jnp.diag_indices), False),
    "polyadd": (_poly(jnp.polyadd), False), "polysub": (_poly(jnp.polysub), False),
    "polymul": (_poly(_int_kept(jnp.polymul)), False), "polyval": (jnp.polyval, False),
    "polyder": (jnp.polyder, False), "polyint": (jnp.polyint, False),
    "vander": (jnp.vander, False), "hamming": (lambda M: jnp.hamming(M).astype(_F32), False),
    "hanning": (lambda M: jnp.hanning(M).astype(_F32), False),
    "bartlett": (lambda M: jnp.bartlett(M).astype(_F32), False),
    "expm1": (_kind_only(jnp.expm1, "Expm1", True), False),
    "rint": (_kind_only(jnp.rint, "Rint", True), False),
    "invert": (_kind_only(jnp.invert, "Invert", False), False),
    "bitwise_not": (_kind_only(jnp.invert, "Invert", False), False),
    "bitwise_and": (_kind_only(jnp.bitwise_and, "BitwiseAnd", False), False),
    "bitwise_or": (_kind_only(jnp.bitwise_or, "BitwiseOr", False), False),
    "bitwise_xor": (_kind_only(jnp.bitwise_xor, "BitwiseXor", False), False),
    "argwhere": (jnp.argwhere, True), "asfarray": (lambda a: jnp.asarray(a, _F32), False),
    "sometrue": (jnp.any, False),
    "heaviside": (_heaviside, False),
    "logaddexp2": (_not_all_ints(jnp.logaddexp2, "Log"), False),
    "divmod": (_divmod, False), "inner": (jnp.inner, False),
    "array_equal": (jnp.array_equal, False), "array_equiv": (jnp.array_equiv, False),
    "isin": (jnp.isin, False), "in1d": (lambda a, b, invert=False: jnp.isin(
        jnp.ravel(a), b, invert=invert), False),
    "indices": (lambda dimensions, dtype=None: list(jnp.indices(
        dimensions, dtype=np.int32 if dtype is None else dtype)), False),
    "ix_": (lambda *args: tuple(jnp.ix_(*args)), False),
    "unravel_index": (lambda indices, shape, order="C": tuple(jnp.unravel_index(
        indices, shape)), False),
    "searchsorted": (jnp.searchsorted, False), "digitize": (jnp.digitize, False),
    "interp": (jnp.interp, False), "select": (jnp.select, False), "choose": (jnp.choose, False),
    "logspace": (lambda start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0:
                 jnp.logspace(start, stop, num, endpoint, base, _F32 if dtype is None
                              else dtype, axis), False),
    "geomspace": (lambda start, stop, num=50, endpoint=True, dtype=None, axis=0:
                  jnp.geomspace(start, stop, num, endpoint, _F32 if dtype is None else dtype,
                                axis), False),
    "arccosh": (_float(jnp.arccosh), False), "arctanh": (_float(jnp.arctanh), False),
    "diagflat": (_diagflat, False),
}
