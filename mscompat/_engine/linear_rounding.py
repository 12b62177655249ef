"""A linear identity that stops XLA's multiply-add contraction, in a backward pass too.

MindSpore's kernels store every product before another kernel adds it; XLA fuses a
multiply feeding an addition into one multiply-add (rounded once), so a compiled program's
last bits differ from MindSpore's. ``jnp.where(isnan(x), nan, x)`` stops the contraction
of a value but is not linear in a tangent; ``linear_rounded`` is that select as a JAX
primitive whose JVP and transpose are itself, so it can wrap tangents and cotangents.
"""
from __future__ import annotations

import jax
import jax.extend
import jax.numpy as jnp
from jax.interpreters import ad, batching, mlir


def rounded(x):
    """``x`` as a kernel reads it back from memory: rounded to its dtype. XLA contracts a
    multiply feeding an add or subtract into one fused multiply-add (rounded once), where
    MindSpore's kernels round the stored product first (``1 - beta2_power`` after
    ``beta2_power *= beta2``); a select on the value (NaN kept) stops the contraction.

    Example:
        >>> import jax, numpy as np
        >>> f = np.float32
        >>> one_minus = jax.jit(lambda p: 1 - rounded(p * f(0.999)))
        >>> bool(one_minus(f(0.999)) == f(1) - f(0.999) * f(0.999))
        True
    """
    return jnp.where(jnp.isnan(x), jnp.asarray(jnp.nan, x.dtype), x)


# a linear identity lowered as a select on NaN, which neither XLA nor LLVM looks through
_linear_rounded_p = jax.extend.core.Primitive("mscompat_linear_rounded")
_linear_rounded_p.def_impl(rounded)
_linear_rounded_p.def_abstract_eval(lambda x: jax.core.ShapedArray(x.shape, x.dtype))
mlir.register_lowering(_linear_rounded_p,
                       mlir.lower_fun(rounded, multiple_results=False))
ad.deflinear2(_linear_rounded_p, lambda ct, x: [_linear_rounded_p.bind(ct)])
batching.defvectorized(_linear_rounded_p)


def linear_rounded(t):
    """``t`` as a kernel stores it, in the transposed program too: a linear identity that
    stops XLA's multiply-add contraction. In a JVP, ``linear_rounded(t) * c`` transposes to
    the product ``ct * c`` rounded before whatever adds it (MindSpore's kernels store each
    product; XLA would fuse it into the next addition, and the sum of a gradient's terms
    would differ in the last bit).

    Example:
        >>> import jax, jax.numpy as jnp
        >>> float(jax.grad(lambda t: (linear_rounded(t) * 3.0).sum())(jnp.ones(2))[0])
        3.0
    """
    return _linear_rounded_p.bind(t)


@jax.custom_jvp
def _stored_product(x, y):
    return linear_rounded(x * y)


@_stored_product.defjvp
def _stored_product_jvp(primals, tangents):
    # MindSpore's Mul bprop: dx = dout * y and dy = dout * x, each stored before a broadcast
    # operand's sum (the broadcast comes first here, so that the transpose rounds first)
    from .reductions import rows  # (a row's gradient summed in MindSpore's order)
    (x, y), (tx, ty) = primals, tangents
    shape = jnp.broadcast_shapes(x.shape, y.shape)
    tx, ty = (t if t.shape == shape else rows(t, shape) for t in (tx, ty))
    return _stored_product(x, y), linear_rounded(tx) * y + x * linear_rounded(ty)


def product(x, y):
    """``x * y`` as MindSpore's ``Mul`` kernel computes it inside a compiled function too: the
    product stored, never fused into an addition that follows (XLA contracts ``x * w + b``
    into a multiply-add: a fifth of the values differed in the last bit), and its gradients
    stored the same way. Eagerly (one op at a time, nothing to fuse) and for integers,
    ``jnp.multiply``.

    Example:
        >>> import jax, numpy as np
        >>> x, w, b = np.float32(0.41163054), np.float32(1.0425134), np.float32(-0.12853466)
        >>> bool(jax.jit(lambda x: product(x, w) + b)(x) == x * w + b)
        True
    """
    if not (isinstance(x, jax.core.Tracer) or isinstance(y, jax.core.Tracer)):
        return jnp.multiply(x, y)
    dtype = jnp.result_type(x, y)
    if not jnp.issubdtype(dtype, jnp.floating):
        return jnp.multiply(x, y)
    return _stored_product(jnp.asarray(x, dtype), jnp.asarray(y, dtype))


def kept(t):
    """A tangent that XLA's algebraic simplifier treats as an opaque value, in the transposed
    program too (a reduce-precision to its own format: linear, and a no-op): the cotangent
    arriving at the step before it is not folded into that step (``(a / b) / c`` is not
    rewritten as ``a / (b * c)``). It does not stop LLVM's multiply-add contraction."""
    finfo = jnp.finfo(t.dtype)
    return jax.lax.reduce_precision(t, exponent_bits=finfo.nexp, mantissa_bits=finfo.nmant)
