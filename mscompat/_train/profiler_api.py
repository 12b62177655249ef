"""MindSpore 2.10's newer profiler interface on a JAX trace: ``profile`` (a context manager
with ``step()``), ``schedule``, ``tensorboard_trace_handler``, ``ProfilerActivity``,
``ProfilerLevel`` and ``_ExperimentalConfig``.

``schedule`` decides, step by step, as MindSpore's does (skip, then cycles of wait, warm-up
and active steps, ``repeat`` times or forever); ``profile`` records a JAX trace
(``jax.profiler``) over the warm-up and active steps of each cycle, into the directory of
its ``tensorboard_trace_handler`` (else ``./data``), and calls ``on_trace_ready`` at each
cycle's last active step. Activities, levels and the experimental options are accepted and
recorded; the JAX trace holds what JAX traces (host and device activity).

Example:
    >>> from mscompat import profiler
    >>> s = profiler.schedule(wait=1, warmup=1, active=2, repeat=1)
    >>> [s(i).name for i in range(5)]
    ['NONE', 'WARM_UP', 'RECORD', 'RECORD_AND_SAVE', 'NONE']
"""
from __future__ import annotations

import enum
import os
from collections.abc import Callable, Iterable
from typing import Any

from .summary import Profiler


class ProfilerActivity(enum.Enum):
    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class ProfilerLevel(enum.Enum):
    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class AicoreMetrics(enum.Enum):
    AiCoreNone = "None"
    ArithmeticUtilization = "ArithmeticUtilization"
    PipeUtilization = "PipeUtilization"
    Memory = "Memory"
    MemoryL0 = "MemoryL0"
    ResourceConflictRatio = "ResourceConflictRatio"
    MemoryUB = "MemoryUB"
    L2Cache = "L2Cache"
    MemoryAccess = "MemoryAccess"


class ExportType(enum.Enum):
    Db = "db"
    Text = "text"


class ProfilerAction(enum.Enum):
    NONE = 0
    WARM_UP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


def _count(value, default: int, least: int) -> int:
    """MindSpore replaces an invalid count (not an int, or below ``least``) by its
    default."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        return default
    return value


class schedule:  # noqa: N801 (MindSpore's name)
    """``schedule(*, wait, active, warmup=0, repeat=0, skip_first=0)``: the action of each
    step (``ProfilerAction``)."""

    def __init__(self, *, wait: int, active: int, warmup: int = 0, repeat: int = 0,
                 skip_first: int = 0) -> None:
        self.wait = _count(wait, 0, 0)
        self.active = _count(active, 1, 1)
        self.warmup = _count(warmup, 0, 0)
        self.repeat = _count(repeat, 0, 0)
        self.skip_first = _count(skip_first, 0, 0)

    def __call__(self, step: int) -> ProfilerAction:
        if step < self.skip_first:
            return ProfilerAction.NONE
        step -= self.skip_first
        cycle = self.wait + self.warmup + self.active
        if self.repeat > 0 and step // cycle >= self.repeat:
            return ProfilerAction.NONE
        at = step % cycle
        if at < self.wait:
            return ProfilerAction.NONE
        if at < self.wait + self.warmup:
            return ProfilerAction.WARM_UP
        return ProfilerAction.RECORD if at < cycle - 1 else ProfilerAction.RECORD_AND_SAVE

    def __repr__(self) -> str:
        return (f"Schedule(wait={self.wait}, active={self.active}, warmup={self.warmup}, "
                f"repeat={self.repeat}, skip_first={self.skip_first})")


def tensorboard_trace_handler(dir_name: str | None = None, worker_name: str | None = None,
                              analyse_flag: bool = True,
                              async_mode: bool = False) -> Callable[[Any], None]:
    """The ``on_trace_ready`` handler writing into ``dir_name`` (default ``./data``)."""
    def handler(prof) -> None:
        """The JAX trace is already in ``dir_name``: nothing to convert."""
    handler.dir_name = os.path.abspath(dir_name or "./data")
    return handler


class _ExperimentalConfig:
    """``_ExperimentalConfig(profiler_level=Level0, aic_metrics=AiCoreNone, ...)``: accepted
    and kept (the JAX trace has no such levels)."""

    def __init__(self, profiler_level: ProfilerLevel = ProfilerLevel.Level0,
                 aic_metrics: AicoreMetrics = AicoreMetrics.AiCoreNone, l2_cache: bool = False,
                 mstx: bool = False, data_simplification: bool = True, export_type=None,
                 mstx_domain_include=None, mstx_domain_exclude=None, sys_io: bool = False,
                 sys_interconnection: bool = False, host_sys=None) -> None:
        self.profiler_level, self.aic_metrics = profiler_level, aic_metrics
        self.l2_cache, self.mstx, self.data_simplification = l2_cache, mstx, data_simplification
        self.export_type = export_type or [ExportType.Text]
        self.mstx_domain_include = mstx_domain_include or []
        self.mstx_domain_exclude = mstx_domain_exclude or []
        self.sys_io, self.sys_interconnection = sys_io, sys_interconnection
        self.host_sys = host_sys or []


class Profile:
    """``profile(activities=None, ..., schedule=None, on_trace_ready=None,
    experimental_config=None)``: a JAX trace over the steps ``schedule`` records (all of
    them without a schedule), ``on_trace_ready(prof)`` after each recorded cycle."""

    def __init__(self, activities: Iterable[ProfilerActivity] | None = None,
                 with_stack: bool = False, profile_memory: bool = False,
                 data_process: bool = False, parallel_strategy: bool = False,
                 start_profile: bool = True, hbm_ddr: bool = False, pcie: bool = False,
                 sync_enable: bool = True, record_shapes: bool = False,
                 schedule: schedule | None = None,  # noqa: F811 (MindSpore's keyword)
                 on_trace_ready: Callable[..., Any] | None = None,
                 experimental_config: _ExperimentalConfig | None = None) -> None:
        self.activities = list(activities or [ProfilerActivity.CPU, ProfilerActivity.NPU])
        self.schedule, self.on_trace_ready = schedule, on_trace_ready
        self.experimental_config = experimental_config or _ExperimentalConfig()
        self.start_profile = start_profile
        path = getattr(on_trace_ready, "dir_name", None) or os.path.abspath("./data")
        self._trace = Profiler(output_path=path, start_profile=False)
        self.step_num = 0
        self._action = ProfilerAction.NONE

    def start(self) -> None:
        self._action = self.schedule(0) if self.schedule else ProfilerAction.RECORD
        if self._action is not ProfilerAction.NONE:
            self._trace.start()

    def stop(self) -> None:
        recording = self._trace._running
        self._trace.stop()
        if recording and self.on_trace_ready is not None:
            self.on_trace_ready(self)

    def step(self) -> None:
        """Close this step; start or stop the trace as ``schedule`` says."""
        if self.schedule is None:
            self.step_num += 1
            return
        before = self._action
        self.step_num += 1
        self._action = self.schedule(self.step_num)
        if before is ProfilerAction.RECORD_AND_SAVE:
            self.stop()
        if self._action is not ProfilerAction.NONE:
            self._trace.start()

    def __enter__(self) -> Profile:
        if self.start_profile:
            self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


profile = Profile
