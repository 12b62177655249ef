"""``mindspore.numpy`` result dtypes and edge values where MindSpore's compositions differ
from NumPy's (``_engine/numpy_dtype_rules.py``): each function on Float16, Float32, Float64,
Int32 and Bool inputs."""
import numpy as np

from ._registry import case

BASE = np.array([[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]])
INPUTS = {"f16": BASE.astype(np.float16), "f32": BASE.astype(np.float32),
          "f64": BASE.astype(np.float64),
          "i32": np.array([[1, -2, 3], [4, 0, 6]], np.int32),
          "b": np.array([[True, False, True], [False, False, True]])}


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


def _over_dtypes(names, skip=()):
    def run(ms):
        mnp = ms.numpy
        return [(name, key, _outcome(lambda n=name, a=arr: getattr(mnp, n)(ms.Tensor(a))))
                for name in names for key, arr in INPUTS.items() if (name, key) not in skip]
    return run


def _named(name, fn, **kwargs):
    fn.__name__ = name
    return case(**kwargs)(fn)


_named("rounding_and_sign", _over_dtypes(("ceil", "trunc", "fix", "sign", "reciprocal")))
_named("statistics", _over_dtypes(
    ("nanstd", "nanvar", "nanmean", "norm", "cov", "corrcoef", "average", "trace", "nansum"),
    skip={("nanmean", "b"), ("nanstd", "b"), ("nanvar", "b")}), rtol=1e-4, atol=1e-5)


@case()
def reciprocal_of_integers(ms):
    mnp = ms.numpy
    return [mnp.reciprocal(ms.Tensor(np.array([1, -1, 2, 0, -3], dt)))
            for dt in (np.int8, np.int32, np.int64)]


@case()
def integer_average(ms):
    mnp, t = ms.numpy, ms.Tensor(np.array([[1, 2], [4, 7]], np.int32))
    w = ms.Tensor(np.array([1, 2], np.int32))
    return [mnp.average(t), mnp.average(t, axis=0), mnp.average(t, axis=1, weights=w),
            mnp.average(t, weights=t)]


@case()
def linspace_and_histogram(ms):
    mnp = ms.numpy
    grid = ms.Tensor(np.array([0.0, 1.0], np.float32)), ms.Tensor(np.array([1.0, 3.0],
                                                                          np.float32))
    data = ms.Tensor(np.array([1, -2, 3, 4, 0, 6], np.int32))
    return [mnp.linspace(-2, 6, 11), mnp.linspace(0.1, 0.7, 7, endpoint=False),
            mnp.linspace(*grid, 4, axis=1), mnp.linspace(1, 2, 4, retstep=True),
            mnp.histogram(data), mnp.histogram(ms.Tensor(BASE.astype(np.float32)), bins=4),
            mnp.histogram_bin_edges(data, bins=3),
            mnp.histogram(ms.Tensor(np.ones(3, np.float32)), bins=2)]


@case()
def shapes_and_booleans(ms):
    mnp = ms.numpy
    vec = ms.Tensor(np.array([0.25, -3.0, 1.5, 2.0], np.float32))
    flags = ms.Tensor(np.array([True, False, True, False, False, True]))
    return [mnp.tril(vec), mnp.triu(vec, 1), mnp.ediff1d(flags),
            mnp.gradient(ms.Tensor(np.array([1, 2, 4], np.int32))),
            mnp.gradient(ms.Tensor(np.array([[1, 2, 4], [2, 5, 9]], np.float16))),
            mnp.unwrap(ms.Tensor(np.array([0.0, 4.0, 8.5], np.float16)))]
