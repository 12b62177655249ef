"""``mindspore.profiler``: ``Profiler`` and ``profile`` with ``schedule``, recording JAX
traces (see ``mscompat/_train/summary.py`` and ``mscompat/_train/profiler_api.py``)."""
from ._engine.unsupported import module_getattr as _module_getattr
from ._train.profiler_api import AicoreMetrics as AicoreMetrics
from ._train.profiler_api import ExportType as ExportType
from ._train.profiler_api import ProfilerAction as ProfilerAction
from ._train.profiler_api import ProfilerActivity as ProfilerActivity
from ._train.profiler_api import ProfilerLevel as ProfilerLevel
from ._train.profiler_api import _ExperimentalConfig as _ExperimentalConfig
from ._train.profiler_api import profile as profile
from ._train.profiler_api import schedule as schedule
from ._train.profiler_api import tensorboard_trace_handler as tensorboard_trace_handler
from ._train.summary import Profiler as Profiler

__all__ = ["AicoreMetrics", "ExportType", "Profiler", "ProfilerAction", "ProfilerActivity",
           "ProfilerLevel", "profile", "schedule", "tensorboard_trace_handler"]
__getattr__ = _module_getattr("mindspore.profiler")
