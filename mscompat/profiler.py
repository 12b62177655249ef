"""``mindspore.profiler``: ``Profiler`` (a JAX trace; see ``mscompat/_train/summary.py``)."""
from ._engine.unsupported import module_getattr as _module_getattr
from ._train.summary import Profiler as Profiler

__all__ = ["Profiler"]
__getattr__ = _module_getattr("mindspore.profiler")
