"""MindSpore 2.10's CPU gradient kernels in their own float32 rounding: ``RealDiv``'s bprop
(``dx = dout / y``, ``dy = -dout * (out / y)``, each quotient correctly rounded), ``scalar /
Tensor`` as ``reciprocal() * scalar`` (``ReciprocalGrad``: ``-dout * (out * out)``), and the
elementwise ops' gradient kernels (``SqrtGrad``, ``AsinGrad``, ``SoftplusGrad``, ...:
``kernel_grads``), with each product stored before a sum (``silu``, ``tanhshrink``).
Compared with zero tolerance where every element is reproduced; the cases that also sum a
broadcast operand's gradient (whose order on the last axis of a 2-D Tensor is XLA's) and
glibc's ``sinhf``/``coshf`` inside ``AcoshGrad``/``AsinhGrad`` allow an ulp."""
import numpy as np

from ._registry import case


def _values(shape, seed, low, high):
    return np.random.RandomState(seed).uniform(low, high, shape).astype(np.float32)


def _weighted_grads(ms, fn, args, seed=0):
    """The gradients of ``sum(fn(*args) * w)`` for a random ``w`` (an uneven sensitivity)."""
    out_shape = np.broadcast_shapes(*(a.shape for a in args))
    w = ms.Tensor(_values(out_shape, seed, -2, 2).astype(args[0].dtype))
    positions = tuple(range(len(args)))

    def weighted(*xs):
        return fn(*xs) * w
    return ms.grad(weighted, grad_position=positions)(*(ms.Tensor(a) for a in args))


def _divide(a, b):
    return a / b


@case(rtol=0, atol=0)
def real_div_bprop(ms):
    ops = ms.ops
    x, y = _values((8, 16), 1, -3, 3), _values((8, 16), 2, 0.3, 3)

    def div_op(a, b):
        return ops.div(a, b)

    def method(a, b):
        return a.div(b)
    return [_weighted_grads(ms, _divide, (x, y)), _weighted_grads(ms, div_op, (x, y)),
            _weighted_grads(ms, method, (x, y)),
            _weighted_grads(ms, _divide, (x[:1], y)),
            _weighted_grads(ms, _divide, (x.astype(np.float16), y.astype(np.float16))),
            _weighted_grads(ms, _divide, (x.astype(np.float64), y.astype(np.float64)))]


@case(rtol=2.5e-7, atol=0)
def real_div_bprop_broadcast_divisor(ms):
    x, y = _values((8, 16), 3, -3, 3), _values((8, 16), 4, 0.3, 3)
    return [_weighted_grads(ms, _divide, (x, y[:, :1].copy())),
            _weighted_grads(ms, _divide, (x, y[:1].copy())),
            _weighted_grads(ms, _divide, (x, np.float32(1.7) * np.ones((), np.float32)))]


@case(rtol=0, atol=0)
def scalar_over_tensor(ms):
    y = _values((8, 16), 5, 0.3, 3)

    def three_over(q):
        return 3.0 / q

    def over_three(q):
        return q / 3.0
    return [_weighted_grads(ms, three_over, (y,)), _weighted_grads(ms, over_three, (y,)),
            3.0 / ms.Tensor(y), ms.Tensor(y).reciprocal()]


_RANGES = {"asin": (-0.99, 0.99), "acos": (-0.99, 0.99), "atanh": (-0.99, 0.99),
           "sqrt": (0.01, 10), "rsqrt": (0.01, 10), "reciprocal": (0.1, 5),
           "acosh": (1.01, 10), "log": (0.01, 10), "log2": (0.01, 10), "log10": (0.01, 10)}


def _op_grads(ms, names, seed):
    out = []
    for i, name in enumerate(names):
        low, high = _RANGES.get(name, (-4, 4))
        x = _values((64,), seed + i, low, high)
        out.append(_weighted_grads(ms, getattr(ms.ops, name), (x,), seed=seed + 100 + i))
    return out


@case(rtol=0, atol=0)
def elementwise_gradient_kernels(ms):
    return _op_grads(ms, ["sin", "cos", "tan", "sinh", "cosh", "asin", "acos", "atan",
                          "atanh", "sqrt", "rsqrt", "reciprocal", "expm1", "exp2", "erf",
                          "erfc", "softsign", "hardswish", "hardsigmoid", "logsigmoid", "log",
                          "log2", "log10", "softplus", "silu", "tanhshrink", "tanh",
                          "sigmoid", "exp"], 10)


@case(rtol=2.5e-7, atol=0)
def inverse_hyperbolic_gradient_kernels(ms):
    """``AcoshGrad``/``AsinhGrad`` divide by glibc's ``sinhf``/``coshf`` of the output,
    emulated from their ``expm1`` formulas (an ulp off in a few percent of values)."""
    return _op_grads(ms, ["acosh", "asinh"], 40)


@case(rtol=0, atol=0)
def log_sigmoid_cell_gradient(ms):
    x = _values((64,), 50, -6, 6)
    return _weighted_grads(ms, ms.nn.LogSigmoid(), (x,))


@case(rtol=0, atol=0)
def products_stored_before_sums(ms):
    """``x * w + b`` inside a compiled function: MindSpore's Mul kernel stores the product
    before Add reads it (XLA fused them into one multiply-add: a fifth of the values differed
    in GRAPH_MODE); the gradients of a sum of products likewise."""
    x = ms.Tensor(_values((16, 32), 60, -3, 3))
    w = ms.Tensor(_values((32,), 61, -3, 3))
    b = ms.Tensor(_values((32,), 62, -3, 3))

    class Affine(ms.nn.Cell):
        def construct(self, x, w, b):
            return x * w + b, b - x * w, x * w * x + b * b

    def loss(x, w, b):
        return x * w + b * x
    return [Affine()(x, w, b), _weighted_grads(ms, loss, (x.asnumpy(), w.asnumpy(),
                                                          b.asnumpy()))]


@case(rtol=0, atol=0)
def binary_gradient_kernels(ms):
    """``Atan2``'s bprop (``tmp = dout / (x^2 + y^2)``, ``dx = tmp * y``, ``dy = tmp * -x``),
    ``Square``, ``SquaredDifference`` and ``Hypot`` with their products stored."""
    ops = ms.ops
    x, y = _values((8, 16), 70, -3, 3), _values((8, 16), 71, 0.2, 3)

    def squared_difference(a, b):
        return ops.SquaredDifference()(a, b)
    return [_weighted_grads(ms, ops.atan2, (x, y)), _weighted_grads(ms, ops.atan2, (x, y[:1])),
            _weighted_grads(ms, ops.square, (x,)), _weighted_grads(ms, squared_difference, (x, y)),
            _weighted_grads(ms, ops.hypot, (x, y))]


@case(rtol=0, atol=0)
def row_gradients_summed_in_order(ms):
    """The gradient of a row operand (a bias, a scale) broadcast over a batch: MindSpore's
    ``BiasAddGrad``/``ReduceSum`` add the batch rows in order (XLA's sum differed in 15 of
    16 values of a Dense bias gradient)."""
    nn, ops, T = ms.nn, ms.ops, ms.Tensor
    x = _values((64, 16), 80, -3, 3)
    row = _values((16,), 81, 0.5, 2)
    dense = nn.Dense(16, 8, weight_init=T(_values((8, 16), 82, -1, 1)),
                     bias_init=T(_values((8,), 83, -1, 1)))
    w = T(_values((64, 8), 84, -2, 2))

    def dense_loss(t):
        return dense(t) * w
    grads = ms.grad(dense_loss, None, dense.trainable_params())(T(x))  # (dx: matmul order)

    def plus(a, b):
        return a + b

    def minus(a, b):
        return a - b

    def bias_add(a, b):
        return ops.bias_add(a, b)
    return [grads, _weighted_grads(ms, plus, (x, row)), _weighted_grads(ms, minus, (x, row)),
            _weighted_grads(ms, ops.mul, (x, row)), _weighted_grads(ms, _divide, (x, row)),
            _weighted_grads(ms, bias_add, (x, row))]
