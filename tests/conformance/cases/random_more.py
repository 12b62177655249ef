"""The less common random ops and Tensor random methods: signatures, dtypes, shapes and
facts about the values (the draws differ from MindSpore's, docs/divergences.md)."""
import numpy as np

from ._registry import case


def _meta(t):
    return str(t.dtype), tuple(t.shape)


def _each(ms, calls):
    """(dtype, shape) of each call's result, or the exception class name."""
    out = []
    for call in calls:
        try:
            r = call()
            out.append([_meta(t) for t in r] if isinstance(r, tuple) else _meta(r))
        except Exception as e:  # noqa: BLE001 - the class is the recorded fact
            out.append(type(e).__name__)
    return out


@case(modes="PYNATIVE")
def functional_dtypes_and_shapes(ms):
    ops, T = ms.ops, ms.Tensor
    probs = T(np.array([[0.2, 0.8], [0.5, 0.5]], np.float32))
    return _each(ms, [
        lambda: ops.bernoulli(T(np.zeros((2, 3), np.float32)), 0.5),
        lambda: ops.bernoulli(T(np.zeros((4,), np.float16)), p=T(np.full((4,), 0.3,
                                                                          np.float32))),
        lambda: ops.standard_laplace((2, 3)),
        lambda: ops.laplace((3,), T(0.0), T(1.0)),
        lambda: ops.random_gamma(T(np.array([2, 3], np.int32)), T(np.array([1.0, 2.0],
                                                                           np.float32))),
        lambda: ops.random_poisson(T(np.array([5], np.int32)), T(np.array([1.0, 4.0],
                                                                          np.float32))),
        lambda: ops.random_categorical(T(np.log(probs.asnumpy())), 4),
        lambda: ops.random_categorical(T(np.log(probs.asnumpy())), 2, dtype=ms.int32),
    ])


@case(modes="PYNATIVE")
def tensor_method_dtypes_and_shapes(ms):
    T = ms.Tensor
    x = T(np.zeros((2, 3), np.float32))
    return _each(ms, [
        lambda: T(np.array([[0.2, 0.8]], np.float32)).multinomial(3),
        lambda: x.log_normal(),
        lambda: x.cauchy(),
        lambda: T(np.log(np.array([[0.2, 0.8]], np.float32))).random_categorical(3),
    ])


@case(modes="PYNATIVE")
def value_facts(ms):
    ops, T = ms.ops, ms.Tensor
    b = ops.bernoulli(T(np.zeros((400,), np.float32)), 0.25).asnumpy()
    c = ops.random_categorical(T(np.log(np.array([[0.1, 0.9]], np.float32))), 500).asnumpy()
    lap = ops.laplace((4000,), T(1.0), T(2.0)).asnumpy()
    rp = ops.random_poisson(T(np.array([2000], np.int32)), T(np.array([3.0], np.float32)))
    rp = rp.asnumpy()
    return [
        bool(set(np.unique(b).tolist()) <= {0.0, 1.0}), bool(0.1 < b.mean() < 0.4),
        bool(set(np.unique(c).tolist()) <= {0, 1}), bool(c.mean() > 0.8),
        bool(0.7 < float(np.median(lap)) < 1.3),
        bool((rp >= 0).all() and np.all(rp == np.round(rp))), bool(2.5 < rp.mean() < 3.5),
    ]


@case()
def rrelu_slopes_and_checks(ms):
    """``ops.rrelu``/``nn.RReLU``: positive values pass, each negative one is scaled by a slope
    in ``[lower, upper]`` (random in every mode; exact when ``lower == upper``), the
    gradient is that slope; the argument checks."""
    nn, ops, T = ms.nn, ms.ops, ms.Tensor
    x = T(np.array([[-1.0, 4.0, 0.0], [2.0, -3.0, -0.5]], np.float32))
    y = nn.RReLU()(x).asnumpy()
    xs = x.asnumpy()
    slopes = y[xs < 0] / xs[xs < 0]
    out = [bool((y[xs >= 0] == xs[xs >= 0]).all()),
           bool(((slopes >= 1 / 8) & (slopes <= 1 / 3)).all()),
           ops.rrelu(x, 0.2, 0.2), ops.rrelu(x.astype(ms.float16), 0.2, 0.2)]

    def f(t):
        return ops.rrelu(t, 0.25, 0.25).sum()

    out.append(ms.grad(f)(x))
    return out


@case(modes=("PYNATIVE",))
def rrelu_argument_errors(ms):
    nn, ops = ms.nn, ms.ops
    x = ms.Tensor(np.array([-1.0, 2.0], np.float32))
    out = []
    for f in (lambda: nn.RReLU(lower=0.5, upper=0.1), lambda: nn.RReLU(lower="a"),
              lambda: ops.rrelu(x, 0.5, 0.1), lambda: ops.rrelu(x, "a"),
              lambda: ops.rrelu([1.0])):
        try:
            f()
            out.append("ok")
        except (TypeError, ValueError) as e:
            out.append((type(e).__name__, str(e)))
    return out
