"""``mindspore.hal`` / ``mindspore.runtime``: devices, memory statistics, streams and events.

Devices are JAX's (``"CPU"`` -> cpu, ``"GPU"`` -> gpu). Memory statistics are what XLA's
allocator reports for the device (MindSpore's CPU build reports 0, and so does JAX's CPU
client). XLA orders the work on its own streams, so ``Stream``/``Event`` objects have
MindSpore's API and repr (every stream is stream 0, as on MindSpore's CPU build, where
streams do not exist either) and synchronize by waiting for every dispatched computation; an
``Event`` with ``enable_timing=True`` records the host time at which the work before it was
done.

Example:
    >>> import mscompat as ms
    >>> ms.hal.device_count("CPU")
    1
    >>> ms.hal.memory_allocated("CPU")
    0
    >>> with ms.hal.StreamCtx(ms.hal.Stream()):
    ...     print(ms.hal.current_stream())
    Stream(device_name=CPU, device_id:0, stream id:0)
"""
from __future__ import annotations

import time

import jax

from . import context

_devices = context.local_devices


def _target(device_target, api: str) -> str:
    if device_target is None:
        return context.get_context("device_target")
    if device_target not in context._BACKENDS:
        raise ValueError(f"For '{api}', the argument 'device_target' must be one of "
                         f"{list(context._BACKENDS)}, but got {device_target}.")
    return device_target


def synchronize() -> None:
    """Wait for every computation dispatched so far."""
    jax.effects_barrier()
    for array in jax.live_arrays():
        array.block_until_ready()


def is_available(device_target: str) -> bool:
    """Has this process a ``device_target`` device?"""
    return bool(_devices(_target(device_target, "hal.is_available")))


def is_initialized(device_target: str) -> bool:
    """Does ``device_target`` hold data of this process yet (its backend is in use)?"""
    backend = context._BACKENDS[_target(device_target, "hal.is_initialized")]
    return any(d.platform == backend for a in jax.live_arrays() for d in a.devices())


def device_count(device_target: str | None = None) -> int:
    """The number of ``device_target`` devices of this process."""
    target = _target(device_target, "hal.device_count")
    devices = _devices(target)
    if not devices:
        raise ValueError(f"{target} backend is not available for this MindSpore package.You "
                         f"can call hal.is_available to check the reason.")
    return len(devices)


def get_device_name(device_id: int, device_target: str | None = None) -> str:
    """The device's name (``"CPU"`` for the host)."""
    if not isinstance(device_id, int) or isinstance(device_id, bool):
        raise TypeError(f"The argument 'device_id' must be int, but got {device_id}, type is "
                        f"{type(device_id)}.")
    target = _target(device_target, "hal.get_device_name")
    if target == "CPU":
        return "CPU"
    devices = _devices(target)
    return devices[device_id].device_kind if device_id < len(devices) else target


def get_device_capability(device_id: int, device_target: str | None = None):
    """``None`` for the CPU, as MindSpore; a GPU's ``(major, minor)`` compute capability."""
    get_device_name(device_id, device_target)
    target = _target(device_target, "hal.get_device_capability")
    devices = _devices(target)
    cap = getattr(devices[device_id], "compute_capability", None) if target == "GPU" and \
        device_id < len(devices) else None
    return tuple(int(v) for v in str(cap).split(".")) if cap else None


def get_device_properties(device_id: int, device_target: str | None = None):
    """``None`` for the CPU, as MindSpore; a GPU's properties (name, total memory)."""
    name = get_device_name(device_id, device_target)
    target = _target(device_target, "hal.get_device_properties")
    if target == "CPU":
        return None
    stats = _stats(target)
    return {"name": name, "total_memory": stats.get("bytes_limit", 0)}


def get_arch_list(device_target: str | None = None):
    """``None``: XLA compiles for the device it finds."""
    _target(device_target, "hal.get_arch_list")
    return None


# -- memory ---------------------------------------------------------------------------------
def _stats(target: str) -> dict:
    devices = _devices(target)
    if not devices:
        return {}
    return devices[0].memory_stats() or {}


def memory_stats(device_target: str | None = None) -> dict:
    """MindSpore's memory statistics dictionary (in bytes, from XLA's allocator)."""
    s = _stats(_target(device_target, "hal.memory_stats"))
    return {"total_reserved_memory": s.get("pool_bytes", s.get("bytes_reserved", 0)),
            "total_allocated_memory": s.get("bytes_in_use", 0),
            "total_idle_memory": max(0, s.get("pool_bytes", 0) - s.get("bytes_in_use", 0)),
            "total_eager_free_memory": 0,
            "max_reserved_memory": s.get("peak_pool_bytes", s.get("peak_bytes_reserved", 0)),
            "max_allocated_memory": s.get("peak_bytes_in_use", 0),
            "common_mem_pool_stats": {"block_unit_size": 0, "block_counts": 0,
                                      "blocks_info": {}},
            "persistent_mem_pool_stats": {"block_counts": 0, "block_unit_size": 0,
                                          "blocks_info": {}}}


def memory_allocated(device_target: str | None = None) -> int:
    return memory_stats(device_target)["total_allocated_memory"]


def max_memory_allocated(device_target: str | None = None) -> int:
    return memory_stats(device_target)["max_allocated_memory"]


def memory_reserved(device_target: str | None = None) -> int:
    return memory_stats(device_target)["total_reserved_memory"]


def max_memory_reserved(device_target: str | None = None) -> int:
    return memory_stats(device_target)["max_reserved_memory"]


def _bytes(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:6d} {unit}" if unit == "B" else f"{n:6.2f} {unit}"
        n /= 1024
    return str(n)


def memory_summary(device_target: str | None = None) -> str:
    """MindSpore's memory summary table."""
    s = memory_stats(device_target)
    rows = [("Reserved memory", "total_reserved_memory"),
            ("Allocated memory", "total_allocated_memory"),
            ("Idle memory", "total_idle_memory"),
            ("Eager free memory", "total_eager_free_memory"),
            ("Max reserved memory", "max_reserved_memory"),
            ("Max allocated memory", "max_allocated_memory")]
    line, sep = "|" + "=" * 45 + "|", "|" + "-" * 45 + "|"
    out = [line, "|               Memory summary                |", line,
           "| Metric               | Data                 |", sep]
    for i, (label, key) in enumerate(rows):
        out.append(f"| {label:<20} | {_bytes(s[key]):<20} |")
        out.append(line if i == len(rows) - 1 else sep)
    return "\n".join(out) + "\n"


def empty_cache() -> None:
    """Accepted: XLA's allocator keeps its own pool."""


def reset_peak_memory_stats(device_target: str | None = None) -> None:
    """Accepted: XLA's allocator keeps its own peaks."""


reset_max_memory_allocated = reset_max_memory_reserved = reset_peak_memory_stats


# -- streams and events ---------------------------------------------------------------------
class Stream:
    """``hal.Stream(priority=0)``: XLA orders work on its own streams; this stream
    synchronizes by waiting for everything dispatched."""

    def __init__(self, priority: int = 0, **kwargs) -> None:
        self.priority = priority
        self.id = 0  # XLA's streams are its own
        self.device_name = context.get_context("device_target")
        self.device_id = context.get_context("device_id")

    def synchronize(self) -> None:
        synchronize()

    def query(self) -> bool:
        return True

    def wait_event(self, event: Event) -> None:
        event.synchronize()

    def wait_stream(self, stream: Stream) -> None:
        stream.synchronize()

    def record_event(self, event: Event | None = None) -> Event:
        event = event if event is not None else Event()
        event.record(self)
        return event

    def __eq__(self, other) -> bool:
        return isinstance(other, Stream) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Stream(device_name={self.device_name}, device_id:{self.device_id}, " \
               f"stream id:{self.id})"


_DEFAULT = Stream()
_current = [_DEFAULT]


def current_stream() -> Stream:
    return _current[-1]


def default_stream() -> Stream:
    return _DEFAULT


def communication_stream() -> Stream:
    return _DEFAULT


def set_cur_stream(stream: Stream) -> None:
    if not isinstance(stream, Stream):
        raise TypeError(f"For 'set_cur_stream', the argument 'stream' should be Stream, but got "
                        f"{type(stream)}.")
    _current[-1] = stream


class StreamCtx:
    """``with hal.StreamCtx(stream):`` makes ``stream`` the current stream."""

    def __init__(self, ctx_stream: Stream | None) -> None:
        if ctx_stream is not None and not isinstance(ctx_stream, Stream):
            raise TypeError(f"The argument 'ctx_stream' must be Stream, but got "
                            f"{type(ctx_stream)}.")
        self.stream = ctx_stream

    def __enter__(self):
        if self.stream is not None:
            _current.append(self.stream)
        return self

    def __exit__(self, *exc) -> None:
        if self.stream is not None:
            _current.pop()


class Event:
    """``hal.Event(enable_timing=False, blocking=False)``."""

    def __init__(self, enable_timing: bool = False, blocking: bool = False) -> None:
        self.enable_timing = enable_timing
        self.blocking = blocking
        self._time: float | None = None

    def record(self, stream: Stream | None = None) -> None:
        if self.enable_timing:
            synchronize()
        self._time = time.perf_counter()

    def synchronize(self) -> None:
        synchronize()

    def query(self) -> bool:
        return True

    def wait(self, stream: Stream | None = None) -> None:
        synchronize()

    def elapsed_time(self, end_event: Event) -> float:
        """Milliseconds between this event and ``end_event``."""
        if not (self.enable_timing and end_event.enable_timing):
            raise RuntimeError("For 'Event.elapsed_time', both events must be created with "
                               "enable_timing=True.")
        if self._time is None or end_event._time is None:
            raise RuntimeError("For 'Event.elapsed_time', both events must be recorded.")
        return (end_event._time - self._time) * 1000.0

    def __repr__(self) -> str:
        return f"Event(enable_timing={int(self.enable_timing)}, blocking:{int(self.blocking)}, " \
               f"is_created:{int(self._time is not None)}, event:0)"
