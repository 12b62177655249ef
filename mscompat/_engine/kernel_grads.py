"""MindSpore 2.10's CPU gradient kernels of the float32 elementwise ops, in their rounding.

MindSpore differentiates ``Sqrt`` by its ``SqrtGrad`` kernel, ``Asin`` by ``AsinGrad``...:
the formulas are the mathematics, but each kernel has its own order of float32 roundings
(``dout * 0.5 / out`` for ``sqrt`` where JAX computes ``dout * (0.5 / out)``), and the
functions it calls are libm's float ones (``cosf``, correctly rounded; ``coshf`` and
``sinhf``, glibc's, not). JAX's rules differed from MindSpore's in the last bit of 5% to
60% of the gradients. A rule here maps ``(x, out, t)`` to the tangent, written so that its
transpose (the backward pass) is MindSpore's formula in MindSpore's order, each product that
feeds an addition rounded first (XLA would fuse it into a multiply-add). The forms were
found against MindSpore's gradients of 512 random inputs per op, every element equal; the
rules apply where the forward values are MindSpore's CPU kernels (float32 on the CPU).

Example:
    >>> import mscompat as ms
    >>> x = ms.Tensor([0.3, 2.0, 7.5])
    >>> print(ms.grad(lambda t: ms.ops.sqrt(t).sum())(x))  # MindSpore's printed values
    [0.9128709  0.35355338 0.18257418]
"""
from __future__ import annotations

import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np

from .exact_div import wide_on_cpu
from .linear_rounding import linear_rounded, rounded

_F32, _F64 = np.float32, np.float64
_ONE, _HALF = _F32(1), _F32(0.5)
_LN2 = _F32(np.log(2.0))
_TWO_OVER_SQRT_PI = _F32(2 / np.sqrt(np.pi))


def libm_kernel(fn):
    """libm's correctly rounded float function: ``fn`` of the arguments in float64, rounded
    once to float32."""
    return lambda *args: fn(*(jnp.asarray(a).astype(_F64) for a in args)).astype(_F32)


_sin, _cos, _sinh, _cosh, _exp, _expm1f = (
    libm_kernel(f) for f in (jnp.sin, jnp.cos, jnp.sinh, jnp.cosh, jnp.exp, jnp.expm1))


def _sinhf(v):
    """glibc's ``sinhf``: ``h (2t - t^2 / (t + 1))`` below 1, ``h (t + t / (t + 1))`` up
    to 22 (``t = expm1(|v|)``, ``h = +-0.5``), ``h exp(|v|)`` beyond, in float32 steps."""
    a, h = jnp.abs(v), jnp.where(v < 0, _F32(-0.5), _HALF)
    t = _expm1f(a)
    small = h * (_F32(2) * t - rounded(t * t) / (t + _ONE))
    mid = h * (t + t / (t + _ONE))
    return jnp.where(a < _ONE, small, jnp.where(a < 22, mid, h * _exp(a)))


def _coshf(v):
    """glibc's ``coshf``: ``1 + t^2 / (2 (1 + t))`` below ln(2) / 2 (``t = expm1(|v|)``),
    ``0.5 e + 0.5 / e`` (``e = exp(|v|)``) above, in float32 steps."""
    a = jnp.abs(v)
    t = _expm1f(a)
    w = _ONE + t
    small = _ONE + rounded(t * t) / (w + w)
    e = _exp(a)
    big = rounded(_HALF * e) + _HALF / e
    return jnp.where(a < _F32(0.5 * np.log(2.0)), small, jnp.where(a < 89, big, _cosh(a)))


def _square_of_x(x):
    return rounded(x * x)


def _root(x):
    # a square root as the kernel stores it (XLA would turn t / sqrt(y) into t * rsqrt(y))
    return jax.lax.optimization_barrier(jnp.sqrt(x))


def _exp_kernel(x):
    from .cpu_math import _exp_kernel  # (cpu_math builds its libm ops on this module)
    return _exp_kernel(x)


# (x, out, t) -> tangent; its transpose is MindSpore's gradient kernel
RULES = {
    "Sin": lambda x, out, t: t * _cos(x),
    "Cos": lambda x, out, t: t * -_sin(x),
    "Tan": lambda x, out, t: t * (_ONE + rounded(out * out)),
    "Sinh": lambda x, out, t: t * _cosh(x),
    "Cosh": lambda x, out, t: t * _sinh(x),
    "Asin": lambda x, out, t: t / _root(_ONE - _square_of_x(x)),
    "ACos": lambda x, out, t: -(t / _root(_ONE - _square_of_x(x))),
    "Atan": lambda x, out, t: t / (_ONE + _square_of_x(x)),
    "Atanh": lambda x, out, t: t / (_ONE - _square_of_x(x)),
    "Asinh": lambda x, out, t: t / _coshf(out),
    "Acosh": lambda x, out, t: t / _sinhf(out),
    "Sqrt": lambda x, out, t: (t * _HALF) / jax.lax.optimization_barrier(out),
    "Rsqrt": lambda x, out, t: t * (((out * out) * out) * _F32(-0.5)),
    "Reciprocal": lambda x, out, t: t * -(out * out),
    "Expm1": lambda x, out, t: t * (out + _ONE),
    "Exp2": lambda x, out, t: t * (out * _LN2),
    "Erf": lambda x, out, t: t * (_TWO_OVER_SQRT_PI * _exp_kernel(-(x * x))),
    "Erfc": lambda x, out, t: t * (-_TWO_OVER_SQRT_PI * _exp_kernel(-(x * x))),
    "Softsign": lambda x, out, t: t * (_ONE / jnp.square(_ONE + jnp.abs(x))),
    "Softplus": lambda x, out, t: t / (_ONE + _exp_kernel(-x)),
    # (float32 Tanh has its fused kernel in cpu_math; this is the Float16 rule's)
    "Tanh": lambda x, out, t: t * (_ONE - out * out),
    # (alpha 1; EluGrad tests x <= 0: a NaN passes dout)
    "Elu": lambda x, out, t: t * jnp.where(x <= 0, out + _ONE, _ONE),
}


def _atan2_tangent(x, y, out, tx, ty):
    # Atan2's bprop: tmp = dout / (x^2 + y^2), dx = tmp * y, dy = tmp * -x (transposed: the
    # quotient first, then the product, stored)
    shape = out.shape
    den = rounded(x * x) + rounded(y * y)
    tx, ty = (linear_rounded(jnp.broadcast_to(t, shape)) for t in (tx, ty))
    return (tx * y) / den + (ty * -x) / den


# (x, y, out, tx, ty) -> tangent, for the binary ops
BINARY_RULES = {"Atan2": _atan2_tangent}


# Float16. The gradient kernels of these compute in float32 from the Float16 values and
# round once (``x``, ``out`` and ``dout`` widened, ``RULES`` applied, the result rounded)...
HALF_ONCE = {"Sqrt", "Asinh", "Acosh", "Tanh", "Elu"}
_H = np.float16
# ...these are composed of Float16 ops, each rounding its result: the rule in Float16 steps
HALF_STEPS = {
    "Rsqrt": lambda x, out, t: t * (((out * out) * out) * _H(-0.5)),
    "Reciprocal": lambda x, out, t: t * -(out * out),
    "Atanh": lambda x, out, t: t / (_H(1) - x * x),
    "Exp2": lambda x, out, t: t * (out * _H(np.log(2.0))),
    "Softsign": lambda x, out, t: t * (_H(1) / jnp.square(_H(1) + jnp.abs(x))),
    "Expm1": lambda x, out, t: t * (out + _H(1)),
}


def with_half_rule(fn, name):
    """``fn`` on Float16 differentiated as MindSpore's kernel ``name`` differentiates
    Float16 (``HALF_ONCE``, ``HALF_STEPS``)."""
    custom = jax.custom_jvp(lambda x: fn(x))  # (one argument: fn's defaults stay defaults)

    @custom.defjvp
    def _jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        out = custom(x)
        if name in HALF_STEPS:
            return out, HALF_STEPS[name](x, out, t)
        wide = (x.astype(_F32), out.astype(_F32), linear_rounded(t.astype(_F32)))
        return out, RULES[name](*wide).astype(out.dtype)
    return custom


# In GRAPH_MODE MindSpore computes these Float16 ops and their gradients in float32 (its
# graph casts them), rounding the gradient once: ``f``'s own float32 rule
GRAPH_IN_FLOAT32 = {"Tanh", "Elu"}


def half_rule_applies(name) -> bool:
    from . import context
    return not (name in GRAPH_IN_FLOAT32 and context.graph_mode())


def half_graded(f, name):
    """``f`` (a Float16 op computed in float32 and rounded once) whose one-argument Float16
    calls differentiate by MindSpore's Float16 rule ``name`` (``with_half_rule``)."""
    custom = with_half_rule(f, name)

    @functools.wraps(f)
    def impl(*args, **kwargs):
        if (len(args) == 1 and not kwargs and getattr(args[0], "dtype", None) == _H
                and half_rule_applies(name)):
            return custom(args[0])
        return f(*args, **kwargs)
    return impl


def with_rule(kernel, name):
    """``kernel`` (a float32 function of one or two arguments) differentiated by MindSpore's
    gradient kernel ``RULES[name]`` (``BINARY_RULES[name]``)."""
    custom = jax.custom_jvp(kernel)

    @custom.defjvp
    def _jvp(primals, tangents):
        out = custom(*primals)
        if name in BINARY_RULES:
            return out, BINARY_RULES[name](*primals, out, *tangents).astype(out.dtype)
        (x,), (t,) = primals, tangents
        return out, RULES[name](x, out, linear_rounded(t)).astype(out.dtype)
    return custom


def float32_on_cpu(wide, plain, half=None):
    """``wide`` (one compiled program per call eagerly) when every argument is float32 on
    the CPU backend with float64 enabled; ``half`` (if given) when every argument is
    Float16 there; ``plain`` otherwise."""
    fast = jax.jit(wide)
    half_fast = jax.jit(half) if half is not None else None
    signature = inspect.signature(plain)

    @functools.wraps(plain)
    def impl(*args, **kwargs):
        if kwargs:  # (the plain function's parameter names, as its signature shows them)
            args = signature.bind(*args, **kwargs).args
        arrays = [jnp.asarray(a) for a in args]
        if all(a.dtype == _F32 for a in arrays) and wide_on_cpu():
            return fast(*arrays)
        if half_fast is not None and all(a.dtype == _H for a in arrays) and wide_on_cpu():
            return half_fast(*arrays)
        return plain(*args)
    return impl


def half_kernel(fn, name):
    """``fn`` differentiated by MindSpore's Float16 rule for ``name``, or None where JAX's
    derivative of ``fn`` in Float16 is already MindSpore's."""
    return with_half_rule(fn, name) if name in HALF_ONCE or name in HALF_STEPS else None


def on_cpu_float32(fn, name):
    """``fn`` whose float32 (and Float16) CPU calls differentiate by ``RULES[name]``
    (``with_half_rule``); other dtypes and devices keep ``fn`` and JAX's rule."""
    return float32_on_cpu(with_rule(fn, name), fn, half_kernel(fn, name))


sqrt = on_cpu_float32(jnp.sqrt, "Sqrt")
reciprocal = on_cpu_float32(jnp.reciprocal, "Reciprocal")
