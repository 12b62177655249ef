"""The nn layers' recorded tests: one spec per layer configuration.

Each spec builds a Cell (``nn.<name>(*args, **kwargs)``), overwrites its trainable
Parameters with deterministic values, runs it on deterministic inputs (in training mode when
``train``), and returns the output, the gradients w.r.t. the float inputs and the trainable
Parameters (``ms.grad``, default sens), and the values of the non-trainable Parameters after
the call (BatchNorm's moving statistics), in both modes.
"""
from dataclasses import dataclass, field

import numpy as np

from ._registry import case
from .op_specs import ints, perm, r


@dataclass
class L:
    name: str
    cell: str
    args: tuple
    inputs: tuple
    kw: dict = field(default_factory=dict)
    train: bool = False
    grad: bool = True
    modes: tuple = ("PYNATIVE", "GRAPH")
    rtol: float = 1e-5
    atol: float = 1e-5
    module: str = "nn"  # or "mint.nn"


def _build(ms, spec):
    module = ms
    for part in spec.module.split("."):
        module = getattr(module, part)
    cell = getattr(module, spec.cell)(*spec.args, **spec.kw)
    for i, p in enumerate(cell.trainable_params()):
        if p.dtype == ms.float32:
            p.set_data(ms.Tensor(r(*p.shape, seed=100 + i)))
    cell.set_train(spec.train)
    return cell


def _register(spec, module=__name__):
    def fn(ms):
        cell = _build(ms, spec)
        xs = [ms.Tensor(a) for a in spec.inputs]
        if not spec.grad:
            out = cell(*xs)
        else:
            pos = tuple(i for i, a in enumerate(spec.inputs) if a.dtype.kind == "f")
            weights = cell.trainable_params()
            out, grads = ms.value_and_grad(cell, grad_position=pos or None,
                                           weights=weights or None)(*xs)
        state = tuple(p for p in cell.untrainable_params())
        if not spec.grad:
            return (out, state) if state else out
        return (out, grads, state) if state else (out, grads)
    fn.__name__ = spec.name
    fn.__qualname__ = spec.name
    fn.__module__ = module
    case(modes=spec.modes, rtol=spec.rtol, atol=spec.atol)(fn)


X4 = r(2, 3, 5, 5, seed=1)
X3 = r(2, 3, 7, seed=2)
IMG = perm(1, 2, 4, 4, seed=3)  # tie-free, for max pooling
VOL = r(1, 2, 4, 5, 6, seed=50)
SEQ3 = r(2, 2, 5, seed=51)

SPECS = [
    # convolutions
    L("conv2d_same", "Conv2d", (3, 4, 3), (X4,)),
    L("conv2d_valid_bias", "Conv2d", (3, 2, 3), (X4,), kw={"pad_mode": "valid",
                                                          "has_bias": True}),
    L("conv2d_stride2_same", "Conv2d", (3, 2, 3), (X4,), kw={"stride": 2}),
    L("conv2d_stride2_even_kernel", "Conv2d", (3, 2, 2), (X4,), kw={"stride": 2}),
    L("conv2d_pad", "Conv2d", (3, 2, (3, 2)), (X4,),
      kw={"pad_mode": "pad", "padding": 1, "has_bias": True}),
    L("conv2d_pad4", "Conv2d", (3, 2, 3), (X4,),
      kw={"pad_mode": "pad", "padding": (1, 0, 2, 1)}),
    L("conv2d_dilation", "Conv2d", (3, 2, 3), (X4,), kw={"dilation": 2}),
    L("conv2d_group", "Conv2d", (4, 2, 3), (r(1, 4, 4, 4, seed=5),), kw={"group": 2}),
    L("conv2d_depthwise", "Conv2d", (3, 3, 3), (X4,), kw={"group": 3, "pad_mode": "valid"}),
    L("conv1d_same", "Conv1d", (3, 2, 3), (X3,)),
    L("conv1d_pad_stride", "Conv1d", (3, 4, 3), (X3,),
      kw={"pad_mode": "pad", "padding": 1, "stride": 2, "has_bias": True}),
    L("conv2d_transpose_same", "Conv2dTranspose", (3, 2, 3), (X4,)),
    L("conv2d_transpose_stride2", "Conv2dTranspose", (3, 2, 3), (X4,), kw={"stride": 2}),
    L("conv2d_transpose_valid", "Conv2dTranspose", (3, 2, 2), (X4,),
      kw={"stride": 2, "pad_mode": "valid", "has_bias": True}),
    L("conv2d_transpose_pad", "Conv2dTranspose", (3, 2, 3), (X4,),
      kw={"stride": 2, "pad_mode": "pad", "padding": 1}),
    # pooling
    L("conv3d_same", "Conv3d", (2, 3, 3), (VOL,)),
    L("conv3d_valid_stride_bias", "Conv3d", (2, 3, (2, 3, 2)), (VOL,),
      kw={"pad_mode": "valid", "stride": 2, "has_bias": True}),
    L("conv3d_pad6_dilation", "Conv3d", (2, 4, 2), (VOL,),
      kw={"pad_mode": "pad", "padding": (1, 0, 0, 1, 2, 1), "dilation": (1, 2, 1)}),
    L("conv3d_group", "Conv3d", (2, 4, 2), (VOL,), kw={"group": 2}),
    L("conv3d_transpose_same", "Conv3dTranspose", (2, 3, 3), (VOL,)),
    L("conv3d_transpose_stride_pad", "Conv3dTranspose", (2, 2, 3), (VOL,),
      kw={"stride": 2, "pad_mode": "pad", "padding": 1, "output_padding": 1,
          "has_bias": True}),
    L("conv3d_transpose_valid_group", "Conv3dTranspose", (2, 4, 2), (VOL,),
      kw={"pad_mode": "valid", "group": 2, "stride": (1, 2, 1)}),
    L("conv1d_transpose_same", "Conv1dTranspose", (2, 3, 3), (SEQ3,)),
    L("conv1d_transpose_stride_pad", "Conv1dTranspose", (2, 3, 3), (SEQ3,),
      kw={"stride": 2, "pad_mode": "pad", "padding": 1, "has_bias": True}),
    L("conv1d_transpose_valid_dilation", "Conv1dTranspose", (2, 4, 2), (SEQ3,),
      kw={"pad_mode": "valid", "dilation": 2, "group": 2}),
    L("maxpool3d", "MaxPool3d", (2, 2), (VOL,)),
    L("maxpool3d_same", "MaxPool3d", (3, 1, "same"), (VOL,)),
    L("maxpool3d_pad_ceil", "MaxPool3d", (3, 2, "pad"), (VOL,),
      kw={"padding": 1, "ceil_mode": True}),
    L("maxpool3d_unbatched", "MaxPool3d", (2, (1, 2, 1)), (VOL[0],)),
    L("avgpool3d", "AvgPool3d", (2, 1), (VOL,)),
    L("avgpool3d_pad_nocount", "AvgPool3d", (3, 2, "pad"), (VOL,),
      kw={"padding": (1, 1, 1), "count_include_pad": False}),
    L("avgpool3d_divisor", "AvgPool3d", (2, 2), (VOL,), kw={"divisor_override": 3}),
    L("sync_batchnorm_4d_train", "SyncBatchNorm", (3,), (X4,), train=True),
    L("sync_batchnorm_2d_train_momentum", "SyncBatchNorm", (3,), (r(4, 3, seed=52),),
      kw={"momentum": 0.5}, train=True),
    L("sync_batchnorm_eval", "SyncBatchNorm", (3,), (X4,)),
    L("maxpool2d", "MaxPool2d", (2, 2), (IMG,)),
    L("maxpool2d_stride1", "MaxPool2d", (3, 1), (IMG,)),
    L("maxpool2d_same", "MaxPool2d", (3, 2), (IMG,), kw={"pad_mode": "same"}),
    L("maxpool2d_pad", "MaxPool2d", (3, 2), (IMG,), kw={"pad_mode": "pad", "padding": 1}),
    L("maxpool2d_ceil", "MaxPool2d", (3, 2), (perm(1, 1, 6, 6, seed=4),),
      kw={"pad_mode": "pad", "ceil_mode": True}),
    L("maxpool2d_ceil_needs_pad_mode", "MaxPool2d", (3, 2), (perm(1, 1, 5, 5, seed=4),),
      kw={"ceil_mode": True}),
    L("maxpool2d_ties", "MaxPool2d", (2, 2), (np.ones((1, 1, 4, 4), np.float32),)),
    L("maxpool2d_3d_input", "MaxPool2d", (2, 2), (perm(2, 4, 4, seed=5),)),
    L("avgpool2d", "AvgPool2d", (2, 2), (X4,)),
    L("avgpool2d_same", "AvgPool2d", (3, 2), (X4,), kw={"pad_mode": "same"}),
    L("avgpool2d_pad", "AvgPool2d", (3, 2), (X4,), kw={"pad_mode": "pad", "padding": 1}),
    L("avgpool2d_pad_exclude", "AvgPool2d", (3, 2), (X4,),
      kw={"pad_mode": "pad", "padding": 1, "count_include_pad": False}),
    L("avgpool2d_ceil", "AvgPool2d", (2, 2), (X4,), kw={"pad_mode": "pad",
                                                         "ceil_mode": True}),
    L("maxpool1d", "MaxPool1d", (2, 2), (X3,)),
    L("avgpool1d", "AvgPool1d", (3, 1), (X3,)),
    L("adaptive_avgpool2d", "AdaptiveAvgPool2d", ((2, 3),), (X4,)),
    L("adaptive_avgpool2d_1", "AdaptiveAvgPool2d", (1,), (X4,)),
    # normalisation
    L("batchnorm2d_train", "BatchNorm2d", (3,), (X4,), train=True),
    L("batchnorm2d_eval", "BatchNorm2d", (3,), (X4,)),
    L("batchnorm2d_momentum", "BatchNorm2d", (3,), (X4,), kw={"momentum": 0.5}, train=True),
    L("batchnorm1d_train", "BatchNorm1d", (4,), (r(5, 4, seed=6),), train=True),
    L("batchnorm1d_eval", "BatchNorm1d", (4,), (r(5, 4, seed=6),)),
    L("batchnorm2d_batch_stats_eval", "BatchNorm2d", (3,), (X4,),
      kw={"use_batch_statistics": True}),
    L("layernorm", "LayerNorm", ((5,),), (X4,)),
    L("layernorm_two_axes", "LayerNorm", ((5, 5),), (X4,),
      kw={"begin_norm_axis": 2, "begin_params_axis": 2}),
    L("layernorm_axis_below_minus_one", "LayerNorm", ((5, 5),), (X4,),
      kw={"begin_norm_axis": -2, "begin_params_axis": -2}),
    L("layernorm_eps", "LayerNorm", ((3,),), (r(4, 3, seed=7),), kw={"epsilon": 1e-5}),
    L("groupnorm", "GroupNorm", (3, 3), (X4,)),
    # embedding and simple layers
    L("embedding", "Embedding", (6, 3), (ints(2, 4, hi=6),)),
    L("embedding_padding_idx", "Embedding", (6, 3), (ints(2, 4, hi=6),),
      kw={"padding_idx": 0}),
    L("identity", "Identity", (), (X3,)),
    L("pad_constant", "Pad", (((0, 0), (1, 2)),), (r(2, 3),)),
    L("pad_reflect", "Pad", (((1, 1), (2, 0)),), (r(3, 4),), kw={"mode": "REFLECT"}),
    L("zeropad2d", "ZeroPad2d", ((1, 0, 2, 1),), (X4,)),
    # activations
    L("leaky_relu", "LeakyReLU", (), (r(2, 3),)),
    L("leaky_relu_alpha", "LeakyReLU", (0.01,), (r(2, 3),)),
    L("gelu_default", "GELU", (), (r(2, 3),)),
    L("gelu_erf", "GELU", (False,), (r(2, 3),)),
    L("elu_alpha", "ELU", (1.0,), (r(2, 3),)),
    L("hswish", "HSwish", (), (r(2, 3, lo=-4, hi=4),)),
    L("hsigmoid", "HSigmoid", (), (r(2, 3, lo=-4, hi=4),)),
    L("mish", "Mish", (), (r(2, 3),)),
    L("prelu", "PReLU", (), (r(2, 3),)),
    L("prelu_channels", "PReLU", (3, 0.1), (r(2, 3, 2),)),
    L("logsigmoid", "LogSigmoid", (), (r(2, 3),)),
    L("hardtanh", "Hardtanh", (), (r(2, 3),)),
    L("selu", "SeLU", (), (r(2, 3),)),
    L("softsign", "Softsign", (), (r(2, 3),)),
    # losses
    L("cross_entropy_loss", "CrossEntropyLoss", (), (r(4, 3), np.array([0, 2, 1, 2],
                                                                        np.int32))),
    L("cross_entropy_loss_smoothing_sum", "CrossEntropyLoss", (),
      (r(4, 3), np.array([0, 2, 1, 2], np.int32)),
      kw={"label_smoothing": 0.2, "reduction": "sum"}),
    L("nll_loss", "NLLLoss", (), (r(4, 3), np.array([0, 2, 1, 0], np.int32))),
    L("bce_loss", "BCELoss", (), (r(2, 3, lo=0.1, hi=0.9), r(2, 3, seed=2, lo=0, hi=1))),
    L("bce_with_logits_loss", "BCEWithLogitsLoss", (),
      (r(2, 3), r(2, 3, seed=2, lo=0, hi=1))),
    L("smooth_l1_loss", "SmoothL1Loss", (), (r(2, 3), r(2, 3, seed=2))),
    L("huber_loss", "HuberLoss", (), (r(2, 3), r(2, 3, seed=2)), kw={"delta": 0.5}),
    L("kl_div_loss", "KLDivLoss", (), (r(2, 3), r(2, 3, seed=2, lo=0, hi=1))),
    L("mae_loss", "MAELoss", (), (r(2, 3), r(2, 3, seed=2))),
    L("clip_by_norm", "ClipByNorm", (), (r(2, 3), np.array(0.5, np.float32))),
    L("norm_layer", "Norm", (1,), (r(2, 3),)),
    L("celu", "CELU", (0.5,), (r(2, 3),)),
    L("tril", "Tril", (), (r(3, 4),)),
    L("triu", "Triu", (), (r(2, 3, 3),)),
    L("linear", "Linear", (3, 2), (r(4, 3),)),
    L("linear_no_bias", "Linear", (3, 5), (r(2, 4, 3),), kw={"bias": False}),
    L("adaptive_avg_pool1d", "AdaptiveAvgPool1d", (3,), (r(2, 3, 9, seed=5),)),
    L("adaptive_max_pool1d", "AdaptiveMaxPool1d", (2,), (perm(1, 2, 6, seed=6),)),
    L("reduce_log_sum_exp", "ReduceLogSumExp", (1,), (r(2, 3, 4),)),
    L("reduce_log_sum_exp_keep_dims", "ReduceLogSumExp", ((0, 2), True), (r(2, 3, 4),)),
    L("rmse_loss", "RMSELoss", (), (r(2, 3), r(2, 3, seed=2))),
    L("dice_loss", "DiceLoss", (), (r(2, 3, lo=0, hi=1), r(2, 3, seed=2, lo=0, hi=1)),
      kw={"smooth": 0.1}),
    L("multi_class_dice_loss", "MultiClassDiceLoss", (),
      (r(3, 4), np.eye(4, dtype=np.float32)[[0, 2, 3]])),
    L("multi_class_dice_loss_ignore_sigmoid", "MultiClassDiceLoss", (),
      (r(2, 3, 2), r(2, 3, 2, seed=4, lo=0, hi=1)),
      kw={"ignore_indiex": 1, "activation": "sigmoid"}),
    L("norm_layer_all", "Norm", (), (r(2, 3),)),
    L("one_hot_layer", "OneHot", (), (np.array([0, 2, 1], np.int32),), kw={"depth": 3},
      grad=False),
    L("cosine_embedding_loss", "CosineEmbeddingLoss", (),
      (r(3, 4), r(3, 4, seed=2), np.array([1, -1, 1], np.int32))),
]

for _s in SPECS:
    _register(_s)


@case(modes=("PYNATIVE",))
def repr_nested_cells(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.seq = ms.nn.SequentialCell([ms.nn.Dense(2, 3), ms.nn.ReLU()])
            self.bn = ms.nn.BatchNorm2d(2)
            self.pool = ms.nn.MaxPool2d(2, 2)
            self.ln = ms.nn.LayerNorm((4,))

        def construct(self, x):
            return x
    return repr(Net())


@case(modes=("PYNATIVE",))
def parameter_names_nested(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = ms.nn.Conv2d(3, 2, 3, has_bias=True)
            self.bn = ms.nn.BatchNorm2d(2)
            self.emb = ms.nn.Embedding(5, 3)
            self.seq = ms.nn.SequentialCell([ms.nn.Dense(2, 2), ms.nn.BatchNorm1d(2)])

        def construct(self, x):
            return x
    net = Net()
    return [(p.name, p.requires_grad) for p in net.get_parameters()]


@case(modes=("PYNATIVE",))
def parameter_names_standalone_batchnorm(ms):
    return [p.name for p in ms.nn.BatchNorm2d(3).get_parameters()]


@case(modes=("PYNATIVE",))
def cell_flags_and_apply(ms):
    net = ms.nn.SequentialCell([ms.nn.Dense(2, 2), ms.nn.ReLU()])
    net.add_flags_recursive(my_flag=True)
    seen = []
    net.apply(lambda c: seen.append(c.cls_name))
    return (seen, net.cls_name, hasattr(ms.nn.Cell, "training"), net.training)
