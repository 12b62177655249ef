"""Context-local parameter binding: the mechanism behind ``functionalize``.

While a scope is active, reading a ``Parameter`` yields the value bound in the scope (for
example a JAX tracer of the transform that is running), and writing a ``Parameter`` records
the new value in the scope instead of mutating the Parameter. The caller decides what to do
with the recorded writes once the call has succeeded (``commit``), so a call that raises
leaves every Parameter as it was, and no tracer ever leaks into a Parameter.

Scopes live in a ``ContextVar``: calls are re-entrant and every thread has its own stack.
"""
from __future__ import annotations

import contextvars
import itertools
import threading
import weakref
from collections.abc import Iterable
from typing import Any

_CURRENT: contextvars.ContextVar[Scope | None] = contextvars.ContextVar(
    "mscompat_scope", default=None
)
# Set while compiled code (GRAPH_MODE, ``jit``) runs through a graph break, eagerly.
BREAK: contextvars.ContextVar[bool] = contextvars.ContextVar("mscompat_break", default=False)


class UnboundParameter(Exception):
    """Raised while tracing for ``jax.jit`` when a Parameter not passed in is read.

    The compile layer catches it, adds the Parameter to the arguments and traces again, so
    JAX never captures a Parameter's value as a compile-time constant.
    """

    def __init__(self, param) -> None:
        super().__init__(param.name)
        self.param = param


class GraphBreak(Exception):
    """Raised while tracing for ``jax.jit`` by code that must run eagerly (a Python hook in
    backward): the compile layer runs the call through a graph break instead."""


# Bumped whenever a Cell hook is added or removed; part of every compile-cache key.
HOOKS = {"version": 0}
# True while a forward-mode transform (``jvp``, ``jacfwd``) runs: rules whose backward is
# a ``jax.custom_vjp`` (which forward mode cannot differentiate) take their plain JAX form.
# Part of every compile-cache key.
FORWARD_MODE: contextvars.ContextVar = contextvars.ContextVar("mscompat_forward_mode",
                                                              default=False)
# Cells with backward hooks and live ``HookBackward`` primitives: their Python runs in
# backward, so a PYNATIVE transform of a function that reaches one runs eagerly from the
# start (a recording abandoned halfway would run the function's Python - its prints, forward
# hooks - twice).
BACKWARD_HOOKED: weakref.WeakSet = weakref.WeakSet()

_MAX_VISITS = 4096  # objects looked at per question, and items per container; past them
_MAX_ITEMS = 256  # the recorder's own check (a hooked Cell or HookBackward met while
# recording abandons the recording) still holds


def backward_hooks_reached(fn) -> bool:
    """Does ``fn`` reach a Cell with backward hooks or a ``HookBackward``: itself, its
    sub-Cells and attributes, a bound method's object, a closure's cells, its defaults,
    the globals its code names (nested functions' too), a partial's parts, containers.

    Only hooked objects ``fn`` reaches count: a hooked Cell alive elsewhere (kept by a user,
    or by a compiled program's cache) does not send unrelated transforms down the eager path.
    """
    live = {id(o) for o in list(BACKWARD_HOOKED) if getattr(o, "_backward_hooks", True)}
    if not live:
        return False
    seen: set[int] = set()
    stack = [fn]
    while stack and len(seen) < _MAX_VISITS:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if id(obj) in live:
            return True
        stack.extend(_referents(obj))
    return False


def _referents(obj) -> list:
    import functools
    import types
    if isinstance(obj, (types.ModuleType, type, str, bytes, int, float, complex, bool)) \
            or obj is None:
        return []
    if isinstance(obj, (list, tuple, set, frozenset)):
        return list(itertools.islice(obj, _MAX_ITEMS))
    if isinstance(obj, dict):
        return list(itertools.islice(obj.values(), _MAX_ITEMS))
    if isinstance(obj, types.MethodType):
        return [obj.__self__, obj.__func__]
    if isinstance(obj, functools.partial):
        return [obj.func, *obj.args, *obj.keywords.values()]
    if isinstance(obj, types.FunctionType):
        out = [c.cell_contents for c in obj.__closure__ or () if _filled(c)]
        out += list(obj.__defaults__ or ()) + list((obj.__kwdefaults__ or {}).values())
        g = obj.__globals__
        out += [g[n] for n in _code_names(obj.__code__) if n in g]
        if hasattr(obj, "__wrapped__"):
            out.append(obj.__wrapped__)
        return out
    d = getattr(obj, "__dict__", None)
    if isinstance(d, dict):
        return list(d.values())
    return []


def _filled(cell) -> bool:
    try:
        cell.cell_contents  # noqa: B018 (an empty closure cell raises)
    except ValueError:
        return False
    return True


def _code_names(code) -> set:
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _code_names(const)
    return names


class Scope:
    __slots__ = ("values", "writes", "jit", "reads", "bases")

    def __init__(self, parent: Scope | None, params: Iterable, values: Iterable, jit: bool):
        self.values: dict[int, Any] = dict(parent.values) if parent is not None else {}
        # id -> the value a written Parameter had before its first write (``_as_written``)
        self.bases: dict[int, Any] = dict(parent.bases) if parent is not None else {}
        for p, v in zip(params, values):
            self.values[id(p)] = v
            self.bases.pop(id(p), None)
        self.writes: dict[int, Any] = {}  # id -> Parameter, in write order
        self.jit = jit or (parent is not None and parent.jit)
        self.reads: dict | None = None  # id -> Parameter, when a caller asks to track reads

    def written(self) -> tuple[list, list]:
        params = list(self.writes.values())
        return params, [self.values[id(p)] for p in params]


def current() -> Scope | None:
    return _CURRENT.get()


class bind:
    """``with bind(params, values) as scope:`` runs code with ``params`` bound to ``values``."""

    __slots__ = ("scope", "token")

    def __init__(self, params=(), values=(), jit: bool = False) -> None:
        self.scope = Scope(_CURRENT.get(), params, values, jit)

    def __enter__(self) -> Scope:
        self.token = _CURRENT.set(self.scope)
        return self.scope

    def __exit__(self, *exc) -> None:
        _CURRENT.reset(self.token)


DONATION_LOCK = threading.RLock()


def read(param) -> Any:
    scope = _CURRENT.get()
    if scope is not None:
        if scope.reads is not None:
            scope.reads[id(param)] = param
        value = scope.values.get(id(param), _MISSING)
        if value is not _MISSING:
            if id(param) in scope.bases:  # read after a write: a load of the Parameter
                # (made per read: a cached load could belong to a trace that has ended)
                return _as_written(value, scope.bases[id(param)])
            return value
        if scope.jit:
            raise UnboundParameter(param)
    rec = recording()
    if rec is not None:
        return rec.param_leaf(param)
    # An eager read takes the donation lock: a compiled call on another thread donates the
    # stored buffers it does not see referenced (``compile._owned``) and replaces them
    # under this lock, so a read lands wholly before or after it, and the array read is
    # then referenced, hence copied rather than donated by any later call.
    with DONATION_LOCK:
        return param._stored


def write(param, value) -> None:
    scope = _CURRENT.get()
    if scope is None:
        param._stored = value
    else:
        if id(param) not in scope.bases:
            base = scope.values.get(id(param), _MISSING)
            if base is _MISSING:  # not bound: its recorded leaf (PYNATIVE), else no tangent
                rec = recording()
                base = rec.param_leaf(param) if rec is not None else None
            scope.bases[id(param)] = base
        scope.values[id(param)] = value
        scope.writes[id(param)] = param


def _as_written(value, base):
    """``value`` as a read after a write sees it: MindSpore differentiates a read after a
    write (and ``ops.assign``'s result) as the Parameter itself, not as the value written
    (``ops.assign(p, x * 2)`` passes no gradient to ``x``; the gradient w.r.t. ``p``
    passes through). Only traced float values carry tangents; a write that is never read
    back (an optimizer's) adds nothing to the program."""
    import jax  # (scope is imported before jax is configured)

    from . import lazy
    dtype = getattr(value, "dtype", None)
    if dtype is None or not jax.numpy.issubdtype(dtype, jax.numpy.inexact):
        return value
    from .written import as_written
    if isinstance(value, lazy.Lazy) or isinstance(base, lazy.Lazy):
        if base is None:
            return lazy.apply(jax.lax.stop_gradient, (value,), {})
        return lazy.apply(as_written, (value, base), {})
    if isinstance(base, jax.core.Tracer):
        return as_written(value, base)
    if isinstance(value, jax.core.Tracer):  # (a Parameter no transform binds: no tangent)
        return jax.lax.stop_gradient(value)
    return value


def commit(params: list, values: list) -> None:
    """Apply writes recorded by an inner scope to the enclosing scope (or the Parameters).

    At the outermost level all values are stored by one C-level loop (``map`` over the
    slot's setter): no Python bytecode runs between two stores, so a KeyboardInterrupt
    cannot leave half of a training step's Parameters and optimizer state written."""
    if _CURRENT.get() is None:
        list(map(store, params, values))
        return
    for p, v in zip(params, values):
        write(p, v)


store = None  # Parameter._stored's slot setter (a C function), set by parameter.py


def tracing() -> bool:
    """True while running inside a compiled (jit) trace."""
    scope = _CURRENT.get()
    return scope is not None and scope.jit


_MISSING = object()


def recording():
    """The active PYNATIVE recording (set by ``lazy.py``); None when not recording."""
    return None
