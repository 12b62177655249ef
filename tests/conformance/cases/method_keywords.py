"""Tensor methods called by keyword, as a sweep of every overloaded method found them:
MindSpore 2.10 dispatches ``mul(other=...)``, ``pow(exponent=...)``, ``eq``/``ge``/``lt``
(``other``), ``div(other, *, rounding_mode)``, ``remainder(divisor=...)``,
``isclose(x2=...)``, ``matmul(tensor2=...)``, ``split(split_size, dim)``,
``std(dim, *, correction, keepdim)``, ``sort``/``argsort(stable=...)``, ``take(index=...)``,
``where(condition, other)``, ``sub(y=...)`` among several C++ signatures, which mscompat
reads from a recorded table (``ms_keywords.OVERLOADS``); ``Tensor.to`` takes a dtype, a
Tensor or a device; ``Tensor.select(condition, y)`` checks a Python ``y`` against the
dtype; ``max``/``min`` over every axis ignore ``initial``/``where`` and give index 0, along
one axis they raise the input to ``initial`` first; ``gather(dim, index)`` with an index
shorter than the input in another dimension reads that dimension's first entries (a
silently different result before: the index was broadcast). ``mint`` functions take their
own keywords (``mint.softmax(x, dim=0)``, ``mint.sqrt(input=x)``, ``mint.max(x, other=y)``)."""
import numpy as np

from . import op_specs
from ._registry import case
from .op_specs import TK, D, S, r

X = np.array([[1.5, -2.0, 3.0], [4.0, 0.5, -6.0]], np.float32)
Y = r(2, 3, seed=1700)
B = r(3, 2, seed=1701)
SHORT = np.array([[0, 2]], np.int64)
W = np.array([[True, False, True], [False, True, True]])

SPECS = [
    S("mul_other", "Tensor.mul", (X,), kw={"other": 2.5}),
    S("mul_other_tensor", "Tensor.mul", (X, ), kw={"other": TK(Y)}),
    S("pow_exponent", "Tensor.pow", (X,), kw={"exponent": 2}),
    S("eq_other", "Tensor.eq", (X,), kw={"other": 3.0}, grad=False),
    S("ge_other", "Tensor.ge", (X,), kw={"other": 1}, grad=False),
    S("lt_other", "Tensor.lt", (X,), kw={"other": TK(Y)}, grad=False),
    S("maximum_other", "Tensor.maximum", (X,), kw={"other": TK(Y)}),
    S("div_other_rounding", "Tensor.div", (X,), kw={"other": 2.0, "rounding_mode": "floor"}),
    S("divide_other", "Tensor.divide", (X,), kw={"other": TK(Y)}),
    S("true_divide_other", "Tensor.true_divide", (X,), kw={"other": 4.0}),
    S("remainder_divisor", "Tensor.remainder", (X,), kw={"divisor": 1.5}),
    S("atan2_other", "Tensor.atan2", (X,), kw={"other": TK(Y)}),
    S("xlogy_other", "Tensor.xlogy", (np.abs(X),), kw={"other": TK(np.abs(Y) + 0.5)}),
    S("isclose_x2", "Tensor.isclose", (X,), kw={"x2": TK(X + 0.05), "rtol": 0.1, "atol": 0.0},
      grad=False),
    S("matmul_tensor2", "Tensor.matmul", (X,), kw={"tensor2": TK(B)}),
    S("sub_y", "Tensor.sub", (X,), kw={"y": 0.5}),
    S("split_size_dim", "Tensor.split", (X,), kw={"split_size": 2, "dim": 1}, pick=0),
    S("std_dim_correction", "Tensor.std", (X,), kw={"dim": 1, "correction": 1,
                                                    "keepdim": True},
      modes=("PYNATIVE",)),
    S("std_dim_only", "Tensor.std", (X,), kw={"dim": 0},
      modes=("PYNATIVE",)),
    S("sort_stable", "Tensor.sort", (X,), kw={"dim": 0, "descending": True, "stable": True},
      pick=0,
      modes=("PYNATIVE",)),
    S("argsort_stable", "Tensor.argsort", (X,), kw={"stable": True}, grad=False),
    S("take_index", "Tensor.take", (X,), kw={"index": TK(np.array([5, 0, 2], np.int64))},
      modes=("PYNATIVE",)),
    S("where_condition_other", "Tensor.where", (X,), kw={"condition": TK(W), "other": 0.25},
      modes=("PYNATIVE",)),
    S("max_initial_all_axes", "Tensor.max", (X,), kw={"initial": 10.0}),
    S("max_return_indices_all_axes", "Tensor.max", (X,), kw={"return_indices": True}, pick=0),
    S("min_axis_initial", "Tensor.min", (X,), kw={"axis": 1, "initial": -1.0,
                                                 "return_indices": True}, pick=0),
    S("max_axis_where_initial", "Tensor.max", (X,), kw={"axis": 0, "where": TK(W),
                                                       "initial": 0.0, "return_indices": True},
      pick=0),
    S("max_where_true", "Tensor.max", (X,), kw={"axis": 0, "where": True}),
    S("ops_max_initial_all_axes", "ops.max", (X,), kw={"initial": 10.0}, pick=0),
    S("ops_min_axis_initial", "ops.min", (X,), kw={"axis": 0, "initial": 1.0}, pick=0),
    S("amax_where_true", "Tensor.amax", (X,), kw={"axis": 1, "where": True},
      modes=("PYNATIVE",)),
    S("gather_short_index", "Tensor.gather", (X,), kw={"dim": 1, "index": TK(SHORT)}),
    S("gather_short_index_positional", "Tensor.gather", (X, 1, SHORT)),
    S("gather_elements_short_index", "ops.gather_elements", (X, 1, SHORT)),
    S("mint_gather_short_index", "mint.gather", (X, 1, SHORT)),
    S("gather_elements_longer_along_dim", "ops.gather_elements",
      (X, 0, np.array([[1], [0], [1]], np.int64))),
    S("mint_softmax_dim", "mint.softmax", (Y,), kw={"dim": 0}),
    S("mint_permute_dims", "mint.permute", (X,), kw={"dims": (1, 0)}),
    S("mint_max_other", "mint.max", (X,), kw={"other": TK(Y)}),
    S("mint_max_other_number", "mint.max", (X,), kw={"other": 2}),
    S("mint_min_other_float_of_int", "mint.min", (X.astype(np.int32),), kw={"other": 2.5},
      grad=False),
    S("mint_max_dim_keepdim", "mint.max", (X,), kw={"dim": 1, "keepdim": True}, pick=0),
    S("mint_div_rounding", "mint.div", (X,), kw={"other": 2.0, "rounding_mode": "floor"}),
    S("mint_sum_dim_dtype", "mint.sum", (X,), kw={"dim": 1, "keepdim": True,
                                                 "dtype": D("float64")}),
    S("mint_clamp_min", "mint.clamp", (X,), kw={"min": 0.5}),
    S("mint_gather_keywords", "mint.gather", (X,), kw={"dim": 1, "index": TK(SHORT)}),
    S("mint_functional_softmax_dim", "mint.nn.functional.softmax", (Y,), kw={"dim": 1}),
    S("to_dtype_copy", "Tensor.to", (X,), kw={"dtype": D("float16"), "copy": True}, grad=False),
    S("to_device_dtype", "Tensor.to", (X, "cpu", D("int32")), grad=False,
      modes=("PYNATIVE",)),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case(modes=("PYNATIVE",))
def keyword_refusals(ms):
    """Keywords MindSpore's signatures lack, and index shapes GatherD refuses (MindSpore
    raises when the result is read, so each is read)."""
    x = ms.Tensor(X)
    return [_outcome(lambda: ms.ops.sort(x, stable=True)),
            _outcome(lambda: ms.ops.gather_elements(
                x, 1, ms.Tensor(np.array([[0], [1], [1]], np.int64))).asnumpy())]


@case(modes=("PYNATIVE",))
def gather_rank_refusal(ms):
    """An index of another rank (alone: MindSpore's PYNATIVE errors stay for the next op)."""
    x = ms.Tensor(X)
    return _outcome(lambda: ms.ops.gather_elements(
        x, 1, ms.Tensor(np.array([0, 1], np.int64))).asnumpy())


@case(modes=("PYNATIVE",))
def tensor_to_forms(ms):
    """``Tensor.to``: a dtype, another Tensor's dtype, a device; unknown devices refused."""
    x = ms.Tensor(X)
    return [x.to(ms.float16), x.to(other=ms.Tensor(np.array([1, 2], np.int32))),
            x.to("CPU"), x.to(device="cpu", dtype=ms.float64, non_blocking=True),
            _outcome(lambda: x.to("cuda")), _outcome(lambda: x.to(3))]


@case(modes=("PYNATIVE",))
def select_condition_y(ms):
    """``Tensor.select(condition, y)``: a Python int needs an Int32 Tensor, a float a
    Float32 one."""
    x = ms.Tensor(X)
    c = ms.Tensor(W)
    xi = ms.Tensor(X.astype(np.int32))
    return [x.select(c, 2.5), x.select(condition=c, y=ms.Tensor(Y)), xi.select(c, 7),
            _outcome(lambda: x.select(c, 2)), _outcome(lambda: xi.select(c, 2.5)),
            _outcome(lambda: x.astype(ms.float16).select(c, 1.0))]


@case(modes=("PYNATIVE",))
def mint_input_keywords(ms):
    """``mint`` functions with every argument by keyword, under mint's own names (``input``,
    ``tensor``, ``tensors``: some are ``ops`` functions whose ``ops`` names differ)."""
    x, y = ms.Tensor(np.abs(X) + 1), ms.Tensor(Y)
    m = ms.mint
    return [m.sqrt(input=x), m.isnan(tensor=x), m.less(input=x, other=2),
            m.nn.functional.relu(input=y), m.cat(tensors=(x, y), dim=0),
            m.erfc(input=y)]


@case()
def gradient_through_keyword_tensors(ms):
    """A differentiated Tensor passed by keyword (``ops.sigmoid(input=t)``,
    ``ops.mul(y, other=t)``, ``t.mul(other=t)``): in PYNATIVE_MODE the recording missed it
    and raised JAX's ``__jax_array__`` ValueError."""
    ops = ms.ops
    y = ms.Tensor(Y)

    def loss(t):
        return (ops.sigmoid(input=t) + ops.mul(y, other=t) + t.mul(other=t)
                + ops.maximum(input=t, other=y)).sum()
    return ms.grad(loss)(ms.Tensor(X))
