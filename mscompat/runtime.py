"""``mindspore.runtime``: the device-memory and launch settings scripts set at start-up.

XLA manages device memory and launches itself; the settings are checked as MindSpore checks
them and have no other effect. ``synchronize`` waits for every computation mscompat has
dispatched.

Example:
    >>> import mscompat as ms
    >>> ms.runtime.launch_blocking()
    >>> ms.runtime.synchronize()
"""
from __future__ import annotations

import re

from ._checkparam import args_type_check
from ._engine.device_api import Event as Event
from ._engine.device_api import Stream as Stream
from ._engine.device_api import StreamCtx as StreamCtx
from ._engine.device_api import communication_stream as communication_stream
from ._engine.device_api import current_stream as current_stream
from ._engine.device_api import default_stream as default_stream
from ._engine.device_api import empty_cache as empty_cache
from ._engine.device_api import max_memory_allocated as max_memory_allocated
from ._engine.device_api import max_memory_reserved as max_memory_reserved
from ._engine.device_api import memory_allocated as memory_allocated
from ._engine.device_api import memory_reserved as memory_reserved
from ._engine.device_api import memory_stats as memory_stats
from ._engine.device_api import memory_summary as memory_summary
from ._engine.device_api import reset_max_memory_allocated as reset_max_memory_allocated
from ._engine.device_api import reset_max_memory_reserved as reset_max_memory_reserved
from ._engine.device_api import reset_peak_memory_stats as reset_peak_memory_stats
from ._engine.device_api import set_cur_stream as set_cur_stream
from ._engine.device_api import synchronize as synchronize
from ._engine.unsupported import module_getattr as _module_getattr

_MEMORY_PATTERN = r"[1-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB"
_state = {"memory": False}


def _check_memory(size: str) -> None:
    if re.match(_MEMORY_PATTERN, size, re.ASCII) is None:
        raise ValueError("The memory value should be in correct format!It must be a string "
                         "ending with 'GB', in addition to that, it must contain only numbers "
                         f"or decimal points, such as \"5GB\" or \"3.5GB\", but got {size}.")
    if size in ("0GB", "0.0GB"):
        raise ValueError("The memory value should not be \"0GB\".")


@args_type_check(init_size=str, increase_size=str, max_size=str, optimize_level=str,
                 huge_page_reserve_size=str)
def set_memory(init_size: str = "2GB", increase_size: str = "2GB", max_size: str = "1024GB",
               optimize_level: str = "O0", huge_page_reserve_size: str = "0GB") -> None:
    """``runtime.set_memory(...)``: checked (sizes like ``"4GB"``, ``optimize_level`` O0/O1,
    once per process), then left to XLA."""
    if _state["memory"]:
        raise RuntimeError("The 'set_memory' can not be set repeatedly.")
    for size in (init_size, increase_size, max_size):
        _check_memory(size)
    if optimize_level not in ("O0", "O1"):
        raise ValueError(f"The optimize_level must be one of ['O0', 'O1'], but got "
                         f"{optimize_level}.")
    _state["memory"] = True


def launch_blocking() -> None:
    """``runtime.launch_blocking()``: accepted (a call's results are ready when read)."""


__all__ = ["set_memory", "launch_blocking", "synchronize", "empty_cache", "Event", "Stream",
           "StreamCtx", "communication_stream", "current_stream", "default_stream",
           "max_memory_allocated", "max_memory_reserved", "memory_allocated", "memory_reserved",
           "memory_stats", "memory_summary", "reset_max_memory_allocated",
           "reset_max_memory_reserved", "reset_peak_memory_stats", "set_cur_stream"]
__getattr__ = _module_getattr("mindspore.runtime")
