"""What ``x[index] = value`` accepts as a value: a Tensor, a Python number, a list or a
tuple. A NumPy array or None is a TypeError in both modes; a NumPy scalar, str or complex
an IndexError in PYNATIVE_MODE (GRAPH_MODE takes a NumPy scalar); a list or tuple through a
Bool Tensor mask a ValueError (a Tensor value is broadcast to the selected rows)."""
import numpy as np

from ._registry import case


def _x(ms):
    return ms.Tensor(np.arange(6).reshape(3, 2).astype(np.float32))


def _set(ms, index, value):
    x = _x(ms)
    try:
        x[index] = value
        return x
    except (TypeError, IndexError, ValueError) as e:
        return type(e).__name__


@case(modes=("PYNATIVE",))
def setitem_value_kinds(ms):
    mask = ms.Tensor(np.array([True, False, True]))
    out = []
    for index in (0, slice(0, 2), ms.Tensor(np.array([0, 2], np.int32)), [0, 2], ...):
        for value in (np.array([1, 2]), np.float32(3), None, "a", 1 + 2j, [1, 2], (5, 6),
                      2.5, True, ms.Tensor(np.array([7.0, 8.0], np.float32))):
            out.append(_set(ms, index, value))
    for value in ([1, 2], (5, 6), [[1, 2], [3, 4]], [1],
                  ms.Tensor(np.array([7.0, 8.0], np.float32)), 4.5):
        out.append(_set(ms, mask, value))
    return out


@case()
def setitem_numpy_array_value_graph(ms):
    class Net(ms.nn.Cell):
        def construct(self, x):
            x[0] = np.array([1, 2])
            return x

    try:
        return Net()(_x(ms))
    except TypeError as e:
        return str(e).splitlines()[0]


@case()
def setitem_mask_list_value(ms):
    class Net(ms.nn.Cell):
        def construct(self, x, m):
            x[m] = [1, 2]
            return x

    try:
        return Net()(_x(ms), ms.Tensor(np.array([True, False, True])))
    except ValueError:
        return "ValueError"


@case()
def setitem_mask_tensor_value(ms):
    class Net(ms.nn.Cell):
        def construct(self, x, m, v):
            x[m] = v
            return x

    return Net()(_x(ms), ms.Tensor(np.array([True, False, True])),
                 ms.Tensor(np.array([7.0, 8.0], np.float32)))


@case(modes=("GRAPH",))
def setitem_numpy_scalar_graph(ms):
    class Net(ms.nn.Cell):
        def construct(self, x):
            x[1] = np.float32(3)
            return x

    return Net()(_x(ms))


@case(modes=("GRAPH",))
def setitem_mask_rows_graph(ms):
    """GRAPH_MODE pads a lower-rank value with trailing dimensions: a ``(3,)`` value fills
    row ``i`` with ``value[i]`` (a full-shape mask too)."""
    class Net(ms.nn.Cell):
        def construct(self, x, m, v):
            x[m] = v
            return x

    x = ms.Tensor(np.arange(9).reshape(3, 3).astype(np.float32))
    v = ms.Tensor(np.array([10.0, 11.0, 12.0], np.float32))
    rows = Net()(x, ms.Tensor(np.array([True, False, True])), v)
    full = Net()(ms.Tensor(np.arange(9).reshape(3, 3).astype(np.float32)),
                 ms.Tensor(np.eye(3, dtype=np.bool_)), v)
    return rows, full


@case()
def setitem_mask_grad(ms):
    class Net(ms.nn.Cell):
        def construct(self, x, m, v):
            y = x * 2
            y[m] = v * 3
            return (y * y).sum()

    x = ms.Tensor(np.arange(6).reshape(3, 2).astype(np.float32))
    v = ms.Tensor(np.array([[1.5, -2.0]], np.float32))
    m = ms.Tensor(np.array([True, False, True]))
    return ms.grad(Net(), grad_position=(0, 2))(x, m, v)
