"""Tensor methods and mint functions a sweep over special values and extra arguments
found: ``Tensor.flatten(start_dim, end_dim)`` positionally, ``Tensor.squeeze(axis)`` of an
axis that is not 1 (left alone), ``Tensor.tile(int)``, ``Tensor.trace`` with an offset and
of 3-D, ``Tensor.searchsorted``'s Int32, ``Tensor.ptp``/``sgn``/``heaviside`` with NaN,
``mint.cummax``'s NaN index, ``Tensor.resize()``."""
import numpy as np

from . import op_specs
from .op_specs import S, r

X3 = r(2, 3, 4, seed=1500)
X = r(3, 4, seed=1501)
NANS = np.array([[1.0, np.nan, 3.0, -2.0], [np.nan, 2.0, 0.0, 1.0]], np.float32)
TIES = np.array([[1.0, 3.0, 3.0, 2.0, 3.0], [2.0, 1.0, 1.0, np.nan, 0.0]], np.float32)

SPECS = [
    S("flatten_start_dim", "Tensor.flatten", (X3, 1)),
    S("flatten_start_keyword", "Tensor.flatten", (X3,), kw={"start_dim": 1}, grad=False),
    S("flatten_start_end", "Tensor.flatten", (r(2, 3, 4, 5, seed=1502), 1, 2), grad=False),
    S("flatten_order_f", "Tensor.flatten", (X3, "F"), grad=False),
    S("squeeze_axis_not_one", "Tensor.squeeze", (X, 1), grad=False),
    S("squeeze_axes_some_one", "Tensor.squeeze", (r(1, 3, 1, seed=1503), (0, 1)), grad=False),
    S("tile_int", "Tensor.tile", (X, 2)),
    S("trace_offset", "Tensor.trace", (X, 1)),
    S("trace_offset_keyword", "Tensor.trace", (X,), kw={"offset": -1}, grad=False),
    S("trace_3d", "Tensor.trace", (X3,)),
    S("trace_axes", "Tensor.trace", (X3, 0, 1, 2), grad=False),
    S("searchsorted_method_int32", "Tensor.searchsorted",
      (np.array([1.0, 2.0, 3.0], np.float32), np.array([2.5, 0.0], np.float32)), grad=False),
    S("ptp_nan", "Tensor.ptp", (NANS,), grad=False),
    S("ptp_nan_axis", "Tensor.ptp", (NANS, 1), grad=False),
    S("sgn_nan", "ops.sgn", (NANS,), grad=False),
    S("heaviside_nan", "ops.heaviside", (NANS, np.full((2, 4), 0.5, np.float32)), grad=False),
    S("mint_cummax_nan_ties", "mint.cummax", (TIES, 1), grad=False),
    S("mint_cummax_int", "mint.cummax", (np.array([[1, 3, 3, 2, 3]], np.int32), 1),
      grad=False),
    S("resize_no_shape", "Tensor.resize", (X,), grad=False),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)

ROUND_SPECS = [
    S("Tensor_round_positional_decimals", "Tensor.round", (r(3, 4, seed=1504), 0)),
    S("Tensor_round_decimals_error", "Tensor.round", (r(3, 4, seed=1505), 1), grad=False),
]

for _spec in ROUND_SPECS:
    op_specs._register(_spec, module=__name__)
