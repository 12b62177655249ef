"""GRAPH_MODE and ``jit``: one ``jax.jit`` per (callable, static configuration).

``Compiled`` wraps a Python callable that works on Tensors. Each call flattens the arguments
once: array leaves are traced, every other leaf (Python scalars, strings, Cells) is static
and part of the cache key, as MindSpore treats Python scalars as graph constants. JAX's own
jit cache then keys on shapes and dtypes, so a call it has seen never traces again.

Parameters go in and out as arguments, never as closed-over constants: the Parameter list
starts from the Cell's parameters and grows whenever a trace reads one that was not passed
(``scope.UnboundParameter``). Parameter writes come back as outputs and are applied after the
call succeeds. ``compile_count()`` counts traces, so tests can prove nothing retraces.

Example:
    >>> import mscompat as ms
    >>> from mscompat._engine.compile import compile_count
    >>> f = ms.jit(lambda x: x * 2)
    >>> _ = f(ms.Tensor([1.0])); n = compile_count(); _ = f(ms.Tensor([2.0]))
    >>> compile_count() - n
    0
"""
from __future__ import annotations

import contextlib
import contextvars
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from . import (
    context,
    dynamic_shape,
    graph_print,
    jaxconfig,
    lazy,
    ms_dropout,
    output_tree,
    parallel,
    scope,
)
from .tensor import Tensor

_counter = {"traces": 0, "graphs": 0}
# The compiled program being traced (a number per ``Compiled``): MindSpore gives each compiled
# graph kernels of its own (``ms_dropout.MaskStream`` keys its generators on it).
GRAPH: contextvars.ContextVar[int | None] = contextvars.ContextVar("mscompat_graph",
                                                                   default=None)
_lock = threading.Lock()
# Set while GRAPH_MODE code runs through a graph break: nested calls do not compile.
_BREAK = scope.BREAK
# A trace that raises one of these runs through a graph break instead (see ``Compiled``).
VALUE_DEPENDENT = lazy.VALUE_DEPENDENT + (scope.GraphBreak,)


def compiling() -> bool:
    """Should this GRAPH_MODE call compile? Not inside a trace, nor inside a graph break."""
    return context.graph_mode() and not scope.tracing() and not _BREAK.get()


_MAX_PROGRAMS = 32  # compiled programs kept per callable (one per shape signature)
_DONATION_LOCK = scope.DONATION_LOCK
_NO_LOCK = contextlib.nullcontext()


def compile_count() -> int:
    """Number of traces (compilations) mscompat has run in this process: GRAPH_MODE calls,
    transforms, ``jit``, and the PYNATIVE recorder's programs."""
    return _counter["traces"]


def counted(fn: Callable) -> Callable:
    """``fn`` for ``jax.jit``: each trace of it counts in ``compile_count()``."""
    def traced(*args, **kwargs):
        with _lock:
            _counter["traces"] += 1
        return fn(*args, **kwargs)
    return traced


class _Static:
    """A non-array output leaf, carried through ``jax.jit`` in the treedef."""

    __slots__ = ("value",)

    def __init__(self, value) -> None:
        self.value = value


class _Writes:
    """Parameter writes returned from a trace: values as children, Parameters as aux."""

    __slots__ = ("params", "values", "has_static")

    def __init__(self, params: tuple, values: tuple, has_static: bool) -> None:
        self.params, self.values, self.has_static = params, values, has_static


class _Identity(tuple):
    """A tuple of Parameters compared by identity (treedef aux data)."""

    def __eq__(self, other) -> bool:
        return len(self) == len(other) and all(a is b for a, b in zip(self, other))

    def __hash__(self) -> int:
        return hash(tuple(id(p) for p in self))


jax.tree_util.register_pytree_node(_Static, lambda s: ((), s.value), lambda v, _: _Static(v))
jax.tree_util.register_pytree_node(
    _Writes, lambda w: (w.values, (_Identity(w.params), w.has_static)),
    lambda aux, vals: _Writes(aux[0], tuple(vals), aux[1]))


class _Statics(tuple):
    """The non-array argument leaves of a call, compared with their types (``typed_key``):
    ``f(x, True)`` and ``f(x, 1)``, ``f(x, 2)`` and ``f(x, 2.0)`` are different programs.
    The typed key is made once: ``jax.jit`` hashes and compares static arguments per call."""

    def __new__(cls, leaves):
        self = super().__new__(cls, leaves)
        self.key = lazy.typed_key(tuple(self))
        return self

    def __eq__(self, other) -> bool:
        return isinstance(other, _Statics) and self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)


def _is_array(x) -> bool:
    return isinstance(x, (jax.Array, np.ndarray))


class Compiled:
    """A callable compiled per static configuration; see the module docstring.

    Graph break: when tracing fails because Python needs a traced value (``if x.sum() > 0``,
    a boolean mask, ``asnumpy``), the call runs ``fallback(args, kwargs)`` instead: the
    PYNATIVE path (eager, with recorded and compiled transforms), under GRAPH_MODE's rules,
    with ``print`` still in GRAPH_MODE's format. Later calls go there directly.
    """

    def __init__(self, fn: Callable, params: list, fallback: Callable | None = None,
                 check_names: bool = False) -> None:
        self.fn = fn
        self.params = list(params)
        # A MindSpore graph (GRAPH_MODE, ``jit``) refuses two Parameters of one name.
        self.check_names = check_names
        if check_names:
            seen: dict = {}
            for p in self.params:
                _check_unique_name(fn, seen.get(p.name, ()), p)
                seen.setdefault(p.name, [p])
        self.fallback = fallback or (lambda args, kwargs: fn(*args, **kwargs))
        self.broken = False
        self.prints = False  # a trace put a print in: wait for it before returning
        with _lock:
            _counter["graphs"] += 1
            self.graph = _counter["graphs"]
        self._jitted, self._donating = self._new_jit()

    def _new_jit(self):
        """(plain, donating) programs. Fresh function objects each time: JAX's trace caches
        are keyed on them (weakly), so replacing them frees everything the old programs
        held; ``_traced`` counts the programs they hold (one trace each: the C++
        ``_cache_size()`` reads 0 once JAX's global dispatch cache holds 8,192 functions,
        although the calls still take the fast path). The donating one takes every
        Parameter's buffer and returns every Parameter's value (the unwritten ones pass
        through, aliased, no copy), so XLA writes new values in place of the old: the peak
        memory of a donating hand-written step."""
        self._traced = 0

        def donating(pvals, dyn, static):
            out, writes = self._pure(pvals, dyn, static)
            new = {id(p): v for p, v in zip(writes.params, writes.values)}
            params = tuple(self.params)
            return out, _Writes(params, tuple(new.get(id(p), v) for p, v in zip(params, pvals)),
                                writes.has_static)
        return (jax.jit(lambda pvals, dyn, static: self._pure(pvals, dyn, static),
                        static_argnums=(2,)),
                jax.jit(donating, static_argnums=(2,), donate_argnums=(0,)))

    @staticmethod
    def _owned(pvals: list) -> list:
        """Donate only buffers nobody else holds: a Parameter's array also held elsewhere
        (the Tensor it was made from, a Tensor aliasing its value, an argument that is one)
        is copied first, so the holder keeps its value and every call of a Cell runs the one
        donating program (no second compile when the first step's buffers were shared)."""
        for i in range(len(pvals)):
            # references: the Parameter, the pvals list, getrefcount's argument
            if not isinstance(pvals[i], jax.Array) or sys.getrefcount(pvals[i]) > 3:
                pvals[i] = jnp.array(pvals[i], copy=True)
        return pvals

    def _rank_program(self, static):
        cache = self.__dict__.setdefault("_ranked", {})
        if static not in cache:
            cache[static] = parallel.rank_program(self._pure, static)
        return cache[static]

    def _run_broken(self, args, kwargs):
        token, graph = _BREAK.set(True), GRAPH.set(self.graph)
        try:
            with graph_print.graph_code():
                return self.fallback(args, kwargs)
        finally:
            _BREAK.reset(token)
            GRAPH.reset(graph)

    def _pure(self, pvals, dyn, static):
        with _lock:
            _counter["traces"] += 1
        self._traced += 1
        if static[0] is _TENSORS_ONLY:
            args, kwargs = tuple(Tensor._wrap(x) for x in dyn), {}
        else:
            treedef, statics, mask = static[:3]
            it_d, it_s = iter(dyn), iter(statics)
            leaves = [next(it_d) if m else next(it_s) for m in mask]
            args, kwargs = jax.tree_util.tree_unflatten(treedef, leaves)
        printed = graph_print.emitted()
        graph = GRAPH.set(self.graph)
        try:
            with scope.bind(self.params, pvals, jit=True) as s, graph_print.graph_code():
                out = self.fn(*args, **kwargs)
        finally:
            GRAPH.reset(graph)
        if graph_print.emitted() != printed:
            self.prints = True
        wparams, wvals = s.written()
        out = output_tree.keep_order(out)  # (a dict's keys in the order the code wrote them)
        has_static = output_tree.has_dict(out)

        def mark(leaf):
            nonlocal has_static
            if _is_array(leaf) or isinstance(leaf, jax.core.Tracer):
                return leaf
            has_static = True
            return _Static(leaf)

        out = jax.tree_util.tree_map(mark, out)
        return out, _Writes(tuple(wparams), tuple(wvals), has_static)

    @jaxconfig.entry
    def __call__(self, args: tuple, kwargs: dict, extra_key: Any = None):
        if self.broken:
            return self._run_broken(args, kwargs)
        if not kwargs and all([type(a) is Tensor for a in args]):
            # The common call, plain Tensors: no pytree walk (per-call overhead, W1).
            dyn = [a._data for a in args]
            static = (_TENSORS_ONLY, len(dyn), extra_key, scope.HOOKS["version"],
                      scope.FORWARD_MODE.get())
        else:
            static, dyn = self._split(args, kwargs, (extra_key, scope.HOOKS["version"],
                                                     scope.FORWARD_MODE.get()))
        outermost = scope.current() is None and scope.recording() is None
        spread = outermost and parallel.data_parallel()
        # Donation deletes the buffers it is given: outermost calls read the Parameters,
        # run and store the results under one lock, so no other thread's call holds a
        # buffer this call donates (nested calls run inside their outermost call's).
        with _DONATION_LOCK if outermost else _NO_LOCK:
            while True:
                params = self.params  # replaced, never mutated: a stable snapshot
                # Outside any scope a Parameter's value is its stored value (the common,
                # outermost call: no per-Parameter scope look-up).
                pvals = [p._stored for p in params] if outermost else [p._data for p in params]
                if spread and parallel.multi_process():
                    try:
                        out, writes = self._rank_program(static)(pvals, dyn)
                        break
                    except VALUE_DEPENDENT:
                        raise NotImplementedError(
                            "DATA_PARALLEL across processes of a Cell whose Python needs tensor "
                            "values (a graph break) is not supported by mscompat yet.") from None
                if spread:
                    # DATA_PARALLEL: the batch split over the mesh, Parameters replicated (kept
                    # so: the placement is stored back, a layout change, not a write).
                    dyn, placed = parallel.place(dyn, pvals)
                    _store_placed(params, pvals, placed)
                    pvals = placed
                seeds = ms_dropout.counters()
                try:
                    if outermost and pvals:
                        out, writes = self._donating(self._owned(pvals), dyn, static)
                    else:
                        out, writes = self._jitted(pvals, dyn, static)
                    break
                except VALUE_DEPENDENT:
                    ms_dropout.restore_counters(seeds)
                    self.broken = True
                    return self._run_broken(args, kwargs)
                except scope.UnboundParameter as e:
                    ms_dropout.restore_counters(seeds)
                    if any(e.param is p for p in params):
                        raise  # it was passed in: not a discovery
                    with _lock:  # first calls from several threads may discover it together
                        if not any(e.param is p for p in self.params):
                            if self.check_names:
                                _check_unique_name(self.fn, self.params, e.param)
                            self.params = self.params + [e.param]
            if self.prints:
                jax.effects_barrier()  # MindSpore prints before the call returns
            if self._traced > _MAX_PROGRAMS:
                # A Cell called with ever new shapes: drop its programs rather than grow forever.
                self._jitted, self._donating = self._new_jit()
            if writes.params:
                scope.commit(writes.params, writes.values)
            if writes.has_static:  # (non-array leaves, dicts)
                out = output_tree.plain(jax.tree_util.tree_map(
                    lambda x: x.value if isinstance(x, _Static) else x, out,
                    is_leaf=lambda x: isinstance(x, _Static)))
            return out


    @staticmethod
    def _split(args, kwargs, extra_key) -> tuple[tuple, list]:
        leaves, treedef = jax.tree_util.tree_flatten((args, kwargs))
        dyn, statics, mask = [], [], []
        for leaf in leaves:
            if _is_array(leaf):
                dyn.append(leaf)
                mask.append(True)
            else:
                statics.append(leaf)
                mask.append(False)
        return (treedef, _Statics(statics), tuple(mask), extra_key), dyn


def _store_placed(params, pvals, placed) -> None:
    """Keep the replicated placement (a layout change, not a write); a function of its own
    so that no loop variable outlives it holding a buffer (donation counts references)."""
    for p, old, new in zip(params, pvals, placed):
        if new is not old:
            scope.store(p, new)


_TENSORS_ONLY = "tensors-only"  # static-key marker for calls whose arguments are Tensors


def _check_unique_name(fn: Callable, params: list, param) -> None:
    """MindSpore's RuntimeError for a graph that uses two Parameters of one name (two
    optimizers' ``global_step``s, two unwrapped Cells' ``net.0.weight``s): ``param`` is
    refused if another of ``params`` has its name."""
    name = getattr(param, "name", None)
    if not isinstance(name, str) or name.startswith("mscompat_"):
        return  # mscompat's own hidden state (random and dropout streams), no graph input
    if any(p is not param and p.name == name for p in params):
        where = getattr(fn, "__qualname__", type(fn).__name__).replace(".", "_")
        raise RuntimeError(f"The parameter @{where}:param_{name} , its name '{name}' already "
                           f"exists. Please set a unique name for the parameter.")


def call_cell(cell, args: tuple, kwargs: dict):
    """GRAPH_MODE call of a Cell: compile once per Cell and static configuration."""
    declared = cell.__dict__.get("_dynamic_shape_inputs")
    if declared is not None:
        dynamic_shape.check_call(cell.construct, declared, args)
    compiled = cell.__dict__.get("_compiled_fn")
    if compiled is None:
        compiled = Compiled(cell.__call__, cell._all_params(),
                            check_names=context.graph_mode())
        cell.__dict__["_compiled_fn"] = compiled
    try:
        return compiled(args, kwargs, cell.training)
    except TypeError:
        if not kwargs:  # MindSpore checks a GRAPH_MODE call's arguments against construct
            dynamic_shape.check_construct_args(cell.construct, args)
        raise


_TRANSFORMS: OrderedDict[Any, Compiled] = OrderedDict()
_MAX_TRANSFORMS = 512  # a new lambda per call would otherwise grow the cache forever


def call_transform(key: Any, fn: Callable, args: tuple, kwargs: dict, params=(),
                   fallback: Callable | None = None, check_names: bool = True):
    """GRAPH_MODE call of a transform (``grad(net)(x)`` at top level), cached by ``key``;
    ``fallback(args, kwargs)`` runs it through a graph break (see ``Compiled``);
    ``check_names=False`` for PYNATIVE's own compiled programs (no MindSpore graph)."""
    compiled = _TRANSFORMS.get(key)
    if compiled is not None:
        _TRANSFORMS.move_to_end(key)
    else:
        compiled = Compiled(fn, list(params), fallback, check_names)
        with _lock:
            _TRANSFORMS[key] = compiled
            while len(_TRANSFORMS) > _MAX_TRANSFORMS:
                _TRANSFORMS.popitem(last=False)
    return compiled(args, kwargs)
