"""Tensor methods with two MindSpore 2.10 signatures, and the ``dtype=`` arguments of the
reductions, as a sweep of positional forms found them: ``transpose(dim0, dim1)`` swaps
two dims (``x.transpose(0, 1)`` of a 2-D Tensor is its transpose, not the identity
permutation), ``sum(dim, keepdim)`` by position, ``max``/``min`` of a tuple of axes,
``tile(*dims)``, ``view(dtype)`` (the bytes read as another dtype), ``diag(diagonal=0)``;
``Tensor.cumsum``/``nansum`` with ``dtype`` sum first and cast after (``ops.cumsum``,
``sum``, ``mean`` cast first), ``mint.sum``/``prod``/``mean`` keep an integer ``dtype``;
``Tensor.where`` with a Python float gives Float32; the Scatter kernels refuse a ``src``
of another dtype, TopK a Bool input; ``addcdiv``'s ``value`` is keyword-only; an
in-place method whose arithmetic promotes returns the promoted result and leaves the
Tensor as it was."""
import numpy as np

from . import op_specs
from ._registry import case
from .op_specs import D, S, r

X = r(3, 4, seed=1600)
X3 = r(2, 3, 4, seed=1601)
XI = np.array([[1, -2, 3, 0], [4, 0, 6, 1], [2, 2, 2, 2]], np.int32)
XB = XI > 0
FRAC = np.array([[0.5, -1.25, 2.0, 1.0], [3.5, 0.0, -0.75, 2.0]], np.float32)
BIG8 = np.array([100.5, 100.5, 100.5], np.float32)
IDX = np.array([[0, 1, 2, 0]], np.int64)

SPECS = [
    S("transpose_two_dims_2d", "Tensor.transpose", (X, 0, 1),
      modes=("PYNATIVE",)),
    S("transpose_two_dims_3d", "Tensor.transpose", (X3, 0, 2),
      modes=("PYNATIVE",)),
    S("transpose_two_negative_dims", "Tensor.transpose", (X3, -1, 0),
      modes=("PYNATIVE",)),
    S("transpose_permutation", "Tensor.transpose", (X3, 0, 2, 1)),
    S("transpose_permutation_tuple", "Tensor.transpose", (X3, (2, 0, 1))),
    S("transpose_no_args", "Tensor.transpose", (X3,)),
    S("transpose_dim_keywords", "Tensor.transpose", (X3,), kw={"dim0": 0, "dim1": 1},
      modes=("PYNATIVE",)),
    S("transpose_dim_out_of_range", "Tensor.transpose", (X3, 0, 5), grad=False,
      modes=("PYNATIVE",)),
    S("permute_two_dims", "Tensor.permute", (X, 1, 0)),
    S("sum_dim_keepdim", "Tensor.sum", (X, 1, True)),
    S("sum_dim_keepdim_false", "Tensor.sum", (X, 0, False)),
    S("sum_tuple_keepdim", "Tensor.sum", (X3, (0, 2), True)),
    S("sum_none_keepdim", "Tensor.sum", (X, None, True)),
    S("sum_int_keepdim", "Tensor.sum", (XI, 1, True), grad=False),
    S("sum_bool_keepdim", "Tensor.sum", (XB, 0, True), grad=False),
    S("sum_axis_dtype", "Tensor.sum", (X, 0, D("float32"))),
    S("sum_axis_dtype_keepdims", "Tensor.sum", (X, 0, D("float32"), True)),
    S("sum_keepdim_then_dtype", "Tensor.sum", (X, 0, True, D("float32")), grad=False,
      modes=("PYNATIVE",)),
    S("max_tuple_axes", "Tensor.max", (X3, (0, 2))),
    S("max_tuple_axes_keepdims", "Tensor.max", (X, (0, 1), True)),
    S("min_tuple_axes_int", "Tensor.min", (XI, (0, 1)), grad=False),
    S("tile_varargs", "Tensor.tile", (X, 2, 1)),
    S("view_float16", "Tensor.view", (X, D("float16")), grad=False),
    S("view_int8", "Tensor.view", (X, D("int8")), grad=False),
    S("view_float64", "Tensor.view", (X, D("float64")), grad=False),
    S("view_uint8", "Tensor.view", (np.array([1.0, -2.5], np.float32), D("uint8")),
      grad=False),
    S("view_int32_of_bool", "Tensor.view", (np.array([[True, False, True, True]]),
                                             D("int32")), grad=False),
    S("view_bool_of_int8", "Tensor.view", (np.array([1, 0, 2, 0], np.int8), D("bool_")),
      grad=False),
    S("view_float64_odd_last_dim", "Tensor.view", (r(2, 3, seed=1602), D("float64")),
      grad=False),
    S("view_scalar_other_size", "Tensor.view", (np.array(1.0, np.float32), D("int16")),
      grad=False),
    S("view_scalar_same_size", "Tensor.view", (np.array(1.0, np.float32), D("int32")),
      grad=False),
    S("diag_method_diagonal_zero", "Tensor.diag", (np.array([1.0, 2.0, 3.0], np.float32), 0),
      modes=("PYNATIVE",)),
    S("diag_method_diagonal_one", "Tensor.diag", (np.array([1.0, 2.0, 3.0], np.float32), 1),
      grad=False),
    S("cumsum_method_dtype_after", "Tensor.cumsum", (FRAC, 1, D("int32")), grad=False),
    S("cumsum_method_dtype_keyword", "Tensor.cumsum", (FRAC,),
      kw={"dim": 1, "dtype": D("int32")}, grad=False, modes=("PYNATIVE",)),
    S("cumsum_method_dtype_wraps", "Tensor.cumsum", (BIG8, 0, D("int8")), grad=False),
    S("cumsum_method_int8_to_int32", "Tensor.cumsum",
      (np.array([100, 100, 100], np.int8), 0, D("int32")), grad=False),
    S("cumsum_functional_dtype_first", "ops.cumsum", (FRAC, 1, D("int32")), grad=False),
    S("nansum_method_dtype_after", "Tensor.nansum",
      (np.array([0.5, 3.0, 4.9], np.float32), 0), kw={"dtype": D("int32")}, grad=False,
      modes=("PYNATIVE",)),
    S("nansum_functional_dtype_after", "ops.nansum",
      (np.array([0.5, 3.0, 4.9], np.float32), 0), kw={"dtype": D("int32")}, grad=False,
      modes=("PYNATIVE",)),
    S("mean_method_dtype_float", "Tensor.mean", (np.array([1, 2], np.int32),),
      kw={"dtype": D("float32")}, grad=False, modes=("PYNATIVE",)),
    S("mean_method_dtype_int", "Tensor.mean", (np.array([0.5, 3.0, 4.9], np.float32), 0),
      kw={"dtype": D("int32")}, grad=False, modes=("PYNATIVE",)),
    S("mean_method_dtype_float16", "Tensor.mean", (np.array([0.5, 3.0, 4.9], np.float32),),
      kw={"dtype": D("float16")}, grad=False, modes=("PYNATIVE",)),
    S("mint_sum_int_dtype", "mint.sum", (np.array([0.5, 0.7, 2.5], np.float32),),
      kw={"dtype": D("int32")}, grad=False, modes=("PYNATIVE",)),
    S("mint_prod_int_dtype", "mint.prod", (np.array([1.5, 2.5, 3.0], np.float32),),
      kw={"dtype": D("int32")}, grad=False, modes=("PYNATIVE",)),
    S("mint_mean_int_dtype", "mint.mean", (np.array([0.5, 0.7, 1.9, 3.0], np.float32),),
      kw={"dtype": D("int32")}, grad=False, modes=("PYNATIVE",)),
    S("mint_nansum_int_dtype", "mint.nansum", (np.array([0.5, 0.7, 2.5], np.float32),),
      kw={"dtype": D("int32")}, grad=False, modes=("PYNATIVE",)),
    S("ops_prod_int_dtype", "ops.prod", (np.array([1.5, 2.5, 3.0], np.float32),),
      kw={"dtype": D("int32")}, grad=False, modes=("PYNATIVE",)),
    S("where_method_python_float", "Tensor.where", (XI, XB, 0.0), grad=False),
    S("where_method_python_float_bool", "Tensor.where", (XB, XB, 0.5), grad=False),
    S("addcdiv_method_value_positional", "Tensor.addcdiv", (X, X, X + 10, 0.5), grad=False,
      modes=("PYNATIVE",)),
    S("scatter_method_other_dtype", "Tensor.scatter",
      (XI, 0, IDX, np.ones((1, 4), np.float32)), grad=False, modes=("PYNATIVE",)),
    S("scatter_functional_other_dtype", "ops.scatter",
      (XI, 0, IDX, np.ones((1, 4), np.float32)), grad=False, modes=("PYNATIVE",)),
    S("mint_scatter_other_dtype", "mint.scatter",
      (XI, 0, IDX, np.ones((1, 4), np.float32)), grad=False, modes=("PYNATIVE",)),
    S("tensor_scatter_elements_other_dtype", "ops.tensor_scatter_elements",
      (XI, IDX, np.ones((1, 4), np.float32)), grad=False, modes=("PYNATIVE",)),
    S("topk_bool", "ops.topk", (XB, 2), grad=False, modes=("PYNATIVE",)),
    S("topk_method_bool", "Tensor.topk", (XB, 1), grad=False, modes=("PYNATIVE",)),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)


def _literal_calls(ms):
    """Overloaded methods written out in source, as a ``construct`` holds them (MindSpore's
    graph compiler resolves a literal ``x.transpose(0, 1)`` to the permutation)."""
    class Net(ms.nn.Cell):
        def construct(self, x, x3):
            return (x.transpose(0, 1), x.transpose(1, 0), x3.transpose(0, 2, 1),
                    x3.transpose((2, 0, 1)), x.max(0), x.min(1), x.sum(1, True),
                    x3.max((0, 2)))
    return Net()


@case()
def overloads_in_source(ms):
    net = _literal_calls(ms)
    x, x3 = ms.Tensor(X), ms.Tensor(X3)
    out = net(x, x3)

    def total(a, b):
        o = net(a, b)
        return o[0].sum() + o[1].sum() + o[2].sum() + o[3].sum() + o[6].sum() + o[7].sum()
    return out, ms.grad(total, grad_position=(0, 1))(x, x3)


@case()
def transpose_two_dims_of_3d_in_source(ms):
    class Net(ms.nn.Cell):
        def construct(self, x3):
            return x3.transpose(0, 2)
    try:
        return Net()(ms.Tensor(X3))
    except ValueError as e:
        return ["ValueError", str(e).split("\n")[0]]


@case(modes=("PYNATIVE",))
def overloads_in_jit_functions(ms):
    @ms.jit
    def f(x, x3):
        return x.transpose(0, 1), x.max(0), x3.transpose(2, 1, 0)
    return f(ms.Tensor(X), ms.Tensor(X3))


def _inplace(ms, dtype, name, *args):
    t = ms.Tensor(np.array([[1, -2], [3, 4]], dtype))
    out = getattr(t, name)(*args)
    return [out, t]


@case(modes=("PYNATIVE",))
def inplace_promoting_returns_result(ms):
    """``Bool.add_(1)`` is Int64, ``Int32.div_(2)`` Float32: MindSpore returns the promoted
    value and the Tensor keeps its own."""
    return [_inplace(ms, np.bool_, "add_", 1), _inplace(ms, np.bool_, "sub_", 1),
            _inplace(ms, np.bool_, "mul_", 2), _inplace(ms, np.int32, "div_", 2),
            _inplace(ms, np.int32, "mul_", 1.5), _inplace(ms, np.int32, "add_", 0.5),
            _inplace(ms, np.bool_, "floor_divide_", 1)]
