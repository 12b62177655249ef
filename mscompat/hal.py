"""``mindspore.hal``: devices, memory statistics, streams and events (``_engine/device_api.py``).

Example:
    >>> import mscompat as ms
    >>> ms.hal.is_available("CPU")
    True
"""
from ._engine.device_api import Event as Event
from ._engine.device_api import Stream as Stream
from ._engine.device_api import StreamCtx as StreamCtx
from ._engine.device_api import communication_stream as communication_stream
from ._engine.device_api import current_stream as current_stream
from ._engine.device_api import default_stream as default_stream
from ._engine.device_api import device_count as device_count
from ._engine.device_api import empty_cache as empty_cache
from ._engine.device_api import get_arch_list as get_arch_list
from ._engine.device_api import get_device_capability as get_device_capability
from ._engine.device_api import get_device_name as get_device_name
from ._engine.device_api import get_device_properties as get_device_properties
from ._engine.device_api import is_available as is_available
from ._engine.device_api import is_initialized as is_initialized
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

__all__ = ["Event", "Stream", "StreamCtx", "communication_stream", "current_stream",
           "default_stream", "device_count", "empty_cache", "get_arch_list",
           "get_device_capability", "get_device_name", "get_device_properties", "is_available",
           "is_initialized", "max_memory_allocated", "max_memory_reserved", "memory_allocated",
           "memory_reserved", "memory_stats", "memory_summary", "reset_max_memory_allocated",
           "reset_max_memory_reserved", "reset_peak_memory_stats", "set_cur_stream",
           "synchronize"]
__getattr__ = _module_getattr("mindspore.hal")
