"""``mindspore.train.metrics``: the metrics ``Model(metrics=...)`` and scripts use.

Example:
    >>> from mscompat.train.metrics import Accuracy
    >>> Accuracy().__class__.__name__
    'Accuracy'
"""
from .._engine.unsupported import module_getattr as _module_getattr
from .._train.metrics import MAE as MAE
from .._train.metrics import MSE as MSE
from .._train.metrics import Accuracy as Accuracy
from .._train.metrics import ConfusionMatrix as ConfusionMatrix
from .._train.metrics import Loss as Loss
from .._train.metrics import Metric as Metric
from .._train.metrics import Top1CategoricalAccuracy as Top1CategoricalAccuracy
from .._train.metrics import Top5CategoricalAccuracy as Top5CategoricalAccuracy
from .._train.metrics import TopKCategoricalAccuracy as TopKCategoricalAccuracy
from .._train.metrics import get_metric_fn as get_metric_fn
from .._train.metrics import get_metrics as get_metrics
from .._train.metrics import names as names
from .._train.metrics import rearrange_inputs as rearrange_inputs
from .._train.more_metrics import ROC as ROC
from .._train.more_metrics import BleuScore as BleuScore
from .._train.more_metrics import ConfusionMatrixMetric as ConfusionMatrixMetric
from .._train.more_metrics import CosineSimilarity as CosineSimilarity
from .._train.more_metrics import Dice as Dice
from .._train.more_metrics import OcclusionSensitivity as OcclusionSensitivity
from .._train.more_metrics import Perplexity as Perplexity
from .._train.more_metrics import auc as auc
from .._train.pr_metrics import F1 as F1
from .._train.pr_metrics import Fbeta as Fbeta
from .._train.pr_metrics import Precision as Precision
from .._train.pr_metrics import Recall as Recall
from .._train.surface_metrics import HausdorffDistance as HausdorffDistance
from .._train.surface_metrics import MeanSurfaceDistance as MeanSurfaceDistance
from .._train.surface_metrics import RootMeanSquareDistance as RootMeanSquareDistance

__all__ = ["F1", "MAE", "MSE", "ConfusionMatrix", "Accuracy", "Loss", "Metric", "Precision",
           "Recall",
           "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "TopKCategoricalAccuracy",
           "get_metric_fn", "names", "rearrange_inputs", "BleuScore", "ConfusionMatrixMetric",
           "CosineSimilarity", "Dice", "Perplexity", "auc", "Fbeta", "ROC",
           "HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance",
           "OcclusionSensitivity", "get_metrics"]
__getattr__ = _module_getattr("mindspore.train.metrics")
