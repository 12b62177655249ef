"""Gradients through gathers with negative indices as MindSpore's Gather bprop gives them:
its UnsortedSegmentSum drops negative segment ids, so ``ops.gather(x, Tensor([1, -1]),
axis)`` (both modes) and, in PYNATIVE_MODE, ``x[Tensor([1, -1])]`` (a Tensor index of any
rank; GRAPH_MODE normalises it first) pass no gradient through the negative positions (the
forward values are NumPy's); a Python list index, two Tensor indices and a Tensor index
after a slice keep it."""
import numpy as np

from ._registry import case

_X = np.arange(12, dtype=np.float32).reshape(4, 3)


def _grad(ms, f):
    x = ms.Tensor(_X)
    w = ms.Tensor(np.random.RandomState(0).uniform(0.5, 2.0, f(x).shape).astype(np.float32))

    def weighted(t):
        return (f(t) * w).sum()
    return f(x), ms.grad(weighted)(x)


def _i32(*v):
    return np.array(v, np.int32)


@case()
def tensor_index_negative(ms):
    def f(t):
        return t[ms.Tensor(_i32(1, -1, -4))]
    return _grad(ms, f)


@case()
def tensor_index_2d_int64(ms):
    def f(t):
        return t[ms.Tensor(np.array([[1, -2]], np.int64))]
    return _grad(ms, f)


@case()
def gather_negative_axis0(ms):
    def f(t):
        return ms.ops.gather(t, ms.Tensor(_i32(1, -1)), 0)
    return _grad(ms, f)


@case()
def gather_negative_axis1(ms):
    def f(t):
        return ms.ops.gather(t, ms.Tensor(_i32(0, -1)), 1)
    return _grad(ms, f)


@case()
def list_index_negative(ms):
    def f(t):
        return t[[1, -1]]
    return _grad(ms, f)


@case(modes=("PYNATIVE",))  # (GRAPH_MODE: RuntimeError from its ScatterNd bprop)
def pair_indices_negative(ms):
    def f(t):
        return t[ms.Tensor(_i32(0, -1)), ms.Tensor(_i32(-1, 2))]
    return _grad(ms, f)


@case(modes=("PYNATIVE",))  # (GRAPH_MODE: the same RuntimeError)
def column_index_negative(ms):
    def g(t):
        return t[:, ms.Tensor(_i32(-1, 0))]
    return _grad(ms, g)
