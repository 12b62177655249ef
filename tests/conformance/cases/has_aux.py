"""has_aux for ms.grad: gradient of the first output only, aux returned as a tuple."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _xy(ms):
    return _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])


def _two(a, b):
    return a * b, a + b


def _three(a, b):
    return a * b, a + b, a - b


def _nested_aux(a, b):
    return a * b, (a + b, a - b)


@case()
def grad_has_aux_two_outputs(ms):
    return ms.grad(_two, grad_position=(0, 1), has_aux=True)(*_xy(ms))


@case()
def grad_has_aux_one_position(ms):
    return ms.grad(_two, grad_position=0, has_aux=True)(*_xy(ms))


@case()
def grad_has_aux_three_outputs(ms):
    return ms.grad(_three, grad_position=0, has_aux=True)(*_xy(ms))


@case()
def grad_has_aux_nested_aux(ms):
    return ms.grad(_nested_aux, grad_position=0, has_aux=True)(*_xy(ms))


@case()
def grad_has_aux_single_output_error(ms):
    def f(a, b):
        return a * b
    return ms.grad(f, has_aux=True)(*_xy(ms))


@case()
def grad_has_aux_with_weights(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, a):
            y = a * self.w
            return y.sum(), y
    net = Net()
    return ms.grad(net, grad_position=0, weights=net.trainable_params(), has_aux=True)(
        _t(ms, [1.0, 2.0]))


@case()
def grad_has_aux_in_construct(ms):
    class Net(ms.nn.Cell):
        def construct(self, a, b):
            return (a * b).sum(), a - b

    class G(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = Net()

        def construct(self, a, b):
            return ms.grad(self.net, (0, 1), has_aux=True)(a, b)
    return G()(*_xy(ms))


@case()
def aux_does_not_contribute_gradient(ms):
    def f(a):
        return a * 2.0, a * a * 100.0
    return ms.grad(f, has_aux=True)(_t(ms, [1.0, 2.0]))
