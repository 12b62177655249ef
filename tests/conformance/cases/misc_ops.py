"""Smaller ops and layers model code calls: ``ops.dstack``, ``top_k``,
``tensor_scatter_elements``, ``ReverseSequence``, ``L2Loss``, ``numpy.take_along_axis``,
``TupleToArray``, ``ScalarCast``, ``mixed_precision_cast``, the summary primitives,
``UniformInt``, ``numpy.rand``, ``nn.EmbeddingLookup``, ``nn.PSNR``."""
import numpy as np

from . import nn_specs, op_specs
from ._registry import case
from .nn_specs import L
from .op_specs import S, ints, perm, r

X = r(2, 3, seed=400)
Y = r(2, 3, seed=401)
P = perm(3, 5, seed=402)
SEQ = r(3, 5, 2, seed=403)
IMG = r(2, 2, 4, 5, seed=405)
FEAT = r(2, 3, 6, 7, seed=407)
CTC_X = r(5, 3, 4, seed=408)
CTC_IDX = np.array([[0, 0], [0, 1], [1, 0], [1, 1], [1, 2], [2, 0]], np.int64)
CTC_VAL = np.array([1, 2, 0, 0, 2, 1], np.int32)

ROIS = np.array([[0, 0.5, 1.0, 4.2, 3.8], [1, 2.0, 0.3, 6.5, 5.9], [1, -1.5, 2.0, 3.0, 9.5]],
                np.float32)
GRID = r(2, 3, 4, 2, seed=406, lo=-1.4, hi=1.4)  # some taps outside the image
VOL = r(1, 2, 3, 4, 5, seed=407)
GRID3 = r(1, 2, 3, 2, 3, seed=408, lo=-1.3, hi=1.3)
# coordinates landing on pixel halves (the 3-D nearest kernel rounds them away from zero)
HALVES = np.array([0.5, 0.5, 0.5, 0.1, 0.2, 2.5, -0.6, 0.0, 0.25], np.float32).reshape(
    1, 1, 1, 3, 3)

SPECS = [
    S("dstack", "ops.dstack", (X, Y)),
    S("top_k", "ops.top_k", (P, 2), pick=0),
    S("top_k_indices", "ops.top_k", (P, 3), grad=False),
    S("tensor_scatter_elements", "ops.tensor_scatter_elements",
      (X, np.array([[1, 0, 2], [2, 2, 0]], np.int32), Y), kw={"axis": 1}),
    S("tensor_scatter_elements_add", "ops.tensor_scatter_elements",
      (X, np.array([[1, 0], [0, 0]], np.int32), Y[:, :2]), kw={"axis": 0, "reduction": "add"}),
    S("ReverseSequence", "ops.ReverseSequence", (SEQ, np.array([2, 5, 1], np.int32)),
      init={"seq_dim": 1}),
    S("ReverseSequence_batch1", "ops.ReverseSequence",
      (np.transpose(SEQ, (1, 0, 2)).copy(), np.array([3, 1, 4], np.int64)),
      init={"seq_dim": 0, "batch_dim": 1}),
    S("L2Loss", "ops.L2Loss", (X,), init={}),
    S("np_take_along_axis", "numpy.take_along_axis", (P, ints(3, 2, hi=5, seed=3), 1)),
] + [S(f"grid_sample_{mode}_{pad}_{'ac' if ac else 'nac'}", "ops.grid_sample", (IMG, GRID),
       kw={"mode": mode, "padding_mode": pad, "align_corners": ac})
     for mode in ("bilinear", "nearest") for pad in ("zeros", "border", "reflection")
     for ac in (False, True)] + [
    S("mint_grid_sample_default", "mint.nn.functional.grid_sample", (IMG, GRID)),
] + [S(f"grid_sample_3d_{mode}_{pad}_{'ac' if ac else 'nac'}", "ops.grid_sample",
       (VOL, GRID3), kw={"mode": mode, "padding_mode": pad, "align_corners": ac})
     for mode in ("bilinear", "nearest") for pad in ("zeros", "border", "reflection")
     for ac in (False, True)] + [
    S("grid_sample_3d_halves", "ops.grid_sample", (VOL, HALVES),
      kw={"mode": "nearest", "padding_mode": "reflection", "align_corners": True}),
    S("CTCLoss", "ops.CTCLoss", (CTC_X, CTC_IDX, CTC_VAL, np.array([5, 4, 3], np.int32)),
      init={}, grad=False),
    S("CTCLoss_grad", "ops.CTCLoss", (CTC_X, CTC_IDX, CTC_VAL, np.array([5, 4, 3], np.int32)),
      init={}, pick=0),
    S("ROIAlign", "ops.ROIAlign", (FEAT, ROIS), init={"pooled_height": 2, "pooled_width": 2,
                                                     "spatial_scale": 1.0, "sample_num": 2}),
    S("ROIAlign_scale_end0", "ops.ROIAlign", (FEAT, ROIS),
      init={"pooled_height": 2, "pooled_width": 3, "spatial_scale": 0.5, "sample_num": 2,
            "roi_end_mode": 0}),
    S("ROIAlign_one_sample", "ops.ROIAlign", (FEAT, ROIS),
      init={"pooled_height": 3, "pooled_width": 2, "spatial_scale": 0.5, "sample_num": 1}),
    S("ROIAlign_adaptive", "ops.ROIAlign", (FEAT, ROIS),
      init={"pooled_height": 2, "pooled_width": 2, "spatial_scale": 1.0, "sample_num": 0},
      modes=("PYNATIVE",), grad=False),
]
# target='CPU' (sparse) gradients are MindSpore RowTensors: recorded forward only there;
# the dense target records gradients too.
LAYERS = [
    L("EmbeddingLookup", "EmbeddingLookup", (6, 3), (np.array([[0, 5], [2, 2]], np.int32),),
      grad=False),
    L("EmbeddingLookup_out_of_range", "EmbeddingLookup", (4, 2),
      (np.array([[1, 4], [-1, 3]], np.int32),), grad=False),
    L("EmbeddingLookup_device", "EmbeddingLookup", (6, 3),
      (np.array([[0, 5], [2, 2]], np.int32),), kw={"target": "DEVICE", "sparse": False}),
]

for _s in SPECS:
    op_specs._register(_s, pack=_s.name == "dstack", module=__name__)
for _layer in LAYERS:
    nn_specs._register(_layer, module=__name__)


def _outcome(f):
    try:
        return repr(f())
    except Exception as e:  # noqa: BLE001 - the class and message are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case(modes=("PYNATIVE",))
def scalar_and_summary_primitives(ms):
    ops = ms.ops
    x = ms.Tensor(np.ones(2, np.float32))
    cast = ops.mixed_precision_cast(ms.float16, (x, ms.Tensor([1]), 3, [x]))
    return (ops.TupleToArray()((1, 2, 3)), _outcome(lambda: ops.TupleToArray()((1.0, 2))),
            ops.TupleToArray()((1.5, 2.5)), ops.ScalarCast()(2.7, ms.int64),
            ops.ScalarCast()(3, ms.float64), ops.ScalarCast()(0, ms.bool_),
            ops.mixed_precision_cast(ms.float16, x), cast,
            ops.ScalarSummary()("loss", x[0]), ops.TensorSummary()("t", x))


@case(modes=("PYNATIVE", "GRAPH"))
def random_int_and_rand_invariants(ms):
    a = ms.ops.UniformInt(seed=3)((3, 4), ms.Tensor(2, ms.int32), ms.Tensor(6, ms.int32))
    b = ms.numpy.rand(2, 3)
    c = ms.numpy.rand((4,))
    an, bn = a.asnumpy(), b.asnumpy()
    return (a.shape, str(a.dtype), bool(((an >= 2) & (an < 6)).all()), b.shape, str(b.dtype),
            bool(((bn >= 0) & (bn < 1)).all()), c.shape)


# MindSpore 2.10's PSNR raises in PYNATIVE_MODE (ScalarCast to Float32); GRAPH runs.
@case(modes=("GRAPH",))
def psnr_values(ms):
    rs = np.random.RandomState(404)
    a = rs.uniform(0, 1, (2, 3, 5, 4)).astype(np.float32)
    b = np.clip(a + rs.normal(0, 0.05, a.shape), 0, 1).astype(np.float32)
    return (ms.nn.PSNR()(ms.Tensor(a), ms.Tensor(b)),
            ms.nn.PSNR(max_val=255.0)(ms.Tensor(a * 255), ms.Tensor(b * 255)))

TENSOR_SPECS = [
    S("Tensor_gather_rows", "Tensor.gather", (P, np.array([2, 0], np.int32), 0)),
    S("Tensor_gather_elements", "Tensor.gather", (P, 1, ints(3, 2, hi=5, seed=4,
                                                              dtype=np.int64))),
    S("Tensor_prod", "Tensor.prod", (r(3, 4, seed=410, lo=0.5, hi=1.5), 1)),
    S("Tensor_prod_all", "Tensor.prod", (r(2, 3, seed=411, lo=0.5, hi=1.5),)),
    S("Tensor_prod_keep", "Tensor.prod", (r(2, 3, seed=412, lo=0.5, hi=1.5),),
      kw={"axis": 0, "keep_dims": True}),
    S("Tensor_prod_int", "Tensor.prod", (ints(2, 3, lo=1, hi=4),), grad=False),
    S("Tensor_take", "Tensor.take", (P, np.array([1, 13, 40], np.int32))),
    S("Tensor_take_axis", "Tensor.take", (P, np.array([4, 0], np.int32), 1)),
    S("Tensor_diagonal", "Tensor.diagonal", (P, 1)),
    S("Tensor_unbind", "Tensor.unbind", (P, 1)),
    S("Tensor_scatter", "Tensor.scatter", (X, 1, np.array([[1, 0, 2], [2, 2, 0]], np.int64), Y)),
    S("Tensor_type_as", "Tensor.type_as", (X, ints(2, 2)), grad=False),
]
for _s in TENSOR_SPECS:
    op_specs._register(_s, module=__name__)

NP_X = r(3, 4, seed=420)
NP_POS = r(3, 4, seed=421, lo=0.2, hi=1.5)
NUMPY_SPECS = [
    S("np_count_nonzero", "numpy.count_nonzero", (np.array([[0, 1, 2], [3, 0, 0]],
                                                           np.float32),), grad=False),
    S("np_count_nonzero_axis", "numpy.count_nonzero", (np.array([[0, 1, 2], [3, 0, 0]],
                                                                np.float32),),
      kw={"axis": 1}, grad=False),
    S("np_logaddexp", "numpy.logaddexp", (NP_X, NP_POS)),
    S("np_triu", "numpy.triu", (NP_X, 1)),
    S("np_tril", "numpy.tril", (NP_X,)),
    S("np_copy", "numpy.copy", (NP_X,)),
    S("np_take", "numpy.take", (NP_X, np.array([0, 5, 11], np.int32))),
    S("np_greater_equal", "numpy.greater_equal", (NP_X, NP_POS), grad=False),
    S("np_less_equal", "numpy.less_equal", (NP_X, NP_POS), grad=False),
    S("np_cumprod", "numpy.cumprod", (NP_POS, 1)),
    S("np_average", "numpy.average", (NP_X,), kw={"axis": 0}),
    S("np_average_weights", "numpy.average", (NP_X, 1, np.array([1.0, 2.0, 0.5, 1.5],
                                                                 np.float32))),
    S("np_arctan", "numpy.arctan", (NP_X,)),
    S("np_arcsin", "numpy.arcsin", (NP_X * 0.4,)),
    S("np_trunc", "numpy.trunc", (NP_X * 3,), grad=False),
    S("np_trapz", "numpy.trapz", (NP_X,)),
    S("np_trace", "numpy.trace", (NP_X,)),
    S("np_log10", "numpy.log10", (NP_POS,)),
    S("np_logical_xor", "numpy.logical_xor", (NP_X > 0, NP_POS > 1), grad=False),
    S("np_nanmean", "numpy.nanmean", (np.array([[1.0, np.nan], [3.0, 4.0]], np.float32),),
      grad=False),
    S("np_count_int", "numpy.cumprod", (ints(2, 3, lo=1, hi=4),), grad=False),
]
for _s in NUMPY_SPECS:
    op_specs._register(_s, module=__name__)

MORE_NUMPY_SPECS = [
    S("np_blackman_4", "numpy.blackman", (4,), grad=False),
    S("np_blackman_7", "numpy.blackman", (7,), grad=False),
    S("np_blackman_1", "numpy.blackman", (1,), grad=False),
    S("np_bincount", "numpy.bincount", (np.array([0, 1, 1, 3], np.int32),), grad=False,
      modes=("PYNATIVE",)),
    S("np_bincount_weights", "numpy.bincount", (np.array([0, 1, 1], np.int32),),
      kw={"weights": op_specs.TK(np.array([0.5, 1.0, 2.0], np.float32)), "minlength": 4},
      grad=False, modes=("PYNATIVE",)),
]
for _s in MORE_NUMPY_SPECS:
    op_specs._register(_s, module=__name__)


@case(modes=("PYNATIVE", "GRAPH"))
def numpy_random_invariants(ms):
    mnp = ms.numpy
    a, b, c = mnp.randn(2, 3), mnp.randint(1, 5, (4, 4)), mnp.randint(5, shape=(3,))
    bn, cn = b.asnumpy(), c.asnumpy()
    return (a.shape, str(a.dtype), b.shape, str(b.dtype), bool(((bn >= 1) & (bn < 5)).all()),
            c.shape, bool(((cn >= 0) & (cn < 5)).all()))


@case(modes=("PYNATIVE",))
def augmented_assignment_methods(ms):
    """``Tensor.__iadd__`` and its neighbours exist for explicit calls and return a new
    Tensor: ``t += x`` leaves another name of ``t`` (and a Parameter) unchanged."""
    y = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    alias, p = y, ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="p")
    same = p
    y += ms.Tensor(np.array([1.0, 1.0, 1.0], np.float32))
    p += 1
    x = ms.Tensor(np.array([4.0, 5.0, 6.0], np.float32))
    return (y, alias, type(p).__name__, same, x.__iadd__(2), x.__isub__(1), x.__imul__(x),
            x.__itruediv__(4), x.__ifloordiv__(4), x.__imod__(4), x)
