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

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import jax
import numpy as np

from . import scope
from .tensor import Tensor

_counter = {"traces": 0}
_lock = threading.Lock()


def compile_count() -> int:
    """Number of traces (compilations) done so far in this process."""
    return _counter["traces"]


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


def _is_array(x) -> bool:
    return isinstance(x, (jax.Array, np.ndarray))


class Compiled:
    """A callable compiled per static configuration; see the module docstring."""

    def __init__(self, fn: Callable, params: list) -> None:
        self.fn = fn
        self.params = list(params)
        self._jitted = jax.jit(self._pure, static_argnums=(2,))

    def _pure(self, pvals, dyn, static):
        with _lock:
            _counter["traces"] += 1
        if static[0] is _TENSORS_ONLY:
            args, kwargs = tuple(Tensor._wrap(x) for x in dyn), {}
        else:
            treedef, statics, mask = static[:3]
            it_d, it_s = iter(dyn), iter(statics)
            leaves = [next(it_d) if m else next(it_s) for m in mask]
            args, kwargs = jax.tree_util.tree_unflatten(treedef, leaves)
        with scope.bind(self.params, pvals, jit=True) as s:
            out = self.fn(*args, **kwargs)
        wparams, wvals = s.written()
        has_static = False

        def mark(leaf):
            nonlocal has_static
            if _is_array(leaf) or isinstance(leaf, jax.core.Tracer):
                return leaf
            has_static = True
            return _Static(leaf)

        out = jax.tree_util.tree_map(mark, out)
        return out, _Writes(tuple(wparams), tuple(wvals), has_static)

    def __call__(self, args: tuple, kwargs: dict, extra_key: Any = None):
        if not kwargs and all(type(a) is Tensor for a in args):
            # The common call, plain Tensors: no pytree walk (per-call overhead, W1).
            dyn = [a._data for a in args]
            static = (_TENSORS_ONLY, len(dyn), extra_key)
        else:
            static, dyn = self._split(args, kwargs, extra_key)
        while True:
            params = self.params  # replaced, never mutated: a stable snapshot
            pvals = [p._data for p in params]
            try:
                out, writes = self._jitted(pvals, dyn, static)
                break
            except scope.UnboundParameter as e:
                if any(e.param is p for p in params):
                    raise  # it was passed in: not a discovery
                with _lock:  # first calls from several threads may discover it together
                    if not any(e.param is p for p in self.params):
                        self.params = self.params + [e.param]
        if writes.params:
            scope.commit(list(writes.params), list(writes.values))
        if writes.has_static:
            out = jax.tree_util.tree_map(lambda x: x.value if isinstance(x, _Static) else x,
                                         out, is_leaf=lambda x: isinstance(x, _Static))
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
        return (treedef, tuple(statics), tuple(mask), extra_key), dyn


_TENSORS_ONLY = "tensors-only"  # static-key marker for calls whose arguments are Tensors


def call_cell(cell, args: tuple, kwargs: dict):
    """GRAPH_MODE call of a Cell: compile once per Cell and static configuration."""
    compiled = cell.__dict__.get("_compiled_fn")
    if compiled is None:
        compiled = Compiled(cell.__call__, cell._all_params())
        cell.__dict__["_compiled_fn"] = compiled
    return compiled(args, kwargs, cell.training)


_TRANSFORMS: OrderedDict[Any, Compiled] = OrderedDict()
_MAX_TRANSFORMS = 512  # a new lambda per call would otherwise grow the cache forever


def call_transform(key: Any, fn: Callable, args: tuple, kwargs: dict, params=()):
    """GRAPH_MODE call of a transform (``grad(net)(x)`` at top level), cached by ``key``."""
    compiled = _TRANSFORMS.get(key)
    if compiled is not None:
        _TRANSFORMS.move_to_end(key)
    else:
        compiled = Compiled(fn, list(params))
        with _lock:
            _TRANSFORMS[key] = compiled
            while len(_TRANSFORMS) > _MAX_TRANSFORMS:
                _TRANSFORMS.popitem(last=False)
    return compiled(args, kwargs)
