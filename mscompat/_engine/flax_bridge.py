"""A Cell as a ``flax.nnx.Module`` that a Flax user trains with ``nnx.Optimizer``.

The module keeps the Cell's Parameters as ``nnx.Param`` (trainable) and ``nnx.BatchStat``
(``requires_grad=False``: moving statistics) in ``module.params``, nested by MindSpore's
names, and its ``__call__`` is ``to_jax``'s ``apply`` (the one functionalize): BatchNorm's
statistics written in training mode go back into the BatchStat variables, as Flax's own
BatchNorm does. ``module.train()`` / ``module.eval()`` switch the Cell's training mode;
``to_cell`` puts the trained values back into the Cell.

Example:
    >>> import jax.numpy as jnp, optax
    >>> from flax import nnx
    >>> import mscompat as ms
    >>> from mscompat.jax import to_nnx
    >>> model = to_nnx(ms.nn.Dense(3, 1))
    >>> opt = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    >>> loss, grads = nnx.value_and_grad(lambda m: (m(jnp.ones((2, 3))) ** 2).mean())(model)
    >>> _ = opt.update(model, grads)
    >>> model.to_cell().weight.shape
    (1, 3)
"""
from __future__ import annotations

from typing import Any

import jax
from flax import nnx

from .jax_bridge import CellFunction, flatten, load_params, nest, param_tree


class CellModule(nnx.Module):
    """The Cell wrapped for Flax NNX; built by ``to_nnx``."""

    def __init__(self, cell, rngs: nnx.Rngs | None = None) -> None:
        self._apply = nnx.static(CellFunction(cell))
        self._cell = nnx.static(cell)
        trainable = {n: p.requires_grad for n, p in cell.parameters_and_names()}
        values = flatten(param_tree(cell))
        self.params = nnx.data(nest({
            n: (nnx.Param(v) if trainable[n] else nnx.BatchStat(v)) for n, v in values.items()
        }))
        self.deterministic = not cell.training
        self.rngs = rngs

    def _values(self) -> dict:
        return jax.tree_util.tree_map(lambda v: v[...], self.params,
                                      is_leaf=lambda v: isinstance(v, nnx.Variable))

    def __call__(self, *arrays, **kwargs) -> Any:
        train = not self.deterministic
        rng = self.rngs.dropout() if (train and self.rngs is not None) else None
        out, new = self._apply(self._values(), *arrays, mutable=True, train=train, rng=rng,
                               **kwargs)
        new_flat, variables = flatten(new), flatten(self.params)
        for name, var in variables.items():
            value = new_flat[name]
            if value is not var[...]:
                if isinstance(var, nnx.Param):
                    raise ValueError(f"{type(self._cell).__name__} writes its trainable "
                                     f"Parameter '{name}' in construct; Flax cannot "
                                     "differentiate through that write.")
                var[...] = value
        return out

    def to_cell(self):
        """Load the module's current values into the Cell and return the Cell."""
        load_params(self._cell, self._values())
        return self._cell


def to_nnx(cell, rngs: nnx.Rngs | None = None) -> CellModule:
    """``cell`` as a ``flax.nnx.Module`` (see the module docstring); ``rngs`` with a
    ``dropout`` stream feeds Dropout in training mode."""
    return CellModule(cell, rngs)
