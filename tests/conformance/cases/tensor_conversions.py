"""Tensor methods found by sweeping every public ``Tensor`` method with its defaults (and
no arguments: a missing shape is a TypeError):
``to_coo``/``to_csr``, ``inv`` of integers (``1 / 0`` is the type's lowest value),
``histc`` of Int32 (counts in Int32), ``cholesky_inverse`` of a non-square matrix."""
import numpy as np

from ._registry import case

DENSE = np.array([[0.5, 0.0, 2.0], [0.0, 0.0, -0.75]], np.float32)


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


def _coo(c):
    return c.indices, c.values, c.shape


def _csr(c):
    return c.indptr, c.indices, c.values, c.shape


@case(modes=("PYNATIVE",))
def to_coo_and_csr(ms):
    t = ms.Tensor(DENSE)
    half = ms.Tensor(DENSE.astype(np.float16))
    ints = ms.Tensor(np.array([[1, 0], [0, 3]], np.int32))
    return [_coo(t.to_coo()), _csr(t.to_csr()), _coo(half.to_coo()), _coo(ints.to_coo()),
            _coo(ms.Tensor(np.zeros((2, 2), np.float32)).to_coo()),
            _csr(ms.Tensor(DENSE.astype(np.float64)).to_csr())]


@case(modes=("PYNATIVE",))
def to_coo_and_csr_refusals(ms):
    return [_outcome(lambda: ms.Tensor(np.array([[1, 0], [0, 3]], np.int32)).to_csr()),
            _outcome(lambda: ms.Tensor(np.ones((2, 2), np.float16)).to_csr()),
            _outcome(lambda: ms.Tensor(np.ones(3, np.float32)).to_coo()),
            _outcome(lambda: ms.Tensor(np.ones((2, 2, 2), np.float32)).to_csr()),
            _outcome(lambda: ms.Tensor(np.zeros((2, 2), np.float32)).to_csr())]


@case()
def integer_inv_and_histc(ms):
    i32 = ms.Tensor(np.array([1, -2, 0, 3, -1], np.int32))
    i64 = ms.Tensor(np.array([0, 2, -1, 1], np.int64))
    counts = ms.Tensor(np.array([[1, 2], [3, 40]], np.int32))
    return [i32.inv(), ms.ops.inv(i64), counts.histc(bins=4, min=0, max=4),
            ms.Tensor(DENSE).histc(bins=3)]


@case(modes=("PYNATIVE",))
def cholesky_inverse_needs_squares(ms):
    return _outcome(lambda: ms.ops.cholesky_inverse(ms.Tensor(np.ones((2, 3), np.float32))))


@case(modes=("PYNATIVE",))
def missing_shape_arguments(ms):
    t = ms.Tensor(np.ones((2, 3), np.float32))
    one = ms.Tensor(np.ones((1,), np.float32))
    return [_outcome(lambda: t.reshape()), _outcome(lambda: one.reshape()),
            _outcome(lambda: t.expand()), _outcome(lambda: t.broadcast_to()),
            type(_outcome(lambda: t.view())).__name__]


@case()
def splits_and_take(ms):
    t = ms.Tensor(np.arange(15, dtype=np.float32).reshape(3, 5))
    ints = ms.Tensor(np.array([[1, -2, 3], [4, 0, 6]], np.int32))
    index = ms.Tensor(np.array([-1, -2, -6, -7, -9, 7, 100], np.int32))
    return [ms.ops.hsplit(t, 2), ms.ops.vsplit(t, 2), t.hsplit(2), ms.ops.hsplit(t, [1, 3]),
            ms.ops.dsplit(ms.Tensor(np.zeros((2, 2, 5), np.float32)), 2),
            ms.ops.vsplit(ms.Tensor(np.arange(5, dtype=np.float32)), 2),
            ints.take(index), ints.take(ms.Tensor(np.array([-1, -4], np.int32)), axis=1),
            ints.take(ms.Tensor(np.array([-1, -7, 7], np.int32)), mode="wrap")]


@case(modes=("PYNATIVE",))
def flatten_ranges(ms):
    t = ms.Tensor(np.zeros((2, 3), np.float32))
    calls = [lambda: t.flatten(2), lambda: t.flatten(-3), lambda: t.flatten(0, 2),
             lambda: t.flatten(1, 0), lambda: ms.ops.flatten(t, start_dim=2),
             lambda: ms.ops.flatten(t, start_dim=1, end_dim=0),
             lambda: t.flatten(1).shape, lambda: ms.ops.flatten(t).shape]
    vectors = [f(ms.Tensor(np.zeros(s, np.float32))).shape for s in ((2,), (), (0, 3))
               for f in (ms.ops.flatten, ms.Tensor.flatten, ms.mint.flatten)]
    return [_outcome(c) for c in calls], vectors


@case()
def extremes_keepdims_over_every_axis(ms):
    """``keepdims=True`` without an axis: MindSpore's max/min/argmax/argmin are 0-d
    (``amax`` keeps the dimensions)."""
    t = ms.Tensor(np.array([[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]], np.float32))
    return [ms.ops.argmin(t, keepdims=True), ms.ops.max(t, keepdims=True),
            ms.ops.min(t, keepdims=True), ms.ops.amax(t, keepdims=True),
            t.amax(keepdims=True), t.max(keepdims=True), t.argmax(keepdims=True),
            t.argmin(keepdims=True), t.min(keepdims=True), t.max(axis=1, keepdims=True),
            t.argmax(axis=1, keepdims=True)]


@case()
def dim_and_keepdim_keywords(ms):
    """MindSpore's Tensor methods take ``dim=``/``keepdim=`` (PyTorch's names) too."""
    t = ms.Tensor(np.array([[0.5, -1.25, 2.0], [3.5, 0.0, -0.75]], np.float32))
    return [t.sum(dim=1), t.cumsum(dim=1), t.argmax(dim=1), t.argmin(dim=1), t.std(dim=1),
            t.unsqueeze(dim=1), t.mean(dim=1, keepdim=True), t.sum(dim=0, keepdim=True),
            t.sort(dim=0), t.all(dim=0), t.argsort(dim=1)]
