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
