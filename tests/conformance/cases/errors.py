"""Bad arguments: exception classes (and messages, recorded in the goldens)."""
import importlib

import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _xy(ms):
    return _t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])


def _mul(a, b):
    return a * b


def _sq(a):
    return a * a


def _two(a, b):
    return a * b, a + b


def _net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0, 3.0], np.float32)), name="w")

        def construct(self, a):
            return a * self.w
    return Net()


@case()
def grad_operation_get_all_int(ms):
    return ms.ops.GradOperation(get_all=1)


@case()
def grad_operation_get_by_list_str(ms):
    return ms.ops.GradOperation(get_by_list="a")


@case()
def grad_operation_sens_param_none(ms):
    return ms.ops.GradOperation(sens_param=None)


@case()
def grad_position_none_weights_none(ms):
    return ms.grad(_mul, grad_position=None, weights=None)(*_xy(ms))


@case()
def value_and_grad_position_none_weights_none(ms):
    return ms.value_and_grad(_mul, grad_position=None, weights=None)(*_xy(ms))


@case()
def grad_position_out_of_range(ms):
    # PYNATIVE: RuntimeError; GRAPH: IndexError ("Position index 2 is exceed input size.")
    return ms.grad(_mul, grad_position=2)(*_xy(ms))


@case()
def grad_position_tuple_out_of_range(ms):
    return ms.grad(_mul, grad_position=(0, 2))(*_xy(ms))


@case()
def grad_position_negative(ms):
    return ms.grad(_mul, grad_position=-1)(*_xy(ms))


@case()
def grad_position_negative_in_tuple(ms):
    return ms.grad(_mul, grad_position=(-1,))(*_xy(ms))


@case()
def grad_position_float(ms):
    return ms.grad(_mul, grad_position=0.0)(*_xy(ms))


@case()
def grad_position_list(ms):
    return ms.grad(_mul, grad_position=[0, 1])(*_xy(ms))


@case()
def grad_position_str(ms):
    return ms.grad(_mul, grad_position="0")(*_xy(ms))


@case()
def grad_position_empty_tuple(ms):
    return ms.grad(_mul, grad_position=())(*_xy(ms))


@case()
def grad_position_duplicate(ms):
    return ms.grad(_mul, grad_position=(0, 0))(*_xy(ms))


@case()
def value_and_grad_position_float(ms):
    return ms.value_and_grad(_mul, grad_position=1.5)(*_xy(ms))


@case()
def weights_int(ms):
    # PYNATIVE: TypeError; GRAPH: ValueError.
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=1)(_t(ms, [1.0, 2.0]))


@case()
def weights_plain_tensor(ms):
    # PYNATIVE: zeros for the Tensor; GRAPH: RuntimeError.
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=_t(ms, [1.0, 2.0]))(_t(ms, [1.0, 2.0]))


@case()
def weights_list_with_plain_tensor(ms):
    net = _net(ms)
    return ms.grad(net, grad_position=None, weights=[net.w, _t(ms, [1.0, 2.0])])(
        _t(ms, [1.0, 2.0]))


@case()
def parametertuple_with_tensor(ms):
    net = _net(ms)
    return ms.ParameterTuple([net.w, _t(ms, [1.0, 2.0])])


@case()
def grad_non_callable_int(ms):
    # PYNATIVE: TypeError; GRAPH: RuntimeError.
    return ms.grad(1)(_t(ms, [1.0, 2.0]))


@case()
def grad_non_callable_none(ms):
    return ms.grad(None)(_t(ms, [1.0, 2.0]))


@case()
def value_and_grad_non_callable(ms):
    return ms.value_and_grad(1)(_t(ms, [1.0, 2.0]))


@case()
def grad_operation_non_callable(ms):
    return ms.ops.GradOperation()(1)(_t(ms, [1.0, 2.0]))


@case()
def vjp_non_callable(ms):
    return ms.vjp(1, _t(ms, [1.0, 2.0]))


@case()
def grad_has_aux_not_bool(ms):
    return ms.grad(_two, has_aux=1)(*_xy(ms))


@case()
def grad_return_ids_not_bool(ms):
    return ms.grad(_mul, return_ids=1)(*_xy(ms))


@case()
def vjp_has_aux_not_bool(ms):
    return ms.vjp(_sq, _t(ms, [1.0, 2.0]), has_aux=1)


@case()
def vjp_has_aux_single_output(ms):
    return ms.vjp(_sq, _t(ms, [1.0, 2.0]), has_aux=True)


@case()
def jvp_has_aux_single_output(ms):
    x = _t(ms, [1.0, 2.0])
    return ms.jvp(_sq, x, x, has_aux=True)


@case()
def sens_missing(ms):
    return ms.ops.GradOperation(sens_param=True)(_mul)(*_xy(ms))


@case()
def sens_wrong_shape(ms):
    g = ms.ops.GradOperation(sens_param=True)(_mul)
    return g(*_xy(ms), _t(ms, [1.0, 2.0, 3.0]))


@case()
def sens_wrong_dtype_int(ms):
    g = ms.ops.GradOperation(sens_param=True)(_mul)
    return g(*_xy(ms), _t(ms, [1, 2], np.int32))


@case()
def sens_wrong_dtype_float64(ms):
    g = ms.ops.GradOperation(sens_param=True)(_mul)
    return g(*_xy(ms), _t(ms, [1.0, 2.0], np.float64))


@case()
def sens_single_tensor_for_multi_output(ms):
    g = ms.ops.GradOperation(sens_param=True)(_two)
    return g(*_xy(ms), _t(ms, [1.0, 1.0]))


@case()
def grad_too_many_arguments(ms):
    return ms.grad(_sq)(*_xy(ms))


@case()
def grad_too_few_arguments(ms):
    return ms.grad(_mul)(_t(ms, [1.0, 2.0]))


@case()
def get_grad_without_return_ids(ms):
    net = _net(ms)
    g = ms.grad(net, grad_position=0, weights=net.trainable_params())(_t(ms, [1.0, 2.0]))
    return ms.get_grad(g, 0)


@case()
def parameter_attributes(ms):
    # Parameter name / requires_grad / value.
    p = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="p0")
    return p.name, p.requires_grad, p.value()


@case(modes=("PYNATIVE",))
def ascend_only_float_status_primitives(ms):
    """The Ascend-only Primitives (NPU float status, DropoutGenMask, DynamicRNN,
    DynamicGRUV2) construct with their arguments (Cells build them in ``__init__``) and raise
    RuntimeError when called on the CPU."""
    out = []
    h = np.float16
    x = ms.Tensor(np.ones((2, 3, 4), h))
    calls = {
        "NPUAllocFloatStatus": ((), ()), "NPUClearFloatStatus": ((), (ms.Tensor(np.zeros(8,
                                                                                 np.float32)),)),
        "NPUGetFloatStatus": ((), (ms.Tensor(np.zeros(8, np.float32)),)),
        "DropoutGenMask": ((1, 2), ((2, 4), ms.Tensor(0.5, ms.float32))),
        "DynamicRNN": (("LSTM", "UNIDIRECTIONAL", 1, False, 1.0, -1.0, 0, True, "tanh", 1.0),
                       (x, ms.Tensor(np.ones((9, 20), h)), ms.Tensor(np.zeros(20, h)), None,
                        ms.Tensor(np.zeros((1, 3, 5), h)), ms.Tensor(np.zeros((1, 3, 5), h)))),
        "DynamicGRUV2": ((), (x, ms.Tensor(np.ones((4, 15), h)), ms.Tensor(np.ones((5, 15), h)),
                              ms.Tensor(np.zeros(15, h)), ms.Tensor(np.zeros(15, h)), None,
                              ms.Tensor(np.zeros((3, 5), h))))}
    for name, (init, args) in calls.items():
        prim = getattr(ms.ops, name)(*init)
        try:
            prim(*args).asnumpy()
            out.append((name, "ran"))
        except RuntimeError as e:
            out.append((name, type(e).__name__, "Unsupported op" in str(e)))
        for _ in range(2):
            try:
                ms.ops.add(ms.Tensor(1.0), ms.Tensor(2.0)).asnumpy()
            except RuntimeError:
                pass
    return out


@case(modes=("PYNATIVE",))
def activation_registry_and_pipeline_stage(ms):
    """``nn.get_activation`` takes the registry's exact names (``softmax``, ``logsoftmax``,
    ``prelu`` included; ``ReLU`` is a KeyError) and ``nn.layer.activation._activation``
    maps them to the Cells; ``Cell.pipeline_stage`` is a non-negative int (TypeError,
    ValueError), readable once set."""
    nn = ms.nn
    act = importlib.import_module(ms.__name__ + ".nn.layer.activation")
    names = ["softmin", "softmax", "softmax2d", "logsoftmax", "relu", "relu6", "silu",
             "tanh", "tanhshrink", "hardtanh", "gelu", "fast_gelu", "elu", "sigmoid",
             "softsign", "prelu", "leakyrelu", "hswish", "hsigmoid", "logsigmoid",
             "softshrink", "hshrink", "mish", "rrelu", "ReLU", "GELU"]
    out = []
    for n in names:
        try:
            out.append((n, type(nn.get_activation(n)).__name__, act._activation[n].__name__))
        except KeyError:
            out.append((n, "KeyError"))
    for f in (lambda: nn.get_activation("threshold"), lambda: nn.Threshold(0.1)):
        try:
            f()
        except TypeError as e:
            out.append(str(e))
    c = nn.Dense(2, 2)
    try:
        out.append(c.pipeline_stage)
    except AttributeError:
        out.append("AttributeError")
    c.pipeline_stage = 2
    out.append(c.pipeline_stage)
    for v in (True, -1, 1.5):
        try:
            c.pipeline_stage = v
        except (TypeError, ValueError) as e:
            out.append((type(e).__name__, str(e)))
    return out
