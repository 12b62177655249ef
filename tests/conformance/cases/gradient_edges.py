"""First-order gradients at the edges a sweep of 566 functional ops found: a Python number
operand of ``maximum``/``minimum``/``fmax``/``hypot``/``hardtanh`` (a derivative
rule gave it a ``float0`` tangent: TypeError), ``bessel_i0``/``i0`` at 0 (MindSpore's
``I1``: 0, JAX's 1) and ``bessel_i1`` at 0 (MindSpore's 1), division by a signed zero and
``log`` at -0 (the bprops divide with the Div kernel: ``sign(dout) * inf``), ``zeta``
(no gradient for ``x``), ``lgamma``/``digamma`` at their poles (MindSpore's bprops:
``digamma``, ``polygamma(1, x)``), and ``clip_by_global_norm`` of one Tensor (returned as
a Tensor)."""
import numpy as np

from . import op_specs
from .op_specs import S

X = np.array([0.0, -0.0, 1.0, -1.0, 2.0, 0.5, -0.5, 3.0], np.float32)
Y = np.array([0.0, 0.0, 1.0, -1.0, 3.0, 0.5, 0.25, -3.0], np.float32)
NUM = np.array([1.0, -1.0, 0.0, 3.0], np.float32)
Z = np.array([-0.0, 0.0, -0.0, 2.0], np.float32)

SPECS = [
    S("maximum_python_int", "ops.maximum", (X, 1)),
    S("maximum_python_first", "ops.maximum", (2, X)),
    S("minimum_python_zero", "ops.minimum", (X, 0)),
    S("fmax_python_int", "ops.fmax", (X, 1)),
    S("hypot_python_int", "ops.hypot", (X, 1)),
    S("hardtanh_python_int", "ops.hardtanh", (X, 0)),
    S("bessel_i0_at_zero", "ops.bessel_i0", (X,)),
    S("i0_at_zero", "ops.i0", (X,)),
    S("bessel_i1_at_zero", "ops.bessel_i1", (X,)),
    S("div_signed_zero", "ops.div", (NUM, Z)),
    S("div_ties_and_zeros", "ops.div", (X, Y)),
    S("tensor_div_signed_zero", "ops.tensor_div", (NUM, Z)),
    S("truediv_operator_signed_zero", "Tensor.__truediv__", (NUM, Z)),
    S("log_signed_zero", "ops.log", (X,)),
    S("log2_signed_zero", "ops.log2", (X,)),
    S("log10_signed_zero", "ops.log10", (X,)),
    S("zeta_gradients", "ops.zeta", (np.array([2.0, 3.0, 1.5, 2.0], np.float32),
                                     np.array([0.75, 0.5, 1.0, 0.25], np.float32))),
    S("lgamma_poles", "ops.lgamma", (np.array([0.0, -0.0, -1.0, 1.0, -2.5, 0.5, 3.7, 10.0],
                                              np.float32),)),
    S("digamma_poles", "ops.digamma", (np.array([0.0, -0.0, -1.0, 1.0, -2.5, 0.5, 3.7, 10.0],
                                                np.float32),)),
    S("clip_by_global_norm_tensor", "ops.clip_by_global_norm",
      (np.array([3.0, 4.0, 0.0], np.float32), 1.0), modes=("PYNATIVE",)),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)
