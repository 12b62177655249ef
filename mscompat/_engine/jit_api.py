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

import jax

from . import dynamic_shape, jaxconfig, lazy, scope
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
    compiled = Compiled(function, [], check_names=True)  # (a graph break runs it eagerly)

    @functools.wraps(function)
    @jaxconfig.entry
    def wrapper(*args, **kwargs):
        if scope.tracing() or lazy.recording() is not None:
            # Inside a compiled trace or a PYNATIVE recording: part of the outer program.
            return function(*args, **kwargs)
        try:
            return compiled(args, kwargs)
        except TypeError:
            error = dynamic_shape.jit_arity_error(function, args, kwargs)
            if error is None:
                raise
            raise error from None

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


def _mutable_ok(x) -> bool:
    from .tensor import Tensor
    if isinstance(x, (bool, int, float, Tensor)):
        return True
    if isinstance(x, (tuple, list)):
        return all(_mutable_ok(v) for v in x)
    if isinstance(x, dict):
        return all(_mutable_ok(v) for v in x.values())
    return False


class _Int(int):
    __ms_mutable__ = True


class _Float(float):
    __ms_mutable__ = True


class _Tuple(tuple):
    __ms_mutable__ = True


class _List(list):
    __ms_mutable__ = True


class _Dict(dict):
    __ms_mutable__ = True


# The marked containers are containers to every transform, as their plain types are.
jax.tree_util.register_pytree_node(_Tuple, lambda t: (tuple(t), None), lambda _, c: _Tuple(c))
jax.tree_util.register_pytree_node(_List, lambda t: (list(t), None), lambda _, c: _List(c))
jax.tree_util.register_pytree_node(_Dict, lambda d: (list(d.values()), list(d)),
                                   lambda keys, vals: _Dict(zip(keys, vals)))
_MARKED = ((int, _Int), (float, _Float), (tuple, _Tuple), (list, _List), (dict, _Dict))


def mutable(input_data, dynamic_len: bool = False):
    """``mindspore.mutable(input_data, dynamic_len=False)``: marks a constant as a variable
    for MindSpore's graph compiler. mscompat compiles Tensors as variables and keys its
    programs on Python values already, so the value comes back with MindSpore's mark
    (``__ms_mutable__``, which ``Cell.set_inputs`` checks) and the same value; a bool, whose
    type cannot be subclassed, comes back as it is.

    Example:
        >>> import mscompat as ms
        >>> ms.mutable((1, 2.0))
        (1, 2.0)
    """
    if not _mutable_ok(input_data):
        raise TypeError(f"For 'mutable', the 'input_data' should be one of (bool, int, float, "
                        f"Tensor, tuple, list, dict) or their nested structures with no "
                        f"self-reference, but got {type(input_data).__name__}: {input_data}.")
    if dynamic_len and not isinstance(input_data, (tuple, list)):
        raise TypeError(f"For 'mutable', when the variable_len is True, the first input should "
                        f"be list or tuple, but got: {type(input_data).__name__}")
    if isinstance(input_data, bool):
        return input_data
    for plain, marked in _MARKED:
        if isinstance(input_data, plain) and not isinstance(input_data, marked):
            return marked(input_data)
    return input_data


_JIT_LEVELS = ("", "O0", "O1", "O2")


class JitConfig:
    """``mindspore.JitConfig(jit_level='', exc_mode='auto', jit_syntax_level='',
    debug_level='RELEASE', infer_boost='off', **kwargs)``: compile options, kept in
    ``jit_config_dict`` (XLA chooses its own optimisation levels).

    Example:
        >>> import mscompat as ms
        >>> ms.JitConfig(jit_level="O1").jit_config_dict["jit_level"]
        'O1'
    """

    def __init__(self, jit_level: str = "", exc_mode: str = "auto",
                 jit_syntax_level: str = "", debug_level: str = "RELEASE",
                 infer_boost: str = "off", **kwargs) -> None:
        if jit_level not in _JIT_LEVELS:
            raise ValueError("For 'jit_level' must be one of ['O0', 'O1', 'O2'].")
        if exc_mode not in ("auto", "sink", "no_sink"):
            raise ValueError("For 'exc_mode' must be one of '['auto', 'sink', 'no_sink']'.")
        if jit_syntax_level not in ("", "STRICT", "COMPATIBLE", "LAX"):
            raise ValueError("For 'jit_syntax_level' must be one of '['STRICT', 'LAX']'.")
        if debug_level not in ("RELEASE", "DEBUG"):
            raise ValueError("For 'debug_level' must be one of '['RELEASE', 'DEBUG']'.")
        if infer_boost not in ("on", "off"):
            raise ValueError("For 'infer_boost' must be one of '['on', 'off']'.")
        self.jit_config_dict = {**kwargs, "jit_level": jit_level, "exc_mode": exc_mode,
                                "jit_syntax_level": jit_syntax_level,
                                "debug_level": debug_level, "infer_boost": infer_boost}
        if jit_level and "backend" not in kwargs:  # MindSpore's backend for the level
            self.jit_config_dict["backend"] = "GE" if jit_level == "O2" else "ms_backend"
