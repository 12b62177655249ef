"""``ops.Custom(func_type='pyfunc')``: forward values with shape/dtype given as values or
functions, a user ``bprop`` (first order, in a Cell, both modes), the error of a gradient
without ``bprop``, and multiple outputs."""
import numpy as np

from ._registry import case


def _mul_add(x, y):
    return x * y + 1


def _same(a, b):
    return a


def _mul_add_bprop(a, b, out, dout):
    return (dout * b, dout * a)


def _split_sign(x):
    return np.maximum(x, 0), np.minimum(x, 0).astype(np.int32)


def _x(ms):
    return (ms.Tensor(np.array([1.0, -2.0, 0.5], np.float32)),
            ms.Tensor(np.array([3.0, 4.0, -1.0], np.float32)))


@case()
def pyfunc_forward(ms):
    x, y = _x(ms)
    a = ms.ops.Custom(_mul_add, out_shape=_same, out_dtype=_same, func_type="pyfunc")(x, y)
    b = ms.ops.Custom(_mul_add, out_shape=(3,), out_dtype=ms.float32)(x, y)
    c = ms.ops.Custom(_split_sign, out_shape=((3,), (3,)), out_dtype=(ms.float32, ms.int32))(x)
    return a, b, c


@case()
def pyfunc_with_bprop_in_a_cell(ms):
    op = ms.ops.Custom(_mul_add, out_shape=_same, out_dtype=_same, bprop=_mul_add_bprop)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = op

        def construct(self, a, b):
            return self.op(a, b) * 2
    x, y = _x(ms)
    return Net()(x, y), ms.grad(Net(), grad_position=(0, 1))(x, y)


@case(modes=("PYNATIVE",))
def pyfunc_without_bprop_has_no_gradient(ms):
    op = ms.ops.Custom(_mul_add, out_shape=_same, out_dtype=_same)

    def loss(a, b):
        return op(a, b).sum()
    try:
        ms.grad(loss)(*_x(ms))
        return "no error"
    except Exception as e:  # noqa: BLE001 - the class is what is recorded
        return type(e).__name__
