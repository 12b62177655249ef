"""Primitive instances called by keyword, ``ops.ReduceSum(keep_dims=True)(x, axis=1)``,
``ops.Cast()(x, dtype=...)``, ``ops.Gather()(x, input_indices=i, axis=0)``: MindSpore binds
them by its ``__call__`` parameter names (recorded in ``ms_keywords.PRIMITIVE_CALLS``), in
both modes; mscompat's Primitives took positional inputs only and raised TypeError. A call
MindSpore defines as ``*args`` (``AddN``) takes no keyword, and a wrong name, a missing
input or a name given twice is Python's TypeError under MindSpore's class name."""
import numpy as np

from . import op_specs
from ._registry import case
from .op_specs import TK, D, S, r

X = np.array([[1.5, -2.0, 3.0], [4.0, 0.5, -6.0]], np.float32)
Y = r(2, 3, seed=1710)
IDX = np.array([2, 0], np.int32)

SPECS = [
    S("reduce_sum_axis", "ops.ReduceSum", (X,), kw={"axis": 1}, init={}),
    S("reduce_sum_keep_axis_tuple", "ops.ReduceSum", (X,), kw={"axis": (0,)},
      init={"keep_dims": True}),
    S("reduce_mean_axis", "ops.ReduceMean", (X,), kw={"axis": -1}, init={}),
    S("reduce_max_axis", "ops.ReduceMax", (X,), kw={"axis": 0}, init={"keep_dims": True}),
    S("cast_dtype", "ops.Cast", (X,), kw={"dtype": D("float16")}, init={}),
    S("reshape_shape", "ops.Reshape", (X,), kw={"shape": (3, 2)}, init={}),
    S("transpose_dims", "ops.Transpose", (X,), kw={"dims": (1, 0)}, init={}),
    S("add_other", "ops.Add", (X,), kw={"other": TK(Y)}, init={}),
    S("mul_other", "ops.Mul", (X,), kw={"other": 2.5}, init={}),
    S("gather_indices_axis", "ops.Gather", (X,), kw={"input_indices": TK(IDX), "axis": 1},
      init={}),
    S("gather_d_index", "ops.GatherD", (X, 1), kw={"index": TK(np.array([[1, 0]], np.int32))},
      init={}),
    S("tile_dims", "ops.Tile", (X,), kw={"dims": (2, 1)}, init={}),
    S("slice_begin_size", "ops.Slice", (X,), kw={"begin": (0, 1), "size": (2, 2)}, init={}),
    S("expand_dims_axis", "ops.ExpandDims", (X,), kw={"axis": 1}, init={}),
    S("cumsum_axis", "ops.CumSum", (X,), kw={"axis": 1}, init={"reverse": True}),
    S("select_input_other", "ops.Select", (X > 0,), kw={"input": TK(X), "other": TK(Y)},
      init={}, grad=False),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case()
def every_input_by_keyword(ms):
    """Inputs that are not the first Tensor, and calls with no positional input at all."""
    ops = ms.ops
    x = ms.Tensor(X)
    return [ops.Concat(1)(tensors=(x, x)), ops.Split(1, 3)(input_x=x)[2],
            ops.Zeros()(size=(2,), dtype=ms.int32), ops.Fill()(dtype=ms.int32, dims=(2,), x=3),
            ops.ReduceSum()(x=x), ops.Sqrt()(x=ms.Tensor(np.abs(X)))]


@case(modes=("PYNATIVE",))  # (GRAPH_MODE: a RuntimeError while compiling)
def unexpected_keyword(ms):
    return _outcome(lambda: ms.ops.ReduceSum()(ms.Tensor(X), axs=1))


@case(modes=("PYNATIVE",))
def keyword_of_a_varargs_call(ms):
    return _outcome(lambda: ms.ops.AddN()(inputs=[ms.Tensor(X), ms.Tensor(X)]))


@case(modes=("PYNATIVE",))
def functional_name_is_not_the_primitive_name(ms):
    """``ops.sqrt(input=...)`` but ``ops.Sqrt()(x=...)``."""
    return _outcome(lambda: ms.ops.Sqrt()(input=ms.Tensor(X)))


@case(modes=("PYNATIVE",))
def missing_first_input(ms):
    return _outcome(lambda: ms.ops.ReduceSum()(axis=1))


@case(modes=("PYNATIVE",))
def input_given_twice(ms):
    return _outcome(lambda: ms.ops.Add()(ms.Tensor(X), input=ms.Tensor(Y)))


@case()
def keywords_inside_construct(ms):
    """The same calls in a Cell's ``construct`` (GRAPH_MODE compiles them) and under grad."""
    ops = ms.ops

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.sum = ops.ReduceSum(keep_dims=True)
            self.cast = ops.Cast()
            self.mul = ops.Mul()

        def construct(self, a, b):
            s = self.sum(x=a, axis=1)
            return self.mul(self.cast(s, dtype=ms.float32), other=b)

    net = Net()
    x, y = ms.Tensor(X), ms.Tensor(Y)
    return net(x, y), ms.grad(net, grad_position=(0, 1))(x, y)
