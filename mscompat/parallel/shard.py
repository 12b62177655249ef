"""``mindspore.parallel.Layout`` and ``mindspore.parallel.shard``: sharding annotations.

A ``Layout`` describes a device matrix and names its axes; calling it with one alias (or
tuple of aliases, or ``"None"``) per tensor dimension gives that tensor's layout, whose
``to_dict()`` is MindSpore's. mscompat runs a program on the devices JAX places it on
(``DATA_PARALLEL`` shards the batch, ``docs/architecture.md``); ``shard`` records nothing
and returns the Cell or function unchanged, as MindSpore does outside its (semi-)auto
parallel modes.

Example:
    >>> from mscompat.parallel import Layout
    >>> layout = Layout((2, 2, 2), ("dp", "sp", "mp"))
    >>> layout("dp", "mp").to_dict()["tensor_map"]
    (2, 0)
"""
from __future__ import annotations

import math
from collections.abc import Callable


class Layout:
    """``Layout(device_matrix, alias_name, rank_list=None)``."""

    def __init__(self, device_matrix: tuple, alias_name: tuple, rank_list: list | None = None):
        if not isinstance(device_matrix, tuple):
            raise TypeError(f"device_matrix must be tuple type, but got:{type(device_matrix)}")
        if not isinstance(alias_name, tuple):
            raise TypeError(f"alias_name must be tuple type, but got:{type(alias_name)}")
        if len(device_matrix) != len(alias_name):
            raise ValueError("device_matrix length should be equal to alias_name length")
        for dim in device_matrix:
            if isinstance(dim, bool) or not isinstance(dim, int):
                raise TypeError(f"The element of device_matrix must be int type, but got:"
                                f"{type(dim)}")
        for name in alias_name:
            if not isinstance(name, str):
                raise TypeError(f"The element of alias_name must be str type, but got:"
                                f"{type(name)}")
            if not name:
                raise ValueError("The element of alias_name can not be empty.")
            if name == "None":
                raise ValueError("The element of alias_name can not set 'None', because "
                                 "'None' means no sharding.")
        if len(set(alias_name)) != len(alias_name):
            raise ValueError(f"Each element of alias_name {alias_name} should be different")
        if rank_list is not None:
            if not isinstance(rank_list, list):
                raise TypeError(f"The rank_list should be a list, but got {type(rank_list)}.")
            if not all(isinstance(r, int) and not isinstance(r, bool) for r in rank_list):
                raise TypeError("The element of rank_list should be int.")
        self._device_shape = device_matrix
        self._alias_name = alias_name
        self._rank_list = list(range(math.prod(device_matrix))) if rank_list is None \
            else list(rank_list)
        self._tensor_map = None

    def _axis(self, name: str, used: set) -> int:
        if name == "None":
            return -1
        if name not in self._alias_name:
            raise ValueError(f"The axis {name} is not found in {self._alias_name}")
        if name in used:
            raise ValueError(f"The axis {name} has been set more than one in "
                             f"{self._alias_name}")
        used.add(name)
        return len(self._alias_name) - 1 - self._alias_name.index(name)

    def __call__(self, *tensor_map) -> Layout:
        used: set = set()
        out = Layout(self._device_shape, self._alias_name, self._rank_list)
        out._tensor_map = tuple(
            tuple(self._axis(n, used) for n in entry) if isinstance(entry, tuple)
            else self._axis(entry, used) for entry in tensor_map)
        return out

    def to_dict(self) -> dict:
        """``{'device_matrix', 'tensor_map', 'interleaved_parallel', 'alias_name',
        'rank_list'}`` (``tensor_map`` of a layout made by calling this one)."""
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {"device_matrix": self._device_shape, "tensor_map": self._tensor_map,
                "interleaved_parallel": "interleaved_parallel" in self._alias_name,
                "alias_name": self._alias_name, "rank_list": self._rank_list}


def shard(fn: Callable, in_strategy, out_strategy=None, parameter_plan=None) -> Callable:
    """``shard(fn, in_strategy, out_strategy=None, parameter_plan=None)``: ``fn`` (a Cell or
    a function) itself; the strategies describe a placement mscompat does not apply."""
    if not callable(fn):
        raise TypeError(f"For 'shard', 'fn' should be a function or a Cell, but got "
                        f"{type(fn)}.")
    return fn


__all__ = ["Layout", "shard"]
