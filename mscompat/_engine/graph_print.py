"""``print`` inside GRAPH_MODE code prints on every call, with real values, as MindSpore's
``Print`` op does.

While mscompat traces a Cell or function for ``jax.jit`` (or runs one through a graph break,
``compile.py``), ``print`` is routed here: the arguments become one ordered
``jax.debug.callback`` of the compiled program, so each call of the program prints its
values. The text follows MindSpore's GRAPH_MODE ``Print`` op: one line per argument, Tensors
as ``Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00 ...])``, 0-d Tensors as their
bare value (floats as C++ streams them: ``2``, ``0.333333``, ``1.23457e+08``), booleans as
``1``/``0``. Outside those calls ``print`` is Python's own: the hook
installed on the first GRAPH_MODE compilation only acts inside mscompat's calls.

Example:
    >>> import numpy as np
    >>> print(format_value(np.array([1.0, 2.5], np.float32)))
    Tensor(shape=[2], dtype=Float32, value=[ 1.00000000e+00  2.50000000e+00])
"""
from __future__ import annotations

import builtins
import contextvars
import sys
import threading

import jax
import numpy as np

from . import scope, tensor_format

_ACTIVE: contextvars.ContextVar[bool] = contextvars.ContextVar("mscompat_graph_print",
                                                               default=False)
_original_print = builtins.print
_install_lock = threading.Lock()
_DIGITS = {np.dtype(np.float16): 4, np.dtype(np.float32): 8, np.dtype(np.float64): 8}


def format_value(value) -> str:
    """One ``print`` argument as MindSpore's GRAPH_MODE ``Print`` op writes it."""
    if isinstance(value, (bool, np.bool_)):
        return str(int(value))
    if not isinstance(value, np.ndarray):
        return str(value)
    if value.ndim == 0:
        if value.dtype == np.bool_:
            return format_value(value.item())
        if value.dtype.kind == "f":  # (C++'s stream default: 6 significant digits, %g)
            return f"{value.item():g}"
        return str(value[()])
    digits = _DIGITS.get(value.dtype)
    formatter = {"float_kind": lambda v: f"{v: .{digits}e}"} if digits else None
    text = np.array2string(value, separator=" ", formatter=formatter,
                           threshold=sys.maxsize, max_line_width=sys.maxsize)
    while "\n\n" in text:
        text = text.replace("\n\n", "\n")
    head = (f"Tensor(shape={list(value.shape)}, "
            f"dtype={tensor_format.dtype_display_name(value.dtype)}, value=")
    return head + ("\n" if value.ndim > 1 else "") + text + ")"


def _emit(statics, arrays, sep="\n", end="\n", file=None, flush=False) -> None:
    it = iter(arrays)
    parts = [format_value(np.asarray(next(it))) if s is _ARRAY else format_value(s)
             for s in statics]
    _original_print(*parts, sep="\n", end=end, file=file, flush=flush)


_ARRAY = object()
_emitted = threading.local()


def emitted() -> int:
    """How many prints this thread has put into traced programs (see ``Compiled``)."""
    return getattr(_emitted, "count", 0)


def _graph_print(*args, sep=" ", end="\n", file=None, flush=False) -> None:
    if not _ACTIVE.get():
        return _original_print(*args, sep=sep, end=end, file=file, flush=flush)
    from .tensor import Tensor
    statics, arrays = [], []
    for a in args:
        if isinstance(a, (Tensor, jax.Array, jax.core.Tracer)):
            arrays.append(a._data if isinstance(a, Tensor) else a)
            statics.append(_ARRAY)
        else:
            statics.append(a)
    if scope.tracing():
        _emitted.count = getattr(_emitted, "count", 0) + 1
        jax.debug.callback(lambda *arrs: _emit(statics, arrs, end=end, file=file,
                                                flush=flush), *arrays, ordered=True)
    else:  # a graph break: the values are concrete
        _emit(statics, [np.asarray(a) for a in arrays], end=end, file=file, flush=flush)
    return None


def install() -> None:
    """Route ``print`` through ``_graph_print`` (idempotent; a no-op outside mscompat calls)."""
    if builtins.print is not _graph_print:
        with _install_lock:
            if builtins.print is not _graph_print:
                builtins.print = _graph_print


class graph_code:
    """``with graph_code():`` marks code that runs as GRAPH_MODE code (traced or broken)."""

    __slots__ = ("token",)

    def __enter__(self) -> None:
        install()
        self.token = _ACTIVE.set(True)

    def __exit__(self, *exc) -> None:
        _ACTIVE.reset(self.token)
