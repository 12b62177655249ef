"""Gradients of max/min reductions where a NaN comes first (the result is NaN), found by a
random sweep of ops at ties: ``ReduceMax``/``ReduceMin`` (``ops.amax``/``amin``,
``Tensor.amax``, ``mindspore.numpy``'s) send ``dout * (x == out) / count``, so a NaN result
matches nothing and the gradient is NaN everywhere (0 / 0); the all-axes ``Max``/``Min`` of
``Tensor.max()``, ``ops.max(x)`` and ``mint.max(x)`` send it to the NaN element. Ties share
the gradient in both; a NaN after the first element is skipped. ``Abs``'s gradient (``ops.abs``,
``abs(t)``, ``mindspore.numpy.abs``, and the norms and losses built on it) is 0 at 0 and at
NaN, and ``SmoothL1LossGrad`` gives +-1 for an infinite difference; at NaN ``EluGrad``, ``SeLU``'s
bprop, ``HShrinkGrad`` and ``SoftShrinkGrad`` pass ``dout`` (their tests are ``x <= 0`` and
``-lambd <= x <= lambd``); ``sinc``'s bprop is ``(cos(pi x) - out) / x`` (0 at 1e-30, bit
for bit elsewhere), and Float16 ``LogGrad`` divides by a zero of either sign as by
+0."""
import numpy as np

from . import op_specs
from .op_specs import S

F = np.float32
NAN_FIRST = np.array([np.nan, 1.0, 3.0], F)
NAN_FIRST_2D = np.array([[np.nan, 2.0, 1.0], [1.0, 3.0, 3.0], [2.0, np.nan, 0.5]], F)
TIES = np.array([[1.0, 3.0, 3.0], [2.0, 2.0, 2.0]], F)

SPECIALS = np.array([np.nan, -0.0, 0.0, -2.0, 3.0, np.inf, -np.inf], F)
ZEROS = np.zeros(7, F)
SINC_X = np.concatenate([(np.random.RandomState(1720).randn(60) * 3).astype(F),
                         np.array([1e-30, -1e-30, 1e-10, 0.0, -0.0, 1.0, -3.0, 0.5], F)])

SPECS = [
    S("abs_grad_specials", "ops.abs", (SPECIALS,)),
    S("sinc_grad_bitwise", "ops.sinc", (SINC_X,), rtol=0, atol=0),
    S("mint_sinc_grad_bitwise", "mint.sinc", (SINC_X,), rtol=0, atol=0),
    S("elu_grad_specials", "ops.elu", (SPECIALS,)),
    S("elu_grad_specials_float16", "ops.elu", (SPECIALS.astype(np.float16),),
      rtol=1e-3, atol=1e-3),
    S("selu_grad_nan", "ops.selu", (np.array([np.nan, 1.0, 0.0, -0.0], F),)),
    S("hardshrink_grad_specials", "ops.hardshrink", (SPECIALS,)),
    S("softshrink_grad_specials", "ops.softshrink", (SPECIALS,)),
    S("softshrink_grad_specials_float16", "ops.softshrink", (SPECIALS.astype(np.float16),)),
    S("log_grad_signed_zero_float16", "ops.log",
      (np.array([-0.0, 0.0, 1.0, 2.0], np.float16),)),
    S("log2_grad_signed_zero_float16", "ops.log2",
      (np.array([-0.0, 0.0, 1.0, 2.0], np.float16),), rtol=1e-3, atol=1e-3),
    S("tensor_abs_grad_specials", "Tensor.abs", (SPECIALS,)),
    S("python_abs_grad_specials", "Tensor.__abs__", (SPECIALS,)),
    S("numpy_abs_grad_specials", "numpy.abs", (SPECIALS,)),
    S("norm_inf_grad_specials", "ops.norm", (SPECIALS, float("inf"))),
    S("l1_loss_grad_specials", "ops.l1_loss", (SPECIALS, ZEROS)),
    S("smooth_l1_grad_specials", "ops.smooth_l1_loss", (SPECIALS, ZEROS)),
    S("smooth_l1_beta_grad_specials", "ops.smooth_l1_loss", (SPECIALS, ZEROS),
      kw={"beta": 2.5}),
    S("amax_nan_first", "ops.amax", (NAN_FIRST,)),
    S("amin_nan_first_axis", "ops.amin", (NAN_FIRST, 0)),
    S("amax_nan_first_rows", "ops.amax", (NAN_FIRST_2D, 1)),
    S("amax_nan_first_columns_keepdims", "ops.amax", (NAN_FIRST_2D, 0, True)),
    S("tensor_amax_nan_first", "Tensor.amax", (NAN_FIRST_2D,)),
    S("reduce_max_nan_first", "ops.ReduceMax", (NAN_FIRST_2D, 1), init={}),
    S("numpy_amax_nan_first", "numpy.amax", (NAN_FIRST_2D, 1)),
    S("tensor_max_nan_first", "Tensor.max", (NAN_FIRST,)),
    S("tensor_min_nan_first_2d", "Tensor.min", (NAN_FIRST_2D,)),
    S("tensor_max_initial_nan_first", "Tensor.max", (NAN_FIRST,), kw={"initial": 0.5}),
    S("ops_max_all_nan_first", "ops.max", (NAN_FIRST_2D,), pick=0),
    S("mint_max_all_nan_first", "mint.max", (NAN_FIRST,)),
    S("mint_min_all_nan_first", "mint.min", (NAN_FIRST_2D,)),
    S("amax_ties_rows", "ops.amax", (TIES, 1)),
    S("tensor_max_ties_all", "Tensor.max", (TIES,)),
    S("mint_max_ties_all", "mint.max", (TIES,)),
    S("amax_float16_nan_first", "ops.amax", (NAN_FIRST_2D.astype(np.float16), 1),
      rtol=1e-3, atol=1e-3),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)
