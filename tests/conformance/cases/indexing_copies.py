"""Gradients through indexing, setitem and copies (the recorder must never cut them)."""
import numpy as np

from ._registry import case


def _x(ms):
    return ms.Tensor(np.array([1.0, 2.0, 3.0, 4.0], np.float32))


def _m(ms):
    return ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))


def _grad(ms, f, x):
    return ms.grad(f)(x)


@case()
def index_tensor(ms):
    def f(x):
        return (x[ms.Tensor(np.array([2, 0], np.int32))] * 10).sum()
    return _grad(ms, f, _x(ms))


@case()
def index_tensor_repeated(ms):
    def f(x):
        return (x[ms.Tensor(np.array([1, 1, 3], np.int64))] * x[0]).sum()
    return _grad(ms, f, _x(ms))


@case()
def index_list(ms):
    def f(x):
        return (x[[2, 0]] * 10).sum()
    return _grad(ms, f, _x(ms))


@case()
def index_int(ms):
    def f(x):
        return x[1] * x[-1]
    return _grad(ms, f, _x(ms))


@case()
def index_slice(ms):
    def f(x):
        return (x[1:3] * x[::2]).sum()
    return _grad(ms, f, _x(ms))


@case()
def index_none_ellipsis(ms):
    def f(x):
        return (x[None, ..., 1:] * 2).sum()
    return _grad(ms, f, _m(ms))


@case()
def index_2d_tuple(ms):
    def f(x):
        return (x[1, 1:3] * x[:, 0].sum()).sum()
    return _grad(ms, f, _m(ms))


@case()
def index_2d_tensor_rows(ms):
    def f(x):
        return (x[ms.Tensor(np.array([2, 0], np.int32))] ** 2).sum()
    return _grad(ms, f, _m(ms))


@case()
def index_2d_mixed(ms):
    def f(x):
        return (x[ms.Tensor(np.array([0, 2], np.int32)), 1:] * 3).sum()
    return _grad(ms, f, _m(ms))


@case()
def index_bool_mask(ms):
    def f(x):
        return (x[x > 2.5] * 2).sum()
    return _grad(ms, f, _x(ms))


@case()
def index_value(ms):
    x = _m(ms)
    return x[ms.Tensor(np.array([2, 0], np.int32)), 1:], x[[1, 2]], x[..., -1], x[None, 0]


@case()
def copy_times_self(ms):
    def f(x):
        return (x.copy() * x).sum()
    return _grad(ms, f, _x(ms))


@case()
def setitem_int(ms):
    def f(x):
        y = x * 1
        y[0] = 5.0
        return (y * x).sum()
    return _grad(ms, f, _x(ms))


@case()
def setitem_slice_tensor_value(ms):
    def f(x):
        y = x * 2
        y[1:3] = x[0:2] * 3
        return (y * y).sum()
    return _grad(ms, f, _x(ms))


@case()
def setitem_tensor_index(ms):
    def f(x):
        y = x + 0
        y[ms.Tensor(np.array([0, 3], np.int32))] = x[1]
        return (y * x).sum()
    return _grad(ms, f, _x(ms))


@case()
def kwarg_tensor_clip(ms):
    def f(x):
        return ms.ops.clip(x, min=ms.Tensor(1.5, ms.float32)).sum()
    return _grad(ms, f, _x(ms))


@case()
def inplace_method_chain(ms):
    def f(x):
        y = x.reshape(2, 2).transpose()
        return (y[0] * y[1]).sum()
    return _grad(ms, f, _x(ms))


@case()
def iterate_rows(ms):
    def f(x):
        total = x[0, 0] * 0
        for row in x:
            total = total + (row * row).sum()
        return total
    return _grad(ms, f, _m(ms))
