"""ops.GradOperation: return structure for get_all / get_by_list / sens_param."""
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


@case()
def default_one_input(ms):
    def f(a):
        return a * a
    return ms.ops.GradOperation()(f)(_t(ms, [1.0, 2.0]))


@case()
def default_two_inputs_first_only(ms):
    def f(a, b):
        return a * b
    return ms.ops.GradOperation()(f)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def get_all_one_input_is_tuple(ms):
    def f(a):
        return a * a
    return ms.ops.GradOperation(get_all=True)(f)(_t(ms, [1.0, 2.0]))


@case()
def get_all_two_inputs(ms):
    def f(a, b):
        return a * b
    return ms.ops.GradOperation(get_all=True)(f)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def get_by_list_one_weight_parametertuple(ms):
    net = _net(ms)
    g = ms.ops.GradOperation(get_by_list=True)(net, ms.ParameterTuple([net.w]))
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def get_by_list_two_weights(ms):
    net = _net(ms)
    g = ms.ops.GradOperation(get_by_list=True)(net, ms.ParameterTuple(net.trainable_params()))
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def get_by_list_python_list_one_weight(ms):
    net = _net(ms)
    g = ms.ops.GradOperation(get_by_list=True)(net, [net.w])
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def get_by_list_single_parameter_is_bare(ms):
    net = _net(ms)
    g = ms.ops.GradOperation(get_by_list=True)(net, net.w)
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def get_all_and_get_by_list(ms):
    net = _net(ms)
    g = ms.ops.GradOperation(get_all=True, get_by_list=True)(
        net, ms.ParameterTuple(net.trainable_params()))
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def get_by_list_without_weights(ms):
    # PYNATIVE: grads of the trainable params used in forward; GRAPH: empty tuple.
    net = _net(ms)
    return ms.ops.GradOperation(get_by_list=True)(net)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def sens_param_positional(ms):
    def f(a, b):
        return a * b
    g = ms.ops.GradOperation(sens_param=True)(f)
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]), _t(ms, [2.0, 3.0]))


@case()
def sens_param_keyword(ms):
    def f(a, b):
        return a * b
    g = ms.ops.GradOperation(sens_param=True)(f)
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]), sens=_t(ms, [2.0, 3.0]))


@case()
def sens_param_get_all_multi_output_tuple_sens(ms):
    def f(a, b):
        return a * b, a + b
    g = ms.ops.GradOperation(get_all=True, sens_param=True)(f)
    s = _t(ms, [2.0, 3.0])
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]), (s, _t(ms, [1.0, -1.0])))


@case()
def sens_scalar_for_vector_output(ms):
    # PYNATIVE: RuntimeError (no broadcast); GRAPH: broadcasts the scalar sens.
    def f(a, b):
        return a * b
    g = ms.ops.GradOperation(sens_param=True)(f)
    return g(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]), ms.Tensor(2.0))


@case()
def multi_output_sums_all_outputs(ms):
    def f(a, b):
        return a * b, a + b
    return ms.ops.GradOperation(get_all=True)(f)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def grad_operation_in_construct(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.matmul = ms.ops.MatMul()
            self.z = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="z")

        def construct(self, a, b):
            return self.matmul(a, b) * self.z

    class GradNetWrtX(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.grad_op = ms.ops.GradOperation()

        def construct(self, a, b):
            return self.grad_op(self.net)(a, b)

    a = ms.Tensor(np.array([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], np.float32))
    b = ms.Tensor(np.array([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], np.float32))
    return GradNetWrtX(Net())(a, b)


@case()
def grad_operation_in_construct_get_all_get_by_list(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.matmul = ms.ops.MatMul()
            self.z = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="z")

        def construct(self, a, b):
            return self.matmul(a, b) * self.z

    class GradNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.params = ms.ParameterTuple(net.trainable_params())
            self.grad_op = ms.ops.GradOperation(get_all=True, get_by_list=True)

        def construct(self, a, b):
            return self.grad_op(self.net, self.params)(a, b)

    a = ms.Tensor(np.array([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], np.float32))
    b = ms.Tensor(np.array([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], np.float32))
    return GradNet(Net())(a, b)


@case()
def grad_operation_in_construct_sens(ms):
    class Net(ms.nn.Cell):
        def construct(self, a, b):
            return ms.ops.sin(a) * b

    class GradNet(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.grad_op = ms.ops.GradOperation(get_all=True, sens_param=True)

        def construct(self, a, b, s):
            return self.grad_op(self.net)(a, b, s)

    return GradNet(Net())(_t(ms, [0.5, 1.0]), _t(ms, [2.0, -1.0]), _t(ms, [1.0, 3.0]))


@case()
def grad_operation_reused_for_two_functions(ms):
    grad_all = ms.ops.GradOperation(get_all=True)

    def f(a):
        return ms.ops.exp(a)

    def g(a):
        return ms.ops.cos(a)
    x = _t(ms, [0.0, 1.0])
    return grad_all(f)(x), grad_all(g)(x)
