"""Tensor methods and ops (``Tensor.kthvalue``, ``ops.take``, ``ops.swiglu``...) that
MindSpore 2.10's CPU build has no kernel for (so no golden can be recorded), checked against
NumPy references of MindSpore's documented behaviour, in both modes; and the in-place
methods' write into the Tensor (MindSpore documents the write; its CPU build returns the
value without it - docs/divergences.md)."""
import numpy as np
import pytest

import mscompat as ms

RNG = np.random.default_rng(7)
A = RNG.uniform(-2, 2, (3, 4)).astype(np.float32)
B = RNG.uniform(-2, 2, (3, 4)).astype(np.float32)
M = RNG.uniform(-2, 2, (3, 3)).astype(np.float32)
SPD = (M @ M.T + 3 * np.eye(3)).astype(np.float32)
I1 = RNG.integers(-20, 20, (3, 4)).astype(np.int32)
MASK = RNG.uniform(size=(3, 4)) > 0.5
IDX = np.array([0, 2], np.int32)


def _kth(x, k, dim):
    order = np.argsort(x, axis=dim, kind="stable")
    idx = np.take(order, k - 1, axis=dim)
    return np.take_along_axis(x, np.expand_dims(idx, dim), dim).squeeze(dim), idx


def _index_fill(x, dim, idx, v):
    y = x.copy()
    y[(slice(None),) * dim + (idx,)] = v
    return y


def _scatter_add(x, dim, index, src):
    y = x.copy()
    for i in np.ndindex(index.shape):
        j = list(i)
        j[dim] = index[i]
        y[tuple(j)] += src[i]
    return y


def _masked_scatter(x, mask, src):
    y = x.copy()
    y[mask] = src.ravel()[:mask.sum()]
    return y


def _expm(a):
    out, term = np.eye(len(a)), np.eye(len(a))
    for k in range(1, 30):
        term = term @ a / k
        out = out + term
    return out


SCATTER_INDEX = np.array([[0, 1], [2, 0], [3, 3]], np.int64)
SRC = RNG.uniform(-2, 2, (3, 2)).astype(np.float32)

# name -> (mscompat call on Tensors, NumPy reference)
RECORDS = {
    "bitwise_not_int": (lambda t: t(I1).bitwise_not(), lambda: ~I1),
    "bitwise_not_bool": (lambda t: t(MASK).bitwise_not(), lambda: ~MASK),
    "kthvalue": (lambda t: t(A).kthvalue(2), lambda: _kth(A, 2, -1)),
    "kthvalue_dim0": (lambda t: t(A).kthvalue(3, dim=0), lambda: _kth(A, 3, 0)),
    "unique": (lambda t: t(np.array([3, 1, 2, 3, 1], np.int32)).unique(),
               lambda: np.array([1, 2, 3], np.int32)),
    "unique_inverse_counts": (
        lambda t: t(np.array([[3, 1], [2, 3]], np.int32)).unique(return_inverse=True,
                                                                  return_counts=True),
        lambda: (np.array([1, 2, 3], np.int32), np.array([[2, 0], [1, 2]]), np.array([1, 1, 2]))),
    "scatter_add_dim": (lambda t: t(A).scatter_add(1, t(SCATTER_INDEX), t(SRC)),
                        lambda: _scatter_add(A, 1, SCATTER_INDEX, SRC)),
    "cholesky": (lambda t: t(SPD).cholesky(), lambda: np.linalg.cholesky(SPD)),
    "cholesky_upper": (lambda t: ms.ops.cholesky(t(SPD), upper=True),
                       lambda: np.linalg.cholesky(SPD).T),
    "matrix_exp": (lambda t: ms.ops.matrix_exp(t(M * 0.3)), lambda: _expm(M * 0.3)),
    "new_full": (lambda t: t(A).new_full((2, 2), 3), lambda: np.full((2, 2), 3, np.float32)),
    "new_full_dtype": (lambda t: t(A).new_full((3,), 2, dtype=ms.int32),
                       lambda: np.full((3,), 2, np.int32)),
    "new_empty_shape": (lambda t: t(I1).new_empty((2, 5)).shape, lambda: (2, 5)),
    "masked_fill": (lambda t: t(A).masked_fill_(t(MASK), 0.5), lambda: np.where(MASK, 0.5, A)),
    "clamp": (lambda t: t(A).clamp_(-0.5, 0.5), lambda: np.clip(A, -0.5, 0.5)),
    "floor": (lambda t: t(A).floor_(), lambda: np.floor(A)),
    "sigmoid": (lambda t: t(A).sigmoid_(), lambda: 1 / (1 + np.exp(-A))),
    "tanh": (lambda t: t(A).tanh_(), lambda: np.tanh(A)),
    "sign": (lambda t: t(A).sign_(), lambda: np.sign(A)),
    "index_fill_": (lambda t: t(A).index_fill_(1, t(IDX), -1.0),
                    lambda: _index_fill(A, 1, IDX, -1.0)),
    "index_add_": (lambda t: t(A).index_add_(0, t(IDX), t(B[:2]), alpha=2),
                   lambda: A + np.array([2, 0, 2], np.float32)[:, None] * np.stack(
                       [B[0], np.zeros(4, np.float32), B[1]])),
    "scatter_": (lambda t: t(A).scatter_(1, t(SCATTER_INDEX[:, :1]), t(SRC[:, :1])),
                 lambda: _index_scatter(A, SCATTER_INDEX[:, :1], SRC[:, :1])),
    "scatter_add_": (lambda t: t(A).scatter_add_(1, t(SCATTER_INDEX), t(SRC)),
                     lambda: _scatter_add(A, 1, SCATTER_INDEX, SRC)),
    "fill_diagonal_": (lambda t: t(A).fill_diagonal_(7.0),
                       lambda: _fill_diag(A, 7.0)),
    "masked_scatter_": (lambda t: t(A).masked_scatter_(t(MASK), t(B)),
                        lambda: _masked_scatter(A, MASK, B)),
    "index_put_": (lambda t: t(A).index_put_((t(np.array([0, 2])), t(np.array([1, 3]))),
                                             t(np.array([5.0, 6.0], np.float32))),
                   lambda: _put(A, ([0, 2], [1, 3]), [5.0, 6.0])),
    "index_put_accumulate": (lambda t: t(A).index_put((t(np.array([0, 0])), t(np.array([1, 1]))),
                                                      t(np.array([5.0, 6.0], np.float32)),
                                                      accumulate=True),
                             lambda: _put(A, ([0], [1]), [A[0, 1] + 11.0])),
    "addmm_": (lambda t: t(A).addmm_(t(B[:, :2]), t(B[:2]), beta=0.5),
               lambda: 0.5 * A + B[:, :2] @ B[:2]),
    "index_copy_": (lambda t: t(A).index_copy_(1, t(np.array([3, 0])), t(B[:, :2])),
                    lambda: _index_copy(A, B[:, :2])),
    "ops_take": (lambda t: ms.ops.take(t(A), t(np.array([[0, 5], [11, 3]]))),
                 lambda: A.ravel()[[[0, 5], [11, 3]]]),
    "ops_swiglu": (lambda t: ms.ops.swiglu(t(A)),
                   lambda: A[:, :2] / (1 + np.exp(-A[:, :2])) * A[:, 2:]),
    "ops_fills": (lambda t: ms.ops.fills(t(I1), 2.5), lambda: np.full(I1.shape, 2, np.int32)),
    "ops_accumulate_n": (lambda t: ms.ops.accumulate_n([t(A), t(B), t(A)]), lambda: 2 * A + B),
}


def _index_copy(x, src):
    y = x.copy()
    y[:, [3, 0]] = src
    return y


def _index_scatter(x, index, src):
    y = x.copy()
    for i in np.ndindex(index.shape):
        y[i[0], index[i]] = src[i]
    return y


def _fill_diag(x, v):
    y = x.copy()
    np.fill_diagonal(y, v)
    return y


def _put(x, idx, v):
    y = x.copy()
    y[idx] = v
    return y


def _as_numpy(out):
    if isinstance(out, tuple) and out and isinstance(out[0], ms.Tensor):
        return tuple(o.asnumpy() for o in out)
    return out.asnumpy() if isinstance(out, ms.Tensor) else out


@pytest.mark.parametrize("mode", ["PYNATIVE", "GRAPH"])
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_against_numpy(name, mode):
    call, reference = RECORDS[name]
    ms.set_context(mode=getattr(ms, mode + "_MODE"))
    try:
        if mode == "GRAPH":
            out = ms.jit(lambda: call(ms.Tensor))()
        else:
            out = call(ms.Tensor)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    got, want = _as_numpy(out), reference()
    if isinstance(want, tuple) and not isinstance(want[0], int):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("method,args", [
    ("add_", (1.5,)), ("sub_", (0.5,)), ("mul_", (2.0,)), ("div_", (4.0,)),
    ("exp_", ()), ("clamp_", (-1.0, 1.0)), ("masked_fill_", (None, 0.0)),
])
def test_inplace_writes_into_the_tensor_and_returns_it(method, args):
    x = ms.Tensor(A.copy())
    args = tuple(ms.Tensor(MASK) if a is None else a for a in args)
    expected = getattr(ms.Tensor(A.copy()), method.rstrip("_"))(*args).asnumpy()
    out = getattr(x, method)(*args)
    assert out is x
    np.testing.assert_allclose(x.asnumpy(), expected, rtol=1e-6)


def test_inplace_keeps_the_dtype_of_the_tensor():
    # promoting arithmetic: MindSpore returns the Float32 result, the Tensor is unchanged
    x = ms.Tensor(np.array([1, 2], np.int32))
    out = x.mul_(2.5)
    assert out.dtype == ms.float32 and x.dtype == ms.int32
    np.testing.assert_array_equal(out.asnumpy(), [2.5, 5.0])
    np.testing.assert_array_equal(x.asnumpy(), [1, 2])
    # the same dtype: written into the Tensor, which is returned
    assert x.mul_(3) is x
    np.testing.assert_array_equal(x.asnumpy(), [3, 6])


def test_inplace_on_a_parameter_under_grad_is_differentiated():
    w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    def f(x):
        y = x * 1
        y.mul_(3.0)
        return (y * w).sum()
    g = ms.grad(f)(ms.Tensor(np.array([1.0, 1.0], np.float32)))
    np.testing.assert_allclose(g.asnumpy(), [3.0, 6.0])


def test_mT_and_mH():
    x = ms.Tensor(RNG.uniform(size=(2, 3, 4)).astype(np.float32))
    assert x.mT.shape == (2, 4, 3)
    np.testing.assert_array_equal(x.mH.asnumpy(), np.swapaxes(x.asnumpy(), -1, -2))


# Random ops and methods without a MindSpore CPU kernel: dtype, shape, range and mean
# (the draws are mscompat's seeded stream).
RANDOM = {
    "gamma": (lambda: ms.ops.gamma((4000,), ms.Tensor(np.array([2.0], np.float32)),
                                   ms.Tensor(np.array([2.0], np.float32))),
              "Float32", (4000,), 0.0, None, 1.0),
    "poisson": (lambda: ms.ops.poisson((4000,), ms.Tensor(np.array([3.0], np.float32))),
                "Float32", (4000,), 0.0, None, 3.0),
    "uniform": (lambda: ms.Tensor(np.zeros((4000,), np.float32)).uniform(2.0, 3.0),
                "Float32", (4000,), 2.0, 3.0, 2.5),
    "normal_": (lambda: ms.Tensor(np.zeros((4000,), np.float32)).normal_(1.0, 0.5),
                "Float32", (4000,), None, None, 1.0),
    "random_": (lambda: ms.Tensor(np.zeros((4000,), np.int32)).random_(3, 7),
                "Int32", (4000,), 3, 6, 4.5),
    "exponential_": (lambda: ms.Tensor(np.zeros((4000,), np.float32)).exponential_(2.0),
                     "Float32", (4000,), 0.0, None, 0.5),
    "bernoulli": (lambda: ms.Tensor(np.full((4000,), 0.25, np.float32)).bernoulli(),
                  "Float32", (4000,), 0.0, 1.0, 0.25),
    "bernoulli_": (lambda: ms.Tensor(np.zeros((4000,), np.float32)).bernoulli_(0.75),
                   "Float32", (4000,), 0.0, 1.0, 0.75),
}


@pytest.mark.parametrize("name", sorted(RANDOM))
def test_random_without_a_mindspore_cpu_kernel(name):
    draw, dtype, shape, lo, hi, mean = RANDOM[name]
    ms.set_seed(11)
    out = draw()
    values = out.asnumpy()
    assert str(out.dtype) == dtype and tuple(out.shape) == shape
    assert lo is None or values.min() >= lo
    assert hi is None or values.max() <= hi
    assert abs(values.mean() - mean) < 0.1 * max(abs(mean), 1.0)
    ms.set_seed(11)
    np.testing.assert_array_equal(draw().asnumpy(), values)
