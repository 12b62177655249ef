"""``Cell.to_float``: a Cell that runs in float16/bfloat16 (or float32), as MindSpore 2.10.

MindSpore's two modes cast in different places, and the results differ (recorded in
``tests/conformance/cases/amp_specs.py``):

* GRAPH_MODE casts at the Cell's boundary: its floating-point inputs, the Parameters it
  reads and its Tensor attributes take the Cell's type; the ops inside then promote as
  usual (a float32 Tensor made inside ``construct`` stays float32, and ``fp16 + fp32`` is
  float32).
* PYNATIVE_MODE casts at every op run while the Cell is active: each floating-point input of
  each op takes the Cell's type (``fp16 + ops.ones(..., float32)`` is float16). ``ops.cast``
  is not cast first.

``amp.auto_mixed_precision(net, 'O1')`` (and ``custom_mixed_precision(white_list=...)``)
attach a ``Policy`` to the network: MindSpore rewrites the network's Python so that each
call of a listed Primitive (``ops.MatMul()(a, b)``, an attribute or inline; not the
functional ``ops.matmul``) and every op inside a listed Cell type (``nn.Dense``,
``nn.Conv2d``...) takes float16 inputs and gives float32 outputs, in both modes.

In both modes a Parameter an op writes (``ops.assign``, BatchNorm's scale, bias and moving
statistics: MindSpore's ``RW_WRITE`` inputs) is used as it is, and Parameters keep their
dtype. A Cell without a type of its own runs in its caller's.

Example:
    >>> import mscompat as ms
    >>> net = ms.nn.Dense(2, 1, weight_init='ones').to_float(ms.float16)
    >>> print(net(ms.Tensor([[1.0, 2.0]])).dtype)
    Float16
"""
from __future__ import annotations

import contextvars
from collections.abc import Callable
from dataclasses import dataclass

import jax.numpy as jnp
import numpy as np

from . import context, scope

# (dtype, graph rules) of the innermost Cell with a type, while it runs.
_ACTIVE: contextvars.ContextVar[tuple[np.dtype, bool] | None] = contextvars.ContextVar(
    "mscompat_mixed_precision", default=None)

FLAGS = {"fp16": np.dtype(jnp.float16), "fp32": np.dtype(np.float32),
         "bf16": np.dtype(jnp.bfloat16)}


@dataclass(frozen=True)
class Policy:
    """O1's lists: Cell types whose every op runs in ``dtype``, Primitive names likewise."""

    dtype: np.dtype
    cells: tuple = ()
    prims: frozenset = frozenset()


# The Policy of the network being run (O1), while it runs.
_POLICY: contextvars.ContextVar[Policy | None] = contextvars.ContextVar(
    "mscompat_amp_policy", default=None)


def flag_type(flags: dict) -> np.dtype | None:
    """The type ``add_flags(fp16=..., fp32=..., bf16=...)`` sets (MindSpore's order: a later
    true flag wins); None when no flag is true."""
    chosen = None
    for name, dtype in FLAGS.items():
        if flags.get(name):
            chosen = dtype
    return chosen


def _is_float(x) -> bool:
    dt = getattr(x, "dtype", None)
    return dt is not None and jnp.issubdtype(dt, jnp.floating)


def keep(*indices: int) -> Callable:
    """Mark an op implementation whose inputs at ``indices`` are not cast (Parameters the op
    writes); ``keep()`` with no index: no input is cast (``ops.cast``)."""
    def mark(impl):
        impl._amp_keep = frozenset(indices) if indices else None
        return impl
    return mark


def read_cast(value):
    """A Parameter's value as read inside a GRAPH_MODE Cell with a type."""
    active = _ACTIVE.get()
    if active is None or not active[1] or not _is_float(value) or value.dtype == active[0]:
        return value
    return _astype(value, active[0])


def _astype(value, dtype):
    from .ops_build import call
    return call(_cast_impl, (value,), {"dtype": dtype})._data


@keep()
def _cast_impl(x, *, dtype):
    return x.astype(dtype)


def op_inputs(impl: Callable, args, kwargs: dict):
    """PYNATIVE_MODE: the floating-point array inputs of an op cast to the active type."""
    active = _ACTIVE.get()
    if active is None or active[1]:
        return args, kwargs
    kept = getattr(impl, "_amp_keep", frozenset())
    if kept is None:
        return args, kwargs
    dtype = active[0]

    def fix(i, a):
        if i in kept or not _is_float(a) or a.dtype == dtype:
            return a
        return _astype(a, dtype)

    args = [fix(i, a) for i, a in enumerate(args)]
    if kwargs:
        kwargs = {k: fix(None, v) for k, v in kwargs.items()}
    return args, kwargs


def _cast_tree(x, dtype):
    from .tensor import Tensor
    if isinstance(x, Tensor):
        return Tensor._wrap(_astype(x._data, dtype)) if _is_float(x._data) and \
            x._data.dtype != dtype else x
    if isinstance(x, (tuple, list)):
        return type(x)(_cast_tree(v, dtype) for v in x)
    return x


def _returned_params(out, parameter_cls):
    from .tensor import Tensor
    if isinstance(out, parameter_cls):
        return Tensor._wrap(out._data)
    if isinstance(out, tuple):
        return tuple(_returned_params(v, parameter_cls) for v in out)
    return out


def run(cell, dtype: np.dtype, args: tuple, kwargs: dict, fn: Callable):
    """Run ``fn(*args, **kwargs)`` (the Cell's body) with the Cell's type active."""
    from .parameter import Parameter
    from .tensor import Tensor
    graph = context.graph_mode()
    swapped = {}
    if graph:
        args = tuple(_cast_tree(a, dtype) for a in args)
        kwargs = {k: _cast_tree(v, dtype) for k, v in kwargs.items()}
        d = cell.__dict__
        for name, value in list(d.items()):
            if type(value) is Tensor or (isinstance(value, Tensor) and
                                         not isinstance(value, Parameter)):
                new = _cast_tree(value, dtype)
                if new is not value:
                    swapped[name] = value
                    d[name] = new
    token = _ACTIVE.set((dtype, graph))
    try:
        out = fn(*args, **kwargs)
        # GRAPH_MODE: a Parameter returned as it is leaves the Cell in the Cell's type too.
        return _returned_params(out, Parameter) if graph else out
    finally:
        _ACTIVE.reset(token)
        cell.__dict__.update(swapped)


def changed() -> None:
    """A Cell's type changed: compiled programs traced under the old one are stale."""
    scope.HOOKS["version"] += 1


def active_cell(cell) -> bool:
    """Does calling ``cell`` need this module (a type of its own, a Policy around it)?"""
    d = cell.__dict__
    return "_mp_type" in d or "_amp_policy" in d or _POLICY.get() is not None


def run_cell(cell, args: tuple, kwargs: dict, fn: Callable):
    """``Cell._run`` for a Cell with a type, a Policy, or inside a Policy's network."""
    d = cell.__dict__
    dtype = d.get("_mp_type")
    if dtype is not None:  # a type set by the user: no Policy inside (MindSpore's rewrite
        token = _POLICY.set(None)  # leaves such Cells as they are)
        try:
            return run(cell, dtype, args, kwargs, fn)
        finally:
            _POLICY.reset(token)
    policy = d.get("_amp_policy") or _POLICY.get()
    listed = type(cell) in policy.cells or getattr(cell, "_amp_primitive", None) in policy.prims
    token = _POLICY.set(None if listed else policy)
    try:
        if listed:
            return _forced(policy.dtype, fn, args, kwargs)
        return fn(*args, **kwargs)
    finally:
        _POLICY.reset(token)


def _forced(dtype, fn, args, kwargs):
    """Every op inside takes ``dtype`` inputs; floating-point outputs come back float32."""
    token = _ACTIVE.set((dtype, False))
    try:
        out = fn(*args, **kwargs)
    finally:
        _ACTIVE.reset(token)
    return _cast_tree(out, FLAGS["fp32"])


def primitive_listed(name: str) -> np.dtype | None:
    """The Policy's type when the running network lists Primitive ``name``."""
    policy = _POLICY.get()
    return policy.dtype if policy is not None and name in policy.prims else None


def run_primitive(dtype, fn: Callable, *args):
    return _forced(dtype, fn, args, {})
