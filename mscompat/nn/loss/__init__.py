"""Losses (``mindspore.nn.loss``)."""
from .loss import L1Loss, LossBase, MSELoss, SoftmaxCrossEntropyWithLogits  # noqa: F401
