"""What MindSpore's kernels do inside their reductions, found by random sweeps: ``ops.var``
squares ``ReduceStd`` (NaN gradients on a constant row, unlike ``Tensor.var``), Float16
deviations are computed in float32, ``L2NormalizeGrad`` counts the element of a length-1
axis twice, and ``Renorm``'s scale differentiates without overflowing in Float16."""
import numpy as np

from ._registry import case


def _rows(dtype, seed=0):
    x = np.random.RandomState(seed).randn(4, 5).astype(dtype)
    x[1] = 2.0
    x[3] = 0.0
    return x


def _grad_sum(ms, f):
    def total(v):
        return f(v).sum()
    return ms.grad(total)


def _var(ms, ddof):
    def f(v):
        return ms.ops.var(v, 1, ddof)
    return f


def _std(ms, ddof):
    def f(v):
        return ms.ops.std(v, 1, ddof)
    return f


def _var_method(v):
    return v.var(1)


def _var_mean(ms):
    def f(v):
        return ms.ops.var_mean(v, 1)[0]
    return f


@case()
def var_squares_reduce_std(ms):
    x = ms.Tensor(_rows(np.float32))
    out = []
    for ddof in (0, 1, 2, True):
        f = _var(ms, ddof)
        out.append((f(x), _grad_sum(ms, f)(x)))
    out.append((_var_method(x), _grad_sum(ms, _var_method)(x)))
    out.append((ms.ops.var_mean(x, 1), _grad_sum(ms, _var_mean(ms))(x)))
    return out


@case(rtol=2e-3, atol=1e-3)
def float16_deviation_in_float32(ms):
    out = []
    for scale in (1e-3, 1.0):
        x = ms.Tensor((np.random.RandomState(1).randn(3, 4) * scale).astype(np.float16))
        for ddof in (0, 1):
            for f in (_std(ms, ddof), _var(ms, ddof)):
                out.append((f(x), _grad_sum(ms, f)(x)))
    return out


def _l2(ms, axis, eps, dy):
    def f(v):
        return ms.ops.L2Normalize(axis=axis, epsilon=eps)(v) * dy
    return f


@case()
def l2_normalize_length_one_axis(ms):
    rs = np.random.RandomState(2)
    out = []
    for shape, axis in (((3,), 0), ((3, 1), 1), ((1, 4), 0), ((2, 1, 3), 1), ((1,), 0),
                        ((2, 3), 1)):
        for eps in (1e-4, 1e-12):
            for scale in (1.0, 1e-3):
                x = ms.Tensor((rs.randn(*shape) * scale).astype(np.float32))
                dy = ms.Tensor(rs.randn(*shape).astype(np.float32))
                f = _l2(ms, axis, eps, dy)
                out.append((f(x), _grad_sum(ms, f)(x)))
    return out


def _renorm(ms, dy):
    def f(v):
        return ms.ops.renorm(v, 2, 0, 0.001) * dy
    return f


@case(rtol=2e-3, atol=1e-4)
def renorm_float16_small_norms(ms):
    rs = np.random.RandomState(3)
    out = []
    for scale in (1e-3, 1e-2):
        x = ms.Tensor((rs.randn(3, 2) * scale).astype(np.float16))
        dy = ms.Tensor(rs.randn(3, 2).astype(np.float16))
        f = _renorm(ms, dy)
        out.append((f(x), _grad_sum(ms, f)(x)))
    return out


def _reduce_std(ms, kw):
    def f(v):
        return ms.ops.ReduceStd(**kw)(v)[0]
    return f


@case(rtol=1e-6, atol=1e-7)
def reduce_std_primitive(ms):
    x = ms.Tensor(np.array([[1.0, 2.0, 4.0], [3.0, 3.0, 3.0]], np.float32))
    out = []
    for kw in ({}, {"axis": 1}, {"axis": (0, 1), "unbiased": False},
               {"axis": 0, "keep_dims": True}, {"axis": [1]}, {"axis": -1, "unbiased": False}):
        f = _reduce_std(ms, kw)
        out.append((ms.ops.ReduceStd(**kw)(x), _grad_sum(ms, f)(x)))
    return out


@case()
def reduce_std_bad_input(ms):
    x = ms.Tensor(np.array([[1.0, 2.0, 4.0]], np.float32))
    return ms.ops.ReduceStd(axis=3)(x)
