"""``ops.Custom(func_type='pyfunc')``: forward values with shape/dtype given as values or
functions, a user ``bprop`` (first order, in a Cell, both modes), the error of a gradient
without ``bprop``, and multiple outputs."""
import numpy as np

from ._registry import case


def _mul_add(x, y):
    return x * y + 1


def _same(a, b):
    return a


def _mul_add_bprop(a, b, out, dout):
    return (dout * b, dout * a)


def _split_sign(x):
    return np.maximum(x, 0), np.minimum(x, 0).astype(np.int32)


def _x(ms):
    return (ms.Tensor(np.array([1.0, -2.0, 0.5], np.float32)),
            ms.Tensor(np.array([3.0, 4.0, -1.0], np.float32)))


@case()
def pyfunc_forward(ms):
    x, y = _x(ms)
    a = ms.ops.Custom(_mul_add, out_shape=_same, out_dtype=_same, func_type="pyfunc")(x, y)
    b = ms.ops.Custom(_mul_add, out_shape=(3,), out_dtype=ms.float32)(x, y)
    c = ms.ops.Custom(_split_sign, out_shape=((3,), (3,)), out_dtype=(ms.float32, ms.int32))(x)
    return a, b, c


@case()
def pyfunc_with_bprop_in_a_cell(ms):
    op = ms.ops.Custom(_mul_add, out_shape=_same, out_dtype=_same, bprop=_mul_add_bprop)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.op = op

        def construct(self, a, b):
            return self.op(a, b) * 2
    x, y = _x(ms)
    return Net()(x, y), ms.grad(Net(), grad_position=(0, 1))(x, y)


@case(modes=("PYNATIVE",))
def pyfunc_without_bprop_has_no_gradient(ms):
    op = ms.ops.Custom(_mul_add, out_shape=_same, out_dtype=_same)

    def loss(a, b):
        return op(a, b).sum()
    try:
        ms.grad(loss)(*_x(ms))
        return "no error"
    except Exception as e:  # noqa: BLE001 - the class is what is recorded
        return type(e).__name__


# -- registration information: ops.CustomRegOp and ops.DataType ----------------------------

@case(modes=("PYNATIVE",))
def reg_info_built_in_order(ms):
    dt = ms.ops.DataType
    info = (ms.ops.CustomRegOp("my").input(0, "x", "dynamic").input(1, "z", None)
            .output(0, "y").attr("scale", "required", "float", value="1.0")
            .attr("n", "optional", "int", value=2).attr("bare")
            .dtype_format(dt.F16_Default, dt.F16_Default, dt.F16_Default)
            .dtype_format(dt.F32_NCHW, dt.I32_Default, dt.BOOL_None)
            .fusion_type("OPAQUE").target("GPU").get_op_info())
    return (info, ms.ops.CustomRegOp().get_op_info(),
            ms.ops.CustomRegOp().input().output(name="o").input(0, "x", extra=1)
            .target("TPU").get_op_info())


@case(modes=("PYNATIVE",))
def reg_info_data_types(ms):
    dt = ms.ops.DataType  # every name it defines, with its value
    return {n: list(getattr(dt, n)) for n in dir(dt) if not n.startswith("_")}


def _reg_error(name, build):
    def fn(ms):
        return build(ms.ops.CustomRegOp, ms.ops.DataType)
    fn.__name__ = f"reg_info_error_{name}"
    return fn


for _name, _build in {
    "index_not_int": lambda R, D: R().input("0"),
    "name_not_str": lambda R, D: R().input(0, 1),
    "output_param_type_not_str": lambda R, D: R().output(0, "y", 3),
    "target_not_str": lambda R, D: R().target(1),
    "attr_name_not_str": lambda R, D: R().attr(1),
    "op_name_not_str": lambda R, D: R(1),
    "dtype_format_count": lambda R, D: R().input(0, "x").dtype_format(D.F32_Default,
                                                                      D.F32_Default),
    "dtype_format_without_io": lambda R, D: R().dtype_format(("float32",)),
    "fusion_type_none": lambda R, D: R().fusion_type(None),
}.items():
    case(modes=("PYNATIVE",))(_reg_error(_name, _build))


@case()
def float_status_refuses_integers(ms):
    # MindSpore's CPU build has no FloatStatus kernel, but checks the input type first
    return ms.ops.FloatStatus()(ms.Tensor(np.array([1, 2], np.int32))).asnumpy()


@case(modes=("PYNATIVE",))
def reg_info_target_none(ms):
    return ms.ops.CustomRegOp().target(None).get_op_info()
