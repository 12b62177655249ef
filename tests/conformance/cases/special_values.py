"""Infinities, NaN and quotients near an integer, where MindSpore's kernels and composites
differ from NumPy's and JAX's rules: ``floor_divide`` of an infinity (the quotient),
``div(rounding_mode='floor')`` as FloorDiv (``5 // 0.1`` is 49), Float16 floor division in
float32, ``remainder`` as ``x - floor_divide(x, y) * y`` (each step rounded), ``%`` by an
infinity (NaN), and the ``logaddexp``/``logaddexp2``/``logsumexp`` composites (two
infinities give NaN; gradients as composed)."""
import numpy as np

from . import op_specs
from .op_specs import S, r

INF, NAN = np.inf, np.nan
X = np.array([INF, INF, -INF, INF, 1.0, -1.0, 1.0, -1.0, 5.0, -5.0, 0.3, NAN, 3.0, -0.0,
              7.0, -0.0], np.float32)
Y = np.array([1.0, -1.0, 2.0, INF, INF, INF, -INF, -INF, 0.1, 0.1, -0.1, 1.0, NAN, 2.0,
              0.7, -3.0], np.float32)
_rs = np.random.RandomState(1300)
STEP = _rs.choice(np.array([0.1, 0.2, 0.3, 0.7, 1.1, 0.01, 3.0, 2.5], np.float32), 64) * \
    _rs.choice(np.array([1, -1], np.float32), 64)
NEAR = (STEP * _rs.randint(-60, 60, 64)).astype(np.float32)  # multiples: quotients near n
A = r(4, 6, seed=1301, lo=-5, hi=5)
B = r(4, 6, seed=1302, lo=-5, hi=5)
TIES = np.array([[1.0, 1.0, 0.5], [2.0, -1.0, 2.0]], np.float32)
INFS = np.array([[INF, 1.0, 0.5], [-INF, -INF, 2.0], [NAN, 0.0, 1.0]], np.float32)

SPECS = [
    S("floor_divide_infinities", "ops.floor_divide", (X, Y), grad=False),
    S("floor_divide_near_integers", "ops.floor_divide", (NEAR, STEP), grad=False),
    S("floor_divide_float16", "ops.floor_divide", (NEAR.astype(np.float16),
                                                   STEP.astype(np.float16)), grad=False),
    S("floor_divide_float64", "ops.floor_divide", (NEAR.astype(np.float64),
                                                   STEP.astype(np.float64)), grad=False),
    S("floordiv_operator", "Tensor.__floordiv__", (X, Y), grad=False),
    S("div_floor_near_integers", "ops.div", (NEAR, STEP), kw={"rounding_mode": "floor"},
      grad=False),
    S("div_floor_infinities", "ops.div", (X, Y), kw={"rounding_mode": "floor"}, grad=False),
    S("div_trunc_near_integers", "ops.div", (NEAR, STEP), kw={"rounding_mode": "trunc"},
      grad=False),
    S("remainder_near_integers", "ops.remainder", (NEAR, STEP), rtol=0, atol=0),
    S("remainder_infinities", "ops.remainder", (X, Y), grad=False),
    S("remainder_float16", "ops.remainder", (NEAR.astype(np.float16),
                                             STEP.astype(np.float16)), grad=False),
    S("remainder_python_float", "ops.remainder", (NEAR, 0.1), grad=False),
    S("Tensor_remainder", "Tensor.remainder", (A, B)),
    S("mod_operator_infinities", "Tensor.__mod__", (X, Y), grad=False),
    S("floor_mod_near_integers", "ops.floor_mod", (NEAR, STEP), grad=False),
    S("logaddexp_infinities", "ops.logaddexp", (X, Y), grad=False),
    S("logaddexp", "ops.logaddexp", (A, B)),
    S("logaddexp_ties", "ops.logaddexp", (TIES, TIES)),
    S("logaddexp_float64", "ops.logaddexp", (A.astype(np.float64), B.astype(np.float64))),
    S("logaddexp2_infinities", "ops.logaddexp2", (X, Y), grad=False),
    S("logaddexp2", "ops.logaddexp2", (A, B)),
    S("logsumexp_infinities", "ops.logsumexp", (INFS, 1), grad=False),
    S("logsumexp_ties", "ops.logsumexp", (TIES, 1)),
    S("logsumexp_all_keepdim", "ops.logsumexp", (A, (0, 1), True)),
    S("logsumexp_axis0", "ops.logsumexp", (A, 0)),
    S("Tensor_logsumexp", "Tensor.logsumexp", (A, 1)),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)

NANS = np.array([[0.0, INF, -1.18, -1.97], [NAN, -0.09, -INF, -0.0], [-2.89, 1.96, 2.4, 0.51],
                 [1.0, NAN, 3.0, 2.0]], np.float32)
# MindSpore's CPU max/min: a NaN after the first element along the axis never wins, a NaN
# first always does (``op_table._skip_nan``), in every entry point
NAN_SPECS = [
    S("reduce_max_nan", "ops.reduce_max", (NANS,), grad=False),
    S("reduce_max_nan_axis", "ops.reduce_max", (NANS, 1), grad=False),
    S("reduce_min_nan_axis", "ops.reduce_min", (NANS, 1), grad=False),
    S("reduce_min_axes", "ops.reduce_min", (A, (0, 1))),
    S("reduce_max_grad", "ops.reduce_max", (TIES, 1)),
    S("aminmax_nan", "ops.aminmax", (NANS,), kw={"axis": 1}, grad=False),
    S("mint_max_nan", "mint.max", (NANS,), grad=False),
    S("mint_max_nan_dim", "mint.max", (NANS, 1), grad=False),
    S("mint_min_nan_dim", "mint.min", (NANS, 0), grad=False),
    S("mint_amax_nan", "mint.amax", (NANS, 1), grad=False),
    S("mint_amin_nan", "mint.amin", (NANS, 0), grad=False),
]

for _spec in NAN_SPECS:
    op_specs._register(_spec, module=__name__)

CLIP_X = np.array([NAN, 0.5, 2.0, -3.0, INF, -INF, 1.0, -1.0], np.float32)
CLIP_SPECS = [
    S("clip_by_value_nan_min", "ops.clip_by_value", (CLIP_X, 1.0), grad=False),
    S("clip_by_value_nan_both", "ops.clip_by_value", (CLIP_X, -1.0, 1.0), grad=False),
    S("clip_by_value_nan_max_only", "ops.clip_by_value", (CLIP_X, None, 1.0), grad=False),
    S("clip_by_value_bounds_grad", "ops.clip_by_value", (CLIP_X[1:4].copy(), -1.0, 0.5)),
]

for _spec in CLIP_SPECS:
    op_specs._register(_spec, module=__name__)
