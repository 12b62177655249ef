"""Optimizers (``mindspore.nn.optim``)."""
from .optimizer import Optimizer  # noqa: F401
from .sgd_momentum_adam import SGD, Adam, Momentum  # noqa: F401
