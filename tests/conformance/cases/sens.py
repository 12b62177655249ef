"""ms.grad / ms.value_and_grad with sens_param=True (sens = last positional argument)."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _xy(ms):
    return _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])


def _mul(a, b):
    return a * b


def _two(a, b):
    return a * b, a + b


@case()
def grad_sens_last_positional(ms):
    return ms.grad(_mul, grad_position=(0, 1), sens_param=True)(*_xy(ms), _t(ms, [2.0, 3.0]))


@case()
def grad_sens_default_position(ms):
    return ms.grad(_mul, sens_param=True)(*_xy(ms), _t(ms, [2.0, 3.0]))


@case()
def grad_sens_keyword(ms):
    # PYNATIVE accepts sens=...; GRAPH: TypeError (unexpected keyword argument 'sens').
    return ms.grad(_mul, grad_position=(0, 1), sens_param=True)(*_xy(ms), sens=_t(ms, [2.0, 3.0]))


@case()
def grad_sens_missing(ms):
    return ms.grad(_mul, grad_position=(0, 1), sens_param=True)(*_xy(ms))


@case()
def grad_sens_multi_output_tuple(ms):
    s = (_t(ms, [2.0, 3.0]), _t(ms, [1.0, -1.0]))
    return ms.grad(_two, grad_position=(0, 1), sens_param=True)(*_xy(ms), s)


@case()
def grad_sens_multi_output_single_tensor_error(ms):
    return ms.grad(_two, grad_position=(0, 1), sens_param=True)(*_xy(ms), _t(ms, [2.0, 3.0]))


@case()
def value_and_grad_sens(ms):
    return ms.value_and_grad(_mul, grad_position=(0, 1), sens_param=True)(
        *_xy(ms), _t(ms, [2.0, 3.0]))


@case()
def value_and_grad_sens_multi_output(ms):
    s = (_t(ms, [2.0, 3.0]), _t(ms, [1.0, -1.0]))
    return ms.value_and_grad(_two, grad_position=(0, 1), sens_param=True)(*_xy(ms), s)


@case()
def grad_sens_has_aux(ms):
    # PYNATIVE: sens applies to the first output only; GRAPH: TypeError (Type Join Failed).
    return ms.grad(_two, grad_position=(0, 1), has_aux=True, sens_param=True)(
        *_xy(ms), _t(ms, [2.0, 3.0]))


@case()
def value_and_grad_sens_has_aux(ms):
    return ms.value_and_grad(_two, grad_position=(0, 1), has_aux=True, sens_param=True)(
        *_xy(ms), _t(ms, [2.0, 3.0]))


@case()
def grad_sens_param_not_bool(ms):
    return ms.grad(_mul, sens_param=1)(*_xy(ms), _t(ms, [2.0, 3.0]))


@case()
def grad_sens_scalar_tensor(ms):
    # PYNATIVE: RuntimeError (no broadcast); GRAPH: broadcast.
    return ms.grad(_mul, grad_position=(0, 1), sens_param=True)(*_xy(ms), ms.Tensor(2.0))


@case()
def grad_sens_weights(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, a):
            return a * self.w
    net = Net()
    return ms.grad(net, None, net.trainable_params(), sens_param=True)(
        _t(ms, [1.0, 2.0]), _t(ms, [2.0, 3.0]))


@case()
def grad_sens_in_construct(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, a):
            return a * self.w

    class G(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.net = Net()

        def construct(self, a, s):
            return ms.grad(self.net, 0, sens_param=True)(a, s)
    return G()(_t(ms, [1.0, 2.0]), _t(ms, [2.0, 3.0]))


@case()
def grad_sens_jacobian_row_via_one_hot(ms):
    def f(a):
        return ms.ops.sin(a) * a
    g = ms.grad(f, sens_param=True)
    x = _t(ms, [0.5, 1.0, 2.0])
    return g(x, _t(ms, [1.0, 0.0, 0.0])), g(x, _t(ms, [0.0, 0.0, 1.0]))


def _guide_scalar_net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.matmul = ms.ops.MatMul()
            self.z = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="z")

        def construct(self, x, y):
            out = self.matmul(x * self.z, y)
            return out[0][0]
    return Net()


def _guide_grad(ms, sens):
    class GradNetWrtX(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.grad_op = ms.ops.GradOperation(sens_param=True)
            self.sens = sens

        def construct(self, x, y):
            return self.grad_op(self.net)(x, y, self.sens)
    x = ms.Tensor([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], dtype=ms.float32)
    y = ms.Tensor([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], dtype=ms.float32)
    return GradNetWrtX(_guide_scalar_net(ms))(x, y)


@case()
def sens_larger_than_scalar_output_2d(ms):
    return _guide_grad(ms, ms.Tensor([[0.1, 0.6, 0.2], [0.8, 1.3, 1.1]], dtype=ms.float32))


@case()
def sens_larger_than_scalar_output_1d(ms):
    return _guide_grad(ms, ms.Tensor([0.7, 0.2], dtype=ms.float32))


@case()
def sens_larger_than_scalar_output_3d(ms):
    return _guide_grad(ms, ms.Tensor(np.array([[[2.0, 5.0]]], np.float32)))


def _sens_dtype_case(ms, vector: bool, dtype):
    class N(ms.nn.Cell):
        def construct(self, x):
            return x * x if vector else (x * x).sum()
    sens = ms.Tensor(np.ones((2,) if vector else (), dtype))
    return ms.grad(N(), grad_position=0, sens_param=True)(ms.Tensor([1.0, 2.0]), sens)


@case()
def sens_float64_for_scalar_float32_output(ms):
    return _sens_dtype_case(ms, False, np.float64)


@case()
def sens_float64_for_vector_float32_output(ms):
    return _sens_dtype_case(ms, True, np.float64)


@case()
def sens_int32_for_vector_float32_output(ms):
    return _sens_dtype_case(ms, True, np.int32)
