"""ops.MultitypeFuncGraph / HyperMap / Map / partial / constexpr / Print, as custom
optimizer and gradient-clipping code uses them."""
import contextlib
import io

import numpy as np

from ._registry import case


def _add(ms):
    add = ms.ops.MultitypeFuncGraph("add")

    @add.register("Number", "Number")
    def _nn(x, y):
        return x + y

    @add.register("Tensor", "Tensor")
    def _tt(x, y):
        return ms.ops.mul(x, y)

    @add.register("Tensor", "Number")
    def _tn(x, y):
        return x - y
    return add


@case(modes=("PYNATIVE",))
def multitype_dispatch(ms):
    add = _add(ms)
    T = ms.Tensor
    return (add(1, 2), add(T([1.0, 2.0]), T([3.0, 4.0])), add(T([1.0]), 5),
            ms.ops.partial(add, 10)(5), ms.ops.constexpr(lambda x: x + 1)(2))


@case(modes=("PYNATIVE",))
def hypermap(ms):
    add = _add(ms)
    T = ms.Tensor
    return (ms.ops.HyperMap()(add, (1, T([2.0])), (2, T([3.0]))),
            ms.ops.HyperMap(add)((T([1.0]), T([2.0])), (T([3.0]), T([4.0]))),
            ms.ops.Map()(add, (1, 2), (3, 4)))


@case(modes=("PYNATIVE",))
def multitype_no_match(ms):
    return _add(ms)("a", "b")


@case(modes=("PYNATIVE",))
def print_primitive(ms):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        ms.ops.Print()("hello", ms.Tensor(np.array([1.0, 2.5], np.float32)), 3)
    return out.getvalue()


@case()
def hypermap_in_a_cell(ms):
    add = _add(ms)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.hyper_map = ms.ops.HyperMap()

        def construct(self, x, y):
            return self.hyper_map(add, (x, y), (y, x))
    T = ms.Tensor
    x, y = T(np.array([1.0, 2.0], np.float32)), T(np.array([3.0, 0.5], np.float32))
    return Net()(x, y)
