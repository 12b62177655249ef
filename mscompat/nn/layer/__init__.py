"""Layers (``mindspore.nn.layer``)."""
from ..._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from .activation import *  # noqa: F401,F403
from .activation import ACTIVATIONS, LogSoftmax, Softmax, get_activation  # noqa: F401
from .basic import Dense, Dropout, Flatten  # noqa: F401
from .container import CellList, SequentialCell  # noqa: F401

__getattr__ = _module_getattr("mindspore.nn")
