"""``mindspore.parallel._auto_parallel_context``: the context object model-zoo code reads.

Example:
    >>> from mscompat.parallel._auto_parallel_context import auto_parallel_context
    >>> print(auto_parallel_context().get_parallel_mode())
    stand_alone
"""
from __future__ import annotations

from .._engine import parallel as _parallel

# getter name -> context key, where they differ
_ALIASES = {"strategy_search_mode": "search_mode"}


class _AutoParallelContext:
    """Reads and writes ``mindspore.set/get_auto_parallel_context`` through MindSpore's
    ``get_<key>()``/``set_<key>(value)``/``get_<key>_is_set()`` methods."""

    def __getattr__(self, name: str):
        for prefix in ("get_", "set_"):
            if name.startswith(prefix):
                key = name[len(prefix):]
                if prefix == "get_" and key.endswith("_is_set"):
                    key = key[:-len("_is_set")]
                    return lambda: _parallel.is_set(_ALIASES.get(key, key))
                key = _ALIASES.get(key, key)
                if key in _parallel._DEFAULTS:
                    if prefix == "get_":
                        return lambda: _parallel.get_auto_parallel_context(key)
                    return lambda value: _parallel.set_auto_parallel_context(**{key: value})
        raise AttributeError(f"'_AutoParallelContext' object has no attribute '{name}'")

    def get_sharding_propagation(self) -> bool:
        return False

    def reset(self) -> None:
        _parallel.reset_auto_parallel_context()


_CONTEXT = _AutoParallelContext()


def auto_parallel_context() -> _AutoParallelContext:
    """The process's auto-parallel context."""
    return _CONTEXT


__all__ = ["auto_parallel_context"]
