"""``mindspore.mint.distributed``: PyTorch-style process groups over
``mindspore.communication`` (``jax.distributed``).

Example:
    >>> from mscompat.mint import distributed
    >>> distributed.get_rank(), distributed.get_world_size()
    (0, 1)
"""
from __future__ import annotations

from .._engine import parallel as _parallel
from .._engine.unsupported import module_getattr as _module_getattr


def init_process_group(backend: str = "hccl", init_method=None, timeout=None,
                       world_size: int = -1, rank: int = -1, store=None,
                       group_name: str = "", pg_options=None, device_id=None) -> None:
    """``init_process_group``: ``communication.init`` (the backend is JAX's)."""
    _parallel.init()


def destroy_process_group(group=None) -> None:
    """``destroy_process_group``: ``communication.release``."""
    _parallel.release()


def is_initialized() -> bool:
    return _parallel.GlobalComm.INITED


def get_rank(group=None) -> int:
    """This process's rank (0 before ``init_process_group``, as MindSpore)."""
    return _parallel.get_rank() if is_initialized() else 0


def get_world_size(group=None) -> int:
    """The number of processes (1 before ``init_process_group``)."""
    return _parallel.get_group_size() if is_initialized() else 1


__all__ = ["destroy_process_group", "get_rank", "get_world_size", "init_process_group",
           "is_initialized"]
__getattr__ = _module_getattr("mindspore.mint.distributed")
