"""Module ``__getattr__`` that names unsupported MindSpore APIs (NotImplementedError)."""
from __future__ import annotations


def module_getattr(module: str):
    def __getattr__(name: str):
        if name.startswith("_"):
            raise AttributeError(f"module '{module}' has no attribute '{name}'")
        raise NotImplementedError(f"'{module}.{name}' is not implemented by mscompat yet.")
    return __getattr__
