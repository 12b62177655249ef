"""Optimizers (``mindspore.nn.optim``)."""
from ..._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from .asgd_rprop import ASGD, Rprop  # noqa: F401
from .lamb_lars import LARS, Lamb  # noqa: F401
from .optimizer import Optimizer  # noqa: F401
from .sgd_momentum_adam import SGD, Adam, AdamOffload, AdamWeightDecay, LazyAdam, Momentum  # noqa: F401
from .slots import FTRL, Adadelta, Adagrad, AdaMax, ProximalAdagrad, RMSProp  # noqa: F401

__getattr__ = _module_getattr("mindspore.nn")
