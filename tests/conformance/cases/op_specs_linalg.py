"""Recorded op specs for norms, inverses, ``Mod``, ``CeLU``, ``Range``/``Unique``
primitives, ``affine_grid``, ``crop_and_resize`` and the ``LayerNorm`` primitive (the spec
format of ``op_specs.py``)."""
import numpy as np

from .op_specs import S, _register, ints, r

X = r(2, 3)
X4 = r(2, 3, 4, seed=1)
YP = r(2, 3, seed=5, lo=0.5, hi=2.0)
XN = ints(2, 3, seed=6, lo=-7, hi=8)
YN = ints(2, 3, seed=7, lo=1, hi=4) * np.array([[1, -1, 1], [-1, 1, -1]], np.int32)
SQ = r(3, 3, seed=40) + 3 * np.eye(3, dtype=np.float32)
SQB = r(2, 3, 3, seed=41) + 3 * np.eye(3, dtype=np.float32)
THETA = r(2, 2, 3, seed=42, lo=-1, hi=1)
THETA3 = r(1, 3, 4, seed=43, lo=-1, hi=1)
IMGN = r(2, 5, 6, 3, seed=44)
CBOXES = np.array([[0.0, 0.0, 1.0, 1.0], [0.1, 0.25, 0.8, 0.9], [-0.2, 0.3, 0.6, 1.3]],
                  np.float32)
CIDX = np.array([1, 0, 1], np.int32)
P3 = np.random.RandomState(82).permutation(12).reshape(3, 4).astype(np.float32)



def _parts(t):
    """A complex result as (real, imag) and its dtype name (goldens hold real numbers)."""
    return t.real(), t.imag(), str(t.dtype)


SPECS = [
    S("Mod", "ops.Mod", (X * 3, YP * np.array([1, -1, 1], np.float32)), init={}),
    S("Mod_int", "ops.Mod", (XN, YN), init={}, grad=False),
    S("Mod_scalar", "ops.Mod", (X * 3, 1.5), init={}),
    S("LpNorm_p2_two_axes", "ops.LpNorm", (X4,), init={"axis": [1, 2]}),
    S("LpNorm_p1_keep_dims", "ops.LpNorm", (X4,), init={"axis": 1, "p": 1,
                                                        "keep_dims": True}),
    S("LpNorm_p3_negative_axis", "ops.LpNorm", (X4,), init={"axis": -1, "p": 3}),
    S("LpNorm_p0", "ops.LpNorm", (np.where(X4 > 0, X4, 0).astype(np.float32),),
      init={"axis": 0, "p": 0}, grad=False),
    S("inverse", "ops.inverse", (SQ,)),
    S("inverse_batched", "ops.inverse", (SQB,)),
    S("MatrixInverse", "ops.MatrixInverse", (SQB,), init={}),
    S("MatrixInverse_adjoint", "ops.MatrixInverse", (SQ,), init={"adjoint": True}),
    S("inv", "ops.inv", (YP * np.array([1, -1, 1], np.float32),)),
    S("Inv_int", "ops.Inv", (np.array([2, 1, -1, 4, -3], np.int32),), init={}, grad=False),
    S("celu", "ops.celu", (X,), kw={"alpha": 0.5}),
    S("CeLU", "ops.CeLU", (X,), init={"alpha": 2.0}),
    S("Range_int", "ops.Range", (np.array(1, np.int32), np.array(10, np.int32),
                                 np.array(3, np.int32)), init={}, grad=False),
    S("Range_float", "ops.Range", (np.array(2.0, np.float32), np.array(-1.0, np.float32),
                                   np.array(-0.75, np.float32)), init={}, grad=False),
    S("Unique", "ops.Unique", (np.array([3, 1, 3, 0, 2, 1, 0], np.int32),), init={},
      grad=False),
    S("affine_grid", "ops.affine_grid", (THETA, (2, 1, 3, 4))),
    S("affine_grid_align_corners", "ops.affine_grid", (THETA, (2, 3, 2, 5)),
      kw={"align_corners": True}),
    S("affine_grid_3d", "ops.affine_grid", (THETA3, (1, 1, 2, 3, 2))),
    S("AffineGrid", "ops.AffineGrid", (THETA, (2, 1, 4, 3)), init={"align_corners": True}),
    S("crop_and_resize", "ops.crop_and_resize", (IMGN, CBOXES, CIDX, (4, 3))),
    S("crop_and_resize_nearest_extrapolate", "ops.crop_and_resize",
      (IMGN, CBOXES, CIDX, (3, 5)), kw={"method": "nearest", "extrapolation_value": -1.0},
      grad=False),
    S("CropAndResize_single_row", "ops.CropAndResize", (IMGN, CBOXES, CIDX, (1, 4)),
      init={"extrapolation_value": 0.5}),
    S("pinv", "ops.pinv", (r(3, 2, seed=70),)),
    S("pinv_batched_wide", "ops.pinv", (r(2, 2, 4, seed=71),)),
    S("mv", "ops.mv", (r(3, 4, seed=72), r(4, seed=73))),
    S("cdist", "ops.cdist", (r(2, 3, 4, seed=74), r(2, 5, 4, seed=75))),
    S("cdist_p1", "ops.cdist", (r(3, 2, seed=76), r(4, 2, seed=77), 1.0)),
    S("cdist_p3", "ops.cdist", (r(3, 2, seed=78), r(2, 2, seed=79), 3.0)),
    S("diag_embed", "ops.diag_embed", (r(2, 3, seed=80),)),
    S("diag_embed_offset_dims", "ops.diag_embed", (r(2, 3, seed=81), -1, 0, 2)),
    S("Rint", "ops.Rint", (np.array([-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 2.6, -0.4],
                                    np.float32),), init={}, grad=False),
    S("erfc", "ops.erfc", (X,)),
    S("Erfc", "ops.Erfc", (X4,), init={}),
    S("reduce_max", "ops.reduce_max", (P3, 1)),
    S("reduce_max_all", "ops.reduce_max", (P3,)),
    S("unsorted_segment_sum", "ops.unsorted_segment_sum",
      (r(4, 3, seed=83), np.array([0, 2, 0, -1], np.int32), 4)),
    S("UnsortedSegmentSum_2d_ids", "ops.UnsortedSegmentSum",
      (r(2, 2, 3, seed=84), np.array([[1, 0], [1, 2]], np.int32), 3), init={}),
    S("unsorted_segment_max_ties", "ops.unsorted_segment_max",
      (np.array([[1.0, 2.0], [1.0, 4.0], [1.0, 6.0]], np.float32),
       np.array([0, 2, 0], np.int32), 4)),
    S("unsorted_segment_min", "ops.unsorted_segment_min",
      (r(4, 2, seed=85), np.array([1, 1, 0, 1], np.int32), 3)),
    S("unsorted_segment_prod", "ops.unsorted_segment_prod",
      (r(4, 2, seed=86), np.array([1, 1, 0, 1], np.int32), 3)),
    S("unsorted_segment_max_int", "ops.unsorted_segment_max",
      (np.array([3, -2, 7], np.int32), np.array([0, 0, 2], np.int32), 3), grad=False),
    S("MirrorPad_reflect", "ops.MirrorPad", (X4, np.array([[0, 0], [1, 2], [3, 1]],
                                                          np.int64)), init={}),
    S("MirrorPad_symmetric", "ops.MirrorPad", (X, np.array([[1, 1], [2, 3]], np.int32)),
      init={"mode": "SYMMETRIC"}),
    S("lrn", "ops.lrn", (r(2, 6, 2, 3, seed=87),), kw={"depth_radius": 2, "bias": 1.5,
                                                     "alpha": 0.3, "beta": 0.75}),
    S("LRN_defaults", "ops.LRN", (r(1, 3, 2, 2, seed=88),), init={}),
    S("index_add", "ops.index_add", (X, np.array([2, 0, 2, 1], np.int32), r(2, 4, seed=89),
                                     1), grad=False),
    S("Complex", "ops.Complex", (X, YP), init={}, grad=False, post=_parts),
    S("Real", "ops.Real", (np.array([1 + 2j, -3.5 - 1j], np.complex64),), init={}, grad=False),
    S("Imag", "ops.Imag", (np.array([1 + 2j, -3.5 - 1j], np.complex64),), init={},
      grad=False),
    S("conj", "ops.conj", (np.array([1 + 2j, -3.5 - 1j], np.complex64),), grad=False,
      post=_parts),
    S("real_of_float", "ops.real", (X,), grad=False),
    S("imag_of_float", "ops.imag", (X,), grad=False),
    S("LayerNorm_last_axis", "ops.LayerNorm", (X4, r(4, seed=45), r(4, seed=46)),
      init={"begin_norm_axis": -1, "begin_params_axis": -1}),
    S("LayerNorm_two_axes", "ops.LayerNorm", (X4, r(3, 4, seed=47), r(3, 4, seed=48)),
      init={}, pick=0),
]
for _s in SPECS:
    _register(_s, module=__name__)
