"""The result dtype of MindSpore's ``Mul``, ``Div`` and ``fmod`` (the ``*`` and ``/``
operators, ``ops.mul``/``div``/``fmod``/``outer``/``ldexp``, the methods, ``mint``, the
Primitives): a 0-d Tensor beside a Tensor with dimensions of the same kind takes that
Tensor's dtype (``float16[n] * float32[]`` is Float16, computed in Float32 and rounded;
``Add`` and the others promote both: Float32). In ``ops.mul``/``ops.div``/``ops.fmod``/
``ops.ldexp`` and the ``Mul``/``Div`` Primitives a Python number is a 0-d Float32/Int64
Tensor (``ops.mul(float16 0-d, 1.5)`` is Float32), where the operators and ``x.mul`` keep
it weak (Float16). mscompat promoted both operands (Float32 results, a Float32 mixed
precision step) and kept every number weak."""
import numpy as np

from ._registry import case

H = np.array([2.5, -1.25, 3.3], np.float16)
H0 = np.array(2.5, np.float16)
S32 = np.array(1.7, np.float32)
I8 = np.array([2, 3, -7], np.int8)


def _dtypes(values):
    return [str(v.dtype) for v in values]


@case()
def zero_d_beside_dimensions(ms):
    ops, T = ms.ops, ms.Tensor
    x, s, i = T(H), T(S32), T(I8)
    return [x * s, s * x, x / s, ops.mul(x, s), ops.div(s, x), ops.fmod(x, s),
            ops.outer(x, s), x.mul(s), ms.ops.Mul()(x, s), i * T(np.array(300, np.int64)),
            x + s, ops.maximum(x, s), ops.sub(x, s)]


@case()
def python_numbers_in_ops_and_primitives(ms):
    ops, T = ms.ops, ms.Tensor
    x0 = T(H0)
    r = [ops.mul(x0, 1.5), ops.div(x0, 1.5), ops.fmod(x0, 1.5), ops.ldexp(x0, 2),
         ops.Mul()(x0, 1.1), ops.Div()(x0, 1.5), ops.mul(T(np.array(3, np.int8)), 2),
         ops.mul(x0, True), ops.mul(T(H), 1.1)]
    return r, _dtypes(r)


@case()
def python_numbers_weak_in_operators_and_methods(ms):
    T = ms.Tensor
    x0 = T(H0)
    r = [x0 * 1.1, x0 / 1.5, 1.5 * x0, x0.mul(1.5), x0.div(1.5), ms.mint.mul(x0, 1.5),
         ms.ops.add(x0, 1.5)]
    return r, _dtypes(r)


@case()
def mixed_precision_gradients(ms):
    """The gradients of a Float16 Tensor times or divided by a 0-d Float32 Tensor (a scale
    Parameter in a mixed-precision step) and of ``fmod``: MindSpore's bprops, ``dout * x``
    and ``-(dout * out) / y`` by the same promotion, summed to the scale's shape in Float16
    (3000 products of 0.1 sum to 300.0, not 299.93), then cast to Float32."""
    T, ops = ms.Tensor, ms.ops
    x, s = T(H), T(S32)
    many = T(np.full(3000, 0.1, np.float16))
    ramp = T(np.linspace(-1, 2, 3000).astype(np.float16))
    weights = T(np.linspace(0.1, 3, 3000).astype(np.float16))

    def scaled(a, b):
        return (a * b).sum()

    def divided(a, b):
        return (a / b).sum()

    def remainder(a, b):
        return ops.fmod(a, b).sum()

    def many_scaled(b):
        return (many * b).sum()

    def weighted_quotient(b):
        return ((ramp / b) * weights).astype(ms.float32).sum()
    return (ms.grad(scaled, grad_position=(0, 1))(x, s),
            ms.grad(divided, grad_position=(0, 1))(x, s),
            ms.grad(remainder, grad_position=(0, 1))(x, s),
            ms.grad(many_scaled)(T(np.array(1.0, np.float32))),
            ms.grad(weighted_quotient)(s))
