"""``mindspore.mint`` recorded from MindSpore 2.10 (CPU): functions through the op-spec
builder (values, dtypes, gradients in both modes) and layers through the nn-spec builder.

The mint functions whose kernels MindSpore's CPU build does not register (``TopkExt``,
``ArgMaxExt``, ``CumsumExt``, ``IndexSelect``, ...) cannot be recorded; they are tested
against the ``ops`` functions they equal in ``tests/test_mint.py``.
"""
import numpy as np

from . import nn_specs, op_specs
from ._registry import case
from .nn_specs import L
from .op_specs import S, ints, perm, r

X = r(2, 3, seed=200)
Y = r(2, 3, seed=201)
POS = r(2, 3, seed=202, lo=0.1, hi=3.0)
X4 = r(2, 3, 4, seed=203)
P = perm(3, 4, seed=204)
M = r(2, 3, 4, seed=205)
N = r(2, 4, 2, seed=206)
IDX = np.array([[0, 2, 1], [1, 0, 0]], np.int64)
SORTED = np.array([[1.0, 3.0, 5.0, 7.0], [0.0, 2.0, 4.0, 6.0]], np.float32)
VALS = np.array([[2.0, 7.0, 0.5], [4.0, 6.5, -1.0]], np.float32)
IMG = r(2, 2, 5, 6, seed=207)
B = r(2, 3, seed=208) > 0

SPECS = [
    S("mint_mul", "mint.mul", (X, Y)),
    S("mint_mul_scalar", "mint.mul", (X, 2.5)),
    S("mint_add", "mint.add", (X, Y)),
    S("mint_add_alpha", "mint.add", (X, Y), kw={"alpha": 3}),
    S("mint_add_int_alpha", "mint.add", (ints(2, 3), ints(2, 3, seed=1)), kw={"alpha": 2},
      grad=False),
    S("mint_sub_alpha", "mint.sub", (X, Y), kw={"alpha": 2}),
    S("mint_cat", "mint.cat", (X, Y), kw={"dim": 1}),
    S("mint_concat", "mint.concat", (X, Y)),
    S("mint_sum_dim", "mint.sum", (X4,), kw={"dim": 1, "keepdim": True}),
    S("mint_sum_all", "mint.sum", (X4,)),
    S("mint_sum_int", "mint.sum", (ints(2, 3),), kw={"dim": 0}, grad=False),
    S("mint_sum_tuple", "mint.sum", (X4, (0, 2))),
    S("mint_mean_dim", "mint.mean", (X4, 2)),
    S("mint_mean_keep", "mint.mean", (X4,), kw={"dim": (0, 1), "keepdim": True}),
    S("mint_prod", "mint.prod", (POS, 1)),
    S("mint_zeros", "mint.zeros", ((2, 3),), grad=False),
    S("mint_ones_int", "mint.ones", ((2,),), kw={"dtype": op_specs.D("int32")}, grad=False),
    S("mint_full", "mint.full", ((2, 2), 1.5), grad=False),
    S("mint_full_int", "mint.full", ((2, 2), 3), grad=False),
    S("mint_zeros_like", "mint.zeros_like", (X,), grad=False),
    S("mint_ones_like_dtype", "mint.ones_like", (X,), kw={"dtype": op_specs.D("int32")},
      grad=False),
    S("mint_matmul", "mint.matmul", (M, N)),
    S("mint_bmm", "mint.bmm", (M, N)),
    S("mint_split_int", "mint.split", (r(5, 2, seed=209), 2)),
    S("mint_split_sections", "mint.split", (r(2, 6, seed=210), [1, 2, 3]), kw={"dim": 1}),
    S("mint_narrow", "mint.narrow", (X4, 2, 1, 2)),
    S("mint_permute", "mint.permute", (X4, (2, 0, 1))),
    S("mint_pow", "mint.pow", (POS, 2.5)),
    S("mint_pow_tensor", "mint.pow", (POS, Y)),
    S("mint_flip", "mint.flip", (X4, (0, 2))),
    S("mint_isclose", "mint.isclose", (X, X + 1e-6), grad=False),
    S("mint_rsqrt", "mint.rsqrt", (POS,)),
    S("mint_sqrt", "mint.sqrt", (POS,)),
    S("mint_where", "mint.where", (B, X, Y)),
    S("mint_clamp", "mint.clamp", (X, -0.5, 0.5)),
    S("mint_tile", "mint.tile", (X, (2, 1))),
    S("mint_eye", "mint.eye", (3, 4), grad=False),
    S("mint_any", "mint.any", (B,), grad=False),
    S("mint_all_dim", "mint.all", (B, 1), grad=False),
    S("mint_log", "mint.log", (POS,)),
    S("mint_exp", "mint.exp", (X,)),
    S("mint_searchsorted", "mint.searchsorted", (SORTED, VALS), grad=False),
    S("mint_searchsorted_right", "mint.searchsorted", (SORTED, VALS), kw={"right": True},
      grad=False),
    S("mint_gather", "mint.gather", (X, 1, IDX)),
    S("mint_max_all", "mint.max", (P,)),
    S("mint_max_dim", "mint.max", (P, 1), pick=0),
    S("mint_max_dim_keep", "mint.max", (P, 0, True), pick=0),
    S("mint_min_dim", "mint.min", (P, 1), pick=0),
    S("mint_max_other", "mint.max", (X, Y)),
    S("mint_nonzero", "mint.nonzero", (B,), grad=False),
    S("mint_cummax", "mint.cummax", (X4, 1), pick=0),
    S("mint_xlogy", "mint.xlogy", (POS, POS)),
    S("mint_erfinv", "mint.erfinv", (X * 0.4,)),
    S("mint_cdist", "mint.cdist", (r(3, 2, seed=211), r(4, 2, seed=212))),
    S("mint_nan_to_num", "mint.nan_to_num",
      (np.array([1.0, np.nan, np.inf, -np.inf], np.float32),), grad=False),
    S("mint_flatten", "mint.flatten", (X4,)),
    S("mint_flatten_dims", "mint.flatten", (X4, 1)),
    S("mint_div_floor", "mint.div", (X, POS), kw={"rounding_mode": "floor"}, grad=False),
    S("mint_div_trunc", "mint.div", (X, POS), kw={"rounding_mode": "trunc"}, grad=False),
    S("mint_div", "mint.div", (X, POS)),
    S("mint_remainder", "mint.remainder", (X, POS), grad=False),
    S("mint_tril", "mint.tril", (r(3, 3, seed=213),)),
    S("mint_triu", "mint.triu", (r(3, 3, seed=213), 1)),
    S("mint_broadcast_to", "mint.broadcast_to", (X[0], (2, 3))),
    S("mint_unsqueeze", "mint.unsqueeze", (X, 1)),
    S("mint_select", "mint.select", (X4, 1, 2)),
    S("mint_unbind", "mint.unbind", (X4, 2)),
    S("mint_stack", "mint.stack", (X, Y), kw={"dim": 1}),
    S("mint_arange", "mint.arange", (5,), grad=False),
    S("mint_arange_float", "mint.arange", (0.5, 2.0, 0.5), grad=False),
    S("mint_linspace", "mint.linspace", (0.0, 1.0, 5), grad=False),
    S("mint_scatter", "mint.scatter", (X, 1, IDX, Y)),
    S("mint_scatter_add", "mint.scatter_add", (X, 1, IDX, Y)),
    S("mint_index_select", "mint.index_select", (X4, 2, np.array([3, 0], np.int64))),
    S("mint_topk", "mint.topk", (P, 2), pick=0),
    S("mint_argmax", "mint.argmax", (P, 1), grad=False),
    S("mint_argmin_keep", "mint.argmin", (P, 0, True), grad=False),
    S("mint_cumsum", "mint.cumsum", (X4, 1)),
    S("mint_cumsum_int", "mint.cumsum", (ints(2, 3), 1), grad=False),
    S("mint_repeat_interleave", "mint.repeat_interleave", (X, 2, 1)),
    S("mint_roll", "mint.roll", (X, 1, 1)),
    S("mint_trace", "mint.trace", (r(3, 3, seed=214),)),
    S("mint_inverse", "mint.inverse", (r(3, 3, seed=215) + 3 * np.eye(3, dtype=np.float32),)),
    S("mint_baddbmm", "mint.baddbmm", (r(2, 3, 2, seed=216), M, N), kw={"beta": 0.5,
                                                                        "alpha": 2}),
    S("mint_cross", "mint.cross", (r(2, 3, seed=217), r(2, 3, seed=218))),
    S("mint_unique", "mint.unique", (np.array([3, 1, 3, 2, 1], np.int32),), grad=False),
    S("mint_erfc", "mint.erfc", (X,)),
    S("mint_sinc", "mint.sinc", (X,)),
    S("mint_round_decimals", "mint.round", (X * 10,), kw={"decimals": 1}, grad=False),
    S("mint_bitwise_xor", "mint.bitwise_xor", (ints(2, 3), ints(2, 3, seed=2)), grad=False),
    S("mint_linalg_norm", "mint.linalg.norm", (X,)),
    S("mint_linalg_vector_norm", "mint.linalg.vector_norm", (X4,), kw={"ord": 3, "dim": 1}),
    S("mint_linalg_inv", "mint.linalg.inv", (r(2, 2, seed=219) + 3 * np.eye(2,
                                                                          dtype=np.float32),)),
    # mint.nn.functional
    S("mint_F_relu", "mint.nn.functional.relu", (X,)),
    S("mint_F_silu", "mint.nn.functional.silu", (X,)),
    S("mint_F_sigmoid", "mint.nn.functional.sigmoid", (X,)),
    S("mint_F_tanh", "mint.nn.functional.tanh", (X,)),
    S("mint_F_gelu", "mint.nn.functional.gelu", (X,)),
    S("mint_F_gelu_tanh", "mint.nn.functional.gelu", (X,), kw={"approximate": "tanh"}),
    S("mint_F_elu", "mint.nn.functional.elu", (X,), kw={"alpha": 0.5}),
    S("mint_F_selu", "mint.nn.functional.selu", (X,)),
    S("mint_F_mish", "mint.nn.functional.mish", (X,)),
    S("mint_F_softplus", "mint.nn.functional.softplus", (X * 8,), kw={"beta": 2,
                                                                      "threshold": 5}),
    S("mint_F_softshrink", "mint.nn.functional.softshrink", (X,)),
    S("mint_F_softmax", "mint.nn.functional.softmax", (X4,), kw={"dim": 1}),
    S("mint_F_log_softmax", "mint.nn.functional.log_softmax", (X4,), kw={"dim": 2}),
    S("mint_F_one_hot", "mint.nn.functional.one_hot", (np.array([0, 2, 1], np.int64), 4),
      grad=False),
    S("mint_F_one_hot_infer", "mint.nn.functional.one_hot", (np.array([0, 2], np.int64),),
      grad=False),
    S("mint_F_linear", "mint.nn.functional.linear", (X, r(4, 3, seed=220), r(4, seed=221))),
    S("mint_F_mse_loss", "mint.nn.functional.mse_loss", (X, Y)),
    S("mint_F_mse_loss_none", "mint.nn.functional.mse_loss", (X, Y), kw={"reduction": "none"}),
    S("mint_F_l1_loss_sum", "mint.nn.functional.l1_loss", (X, Y), kw={"reduction": "sum"}),
    S("mint_F_bce", "mint.nn.functional.binary_cross_entropy",
      (r(2, 3, seed=222, lo=0.05, hi=0.95), r(2, 3, seed=223, lo=0.0, hi=1.0))),
    S("mint_F_bce_logits", "mint.nn.functional.binary_cross_entropy_with_logits",
      (X, r(2, 3, seed=224, lo=0.0, hi=1.0))),
    S("mint_F_bce_logits_pos", "mint.nn.functional.binary_cross_entropy_with_logits",
      (X, r(2, 3, seed=224, lo=0.0, hi=1.0)),
      kw={"pos_weight": op_specs.TK(r(3, seed=225, lo=0.5, hi=2.0)), "reduction": "sum"}),
    S("mint_F_group_norm", "mint.nn.functional.group_norm", (IMG, 2)),
    S("mint_F_prelu", "mint.nn.functional.prelu", (IMG, np.array([0.1, 0.3], np.float32))),
    S("mint_F_embedding", "mint.nn.functional.embedding",
      (np.array([[0, 2], [1, 1]], np.int64), r(3, 4, seed=226))),
    S("mint_F_dropout_eval", "mint.nn.functional.dropout", (X,), kw={"training": False}),
    S("mint_F_max_pool2d", "mint.nn.functional.max_pool2d", (IMG, 2)),
    S("mint_F_avg_pool2d", "mint.nn.functional.avg_pool2d", (IMG, 2),
      kw={"stride": 1, "padding": 1}),
    S("mint_F_batch_norm", "mint.nn.functional.batch_norm",
      (IMG, r(2, seed=227), r(2, seed=228, lo=0.5, hi=2.0))),
    S("mint_F_conv2d", "mint.nn.functional.conv2d", (IMG, r(3, 2, 3, 3, seed=229)),
      kw={"padding": 1}),
    S("mint_F_clamp", "mint.nn.functional.clamp", (X, -0.3, 0.4)),
    S("mint_F_flatten", "mint.nn.functional.flatten", (X4,)),
    S("mint_F_flatten_dims", "mint.nn.functional.flatten", (X4, 1, 2)),
    S("mint_F_broadcast_to", "mint.nn.functional.broadcast_to", (X[:1], (3, 3))),
    S("mint_F_normalize", "mint.nn.functional.normalize", (X,)),
    S("mint_F_normalize_p1_dim0", "mint.nn.functional.normalize", (X, 1.0, 0)),
    S("mint_F_kl_div", "mint.nn.functional.kl_div", (X, r(2, 3, seed=233, lo=0.1, hi=1.0)),
      kw={"reduction": "batchmean"}),
    S("mint_F_kl_div_log_target", "mint.nn.functional.kl_div", (X, Y),
      kw={"reduction": "sum", "log_target": True}),
    S("mint_F_logsigmoid", "mint.nn.functional.logsigmoid", (X,)),
    S("mint_F_threshold", "mint.nn.functional.threshold", (X, 0.1, 20.0)),
    S("mint_F_relu6", "mint.nn.functional.relu6", (X * 8,)),
    S("mint_F_hardtanh", "mint.nn.functional.hardtanh", (X, -0.2, 0.3)),
    S("mint_F_avg_pool1d", "mint.nn.functional.avg_pool1d", (X4, 2)),
    S("mint_F_avg_pool3d", "mint.nn.functional.avg_pool3d", (r(1, 2, 4, 4, 4, seed=234), 2)),
    S("mint_F_adaptive_max_pool1d", "mint.nn.functional.adaptive_max_pool1d", (X4, 3),
      kw={"return_indices": True}, grad=False),
    S("mint_F_adaptive_avg_pool3d", "mint.nn.functional.adaptive_avg_pool3d",
      (r(1, 2, 4, 4, 4, seed=234), 2)),
    S("mint_F_conv_transpose2d", "mint.nn.functional.conv_transpose2d",
      (IMG, r(2, 3, 3, 3, seed=235)), kw={"stride": 2, "padding": 1, "output_padding": 1}),
    S("mint_F_soft_margin_loss", "mint.nn.functional.soft_margin_loss",
      (X, np.sign(Y) + (Y == 0))),
    S("mint_special_expm1", "mint.special.expm1", (X,)),
    S("mint_special_round", "mint.special.round", (X * 3,), grad=False),
]

LAYERS = [
    L("mint_Linear", "Linear", (3, 4), (X,), module="mint.nn"),
    L("mint_Linear_nobias", "Linear", (3, 2), (X,), kw={"bias": False}, module="mint.nn"),
    L("mint_GroupNorm", "GroupNorm", (1, 2), (IMG,), module="mint.nn"),
    L("mint_GroupNorm_2", "GroupNorm", (2, 2), (IMG,), module="mint.nn"),
    L("mint_Conv2d", "Conv2d", (2, 3, 3), (IMG,), kw={"padding": 1}, module="mint.nn"),
    L("mint_Conv2d_same_stride", "Conv2d", (2, 3, (3, 2)), (IMG,),
      kw={"padding": "same", "bias": False}, module="mint.nn"),
    L("mint_BatchNorm2d_train", "BatchNorm2d", (2,), (IMG,), train=True, module="mint.nn"),
    L("mint_BatchNorm2d_eval", "BatchNorm2d", (2,), (IMG,), module="mint.nn"),
    L("mint_BatchNorm1d_train", "BatchNorm1d", (3,), (X4,), train=True,
      kw={"momentum": 0.3}, module="mint.nn"),
    L("mint_PReLU", "PReLU", (), (X,), module="mint.nn"),
    L("mint_LayerNorm", "LayerNorm", ((4,),), (X4,), module="mint.nn"),
    L("mint_Embedding", "Embedding", (5, 3), (np.array([[0, 4], [2, 2]], np.int64),),
      module="mint.nn"),
    L("mint_GELU", "GELU", (), (X,), module="mint.nn"),
    L("mint_SiLU", "SiLU", (), (X,), module="mint.nn"),
    L("mint_Hardshrink", "Hardshrink", (0.4,), (X,), module="mint.nn"),
    L("mint_Softshrink", "Softshrink", (), (X,), module="mint.nn"),
    L("mint_Hardtanh", "Hardtanh", (-0.5, 0.8), (X,), module="mint.nn"),
    L("mint_LogSoftmax", "LogSoftmax", (1,), (X,), module="mint.nn"),
    L("mint_Softmax", "Softmax", (0,), (X,), module="mint.nn"),
    L("mint_ELU", "ELU", (0.3,), (X,), module="mint.nn"),
    L("mint_GLU", "GLU", (), (r(2, 4, seed=230),), module="mint.nn"),
    L("mint_LogSigmoid", "LogSigmoid", (), (X,), module="mint.nn"),
    L("mint_Mish", "Mish", (), (X,), module="mint.nn"),
    L("mint_SELU", "SELU", (), (X,), module="mint.nn"),
    L("mint_Threshold", "Threshold", (0.1, 20.0), (X,), module="mint.nn"),
    L("mint_Hardsigmoid", "Hardsigmoid", (), (X * 4,), module="mint.nn"),
    L("mint_Hardswish", "Hardswish", (), (X * 4,), module="mint.nn"),
    L("mint_L1Loss", "L1Loss", (), (X, Y), module="mint.nn"),
    L("mint_MSELoss_sum", "MSELoss", ("sum",), (X, Y), module="mint.nn"),
    L("mint_SmoothL1Loss", "SmoothL1Loss", (), (X, Y), kw={"beta": 0.5}, module="mint.nn"),
    L("mint_KLDivLoss", "KLDivLoss", ("batchmean",), (X, r(2, 3, seed=231, lo=0.1, hi=1.0)),
      module="mint.nn"),
    L("mint_BCEWithLogitsLoss", "BCEWithLogitsLoss", (),
      (X, r(2, 3, seed=232, lo=0.0, hi=1.0)), module="mint.nn"),
    L("mint_CrossEntropyLoss", "CrossEntropyLoss", (), (X, np.array([2, 0], np.int32)),
      module="mint.nn"),
    L("mint_Flatten", "Flatten", (), (X4,), module="mint.nn"),
    L("mint_AvgPool2d", "AvgPool2d", (2,), (IMG,), module="mint.nn"),
    L("mint_MaxPool2d", "MaxPool2d", (3, 2, 1), (IMG,), module="mint.nn"),
    L("mint_ZeroPad2d", "ZeroPad2d", ((1, 0, 2, 1),), (IMG,), module="mint.nn"),
    L("mint_ConstantPad1d", "ConstantPad1d", (2, 0.5), (X,), module="mint.nn"),
    L("mint_ReflectionPad2d", "ReflectionPad2d", (1,), (IMG,), module="mint.nn"),
    L("mint_ReplicationPad1d", "ReplicationPad1d", ((2, 1),), (X,), module="mint.nn"),
    L("mint_Dropout_eval", "Dropout", (0.3,), (X,), module="mint.nn"),
    L("mint_ConvTranspose2d", "ConvTranspose2d", (2, 3, 3), (IMG,), kw={"stride": 2},
      module="mint.nn"),
    L("mint_AvgPool1d", "AvgPool1d", (2,), (X4,), module="mint.nn"),
    L("mint_AdaptiveAvgPool1d", "AdaptiveAvgPool1d", (2,), (X4,), module="mint.nn"),
    L("mint_SoftMarginLoss", "SoftMarginLoss", (), (X, np.sign(Y) + (Y == 0)),
      module="mint.nn"),
    L("mint_UpsamplingBilinear2d", "UpsamplingBilinear2d", (None, 2.0), (IMG,),
      module="mint.nn"),
]

# MindSpore's CPU build cannot run these (kernel unregistered, or a crash): they are tested
# against the ops functions and the mathematics they equal in tests/test_mint.py.
CPU_UNREGISTERED = {
    "mint_full", "mint_full_int", "mint_zeros_like", "mint_ones_like_dtype", "mint_cummax",
    "mint_tril", "mint_unbind", "mint_stack", "mint_arange", "mint_arange_float",
    "mint_linspace", "mint_scatter_add", "mint_index_select", "mint_topk", "mint_argmax",
    "mint_argmin_keep", "mint_cumsum", "mint_cumsum_int", "mint_repeat_interleave",
    "mint_roll", "mint_trace", "mint_inverse", "mint_baddbmm", "mint_unique",
    "mint_bitwise_xor", "mint_linalg_norm", "mint_linalg_vector_norm", "mint_linalg_inv",
    "mint_F_gelu", "mint_F_gelu_tanh", "mint_F_elu", "mint_F_selu", "mint_F_mish",
    "mint_F_softplus", "mint_F_log_softmax", "mint_F_one_hot", "mint_F_one_hot_infer",
    "mint_F_mse_loss", "mint_F_mse_loss_none", "mint_F_l1_loss_sum", "mint_F_embedding",
    "mint_F_max_pool2d", "mint_F_avg_pool2d", "mint_F_batch_norm", "mint_F_conv2d",
    "mint_Conv2d", "mint_Conv2d_same_stride", "mint_BatchNorm2d_train",
    "mint_BatchNorm2d_eval", "mint_BatchNorm1d_train", "mint_LayerNorm", "mint_Embedding",
    "mint_GELU", "mint_Hardtanh", "mint_ELU", "mint_LogSigmoid", "mint_Mish", "mint_SELU",
    "mint_Threshold", "mint_L1Loss", "mint_MSELoss_sum", "mint_KLDivLoss", "mint_AvgPool2d",
    "mint_MaxPool2d", "mint_ReflectionPad2d", "mint_ReplicationPad1d",
    "mint_F_normalize", "mint_F_normalize_p1_dim0", "mint_F_kl_div",
    "mint_F_kl_div_log_target", "mint_F_logsigmoid", "mint_F_threshold", "mint_F_relu6",
    "mint_F_hardtanh", "mint_F_avg_pool1d", "mint_F_avg_pool3d", "mint_F_adaptive_max_pool1d",
    "mint_F_adaptive_avg_pool3d", "mint_F_conv_transpose2d", "mint_F_soft_margin_loss",
    "mint_special_expm1", "mint_special_round", "mint_ConvTranspose2d", "mint_AvgPool1d",
    "mint_AdaptiveAvgPool1d", "mint_SoftMarginLoss", "mint_UpsamplingBilinear2d"}
# PYNATIVE fails on MindSpore's CPU build (pyboost kernel missing); GRAPH runs.
GRAPH_ONLY = {"mint_select", "mint_LogSoftmax", "mint_CrossEntropyLoss", "mint_ZeroPad2d",
              "mint_ConstantPad1d"}

for _s in SPECS + LAYERS:
    if _s.name in CPU_UNREGISTERED:
        continue
    if _s.name in GRAPH_ONLY:
        _s.modes = ("GRAPH",)
    if isinstance(_s, S):
        op_specs._register(_s, pack=_s.name in {"mint_cat", "mint_concat", "mint_stack"},
                           module=__name__)
    else:
        nn_specs._register(_s, module=__name__)


@case(modes=("PYNATIVE",))
def mint_initial_parameters(ms):
    """The Parameters each layer creates: names, shapes, dtypes, trainability, and the values
    of the deterministic ones (random draws differ from MindSpore's generator: see
    docs/divergences.md)."""
    out = []
    for cell in (ms.mint.nn.Linear(3, 2), ms.mint.nn.Conv2d(2, 3, 2), ms.mint.nn.Embedding(4, 3),
                 ms.mint.nn.Conv1d(2, 3, 2, bias=False), ms.mint.nn.GroupNorm(1, 2),
                 ms.mint.nn.LayerNorm((2, 3)), ms.mint.nn.BatchNorm1d(2),
                 ms.mint.nn.PReLU(2, 0.1)):
        for p in cell.get_parameters():
            deterministic = "Norm" in type(cell).__name__ or "PReLU" in type(cell).__name__
            out.append((p.name, p.shape, str(p.dtype), p.requires_grad,
                        p if deterministic else None))
    return tuple(out)


@case(modes=("PYNATIVE",))
def mint_layer_reprs(ms):
    cells = (ms.mint.nn.Linear(3, 2), ms.mint.nn.Linear(3, 2, bias=False),
             ms.mint.nn.Conv2d(2, 3, 2, stride=2, padding=1),
             ms.mint.nn.Conv3d(1, 2, (1, 2, 3), padding="same", bias=False),
             ms.mint.nn.GroupNorm(1, 2), ms.mint.nn.BatchNorm2d(2, momentum=0.2),
             ms.mint.nn.Embedding(3, 2, padding_idx=0), ms.mint.nn.LayerNorm(3),
             ms.mint.nn.GELU(), ms.mint.nn.ReLU(), ms.mint.nn.LogSoftmax(1),
             ms.mint.nn.L1Loss(), ms.mint.nn.CrossEntropyLoss(), ms.mint.nn.ZeroPad2d(1),
             ms.mint.nn.Hardshrink(), ms.mint.nn.Dropout(0.2),
             ms.mint.nn.ConvTranspose2d(2, 3, 3, stride=2, bias=False),
             ms.mint.nn.AdaptiveAvgPool1d(3), ms.mint.nn.AdaptiveAvgPool3d(2),
             ms.mint.nn.AdaptiveMaxPool1d(2), ms.mint.nn.AvgPool1d(2), ms.mint.nn.AvgPool3d(2),
             ms.mint.nn.MaxUnpool2d(2), ms.mint.nn.SoftMarginLoss(),
             ms.mint.nn.Upsample(scale_factor=2), ms.mint.nn.UpsamplingBilinear2d(None, 2.0))
    return tuple(repr(c) for c in cells)


@case(modes=("PYNATIVE",))
def mint_transposed_conv_parameters_after_seed(ms):
    """mint.nn.ConvTranspose2d's (in, out/groups, *kernel) weight and its bias, drawn as
    MindSpore draws them after set_seed."""
    ms.set_seed(1)
    cell = ms.mint.nn.ConvTranspose2d(4, 6, (3, 2), groups=2)
    return tuple((p.name, p) for p in cell.get_parameters())


def mint_batchnorm_running_stats(ms):
    """Two training steps of mint.nn.BatchNorm2d: PyTorch's momentum and the step count."""
    bn = ms.mint.nn.BatchNorm2d(2, momentum=0.25)
    bn.set_train()
    x = ms.Tensor(IMG)
    bn(x)
    y = bn(x * 2)
    return y, bn.running_mean, bn.running_var, bn.num_batches_tracked
