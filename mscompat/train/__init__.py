"""``mindspore.train``: ``Model``, callbacks, metrics and checkpoints."""
from .. import amp as amp
from .._engine.export_api import export as export
from .._engine.export_api import load as load
from .._engine.unsupported import module_getattr
from .._train.amp_levels import build_train_network as build_train_network
from .._train.callbacks import (  # noqa: F401
    Callback,
    CheckpointConfig,
    EarlyStopping,
    History,
    LambdaCallback,
    LearningRateScheduler,
    LossMonitor,
    ModelCheckpoint,
    ReduceLROnPlateau,
    RunContext,
    SummaryCollector,
    TimeMonitor,
)
from .._train.data_sink import data_sink  # noqa: F401
from .._train.dataset_helper import (
    DatasetHelper,  # noqa: F401
    connect_network_with_dataset,  # noqa: F401
)
from .._train.loss_scale import (  # noqa: F401
    DynamicLossScaleManager,
    FixedLossScaleManager,
    LossScaleManager,
)
from .._train.metrics import (  # noqa: F401
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
    names,
    rearrange_inputs,
)
from .._train.model import Model  # noqa: F401
from .._train.more_metrics import (  # noqa: F401
    ROC,
    BleuScore,
    ConfusionMatrixMetric,
    CosineSimilarity,
    Dice,
    OcclusionSensitivity,
    Perplexity,
    auc,
)
from .._train.pr_metrics import F1, Fbeta, Precision, Recall  # noqa: F401
from .._train.summary import SummaryRecord  # noqa: F401
from .._train.surface_metrics import (  # noqa: F401
    HausdorffDistance,
    MeanSurfaceDistance,
    RootMeanSquareDistance,
)
from .._train.thor_convert import ConvertModelUtils, ConvertNetUtils  # noqa: F401
from . import callback as callback
from . import loss_scale_manager as loss_scale_manager
from . import metrics as metrics
from . import model as model
from . import serialization as serialization
from . import train_thor as train_thor
from .serialization import async_ckpt_thread_status as async_ckpt_thread_status
from .serialization import ckpt_to_safetensors as ckpt_to_safetensors
from .serialization import load_checkpoint as load_checkpoint
from .serialization import load_checkpoint_async as load_checkpoint_async
from .serialization import load_param_into_net as load_param_into_net
from .serialization import merge_sliced_parameter as merge_sliced_parameter
from .serialization import safetensors_to_ckpt as safetensors_to_ckpt
from .serialization import save_checkpoint as save_checkpoint

__getattr__ = module_getattr("mindspore.train")
