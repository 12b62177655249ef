"""The Scatter family that writes its first input (``ops.ScatterAdd`` ... ``ScatterNdMin``):
results, the written Parameter (or Tensor, in place), duplicate indices, integer division,
inside a Cell in both modes, the functional forms, and MindSpore's errors."""
import numpy as np

from ._registry import case

_FIRST = ("ScatterUpdate", "ScatterAdd", "ScatterSub", "ScatterMul", "ScatterDiv",
          "ScatterMax", "ScatterMin")
_ND = ("ScatterNdUpdate", "ScatterNdAdd", "ScatterNdSub", "ScatterNdMul", "ScatterNdDiv",
       "ScatterNdMax", "ScatterNdMin")


def _param(ms, value, name="p"):
    return ms.Parameter(ms.Tensor(np.array(value)), name=name)


def _x():
    return np.arange(1, 13, dtype=np.float32).reshape(4, 3) - 5.5


@case()
def first_axis_rows_every_kind(ms):
    out = []
    for name in _FIRST:
        p = _param(ms, _x())
        dup = name != "ScatterUpdate"
        idx = np.array([[1, 3], [1, 0]] if dup else [[1, 3], [2, 0]], np.int32)
        up = np.linspace(-2.0, 3.0, 12, dtype=np.float32).reshape(2, 2, 3)
        up[up == 0] = 0.25
        r = getattr(ms.ops, name)()(p, ms.Tensor(idx), ms.Tensor(up))
        out.append((r, p.value() * 1))
    return tuple(out)


@case()
def nd_coordinates_every_kind(ms):
    out = []
    for name in _ND:
        p = _param(ms, _x())
        dup = name != "ScatterNdUpdate"
        idx = np.array([[1, 2], [3, 0], [1, 2]] if dup else [[1, 2], [3, 0], [0, 0]], np.int32)
        up = np.array([1.5, -2.0, 4.0], np.float32)
        rows = getattr(ms.ops, name)()(p, ms.Tensor(idx), ms.Tensor(up))
        p2 = _param(ms, _x(), "p2")
        whole = getattr(ms.ops, name)()(p2, ms.Tensor(np.array([[2], [0]], np.int32)),
                                        ms.Tensor(np.full((2, 3), 2.0, np.float32)))
        out.append((rows, p.value() * 1, whole, p2.value() * 1))
    return tuple(out)


@case()
def integer_parameters(ms):
    a = _param(ms, np.array([7, -7, 7, -7, 0, 9], np.int32))
    d = ms.ops.ScatterDiv()(a, ms.Tensor(np.array([0, 1, 2, 3, 5, 5], np.int32)),
                            ms.Tensor(np.array([2, 2, -2, -2, 2, -2], np.int32)))
    b = _param(ms, np.array([1, 2, 3], np.int64), "b")
    s = ms.ops.ScatterAdd()(b, ms.Tensor(np.array([2, 2], np.int64)),
                            ms.Tensor(np.array([10, 20], np.int64)))
    c = _param(ms, np.array([3, 4, 5], np.int32), "c")
    m = ms.ops.ScatterNdMul()(c, ms.Tensor(np.array([[0], [0]], np.int32)),
                              ms.Tensor(np.array([-2, 3], np.int32)))
    return d, a.value() * 1, s, b.value() * 1, m, c.value() * 1


@case(modes=("PYNATIVE",))
def plain_tensor_written_in_place(ms):
    t = ms.Tensor(np.zeros(4, np.float32))
    r = ms.ops.ScatterAdd()(t, ms.Tensor(np.array([0, 0, 3], np.int32)),
                            ms.Tensor(np.array([1.0, 2.0, 5.0], np.float32)))
    return r, t


@case()
def functional_forms(ms):
    out = []
    for fn in ("scatter_update", "scatter_add", "scatter_mul", "scatter_div", "scatter_max",
               "scatter_min"):
        p = _param(ms, _x())
        r = getattr(ms.ops, fn)(p, ms.Tensor(np.array([2, 0], np.int32)),
                                ms.Tensor(np.full((2, 3), -1.5, np.float32)))
        out.append((r, p.value() * 1))
    for fn in ("scatter_nd_update", "scatter_nd_add", "scatter_nd_sub", "scatter_nd_mul",
               "scatter_nd_div", "scatter_nd_max", "scatter_nd_min"):
        p = _param(ms, _x())
        r = getattr(ms.ops, fn)(p, ms.Tensor(np.array([[1, 1], [0, 2]], np.int32)),
                                ms.Tensor(np.array([3.0, -0.5], np.float32)))
        out.append((r, p.value() * 1))
    return tuple(out)


@case()
def inside_a_cell_over_calls(ms):
    class Acc(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.zeros((3, 2), np.float32)), name="w")
            self.add = ms.ops.ScatterAdd()
            self.top = ms.ops.ScatterNdMax()

        def construct(self, i, u):
            self.add(self.w, i, u)
            self.top(self.w, ms.Tensor(np.array([[0, 0]], np.int32)), u[0, :1] * 3)
            return self.w * 2
    net = Acc()
    i = ms.Tensor(np.array([1, 1, 2], np.int32))
    u = ms.Tensor(np.array([[1.0, 2.0], [0.5, -1.0], [4.0, 4.0]], np.float32))
    a = net(i, u)
    b = net(i, u)
    return a, b, net.w.value() * 1


@case(modes=("PYNATIVE",))
def errors(ms):
    out = []
    calls = (
        ("ScatterAdd", np.zeros(3, np.float32), np.array([0], np.int32),
         np.ones(2, np.float32)),
        ("ScatterAdd", np.zeros(3, np.float32), np.array([0.0], np.float32),
         np.ones(1, np.float32)),
        ("ScatterAdd", np.zeros(3, np.float32), np.array([7], np.int32),
         np.ones(1, np.float32)),
        ("ScatterUpdate", np.zeros((2, 2), np.float32), np.array([-1], np.int32),
         np.ones((1, 2), np.float32)),
        ("ScatterNdAdd", np.zeros((2, 2), np.float32), np.array([[0, 5]], np.int32),
         np.ones(1, np.float32)),
        ("ScatterDiv", np.ones(3, np.int32), np.array([1], np.int32), np.zeros(1, np.int32)),
    )
    for name, x, i, u in calls:
        p = _param(ms, x)
        try:
            getattr(ms.ops, name)()(p, ms.Tensor(i), ms.Tensor(u)).asnumpy()
            out.append("no error")
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            out.append(type(e).__name__)
        out.append(p.value() * 1)
    return tuple(out)


@case()
def index_add_values_writes_and_grads(ms):
    idx = ms.Tensor(np.array([2, 0, 2, 1], np.int32))
    y = ms.Tensor(np.linspace(-1, 1, 8, dtype=np.float32).reshape(2, 4))
    p = _param(ms, np.ones((2, 3), np.float32))
    r = ms.ops.IndexAdd(axis=1)(p, idx, y)
    t = ms.Tensor(np.zeros((3, 2), np.float32))
    same = ms.ops.index_add(t, ms.Tensor(np.array([1, 1], np.int32)),
                            ms.Tensor(np.ones((3, 2), np.float32)), -1)

    def f(x, y):
        z = x * 2
        return ms.ops.index_add(z, idx, y, 1) * ms.Tensor(np.arange(6, dtype=np.float32)
                                                          .reshape(2, 3))
    g = ms.grad(f, grad_position=(0, 1))(ms.Tensor(np.ones((2, 3), np.float32)), y)
    return r, p.value() * 1, same, t, g
