"""Margin, likelihood and sequence losses and small layers: ``ops.margin_ranking_loss``,
``multilabel_soft_margin_loss``, ``gaussian_nll_loss``, ``hinge_embedding_loss``, ``glu``,
``softmin``, ``channel_shuffle``, ``multi_margin_loss``, ``ctc_loss`` (MindSpore's
``exp(log_probs) - posterior`` gradient), their primitives and nn Cells, ``nn.LRN``,
``nn.Unflatten`` and ``nn.AvgPool2d``/``AvgPool1d`` options in every pad mode."""
import numpy as np

from . import nn_specs, op_specs
from ._registry import case
from .nn_specs import L
from .op_specs import S, ints, r

X = r(4, 6, seed=500)
Y = r(4, 6, seed=501)
SIGN = np.sign(r(4, 6, seed=502)).astype(np.float32)
BIN = (r(4, 6, seed=503) > 0).astype(np.float32)
VAR = np.abs(r(4, 6, seed=504)) + 0.05
IMG = r(2, 6, 3, 3, seed=505)
LP_RAW = r(6, 2, 5, seed=506)
LP = (LP_RAW - np.log(np.exp(LP_RAW).sum(-1, keepdims=True))).astype(np.float32)
TARGETS = np.array([[1, 2, 2], [3, 4, 0]], np.int32)
IN_LEN, TG_LEN = np.array([6, 5], np.int32), np.array([3, 2], np.int32)
CLS = np.array([1, 0, 5, 2], np.int64)
X4 = r(2, 3, 7, 6, seed=510)
X3 = r(2, 3, 9, seed=511)

SPECS = [
    S("margin_ranking", "ops.margin_ranking_loss", (X[0], Y[0], SIGN[0])),
    S("margin_ranking_margin_sum", "ops.margin_ranking_loss", (X, Y, SIGN),
      kw={"margin": 0.3, "reduction": "sum"}),
    S("margin_ranking_none", "ops.margin_ranking_loss", (X, Y, SIGN),
      kw={"margin": 0.5, "reduction": "none"}),
    S("margin_ranking_int_margin", "ops.margin_ranking_loss", (X, Y, SIGN), kw={"margin": 1},
      grad=False),
    S("multilabel_soft_margin", "ops.multilabel_soft_margin_loss", (X, BIN)),
    S("multilabel_soft_margin_weight", "ops.multilabel_soft_margin_loss",
      (X, BIN, np.linspace(0.5, 2, 6).astype(np.float32)), kw={"reduction": "none"}),
    S("gaussian_nll", "ops.gaussian_nll_loss", (X, Y, VAR)),
    S("gaussian_nll_full_sum", "ops.gaussian_nll_loss", (X, Y, VAR),
      kw={"full": True, "reduction": "sum"}),
    S("gaussian_nll_var_per_row", "ops.gaussian_nll_loss", (X, Y, VAR[:, 0]),
      kw={"reduction": "none"}),
    S("gaussian_nll_small_var", "ops.gaussian_nll_loss", (X, Y, VAR * 1e-3), kw={"eps": 0.01}),
    S("gaussian_nll_bad_eps", "ops.gaussian_nll_loss", (X, Y, VAR), kw={"eps": 0.0},
      grad=False),
    # MindSpore's PYNATIVE hinge_embedding_loss raises TypeError (an Add of its own on a
    # Bool Tensor; docs/divergences.md): recorded in GRAPH_MODE, where it runs
    S("hinge_embedding", "ops.hinge_embedding_loss", (X, SIGN), modes=("GRAPH",)),
    S("hinge_embedding_margin_none", "ops.hinge_embedding_loss", (X, SIGN),
      kw={"margin": 0.5, "reduction": "none"}, modes=("GRAPH",)),
    S("glu", "ops.glu", (X,)),
    S("glu_axis0", "ops.glu", (X,), kw={"axis": 0}),
    S("glu_odd", "ops.glu", (r(3, 5, seed=507),), grad=False),
    S("softmin", "ops.softmin", (X,)),
    S("softmin_axis0", "ops.softmin", (X,), kw={"axis": 0}),
    # MindSpore has no bprop for ChannelShuffle (RuntimeError under grad): forward only
    S("channel_shuffle", "ops.channel_shuffle", (IMG, 3), grad=False),
    S("channel_shuffle_prim", "ops.ChannelShuffle", (IMG,), init={"group": 2}, grad=False),
    S("channel_shuffle_bad_group", "ops.channel_shuffle", (IMG, 4), grad=False),
    S("multi_margin", "ops.multi_margin_loss", (X, CLS)),
    S("multi_margin_p2_weight", "ops.multi_margin_loss",
      (X, CLS), kw={"p": 2, "margin": 2, "weight": op_specs.TK(
          np.linspace(0.5, 1.5, 6).astype(np.float32)), "reduction": "sum"}, grad=False),
    S("multi_margin_float_margin", "ops.multi_margin_loss", (X, CLS), kw={"margin": 1.0},
      grad=False),
    S("multi_margin_prim", "ops.MultiMarginLoss", (X, CLS, np.ones(6, np.float32)),
      init={"p": 1, "margin": 0.5, "reduction": "none"}),
    S("ctc_loss_mean", "ops.ctc_loss", (LP, TARGETS, IN_LEN, TG_LEN), pick=0),
    S("ctc_loss_none_unnormalised", "ops.ctc_loss", (LP_RAW, TARGETS, IN_LEN, TG_LEN),
      kw={"reduction": "none"}, pick=0),
    S("ctc_loss_sum_blank4", "ops.ctc_loss",
      (LP, np.array([[1, 2, 2], [3, 1, 0]], np.int32), IN_LEN, TG_LEN),
      kw={"blank": 4, "reduction": "sum"}, pick=0),
    S("ctc_loss_input_shorter_than_target", "ops.ctc_loss",
      (LP[:2], TARGETS, np.array([2, 2], np.int32), TG_LEN), kw={"reduction": "none"},
      grad=False),
    S("ctc_loss_impossible_zero_infinity", "ops.ctc_loss",
      (LP[:3], TARGETS, np.array([3, 3], np.int32), TG_LEN),
      kw={"reduction": "none", "zero_infinity": True}, pick=0),
    S("ctc_loss_impossible_inf_sum", "ops.ctc_loss",
      (LP[:3], TARGETS, np.array([3, 3], np.int32), TG_LEN), kw={"reduction": "sum"},
      pick=0),
    S("ctc_v2_prim", "ops.CTCLossV2", (LP, TARGETS, IN_LEN, TG_LEN),
      init={"blank": 0, "reduction": "none", "zero_infinity": False}, pick=0),
    S("lp_pool2d", "ops.lp_pool2d", (np.abs(X4) + 0.1, 2, (2, 3)), kw={"stride": 1}),
    S("lp_pool1d", "ops.lp_pool1d", (np.abs(X3) + 0.1, 3, 2)),
    S("ctc_loss_bad_reduction", "ops.ctc_loss", (LP, TARGETS, IN_LEN, TG_LEN),
      kw={"reduction": "max"}, grad=False),
]
for _s in SPECS:
    op_specs._register(_s, module=__name__)

LAYERS = [
    L("nn_margin_ranking", "MarginRankingLoss", (), (X, Y, SIGN), kw={"margin": 0.2}),
    L("nn_multilabel_soft_margin", "MultiLabelSoftMarginLoss", (), (X, BIN),
      kw={"reduction": "sum"}),
    L("nn_hinge_embedding", "HingeEmbeddingLoss", (), (X, SIGN), kw={"margin": 0.7},
      modes=("GRAPH",)),
    L("nn_gaussian_nll", "GaussianNLLLoss", (), (X, Y, VAR), kw={"full": True}),
    L("nn_poisson_nll", "PoissonNLLLoss", (), (X, np.abs(Y))),
    L("nn_poisson_nll_full_linear", "PoissonNLLLoss", (), (np.abs(X) + 0.1, np.abs(Y) * 3),
      kw={"log_input": False, "full": True, "reduction": "sum"}),
    L("nn_focal_index_labels", "FocalLoss", (), (X4, ints(2, 1, 7, 6, hi=3, seed=512)),
      kw={"gamma": 1.5}),
    L("nn_focal_one_hot_2d", "FocalLoss", (), (X, np.eye(6, dtype=np.float32)[[1, 0, 5, 2]]),
      kw={"reduction": "sum"}),
    L("nn_focal_mismatched_ndim", "FocalLoss", (), (X, CLS.astype(np.int32)), grad=False),
    L("nn_multi_margin", "MultiMarginLoss", (), (X, CLS), kw={"p": 2, "margin": 0.8}),
    L("nn_ctc", "CTCLoss", (), (LP, TARGETS, IN_LEN, TG_LEN)),
    L("nn_ctc_sum_zero_infinity", "CTCLoss", (), (LP, TARGETS, IN_LEN, TG_LEN),
      kw={"reduction": "sum", "zero_infinity": True}),
    L("nn_ctc_unbatched", "CTCLoss", (), (LP[:, 0], TARGETS[0], IN_LEN[:1], TG_LEN[:1]),
      kw={"reduction": "none"}),
    L("nn_glu", "GLU", (), (X,)),
    L("nn_softmin", "Softmin", (), (X,), kw={"axis": 0}),
    L("nn_unflatten", "Unflatten", (1, (2, 3)), (X,)),
    L("nn_unflatten_last", "Unflatten", (-1, [3, 2]), (X,)),
    L("nn_channel_shuffle", "ChannelShuffle", (3,), (IMG,), grad=False),
    L("nn_lrn", "LRN", (), (IMG,), kw={"depth_radius": 2, "alpha": 0.5}),
    # MindSpore's CPU kernel fails for some shapes with ceil_mode (oneDNN descriptor error):
    # recorded on shapes where it runs
    L("nn_avgpool2d_valid_ceil", "AvgPool2d", (3, 2), (X4[:1, :2],), kw={"ceil_mode": True},
      grad=False),
    L("nn_avgpool2d_same_ceil_count", "AvgPool2d", (3, 2), (X4,),
      kw={"pad_mode": "same", "ceil_mode": True}),
    L("nn_avgpool2d_same_ceil_nocount", "AvgPool2d", (2, 3), (X4,),
      kw={"pad_mode": "same", "ceil_mode": True, "count_include_pad": False}),
    L("nn_avgpool2d_valid_divisor", "AvgPool2d", (2, 2), (X4,), kw={"divisor_override": 3}),
    L("nn_avgpool2d_valid_padding", "AvgPool2d", (2, 2), (X4,), kw={"padding": 1},
      grad=False),
    L("nn_avgpool1d_same_ceil", "AvgPool1d", (3, 2), (X3,),
      kw={"pad_mode": "same", "ceil_mode": True}),
    L("nn_bidense", "BiDense", (3, 4, 2), (r(2, 3, seed=520), r(2, 4, seed=521))),
    L("nn_bidense_3d_nobias", "BiDense", (3, 4, 2), (r(2, 5, 3, seed=522), r(2, 5, 4, seed=523)),
      kw={"has_bias": False}),
    L("nn_lppool2d", "LPPool2d", (2, 2), (np.abs(X4) + 0.1,)),
    L("nn_lppool2d_p3_stride_ceil", "LPPool2d", (3.0, 3, 2), (np.abs(X4) + 0.1,),
      kw={"ceil_mode": True}),
    L("nn_lppool1d", "LPPool1d", (2, 3), (np.abs(X3) + 0.1,), kw={"stride": 2}),
    L("nn_adaptive_avg3d", "AdaptiveAvgPool3d", ((2, 3, None),), (r(1, 2, 4, 5, 3, seed=524),)),
    L("nn_adaptive_avg3d_int", "AdaptiveAvgPool3d", (2,), (r(2, 3, 5, 4, seed=525),)),
    L("nn_softmax2d", "Softmax2d", (), (r(1, 3, 2, 2, seed=526),)),
    L("nn_hshrink", "HShrink", (0.7,), (X,)),
    L("nn_softshrink", "SoftShrink", (), (X,)),
]
for _layer in LAYERS:
    nn_specs._register(_layer, module=__name__)


@case()
def float_settings_passed_positionally_under_grad(ms):
    """Python floats that are settings (checked by type, used as shapes), passed
    positionally inside a differentiated function."""
    ops = ms.ops
    x = ms.Tensor(np.abs(X) + 0.1)

    def f(a):
        return (ops.margin_ranking_loss(a, a * 0.5, ms.Tensor(SIGN), 0.3)
                + ops.gaussian_nll_loss(a, a * 0.5, a, False, 0.01)
                + ops.lp_pool2d(a.reshape(1, 1, 4, 6), 3.0, 2).sum())
    return ms.value_and_grad(f)(x)
