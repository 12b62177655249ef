"""Correctly rounded division where XLA would multiply by a reciprocal.

XLA's algebraic simplifier rewrites a division by a broadcast operand (a scalar, a count,
a column) as a multiplication by its reciprocal, which is one ulp off in about a third of
the cases (float32 ``10 / 6`` gives 1.6666667; the quotient rounds to 1.6666666).
MindSpore's kernels divide, so ``x / 6``, ``ops.mean`` and the normalisation layers' means
and variances differ from it in the last bit unless the quotient is computed another way:

The divisor is therefore materialised at the result's shape behind an optimisation
barrier, which XLA does not look through (a division by a full-shape operand is a real
division, correctly rounded; Float16 and BFloat16 divided in float32 and rounded again stay
correctly rounded, float32 having more than twice their precision plus two bits). Dividing
in float64 instead is as exact but made a training step with a normalisation layer 1.5
times slower (the float64 quotient and its converts in the backward pass).

The quotient differentiates by MindSpore's bprops, ``d x = dout / y`` and ``d y = -dout *
(out / y)`` for ``Div`` (``/``, ``ops.div``), ``-(dout / y) * out`` for ``RealDiv``
(``ops.tensor_div``, ``mindspore.numpy.divide``), quotients correctly rounded (JAX's
derivative, ``-dout * x * y**-2``, differs in the last bit of about half the values of
``d y``).

Example:
    >>> import jax.numpy as jnp
    >>> float(divide(jnp.float32(10), 6))
    1.6666666269302368
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from . import jaxconfig
from .linear_rounding import linear_rounded


def wide_on_cpu() -> bool:
    """On the CPU backend with float64 enabled (mscompat's own calls enable it): where the
    exact divisions and MindSpore's CPU kernels are computed with float64 steps."""
    return (jaxconfig.platform() == "cpu"
            and jax.dtypes.canonicalize_dtype(np.float64) == np.float64)


def _divisor(y, shape):
    """``y`` as a divisor of a quotient of ``shape`` that XLA divides by (module docstring):
    itself at that shape, else broadcast behind a barrier."""
    if y.shape == shape and y.ndim:
        return y  # not a broadcast: XLA divides (a 0-d divisor can be a constant, which XLA
        # turns into a multiplication by its reciprocal)
    return jax.lax.optimization_barrier(jnp.broadcast_to(y, shape))


def _quotient(x, y, shape):
    """``x / y`` at ``shape``, correctly rounded."""
    return jnp.true_divide(x, _divisor(y, shape))


@functools.partial(jax.custom_jvp, nondiff_argnums=(2, 3))
def _divided(x, y, primitive, kernel_zero=False):
    q = _quotient(x, y, jnp.broadcast_shapes(x.shape, y.shape))
    return by_zero(x, y, q) if kernel_zero else q


def over_zero(t, y):
    """``t / y`` as a tangent, where a zero ``y`` of either sign gives the Div kernel's
    ``sign(t) * inf`` (NaN for a zero ``t``): the divisor's zero taken as +0 (a division,
    so linear in ``t`` and transposed as one)."""
    return t / jnp.where(y == 0, jnp.zeros_like(y), y)


@_divided.defjvp
def _divided_jvp(primitive, kernel_zero, primals, tangents):
    # MindSpore's bprops: d x = dout / y for both; d y = -dout * (out / y) for Div (``/``,
    # ops.div) and -(dout / y) * out for RealDiv (ops.tensor_div, mindspore.numpy), each
    # quotient correctly rounded and the product stored (JAX's rule, -dout * x * y**-2,
    # differs in the last bit of about half the values); written as JVPs whose transposes
    # are those (a transpose applies the steps in the opposite order)
    from .reductions import rows  # (a row's gradient summed in MindSpore's order)
    (x, y), (dx, dy) = primals, tangents
    shape = jnp.broadcast_shapes(x.shape, y.shape)
    divisor = _divisor(y, shape)
    out = x / divisor
    # with ``kernel_zero`` the bprops divide with the Div/RealDiv kernels too (``by_zero``)
    ratio = by_zero if kernel_zero else (lambda a, b, q: q)
    over = over_zero if kernel_zero else jnp.true_divide
    out = ratio(x, divisor, out)
    dy = linear_rounded(rows(dy, shape))
    if primitive == "RealDiv":
        dy_term = over(-dy * out, divisor)
    else:  # (out behind a barrier: XLA would fold (x / y) / y into x / (y * y))
        barred = jax.lax.optimization_barrier(out)
        dy_term = dy * -ratio(barred, divisor, barred / divisor)
    return out, over(rows(dx, shape), divisor) + dy_term


def divide(x, y, dtype=None, primitive="Div", kernel_zero=False):
    """``x / y`` in ``dtype`` (default: their result type), correctly rounded; a real
    quotient differentiates by the bprop of MindSpore's ``primitive`` (``"Div"`` or
    ``"RealDiv"``). ``kernel_zero``: a zero divisor gives what MindSpore's Div/RealDiv
    kernels give (``by_zero``)."""
    dtype = np.dtype(dtype or jnp.result_type(x, y))
    x, y = jnp.asarray(x, dtype), jnp.asarray(y, dtype)
    traced = isinstance(x, jax.core.Tracer) or isinstance(y, jax.core.Tracer)
    if traced and jnp.issubdtype(dtype, jnp.floating):
        # (eagerly a custom_jvp call only costs time)
        return _divided(x, y, primitive, kernel_zero)
    if kernel_zero and jnp.issubdtype(dtype, jnp.floating):
        return _kernel_quotient(x, y)  # (one compiled program, not five eager ops)
    return _quotient(x, y, jnp.broadcast_shapes(x.shape, y.shape))


@jax.jit
def _kernel_quotient(x, y):
    return by_zero(x, y, _quotient(x, y, jnp.broadcast_shapes(x.shape, y.shape)))


def by_zero(x, y, q):
    """The quotient ``q = x / y`` as MindSpore's Div/RealDiv kernels give it by a zero
    divisor of either sign: NaN for 0 / 0, +inf for a positive ``x``, -inf otherwise (a NaN
    ``x`` too); the divisor's sign is not used (IEEE: 1 / -0 is -inf). Values only: under a
    transform the quotient is ``_divided``'s, whose derivative rule says so too."""
    inf = jnp.asarray(np.inf, q.dtype)
    kernel = jnp.where(x == 0, jnp.asarray(np.nan, q.dtype), jnp.where(x > 0, inf, -inf))
    return jnp.where(y == 0, kernel, q)


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
    return _averaged(x, x, axis, keepdims, _count(x, axis))  # (over nothing: 0 / 0, NaN)


def var(x, axis=None, keepdims=False, ddof=0):
    """``jnp.var``: the mean squared deviation from ``mean``, divided exactly."""
    if not jnp.issubdtype(x.dtype, jnp.floating):
        return jnp.var(x, axis=axis, keepdims=keepdims, ddof=ddof)
    centred = x - mean(x, axis, keepdims=True)
    return _averaged(centred * centred, x, axis, keepdims, max(0, _count(x, axis) - ddof))
