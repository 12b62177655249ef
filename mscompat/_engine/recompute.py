"""``Cell.recompute()``: in a compiled (GRAPH_MODE) step the Cell's forward runs under
``jax.checkpoint``, so its activations are recomputed in the backward pass instead of
kept; values and gradients are unchanged. The Cell is a pure function of its Parameters'
values and its Tensor inputs (bound through ``scope`` as everywhere), and its Parameter
writes are handed back to the enclosing step. Eager calls (PYNATIVE_MODE) run as usual.

Example:
    >>> import mscompat as ms
    >>> net = ms.nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
    >>> net.recompute()
    >>> print(net(ms.Tensor([[1.0, 2.0]])))
    [[3.]]
"""
from __future__ import annotations

from collections.abc import Callable

import jax

from . import scope
from .tensor import Tensor


def _all_tensors(tree) -> bool:
    leaves = jax.tree_util.tree_leaves(tree, is_leaf=lambda x: isinstance(x, Tensor))
    return all(isinstance(x, Tensor) for x in leaves)


def run(cell, args: tuple, kwargs: dict, fn: Callable):
    """``fn(*args, **kwargs)`` (the Cell's forward), under ``jax.checkpoint`` when traced."""
    if not scope.tracing() or kwargs or not _all_tensors(args):
        return fn(*args, **kwargs)
    params = cell._all_params()
    pvals = [p._value for p in params]
    xs = [a._data for a in args]
    written: list = []
    structure: list = []

    def pure(pvals, xs):
        with scope.bind(params, pvals, jit=True) as s:
            out = fn(*(Tensor._wrap(x) for x in xs))
        if not _all_tensors(out):
            raise _NotPure
        leaves, treedef = jax.tree_util.tree_flatten(
            out, is_leaf=lambda x: isinstance(x, Tensor))
        structure[:] = [treedef]
        wparams, wvals = s.written()
        written[:] = wparams
        return [t._data for t in leaves], list(wvals)

    try:
        outs, wvals = jax.checkpoint(pure)(pvals, xs)
    except _NotPure:
        return fn(*args, **kwargs)
    for p, v in zip(written, wvals):
        scope.write(p, v)
    return jax.tree_util.tree_unflatten(structure[0], [Tensor._wrap(o) for o in outs])


class _NotPure(Exception):
    """The forward returned something other than Tensors: run it as it is."""
