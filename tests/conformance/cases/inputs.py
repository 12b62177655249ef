"""Gradient inputs: python scalars, unused inputs/params, dtypes, aliasing of the same Tensor."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _mul(a, b):
    return a * b


def _sq(a):
    return a * a


def _first_two(a, b, c):
    return a * b


def _x2y(a, b):
    return a * a * b


@case()
def python_float_arg_dropped_position_1(ms):
    return ms.grad(_mul, grad_position=1)(_t(ms, [1.0, 2.0]), 2.0)


@case()
def python_float_arg_dropped_positions_0_1(ms):
    return ms.grad(_mul, grad_position=(0, 1))(_t(ms, [1.0, 2.0]), 2.0)


@case()
def python_float_arg_position_0(ms):
    return ms.grad(_mul, grad_position=0)(_t(ms, [1.0, 2.0]), 2.0)


@case()
def python_int_arg_dropped(ms):
    return ms.grad(_mul, grad_position=(0, 1))(_t(ms, [1.0, 2.0]), 2)


@case()
def python_float_first_arg(ms):
    return ms.grad(_mul, grad_position=0)(2.0, _t(ms, [1.0, 2.0]))


@case()
def python_scalar_only(ms):
    return ms.grad(_sq)(3.0)


@case()
def unused_input_zeros(ms):
    return ms.grad(_first_two, grad_position=(0, 1, 2))(
        _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]), _t(ms, [5.0]))


@case()
def unused_parameter_zeros(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")
            self.u = ms.Parameter(ms.Tensor(np.array([7.0], np.float32)), name="u")

        def construct(self, a):
            return a * self.w
    net = Net()
    return ms.grad(net, grad_position=None, weights=[net.w, net.u])(_t(ms, [1.0, 2.0]))


@case()
def requires_grad_false_param_in_weights(ms):
    # PYNATIVE: zeros; GRAPH: the real gradient.
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")
            self.f = ms.Parameter(ms.Tensor(np.array([1.0, 1.0], np.float32)), name="f",
                                  requires_grad=False)

        def construct(self, a):
            return a * self.w * self.f
    net = Net()
    return ms.grad(net, grad_position=None, weights=[net.w, net.f])(_t(ms, [1.0, 2.0]))


@case()
def trainable_params_skip_frozen(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")
            self.f = ms.Parameter(ms.Tensor(np.array([1.0, 1.0], np.float32)), name="f",
                                  requires_grad=False)

        def construct(self, a):
            return a * self.w * self.f
    net = Net()
    g = ms.grad(net, grad_position=None, weights=net.trainable_params())(_t(ms, [1.0, 2.0]))
    return [p.name for p in net.trainable_params()], g


@case()
def int32_input_grad_dtype(ms):
    return ms.grad(_sq)(_t(ms, [1, 2], np.int32))


@case()
def int64_input_grad_dtype(ms):
    return ms.grad(_sq)(_t(ms, [1, 2], np.int64))


@case()
def int32_times_float32(ms):
    return ms.grad(_mul, grad_position=(0, 1))(_t(ms, [1, 2], np.int32), _t(ms, [1.0, 2.0]))


@case(rtol=1e-3, atol=1e-3)
def float16_grad(ms):
    return ms.grad(_sq)(_t(ms, [1.0, 2.0], np.float16))


@case()
def float64_grad(ms):
    return ms.grad(_sq)(_t(ms, [1.0, 2.0], np.float64))


@case(rtol=1e-3, atol=1e-3)
def float16_times_float32(ms):
    return ms.grad(_mul, grad_position=(0, 1))(_t(ms, [1.0, 2.0], np.float16),
                                               _t(ms, [1.0, 2.0]))


@case()
def float64_times_float32(ms):
    return ms.grad(_mul, grad_position=(0, 1))(_t(ms, [1.0, 2.0], np.float64),
                                               _t(ms, [1.0, 2.0]))


@case()
def float64_function_value_and_grad(ms):
    def f(a):
        return ms.ops.exp(a) * ms.ops.sin(a)
    return ms.value_and_grad(f)(_t(ms, [0.3, 1.7], np.float64))


@case()
def bool_input_error(ms):
    return ms.grad(_sq)(ms.Tensor(np.array([True, False])))


@case()
def scalar_tensor_input(ms):
    return ms.grad(_sq)(ms.Tensor(3.0))


@case()
def same_tensor_twice(ms):
    # PYNATIVE: each position gets the total gradient wrt the shared object; GRAPH: distinct.
    x = _t(ms, [1.0, 2.0])
    return ms.grad(_mul, grad_position=(0, 1))(x, x)


@case()
def same_tensor_twice_default_position(ms):
    x = _t(ms, [1.0, 2.0])
    return ms.grad(_mul)(x, x)


@case()
def same_tensor_twice_value_and_grad(ms):
    x = _t(ms, [1.0, 2.0])
    return ms.value_and_grad(_mul, grad_position=(0, 1))(x, x)


@case()
def same_tensor_twice_grad_operation(ms):
    x = _t(ms, [1.0, 2.0])
    return ms.ops.GradOperation(get_all=True)(_mul)(x, x)


@case()
def same_tensor_twice_asymmetric(ms):
    x = _t(ms, [1.0, 2.0])
    return ms.grad(_x2y, grad_position=(0, 1))(x, x)


@case()
def same_tensor_three_times_unused_third(ms):
    x = _t(ms, [1.0, 2.0])
    return ms.grad(_first_two, grad_position=(0, 1, 2))(x, x, x)


@case()
def equal_copies_are_distinct(ms):
    x = _t(ms, [1.0, 2.0])
    return ms.grad(_mul, grad_position=(0, 1))(x, _t(ms, [1.0, 2.0]))


@case()
def constant_output_zero_grad(ms):
    def f(a):
        return ms.ops.zeros_like(a) + 3.0
    return ms.grad(f)(_t(ms, [1.0, 2.0]))


@case()
def ones_like_zeros_like_no_grad(ms):
    def f(a):
        return ms.ops.OnesLike()(a) * a + ms.ops.ZerosLike()(a)
    return ms.grad(f)(_t(ms, [1.0, 2.0]))


@case()
def grad_operation_get_all_python_scalar_dropped(ms):
    return ms.ops.GradOperation(get_all=True)(_mul)(_t(ms, [1.0, 2.0]), 2.0)


@case()
def grad_operation_default_python_scalar_first(ms):
    return ms.ops.GradOperation()(_mul)(2.0, _t(ms, [1.0, 2.0]))


@case()
def tuple_of_tensors_input_not_differentiated(ms):
    def f(t):
        return t[0] * t[1]
    return ms.grad(f)((_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])))


@case()
def list_of_tensors_input_not_differentiated(ms):
    def f(t):
        return t[0] * t[1]
    return ms.grad(f)([_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])])


@case()
def tuple_input_next_to_tensor(ms):
    def f(t, c):
        return t[0] * t[1] * c
    return ms.grad(f, (0, 1))((_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])), _t(ms, [3.0, 4.0]))


@case()
def tuple_input_aliasing_tensor_arg(ms):
    # The Tensor object inside the tuple is also passed as `c`: PYNATIVE adds both uses.
    def f(t, c):
        return t[0] * t[1] * c
    y = _t(ms, [3.0, 4.0])
    return ms.grad(f, (0, 1))((_t(ms, [1.0, 2.0]), y), y)


@case()
def keyword_argument_call(ms):
    # PYNATIVE: kwargs passed through (not differentiated); GRAPH: TypeError.
    def f(a, b=2.0):
        return a * b
    return ms.grad(f)(_t(ms, [1.0, 2.0]), b=_t(ms, [3.0, 4.0]))


@case()
def parameter_as_positional_input(ms):
    p = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="pp")
    return ms.grad(_mul, (0, 1))(p, _t(ms, [3.0, 4.0]))


@case()
def value_and_grad_python_scalar_arg(ms):
    return ms.value_and_grad(_mul, (0, 1))(_t(ms, [1.0, 2.0]), 2.0)


@case()
def output_cast_to_int(ms):
    def f(a):
        return (a * a).astype(ms.int32)
    return ms.grad(f)(_t(ms, [1.0, 2.0]))


@case()
def python_float_output(ms):
    def f(a):
        return 2.0
    return ms.grad(f)(_t(ms, [1.0, 2.0]))
