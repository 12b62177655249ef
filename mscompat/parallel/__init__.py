"""``mindspore.parallel``: what data-parallel scripts call.

mscompat runs STAND_ALONE and DATA_PARALLEL (``docs/architecture.md``, "Ranks and data
parallelism"); the private helpers model-zoo code imports (``mindspore.parallel._utils``,
``mindspore.parallel._auto_parallel_context``) read the same context.

Example:
    >>> import mscompat as ms
    >>> from mscompat.parallel._utils import _get_device_num, _get_parallel_mode
    >>> print(_get_parallel_mode(), _get_device_num())
    stand_alone 1
"""
from __future__ import annotations

from .._engine.ckpt.convert import merge_sliced_parameter as merge_sliced_parameter
from .._engine.unsupported import module_getattr as _module_getattr
from . import auto_parallel as auto_parallel
from . import nn as nn
from .shard import Layout as Layout
from .shard import shard as shard

_ALGO_KEYS = ("fully_use_devices", "elementwise_op_strategy_follow", "enable_algo_approxi",
              "algo_approxi_epsilon", "tensor_slice_align_enable", "tensor_slice_align_size")
_algo: dict = {}


def set_algo_parameters(**kwargs) -> None:
    """``mindspore.parallel.set_algo_parameters``: options of AUTO_PARALLEL's strategy
    search. They choose how operators are split, never a value; mscompat, which runs
    STAND_ALONE and DATA_PARALLEL, records them (``get_algo_parameters``)."""
    for key, value in kwargs.items():
        if key not in _ALGO_KEYS:
            raise ValueError(f"Set context keyword {key} is not recognized!")
        _algo[key] = value


def get_algo_parameters(attr_key: str):
    """``mindspore.parallel.get_algo_parameters``: what ``set_algo_parameters`` recorded."""
    if attr_key not in _ALGO_KEYS:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _algo.get(attr_key)


def reset_algo_parameters() -> None:
    """``mindspore.parallel.reset_algo_parameters``."""
    _algo.clear()


__all__ = ["Layout", "shard", "set_algo_parameters", "get_algo_parameters", "reset_algo_parameters",
           "merge_sliced_parameter",
           "auto_parallel", "nn"]
__getattr__ = _module_getattr("mindspore.parallel")
