"""Cells with a user ``bprop(self, *inputs, out, dout)``: ``jax.custom_vjp`` around construct.

The Cell's Parameters are passed into the custom-vjp function explicitly (never closed
over), and get zero gradients, as in MindSpore. ``bprop`` must return one gradient per
Tensor input; in PYNATIVE_MODE a bare Tensor is accepted for a single input.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from . import lazy, scope
from .differentiate import to_arrays
from .tensor import Tensor, to_raw, wrap_tree


def rebuilder(args: tuple, positions: list):
    """``rebuild(arrays)``: ``args`` with the Tensors at ``positions`` made from ``arrays``.

    Only the non-Tensor arguments are closed over: a custom-vjp rule may outlive the call
    (JAX caches traces), and the Tensors may hold a transform's tracers."""
    static_args = [None if i in positions else a for i, a in enumerate(args)]

    def rebuild(xs):
        full = list(static_args)
        for i, x in zip(positions, xs):
            full[i] = Tensor._wrap(x)
        return full
    return rebuild


def call_with_bprop(cell, args: tuple, kwargs: dict):
    positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    arrays = [args[i]._data for i in positions]
    if lazy.should_record(arrays):
        # While a PYNATIVE transform records, the whole custom-vjp call is one node.
        static = tuple((i, a) for i, a in enumerate(args) if i not in positions)
        key = ("bprop", id(cell), tuple(positions), static, tuple(sorted(kwargs)))

        def run(*xs):
            full = list(args)
            for i, x in zip(positions, xs):
                full[i] = Tensor._wrap(x)
            return to_raw(call_with_bprop(cell, tuple(full), kwargs))
        return wrap_tree(lazy.apply(lazy.Opaque(key, run), tuple(arrays), {}))
    params = cell._all_params()
    graph = lazy.graph_rules()

    rebuild = rebuilder(args, positions)

    def forward(xs, pvals):
        with scope.bind(params, pvals):
            return to_arrays(cell.construct(*rebuild(xs), **kwargs))

    @jax.custom_vjp
    def f(xs, pvals):
        return forward(xs, pvals)

    def fwd(xs, pvals):
        out = forward(xs, pvals)
        return out, (xs, pvals, out)

    def bwd(res, dout):
        xs, pvals, out = res
        with scope.bind(params, pvals):
            grads = cell.bprop(*rebuild(xs), wrap_tree(out), wrap_tree(dout))
        if isinstance(grads, Tensor):
            if graph:
                raise TypeError("For bprop function, output should be a tuple, but got "
                                "Tensor.")
            grads = (grads,)
        if not isinstance(grads, (tuple, list)) or len(grads) != len(positions):
            raise RuntimeError(f"For bprop function, the number of gradients "
                               f"({len(grads) if isinstance(grads, (tuple, list)) else 1}) "
                               f"must equal the number of inputs ({len(positions)}).")
        gx = [jnp.broadcast_to(jnp.asarray(g._data if isinstance(g, Tensor) else g,
                                           x.dtype), x.shape) for g, x in zip(grads, xs)]
        return gx, [jnp.zeros_like(p) for p in pvals]

    f.defvjp(fwd, bwd)
    out = f([args[i]._data for i in positions], [p._data for p in params])
    return wrap_tree(out)
