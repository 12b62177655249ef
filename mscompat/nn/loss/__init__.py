"""Losses (``mindspore.nn.loss``)."""
from ..._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from .loss import L1Loss, LossBase, MSELoss, SoftmaxCrossEntropyWithLogits  # noqa: F401
from .table import *  # noqa: F401,F403
from .table import LOSSES  # noqa: F401

__getattr__ = _module_getattr("mindspore.nn")
