"""``mindspore.dataset.config``: the pipeline's global settings.

``set_seed`` seeds the shuffles and random transforms; the others (workers, prefetch,
shared memory, timeouts, autotune ...) tune MindSpore's C++ pipeline, not what it yields,
so they are recorded and returned by their getters (defaults as MindSpore 2.10 reports).

Example:
    >>> import mscompat.dataset as ds
    >>> ds.config.set_prefetch_size(8)
    >>> ds.config.get_prefetch_size()
    8
"""
from __future__ import annotations

import os
import random

import numpy as np

from .._data.pipeline import _CONFIG
from .._engine.unsupported import module_getattr as _module_getattr

_DEFAULTS = {
    "num_parallel_workers": min(8, os.cpu_count() or 1), "prefetch_size": 16,
    "enable_shared_mem": True, "callback_timeout": 60, "monitor_sampling_interval": 1000,
    "numa_enable": False, "auto_num_workers": False, "debug_mode": False,
    "enable_autotune": False, "autotune_interval": 0, "auto_offload": False,
    "enable_watchdog": True, "multiprocessing_timeout_interval": 300,
    "error_samples_mode": 0, "fast_recovery": True, "dynamic_shape": False,
    "multiprocessing_start_method": "fork", "video_backend": "CPU",
}
_values: dict = dict(_DEFAULTS)
_DEFAULT_SEED = 5489  # what MindSpore reports before set_seed (std::mt19937's default)


def set_seed(seed: int) -> None:
    """Seed the pipeline's shuffles and random transforms; as MindSpore's, it also seeds
    Python's ``random`` and NumPy's global generator (the random transforms draw there)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed isn't of type int.")
    if not 0 <= seed <= 2 ** 32 - 1:
        raise ValueError("seed given is not within the required range [0, "
                         "UINT32_MAX(4294967295)].")
    _CONFIG["seed"] = int(seed)
    random.seed(seed)
    np.random.seed(seed)


def get_seed() -> int:
    return _DEFAULT_SEED if _CONFIG["seed"] is None else _CONFIG["seed"]


def _setting(name: str):
    def setter(value) -> None:
        _values[name] = value

    def getter():
        return _values[name]
    setter.__name__, getter.__name__ = f"set_{name}", f"get_{name}"
    setter.__doc__ = f"Record ``{name}`` (it tunes MindSpore's pipeline, not its data)."
    getter.__doc__ = f"The recorded ``{name}``."
    return setter, getter


for _name in _DEFAULTS:
    globals()[f"set_{_name}"], globals()[f"get_{_name}"] = _setting(_name)


def set_sending_batches(batch_num: int) -> None:
    """Device-queue sending limit (data sinking on Ascend); recorded only."""
    _values["sending_batches"] = batch_num


__all__ = ["set_seed", "get_seed", "set_sending_batches",
           *[f"{kind}_{n}" for n in _DEFAULTS for kind in ("set", "get")]]
__getattr__ = _module_getattr("mindspore.dataset.config")
