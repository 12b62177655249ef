"""The error contract: bad arguments raise MindSpore's exception class (errors.py).

One row per bad call; each is recorded from MindSpore in both modes (the result is read
back with ``asnumpy`` because PYNATIVE reports some errors only when a value is used).
"""
import numpy as np

from ._registry import case


def _rows(ms):
    ops, nn, Tensor = ms.ops, ms.nn, ms.Tensor

    def f32(*s):
        return Tensor(np.ones(s, np.float32))

    def i32(*s):
        return Tensor(np.ones(s, np.int32))

    return {
        "add_shape": lambda: ops.add(f32(2, 3), f32(4)),
        "add_str": lambda: ops.add(f32(2), "a"),
        "matmul_shape": lambda: ops.matmul(f32(2, 3), f32(2, 3)),
        "MatMul_shape": lambda: ops.MatMul()(f32(2, 3), f32(2, 3)),
        "matmul_1d_2d": lambda: ops.matmul(f32(3), f32(2, 3)),
        "reshape_size": lambda: ops.reshape(f32(6), (4, 2)),
        "reshape_method": lambda: f32(6).reshape(4, 2),
        "transpose_perm": lambda: ops.transpose(f32(2, 3), (0, 0)),
        "transpose_len": lambda: ops.transpose(f32(2, 3), (0,)),
        "concat_shape": lambda: ops.concat((f32(2, 3), f32(2, 4)), 0),
        "concat_dtype": lambda: ops.concat((f32(2, 3), i32(2, 3)), 0),
        "stack_shape": lambda: ops.stack((f32(2), f32(3))),
        "sum_axis": lambda: ops.sum(f32(2, 3), 5),
        "mean_axis": lambda: ops.mean(f32(2, 3), 5),
        "ReduceSum_axis": lambda: ops.ReduceSum()(f32(2, 3), 5),
        "argmax_axis": lambda: ops.argmax(f32(2, 3), 4),
        "squeeze_dim": lambda: ops.squeeze(f32(2, 3), 0),
        "expand_dims_axis": lambda: ops.expand_dims(f32(2, 3), 5),
        "softmax_axis": lambda: ops.softmax(f32(2, 3), 3),
        "exp_int": lambda: ops.exp(i32(2)),
        "sqrt_int": lambda: ops.sqrt(i32(2)),
        "sin_int": lambda: ops.sin(i32(2)),
        "cast_bad": lambda: ops.cast(f32(2), "float32"),
        "gather_axis": lambda: ops.gather(f32(2, 3), i32(2), 5),
        "one_hot_depth": lambda: ops.one_hot(i32(2), -1, Tensor(1.0), Tensor(0.0)),
        "tile_neg": lambda: ops.tile(f32(2), (-1,)),
        "zeros_str": lambda: ops.zeros("a"),
        "zeros_float_shape": lambda: ops.zeros((2.5, 3)),
        "tensor_str": lambda: Tensor("abc"),
        "tensor_ragged": lambda: Tensor([[1, 2], [3]]),
        "tensor_none": lambda: Tensor(None),
        "index_oob": lambda: f32(3)[5],
        "index_float": lambda: f32(3)[1.5],
        "item_multi": lambda: f32(3).item(),
        "bool_multi": lambda: bool(f32(3)),
        "astype_bad": lambda: f32(3).astype("nope"),
        "dense_in": lambda: nn.Dense(3, 4)(f32(2, 5)),
        "dense_neg": lambda: nn.Dense(-3, 4),
        "dense_float": lambda: nn.Dense(3.5, 4),
        "mse_shape": lambda: nn.MSELoss()(f32(2, 3), f32(3, 2)),
        "mse_reduction": lambda: nn.MSELoss(reduction="bad"),
        "sce_shape": lambda: nn.SoftmaxCrossEntropyWithLogits()(f32(2, 3), f32(2, 4)),
        "sgd_lr_neg": lambda: nn.SGD(nn.Dense(2, 2).trainable_params(), learning_rate=-1.0),
        "momentum_neg": lambda: nn.Momentum(nn.Dense(2, 2).trainable_params(), 0.1, momentum=-1.0),
        "adam_beta": lambda: nn.Adam(nn.Dense(2, 2).trainable_params(), beta1=1.5),
        "param_name": lambda: ms.Parameter(f32(2), name=3),
        "set_data_shape": lambda: ms.Parameter(f32(2), name="p").set_data(f32(3)),
        "grad_noncallable": lambda: ms.grad(3),
        "grad_pos_str": lambda: ms.grad(lambda x: x, grad_position="a"),
        "select_shape": lambda: ops.select(Tensor(np.array([True, False])), f32(3), f32(3)),
        "div_shape": lambda: f32(2) / f32(3),
        "pow_shape": lambda: f32(2) ** f32(3),
        "maximum_shape": lambda: ops.maximum(f32(2), f32(3)),
        "equal_shape": lambda: ops.equal(f32(2), f32(3)),
        "setitem_shape": lambda: f32(3).__setitem__(slice(0, 2), f32(3)),
        "clip_none": lambda: ops.clip(f32(3)),
        "sgd_int_parameter": lambda: nn.SGD([ms.Parameter(i32(2), name="s")], 0.1)((i32(2),)),
        "momentum_int_parameter": lambda: nn.Momentum(
            [ms.Parameter(i32(2), name="n")], 0.1, 0.9)((i32(2),)),
        "adam_int_parameter": lambda: nn.Adam([ms.Parameter(i32(2), name="n")])((i32(2),)),
    }


def _sync(result):
    for t in result if isinstance(result, tuple) else (result,):
        if hasattr(t, "asnumpy"):
            t.asnumpy()
    return "ok"


def _register(name):
    def run(ms):
        return _sync(_rows(ms)[name]())
    run.__name__ = name
    run.__qualname__ = name
    case()(run)


_NAMES = [
    "add_shape",
    "add_str",
    "matmul_shape",
    "MatMul_shape",
    "matmul_1d_2d",
    "reshape_size",
    "reshape_method",
    "transpose_perm",
    "transpose_len",
    "concat_shape",
    "concat_dtype",
    "stack_shape",
    "sum_axis",
    "mean_axis",
    "ReduceSum_axis",
    "argmax_axis",
    "squeeze_dim",
    "expand_dims_axis",
    "softmax_axis",
    "exp_int",
    "sqrt_int",
    "sin_int",
    "cast_bad",
    "gather_axis",
    "one_hot_depth",
    "tile_neg",
    "zeros_str",
    "zeros_float_shape",
    "tensor_str",
    "tensor_ragged",
    "tensor_none",
    "index_oob",
    "index_float",
    "item_multi",
    "bool_multi",
    "astype_bad",
    "dense_in",
    "dense_neg",
    "dense_float",
    "mse_shape",
    "mse_reduction",
    "sce_shape",
    "sgd_lr_neg",
    "momentum_neg",
    "adam_beta",
    "param_name",
    "set_data_shape",
    "grad_noncallable",
    "grad_pos_str",
    "select_shape",
    "div_shape",
    "pow_shape",
    "maximum_shape",
    "equal_shape",
    "setitem_shape",
    "clip_none",
    "sgd_int_parameter",
    "momentum_int_parameter",
    "adam_int_parameter",
]
for _name in _NAMES:
    _register(_name)


@case()
def cross_entropy_loss_cell_checks(ms):
    """``nn.CrossEntropyLoss`` checks more than ``ops.cross_entropy``: Float16/Float32 logits,
    probabilities of the logits' shape, Int32 class indices (Int64 is refused)."""
    nn, Tensor = ms.nn, ms.Tensor

    def t(*s, dt=np.float32):
        return Tensor(np.ones(s, dt))
    calls = [(t(4, 3), t(4, 3, dt=np.int32)), (t(4, 3), t(4, 2)), (t(4, 3), t(5, dt=np.int32)),
             (t(4, 3), t(4, 3, 2)), (t(4, 3), t(4, dt=np.int64)),
             (t(4, 3, dt=np.float64), t(4, dt=np.int32)), (t(2, 3, 5), t(2, 4, dt=np.int32)),
             (t(4, 3), t(4, dt=np.int32)), (t(4, 3), t(4, 3)), (t(3), t(3)),
             (t(2, 3, 5), t(2, 5, dt=np.int32))]
    out = []
    for logits, labels in calls:
        try:
            out.append(nn.CrossEntropyLoss()(logits, labels))
        except (TypeError, ValueError) as e:
            out.append(f"{type(e).__name__}: {str(e).splitlines()[0]}")
    return out
