"""``mindspore.nn.utils``.

Example:
    >>> import mscompat as ms
    >>> with ms.nn.utils.no_init_parameters():
    ...     net = ms.nn.Dense(2, 2)
    >>> net.weight.shape
    (2, 2)
"""
from __future__ import annotations

import contextlib

from .._engine.unsupported import module_getattr as _module_getattr


@contextlib.contextmanager
def no_init_parameters():
    """MindSpore defers initialising the Parameters of Cells built inside this block (to
    save time and memory before a checkpoint overwrites them); mscompat initialises them
    at once - the values a checkpoint then loads are the same."""
    yield


__all__ = ["no_init_parameters"]
__getattr__ = _module_getattr("mindspore.nn.utils")
