"""``ops.norm``/``Tensor.norm`` as MindSpore 2.10 dispatches on the type of ``ord``: over
two dims an int order (1, -1, 2, -2) is a matrix norm but a float one (``2.0``, ``1.0``)
the Frobenius norm; orders outside the matrix list are refused even without ``dim``; a
3-D Tensor with an ``ord`` and no ``dim`` gives None; over one dim a float order is the
sum of powers. ``mint.linalg.norm`` follows PyTorch's rules instead (``ord=2.0`` of a
matrix is its largest singular value), and ``mint.linalg.matrix_norm`` exists."""
import numpy as np

from . import op_specs
from .op_specs import S, r

M = np.array([[0.5, -1.25, 2.0, 1.0], [3.5, 0.0, -0.75, 2.0], [1.0, 1.0, 2.0, -3.0]],
             np.float32)
M3 = r(2, 3, 4, seed=1700)
V = np.array([3.0, -4.0, 1.0], np.float32)
MI = np.array([[1, -2, 3], [4, 0, -6]], np.int32)
INF = float("inf")

SPECS = [S(f"norm_matrix_ord_{name}", "ops.norm", (M, o), grad=grad)
         for name, o, grad in (("2_float", 2.0, True), ("1_float", 1.0, True),
                               ("m1_float", -1.0, True), ("m2_float", -2.0, True),
                               ("2_int", 2, False), ("1_int", 1, True), ("m1_int", -1, True),
                               ("inf", INF, True), ("minus_inf", -INF, True),
                               ("fro", "fro", True), ("nuc", "nuc", False))]
SPECS += [
    S("norm_matrix_ord_0_refused", "ops.norm", (M, 0.0), grad=False),
    S("norm_matrix_ord_3_refused", "ops.norm", (M, 3.0), grad=False),
    S("norm_matrix_dims_float_ord", "ops.norm", (M3, 2.0, (1, 2))),
    S("norm_matrix_dims_int_ord", "ops.norm", (M3, 1, (2, 1), True)),
    S("norm_matrix_dims_inf_keepdim", "ops.norm", (M3, INF, (0, 2), True)),
    S("norm_3d_ord_no_dim_is_none", "ops.norm", (M3, 2.0), grad=False,
      modes=("PYNATIVE",)),
    S("norm_vector_float_ord", "ops.norm", (V, 3.0)),
    S("norm_vector_ord_1_float", "ops.norm", (V, 1.0)),
    S("norm_vector_int_ord_3", "ops.norm", (V, 3)),
    S("norm_vector_negative_int", "ops.norm", (V, -1)),
    S("norm_vector_zero_float", "ops.norm", (V, 0.0), grad=False),
    S("norm_vector_fro_refused", "ops.norm", (V, "fro"), grad=False),
    S("norm_dim_float_ord", "ops.norm", (M, 2.0, 0)),
    S("norm_dim_int_ord_keepdim", "ops.norm", (M, 1, 1, True)),
    S("norm_int_matrix_float_ord", "ops.norm", (MI, 2.0), grad=False),
    S("norm_int_matrix_int_ord", "ops.norm", (MI, 1), grad=False),
    S("norm_method_float_ord", "Tensor.norm", (M, 2.0)),
    S("norm_method_int_ord", "Tensor.norm", (M, 2), grad=False),
    S("linalg_norm_matrix_float_ord", "mint.linalg.norm", (M, 2.0), grad=False,
      modes=("PYNATIVE",)),
    S("linalg_matrix_norm_2", "mint.linalg.matrix_norm", (M, 2), grad=False,
      modes=("PYNATIVE",)),
    S("linalg_matrix_norm_refused", "mint.linalg.matrix_norm", (M, 3), grad=False,
      modes=("PYNATIVE",)),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)
