"""Wrapper Cells (``mindspore.nn.wrap``)."""
from .cell_wrapper import ForwardValueAndGrad, TrainOneStepCell, WithLossCell  # noqa: F401
