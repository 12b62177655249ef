"""Edges a dtype-and-rank sweep of the functional ops found: 0-d inputs (``argmin``,
``median``, ``diag``, ``trace``, ``softmax``, ``sort``, ``nonzero``), the dtypes MindSpore
keeps (``trace`` of integers, ``unique``'s Int64 index, ``subtract`` of a Bool Tensor, an
integer ``xdivy`` with a Python float), a Tensor-method sweep's (an Int8 ``std``
wrapping in the input's dtype, ``Tensor.trace``'s Int64 and Bool, ``~t`` as LogicalNot of any
dtype, ``Tensor.softmax``'s required ``axis``), ``cross`` of a first axis of size 3, and the
exception classes of bad ranks and axes."""
import numpy as np

from . import op_specs
from .op_specs import S, ints, r

X = r(2, 3, seed=900)
X3 = r(3, 4, seed=901)
Y3 = r(3, 4, seed=902)
Z = np.array(1.75, np.float32)
U8 = np.array([[200, 100], [3, 100]], np.uint8)
I8 = ints(3, 3, seed=903).astype(np.int8)
B = np.array([True, False, True])
BB = np.array([True, True, False])

SPECS = [
    S("argmin_0d", "ops.argmin", (Z,), grad=False),
    S("argmin_0d_axis", "ops.argmin", (Z, 0), grad=False),
    S("Tensor_argmin_0d", "Tensor.argmin", (Z,), grad=False),
    S("median_0d", "ops.median", (Z,), grad=False),
    S("median_0d_axis_error", "ops.median", (Z, 1), grad=False),
    S("median_axis_error", "ops.median", (X, 2), grad=False),
    S("median_negative_axis_error", "ops.median", (X, -3), grad=False),
    S("trace_uint8_wraps", "ops.trace", (U8,), grad=False),
    S("trace_int8", "ops.trace", (I8,), grad=False),
    S("Tensor_trace_int8", "Tensor.trace", (I8,), grad=False),
    S("trace_rank1_error", "ops.trace", (X[0],), grad=False),
    S("trace_0d_error", "ops.trace", (Z,), grad=False),
    S("unique_int64_index", "ops.unique", (np.array([4, 1, 4, 2], np.int64),), grad=False),
    S("unique_int32_index", "ops.unique", (np.array([4, 1, 4, 2], np.int32),), grad=False),
    S("subtract_bool_other", "ops.subtract", (ints(3, seed=904), B), grad=False),
    S("subtract_bool_python_bool", "ops.subtract", (B, True), grad=False),
    S("Tensor_subtract_bool_bool", "Tensor.subtract", (B, BB), grad=False),
    S("subtract_alpha_float_int", "ops.subtract", (ints(3, seed=905), ints(3, seed=906)),
      kw={"alpha": 2.5}, grad=False),
    S("xdivy_int_python_float", "ops.xdivy", (ints(2, 3, seed=907), 2.5), grad=False),
    S("xdivy_python_float_int", "ops.xdivy", (2.5, ints(2, 3, seed=908) + 3), grad=False),
    S("diag_0d_error", "ops.diag", (Z,), grad=False),
    S("dot_1d_error", "ops.dot", (X[0], X3), grad=False),
    S("cdist_rank_error", "ops.cdist", (X, X[0]), grad=False),
    S("cross_first_axis", "ops.cross", (X3, Y3)),
    S("cross_no_axis_error", "ops.cross", (X3[:2], Y3[:2]), grad=False),
    S("softmax_0d_error", "ops.softmax", (Z,), grad=False),
    S("log_softmax_axis_error", "ops.log_softmax", (X, 2), grad=False),
    S("sort_0d_error", "ops.sort", (Z,), grad=False),
    S("sort_axis_error", "ops.sort", (X, 2), grad=False),
    S("argsort_axis_error", "ops.argsort", (X, -3), grad=False),
    S("nonzero_0d_error", "ops.nonzero", (Z,), grad=False),
    S("Tensor_std_int8_wraps", "Tensor.std", (np.array([-100, 0, 120, 7], np.int8),),
      grad=False),
    S("Tensor_trace_bool", "Tensor.trace", (np.array([[False, True], [True, True]]),),
      grad=False),
    S("Tensor_trace_bool_false", "Tensor.trace", (np.array([[False, True], [True, False]]),),
      grad=False),
    S("Tensor_trace_uint8", "Tensor.trace", (U8,), grad=False),
    S("Tensor_trace_float16", "Tensor.trace", (X3[:3, :3].astype(np.float16),), grad=False),
    S("Tensor_softmax_axis_required", "Tensor.softmax", (X,), grad=False),
    S("invert_int32", "Tensor.__invert__", (ints(2, 3, seed=909, lo=-2, hi=3),), grad=False),
    S("invert_float32", "Tensor.__invert__", (np.array([1.5, 0.0, -3.0], np.float32),),
      grad=False),
]

for _s in SPECS:
    op_specs._register(_s, module=__name__)
