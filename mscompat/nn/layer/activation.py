"""Activation Cells (``nn.ReLU``, ``nn.Tanh``, ...), generated from one table."""
from __future__ import annotations

from functools import partial

import jax
import jax.numpy as jnp

from ..._engine.cell import Cell
from ..._engine.ops_build import call

_TABLE = {
    "ReLU": ("relu", jax.nn.relu),
    "Tanh": ("tanh", jnp.tanh),
    "Sigmoid": ("sigmoid", jax.nn.sigmoid),
    "GELU": ("gelu", partial(jax.nn.gelu, approximate=False)),
    "SiLU": ("silu", jax.nn.silu),
    "Softplus": ("softplus", jax.nn.softplus),
    "ReLU6": ("relu6", jax.nn.relu6),
    "ELU": ("elu", jax.nn.elu),
}


def _make(name: str, fn):
    def construct(self, x):
        return call(fn, (x._data,))
    doc = f"``nn.{name}()``: element-wise activation."
    return type(name, (Cell,), {"construct": construct, "__doc__": doc,
                                "__init__": lambda self: Cell.__init__(self)})


ACTIVATIONS = {name: _make(name, fn) for name, (_, fn) in _TABLE.items()}
_BY_KEY = {key: ACTIVATIONS[name] for name, (key, _) in _TABLE.items()}


class Softmax(Cell):
    """``nn.Softmax(axis=-1)``."""

    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        self.axis = axis

    def construct(self, x):
        return call(jax.nn.softmax, (x._data,), {"axis": self.axis})


class LogSoftmax(Softmax):
    """``nn.LogSoftmax(axis=-1)``."""

    def construct(self, x):
        return call(jax.nn.log_softmax, (x._data,), {"axis": self.axis})


def get_activation(name: str) -> Cell:
    """``nn.get_activation('relu')``."""
    cls = _BY_KEY.get(name.lower())
    if cls is None:
        raise KeyError(f"activation '{name}' is not supported.")
    return cls()


globals().update(ACTIVATIONS)
__all__ = list(ACTIVATIONS) + ["Softmax", "LogSoftmax", "get_activation"]
