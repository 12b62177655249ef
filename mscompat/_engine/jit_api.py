"""``mindspore.jit`` (and its old name ``ms_function``): compile a function or ``construct``.

Example:
    >>> import mscompat as ms
    >>> @ms.jit
    ... def f(x):
    ...     return x * 2
    >>> print(f(ms.Tensor([1.0])))
    [2.]
"""
from __future__ import annotations

import functools
from collections.abc import Callable

from . import jaxconfig, lazy, scope
from .compile import Compiled

_ACCEPTED = {"mode", "jit_level", "dynamic", "fullgraph", "backend", "capture_mode",
             "input_signature", "hash_args", "jit_config", "compile_once", "options"}


def jit(function: Callable | None = None, **options) -> Callable:
    """Decorate ``function`` so that each call runs one compiled XLA program."""
    for key in options:
        if key not in _ACCEPTED:
            raise TypeError(f"jit() got an unexpected keyword argument '{key}'")
    if function is None:
        return lambda fn: jit(fn, **options)
    compiled = Compiled(function, [])  # its graph break runs ``function`` eagerly

    @functools.wraps(function)
    @jaxconfig.entry
    def wrapper(*args, **kwargs):
        if scope.tracing() or lazy.recording() is not None:
            # Inside a compiled trace or a PYNATIVE recording: part of the outer program.
            return function(*args, **kwargs)
        return compiled(args, kwargs)

    wrapper.__wrapped_compiled__ = compiled
    return wrapper


ms_function = jit


def jit_class(cls: type) -> type:
    """``mindspore.jit_class``: marks a user class whose instances GRAPH_MODE code uses.

    mscompat traces such instances like any Python object, so the class is returned as is
    (with MindSpore's ``__ms_class__`` mark).

    Example:
        >>> import mscompat as ms
        >>> @ms.jit_class
        ... class Scale:
        ...     def __init__(self):
        ...         self.k = 2.0
        >>> Scale.__ms_class__
        True
    """
    from .cell import Cell
    if not isinstance(cls, type):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    if issubclass(cls, Cell):
        raise TypeError(f"Decorator jit_class is used for user-defined classes and cannot be "
                        f"used for nn.Cell: {cls}.")
    cls.__ms_class__ = True
    return cls
