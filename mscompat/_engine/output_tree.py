"""Outputs carried through JAX's tree functions as MindSpore returns them.

JAX's tree functions rebuild a ``dict`` with its keys sorted; MindSpore returns a dict output
(of a ``construct``, of a ``has_aux`` function) with the keys in the order the code wrote
them. ``keep_order`` turns dicts into ``KeyedDict`` nodes, which flatten in insertion order
(``raw``: that, with Tensors as their arrays), and ``plain`` turns them back once the output
leaves the transform. ``wrap_arrays`` makes
Tensors of the array leaves only: a Python number in an auxiliary output stays a number, as
in MindSpore.

Example:
    >>> import jax
    >>> leaves, tree = jax.tree_util.tree_flatten(keep_order({"b": 1, "a": 2}))
    >>> print(leaves, plain(jax.tree_util.tree_unflatten(tree, leaves)))
    [1, 2] {'b': 1, 'a': 2}
"""
from __future__ import annotations

from typing import Any

import jax
import numpy as np

from .tensor import Tensor, to_raw


class KeyedDict(dict):
    """A dict whose tree node keeps its keys' insertion order."""


jax.tree_util.register_pytree_node(
    KeyedDict, lambda d: (tuple(d.values()), tuple(d.keys())),
    lambda keys, values: KeyedDict(zip(keys, values)))


def _rebuilt(x, items):
    if isinstance(x, tuple) and hasattr(x, "_fields"):  # a namedtuple
        return type(x)(*items)
    return type(x)(items)


def keep_order(tree) -> Any:
    """``tree`` with every plain dict (in tuples, lists, dicts) as a ``KeyedDict``."""
    if type(tree) is dict:
        return KeyedDict((k, keep_order(v)) for k, v in tree.items())
    if isinstance(tree, (tuple, list)) and not isinstance(tree, Tensor):
        return _rebuilt(tree, [keep_order(v) for v in tree])
    return tree


def plain(tree) -> Any:
    """``tree`` with every ``KeyedDict`` a dict again."""
    if isinstance(tree, KeyedDict):
        return {k: plain(v) for k, v in tree.items()}
    if isinstance(tree, (tuple, list)) and not isinstance(tree, Tensor):
        return _rebuilt(tree, [plain(v) for v in tree])
    return tree


def raw(tree) -> Any:
    """``tree`` with its Tensors as their arrays and its dicts in the order they were
    written (what a transform carries)."""
    return to_raw(keep_order(tree))


def has_dict(tree) -> bool:
    """Whether ``tree`` holds a ``KeyedDict`` (an output ``plain`` must restore)."""
    if isinstance(tree, KeyedDict):
        return True
    if isinstance(tree, (tuple, list)) and not isinstance(tree, Tensor):
        return any(has_dict(v) for v in tree)
    return False


def _is_array(x) -> bool:
    return isinstance(x, (jax.Array, jax.core.Tracer, np.ndarray))


class Stripped:
    """An output tree's array leaves, for a transform whose outputs must be arrays, and
    ``rebuild`` to put its other leaves (Python numbers, None, strings) and its dicts' key
    order back around the transform's results."""

    def __init__(self, tree) -> None:
        leaves, self._tree = jax.tree_util.tree_flatten(raw(tree))
        self._static = {i: v for i, v in enumerate(leaves) if not _is_array(v)}
        self.arrays = [v for v in leaves if _is_array(v)]

    def rebuild(self, arrays) -> Any:
        it = iter(arrays)
        leaves = [self._static[i] if i in self._static else next(it)
                  for i in range(self._tree.num_leaves)]
        return jax.tree_util.tree_unflatten(self._tree, leaves)


def wrap_arrays(tree) -> Any:
    """The array leaves of ``tree`` as Tensors, every other leaf as it is; dicts plain."""
    return plain(jax.tree_util.tree_map(
        lambda x: Tensor._wrap(x) if _is_array(x) else x, tree,
        is_leaf=lambda x: isinstance(x, Tensor)))
