"""Global context: execution mode and device target (``set_context``/``get_context``).

``GRAPH_MODE`` (0) compiles the outermost Cell call or transform with ``jax.jit``;
``PYNATIVE_MODE`` (1) runs eagerly. ``device_target`` picks the JAX backend: ``"CPU"`` ->
cpu, ``"GPU"`` -> gpu (CUDA/ROCm), for mscompat's own work only (``jaxconfig.py``: JAX's
global default device is left alone). A target this machine lacks gives one warning and falls
back to the CPU, as MindSpore users expect when a script written for a GPU runs on a laptop.

Example:
    >>> import mscompat as ms
    >>> ms.set_context(mode=ms.GRAPH_MODE)
    >>> ms.get_context("mode")
    0
"""
from __future__ import annotations

import warnings
from typing import Any

import jax

from . import jaxconfig

GRAPH_MODE = 0
PYNATIVE_MODE = 1

_BACKENDS = {"CPU": "cpu", "GPU": "gpu", "Ascend": None}

# Keys accepted with no effect on results; the value is stored and returned by get_context.
_PASSIVE = {
    "device_id": 0, "save_graphs": False, "save_graphs_path": ".", "max_call_depth": 1000,
    "pynative_synchronize": False, "enable_graph_kernel": False, "graph_kernel_flags": "",
    "max_device_memory": "1024GB", "mempool_block_size": "1GB", "runtime_num_threads": 30,
    "inter_op_parallel_num": 0, "deterministic": "OFF", "jit_syntax_level": 1,
    "print_file_path": "", "env_config_path": "", "reserve_class_name_in_scope": True,
    "enable_reduce_precision": True, "check_bprop": False, "precompile_only": False,
    "memory_optimize_level": "O0", "jit_config": None, "ascend_config": None,
    "gpu_config": None, "op_timeout": 900, "variable_memory_max_size": "",
    "enable_compile_cache": False, "compile_cache_path": ".",
}

_state: dict[str, Any] = {"mode": PYNATIVE_MODE, "device_target": "CPU", **_PASSIVE}
_warned: set[str] = set()


def mode() -> int:
    return _state["mode"]


def graph_mode() -> bool:
    return _state["mode"] == GRAPH_MODE


def set_context(**kwargs) -> None:
    """Set ``mode``, ``device_target`` and MindSpore's other context keys."""
    for key, value in kwargs.items():
        if key == "mode":
            if value not in (GRAPH_MODE, PYNATIVE_MODE):
                raise ValueError(f"For 'context.set_context', the argument 'mode' should be "
                                 f"context.GRAPH_MODE (0) or context.PYNATIVE_MODE (1), but "
                                 f"got {value}.")
            _state["mode"] = value
        elif key == "device_target":
            _set_device_target(value)
        elif key == "device_id":
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise TypeError(f"For 'context.set_context', the argument 'device_id' must be "
                                f"a non-negative int, but got {value!r}.")
            _state["device_id"] = value
            jaxconfig.set_pending_device(_resolve_device)
        elif key in _PASSIVE:
            _state[key] = value
        else:
            raise ValueError(f"For 'context.set_context', the keyword argument {key} is not "
                             f"recognized! For detailed usage of 'set_context', please "
                             f"refer to the Mindspore official website.")


def get_context(attr_key: str) -> Any:
    if attr_key not in _state:
        raise ValueError(f"For 'context.get_context', the argument {attr_key} is not "
                         f"recognized! For detailed usage of 'get_context', please refer to "
                         f"the Mindspore official website.")
    return _state[attr_key]


def set_device(device_target: str, device_id: int | None = None) -> None:
    _set_device_target(device_target)
    if device_id is not None:
        _state["device_id"] = device_id


def _set_device_target(target: str) -> None:
    if not isinstance(target, str) or target not in _BACKENDS:
        raise ValueError(f"For 'context.set_context', the argument 'device_target' must be "
                         f"one of ['CPU', 'GPU', 'Ascend'], but got {target!r}.")
    _state["device_target"] = target
    jaxconfig.set_pending_device(_resolve_device)


def local_devices(target: str) -> list:
    """This process's JAX devices of a MindSpore ``device_target`` (none for a target JAX
    has no backend for here)."""
    backend = _BACKENDS[target]
    try:
        return jax.local_devices(backend=backend) if backend is not None else []
    except RuntimeError:
        return []


def _resolve_device():
    """The JAX device of ``device_target`` and ``device_id`` (resolved at first use: asking
    JAX for devices starts its backend)."""
    target = _state["device_target"]
    devices = local_devices(target)
    if not devices:
        if target not in _warned:
            _warned.add(target)
            warnings.warn(f"device_target={target!r} is not available on this machine; "
                          f"mscompat runs on the CPU instead.", RuntimeWarning, stacklevel=3)
        devices = jax.local_devices(backend="cpu")
    device_id = _state["device_id"]
    if not 0 <= device_id < len(devices):
        warnings.warn(f"device_id={device_id} is not one of the {len(devices)} "
                      f"{devices[0].platform} device(s) of this process; mscompat uses device "
                      "0.", RuntimeWarning, stacklevel=3)
        device_id = 0
    return devices[device_id]


class ParallelMode:
    """``context.ParallelMode`` names (single-process runs only use STAND_ALONE)."""

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL,
                 AUTO_PARALLEL]
