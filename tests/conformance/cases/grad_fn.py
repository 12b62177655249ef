"""ms.grad: grad_position / weights return structure."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")
            self.b = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="b")

        def construct(self, a, b):
            return a * b * self.w + self.b
    return Net()


def _xy(ms):
    return _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])


def _mul(a, b):
    return a * b


@case()
def default_one_input(ms):
    def f(a):
        return a * a
    return ms.grad(f)(_t(ms, [1.0, 2.0]))


@case()
def default_two_inputs_first(ms):
    return ms.grad(_mul)(*_xy(ms))


@case()
def position_1_bare(ms):
    return ms.grad(_mul, grad_position=1)(*_xy(ms))


@case()
def position_tuple_of_one_is_bare(ms):
    return ms.grad(_mul, grad_position=(0,))(*_xy(ms))


@case()
def position_tuple_two(ms):
    return ms.grad(_mul, grad_position=(0, 1))(*_xy(ms))


@case()
def position_tuple_reversed(ms):
    return ms.grad(_mul, grad_position=(1, 0))(*_xy(ms))


@case()
def weights_single_parameter_bare(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=net.w)(*_xy(ms))


@case()
def weights_list_of_one(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=[net.w])(*_xy(ms))


@case()
def weights_trainable_params(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=net.trainable_params())(*_xy(ms))


@case()
def weights_parametertuple(ms):
    net = _net(ms)
    return ms.grad(net, None, ms.ParameterTuple(net.trainable_params()))(*_xy(ms))


@case()
def weights_python_tuple(ms):
    net = _net(ms)
    return ms.grad(net, None, (net.w, net.b))(*_xy(ms))


@case()
def position_and_single_weight(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=0, weights=net.w)(*_xy(ms))


@case()
def position_and_weight_list_of_one(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=0, weights=[net.w])(*_xy(ms))


@case()
def positions_and_weights(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=(0, 1), weights=net.trainable_params())(*_xy(ms))


@case()
def multi_output_sum(ms):
    def f(a, b):
        return a * b, a + b
    return ms.grad(f, grad_position=(0, 1))(*_xy(ms))


@case()
def nested_multi_output_sum(ms):
    def f(a, b):
        return a * b, (a + b, a - b)
    return ms.grad(f, grad_position=(0, 1))(*_xy(ms))


@case()
def list_output_sum(ms):
    def f(a, b):
        return [a * b, a + b]
    return ms.grad(f, grad_position=(0, 1))(*_xy(ms))


@case()
def grad_inside_construct(ms):
    class Inner(ms.nn.Cell):
        def construct(self, a, b):
            return a * a * b

    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = Inner()

        def construct(self, a, b):
            return ms.grad(self.inner, grad_position=(0, 1))(a, b)
    return Outer()(*_xy(ms))


@case()
def grad_inside_construct_with_weights(ms):
    net = _net(ms)

    class Outer(ms.nn.Cell):
        def __init__(self, n):
            super().__init__()
            self.n = n
            self.params = n.trainable_params()

        def construct(self, a, b):
            return ms.grad(self.n, 1, self.params)(a, b)
    return Outer(net)(*_xy(ms))


@case()
def dense_net_input_grad(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = ms.nn.Dense(3, 2, weight_init=ms.Tensor(
                np.array([[0.1, 0.2, 0.3], [-0.1, 0.0, 0.5]], np.float32)),
                bias_init=ms.Tensor(np.array([0.1, -0.2], np.float32)))

        def construct(self, a):
            return self.fc(a).sum()
    net = Net()
    a = _t(ms, [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
    return ms.grad(net, 0, net.trainable_params())(a)


@case()
def functional_ops_chain(ms):
    def f(a):
        return ms.ops.sin(a) * ms.ops.exp(a) + ms.ops.log(a) - ms.ops.pow(a, 3)
    return ms.grad(f)(_t(ms, [0.5, 1.5, 2.5]))


@case()
def primitive_ops_chain(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.tan = ms.ops.Tan()
            self.sinh = ms.ops.Sinh()
            self.cosh = ms.ops.Cosh()
            self.atanh = ms.ops.Atanh()
            self.div = ms.ops.Div()
            self.square = ms.ops.Square()
            self.neg = ms.ops.Neg()
            self.rsum = ms.ops.ReduceSum()

        def construct(self, a):
            r = self.tan(a) + self.sinh(a) * self.cosh(a) + self.atanh(a * 0.5)
            r = r + self.div(self.square(a), a + 2.0) + self.neg(a)
            return self.rsum(r)
    return ms.grad(Net())(_t(ms, [0.1, 0.4, -0.3]))


@case()
def reduce_mean_grad(ms):
    def f(a):
        return ms.ops.ReduceMean(keep_dims=False)(a * a, 1)
    return ms.grad(f)(_t(ms, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))


@case()
def broadcast_grad_reduces(ms):
    def f(a, b):
        return a * b
    a = _t(ms, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    b = _t(ms, [2.0, 3.0, 4.0])
    return ms.grad(f, (0, 1))(a, b)


@case()
def grad_of_jit_function(ms):
    @ms.jit
    def f(a, b):
        return ms.ops.exp(a) * b
    return ms.grad(f, (0, 1))(*_xy(ms))


@case(rtol=1e-6, atol=1e-6)
def tensor_objects_are_the_variables(ms):
    """PYNATIVE_MODE tracks Tensors by object: where the function reaches the differentiated
    Tensor through a closure, that use is the input too (``grad(f)(x)`` of ``a * x`` is
    ``2 x``, of the same function at another Tensor ``x``), for ``grad``, ``value_and_grad``,
    ``GradOperation`` and ``vjp``; ``jvp`` is compiled (the closure is a constant, two
    positions of one object two variables). GRAPH_MODE takes closures as constants."""
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    y = ms.Tensor(np.array([4.0, 5.0, 6.0], np.float32))
    v = ms.Tensor(np.ones(3, np.float32))

    def f(a):
        return (a * x).sum()

    def g(a):
        return a * x

    def h(a, b):
        return a * b

    return (ms.grad(f)(x), ms.grad(f)(y), ms.value_and_grad(f)(x)[1],
            ms.ops.GradOperation()(f)(x), ms.vjp(g, x)[1](v), ms.vjp(h, x, x)[1](v),
            ms.jvp(g, x, v)[1], ms.jvp(h, (x, x), (v, v * 2))[1], x)
