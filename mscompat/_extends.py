"""``mindspore._extends``: ``cell_attr_register``, the decorator MindSpore puts on Cell
constructors to record their arguments (mscompat's Cells need no registration).

Example:
    >>> from mscompat._extends import cell_attr_register
    >>> class A:
    ...     @cell_attr_register
    ...     def __init__(self, x=1):
    ...         self.x = x
    >>> A(3).x
    3
"""
from __future__ import annotations

import functools

from ._engine.unsupported import module_getattr as _module_getattr


def cell_attr_register(fn=None, attrs=None):
    """Returns ``fn`` unchanged (also as ``@cell_attr_register(attrs=[...])``)."""
    def wrap(func):
        @functools.wraps(func)
        def init(self, *args, **kwargs):
            return func(self, *args, **kwargs)
        return init
    return wrap if fn is None else wrap(fn)


__all__ = ["cell_attr_register"]
__getattr__ = _module_getattr("mindspore._extends")
