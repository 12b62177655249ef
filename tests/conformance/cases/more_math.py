"""MindSpore 2.10's smaller math, shape and index ops (``op_rows_more_math.py``,
``op_rows_more_array.py``): values, dtypes and first-order gradients in both modes, functional
and Tensor-method forms."""
import numpy as np

from . import op_specs
from ._registry import case
from .op_specs import S, ints, perm, r

A = r(3, 4, seed=600)
B = r(4, 5, seed=601)
C = r(3, 5, seed=602)
V = r(4, seed=603)
W = r(3, seed=604)
SQ = r(3, 3, seed=605) + 3 * np.eye(3, dtype=np.float32)
BATCH1, BATCH2 = r(2, 3, 4, seed=606), r(2, 4, 5, seed=607)
POS = np.abs(r(3, 4, seed=608)) + 0.1
TIES = np.array([[1.0, 3.0, 3.0, 2.0, 5.0, 5.0], [0.0, -1.0, 0.0, 4.0, 4.0, 1.0]], np.float32)
NANS = np.array([[1.0, np.nan, 3.0, 2.0], [4.0, 0.5, 2.5, 1.0]], np.float32)
I1, I2 = ints(3, 4, lo=1, hi=20, seed=609), ints(3, 4, lo=1, hi=20, seed=610)
SORTED = np.array([[1.0, 3.0, 5.0, 7.0], [0.0, 2.0, 2.0, 9.0]], np.float32)
PROBS = np.array([0.05, 0.3, 0.5, 0.9], np.float32)
V3A, V3B = r(2, 3, seed=611), r(2, 3, seed=612)
T3 = r(2, 3, 4, seed=613)
SPECS = [
    S("addmm", "ops.addmm", (C, A, B), kw={"beta": 0.5, "alpha": 2.0}),
    S("addmm_method", "Tensor.addmm", (C, A, B)),
    S("addbmm", "ops.addbmm", (C, BATCH1, BATCH2), kw={"beta": 2.0}),
    S("addmv", "ops.addmv", (W, A, V), kw={"alpha": 0.5}),
    S("addr", "ops.addr", (A, W, V)),
    S("baddbmm", "ops.baddbmm", (r(2, 3, 5, seed=614), BATCH1, BATCH2),
      kw={"beta": 0.5, "alpha": 2.0}),
    S("adjoint", "ops.adjoint", (A,)),
    S("aminmax", "ops.aminmax", (A,), kw={"axis": 1}, grad=False),
    S("aminmax_keep", "Tensor.aminmax", (A,), kw={"axis": 0, "keepdims": True}, grad=False),
    S("bitwise_shifts", "ops.bitwise_left_shift", (I1, ints(3, 4, hi=4, seed=615)),
      grad=False),
    S("bitwise_right_shift", "ops.bitwise_right_shift", (I1, ints(3, 4, hi=3, seed=616)),
      grad=False),
    S("bitwise_xor", "ops.bitwise_xor", (I1, I2), grad=False),
    S("copysign", "ops.copysign", (A, r(3, 4, seed=617))),
    S("cov", "ops.cov", (A,)),
    S("cov_correction0", "ops.cov", (A,), kw={"correction": 0}),
    S("cummax_ties", "ops.cummax", (TIES, 1), grad=False),
    S("cummin_ties_axis0", "ops.cummin", (TIES, 0), grad=False),
    # MindSpore's CPU build has no cummax/cummin gradient kernel: values only
    S("cummax_values", "ops.cummax", (perm(3, 4, seed=618), 1), grad=False),
    S("cummin_method", "Tensor.cummin", (perm(2, 5, seed=619), -1), grad=False),
    S("det", "ops.det", (SQ,)),
    S("logdet", "ops.logdet", (SQ,)),
    S("slogdet", "ops.slogdet", (SQ,), pick=1),
    S("diagflat", "ops.diagflat", (W,), kw={"offset": -1}),
    S("diff", "ops.diff", (A,)),
    S("diff_n2_axis0", "ops.diff", (A,), kw={"n": 2, "axis": 0}),
    S("diff_prepend", "ops.diff", (A,), kw={"prepend": op_specs.TK(r(3, 1, seed=620))},
      grad=False),
    S("digamma", "ops.digamma", (POS,)),
    S("lgamma", "ops.lgamma", (POS,)),
    S("i0", "ops.i0", (A,)),
    S("fliplr", "ops.fliplr", (A,)),
    S("flipud", "ops.flipud", (A,)),
    S("float_power", "ops.float_power", (POS, 2.5)),
    S("fmax_nan", "ops.fmax", (NANS, NANS[::-1].copy()), grad=False),
    S("frac", "ops.frac", (A,)),
    S("gcd", "ops.gcd", (I1, I2), grad=False),
    S("lcm", "ops.lcm", (I1, I2), grad=False),
    S("heaviside", "ops.heaviside", (np.array([-1.0, 0.0, 2.0], np.float32),
                                      np.array([0.5, 0.25, 0.0], np.float32)), grad=False),
    S("histc", "ops.histc", (A,), kw={"bins": 5, "min": -1.0, "max": 1.0}, grad=False),
    S("histc_auto_range", "ops.histc", (A,), kw={"bins": 4}, grad=False),
    S("bincount", "ops.bincount", (ints(8, hi=4, seed=622),), kw={"minlength": 6},
      grad=False, modes=("PYNATIVE",)),
    S("bincount_weights", "ops.bincount", (ints(6, hi=3, seed=623), r(6, seed=624)),
      grad=False, modes=("PYNATIVE",)),
    S("hypot", "ops.hypot", (A, r(3, 4, seed=625))),
    S("inner", "ops.inner", (A, r(2, 4, seed=626))),
    S("isneginf", "ops.isneginf", (np.array([-np.inf, 0, np.inf, np.nan], np.float32),),
      grad=False),
    S("isposinf", "ops.isposinf", (np.array([-np.inf, 0, np.inf, np.nan], np.float32),),
      grad=False),
    S("isreal", "ops.isreal", (A,), grad=False),
    S("ldexp", "ops.ldexp", (A, ints(3, 4, lo=-2, hi=3, seed=627))),
    S("logaddexp", "ops.logaddexp", (A, r(3, 4, seed=628))),
    S("logaddexp2", "ops.logaddexp2", (A, r(3, 4, seed=629))),
    S("logcumsumexp", "ops.logcumsumexp", (A, 1)),
    S("logit", "ops.logit", (PROBS,)),
    S("logit_eps", "ops.logit", (np.array([0.0, 0.02, 0.5, 1.0], np.float32),),
      kw={"eps": 0.05}),
    S("matrix_power", "ops.matrix_power", (SQ, 3)),
    S("median_odd", "ops.median", (r(3, 5, seed=630),), pick=0),
    S("median_even_axis0", "ops.median", (r(4, 3, seed=631),), kw={"axis": 0}, grad=False),
    S("median_nan", "ops.median", (NANS,), grad=False),
    S("nanmedian", "ops.nanmedian", (NANS,), grad=False),
    S("mvlgamma", "ops.mvlgamma", (POS + 1, 2)),
    S("nan_to_num", "ops.nan_to_num", (np.array([np.nan, np.inf, -np.inf, 1.5], np.float32),),
      grad=False),
    S("nan_to_num_values", "ops.nan_to_num",
      (np.array([np.nan, np.inf, -np.inf, 1.5], np.float32), 1.0, 9.0, -9.0), grad=False),
    S("nanmean", "ops.nanmean", (NANS,), kw={"axis": 1}),
    S("nansum", "ops.nansum", (NANS,)),
    S("positive", "ops.positive", (A,)),
    S("rad2deg", "ops.rad2deg", (A,)),
    S("renorm", "ops.renorm", (A, 2, 0, 1.5)),
    S("searchsorted", "ops.searchsorted", (SORTED[0], np.array([2.0, 5.0, 8.0], np.float32)),
      grad=False),
    S("searchsorted_right_2d", "ops.searchsorted",
      (SORTED, np.array([[3.0, 7.0], [2.0, 10.0]], np.float32)), kw={"right": True},
      grad=False),
    # (out_int32=True fails in MindSpore's CPU kernel: docs/divergences.md)
    S("searchsorted_side", "ops.searchsorted",
      (SORTED, np.array([[2.0, 4.0], [2.0, 9.5]], np.float32)), kw={"side": "right"},
      grad=False),
    S("sgn", "ops.sgn", (A,)),
    S("signbit", "ops.signbit", (np.array([-0.0, 0.0, -1.0, 2.0], np.float32),), grad=False),
    S("sinc", "ops.sinc", (A,)),
    S("trace", "ops.trace", (A,)),
    S("xlogy", "ops.xlogy", (A, POS)),
    S("msort", "ops.msort", (perm(4, 3, seed=632),)),
    S("hardshrink", "ops.hardshrink", (A,), kw={"lambd": 0.7}),
    S("softshrink", "ops.softshrink", (A,)),
    S("tanhshrink", "ops.tanhshrink", (A,)),
    S("threshold", "ops.threshold", (A, 0.3, -1.0)),
    S("logsigmoid", "ops.logsigmoid", (A,)),
    S("count_nonzero", "ops.count_nonzero", (ints(3, 4, hi=3, seed=633),), grad=False),
    S("count_nonzero_axis", "ops.count_nonzero", (ints(3, 4, hi=3, seed=633),),
      kw={"axis": 1, "keep_dims": True}, grad=False),
    S("std_mean", "ops.std_mean", (A,), kw={"axis": 1, "ddof": 1}, pick=0),
    S("var_mean", "ops.var_mean", (A,), kw={"axis": 0}, pick=0),
    S("var_mean_all", "ops.var_mean", (A,), grad=False),
    S("polygamma_int_n", "ops.polygamma", (1, POS), grad=False),
    S("polygamma", "ops.polygamma", (np.array(1, np.int64), POS)),
    S("zeta", "ops.zeta", (POS + 1, POS), grad=False),
    # shape and index ops
    S("atleast_2d", "ops.atleast_2d", (V,)),
    S("block_diag", "ops.block_diag", (A, W, SQ), grad=False),
    S("bucketize", "ops.bucketize", (A, [-1.0, 0.0, 1.0]), grad=False),
    S("bucketize_right", "ops.bucketize", (np.array([0.0, 1.0, 1.5], np.float32),
                                           [0.0, 1.0]), kw={"right": True}, grad=False),
    S("cartesian_prod", "ops.cartesian_prod", (W, V[:2]), grad=False),
    S("combinations", "ops.combinations", (V,), grad=False),
    S("combinations_r3_repl", "ops.combinations", (W,), kw={"r": 3, "with_replacement": True},
      grad=False),
    S("cross", "ops.cross", (V3A, V3B)),
    S("cross_dim", "ops.cross", (V3A.T.copy(), V3B.T.copy()), kw={"dim": 0}),
    S("dist", "ops.dist", (A, r(3, 4, seed=634))),
    S("dist_p1", "ops.dist", (A, r(3, 4, seed=634), 1)),
    S("hsplit", "ops.hsplit", (A, 2), grad=False),
    S("vsplit_list", "ops.vsplit", (r(4, 3, seed=635), [1, 3]), grad=False),
    S("dsplit", "ops.dsplit", (T3, 2), grad=False),
    S("tensor_split_uneven", "ops.tensor_split", (r(7, 2, seed=636), 3), grad=False),
    S("tensor_split_indices", "Tensor.tensor_split", (T3, [1, 3]), kw={"axis": 2},
      grad=False),
    S("kron", "ops.kron", (r(2, 2, seed=637), r(2, 3, seed=638))),
    S("logspace", "ops.logspace", (0.0, 2.0, 5), grad=False),
    S("logspace_base2", "ops.logspace", (1.0, 3.0, 3), kw={"base": 2}, grad=False),
    S("movedim", "ops.movedim", (T3, 0, 2)),
    S("swapdims", "Tensor.swapdims", (T3, 0, 2)),
    S("rot90", "ops.rot90", (A, 1, [0, 1])),
    S("rot90_k3", "Tensor.rot90", (T3, 3, [1, 2])),
    S("trapz", "ops.trapz", (A,)),
    S("trapz_x", "ops.trapz", (A, np.array([0.0, 0.5, 1.5, 3.0], np.float32))),
    S("tril_indices", "ops.tril_indices", (3, 4, 1), grad=False),
    S("triu_indices", "ops.triu_indices", (4, 3, -1), grad=False),
    S("vander", "ops.vander", (W,), kw={"N": 4}),
    S("argwhere", "ops.argwhere", (ints(3, 3, hi=2, seed=639),), grad=False,
      modes=("PYNATIVE",)),
    S("unique_consecutive", "ops.unique_consecutive",
      (np.array([1, 1, 2, 2, 3, 1, 1], np.int32),), kw={"return_inverse": True,
                                                         "return_counts": True},
      grad=False, modes=("PYNATIVE",)),
    S("is_complex", "ops.is_complex", (A,), grad=False),
    # group_norm, unfold/fold, stft, conv padding rule
    S("group_norm_3d", "ops.group_norm", (r(2, 4, 3, seed=640), 2, r(4, seed=641),
                                          r(4, seed=642))),
    S("group_norm_4d_default", "ops.group_norm", (r(2, 6, 2, 3, seed=643), 3)),
    S("unfold", "ops.unfold", (r(1, 2, 5, 5, seed=644),),
      kw={"kernel_size": 3, "padding": 1, "stride": 2}),
    S("unfold_dilated_rect", "ops.unfold", (r(2, 1, 6, 5, seed=645),),
      kw={"kernel_size": (2, 3), "dilation": (2, 1), "stride": (1, 2)}),
    S("fold", "ops.fold", (r(1, 8, 4, seed=646), np.array([3, 3], np.int32)),
      kw={"kernel_size": 2, "stride": 1}),
    S("fold_padded", "ops.fold", (r(1, 9, 9, seed=647), np.array([5, 5], np.int32)),
      kw={"kernel_size": 3, "padding": 1, "stride": 2}),
    S("stft_real_imag", "ops.stft", (r(64, seed=648), 16),
      kw={"hop_length": 4, "return_complex": False}, grad=False),
    S("stft_window_normalized", "ops.stft", (r(2, 40, seed=649), 8),
      kw={"win_length": 6, "window": op_specs.TK(np.hanning(6).astype(np.float32)),
          "normalized": True, "return_complex": False}, grad=False),
    S("stft_no_center", "ops.stft", (r(33, seed=650), 8),
      kw={"center": False, "return_complex": False}, grad=False),
    S("conv2d_padding_needs_pad_mode", "ops.conv2d", (r(1, 2, 5, 5, seed=651),
                                                      r(3, 2, 3, 3, seed=652)),
      kw={"padding": 1}, grad=False),
    S("conv2d_pad_mode_pad", "ops.conv2d", (r(1, 2, 5, 5, seed=651), r(3, 2, 3, 3, seed=652)),
      kw={"pad_mode": "pad", "padding": 1, "stride": 2}),
]
for _s in SPECS:
    op_specs._register(_s, module=__name__)


@case()
def sequence_inputs(ms):
    """atleast_3d and column_stack of lists of Tensors."""
    a, b = ms.Tensor(V), ms.Tensor(A)
    return ms.ops.atleast_3d([a, b]), ms.ops.column_stack([a, a * 2]), ms.ops.atleast_1d(a)


@case(modes=("PYNATIVE",))
def binary_rows_with_python_scalars(ms):
    """hypot, fmax, ldexp, copysign, truncate ops and xlogy promote an integer Tensor with a
    Python float to Float32 (not Float64); copysign keeps a Float16 magnitude; ldexp of
    Float16 with an integer exponent is Float32; xlogy is x * log(y) (0 * log(0) is NaN)."""
    i = ms.Tensor(np.array([3, 4, -2], np.int32))
    h = ms.Tensor(np.array([1.5, -2.0, 0.25], np.float16))
    f = ms.Tensor(np.array([1.5, -2.0, 0.25], np.float32))
    return (ms.ops.hypot(i, 4.0), ms.ops.fmax(i, 3.5), ms.ops.ldexp(i, 2), ms.ops.ldexp(i, 1.5),
            ms.ops.ldexp(h, ms.Tensor(np.array([2, 3, 1], np.int8))),
            ms.ops.ldexp(f, ms.Tensor(np.array([2, 3, 1], np.int64))),
            ms.ops.copysign(h, ms.Tensor(np.array([-1.0, 1.0, -1.0], np.float32))),
            ms.ops.copysign(i, -1.0), ms.ops.copysign(h, -1.0),
            ms.ops.truncate_div(i, 1.5), ms.ops.truncate_mod(i, 1.5),
            ms.ops.heaviside(i, ms.Tensor(np.array([7, 8, 9], np.int32))),
            ms.ops.xlogy(ms.Tensor(np.array([0., 0., 0., 1., 2., 0.], np.float32)),
                         ms.Tensor(np.array([-1., 0., 2., 0., -1., np.nan], np.float32))),
            ms.ops.xlogy(f, 2.0), ms.ops.xlogy(2, f), ms.ops.xlogy(i, 2.0))


@case(modes=("PYNATIVE",))
def floor_ceil_reject_integers(ms):
    """Floor and Ceil take floating-point Tensors only (TypeError for integers and Bool)."""
    out = []
    for dt in (np.int32, np.int64, np.uint8, np.bool_, np.float32):
        x = ms.Tensor(np.array([1, 0], dt))
        for f in (ms.ops.floor, ms.ops.ceil):
            try:  # MindSpore raises when the result is read (its kernels run asynchronously)
                out.append(f(x).asnumpy())
            except TypeError:
                out.append("TypeError")
    return out
