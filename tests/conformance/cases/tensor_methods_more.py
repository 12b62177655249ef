"""Tensor methods and functional ops of MindSpore 2.10 outside the census' top ranks:
trigonometric aliases, matrix products, in-place arithmetic, index and scatter writes,
selection, linear algebra and special functions. Values, dtypes and first-order gradients
in both modes, recorded from MindSpore."""
import numpy as np

from . import op_specs
from ._registry import case
from .op_specs import S, ints, perm, r

A = r(3, 4, seed=700)
B = r(4, 5, seed=701)
U = r(3, 4, seed=702, lo=-0.9, hi=0.9)
G1 = r(3, 4, seed=703, lo=1.1, hi=3.0)
BA, BB = r(2, 3, 4, seed=704), r(2, 4, 2, seed=705)
V1, V2 = r(4, seed=706), r(4, seed=707)
SPD = (lambda m: (m @ m.T + 3 * np.eye(3)).astype(np.float32))(r(3, 3, seed=708))
SQ = r(3, 3, seed=709) + 3 * np.eye(3, dtype=np.float32)
I1 = ints(3, 4, lo=-20, hi=20, seed=710)
POS = np.abs(r(3, 4, seed=711)) + 0.2
P = perm(3, 5, seed=712)
MASK = np.array([[True, False, True, False], [False, False, True, True],
                 [True, True, False, False]])
IDX = np.array([0, 2], np.int32)
SPECS = [
    S("arccos", "Tensor.arccos", (U,)),
    S("arccosh", "Tensor.arccosh", (G1,)),
    S("arcsin", "Tensor.arcsin", (U,)),
    S("arcsinh", "Tensor.arcsinh", (A,)),
    S("arctan", "Tensor.arctan", (A,)),
    S("arctan2", "Tensor.arctan2", (A, r(3, 4, seed=713))),
    S("arctanh", "Tensor.arctanh", (U,)),
    S("absolute", "Tensor.absolute", (A,)),
    S("deg2rad", "Tensor.deg2rad", (A,)),
    S("invert_int", "Tensor.invert", (I1.astype(np.int16),), grad=False),
    S("ops_invert", "ops.invert", (I1,), grad=False),
    S("bmm", "Tensor.bmm", (BA, BB)),
    S("mm", "Tensor.mm", (A, B)),
    S("dot", "Tensor.dot", (V1, V2)),
    S("inverse", "Tensor.inverse", (SQ,)),
    S("inv", "Tensor.inv", (G1,)),
    S("xdivy", "Tensor.xdivy", (A, G1)),
    S("ops_xdivy", "ops.xdivy", (A, G1)),
    S("where", "Tensor.where", (A, MASK, r(3, 4, seed=714))),
    S("select_dim", "Tensor.select", (A, 1, 2), modes=("GRAPH",)),
    S("select_neg", "Tensor.select", (BA, -1, 0), modes=("GRAPH",)),
    S("ops_kthvalue", "ops.kthvalue", (P, 3), kw={"dim": 1}, pick=0),
    S("svd", "Tensor.svd", (r(4, 3, seed=715),), kw={"compute_uv": False},
      modes=("PYNATIVE",)),
    S("gather_nd", "Tensor.gather_nd", (A, np.array([[0, 1], [2, 3]], np.int32))),
    # MindSpore's CPU kernel adds into the input's memory as well: a second call on the
    # same inputs (the gradient's) would see the first's sum, so values only
    S("index_add_dim", "Tensor.index_add", (A, 1, IDX, r(3, 2, seed=716)), grad=False,
      modes=("PYNATIVE",)),
    S("index_add_alpha", "Tensor.index_add", (A, 0, IDX, r(2, 4, seed=717)),
      kw={"alpha": 2.0}, grad=False, modes=("PYNATIVE",)),
    S("unsorted_segment_max", "Tensor.unsorted_segment_max",
      (A, np.array([0, 1, 0], np.int32), 2), grad=False),
    S("unsorted_segment_min", "Tensor.unsorted_segment_min",
      (A, np.array([1, 1, 0], np.int32), 2), grad=False),
    S("unsorted_segment_prod", "Tensor.unsorted_segment_prod",
      (A, np.array([0, 1, 0], np.int32), 3), grad=False),
    S("cholesky_inverse", "ops.cholesky_inverse", (np.linalg.cholesky(SPD).astype(np.float32),)),
    S("cholesky_solve", "ops.cholesky_solve",
      (r(3, 2, seed=719), np.linalg.cholesky(SPD).astype(np.float32))),
    S("matrix_determinant", "ops.matrix_determinant", (SQ,), modes=("PYNATIVE",)),
    S("log_matrix_determinant", "ops.log_matrix_determinant", (SQ,), pick=1,
      modes=("PYNATIVE",)),
    S("qr_values", "ops.qr", (r(4, 3, seed=720),), grad=False,
      post=lambda out: tuple(abs(o.asnumpy()) for o in out)),
    S("eigvals_sym", "ops.eigvals", (SPD,), grad=False,
      post=lambda out: np.sort(out.asnumpy().real)),
    S("lstsq", "ops.lstsq", (r(4, 2, seed=721), r(4, 3, seed=722)), grad=False),
    S("igamma", "ops.igamma", (G1, POS), grad=False),
    S("igammac", "Tensor.igammac", (G1, POS), grad=False),
    S("nextafter", "ops.nextafter", (A, r(3, 4, seed=724)), grad=False),
    S("reverse", "Tensor.reverse", (A, [1])),
    S("ops_reverse", "ops.reverse", (BA, [0, 2])),
    S("reverse_sequence", "ops.reverse_sequence",
      (A, op_specs.TK(np.array([1, 3, 4], np.int32))), kw={"seq_dim": 1}),
    S("approximate_equal", "Tensor.approximate_equal", (A, A + 1e-6), grad=False),
    S("soft_shrink", "Tensor.soft_shrink", (A,), kw={"lambd": 0.3}, modes=("PYNATIVE",)),
    S("ops_soft_shrink", "ops.soft_shrink", (A,), modes=("PYNATIVE",)),
    S("diagonal_scatter", "ops.diagonal_scatter", (r(3, 3, seed=725), r(2, seed=726)),
      kw={"offset": 1}),
    S("select_scatter", "ops.select_scatter", (A, r(4, seed=727), 0, 1)),
    S("slice_scatter", "ops.slice_scatter", (A, r(3, 2, seed=728)),
      kw={"axis": 1, "start": 0, "end": 4, "step": 2}),
    S("index_fill", "ops.index_fill", (A, 1, op_specs.TK(IDX), 5.0)),
    S("masked_scatter", "Tensor.masked_scatter", (A, MASK, r(3, 4, seed=729))),
    S("choose", "Tensor.choose", (np.array([0, 1, 2, 1], np.int32),
                                  [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]), grad=False),
    S("ptp", "Tensor.ptp", (A,), kw={"axis": 1}, grad=False),
    S("ptp_all", "Tensor.ptp", (A,), grad=False),
    S("sum_to_size", "Tensor.sum_to_size", (A, 1, 4)),
    S("fill_diagonal", "Tensor.fill_diagonal", (r(4, 3, seed=733), 9.0), grad=False),
    S("fill_diagonal_wrap", "Tensor.fill_diagonal", (r(7, 3, seed=734), 9.0),
      kw={"wrap": True}, grad=False),
    S("allclose", "Tensor.allclose", (A, A + 1e-7), grad=False),
    S("is_signed", "Tensor.is_signed", (A,), grad=False),
    S("is_signed_uint", "Tensor.is_signed", (I1.astype(np.uint8),), grad=False),
    S("is_signed_f16", "Tensor.is_signed", (A.astype(np.float16),), grad=False),
    S("is_signed_f64", "Tensor.is_signed", (A.astype(np.float64),), grad=False),
    S("is_signed_i64", "Tensor.is_signed", (I1.astype(np.int64),), grad=False),
    S("is_signed_bool", "Tensor.is_signed", (MASK,), grad=False),
    S("select_condition", "Tensor.select", (A, MASK, r(3, 4, seed=749))),
    S("index_add_old", "Tensor.index_add", (A, op_specs.TK(IDX), r(3, 2, seed=750), 1),
      grad=False),
    S("scatter_sub_nd", "Tensor.scatter_sub", (A, np.array([[0, 1], [2, 3]], np.int32),
                                               np.array([1.0, 2.0], np.float32)), grad=False),
    S("ndimension", "Tensor.ndimension", (BA,), grad=False),
    S("byte", "Tensor.byte", (np.array([1.7, -1.0, 300.0], np.float32),), grad=False),
    S("short", "Tensor.short", (np.array([1.7, -2.5, 7.0], np.float32),), grad=False),
    S("unique_with_pad", "Tensor.unique_with_pad", (np.array([1, 1, 5, 5, 4, 4], np.int32), 0),
      grad=False),
    S("inplace_update", "ops.inplace_update",
      (A, r(2, 4, seed=736), (0, 2)), grad=False),
    S("inplace_add", "ops.inplace_add", (A, r(2, 4, seed=737), (0, 2)), grad=False),
    S("diagonal", "ops.diagonal", (BA,), kw={"offset": 1, "dim1": 1, "dim2": 2}),
    S("scatter", "ops.scatter", (A, 1, np.array([[0, 1], [2, 0], [3, 3]], np.int64),
                                 r(3, 2, seed=738)), grad=False),
    S("bessel_j0", "ops.bessel_j0", (A,)),
    S("bessel_i1e", "ops.bessel_i1e", (A,)),
    S("bessel_k0", "ops.bessel_k0", (POS,)),
    S("bessel_y1", "ops.bessel_y1", (POS,), grad=False),
    S("bessel_j1", "ops.bessel_j1", (A,)),
    S("bessel_y0", "ops.bessel_y0", (POS * 3,)),
    S("bessel_k1", "ops.bessel_k1", (POS,)),
    S("bessel_k0e", "ops.bessel_k0e", (POS * 2,)),
    S("bessel_k1e", "ops.bessel_k1e", (POS * 2,)),
    S("bessel_i0", "ops.bessel_i0", (A,)),
    S("bessel_i0e", "ops.bessel_i0e", (A,)),
    S("bessel_i1", "ops.bessel_i1", (A,)),
    S("cholesky_inverse_upper", "ops.cholesky_inverse",
      (np.linalg.cholesky(SPD).T.copy().astype(np.float32),), kw={"upper": True}),
    S("cholesky_solve_upper", "ops.cholesky_solve",
      (r(3, 2, seed=751), np.linalg.cholesky(SPD).T.copy().astype(np.float32)),
      kw={"upper": True}),
    S("eig_values", "ops.eig", (SPD,), grad=False,
      post=lambda out: np.sort(out[0].asnumpy().real)),
    S("allclose_nan", "Tensor.allclose", (np.array([1.0, np.nan], np.float32),
                                          np.array([1.0, np.nan], np.float32)),
      kw={"equal_nan": True}, grad=False),
    S("vector_norm", "ops.vector_norm", (A,), kw={"ord": 3, "axis": 1}),
    S("vector_norm_inf_keep", "ops.vector_norm", (A,),
      kw={"ord": float("inf"), "axis": 0, "keepdims": True}),
    S("dot_2d", "Tensor.dot", (A, B)),
    S("dot_nd", "Tensor.dot", (BA, r(4, 4, 2, seed=748))),
    S("matrix_norm", "ops.matrix_norm", (A,), kw={"ord": "fro"}),
    S("matrix_band_part", "ops.matrix_band_part", (r(4, 4, seed=739), 1, 0)),
    S("population_count", "ops.population_count", (I1.astype(np.int16),), grad=False),
]
for _spec in SPECS:
    op_specs._register(_spec, module=__name__)


def _tensors(ms, e):
    if isinstance(e, tuple):
        return tuple(_tensors(ms, i) for i in e)
    return ms.Tensor(e) if isinstance(e, np.ndarray) else e


def _inplace(name, method, *extra, **kw):
    """The value an in-place method returns (MindSpore's CPU build returns it without
    writing it into the Tensor; mscompat writes it, as MindSpore documents: see
    tests/test_tensor_methods_more.py)."""
    def fn(ms):
        x = ms.Tensor(A.copy())
        return getattr(x, method)(*[_tensors(ms, e) for e in extra], **kw)
    fn.__name__ = f"inplace_{name}"
    return fn


for _fn in [
    _inplace("add1", "add_", r(3, 4, seed=740)),
    _inplace("add2", "add_", 2.0, alpha=3),
    _inplace("sub3", "sub_", r(4, seed=741), alpha=0.5),
    _inplace("mul4", "mul_", 1.5),
    _inplace("div5", "div_", G1),
    _inplace("div6", "div_", 2.0, rounding_mode="floor"),
    _inplace("exp9", "exp_"),
    _inplace("remainder14", "remainder_", 0.7),
    _inplace("floor_divide15", "floor_divide_", 0.7),
]:
    case()(_fn)


@case()
def metadata_methods(ms):
    x = ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    return (x.H, x.itemset((0, 1), 9.0), x, x.storage_offset(), x.is_pinned(), x.is_shared(),
            x.has_init, x.init, x.is_init(), x.param_info, x.get_bytes().hex(),
            x.move_to("CPU"), x.const_arg, x.is_meta)


@case()
def unfold_fold_methods(ms):
    a = ms.Tensor(np.arange(24, dtype=np.float32).reshape(1, 2, 3, 4))
    u = a.unfold((2, 2), dilation=1, padding=1, stride=2)
    return u, u.fold(ms.Tensor(np.array([3, 4], np.int32)), (2, 2), padding=1, stride=2)
