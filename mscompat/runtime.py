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

import jax

from ._checkparam import args_type_check
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


def synchronize() -> None:
    """``runtime.synchronize()``: wait for every computation dispatched so far."""
    jax.effects_barrier()
    for array in jax.live_arrays():
        array.block_until_ready()


def empty_cache() -> None:
    """``runtime.empty_cache()``: accepted; XLA's allocator keeps its own pool."""


__all__ = ["set_memory", "launch_blocking", "synchronize", "empty_cache"]
__getattr__ = _module_getattr("mindspore.runtime")
