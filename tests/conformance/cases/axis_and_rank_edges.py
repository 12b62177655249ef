"""Axis, rank and dtype edges of reductions and rearrangements that a random sweep of Tensor
methods found: ``flip``/``ReverseV2`` of an empty tuple of axes (nothing reversed), of a 0-d
Tensor, with repeated or out-of-range axes; ``cummax``/``cummin`` and ``cumsum``/
``cumprod`` of a 0-d Tensor or an axis out of range (each primitive's own words and class);
``CumProd``'s gradient (MindSpore's ``cumsum(out * dout) / x``: NaN where ``x`` is 0, also
exclusive and reversed, and ``mindspore.numpy.cumprod``'s float32 products of integers);
``argmax`` of a 0-d Tensor and over every axis with ``keepdims``; ``max``/``min`` of Bool
along an axis; ``mint.max``/``mint.min`` with a dim sending the gradient to the returned
index (ties not shared); ``renorm`` of integers or a 0-d Tensor; ``Tensor.tile`` by keyword."""
import numpy as np

from . import op_specs
from .op_specs import S, r

X = r(3, 4, seed=1700)
X3 = r(2, 3, 2, seed=1701)
Z = np.array(1.5, np.float32)
ZI = np.array(2, np.int32)
B = np.array([[True, False], [True, True]])
WITH_ZERO = np.array([[2.0, 0.0, 3.0, -1.5], [0.5, 4.0, 0.0, 2.0]], np.float32)
TIES = np.array([[[-2.0, -0.0], [1.0, 0.0]], [[-1.0, 0.0], [-1.0, 3.0]]], np.float32)
BIG_INTS = np.array([3001, 4003, 5009, 7001], np.int32)  # products beyond float32's 2**24

SPECS = [
    S("flip_empty_dims", "Tensor.flip", (X, ()), grad=False),
    S("ops_flip_empty_dims", "ops.flip", (X3, ())),
    S("flip_0d", "Tensor.flip", (Z, ()), grad=False),
    S("flip_0d_axis", "ops.flip", (Z, (0,)), grad=False),
    S("flip_duplicate_axes", "Tensor.flip", (X, (0, -2)), grad=False),
    S("flip_axis_out_of_range", "ops.flip", (X, (2,)), grad=False),
    S("flip_int_axis", "Tensor.flip", (X, 1), grad=False),
    S("flip_two_axes", "Tensor.flip", (X3, (2, 0))),
    S("mint_flip_0d", "mint.flip", (Z, ()), grad=False),
    S("mint_flip_empty_dims", "mint.flip", (X, ()), grad=False),
    S("reversev2_empty_axis", "ops.ReverseV2", (X,), init={"axis": ()}, grad=False),
    S("cummax_0d", "Tensor.cummax", (Z, 0), grad=False),
    S("cummax_0d_int", "ops.cummax", (ZI, -1), grad=False),
    S("cummax_axis_above", "Tensor.cummax", (X, 2), grad=False),
    S("cummax_axis_below", "ops.cummax", (X, -3), grad=False),
    S("cummin_0d", "ops.cummin", (Z, 0), grad=False),
    S("cummin_axis_above", "Tensor.cummin", (X, 2), grad=False),
    S("cummin_axis_below", "Tensor.cummin", (X, -3), grad=False),
    S("mint_cummax_0d", "mint.cummax", (Z, 0), grad=False),
    S("mint_cummin_0d", "mint.cummin", (Z, 0), grad=False),
    S("mint_cummax_dim_above", "mint.cummax", (X, 2), grad=False),
    S("cumsum_method_0d", "Tensor.cumsum", (Z, 0), grad=False),
    S("cumsum_method_0d_flat", "Tensor.cumsum", (Z,)),
    S("ops_cumsum_0d", "ops.cumsum", (Z, 0), grad=False),
    S("cumprod_0d", "Tensor.cumprod", (Z, 0), grad=False),
    S("ops_cumprod_0d", "ops.cumprod", (Z, 0), grad=False),
    S("cumprod_grad_with_zeros", "ops.cumprod", (WITH_ZERO, 1)),
    S("cumprod_grad_axis0", "Tensor.cumprod", (WITH_ZERO, 0)),
    S("cumprod_grad_no_zeros", "ops.cumprod", (X3, 1)),
    S("cumprod_grad_float16", "ops.cumprod", (WITH_ZERO.astype(np.float16), 1),
      rtol=1e-3, atol=1e-3),
    S("mint_cumprod_grad_with_zeros", "mint.cumprod", (WITH_ZERO, 1)),
    S("CumProd_grad_with_zeros", "ops.CumProd", (WITH_ZERO, 1)),
    S("CumProd_exclusive_grad", "ops.CumProd", (WITH_ZERO, 1), init={"exclusive": True}),
    S("CumProd_reverse_grad", "ops.CumProd", (WITH_ZERO, 1), init={"reverse": True}),
    S("CumProd_exclusive_reverse_grad", "ops.CumProd", (X3, 0),
      init={"exclusive": True, "reverse": True}),
    S("numpy_cumprod_grad_with_zeros", "numpy.cumprod", (WITH_ZERO,)),
    S("numpy_cumprod_axis", "numpy.cumprod", (WITH_ZERO, 1)),
    S("numpy_cumprod_large_ints", "numpy.cumprod", (BIG_INTS,), grad=False),
    S("numpy_cumprod_int8", "numpy.cumprod", (np.array([2, 3, 4], np.int8),), grad=False),
    S("numpy_cumprod_float16", "numpy.cumprod", (WITH_ZERO.astype(np.float16), 0),
      grad=False),
    S("argmax_0d_axis", "Tensor.argmax", (Z, 0), grad=False),
    S("argmax_0d_axis_keepdims", "Tensor.argmax", (Z, 1, True), grad=False),
    S("ops_argmax_0d", "ops.argmax", (Z, 0), grad=False),
    S("ops_argmax_all_axes_keepdim", "ops.argmax", (X, None, True), grad=False),
    S("argmin_0d_axis", "Tensor.argmin", (Z, 0), grad=False),
    S("max_bool_axis", "Tensor.max", (B,), kw={"axis": 0}, grad=False),
    S("max_bool_positional_dim", "Tensor.max", (B, 0), grad=False),
    S("min_bool_axis_keepdims", "Tensor.min", (B,), kw={"axis": 1, "keepdims": True},
      grad=False),
    S("ops_max_bool_axis", "ops.max", (B, 0), grad=False),
    S("ops_min_bool", "ops.min", (B,), grad=False),
    S("mint_max_bool", "mint.max", (B,), grad=False),
    S("mint_max_bool_dim", "mint.max", (B, 0), grad=False),
    S("mint_min_bool_dim", "mint.min", (B, 1), grad=False),
    S("renorm_int", "Tensor.renorm", (np.array([[3, 4], [1, 0]], np.int32), 2, 0, 1.0),
      grad=False),
    S("renorm_0d", "ops.renorm", (Z, 2, 0, 1.0), grad=False),
    S("renorm_1d", "Tensor.renorm", (np.array([3.0, 4.0], np.float32), 2, 0, 1.0)),
    S("tile_reps_keyword", "Tensor.tile", (X,), kw={"reps": (2, 1)}),
    S("tile_dims_keyword", "Tensor.tile", (Z,), kw={"dims": (3,)}),
    S("ops_tile_dims_keyword", "ops.tile", (X,), kw={"dims": (1, 2)}),
    S("mint_min_dim_ties_grad", "mint.min", (TIES, -2), pick=0),
    S("mint_max_dim_ties_grad", "mint.max", (TIES, 0, True), pick=0),
    S("mint_max_dim_ties_grad_float16", "mint.max", (TIES.astype(np.float16), 1), pick=0),
    S("softmax_method_int", "Tensor.softmax", (np.array([[1, 3], [2, 0]], np.int32), -1),
      grad=False),
    S("softmax_method_int_dtype", "Tensor.softmax", (np.array([[1, 3], [2, 0]], np.int32), -1),
      kw={"dtype": op_specs.D("float32")}, grad=False),
    S("mint_softmax_int", "mint.nn.functional.softmax",
      (np.array([[1, 3], [2, 0]], np.int32), 0), grad=False),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)
