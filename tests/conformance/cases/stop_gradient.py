"""ops.stop_gradient / ops.StopGradient."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _xy(ms):
    return _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])


@case()
def stop_gradient_functional(ms):
    def f(a, b):
        return ms.ops.stop_gradient(a * b) + a * a
    return ms.grad(f, grad_position=(0, 1))(*_xy(ms))


@case()
def stop_gradient_primitive(ms):
    def f(a, b):
        return ms.ops.StopGradient()(a) * b + a
    return ms.grad(f, grad_position=(0, 1))(*_xy(ms))


@case()
def stop_gradient_everything(ms):
    def f(a):
        return ms.ops.stop_gradient(a * a)
    return ms.grad(f)(_t(ms, [1.0, 2.0]))


@case()
def stop_gradient_tuple(ms):
    def f(a, b):
        p, q = ms.ops.stop_gradient((a * b, a + b))
        return p + q + a
    return ms.grad(f, grad_position=(0, 1))(*_xy(ms))


@case()
def stop_gradient_in_cell_with_param(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")
            self.sg = ms.ops.StopGradient()

        def construct(self, a):
            return self.sg(self.w) * a + self.w * a * a
    net = Net()
    return ms.value_and_grad(net, 0, net.trainable_params())(_t(ms, [1.0, 2.0]))


@case()
def stop_gradient_value_passthrough(ms):
    return ms.ops.stop_gradient(_t(ms, [1.5, -2.0]))


@case()
def stop_gradient_on_one_output(ms):
    def f(a):
        return ms.ops.stop_gradient(a * 3.0), a * a
    return ms.grad(f)(_t(ms, [1.0, 2.0]))
