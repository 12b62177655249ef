"""``mscompat.jax``: the bridge between mscompat Cells and JAX, optax and Flax.

``to_jax(cell)`` gives a pure function ``apply(params, *arrays)`` and the Parameter pytree
(``{"fc1": {"weight": ...}}``); ``load_params`` puts a pytree back; ``to_nnx`` wraps a
Cell as a ``flax.nnx.Module``; ``jax_function`` calls a JAX function from ``construct``;
``from_jax`` makes a Tensor of a JAX array without copying.

Example:
    >>> import jax, jax.numpy as jnp
    >>> import mscompat as ms
    >>> from mscompat.jax import to_jax
    >>> apply, params = to_jax(ms.nn.Dense(4, 2))
    >>> jax.jit(apply)(params, jnp.ones((8, 4))).shape
    (8, 2)
"""
from __future__ import annotations

from typing import Any

from .._engine.jax_bridge import CellFunction as CellFunction
from .._engine.jax_bridge import flatten as flatten
from .._engine.jax_bridge import from_jax as from_jax
from .._engine.jax_bridge import jax_function as jax_function
from .._engine.jax_bridge import load_params as load_params
from .._engine.jax_bridge import nest as nest
from .._engine.jax_bridge import param_tree as param_tree
from .._engine.jax_bridge import to_jax as to_jax
from .._engine.optional import require as _require

__all__ = ["CellFunction", "flatten", "from_jax", "jax_function", "load_params", "nest",
           "param_tree",
           "to_jax", "to_nnx", "CellModule"]


def __getattr__(name: str) -> Any:
    # Flax is imported only when the NNX export is asked for.
    if name in ("to_nnx", "CellModule"):
        _require("flax", extra="flax", feature=f"mscompat.jax.{name}")
        from .._engine import flax_bridge
        return getattr(flax_bridge, name)
    raise AttributeError(f"module 'mscompat.jax' has no attribute '{name}'")
