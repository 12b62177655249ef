"""``mindspore.nn``: Cells, layers, losses, optimizers and wrappers."""
from .._engine.cell import Cell  # noqa: F401
from .._engine.collective_ops import DistributedGradReducer  # noqa: F401
from .._engine.jvp_vjp import Jvp, Vjp  # noqa: F401
from .._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from .._train.metrics import (  # noqa: E402,F401  (nn.Accuracy ... as in MindSpore)
    MAE,
    MSE,
    Accuracy,
    ConfusionMatrix,
    Loss,
    Metric,
    Top1CategoricalAccuracy,
    Top5CategoricalAccuracy,
    TopKCategoricalAccuracy,
    get_metric_fn,
    get_metrics,
    names,
    rearrange_inputs,
)
from .._train.more_metrics import (  # noqa: E402,F401
    ROC,
    BleuScore,
    ConfusionMatrixMetric,
    CosineSimilarity,
    Dice,
    OcclusionSensitivity,
    Perplexity,
    auc,
)
from .._train.pr_metrics import F1, Fbeta, Precision, Recall  # noqa: E402,F401
from .._train.surface_metrics import (  # noqa: E402,F401
    HausdorffDistance,
    MeanSurfaceDistance,
    RootMeanSquareDistance,
)
from . import cell, dynamic_lr, learning_rate_schedule, probability, utils  # noqa: E402,F401
from .layer import *  # noqa: F401,F403
from .layer import (  # noqa: F401
    CellList,
    Dense,
    Dropout,
    Flatten,
    LogSoftmax,
    SequentialCell,
    Softmax,
    get_activation,
)
from .learning_rate_schedule import *  # noqa: E402,F401,F403
from .loss import *  # noqa: F401,F403
from .loss import L1Loss, LossBase, MSELoss, SoftmaxCrossEntropyWithLogits  # noqa: F401
from .optim import (  # noqa: F401
    ASGD,
    FTRL,
    LARS,
    SGD,
    Adadelta,
    Adagrad,
    Adam,
    AdaMax,
    AdamOffload,
    AdamWeightDecay,
    Lamb,
    LazyAdam,
    Momentum,
    Optimizer,
    ProximalAdagrad,
    RMSProp,
    Rprop,
)
from .wrap import (  # noqa: F401
    DynamicLossScaleUpdateCell,
    FixedLossScaleUpdateCell,
    ForwardValueAndGrad,
    GradAccumulationCell,
    GraphCell,
    MicroBatchInterleaved,
    PipelineCell,
    TrainOneStepCell,
    TrainOneStepWithLossScaleCell,
    WithEvalCell,
    WithGradCell,
    WithLossCell,
)

# MindSpore 2.10's ``nn.<Name>Ext`` classes are ``mint.nn``'s (``nn.LayerNormExt is
# mint.nn.LayerNorm``): looked up there when first asked for (mint.nn imports nn).
_MINT_ALIASES = {"DropoutExt": "Dropout", "L1LossExt": "L1Loss", "LayerNormExt": "LayerNorm",
                 "LogSoftmaxExt": "LogSoftmax", "PReLUExt": "PReLU", "EmbeddingExt": "Embedding",
                 "AvgPool2dExt": "AvgPool2d", "MaxPool2dExt": "MaxPool2d"}
_missing = _module_getattr("mindspore.nn")


def __getattr__(name: str):
    if name in _MINT_ALIASES:
        from ..mint import nn as mint_nn
        return getattr(mint_nn, _MINT_ALIASES[name])
    return _missing(name)
