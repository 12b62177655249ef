"""Float32 ``Exp``, ``Sigmoid``, ``Tanh``, ``SiLU``, ``Elu``, ``Softmax`` as MindSpore's CPU does.

MindSpore's CPU build evaluates these with its own approximations (its ``nnacl`` kernels),
not correctly rounded functions, and its numbers differ from the mathematics by up to
3e-6 (exp, sigmoid) and 1e-4 (tanh near +-5) relative:

* ``exp(x)``: ``n = floor(x * log2(e) + 0.5)``, ``r = x - n * 0.693147``, a fifth-order
  Taylor polynomial of ``exp(r)`` by Horner's rule, times ``2**(n - 1)`` (from its exponent
  bits: 0 when ``n = -126``) and then 2; every multiply-add fused (rounded once, as the
  kernel's FMA instructions do);
* ``sigmoid(x) = 1 / (1 + exp(-x))`` with that ``exp``;
* ``silu(x) = x * sigmoid(x)`` and ``elu(x) = exp(x) - 1`` below 0 with that ``exp``;
* ``softmax`` over the last axis: ``e = exp(x - max)`` with that ``exp``, summed as the
  kernel's vector loops add (lane by lane over blocks of 8, the 8 lanes then in order; a
  block of 4 summed in order; the remaining elements), and ``e * (1 / sum)``; other axes
  are JAX's ``softmax``;
* ``softplus(x)`` and ``mish(x)`` (Float16 and Float64 inputs too, computed in float32):
  that ``exp`` of ``x`` clamped to [-87.3365, 88.7228] (NaN to the top), ``e1 = exp + 1``;
  softplus is ``log(e1)`` by its exponent and the series ``2 z (1 + z^2 (1/3 + ... +
  z^2/11))``, ``z = (m - 1) / (m + 1)`` of its mantissa ``m`` (``x`` itself above 88), and
  mish is ``x (e1^2 - 1) / (e1^2 + 1)`` (NaN from ``x = 44.4`` up, where ``e1^2``
  overflows). The vector loops take all but the last ``size % 4`` elements; those go through
  the kernel's scalar loop: ``log1p(exp)`` in double for softplus, ``(x (e1^2 - 1)) /
  (e1^2 + 1)`` for mish;
* ``log(x)``: that series for the mantissa plus the exponent times 0.693147 (-inf at 0,
  NaN below 0; a subnormal is read as its bits, -88.02 for 1e-40); libm's ``logf`` for
  the scalar loop's elements (when MindSpore runs the kernel as two tasks, which it does
  for some inputs from 6 elements up, each task has its own last ``len % 4``: those few
  elements can differ by an ulp);
* ``tanh(x)``: the (7, 6) Pade approximant ``x (135135 + a (17325 + a (378 + a))) /
  (135135 + a (62370 + a (3150 + 28 a)))``, ``a = x * x``, for ``|x| <= 5`` (fused Horner
  steps; it slightly overshoots 1 near 5), and ``+-1`` beyond.

These reproduce the recorded CPU results bit for bit on 4,000 inputs across [-12, 12]. They
apply on mscompat's CPU backend; on GPU/TPU the functions are JAX's, as MindSpore's GPU
kernels are the accurate ones. The gradients are MindSpore's bprops of the output:
``dy * y``, ``dy * (y * (1 - y))``, ``dy * (1 - y * y)`` (the last with ``1 - y * y`` fused),
``dy * s + (dy * x) * (s * (1 - s))`` for SiLU (``s = sigmoid(x)``), ``dy * (y + 1)`` below 0
for Elu, ``dy / (1 + exp(-x))`` for Softplus, and ``(dy - sum(dy * y)) * y`` for Softmax (as
the transposes of JVPs written for that, each product stored before a sum with
``linear_rounding.linear_rounded``; forward-mode derivatives may differ from MindSpore's in the
last bit).
A fused multiply-add is computed exactly in float64 (the float32 product is exact there)
and rounded once.

Example:
    >>> import mscompat as ms
    >>> print(ms.ops.tanh(ms.Tensor([3.0])))  # the Pade value; tanh(3) = 0.9950547...
    [0.9950557]
"""
from __future__ import annotations

import functools

import jax
import jax.extend
import jax.numpy as jnp
import numpy as np

from . import exact_div, kernel_grads, linear_rounding
from .exact_div import divide, wide_on_cpu
from .linear_rounding import rounded as rounded

_F32 = np.float32
_F64 = np.float64
_LOG2E = _F32(1.44269504088896341)
_LN2 = _F32(0.693147)
_TAYLOR = tuple(_F32(c) for c in (1 / 120, 1 / 24, 1 / 6, 0.5, 1.0, 1.0))


def stored(x):
    """``x`` as a kernel stores it, behind a barrier XLA does not look through: a 16-bit
    value rounded to its dtype (XLA keeps 16-bit intermediates in float32 otherwise), a
    product not fused into the next addition, a value not folded away (``1 / sqrt``).
    ``rounded`` stops only the contraction, and keeps fusion: the optimizers' choice."""
    return jax.lax.optimization_barrier(x)


def unfused(fn):
    """``fn`` evaluated as a plain C loop computes it: every floating-point product rounded
    before it is added or subtracted (XLA would contract ``a * b + c`` into a fused
    multiply-add where MindSpore's scalar kernels and its separate ops round ``a * b``), and
    every square root rounded before a division (XLA would turn ``x / sqrt(y)`` into
    ``x * rsqrt(y)``).

    Example:
        >>> import jax, numpy as np
        >>> f = np.float32
        >>> w, g = f(0.48431093), f(-0.85335386)
        >>> step = jax.jit(unfused(lambda w, g: w - f(0.1) * g))
        >>> bool(step(w, g) == w - f(0.1) * g)
        True
    """
    @functools.wraps(fn)
    def run(*args, **static):
        closed, shapes = jax.make_jaxpr(functools.partial(fn, **static),
                                        return_shape=True)(*args)
        out = _eval_unfused(closed.jaxpr, closed.consts, jax.tree.leaves(args))
        return jax.tree.unflatten(jax.tree.structure(shapes), out)
    return run


# products (else contracted into fused multiply-adds) and square roots (else ``x / sqrt(y)``
# becomes ``x * rsqrt(y)``)
_ROUNDED = frozenset({"mul", "sqrt"})


def _eval_unfused(jaxpr, consts, args):
    env = dict(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, args))

    def read(v):
        return v.val if isinstance(v, jax.extend.core.Literal) else env[v]

    for eqn in jaxpr.eqns:
        ins = [read(v) for v in eqn.invars]
        inner = eqn.params.get("jaxpr")
        if eqn.primitive.name in ("pjit", "jit") and inner is not None:
            outs = _eval_unfused(inner.jaxpr, inner.consts, ins)
        elif eqn.primitive.name.startswith("custom_") and (
                called := eqn.params.get("call_jaxpr", eqn.params.get("fun_jaxpr"))):
            # (a custom-derivative call, e.g. a Parameter read back after a write: only its
            # values matter here, and its primitive cannot be bound from params alone)
            outs = _eval_unfused(called.jaxpr, called.consts, ins)
        else:
            outs = eqn.primitive.bind(*ins, **eqn.params)
            outs = outs if eqn.primitive.multiple_results else [outs]
            if eqn.primitive.name in _ROUNDED and jnp.issubdtype(outs[0].dtype, jnp.floating):
                outs = [rounded(outs[0])]
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in jaxpr.outvars]


def fma(a, b, c):
    """``a * b + c`` rounded once to ``c``'s dtype (float32 or narrower: exact in float64)."""
    out = jnp.result_type(c)
    return (jnp.asarray(a, _F64) * jnp.asarray(b, _F64) + jnp.asarray(c, _F64)).astype(out)


def _exp_kernel(x):
    finite = jnp.isfinite(x)
    x0 = jnp.where(finite, x, 0)
    n = jnp.floor(fma(x0, _LOG2E, _F32(0.5)))
    r = fma(-n, _LN2, x0)
    poly = jnp.full_like(x0, _TAYLOR[0])
    for c in _TAYLOR[1:]:
        poly = fma(r, poly, c)
    # 2**(n - 1) built from its exponent bits (0.0 for n = -126), then the product doubled
    k = jnp.clip(n, -126, 128).astype(jnp.int32)
    half = jax.lax.bitcast_convert_type((k + 126) << 23, _F32)
    value = half * poly * _F32(2)
    value = jnp.where(n > 128, jnp.inf, jnp.where(n < -126, 0, value)).astype(_F32)
    return jnp.where(finite, value, jnp.exp(x))  # nan, +-inf as exp has them


_CLAMP_LOW, _CLAMP_HIGH = _F32(-87.3365478515625), _F32(88.72283935546875)
_LOG_SERIES = tuple(_F32(c) for c in (1 / 11, 1 / 9, 1 / 7, 1 / 5, 1 / 3))


def _exp_plus_one(x):
    """``exp(x) + 1`` of the Softplus/Mish kernels: ``x`` clamped first (a NaN to the top),
    the sum rounded once; and the ``exp`` itself."""
    clamped = jnp.where(jnp.isnan(x), _CLAMP_HIGH, jnp.clip(x, _CLAMP_LOW, _CLAMP_HIGH))
    e = _exp_kernel(clamped)
    return (e + _F32(1)).astype(_F32), e


def last_lanes(x, block: int = 4):
    """True for the elements a kernel's scalar loop computes: the last ``size % block`` of
    the flattened array (its vector loops take whole blocks before them: 16, 8 and 4 for
    the activation kernels, 8 for the optimizers')."""
    flat = np.arange(x.size)
    return jnp.asarray((flat >= x.size - x.size % block).reshape(x.shape))



def _log_kernel(a):
    """The vector ``log`` of the Softplus kernel (``a >= 1`` there; 0 gives -inf, inf
    stays, NaN and negatives give NaN)."""
    # (behind a barrier: XLA would turn the bit tests back into float compares, which read
    # subnormal inputs as zeros; the kernel reads their bits)
    bits = jax.lax.optimization_barrier(jax.lax.bitcast_convert_type(a, jnp.int32))
    m = jax.lax.bitcast_convert_type((bits & ~0x7F800000) | 0x3F800000, _F32)
    k = (((bits & 0x7F800000) >> 23) - 127).astype(_F32)
    z = (m - _F32(1)) / (m + _F32(1))
    z2 = z * z
    series = jnp.full_like(z2, _LOG_SERIES[0])
    for c in _LOG_SERIES[1:]:
        series = fma(z2, series, c)
    out = fma(z * fma(z2, series, _F32(1)), _F32(2), k * _LN2)
    magnitude = bits & 0x7FFFFFFF  # (every test on the bits)
    zero, nan = magnitude == 0, magnitude > 0x7F800000
    out = jnp.where(zero, -jnp.inf, jnp.where(bits == 0x7F800000, jnp.inf, out))
    return jnp.where(nan | ((bits < 0) & ~zero), jnp.nan, out).astype(_F32)


def _log_vector_and_scalar(x):
    """``Log``: the series everywhere but the scalar loop's elements (libm's ``logf``,
    correctly rounded: the float64 logarithm rounded once)."""
    return jnp.where(last_lanes(x), jnp.log(x.astype(_F64)).astype(_F32), _log_kernel(x))


def _softplus_kernel(x):
    e1, e = _exp_plus_one(x)
    tail = jnp.log1p(e.astype(_F64)).astype(_F32)
    out = jnp.where(last_lanes(x), tail, _log_kernel(e1))
    return jnp.where(x > _F32(88), x, out)


_SQRT2 = _F32(1.4142135381698608)


def _gelu_kernel(x, dtype=_F32):
    store = stored if dtype == np.float16 else (lambda v: v)  # (no float32 excess)
    root2 = np.asarray(_SQRT2, dtype).astype(_F64)
    z = (x.astype(_F64) / root2).astype(dtype)  # (divided: XLA would multiply)
    erf = jax.scipy.special.erf(z.astype(_F64)).astype(dtype)
    return store(x * np.asarray(0.5, dtype)) * store(np.asarray(1, dtype) + erf)


_GELU_CUBIC, _ROOT_2_OVER_PI = _F32(0.044715), _F32(0.7978845608028654)


_expm1f = kernel_grads.libm_kernel(jnp.expm1)


def _tanhf(x):
    """libm's ``tanhf``: ``1 - 2 / (expm1(2|x|) + 2)`` from 1 up, ``-expm1(-2|x|) /
    (expm1(-2|x|) + 2)`` below, 1 from 22 (each step in float32, ``expm1`` rounded once)."""
    a = jnp.abs(x)
    up = stored(_expm1f(_F32(2) * a))
    down = stored(_expm1f(_F32(-2) * a))
    z = jnp.where(a >= 1, _F32(1) - _F32(2) / (up + _F32(2)), -down / (down + _F32(2)))
    z = jnp.where(a >= 22, _F32(1), z)
    return jnp.where(x >= 0, z, -z)


def _gelu_tanh_kernel(x):
    """GELU, tanh form: ``((tanhf((0.044715 x x x + x) sqrt(2 / pi)) + 1) x) 0.5``, each
    product rounded (no fused multiply-add)."""
    cubic = stored(stored(stored(_GELU_CUBIC * x) * x) * x)
    inner = stored(cubic + x) * _ROOT_2_OVER_PI
    return ((_tanhf(inner) + _F32(1)) * x) * _F32(0.5)


def _mish_kernel(x):
    e1, _ = _exp_plus_one(x)
    num, den = fma(e1, e1, _F32(-1)), fma(e1, e1, _F32(1))
    return jnp.where(last_lanes(x), (num * x) / den, (num / den) * x)


def _tanh_kernel(x):
    a = x * x
    num = x * fma(a, fma(a, a + _F32(378), _F32(17325)), _F32(135135))
    den = fma(a, fma(a, fma(a, _F32(28), _F32(3150)), _F32(62370)), _F32(135135))
    return jnp.where(jnp.abs(x) <= 5, num / den, jnp.sign(x))


@jax.custom_jvp
def _exp(x):
    return _exp_kernel(x)


@_exp.defjvp
def _exp_jvp(primals, tangents):
    y = _exp(primals[0])
    return y, linear_rounding.linear_rounded(tangents[0]) * y


@jax.custom_jvp
def _sigmoid(x):
    return _F32(1) / (_F32(1) + _exp_kernel(-x))


@_sigmoid.defjvp
def _sigmoid_jvp(primals, tangents):
    y = _sigmoid(primals[0])
    return y, linear_rounding.linear_rounded(tangents[0]) * (y * (_F32(1) - y))


@jax.custom_jvp
def _silu(x):
    return x * _sigmoid(x)


@_silu.defjvp
def _silu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    s = _sigmoid(x)
    # written so that its transpose is the kernel's dy * s + (dy * x) * (s * (1 - s)), each
    # product rounded before the sum (one linear_rounded per term: the transpose of a single
    # one would add the two terms first)
    kept = linear_rounding.linear_rounded
    return x * s, kept(t) * s + (kept(t) * (s * (_F32(1) - s))) * x


@jax.custom_jvp
def _elu(x):
    return jnp.where(x > 0, x, _exp_kernel(jnp.minimum(x, 0)) - _F32(1))


@_elu.defjvp
def _elu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _elu(x)
    # (one product: 0 * inf at +inf; EluGrad's test is x <= 0, so a NaN passes dout)
    return y, jnp.where(x <= 0, y + _F32(1), _F32(1)) * t


def _in_order(terms, total=None):
    for term in terms:
        total = term if total is None else total + term
    return total


def _lanes(e, eights):
    """The 8 lane sums of ``e[..., :eights]``, block after block (a scan past 8 blocks)."""
    if eights <= 64:
        return _in_order(e[..., i:i + 8] for i in range(0, eights, 8))
    blocks = jnp.moveaxis(e[..., :eights].reshape(e.shape[:-1] + (eights // 8, 8)), -2, 0)
    return jax.lax.scan(lambda lanes, block: (lanes + block, None), blocks[0], blocks[1:])[0]


def _lane_sum(e):
    """The last axis summed as the kernel's vector loops add it (kept dims): blocks of 8
    lane by lane, the 8 lanes in order; then one block of 4 (its lanes in order); then the
    rest one by one."""
    width = e.shape[-1]
    eights = width // 8 * 8
    total = None
    if eights:
        lanes = _lanes(e, eights)
        total = _in_order(lanes[..., j:j + 1] for j in range(8))
    rest = eights
    if width - eights >= 4:
        total = _in_order([_in_order(e[..., i:i + 1] for i in range(rest, rest + 4))], total)
        rest += 4
    total = _in_order((e[..., i:i + 1] for i in range(rest, width)), total)
    return jnp.zeros(e.shape[:-1] + (1,), e.dtype) if total is None else total


@jax.custom_jvp
def _softmax_last(x):
    # The kernel's zeros: a row of -inf gives zeros (a fully masked attention row), and an
    # entry whose exponential is 0 stays 0 beside a NaN sum ([inf, 1] gives [nan, 0]).
    m = jnp.max(x, axis=-1, keepdims=True)
    e = _exp_kernel(x - m)
    return jnp.where((e == 0) | (m == -jnp.inf), _F32(0), e * (_F32(1) / _lane_sum(e)))


@_softmax_last.defjvp
def _softmax_last_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _softmax_last(x)
    u = t * y  # so that its transpose is the kernel's (dy - sum(dy * y)) * y
    return y, u - y * jnp.sum(u, axis=-1, keepdims=True)


@jax.custom_jvp
def _tanh(x):
    return _tanh_kernel(x)


@_tanh.defjvp
def _tanh_jvp(primals, tangents):
    y = _tanh(primals[0])
    # the kernel's 1 - y * y, fused
    return y, linear_rounding.linear_rounded(tangents[0]) * fma(-y, y, _F32(1))


def libm(fn, grad=None):
    """``fn`` as MindSpore's float32 CPU kernels compute it when they call libm's float32
    function (``sinf``, ``atan2f``...), which is correctly rounded: ``fn`` in float64,
    rounded once, differentiated by MindSpore's gradient kernel ``kernel_grads.RULES[grad]``
    (JAX's derivative without one); other dtypes, devices, or without float64: ``fn``
    itself.

    Example:
        >>> import mscompat as ms
        >>> print(ms.ops.sin(ms.Tensor([1.0, 2.5, -3.0])))
        [ 0.84147096  0.5984721  -0.14112   ]
    """
    kernel = kernel_grads.libm_kernel(fn)
    return kernel_grads.float32_on_cpu(
        kernel_grads.with_rule(kernel, grad) if grad else _with_math_jvp(kernel, fn), fn,
        kernel_grads.half_kernel(fn, grad) if grad else None)


def _with_math_jvp(kernel, math):
    """``kernel`` (float32) valued, differentiated as the mathematical ``math``."""
    custom = jax.custom_jvp(kernel)
    custom.defjvp(lambda primals, tangents: (custom(*primals),
                                             jax.jvp(math, primals, tangents)[1]))
    return custom


@jax.custom_jvp
def _log(x):
    return _log_vector_and_scalar(x)


@_log.defjvp
def _log_jvp(primals, tangents):
    # LogGrad: dout / x, the incoming cotangent kept as it is (XLA would fold a quotient
    # arriving from log2's division by Log(2) into dout / (Log(2) * x))
    (x,), (t,) = primals, tangents  # (at x = -0 too: the Div kernel, sign(dout) * inf)
    return _log(x), linear_rounding.kept(exact_div.over_zero(t, x))


_softplus = kernel_grads.with_rule(_softplus_kernel, "Softplus")
_mish = _with_math_jvp(_mish_kernel, lambda x: x * jnp.tanh(jax.nn.softplus(x)))
_log_j, _softplus_j, _mish_j = jax.jit(_log), jax.jit(_softplus), jax.jit(_mish)
_gelu_j = jax.jit(_with_math_jvp(lambda x: _gelu_kernel(x),
                                 lambda x: jax.nn.gelu(x, approximate=False)))
_gelu_tanh_j = jax.jit(_with_math_jvp(_gelu_tanh_kernel,
                                      lambda x: jax.nn.gelu(x, approximate=True)))
_gelu_half_j = jax.jit(_with_math_jvp(lambda x: _gelu_kernel(x, np.float16),
                                      lambda x: jax.nn.gelu(x, approximate=False)))


# one compiled program per shape when called eagerly (op by op, each slice of the unrolled
# sums would be a program of its own); inlined under an enclosing jit or transform
_exp_j, _sigmoid_j, _tanh_j, _silu_j, _elu_j, _softmax_last_j = (
    jax.jit(f) for f in (_exp, _sigmoid, _tanh, _silu, _elu, _softmax_last))


def cpu_float32(x) -> bool:
    # the fused steps need float64, which mscompat's own calls enable (jaxconfig)
    return jnp.result_type(x) == jnp.float32 and wide_on_cpu()


def exp(x):
    """``Exp`` (float32 on the CPU: MindSpore's kernel; else ``jnp.exp``)."""
    return _exp_j(x) if cpu_float32(x) else jnp.exp(x)


def sigmoid(x):
    """``Sigmoid`` (float32 on the CPU: MindSpore's kernel; else ``jax.nn.sigmoid``)."""
    return _sigmoid_j(x) if cpu_float32(x) else jax.nn.sigmoid(x)


_tanh_half_j = jax.jit(kernel_grads.with_half_rule(
    lambda x: _tanh_kernel(x.astype(_F32)).astype(x.dtype), "Tanh"))


def tanh(x):
    """``Tanh`` (float32 on the CPU: MindSpore's kernel; Float16 there: that kernel rounded
    to Float16, differentiated by its Float16 rule (GRAPH_MODE: the float32 kernel's);
    else ``jnp.tanh``). The one Float16 Tanh of ``ops``, ``nn``, ``numpy`` and
    ``tanhshrink``."""
    if cpu_float32(x):
        return _tanh_j(x)
    if jnp.result_type(x) == jnp.float16 and wide_on_cpu():
        if kernel_grads.half_rule_applies("Tanh"):
            return _tanh_half_j(x)
        return _tanh_j(x.astype(_F32)).astype(x.dtype)
    return jnp.tanh(x)


def silu(x):
    """``SiLU`` (float32 on the CPU: MindSpore's kernel; else ``jax.nn.silu``)."""
    return _silu_j(x) if cpu_float32(x) else jax.nn.silu(x)


def elu(x, alpha=1.0):
    """``Elu`` (``alpha`` 1 on float32 on the CPU: MindSpore's kernel; else ``expm1``)."""
    if alpha == 1.0 and cpu_float32(x):
        return _elu_j(x)
    return _elu_alpha(x, float(alpha))


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def _elu_alpha(x, alpha):
    return jnp.where(x > 0, x, alpha * jnp.expm1(jnp.minimum(x, 0)))


@_elu_alpha.defjvp
def _elu_alpha_jvp(alpha, primals, tangents):
    (x,), (t,) = primals, tangents
    y = _elu_alpha(x, alpha)
    return y, jnp.where(x <= 0, y + alpha, 1).astype(y.dtype) * t  # (EluGrad: NaN passes)


def _on_cpu_float(x) -> bool:
    """A float input of the kernels that compute in float32 whatever the dtype (Softplus,
    Mish), on the CPU backend (with float64 enabled for the fused steps)."""
    return jnp.result_type(x) in (np.float16, np.float32, np.float64) and wide_on_cpu()


def log(x):
    """``Log`` (float32 on the CPU: MindSpore's kernel, the series of ``softplus`` but in
    its scalar loop's elements; else ``jnp.log``).

    Example:
        >>> import mscompat as ms
        >>> print(ms.ops.log(ms.Tensor([9.0] * 9)))  # ln 9 = 2.1972246 (the scalar loop's)
        [2.1972241 2.1972241 2.1972241 2.1972241 2.1972241 2.1972241 2.1972241
         2.1972241 2.1972246]
    """
    x = jnp.asarray(x)
    if cpu_float32(x):
        return _log_j(x)
    return _log_kept(x) if jnp.issubdtype(x.dtype, jnp.floating) else jnp.log(x)


@jax.custom_jvp
def _log_kept(x):
    return jnp.log(x)


@_log_kept.defjvp
def _log_kept_jvp(primals, tangents):
    # LogGrad's dout / x on the cotangent as it arrives (as ``_log_jvp``)
    (x,), (t,) = primals, tangents
    # (a zero of either sign divides as +0: the Div kernel's dout / -0.0 is +inf for dout > 0)
    return jnp.log(x), linear_rounding.kept(t / jnp.where(x == 0, jnp.zeros_like(x), x))


def softplus(x):
    """``Softplus`` (a float on the CPU: MindSpore's float32 kernel; else JAX's).

    Example:
        >>> import mscompat as ms
        >>> print(ms.ops.softplus(ms.Tensor([0.0, -20.0, 1.0, 2.0])))  # its log: ln 2 = 0.6931472
        [0.693147 0.       1.313261 2.126928]
    """
    x = jnp.asarray(x)
    if _on_cpu_float(x):
        return _softplus_j(x.astype(_F32)).astype(x.dtype)
    return jax.nn.softplus(x)


def gelu(x):
    """GELU, erf form (a float32 on the CPU: MindSpore's ``0.5 x (1 + erff(x / sqrt 2))``,
    each step rounded to float32, libm's ``erff``; a Float16 one the same steps each rounded
    to Float16; else JAX's)."""
    x = jnp.asarray(x)
    if cpu_float32(x):
        return _gelu_j(x)
    if x.dtype == np.float16 and _on_cpu_float(x):
        return _gelu_half_j(x)
    return jax.nn.gelu(x, approximate=False)


def gelu_tanh(x):
    """GELU, tanh form (a float32 on the CPU: MindSpore's kernel, libm's ``tanhf`` as
    glibc computes it, within an ulp of it in about 2% of values; a Float16 one that
    kernel's float32 result rounded; else JAX's)."""
    x = jnp.asarray(x)
    if x.dtype == np.float16 and _on_cpu_float(x):
        return _gelu_tanh_j(x.astype(_F32)).astype(np.float16)
    return _gelu_tanh_j(x) if cpu_float32(x) else jax.nn.gelu(x, approximate=True)


def mish(x):
    """``Mish`` (a float on the CPU: MindSpore's float32 kernel, NaN from 44.4 up; else
    ``x * tanh(softplus(x))``)."""
    x = jnp.asarray(x)
    if _on_cpu_float(x):
        return _mish_j(x.astype(_F32)).astype(x.dtype)
    return x * jnp.tanh(jax.nn.softplus(x))


@jax.custom_jvp
def _softmax_half_last(x):
    e = stored(jnp.exp(stored(x - jnp.max(x, axis=-1, keepdims=True)).astype(_F32))
                .astype(x.dtype))
    total = stored(jnp.sum(e.astype(_F32), axis=-1, keepdims=True).astype(x.dtype))
    return divide(e, total, x.dtype)


@_softmax_half_last.defjvp
def _softmax_half_last_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = _softmax_half_last(x)
    u = t * y
    return y, u - y * jnp.sum(u, axis=-1, keepdims=True)


def softmax(x, axis=-1):
    """``Softmax`` (float32 on the CPU over the last axis: MindSpore's kernel; Float16
    there: ``exp(x - max)`` and its sum each rounded to Float16, then divided; else JAX's)."""
    x = jnp.asarray(x)
    last = isinstance(axis, (int, np.integer)) and int(axis) in (-1, x.ndim - 1) and x.ndim
    if last and cpu_float32(x):
        return _softmax_last_j(x)
    if last and x.dtype == np.float16 and _on_cpu_float(x):
        return _softmax_half_last(x)
    return jax.nn.softmax(x, axis=axis)
