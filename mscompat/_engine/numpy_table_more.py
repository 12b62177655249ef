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

import jax.numpy as jnp
import numpy as np

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


def _split_along(axis: int) -> Callable:
    def impl(x, indices_or_sections):
        return tuple(jnp.split(x, indices_or_sections, axis=axis))
    return impl


def _indices_pair(fn: Callable) -> Callable:
    def impl(*args, **kwargs):
        return tuple(fn(*args, **kwargs))
    return impl


# name: (jax function, keep Int64 results)
TABLE: dict[str, tuple[Callable, bool]] = {
    "arcsinh": (_float(jnp.arcsinh), False),
    "cosh": (_float(jnp.cosh), False), "sinh": (_float(jnp.sinh), False),
    "tan": (_float(jnp.tan), False), "deg2rad": (_float(jnp.deg2rad), False),
    "rad2deg": (_float(jnp.rad2deg), False), "radians": (_float(jnp.radians), False),
    "exp2": (_int_kept(jnp.exp2), False), "fabs": (jnp.abs, False),
    "isfinite": (jnp.isfinite, False), "isneginf": (jnp.isneginf, False),
    "isposinf": (jnp.isposinf, False), "negative": (jnp.negative, False),
    "positive": (jnp.positive, False), "signbit": (jnp.signbit, False),
    "atleast_1d": (jnp.atleast_1d, False), "atleast_2d": (jnp.atleast_2d, False),
    "atleast_3d": (jnp.atleast_3d, False), "fliplr": (jnp.fliplr, False),
    "flipud": (jnp.flipud, False), "diagonal": (jnp.diagonal, False),
    "diff": (jnp.diff, False),
    "ediff1d": (jnp.ediff1d, False), "nanmax": (jnp.nanmax, False),
    "nanmin": (jnp.nanmin, False), "nansum": (jnp.nansum, False),
    "nanstd": (jnp.nanstd, False), "nanvar": (jnp.nanvar, False),
    "nancumsum": (jnp.nancumsum, False), "ptp": (jnp.ptp, False),
    "arctan2": (_float(jnp.arctan2), False),
    "copysign": (_first_dtype_kept(jnp.copysign), False),
    "floor_divide": (jnp.floor_divide, False), "fmod": (jnp.fmod, False),
    "gcd": (_integers(jnp.gcd, "gcd"), False), "lcm": (_integers(jnp.lcm, "lcm"), False),
    "hypot": (_float(jnp.hypot), False),
    "mod": (jnp.mod, False), "remainder": (jnp.remainder, False),
    "not_equal": (jnp.not_equal, False), "kron": (jnp.kron, False),
    "column_stack": (jnp.column_stack, False), "dstack": (jnp.dstack, False),
    "dsplit": (_split_along(2), False), "hsplit": (_split_along(1), False),
    "vsplit": (_split_along(0), False), "rollaxis": (jnp.rollaxis, False),
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
}
