"""NaN and infinite inputs where MindSpore 2.10's CPU kernels follow C comparisons instead
of IEEE propagation: max/min reductions and argmax/argmin start from the first element and
compare with ``>``/``<`` (a NaN first wins, a later one never does), cummax/cummin keep a
NaN from where it appears, ReLU is ``x > 0 ? x : 0`` (NaN -> 0), hardtanh is
``minimum(maximum(x, lo), hi)`` (NaN -> lo), Maximum/Minimum's gradient gives both operands
all of it where one is NaN, HSwish/HSigmoid are piecewise (+0 below -3), ``ops.logsigmoid``
is ``log(sigmoid(x))`` and ``nn.LogSigmoid`` ``log(1 / (exp(-x) + 1))`` (-inf once the
sigmoid underflows)."""
import numpy as np

from ._registry import case

NAN, INF = float("nan"), float("inf")


def _rows(ms):
    rows = ([3, NAN, 1, 2], [NAN, 5, NAN, -1], [1, 2, NAN], [2, NAN, NAN, 0, 7, -3],
            [NAN, NAN, NAN], [-INF, NAN, -INF])
    return [ms.Tensor(np.array(r, np.float32)) for r in rows]


@case(modes=("PYNATIVE",))
def reductions_with_nan(ms):
    ops = ms.ops
    out = []
    for x in _rows(ms):
        out.append([ops.max(x)[0], ops.max(x)[1], ops.argmax(x), ops.amax(x), x.max(),
                    ops.ReduceMax()(x), ops.Argmax()(x), ops.ArgMaxWithValue()(x)[1],
                    ops.min(x)[0], ops.argmin(x), ops.amin(x), x.min(), ops.Argmin()(x),
                    ops.cummax(x, 0)[0], ops.cummax(x, 0)[1], ops.cummin(x, 0)[0],
                    ops.cummin(x, 0)[1], x.argmax(), x.argmin()])
    m = np.ones((4, 5), np.float32)
    m[0, 0] = m[2, 3] = m[3, 1] = NAN
    t = ms.Tensor(m)
    out.append([ops.amax(t, 0), ops.amax(t, 1), ops.argmax(t, 0), ops.argmax(t, 1),
                ops.max(t, 0)[0], ops.max(t, 1)[1], ops.amin(t, 1), ops.amax(t, (0, 1)),
                ops.amax(t, 1, keepdims=True), ops.cummax(t, 1)[0], ops.cummin(t, 0)[1]])
    return out


def _points(ms):
    return ms.Tensor(np.array([NAN, -INF, INF, -200.0, -90.0, -4.0, -3.0, -2.5, -1.0, -0.5,
                               0.0, 0.5, 1.0, 2.0, 2.5, 3.0, 4.0, 50.0], np.float32))


@case(rtol=2e-6, atol=1e-7)
def activations_with_nan_and_infinities(ms):
    ops, nn = ms.ops, ms.nn
    x = _points(ms)
    values = [ops.relu(x), nn.ReLU()(x), ops.hardtanh(x), ops.hardtanh(x, -0.5, 0.5),
              nn.Hardtanh(-2.0, 2.0)(x), ops.hardswish(x), nn.HSwish()(x),
              ops.hardsigmoid(x), nn.HSigmoid()(x), ops.logsigmoid(x), nn.LogSigmoid()(x),
              ops.relu(x.astype(ms.float16)), ops.hardtanh(x.astype(ms.float16), -2.0, 2.0),
              ops.maximum(x, 1.0), ops.minimum(1.0, x)]
    def narrow_hardtanh(t):
        return ops.hardtanh(t, -0.5, 0.5)

    def max_one(t):
        return ops.maximum(t, 1.0)

    def min_one(t):
        return ops.minimum(t, 1.0)

    grads = [ms.grad(f)(x) for f in (ops.relu, ops.hardtanh, narrow_hardtanh, ops.hardswish,
                                     ops.hardsigmoid, ops.logsigmoid, nn.LogSigmoid(),
                                     max_one, min_one)]
    return values, grads


@case()
def maximum_minimum_gradients_with_nan(ms):
    ops = ms.ops
    x = ms.Tensor(np.array([NAN, 1, 1, 2, 1, NAN, -INF], np.float32))
    y = ms.Tensor(np.array([1, NAN, 1, 1, 2, NAN, -INF], np.float32))
    dy = ms.Tensor(np.array([1.0, 2.0, -1.0, 0.5, 3.0, -2.0, 1.5], np.float32))
    return [ops.vjp(f, x, y)[1](dy)
            for f in (ops.maximum, ops.minimum)]


@case(rtol=1e-6, atol=1e-7)
def softmax_of_fully_masked_rows(ms):
    """Softmax over the last axis of one row that is all -inf (a fully masked attention
    row): Float32 gives zeros and a zero gradient (MindSpore's kernel), Float16 NaN; beside
    an infinity, an entry whose exponential is 0 stays 0. One row a tensor: MindSpore's
    Float32 kernel also zeroes the rows after a row of -inf (docs/divergences.md)."""
    inf = float("inf")
    out = []
    for row in ([-inf, -inf, -inf], [-inf, 1.0, 2.0], [inf, 1.0, -inf], [0.5, 1.0, 2.0]):
        w = ms.Tensor(np.array([[1.0, 2.0, 4.0]], np.float32))
        for dt in (ms.float32, ms.float16):
            x = ms.Tensor(np.array([row], np.float32)).astype(dt)
            out += [ms.ops.softmax(x, -1), ms.nn.Softmax()(x), ms.ops.Softmax()(x),
                    ms.grad(_weighted_softmax)(x, w.astype(dt))]
    return out


def _weighted_softmax(x, w):
    return (x.softmax(-1) * w).sum()
