"""Cells as pure JAX functions and back: the bridge to JAX, optax and Flax.

``to_jax(cell)`` returns ``(apply, params)``: ``params`` is the Cell's Parameters as a nested
dict keyed by MindSpore's parameter names (``{"fc1": {"weight": Array}}``), and
``apply(params, *arrays)`` runs ``construct`` with every Parameter bound to the value in
``params`` through the one functionalize (``scope.bind``) that GRAPH_MODE and the transforms
use. ``apply`` is a pure function of arrays: ``jax.jit``, ``jax.grad``, ``jax.vmap`` and
optax take it as they take any JAX function. A Cell that writes Parameters (BatchNorm's
moving statistics in training) returns them with ``mutable=True``; ``load_params`` puts a
pytree (from ``apply``, optax, or Flax with a name map) back into the Cell.

Example:
    >>> import jax, jax.numpy as jnp
    >>> import mscompat as ms
    >>> from mscompat.jax import to_jax
    >>> net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    >>> apply, params = to_jax(net)
    >>> sorted(params)
    ['bias', 'weight']
    >>> g = jax.grad(lambda p, x: apply(p, x).sum())(params, jnp.ones((3, 2)))
    >>> g["weight"].tolist()
    [[3.0, 3.0]]
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from . import jaxconfig, ms_dropout, random_ops, scope
from .ops_build import call
from .parameter import Parameter
from .tensor import Tensor, to_raw, wrap_tree

PyTree = Any


def _split_name(name: str) -> list[str]:
    return name.split(".")


def nest(flat: Mapping[str, Any]) -> dict:
    """``{"fc1.weight": v}`` -> ``{"fc1": {"weight": v}}``."""
    tree: dict = {}
    for name, value in flat.items():
        node = tree
        *path, last = _split_name(name)
        for part in path:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ValueError(f"Parameter names '{name}' and '{part}' collide in a tree.")
        if last in node:
            raise ValueError(f"Parameter name '{name}' appears twice.")
        node[last] = value
    return tree


def flatten(tree: Mapping, prefix: str = "") -> dict[str, Any]:
    """``{"fc1": {"weight": v}}`` -> ``{"fc1.weight": v}`` (Mappings of any kind)."""
    flat: dict[str, Any] = {}
    for key, value in tree.items():
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, Mapping):
            flat.update(flatten(value, name))
        else:
            flat[name] = value
    return flat


def _named_params(cell) -> dict[str, Parameter]:
    return dict(cell.parameters_and_names())


def param_tree(cell) -> dict:
    """The Cell's Parameter values as a nested dict keyed by MindSpore's names.

    The arrays are copies, not the Parameters' own buffers: a training step that donates
    them (``jax.jit(..., donate_argnums=...)``) cannot delete the Cell's values.
    """
    with jaxconfig.scoped():
        return nest({n: jnp.array(p._stored, copy=True) for n, p in _named_params(cell).items()})


def _leaf_array(x):
    if isinstance(x, Tensor):
        return x._data
    if isinstance(x, (jax.Array, jax.core.Tracer)):
        return x
    return jnp.asarray(x)


def _rng_data(rng):
    if rng is None:
        return None
    rng = jnp.asarray(rng) if not isinstance(rng, jax.Array) else rng
    if jax.dtypes.issubdtype(rng.dtype, jax.dtypes.prng_key):
        rng = jax.random.key_data(rng)
    return rng


class CellFunction:
    """``apply(params, *arrays, mutable=False, train=None, rng=None)``; see ``to_jax``."""

    def __init__(self, cell) -> None:
        self.cell = cell
        self.names = list(_named_params(cell))
        self.__name__ = f"{type(cell).__name__}.apply"
        functools.update_wrapper(self, self.__call__, updated=())

    def __call__(self, params: PyTree, *args, mutable: bool = False, train: bool | None = None,
                 rng=None, **kwargs):
        token = ms_dropout.OPS_STREAM_ONLY.set(True)  # Dropout draws from ``rng`` here
        try:
            with jaxconfig.scoped():
                return self._apply(params, args, kwargs, mutable, train, rng)
        finally:
            ms_dropout.OPS_STREAM_ONLY.reset(token)

    def _apply(self, params, args, kwargs, mutable, train, rng):
        cell = self.cell
        flat = flatten(params) if isinstance(params, Mapping) else None
        if flat is None:
            raise TypeError(f"For 'apply', 'params' must be a nested dict of arrays keyed by "
                            f"parameter names, but got {type(params).__name__}.")
        named = _named_params(cell)
        missing = [n for n in named if n not in flat]
        if missing:
            raise ValueError(f"For 'apply', 'params' has no value for {missing[:5]}.")
        objs = list(named.values())
        values = [_leaf_array(flat[n]) for n in named]
        rng = _rng_data(rng)
        if rng is not None:
            objs.append(random_ops._STREAM)
            values.append(rng)
        previous = cell.training
        if train is not None:
            cell.set_train(train)
        try:
            with scope.bind(objs, values, jit=True) as s:
                out = cell(*(Tensor._wrap(_leaf_array(a)) if not isinstance(a, Tensor) else a
                             for a in args), **kwargs)
        except scope.UnboundParameter as e:
            if e.param is random_ops._STREAM:
                raise ValueError(
                    f"For 'apply', {type(cell).__name__} draws random numbers (Dropout or a "
                    "random op in training mode): pass rng=jax.random.key(...) or train=False."
                ) from None
            raise ValueError(f"For 'apply', the Cell reads Parameter '{e.param.name}', which is "
                             "not one of its own Parameters.") from None
        finally:
            if train is not None:
                cell.set_train(previous)
        out = to_raw(out)
        written, new_values = s.written()
        by_id = {id(p): n for n, p in named.items()}
        updates = {by_id[id(p)]: v for p, v in zip(written, new_values) if id(p) in by_id}
        if not mutable:
            if updates:
                raise ValueError(
                    f"For 'apply', {type(cell).__name__} writes Parameters "
                    f"{sorted(updates)[:5]} (for example BatchNorm's moving statistics in "
                    "training): call apply(..., mutable=True), which returns "
                    "(outputs, new_params).")
            return out
        new_flat = {n: updates.get(n, values[i]) for i, n in enumerate(named)}
        return out, nest(new_flat)


def to_jax(cell) -> tuple[CellFunction, dict]:
    """``(apply, params)``: the Cell as a pure JAX function and its Parameter pytree.

    ``apply(params, *arrays, mutable=False, train=None, rng=None)`` returns the Cell's
    outputs as arrays (the Cell's tuple structure kept). ``mutable=True`` returns
    ``(outputs, new_params)`` with the Parameter writes applied; ``train`` overrides
    ``set_train`` for the call; ``rng`` (a JAX key) feeds Dropout and the random ops.

    Example:
        >>> import jax.numpy as jnp, mscompat as ms
        >>> apply, params = to_jax(ms.nn.Dense(3, 2))
        >>> apply(params, jnp.ones((4, 3))).shape
        (4, 2)
    """
    return CellFunction(cell), param_tree(cell)


def load_params(cell, params: PyTree, name_map: Mapping[str, str] | Callable | None = None,
                strict: bool = True) -> list[str]:
    """Put a parameter pytree back into ``cell``; returns the names it did not set.

    ``params`` is a nested dict (``to_jax``'s tree, optax's updated one, a Flax linen
    ``params`` dict) or a ``flax.nnx.State``. ``name_map`` maps a mscompat name
    (``"fc1.weight"``) to the tree's dotted path, as a dict or a function. Shapes must match;
    values are cast to the Parameter's dtype. Either every Parameter is set or none is.

    Example:
        >>> import mscompat as ms
        >>> net = ms.nn.Dense(2, 1)
        >>> _, params = to_jax(net)
        >>> load_params(net, {**params, "bias": params["bias"] + 1})
        []
    """
    if hasattr(params, "to_pure_dict"):  # flax.nnx.State
        params = params.to_pure_dict()
    if not isinstance(params, Mapping):
        raise TypeError(f"For 'load_params', 'params' must be a nested dict or a "
                        f"flax.nnx.State, but got {type(params).__name__}.")
    flat = flatten(params)
    if name_map is None:
        def source(n):
            return n
    elif callable(name_map):
        source = name_map
    else:
        def source(n):
            return name_map.get(n, n)
    named = _named_params(cell)
    staged, unset = [], []
    with jaxconfig.scoped():
        for name, param in named.items():
            key = source(name)
            if key not in flat:
                unset.append(name)
                continue
            value = _leaf_array(flat[key])
            if tuple(value.shape) != tuple(param.shape):
                raise ValueError(f"For 'load_params', Parameter '{name}' has shape "
                                 f"{tuple(param.shape)} but the value for '{key}' has "
                                 f"{tuple(value.shape)}.")
            staged.append((param, jnp.asarray(value, param._stored.dtype)))
        if strict and unset:
            raise ValueError(f"For 'load_params', no value for Parameters {unset[:5]} "
                             "(pass strict=False to keep their values).")
        for param, value in staged:
            param._stored = value
    return unset


def jax_function(fn: Callable) -> Callable:
    """A JAX function made callable on Tensors, inside ``construct`` too.

    Tensors go in as arrays and arrays come out as Tensors; in PYNATIVE_MODE the call is one
    recorded op, in GRAPH_MODE it is traced with the rest, and gradients are JAX's.

    Example:
        >>> import jax.numpy as jnp, mscompat as ms
        >>> softplus = jax_function(lambda x: jnp.logaddexp(x, 0.0))
        >>> print(ms.grad(lambda x: softplus(x).sum())(ms.Tensor([0.0])))
        [0.5]
    """
    @functools.wraps(fn)
    def on_tensors(*args, **kwargs):
        arrays = [a._data if isinstance(a, Tensor) else a for a in args]
        return wrap_tree(call(fn, arrays, kwargs))
    return on_tensors


def from_jax(array) -> Tensor:
    """A ``jax.Array`` (or anything with ``__dlpack__``/``__array__``) as a Tensor, without
    a copy when the array is already a JAX array."""
    if isinstance(array, Tensor):
        return array
    if isinstance(array, (jax.Array, jax.core.Tracer)):
        return Tensor._wrap(array)
    if hasattr(array, "__dlpack__") and not isinstance(array, np.ndarray):
        return Tensor._wrap(jax.dlpack.from_dlpack(array))
    return Tensor(np.asarray(array))
