"""The differentiation core shared by every reverse-mode transform.

``pullback`` runs ``fn`` under ``jax.vjp`` with the selected inputs and Parameters as primals
(Parameters bound through ``scope``), and returns the outputs, the Parameter writes and a
function from output cotangents to (input grads, weight grads). MindSpore's quirks that are
about *values* rather than return structure are handled here:

* integer inputs get integer gradients (MindSpore differentiates integer arithmetic): the
  gradient is taken through a float64 stand-in and cast back;
* in PYNATIVE_MODE, one Tensor object passed at several positions is one variable, so each
  of those positions gets the total gradient, and so is every other use of that object
  inside ``fn`` (a closure or a global: ``grad(lambda a: a * x)(x)`` is ``2 * x``, as
  MindSpore tracks Tensors by object; GRAPH_MODE takes a closure as a constant).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from . import lazy, output_tree, scope, tensor_hooks
from .tensor import Tensor, holding


def _is_int(x) -> bool:
    return jnp.issubdtype(x.dtype, jnp.integer)


def to_arrays(tree):
    """Outputs as a pytree whose leaves are arrays (Python numbers become arrays)."""
    return jax.tree_util.tree_map(
        lambda x: x if isinstance(x, (jax.Array, jax.core.Tracer)) else jnp.asarray(x), tree)


def ones_cotangent(out, fill: float = 1.0):
    """The default sensitivity for ``out``: ones (or ``fill``) in each float output's dtype,
    float0 zeros for the others."""
    def one(x):
        if jnp.issubdtype(x.dtype, jnp.inexact):
            return jnp.full_like(x, fill)
        return np.zeros(x.shape, jax.dtypes.float0)
    return jax.tree_util.tree_map(one, out)


def fix_cotangent(ct, out):
    """A cotangent for ``out`` built from user sens: float0 for integer outputs."""
    def fix(c, o):
        if not jnp.issubdtype(o.dtype, jnp.inexact):
            return np.zeros(o.shape, jax.dtypes.float0)
        return c
    return jax.tree_util.tree_map(fix, ct, out)


class Pullback:
    """Result of ``pullback``: ``out`` (full fn output), ``diff_out`` and ``__call__(ct)``."""

    def __init__(self, out, diff_out, vjp_fn, arg_dtypes, weight_dtypes, slots):
        self.out = out
        self.diff_out = diff_out
        self._vjp_fn = vjp_fn
        self._arg_dtypes = arg_dtypes
        self._weight_dtypes = weight_dtypes
        self._slots = slots

    def __call__(self, ct) -> tuple[list, list]:
        gv, gw = self._vjp_fn(ct)
        gx = [gv[k] for k in self._slots]
        gx = [g.astype(dt) if g.dtype != dt else g for g, dt in zip(gx, self._arg_dtypes)]
        gw = [g.astype(dt) if g.dtype != dt else g for g, dt in zip(gw, self._weight_dtypes)]
        return gx, gw


def pullback(fn: Callable, args: Sequence, kwargs: dict, positions: Sequence[int],
             weights: Sequence, has_aux: bool = False, alias: bool = False) -> Pullback:
    """Linearize ``fn(*args, **kwargs)`` w.r.t. ``args[positions]`` and ``weights``.

    With ``alias`` (PYNATIVE_MODE), the variables are Tensor *objects*: every use of a
    selected object, at another position or nested in a tuple argument, is the same
    variable, so each of its positions gets the total gradient.
    """
    positions = list(positions)
    if alias:
        owners: list[int] = []  # one variable per distinct object
        slots = []
        for i in positions:
            k = next((j for j, o in enumerate(owners) if args[o] is args[i]), None)
            if k is None:
                owners.append(i)
                k = len(owners) - 1
            slots.append(k)
    else:
        owners, slots = positions, list(range(len(positions)))
    lazy.check_eager(([args[i]._data for i in owners], [w._data for w in weights]))
    arg_dtypes = [args[i]._data.dtype for i in positions]
    xs = [_primal(args[i]._data) for i in owners]
    weight_dtypes = [w._data.dtype for w in weights]
    ws = [_primal(w._data) for w in weights]
    written: list = []

    def core(xs, ws):
        xs = [_leaf_hooked(args[i], x) for i, x in zip(owners, xs)]
        ws = [_leaf_hooked(w, v) for w, v in zip(weights, ws)]  # (Parameter.register_hook)
        if alias:
            traced = {id(args[i]): Tensor._wrap(x) for i, x in zip(owners, xs)}
            new_args, new_kwargs = jax.tree_util.tree_map(
                lambda a: traced.get(id(a), a), (tuple(args), kwargs),
                is_leaf=lambda a: isinstance(a, Tensor))
        else:
            new_args, new_kwargs = list(args), kwargs
            for i, x in zip(owners, xs):
                new_args[i] = Tensor._wrap(x)
        # PYNATIVE: the selected Tensor objects *are* the variables, also where ``fn``
        # reaches them another way (a closure, a global)
        held = [(args[i], x) for i, x in zip(owners, xs)] if alias else []
        with holding(held), scope.bind(weights, ws) as s:
            out = fn(*new_args, **new_kwargs)
        wparams, wvals = s.written()
        written[:] = wparams
        return _differentiable_and_kept(out, has_aux) + (wvals,)

    def split(xs, ws):
        diff_out, kept, wvals = core(xs, ws)
        return diff_out, (kept, wvals)

    diff_out, vjp_fn, (out, wvals) = jax.vjp(split, xs, ws, has_aux=True)
    if written:
        # An integer Parameter was bound to its float64 stand-in: its writes go back in
        # its own dtype.
        stored = {id(w): dt for w, dt in zip(weights, weight_dtypes)}
        wvals = [v.astype(stored[id(p)]) if id(p) in stored and v.dtype != stored[id(p)]
                 else v for p, v in zip(written, wvals)]
        scope.commit(list(written), list(wvals))
    if any(_is_int(args[i]._data) for i in owners):
        # The stand-in changed the output dtypes: take the value from the real inputs.
        out = _differentiable_and_kept(fn(*args, **kwargs), has_aux)[1]
    return Pullback(out, diff_out, vjp_fn, arg_dtypes, weight_dtypes, slots)


def _leaf_hooked(tensor, x):
    """An input or weight with ``register_hook`` hooks: its gradient passes through them."""
    if not tensor_hooks.any_registered():
        return x
    hooks = tensor_hooks.hooks_of(tensor)
    return x if hooks is None else tensor_hooks.apply(x, hooks)


def _primal(x):
    # Integer inputs are differentiated through a float64 stand-in (see module docstring).
    return x.astype(jnp.float64) if _is_int(x) else x


class AuxError(ValueError):
    """``has_aux=True`` on a function that does not return several outputs."""


def _differentiable_and_kept(out, has_aux: bool) -> tuple:
    """``fn``'s output -> (what is differentiated: arrays, the first output only with
    ``has_aux``; what the call returns: the auxiliary outputs as written, their dicts in
    order and their Python numbers numbers)."""
    arrays = to_arrays(out)
    if not has_aux:
        return arrays, arrays
    diff_out = split_aux(arrays)[0]
    return diff_out, (diff_out,) + tuple(output_tree.raw(tuple(out[1:])))


def split_aux(out) -> tuple[Any, tuple]:
    if not (isinstance(out, (tuple, list)) and len(out) > 1):
        raise AuxError("When has_aux is True, origin fn requires more than one outputs.")
    return out[0], tuple(out[1:])
