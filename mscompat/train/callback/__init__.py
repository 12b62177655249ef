"""``mindspore.train.callback``: the training callbacks and ``cb_params``' class.

Example:
    >>> from mscompat.train.callback import LossMonitor, ModelCheckpoint
    >>> LossMonitor(per_print_times=1).__class__.__name__
    'LossMonitor'
"""
from ..._engine.unsupported import module_getattr as _module_getattr
from ..._train.callbacks import Callback as Callback
from ..._train.callbacks import CallbackManager as _CallbackManager  # noqa: F401
from ..._train.callbacks import CheckpointConfig as CheckpointConfig
from ..._train.callbacks import EarlyStopping as EarlyStopping
from ..._train.callbacks import History as History
from ..._train.callbacks import InternalCallbackParam as _InternalCallbackParam  # noqa: F401
from ..._train.callbacks import LambdaCallback as LambdaCallback
from ..._train.callbacks import LearningRateScheduler as LearningRateScheduler
from ..._train.callbacks import LossMonitor as LossMonitor
from ..._train.callbacks import ModelCheckpoint as ModelCheckpoint
from ..._train.callbacks import ReduceLROnPlateau as ReduceLROnPlateau
from ..._train.callbacks import RunContext as RunContext
from ..._train.callbacks import SummaryCollector as SummaryCollector
from ..._train.callbacks import TimeMonitor as TimeMonitor

__all__ = ["Callback", "CheckpointConfig", "EarlyStopping", "History", "LambdaCallback",
           "LearningRateScheduler", "LossMonitor", "ModelCheckpoint", "ReduceLROnPlateau",
           "RunContext", "SummaryCollector", "TimeMonitor"]
from . import _callback as _callback  # noqa: E402

__getattr__ = _module_getattr("mindspore.train.callback")
