"""``mindspore.parallel._utils``: the private helpers model-zoo training scripts import.

Example:
    >>> from mscompat.parallel._utils import _get_gradients_mean, _is_in_data_parallel_mode
    >>> print(_get_gradients_mean(), _is_in_data_parallel_mode())
    False False
"""
from __future__ import annotations

from .._engine import parallel as _parallel
from ._auto_parallel_context import auto_parallel_context


def _get_parallel_mode() -> str:
    return _parallel.get_auto_parallel_context("parallel_mode")


def _get_device_num() -> int:
    """1 in stand_alone; else ``device_num`` if it was set, else the world group's size."""
    if _get_parallel_mode() == "stand_alone":
        return 1
    if _parallel.is_set("device_num"):
        return _parallel.get_auto_parallel_context("device_num")
    return _parallel.get_group_size()


def _get_global_rank() -> int:
    """0 in stand_alone; else ``global_rank`` if it was set, else this process's rank."""
    if _get_parallel_mode() == "stand_alone":
        return 0
    if _parallel.is_set("global_rank"):
        return _parallel.get_auto_parallel_context("global_rank")
    return _parallel.get_rank()


def _get_gradients_mean() -> bool:
    return _parallel.get_auto_parallel_context("gradients_mean")


def _get_full_batch() -> bool:
    return _parallel.get_auto_parallel_context("full_batch")


def _get_parameter_broadcast() -> bool:
    return _parallel.get_auto_parallel_context("parameter_broadcast")


def _get_enable_parallel_optimizer() -> bool:
    return _parallel.get_auto_parallel_context("enable_parallel_optimizer")


def _get_pipeline_stages() -> int:
    return _parallel.get_auto_parallel_context("pipeline_stages")


def _get_stage_device_num() -> int:
    return _get_device_num() // _get_pipeline_stages()


def _is_sharding_propagation() -> bool:
    return _parallel.get_auto_parallel_context("search_mode") == "sharding_propagation"


def _is_in_auto_parallel_mode() -> bool:
    return _get_parallel_mode() in ("semi_auto_parallel", "auto_parallel")


def _is_in_data_parallel_mode() -> bool:
    return _get_parallel_mode() == "data_parallel"


def _is_in_hybrid_parallel_mode() -> bool:
    return _get_parallel_mode() == "hybrid_parallel"


__all__ = ["auto_parallel_context", "_get_parallel_mode", "_get_device_num",
           "_get_global_rank", "_get_gradients_mean", "_get_full_batch",
           "_get_parameter_broadcast", "_get_enable_parallel_optimizer",
           "_get_pipeline_stages", "_get_stage_device_num", "_is_sharding_propagation",
           "_is_in_auto_parallel_mode", "_is_in_data_parallel_mode",
           "_is_in_hybrid_parallel_mode"]
