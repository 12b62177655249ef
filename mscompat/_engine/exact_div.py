"""Correctly rounded division where XLA would multiply by a reciprocal.

XLA's algebraic simplifier rewrites a division by a broadcast operand (a scalar, a count,
a column) as a multiplication by its reciprocal, which is one ulp off in about a third of
the cases (float32 ``10 / 6`` gives 1.6666667; the quotient rounds to 1.6666666).
MindSpore's kernels divide, so ``x / 6``, ``ops.mean`` and the normalisation layers' means
and variances differ from it in the last bit unless the quotient is computed another way:

* On the CPU, Float16, BFloat16 and Float32 divide in float64 and round once to their
  dtype. That is exact even if XLA rewrites the float64 division: the float64 quotient is
  within 2**-52 of the true one, and a quotient of two float32 numbers is never within
  2**-49 of a float32 rounding boundary (nor on one).
* Otherwise (Float64, complex, other devices, float64 disabled) the divisor is
  materialised at the result's shape behind an optimisation barrier, which XLA does not
  look through.

Example:
    >>> import jax.numpy as jnp
    >>> float(divide(jnp.float32(10), 6))
    1.6666666269302368
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import jaxconfig

_F64 = np.dtype(np.float64)


def wide_on_cpu() -> bool:
    """On the CPU backend with float64 enabled (mscompat's own calls enable it): where the
    exact divisions and MindSpore's CPU kernels are computed with float64 steps."""
    return (jaxconfig.platform() == "cpu"
            and jax.dtypes.canonicalize_dtype(np.float64) == np.float64)


def divide(x, y, dtype=None):
    """``x / y`` in ``dtype`` (default: their result type), correctly rounded."""
    dtype = np.dtype(dtype or jnp.result_type(x, y))
    x, y = jnp.asarray(x, dtype), jnp.asarray(y, dtype)
    shape = jnp.broadcast_shapes(x.shape, y.shape)
    if y.shape == shape and y.ndim:
        return jnp.true_divide(x, y)  # not a broadcast: XLA divides (a 0-d divisor can be a
        # constant, which XLA turns into a multiplication by its reciprocal)
    if jnp.issubdtype(dtype, jnp.floating) and dtype.itemsize <= 4 and wide_on_cpu():
        return jnp.true_divide(x.astype(_F64), y.astype(_F64)).astype(dtype)
    return jnp.true_divide(x, jax.lax.optimization_barrier(jnp.broadcast_to(y, shape)))


def _count(x, axis) -> int:
    if axis is None:
        return x.size
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    return int(np.prod([x.shape[a] for a in axes], dtype=np.int64))


def _averaged(values, x, axis, keepdims, count):
    """``sum(values over axis) / count`` in ``x``'s dtype (a 16-bit ``x`` sums in float32,
    as ``jnp.mean`` does), divided exactly."""
    acc = np.float32 if np.dtype(x.dtype).itemsize < 4 else None
    total = jnp.sum(values, axis=axis, keepdims=keepdims, dtype=acc)
    return divide(total, count).astype(x.dtype)


def mean(x, axis=None, keepdims=False):
    """``jnp.mean`` of a floating ``x`` with the sum divided exactly by the count; other
    dtypes are ``jnp.mean``'s."""
    if not jnp.issubdtype(x.dtype, jnp.floating):
        return jnp.mean(x, axis=axis, keepdims=keepdims)
    return _averaged(x, x, axis, keepdims, max(1, _count(x, axis)))


def var(x, axis=None, keepdims=False, ddof=0):
    """``jnp.var``: the mean squared deviation from ``mean``, divided exactly."""
    if not jnp.issubdtype(x.dtype, jnp.floating):
        return jnp.var(x, axis=axis, keepdims=keepdims, ddof=ddof)
    centred = x - mean(x, axis, keepdims=True)
    return _averaged(centred * centred, x, axis, keepdims, max(0, _count(x, axis) - ddof))
