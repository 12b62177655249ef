"""Division-like ops at signed zeros, infinities and NaN, and composites MindSpore builds
from other kernels, found by a random sweep of binary Tensor methods: floor and truncated
division by ``-0.0`` (the divisor's sign is not used: ``1 // -0.0`` is inf, a NaN dividend
-inf), ``copysign`` (``y < 0``, so a ``-0.0`` or NaN ``y`` gives ``|x|``), ``fmod`` (its
composite ``x - trunc(x / y) * y``, each step rounded: a third of float32 results differ
from C's ``fmod`` in the last bits, NaN for an infinite divisor), ``xlogy``'s gradient (0
where ``x`` is 0 and ``y <= 0``; ``mint.xlogy`` is the same kernel), ``float_power``'s
exponent gradient at a zero base, and ``aminmax``'s gradient (to the first of ties, or to a
NaN)."""
import numpy as np

from . import op_specs
from .op_specs import S, r

F = np.float32
XS = np.array([1.5, -1.5, 0.0, -0.0, 1.5, -1.5, 0.0, -0.0, np.nan, 2.0, -2.0, np.inf, 5.0,
               -5.0, 5.0, -5.0], F)
YS = np.array([0.0, 0.0, 0.0, 0.0, -0.0, -0.0, -0.0, -0.0, 0.0, np.nan, np.nan, -0.0, 3.0,
               3.0, -3.0, np.inf], F)
WIDE = (np.random.RandomState(1710).randn(64) * 10).astype(F)
WIDE_Y = (np.random.RandomState(1711).randn(64) * 3).astype(F)
MAGS = np.array([1.5, 1.5, -1.5, -1.5, 1.5, 2.0, 0.0, -0.0], F)
SIGNS = np.array([0.0, -0.0, 0.0, -0.0, np.nan, -np.nan, -1.0, 1.0], F)

_GX, _GY = [0.0, -0.0, 1.0, -1.0], [2.0, 0.5, 1.0, 0.0, -0.0, -0.17, np.nan, np.inf]
GRID_X = np.array([x for x in _GX for _ in _GY], F)
GRID_Y = np.array([y for _ in _GX for y in _GY], F)

SPECS = [
    S("xlogy_grid", "ops.xlogy", (GRID_X, GRID_Y)),
    S("mint_xlogy_grid", "mint.xlogy", (GRID_X, GRID_Y)),
    S("floor_divide_signed_zeros", "ops.floor_divide", (XS, YS), grad=False),
    S("floor_divide_method_signed_zeros", "Tensor.floor_divide", (XS, YS), grad=False),
    S("floor_divide_float16_signed_zeros", "ops.floor_divide",
      (XS.astype(np.float16), YS.astype(np.float16)), grad=False),
    S("floor_divide_float64_signed_zeros", "ops.floor_divide",
      (XS.astype(np.float64), YS.astype(np.float64)), grad=False),
    S("floor_divide_by_negative_zero_scalar", "ops.floor_divide", (XS, -0.0), grad=False),
    S("div_floor_signed_zeros", "ops.div", (XS, YS), kw={"rounding_mode": "floor"},
      grad=False),
    S("div_trunc_signed_zeros", "ops.div", (XS, YS), kw={"rounding_mode": "trunc"},
      grad=False),
    S("truncate_div_signed_zeros", "ops.truncate_div", (XS, YS), grad=False),
    S("mint_div_trunc_signed_zeros", "mint.div", (XS, YS), kw={"rounding_mode": "trunc"},
      grad=False),
    S("numpy_floor_divide_signed_zeros", "numpy.floor_divide", (XS, YS), grad=False),
    S("copysign_zero_and_nan_signs", "ops.copysign", (MAGS, SIGNS), grad=False),
    S("copysign_method_zero_and_nan_signs", "Tensor.copysign", (MAGS, SIGNS), grad=False),
    S("copysign_negative_zero_scalar", "ops.copysign", (MAGS, -0.0), grad=False),
    S("copysign_grad_negative_zero", "ops.copysign",
      (np.array([1.5, -1.5, 0.0, 2.0], F), np.array([-1.0, -0.0, 1.0, 3.0], F))),
    S("numpy_copysign_zero_and_nan_signs", "numpy.copysign", (MAGS, SIGNS), grad=False),
    S("fmod_signed_zeros_and_inf", "ops.fmod", (XS, YS), grad=False),
    S("fmod_wide", "ops.fmod", (WIDE, WIDE_Y), rtol=0, atol=0),
    S("fmod_method_wide", "Tensor.fmod", (WIDE, WIDE_Y), grad=False, rtol=0, atol=0),
    S("fmod_scalar_divisor", "ops.fmod", (WIDE, 0.7), rtol=0, atol=0),
    S("fmod_float16", "ops.fmod", (WIDE.astype(np.float16), WIDE_Y.astype(np.float16)),
      grad=False, rtol=0, atol=0),
    S("mint_fmod_wide", "mint.fmod", (WIDE, WIDE_Y), rtol=0, atol=0),
    S("xlogy_grad_zero_x", "ops.xlogy",
      (np.array([-0.0, 0.0, 1.0, 2.0, 0.0, 1.5], F), np.array([-0.17, -0.17, -0.17, 0.0, 0.0,
                                                               2.0], F))),
    S("float_power_grad_zero_base", "ops.float_power",
      (np.array([-0.0, 0.0, 0.0, 2.0, -1.5, 0.0], F), np.array([-1.042, 2.0, 0.0, 0.5, 2.0,
                                                                -2.0], F))),
    S("float_power_grad_zero_base_float16", "ops.float_power",
      (np.array([-0.0, 1.0, 0.0, 2.0], np.float16), np.array([-1.042, 0.694, -0.366, 0.5],
                                                            np.float16)),
      rtol=1e-3, atol=1e-3),
    S("aminmax_grad_nan", "ops.aminmax", (np.array([np.nan, 0.9, -0.3], F),),
      kw={"axis": 0, "keepdims": True}),
    S("aminmax_grad_ties_min", "ops.aminmax", (np.array([0.2, -0.3, -0.3], F),),
      kw={"axis": 0}, pick=0),
    S("aminmax_grad_ties_max", "ops.aminmax", (np.array([[0.5, -0.3, 0.5], [1.0, 1.0, 0.0]],
                                                        F),), kw={"axis": 1}, pick=1),
    S("aminmax_method_grad_ties", "Tensor.aminmax", (r(3, 4, seed=1712).round(0),),
      kw={"axis": 0}),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)
