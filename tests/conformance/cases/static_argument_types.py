"""Python arguments equal in Python but not to MindSpore: ``True`` and ``1`` as an index
(``x[True]`` adds an axis, ``x[1]`` takes a row), ``2`` and ``2.0`` as a factor of an Int32
Tensor (Int32 against Float32). A call with one must not reuse the program compiled or
recorded for the other: ``jit``, a Cell, ``grad`` and PYNATIVE indexing, both modes."""
import numpy as np

from ._registry import case

_X = np.arange(6, dtype=np.float32).reshape(2, 3)


def _index(t, k):
    return t[k] * 2


def _squares(t, k):
    return (t[k] * t[k]).sum()


def _times(t, s):
    return t * s


@case()
def jit_index_true_after_one(ms):
    f = ms.jit(_index)
    x = ms.Tensor(_X)
    return f(x, 1), f(x, True)


@case()
def cell_index_true_after_one(ms):
    class C(ms.nn.Cell):
        def construct(self, t, k):
            return t[k] + 0
    c, x = C(), ms.Tensor(_X)
    return c(x, 1), c(x, True)


@case()
def grad_index_true_after_one(ms):
    g, x = ms.grad(_squares), ms.Tensor(_X)
    return g(x, 1), g(x, True)


@case()
def jit_int_tensor_times_int_float_bool(ms):
    f = ms.jit(_times)
    x = ms.Tensor(np.arange(3, dtype=np.int32))
    return f(x, 2), f(x, 2.0), f(x, True)
