"""Deferred execution for PYNATIVE_MODE transforms.

Eager JAX runs a nested transform (a Hessian-vector product, a PINN loss with input
derivatives) one small dispatch at a time, which is far slower than MindSpore's PyNative
mode. Instead, a PYNATIVE transform call *records* the user's function:

1. ``fn`` runs exactly once per call, as Python, so side effects and Python control flow
   behave as in eager code. Its Tensors hold ``Lazy`` values: each op adds a node to a small
   graph instead of computing. When Python needs a value (``bool(t)``, ``print(t)``,
   ``t.asnumpy()``, any JAX function called on it) that value is computed on the spot by a
   compiled program, so data-dependent control flow sees real numbers.
2. The transform (grad, value_and_grad, jvp; ``recording.py``) then runs through the
   GRAPH_MODE machinery on a *replay* of the recorded graph: one ``jax.jit`` program per
   graph structure, reused by every later call that records the same structure.
3. A transform called while recording (the inner grad of a PINN loss, the grad under a jvp)
   becomes one node of the outer graph, evaluated by the same transform on its own replay.

Parameters are recorded as references, not values: a replay reads them through ``scope`` so
outer transforms can bind them. Anything the recorder does not know (an array from NumPy, a
value read from a Parameter outside a transform) enters the graph as a leaf argument.
"""
from __future__ import annotations

import contextvars
import itertools
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from . import bprops, context, scope

_REC: contextvars.ContextVar[Recording | None] = contextvars.ContextVar(
    "mscompat_recording", default=None)
_REPLAY: contextvars.ContextVar[bool] = contextvars.ContextVar("mscompat_replay",
                                                               default=False)
_serial = itertools.count()
ENABLED = {"on": True}
scope.recording = _REC.get
Tensor: Any = None  # mscompat's Tensor class, set by tensor.py (it imports this module)


def recording() -> Recording | None:
    return _REC.get()


def in_program() -> bool:
    """Inside a program MindSpore compiles - a GRAPH_MODE call or a ``jit`` function,
    traced or run through a graph break - but not the replay of a PYNATIVE recording: where
    MindSpore's graph compiler, not its PYNATIVE dispatch, picks an overloaded Tensor
    method's signature (eager code at the top level of a GRAPH_MODE script is PYNATIVE's)."""
    return (scope.tracing() and not _REPLAY.get()) or scope.BREAK.get()


def graph_rules() -> bool:
    """MindSpore's GRAPH_MODE rules apply (errors and quirks differ from PYNATIVE's):
    in GRAPH_MODE, and inside ``jit``, but not in the replay of a PYNATIVE recording."""
    return context.graph_mode() or (scope.tracing() and not _REPLAY.get())


class Lazy:
    """A value that a recorded graph will compute; shaped like a jax array."""

    __slots__ = ("node", "index", "aval", "akey", "serial", "value")

    def __init__(self, node: Node | None, index: int, aval, value=None) -> None:
        self.node, self.index, self.aval = node, index, aval
        # (shape, dtype, weak_type): the aval as a cheap hashable key (graph and cache keys)
        self.akey = (aval.shape, aval.dtype, getattr(aval, "weak_type", False))
        self.serial = next(_serial)
        self.value = value  # a leaf's concrete array, or a computed result

    shape = property(lambda self: self.aval.shape)
    dtype = property(lambda self: self.aval.dtype)
    ndim = property(lambda self: len(self.aval.shape))
    size = property(lambda self: int(np.prod(self.aval.shape, dtype=np.int64)))
    weak_type = property(lambda self: getattr(self.aval, "weak_type", False))

    def __jax_array__(self):
        # A JAX function applied to a recorded value: its result would be a constant (the
        # gradient cut), so the recording is abandoned and the transform runs eagerly.
        check_eager(self)
        return materialize(self)

    def __array__(self, dtype=None, copy=None):
        # NumPy values are constants in MindSpore too (``asnumpy`` cuts the gradient).
        arr = np.asarray(materialize(self))
        return arr if dtype is None else arr.astype(dtype)

    def __getattr__(self, name: str):
        if name.startswith("__"):  # protocol probes (NumPy's ``__array_interface__`` ...)
            raise AttributeError(name)
        # Anything else a jax array offers: only eager JAX can follow it (fail closed).
        check_eager(self)
        return getattr(materialize(self), name)

    def __getitem__(self, index):
        from .ops_build import call
        from .tensor import split_index
        structure, arrays = split_index(index)
        return call(getitem, (self, *arrays), {"index": structure})._data

    def astype(self, dtype):
        return apply(astype, (self,), {"dtype": np.dtype(dtype)})

    def __repr__(self) -> str:
        return f"Lazy({self.aval})"


class Node:
    """One recorded op: ``fn(*inputs, **static)`` with Lazy (or constant) inputs."""

    __slots__ = ("fn", "static", "inputs", "skey")

    def __init__(self, fn: Callable, static: tuple, inputs: tuple, skey: tuple = ()) -> None:
        self.fn, self.static, self.inputs = fn, static, inputs
        self.skey = skey  # ``static`` with each value's type (``typed_key``)


class ParamRef:
    """A Parameter read while recording: resolved through ``scope`` at replay. ``snapshot``
    is the value it read, for values Python asks for while still recording."""

    __slots__ = ("param", "snapshot")

    def __init__(self, param, snapshot) -> None:
        self.param, self.snapshot = param, snapshot

    def __call__(self):
        return self.param._data


def getitem(x, *arrays, index):
    """``x[index]``; array parts of the index are ``arrays`` (see ``tensor.split_index``).

    An integer index array past the end reads NaN (JAX would clamp it: a silently wrong
    number); concrete indices are checked before, as MindSpore does (``tensor.py``)."""
    idx = unhash_index(index, arrays)
    if arrays and all(jnp.issubdtype(a.dtype, jnp.integer) for a in arrays):
        fill = jnp.nan if jnp.issubdtype(x.dtype, jnp.inexact) else None
        out = x.at[idx].get(mode="fill", fill_value=fill)
        if index == ("a", 0):  # one Tensor index: PYNATIVE's Gather (its bprop); GRAPH_MODE
            from . import context  # normalises the index first
            if not context.graph_mode():
                from .bprops import negative_indices_dropped
                out = negative_indices_dropped(out, arrays[0], 0)
        return out
    return x[idx]


def astype(x, *, dtype):
    """``x.astype(dtype)`` with MindSpore's float->int cast rules (``bprops.cast``)."""
    from .bprops import cast
    return cast(x, dtype)


def setitem_value(value, dtype):
    """A value written into a Tensor of ``dtype``, converted as MindSpore's CPU kernels do:
    a Python int wraps (-3 in UInt8 is 253), a float goes through C's conversion (-1.5 in
    UInt8 is 255, 1e10 in Int32 its minimum; ``bprops.cast``)."""
    if isinstance(value, (bool, np.bool_)):
        return jnp.asarray(value, dtype)
    if isinstance(value, (int, np.integer)):
        return jnp.asarray(np.array(int(value), np.int64).astype(dtype))
    value = jnp.asarray(value, np.float64 if isinstance(value, float) else None)
    return bprops.cast(value, dtype)


def setitem(x, value, *arrays, index):
    return x.at[unhash_index(index, arrays)].set(setitem_value(value, x.dtype))


def setitem_by_mask_graph(x, value, mask):
    """GRAPH_MODE's ``x[mask] = value`` for a Bool Tensor ``mask``: MindSpore's graph
    compiler pads both ``mask`` and a ``value`` of lower rank than ``x`` with trailing
    dimensions of 1, broadcasts them to ``x``'s shape and selects, so a ``(3,)`` value fills
    row ``i`` of a ``(3, 2)`` Tensor with ``value[i]`` (PYNATIVE_MODE writes it into each
    selected row, as NumPy does; a ``(2,)`` value there is a ValueError here)."""
    value = setitem_value(value, x.dtype)
    if value.ndim < x.ndim:
        value = value.reshape(value.shape + (1,) * (x.ndim - value.ndim))
    mask = mask.reshape(mask.shape + (1,) * (x.ndim - mask.ndim))
    return jnp.where(mask, jnp.broadcast_to(value, x.shape), x)


def unhash_index(h, arrays):
    if isinstance(h, tuple) and h and h[0] == "t":
        return tuple(unhash_index(i, arrays) for i in h[1:])
    if isinstance(h, tuple) and h and h[0] == "s":
        return slice(*h[1:])
    if isinstance(h, tuple) and h and h[0] == "a":
        return arrays[h[1]]
    return h


class Abandon(Exception):
    """The recorded function used something only eager JAX can follow (a raw JAX function
    applied to a Tensor, an eager-only transform): run this transform eagerly instead."""


def check_eager(tree) -> None:
    """Called by eager-only code on its array inputs: abandon a recording they belong to."""
    if _REC.get() is not None and has_lazy(jax.tree_util.tree_leaves(tree)):
        raise Abandon


def abandon_if_recording() -> None:
    """The recorder met something it cannot follow: never compute a constant in its place."""
    if _REC.get() is not None:
        raise Abandon


class NotRecordable(Exception):
    """This op cannot be recorded (unhashable static argument): compute it instead."""


class Recording:
    """The graph under construction for one transform call (nested ones have their own)."""

    def __init__(self, parent: Recording | None) -> None:
        self.parent = parent
        self.start = next(_serial)
        self.params: dict[int, Lazy] = {}  # Parameter reads, one leaf each

    def param_leaf(self, param) -> Lazy:
        leaf = self.params.get(id(param))
        if leaf is None:
            value = _param_value(param)
            leaf = Lazy(Node(ParamRef(param, value), (), ()), 0, _aval(value), None)
            self.params[id(param)] = leaf
        return leaf


def _param_value(param):
    """The Parameter's current value without recording it (for its shape and dtype)."""
    token = _REC.set(None)
    try:
        return param._data
    finally:
        _REC.reset(token)


def _aval(x):
    return jax.ShapeDtypeStruct(x.shape, x.dtype, weak_type=getattr(x, "weak_type", False))


def _akey(x) -> tuple:
    """``x``'s shape, dtype and weak type as a hashable key."""
    if isinstance(x, Lazy):
        return x.akey
    return (x.shape, x.dtype, getattr(x, "weak_type", False))


_MAX_CACHE = 4096  # bound for the shape and program caches (oldest entries dropped first)
_SHAPES: dict = {}
# What JAX raises when Python needs a traced value (control flow, a boolean mask, a value
# used as a shape). The recorder abandons on it; GRAPH_MODE takes a graph break on it.
VALUE_DEPENDENT = (jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError,
                   jax.errors.TracerArrayConversionError, jax.errors.NonConcreteBooleanIndexError)


class _TreeCall:
    """``fn`` called with pytree arguments (tuples of Tensors), recorded on their leaves."""

    def __init__(self, fn: Callable, tree) -> None:
        self.fn, self.tree = fn, tree
        self._hash = hash((fn, tree))

    def __eq__(self, other) -> bool:
        return (isinstance(other, _TreeCall) and self.fn is other.fn
                and self.tree == other.tree)

    def __hash__(self) -> int:
        return self._hash

    def __call__(self, *leaves, **static):
        return self.fn(*jax.tree_util.tree_unflatten(self.tree, list(leaves)), **static)


_FLOATS: dict = {}  # float.hex() -> its weak-typed scalar array (one costs ~50 us to make)
_NO_LIFT: dict = {}  # (op, static arguments) whose float arguments are Python settings


def _float_leaf(value: float):
    key = value.hex()  # keeps -0.0 apart from 0.0, and NaN equal to itself
    leaf = _FLOATS.get(key)
    if leaf is None:
        if len(_FLOATS) >= _MAX_CACHE:
            _FLOATS.pop(next(iter(_FLOATS)))
        leaf = _FLOATS[key] = jnp.asarray(value)
    return leaf


class _KwCall:
    """``fn`` with its trailing positional inputs passed as the keyword arguments ``names``."""

    def __init__(self, fn: Callable, n_pos: int, names: tuple) -> None:
        self.fn, self.n_pos, self.names = fn, n_pos, names
        self._hash = hash((fn, n_pos, names))

    def __eq__(self, other) -> bool:
        return (isinstance(other, _KwCall) and self.fn is other.fn
                and (self.n_pos, self.names) == (other.n_pos, other.names))

    def __hash__(self) -> int:
        return self._hash

    def __call__(self, *args, **static):
        kw = dict(zip(self.names, args[self.n_pos:]))
        return self.fn(*args[:self.n_pos], **kw, **static)


_PLAIN = frozenset((int, bool, str, complex))  # constants JAX keeps as one leaf
_NO_TRACER = _PLAIN | {float, np.ndarray}  # argument types that never hold a tracer


def apply(fn: Callable, args: tuple, static: dict):
    """Record ``fn(*args, **static)`` (Lazy arguments) and return its Lazy output(s)."""
    if static:
        array_kw = tuple(k for k, v in static.items() if _is_arraylike(v))
        if array_kw:  # Tensor-valued keyword arguments are graph inputs like positional ones
            args = tuple(args) + tuple(static[k] for k in array_kw)
            fn, static = _KwCall(fn, len(args) - len(array_kw), array_kw), {
                k: v for k, v in static.items() if k not in array_kw}
        key_static = tuple(sorted(static.items()))
        try:
            hash(key_static)
        except TypeError:
            raise NotRecordable from None
        typed_static = typed_key(key_static)
    else:
        key_static = typed_static = ()
    floats = other = False
    for a in args:
        t = type(a)
        if t is float:
            floats = True
        elif not (t is Lazy or t in _PLAIN or _is_arraylike(a)):
            other = True  # a container, None, or an object: see how JAX flattens it
    unlifted = None
    if floats and (fn, typed_static) not in _NO_LIFT and all(
            jnp.issubdtype(a.dtype, jnp.inexact) for a in args if _is_arraylike(a)):
        # A Python float next to floating Tensors is a graph input (a weak-typed scalar,
        # which promotes exactly as the float does), not a constant: a training loop that
        # passes a new learning rate or scale on every call reuses one compiled program.
        unlifted = args
        args = tuple(_float_leaf(a) if type(a) is float else a for a in args)
    untreed = fn  # (a retry with the floats unlifted flattens its own arguments again)
    if other:
        flat, tree = jax.tree_util.tree_flatten(tuple(args))
        if len(flat) != len(args) or any(isinstance(a, (tuple, list, dict)) for a in args):
            fn, args = _TreeCall(fn, tree), tuple(flat)
    in_avals = tuple(a.akey if type(a) is Lazy else _akey(a) if _is_arraylike(a)
                     else ("const", _const_key(a)) for a in args)
    skey = (fn, typed_static, in_avals)
    shaped = _SHAPES.get(skey)
    if shaped is None:
        token = _REC.set(None)
        try:
            out_shape = jax.eval_shape(
                lambda *arrs: _isolated(fn, _merge(args, arrs), static),
                *[jax.ShapeDtypeStruct(a.shape, a.dtype, weak_type=_weak(a))
                  for a in args if _is_arraylike(a)])
        except VALUE_DEPENDENT:
            # The op needs concrete values (a boolean mask, a value used as a shape): only
            # eager JAX can follow it.
            raise NotRecordable from None
        except Exception:
            if unlifted is None:
                raise
            # The op reads a float argument as a Python setting (a type check, a shape):
            # record it as a constant, for this op from now on.
            _NO_LIFT[(untreed, typed_static)] = True
            while len(_NO_LIFT) > _MAX_CACHE:
                _NO_LIFT.pop(next(iter(_NO_LIFT)))
            _REC.reset(token)
            token = None
            return apply(untreed, unlifted, static)
        finally:
            if token is not None:
                _REC.reset(token)
        leaves, treedef = jax.tree_util.tree_flatten(out_shape)
        shaped = _SHAPES[skey] = (leaves, treedef,
                                  treedef == jax.tree_util.tree_structure(0))
        while len(_SHAPES) > _MAX_CACHE:
            _SHAPES.pop(next(iter(_SHAPES)))
    leaves, treedef, single = shaped
    node = Node(fn, key_static, tuple(args), typed_static)
    if single:  # one array out (most ops)
        return Lazy(node, 0, leaves[0])
    return jax.tree_util.tree_unflatten(
        treedef, [Lazy(node, i, leaf) for i, leaf in enumerate(leaves)])


def _isolated(fn, args, static):
    # Parameter writes made while only shapes are computed are dropped with this scope.
    with scope.bind():
        return fn(*args, **static)


def _weak(a) -> bool:
    return bool(getattr(a, "weak_type", False))


def _merge(args, arrays):
    it = iter(arrays)
    return [next(it) if _is_arraylike(a) else a for a in args]


def _is_arraylike(x) -> bool:
    return isinstance(x, (Lazy, jax.Array, np.ndarray))


def typed_key(v):
    """``v`` (a hashable static argument) with the type of every value in it: ``True`` and
    ``1``, ``1`` and ``1.0`` are equal in Python but not as an index or an attribute, so a
    cache keyed on them must tell them apart (``x[True]`` is not ``x[1]``)."""
    if isinstance(v, (tuple, list)):
        return (type(v), tuple(typed_key(i) for i in v))
    return (type(v), v)


def _const_key(a):
    if isinstance(a, (int, float, bool, complex, str, type(None))):
        return (type(a), a)
    if isinstance(a, np.generic):
        return (type(a), a.item())
    if isinstance(a, (tuple, list)):
        return (type(a), tuple(_const_key(i) for i in a))
    try:
        hash(a)
    except TypeError:
        raise NotRecordable from None
    if isinstance(a, (Lazy, jax.Array)) or hasattr(a, "_data"):
        raise NotRecordable
    return ("h", a)


def has_lazy(args) -> bool:
    for a in args:
        if type(a) is Lazy or (isinstance(a, (tuple, list)) and has_lazy(a)):
            return True
    return False


def should_record(args) -> bool:
    """Record this op? Only while recording, when an input is Lazy and none is a tracer
    (inside an eager JAX transform, Lazy inputs are computed instead)."""
    if _REC.get() is None or not has_lazy(args):
        return False
    for a in args:
        if type(a) is Lazy or type(a) in _NO_TRACER:
            continue
        if isinstance(a, jax.core.Tracer) or any(
                isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(a)):
            return False
    return True


def concrete_tree(tree):
    """``tree`` with every Lazy value computed."""
    return jax.tree_util.tree_map(concrete, tree)


# -- graphs: keys and replay ---------------------------------------------------------------

class Graph:
    """The recorded graph reachable from some outputs: a structural key and its leaves."""

    def __init__(self, outputs: list[Lazy], stop: dict[int, int] | None = None,
                 boundary: int = -1) -> None:
        # stop: id(Lazy) -> argument slot (the placeholders of a recording)
        self.order: list[Node] = []
        self.leaves: list[Any] = []  # concrete arrays (graph arguments) or outer Lazy values
        self.params: list = []
        self.param_refs: list[ParamRef] = []
        ids: dict[int, Any] = {}
        stop = stop or {}
        key: list = []

        def simple(x):
            """``x``'s key when it needs no walk below it (else None: a recorded op)."""
            if not isinstance(x, Lazy):
                if isinstance(x, (jax.Array, np.ndarray)):
                    k = ids.get(id(x))
                    if k is None:
                        k = ("leaf", len(self.leaves), _akey(x))
                        ids[id(x)] = k
                        self.leaves.append(x)
                    return k
                return ("const", _const_key(x))
            k = ids.get(id(x))
            if k is not None:
                return k
            if id(x) in stop:
                k = ("arg", stop[id(x)])
            elif x.node is None or (x.serial < boundary and not isinstance(x.node.fn,
                                                                            ParamRef)):
                k = ("leaf", len(self.leaves), x.akey)
                self.leaves.append(x)
            elif isinstance(x.node.fn, ParamRef):
                k = ("param", len(self.params), x.akey)
                self.params.append(x.node.fn.param)
                self.param_refs.append(x.node.fn)
            else:
                return None
            ids[id(x)] = k
            return k

        def ref(root):
            # A post-order walk of the inputs with an explicit stack: a recorded chain may be
            # far deeper than Python's recursion limit (a loop of thousands of ops).
            k = simple(root)
            if k is not None:
                return k
            stack = [(root, [])]  # (a Lazy whose op is not keyed yet, its input keys so far)
            while stack:
                x, ins = stack[-1]
                node = x.node
                nk = ids.get(id(node))
                if nk is None and len(ins) < len(node.inputs):
                    i = node.inputs[len(ins)]
                    k = simple(i)
                    if k is None:
                        stack.append((i, []))
                    else:
                        ins.append(k)
                    continue
                stack.pop()
                if nk is None:
                    nk = ("node", len(self.order))
                    ids[id(node)] = nk
                    self.order.append(node)
                    key.append((node.fn, node.static, tuple(ins), node.skey))
                k = (nk, x.index)
                ids[id(x)] = k
                if not stack:
                    return k
                stack[-1][1].append(k)
            raise AssertionError("unreachable")

        self.out_refs = tuple(ref(o) for o in outputs)
        self.key = (tuple(key), self.out_refs)
        self._ids = ids

    def replay_fn(self, param_values: Callable | None = None) -> Callable:
        """``f(args, leaves) -> outputs`` evaluating the graph on arrays."""
        key = self.key[0]
        params, out_refs = self.params, self.out_refs

        def run(args, leaves):
            vals: dict = {}

            def get(k):
                kind = k[0]
                if kind == "arg":
                    return args[k[1]]
                if kind == "leaf":
                    return leaves[k[1]]
                if kind == "param":
                    return params[k[1]]._data
                if kind == "const":
                    return _unconst(k[1])
                return vals[k[0][1]][k[1]] if isinstance(k[0], tuple) else vals[k[1]]

            for i, (fn, static, ins, _) in enumerate(key):
                out = fn(*[get(r) for r in ins], **dict(static))
                vals[i] = jax.tree_util.tree_leaves(out)
            return [get(r) for r in out_refs]

        return run


def _unconst(k):
    if isinstance(k, tuple) and len(k) == 2 and k[0] == "h":
        return k[1]
    if isinstance(k, tuple) and len(k) == 2 and isinstance(k[0], type):
        t, v = k
        if t in (tuple, list):
            return t(_unconst(i) for i in v)
        return v if not issubclass(t, np.generic) else t(v)
    return k


_PROGRAMS: dict = {}


def materialize(x: Lazy):
    """The concrete value of ``x``: run (and cache) a compiled program for its graph."""
    if x.value is not None:
        return x.value
    graph = Graph([x])
    prog = _PROGRAMS.get(graph.key)
    if prog is None:
        from .compile import counted
        run = graph.replay_fn()
        prog = jax.jit(counted(lambda leaves, pvals, _run=run, _g=graph: _with_params(
            _g.params, pvals, lambda: _run((), leaves))[0][0]))
        _PROGRAMS[graph.key] = prog
        while len(_PROGRAMS) > _MAX_CACHE:
            _PROGRAMS.pop(next(iter(_PROGRAMS)))
    token = _REC.set(None)
    try:
        leaves = [materialize(v) if isinstance(v, Lazy) else v for v in graph.leaves]
        pvals = [concrete(r.snapshot) for r in graph.param_refs]
        x.value = prog(leaves, pvals)
    finally:
        _REC.reset(token)
    return x.value


def _with_params(params, values, thunk):
    with scope.bind(params, values):
        return thunk(), None


class Opaque:
    """A recorded call of ``f(*arrays)`` that the recorder does not look into (a ``vmap``,
    a Cell with its own ``bprop``); ``key`` says when two calls are the same program."""

    def __init__(self, key, f: Callable) -> None:
        self.key, self.f = key, f
        self._hash = hash(key)

    def __eq__(self, other) -> bool:
        return isinstance(other, Opaque) and self.key == other.key

    def __hash__(self) -> int:
        return self._hash

    def __call__(self, *arrays):
        return self.f(*arrays)


def concrete(x):
    """``x`` as an array JAX accepts (a Lazy value is computed)."""
    return materialize(x) if isinstance(x, Lazy) else x
