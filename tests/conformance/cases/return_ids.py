"""return_ids=True pairing and ms.get_grad."""
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


@case()
def position_0(ms):
    return ms.grad(_mul, grad_position=0, return_ids=True)(*_xy(ms))


@case()
def positions_0_1(ms):
    return ms.grad(_mul, grad_position=(0, 1), return_ids=True)(*_xy(ms))


@case(modes=("GRAPH",))
def position_1_graph(ms):
    # PYNATIVE 2.10 raises a spurious TypeError here (MindSpore bug), so GRAPH only.
    return ms.grad(_mul, grad_position=1, return_ids=True)(*_xy(ms))


@case()
def weights_names(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=net.trainable_params(),
                   return_ids=True)(*_xy(ms))


@case()
def single_weight(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=net.w, return_ids=True)(*_xy(ms))


@case()
def positions_and_weights(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=(0, 1), weights=net.trainable_params(),
                   return_ids=True)(*_xy(ms))


@case()
def value_and_grad_return_ids(ms):
    net = _net(ms)
    return ms.value_and_grad(net, grad_position=0, weights=net.trainable_params(),
                             return_ids=True)(*_xy(ms))


@case()
def get_grad_by_position_and_parameter(ms):
    net = _net(ms)
    g = ms.grad(net, grad_position=(0, 1), weights=net.trainable_params(),
                return_ids=True)(*_xy(ms))
    return ms.get_grad(g, 0), ms.get_grad(g, 1), ms.get_grad(g, net.w), ms.get_grad(g, net.b)


@case()
def get_grad_single_position_and_weights(ms):
    net = _net(ms)
    g = ms.grad(net, grad_position=0, weights=net.trainable_params(), return_ids=True)(*_xy(ms))
    return ms.get_grad(g, 0), ms.get_grad(g, net.b)


@case()
def get_grad_missing_id(ms):
    net = _net(ms)
    g = ms.grad(net, grad_position=(0, 1), weights=net.trainable_params(),
                return_ids=True)(*_xy(ms))
    return ms.get_grad(g, 5)


@case()
def get_grad_string_identifier(ms):
    net = _net(ms)
    g = ms.grad(net, grad_position=0, weights=net.trainable_params(), return_ids=True)(*_xy(ms))
    return ms.get_grad(g, "w")


@case()
def return_ids_named_dense_params(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = ms.nn.Dense(2, 1, weight_init=ms.Tensor(np.array([[1.0, -1.0]], np.float32)),
                                  bias_init=ms.Tensor(np.array([0.5], np.float32)))

        def construct(self, a):
            return self.fc(a)
    net = Net()
    return ms.grad(net, None, net.trainable_params(), return_ids=True)(_t(ms, [[1.0, 2.0]]))
