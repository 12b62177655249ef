"""Transforms over PYNATIVE recordings (see ``lazy.py`` for the deferred values).

``run_transform`` records the user's function once per call (``_Recorded``), then either
runs the transform on a compiled replay of the recording (top level, through the GRAPH_MODE
compile cache) or, inside another recording, adds it as one node (``_TransformNode``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp

from . import lazy, scope
from .lazy import (
    _REC,
    _REPLAY,
    Abandon,
    Graph,
    Lazy,
    Node,
    Recording,
    _aval,
    _const_key,
    _is_arraylike,
    _unconst,
    apply,
    materialize,
)

_EAGER_ONLY: dict = {}  # (transform, fn) that must run eagerly; bounded, oldest dropped
_MAX_EAGER_ONLY = 1024




def _is_tensor(x) -> bool:
    return isinstance(x, lazy.Tensor)


def _identity(x):
    return x


class _Recorded:
    """What recording ``fn(*args, **kwargs)`` produced, and how to replay it on arrays."""

    def __init__(self, fn: Callable, args: tuple, kwargs: dict, rec: Recording,
                 by_object: bool = True) -> None:
        leaves, self.in_tree = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_tensor)
        self.slots: list[int] = []  # tensor leaf -> argument slot (aliases share one)
        placeholders: dict[int, Lazy] = {}
        stop: dict[int, int] = {}
        new_leaves = []
        for leaf in leaves:
            if not isinstance(leaf, lazy.Tensor):
                new_leaves.append(leaf)
                continue
            # by object (MindSpore's PYNATIVE grad and vjp): one Tensor at several places is
            # one variable; else (its compiled jvp) each place is a variable of its own
            at = id(leaf) if by_object else -len(new_leaves) - 1
            ph = placeholders.get(at)
            if ph is None:
                data = leaf._data
                if isinstance(data, Lazy):  # an outer recording's value: alias it
                    ph = Lazy(Node(_identity, (), (data,)), 0, data.aval)
                else:
                    ph = Lazy(None, 0, _aval(data), data)
                placeholders[at] = ph
                stop[id(ph)] = len(stop)
            self.slots.append(stop[id(ph)])
            new_leaves.append(lazy.Tensor._wrap(ph))
        self.n_slots = len(stop)
        rargs, rkwargs = jax.tree_util.tree_unflatten(self.in_tree, new_leaves)
        # MindSpore tracks Tensors by object: where ``fn`` reaches an argument's object
        # another way (a closure, a global), that is the argument too
        held = {id(leaf): (leaf, placeholders[id(leaf)]) for leaf in leaves
                if by_object and isinstance(leaf, lazy.Tensor)}
        from .tensor import holding
        with holding(held.values()), scope.bind() as s:
            out = fn(*rargs, **rkwargs)
        self.written, written_vals = s.written()
        from .output_tree import raw
        out_leaves, self.out_tree = jax.tree_util.tree_flatten(raw(out))
        self.out_static = tuple((i, v) for i, v in enumerate(out_leaves)
                                if not _is_arraylike(v))
        arrays = [v for v in out_leaves if _is_arraylike(v)] + list(written_vals)
        lazies = [v if isinstance(v, Lazy) else _const_lazy(v) for v in arrays]
        self.graph = Graph(lazies, stop, boundary=rec.start)
        # A Python float argument's value is not part of the key: where the recorded ops use
        # it, it is a graph input (``lazy.apply``), so a new value reuses the program.
        self.static_in = tuple(_FLOAT if type(v) is float else _const_key(v)
                               for v in leaves if not _is_tensor(v))

    def key(self) -> tuple:
        return (self.graph.key, tuple(self.slots), self.in_tree, self.out_tree,
                self.out_static, tuple(id(p) for p in self.graph.params),
                tuple(id(p) for p in self.written), self.static_in)

    def replay(self, leaves: list) -> Callable:
        """A Tensor function equal to the recorded ``fn``, evaluated from ``leaves``."""
        run = self.graph.replay_fn()
        n_out = self._n_out()

        def replay_fn(*args, **kwargs):
            tleaves = [x for x in jax.tree_util.tree_leaves((args, kwargs),
                                                            is_leaf=_is_tensor)
                       if isinstance(x, lazy.Tensor)]
            slot_vals: list = [None] * self.n_slots
            for t, slot in zip(tleaves, self.slots):
                if slot_vals[slot] is None:
                    slot_vals[slot] = t._data
            outs = run(slot_vals, leaves)
            for p, v in zip(self.written, outs[n_out:]):
                p._data = v
            it = iter(outs[:n_out])
            static = dict(self.out_static)
            flat = [static[i] if i in static else lazy.Tensor._wrap(next(it))
                    for i in range(self.out_tree.num_leaves)]
            return jax.tree_util.tree_unflatten(self.out_tree, flat)

        return replay_fn

    def _n_out(self) -> int:
        return self.out_tree.num_leaves - len(self.out_static)


class _FloatArg:
    """Stands for a Python float argument in compile-cache keys and in the compiled
    transform's arguments (the recorded graph carries its value as an input)."""

    __slots__ = ()

    def __eq__(self, other) -> bool:
        return isinstance(other, _FloatArg)

    def __hash__(self) -> int:
        return hash(_FloatArg)

    def __repr__(self) -> str:
        return "<float argument>"


_FLOAT = _FloatArg()


def _drop_floats(tree):
    return jax.tree_util.tree_map(lambda v: _FLOAT if type(v) is float else v, tree,
                                  is_leaf=_is_tensor)


def _const_lazy(v):
    arr = jnp.asarray(v)
    lz = Lazy(None, 0, _aval(arr), arr)
    return lz


def _realias(args, kwargs, slots):
    """Give positions that held one Tensor object one object again (PYNATIVE aliasing)."""
    leaves, tree = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_tensor)
    first: dict[int, Any] = {}
    k = 0
    out = []
    for leaf in leaves:
        if _is_tensor(leaf):
            out.append(first.setdefault(slots[k], leaf))
            k += 1
        else:
            out.append(leaf)
    return jax.tree_util.tree_unflatten(tree, out)


class _TransformNode:
    """A transform called while recording: a node evaluated by the transform on a replay."""

    def __init__(self, make: Callable, make_key, recorded: _Recorded, call_tree,
                 call_slots, call_static) -> None:
        self.make, self.recorded = make, recorded
        self.call_tree, self.call_slots, self.call_static = call_tree, call_slots, call_static
        self._key = (make_key, recorded.key(), call_tree, tuple(call_slots), call_static)
        self._hash = hash(self._key)

    def __eq__(self, other) -> bool:
        return isinstance(other, _TransformNode) and self._key == other._key

    def __hash__(self) -> int:
        return self._hash

    def __call__(self, *arrays):
        from .tensor import to_raw
        n = len(self.call_slots)
        call_arrays, leaves = arrays[:n], list(arrays[n:])
        it_static = iter(self.call_static)
        flat = []
        k = 0
        for is_tensor in self.call_tree[1]:
            if is_tensor:
                flat.append(lazy.Tensor._wrap(call_arrays[k]))
                k += 1
            else:
                flat.append(_unconst(next(it_static)))
        args, kwargs = jax.tree_util.tree_unflatten(self.call_tree[0], flat)
        args, kwargs = _realias(args, kwargs, self.call_slots)
        result = self.make(self.recorded.replay(leaves))(*args, **kwargs)
        return to_raw(result)


def _split_call(args, kwargs):
    """Tensor leaves of a call (deduplicated by object) and its static rest."""
    leaves, tree = jax.tree_util.tree_flatten((args, kwargs), is_leaf=_is_tensor)
    mask = tuple(_is_tensor(v) for v in leaves)
    tensors = [v for v in leaves if _is_tensor(v)]
    ids: dict[int, int] = {}
    slots = [ids.setdefault(id(t), len(ids)) for t in tensors]
    static = tuple(_const_key(v) for v in leaves if not _is_tensor(v))
    return tensors, slots, (tree, mask), static


def _run_eagerly(make: Callable, fn: Callable, call_args: tuple, call_kwargs: dict):
    """The transform run eagerly, its Parameter writes applied only when the whole call
    succeeds (an error found after the forward pass - a bad position, a bad sens - leaves
    every Parameter as it was, as the compiled paths do)."""
    with scope.bind() as s:
        out = make(fn)(*call_args, **call_kwargs)
    scope.commit(*s.written())
    return out


def run_transform(make: Callable, make_key, fn: Callable, fn_args: tuple, fn_kwargs: dict,
                  call_args: tuple, call_kwargs: dict, weights=(), by_object: bool = True):
    """Run ``make(fn)(*call_args, **call_kwargs)`` by recording ``fn`` (PYNATIVE_MODE).

    ``make(f)`` builds the transform of ``f`` (e.g. ``GradFn(f, spec)._run``); ``fn_args``
    are the arguments the transform will pass to ``fn``; ``by_object``: the argument Tensor
    objects are the variables wherever ``fn`` reaches them (MindSpore's PYNATIVE grad).
    """
    from . import compile as compile_mod
    from .tensor import wrap_tree
    outer = _REC.get()
    eager_key = (make_key, fn)
    if outer is None and (eager_key in _EAGER_ONLY or scope.backward_hooks_reached(fn)):
        return _run_eagerly(make, fn, call_args, call_kwargs)
    rec = Recording(outer)
    token = _REC.set(rec)
    try:
        recorded = _Recorded(fn, fn_args, fn_kwargs, rec, by_object)
    except Abandon:
        if outer is not None:
            raise
        # Python already ran once for this call; from now on this function runs eagerly.
        _EAGER_ONLY[eager_key] = True
        while len(_EAGER_ONLY) > _MAX_EAGER_ONLY:
            _EAGER_ONLY.pop(next(iter(_EAGER_ONLY)))
        _REC.reset(token)
        token = None
        return _run_eagerly(make, fn, call_args, call_kwargs)
    finally:
        if token is not None:
            _REC.reset(token)
    tensors, slots, call_tree, call_static = _split_call(call_args, call_kwargs)
    if outer is not None:
        node_fn = _TransformNode(make, make_key, recorded, call_tree, slots, call_static)
        inputs = tuple(t._data for t in tensors) + tuple(recorded.graph.leaves)
        return wrap_tree(apply(node_fn, inputs, {}))
    leaves = [materialize(v) if isinstance(v, Lazy) else v for v in recorded.graph.leaves]
    key = ("pynative", make_key, recorded.key(), tuple(slots), call_tree[1])

    def runner(cargs, ckwargs, leaf_values):
        leaf_values = [t._data for t in leaf_values]
        cargs, ckwargs = _realias(cargs, ckwargs, slots)
        token = _REPLAY.set(True)
        try:
            return make(recorded.replay(leaf_values))(*cargs, **ckwargs)
        finally:
            _REPLAY.reset(token)

    seen = {id(w) for w in weights}
    params = list(weights) + [p for p in recorded.graph.params if id(p) not in seen]
    leaf_tensors = [lazy.Tensor._wrap(v) for v in leaves]
    if recorded.static_in.count(_FLOAT):
        call_args, call_kwargs = _drop_floats((call_args, call_kwargs))
    return compile_mod.call_transform(key, runner, (call_args, call_kwargs, leaf_tensors),
                                      {}, params, check_names=False)
