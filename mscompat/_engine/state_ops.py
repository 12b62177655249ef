"""Ops that write a Parameter: ``ops.assign``, ``ops.assign_add``, ``ops.assign_sub`` (and
their primitives ``Assign``/``AssignAdd``/``AssignSub``), plus ``ops.depend``.

A write goes through ``scope`` like every Parameter write (``scope.py``): inside a call it is
recorded and applied only when the call succeeds, in every mode and under every transform.
The op returns the new value, as MindSpore's does.

Example:
    >>> import mscompat as ms
    >>> w = ms.Parameter(ms.Tensor([1.0, 2.0]), name='w')
    >>> print(ms.ops.assign_add(w, ms.Tensor([1.0, 1.0])), w.asnumpy())
    [2. 3.] [2. 3.]
"""
from __future__ import annotations

import jax.numpy as jnp

from . import jaxconfig, mixed_precision
from .op_rows_array import _tensor_scatter
from .ops_build import FUNCTIONALS, PRIMITIVES, Primitive, call
from .parameter import Parameter
from .tensor import Tensor, unwrap


def _check(name: str, variable, value) -> None:
    if not isinstance(variable, Parameter):
        raise TypeError(f"For '{name}', the 'variable' must be a Parameter, but got "
                        f"{type(variable).__name__}.")
    if not isinstance(value, (Tensor, int, float, bool)):
        raise TypeError(f"For '{name}', the 'value' must be a Tensor or a number, but got "
                        f"{type(value).__name__}.")


def _write(name: str, variable, value, combine) -> Tensor:
    _check(name, variable, value)
    new = call(combine, (variable._value, unwrap(value)))
    if tuple(new.shape) != tuple(variable.shape):
        raise ValueError(f"For '{name}', the shape of 'value' {list(new.shape)} must be the "
                         f"same as the shape of 'variable' {list(variable.shape)}.")
    variable._data = new._data
    return Tensor._wrap(new._data)


@mixed_precision.keep(0)
def _set(old, value):
    return jnp.broadcast_to(jnp.asarray(value, old.dtype), old.shape)


@mixed_precision.keep(0)
def _add(old, value):
    return (old + jnp.asarray(value, old.dtype)).astype(old.dtype)


@mixed_precision.keep(0)
def _sub(old, value):
    return (old - jnp.asarray(value, old.dtype)).astype(old.dtype)


@jaxconfig.entry
def assign(variable: Parameter, value) -> Tensor:
    """``ops.assign(variable, value)``: ``variable`` takes ``value``."""
    return _write("Assign", variable, value, _set)


@jaxconfig.entry
def assign_add(variable: Parameter, value) -> Tensor:
    """``ops.assign_add(variable, value)``: ``variable += value``."""
    return _write("AssignAdd", variable, value, _add)


@jaxconfig.entry
def assign_sub(variable: Parameter, value) -> Tensor:
    """``ops.assign_sub(variable, value)``: ``variable -= value``."""
    return _write("AssignSub", variable, value, _sub)


def depend(value, expr):
    """``ops.depend(value, expr)``: ``value``; ``expr`` has run already (Python order)."""
    return value


_scatter_set = mixed_precision.keep(0)(_tensor_scatter("set"))


@jaxconfig.entry
def scatter_nd_update(input_x: Parameter, indices, updates) -> Tensor:
    """``ops.ScatterNdUpdate()(input_x, indices, updates)``: the Parameter takes
    ``updates`` at ``indices`` (as ``tensor_scatter_update``); returns the new value."""
    if not isinstance(input_x, Parameter):
        raise TypeError(f"For 'ScatterNdUpdate', the 'input_x' must be a Parameter, but got "
                        f"{type(input_x).__name__}.")
    new = call(_scatter_set, (input_x._value, unwrap(indices), unwrap(updates)))
    input_x._data = new._data
    return Tensor._wrap(new._data)


class ScatterNdUpdate(Primitive):
    """MindSpore's ``ops.ScatterNdUpdate(use_locking=True)``."""

    def __init__(self, use_locking: bool = True) -> None:
        super().__init__()
        if not isinstance(use_locking, bool):
            raise TypeError(f"For 'ScatterNdUpdate', the 'use_locking' must be a bool, but got "
                            f"{type(use_locking).__name__}.")
        self.use_locking = use_locking
        self.attrs["use_locking"] = use_locking

    def __call__(self, input_x, indices, updates):
        return scatter_nd_update(input_x, indices, updates)


PRIMITIVES["ScatterNdUpdate"] = ScatterNdUpdate


def _primitive(name: str, fn):
    def __call__(self, *inputs):
        return fn(*inputs)
    return type(name, (Primitive,), {"__call__": __call__,
                                     "__doc__": f"MindSpore's ``ops.{name}``."})


for _name, _fn in (("Assign", assign), ("AssignAdd", assign_add), ("AssignSub", assign_sub),
                   ("Depend", depend)):
    PRIMITIVES[_name] = _primitive(_name, _fn)
for _fn in (assign, assign_add, assign_sub, depend):
    FUNCTIONALS[_fn.__name__] = _fn
