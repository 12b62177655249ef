"""Optional dependencies: imported where a feature needs them, with the extra to install.

Example:
    >>> from mscompat._engine.optional import require
    >>> require("numpy", extra="test", feature="an example").__name__
    'numpy'
"""
from __future__ import annotations

import importlib
import types


def require(module: str, *, extra: str, feature: str) -> types.ModuleType:
    """``import module``, or ImportError naming the feature and ``pip install mscompat[extra]``."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        package = module.split(".")[0]
        raise ImportError(f"{feature} needs the optional package '{package}', which is not "
                          f"installed: pip install 'mscompat[{extra}]'") from e
