"""Custom Cell.bprop(self, *inputs, out, dout)."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _xy(ms):
    return _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])


@case()
def bprop_two_inputs(ms):
    class B(ms.nn.Cell):
        def construct(self, a, b):
            return a * b

        def bprop(self, a, b, out, dout):
            return dout * 10, dout * 20
    return ms.grad(B(), grad_position=(0, 1))(*_xy(ms))


@case()
def bprop_single_input_tuple(ms):
    class B(ms.nn.Cell):
        def construct(self, a):
            return a * a

        def bprop(self, a, out, dout):
            return (dout * 3,)
    return ms.grad(B())(_t(ms, [1.0, 2.0]))


@case()
def bprop_single_input_bare_tensor(ms):
    # PYNATIVE accepts a bare Tensor; GRAPH: TypeError (bprop output should be a tuple).
    class B(ms.nn.Cell):
        def construct(self, a):
            return a * a

        def bprop(self, a, out, dout):
            return dout * 3
    return ms.grad(B())(_t(ms, [1.0, 2.0]))


@case()
def bprop_uses_out(ms):
    class B(ms.nn.Cell):
        def construct(self, a):
            return a * a

        def bprop(self, a, out, dout):
            return (out * dout,)
    return ms.grad(B())(_t(ms, [1.0, 2.0]))


@case()
def bprop_cell_with_parameter_zero_param_grad(ms):
    class B(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, a):
            return a * self.w

        def bprop(self, a, out, dout):
            return (dout * 5,)
    net = B()
    return ms.grad(net, grad_position=0, weights=net.trainable_params())(_t(ms, [1.0, 2.0]))


@case()
def bprop_nested_in_outer_cell(ms):
    class B(ms.nn.Cell):
        def construct(self, a, b):
            return a * b

        def bprop(self, a, b, out, dout):
            return dout * 10, dout * 20

    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = B()

        def construct(self, a, b):
            return self.inner(a, b) * 2
    return ms.grad(Outer(), grad_position=(0, 1))(*_xy(ms))


@case()
def bprop_wrong_output_count(ms):
    class B(ms.nn.Cell):
        def construct(self, a, b):
            return a * b

        def bprop(self, a, b, out, dout):
            return (dout,)
    return ms.grad(B(), grad_position=(0, 1))(*_xy(ms))


@case()
def bprop_forward_value_unchanged(ms):
    class B(ms.nn.Cell):
        def construct(self, a):
            return ms.ops.exp(a)

        def bprop(self, a, out, dout):
            return (ms.ops.zeros_like(a),)
    return ms.value_and_grad(B())(_t(ms, [0.0, 1.0]))


@case()
def bprop_with_grad_operation_sens(ms):
    class B(ms.nn.Cell):
        def construct(self, a, b):
            return a + b

        def bprop(self, a, b, out, dout):
            return dout * b, dout * a
    g = ms.ops.GradOperation(get_all=True, sens_param=True)(B())
    return g(*_xy(ms), _t(ms, [2.0, 0.5]))
