"""ms.value_and_grad: (value, grads) structure, has_aux."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _xy(ms):
    return _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])


def _net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")
            self.b = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="b")

        def construct(self, a, b):
            return a * b * self.w + self.b
    return Net()


def _mul(a, b):
    return a * b


def _mul_and_sum(a, b):
    return a * b, a + b


def _three_outputs(a, b):
    return a * b, a + b, a - b


@case()
def default_one_input(ms):
    def f(a):
        return a * a
    return ms.value_and_grad(f)(_t(ms, [1.0, 2.0]))


@case()
def positions_tuple(ms):
    return ms.value_and_grad(_mul, grad_position=(0, 1))(*_xy(ms))


@case()
def position_tuple_of_one_bare(ms):
    return ms.value_and_grad(_mul, grad_position=(0,))(*_xy(ms))


@case()
def weights_single_parameter(ms):
    net = _net(ms)
    return ms.value_and_grad(net, grad_position=None, weights=net.w)(*_xy(ms))


@case()
def weights_list(ms):
    net = _net(ms)
    return ms.value_and_grad(net, grad_position=None, weights=net.trainable_params())(*_xy(ms))


@case()
def position_and_weights(ms):
    net = _net(ms)
    return ms.value_and_grad(net, grad_position=0, weights=net.trainable_params())(*_xy(ms))


@case()
def multi_output_value_is_tuple(ms):
    return ms.value_and_grad(_mul_and_sum, grad_position=(0, 1))(*_xy(ms))


@case()
def has_aux_two_outputs(ms):
    return ms.value_and_grad(_mul_and_sum, grad_position=(0, 1), has_aux=True)(*_xy(ms))


@case()
def has_aux_three_outputs(ms):
    return ms.value_and_grad(_three_outputs, grad_position=0, has_aux=True)(*_xy(ms))


@case()
def has_aux_single_output_error(ms):
    # PYNATIVE: ValueError; GRAPH: RuntimeError.
    return ms.value_and_grad(_mul, has_aux=True)(*_xy(ms))


@case()
def in_construct_with_weights(ms):
    class Loss(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([0.5, -1.0], np.float32)), name="w")

        def construct(self, a):
            return (ms.ops.square(a * self.w)).sum()

    class Train(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.weights = net.trainable_params()
            self.fn = ms.value_and_grad(self.net, None, self.weights)

        def construct(self, a):
            return self.fn(a)
    return Train(Loss())(_t(ms, [2.0, 3.0]))


@case()
def scalar_loss_value(ms):
    def f(a):
        return (a * a).sum()
    return ms.value_and_grad(f)(_t(ms, [1.0, 2.0, 3.0]))
