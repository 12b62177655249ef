"""Layers (``mindspore.nn.layer``)."""
from .activation import *  # noqa: F401,F403
from .activation import ACTIVATIONS, LogSoftmax, Softmax, get_activation  # noqa: F401
from .basic import Dense, Dropout, Flatten  # noqa: F401
from .container import CellList, SequentialCell  # noqa: F401
