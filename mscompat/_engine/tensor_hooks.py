"""``Tensor.register_hook(hook)``: ``hook(grad)`` sees the gradient flowing into the Tensor
and may return a replacement (settled against MindSpore 2.10,
``tests/conformance/cases/hooks.py``).

* Registered inside a differentiated function, the hook applies to the gradient through
  the Tensor's *later* uses: its value is rebound to an identity whose backward runs the
  hooks (as MindSpore's documentation example computes). A PYNATIVE recording is abandoned
  (the hook's Python must run on every backward pass); a GRAPH_MODE trace compiles the
  hook into the program, as MindSpore's GRAPH_MODE does.
* Registered on a Tensor that is then passed to ``grad``/``GradOperation``... as an input,
  the hook applies to that input's gradient (``differentiate.pullback``), and the call runs
  eagerly in both modes (a compiled program would see traced stand-ins, not the hooked
  Tensor), with MindSpore's results in both (recorded).
* The returned handle's ``remove()`` takes the hook out.

Example:
    >>> import mscompat as ms
    >>> x = ms.Tensor([1.0, 2.0])
    >>> handle = x.register_hook(lambda grad: grad * 10)
    >>> print(ms.grad(lambda v: (v * v).sum())(x))
    [20. 40.]
"""
from __future__ import annotations

import itertools
import weakref
from collections.abc import Callable

import jax
import jax.numpy as jnp

from . import lazy
from .tensor import Tensor

_HOOKS: dict[int, tuple[weakref.ref, dict]] = {}
_ids = itertools.count()


class RemovableHandle:
    """What ``register_hook`` returns: ``remove()`` takes the hook out."""

    def __init__(self, hooks: dict, key: int, parameter: bool = False) -> None:
        self._hooks, self._key, self._parameter = hooks, key, parameter

    def remove(self) -> None:
        if self._hooks.pop(self._key, None) is not None and self._parameter:
            _parameter_hooks_changed()


def _parameter_hooks_changed() -> None:
    """A Parameter's hooks are part of every compiled gradient reading it: programs traced
    before the change are stale."""
    from . import scope
    scope.HOOKS["version"] += 1


def any_registered() -> bool:
    """Whether any Tensor has hooks (the grad transforms skip their input walk when not)."""
    return bool(_HOOKS)


def hooks_of(tensor) -> dict | None:
    """The hooks registered on ``tensor`` (None when there are none)."""
    entry = _HOOKS.get(id(tensor))
    if entry is None or entry[0]() is not tensor:
        return None
    return entry[1] or None


def apply(data, hooks: dict):
    """``data`` through ``ops.InsertGradientOf``'s identity, its gradient passed through
    ``hooks`` (read at backward time, so a removed hook no longer runs)."""
    from .hooks import InsertGradientOf

    def through_hooks(grad: Tensor) -> Tensor:
        for hook in list(hooks.values()):
            new = hook(grad)
            if new is not None:
                grad = new if isinstance(new, Tensor) else Tensor._wrap(
                    jnp.asarray(new, grad._data.dtype))
        return grad
    return InsertGradientOf(through_hooks)._impl(data)


def register_hook(self, hook: Callable) -> RemovableHandle:
    """``Tensor.register_hook(hook)``: see the module docstring."""
    if not callable(hook):
        raise TypeError(f"Expected a callable hook function, but got {type(hook).__name__}.")
    entry = _HOOKS.get(id(self))
    if entry is None or entry[0]() is not self:
        key = id(self)
        entry = (weakref.ref(self, lambda _, k=key: _HOOKS.pop(k, None)), {})
        _HOOKS[key] = entry
    hooks = entry[1]
    handle_key = next(_ids)
    hooks[handle_key] = hook
    from .parameter import Parameter
    if isinstance(self, Parameter):  # (its weight gradient passes the hook: pullback)
        _parameter_hooks_changed()
        return RemovableHandle(hooks, handle_key, parameter=True)
    if isinstance(self._data, (jax.core.Tracer, lazy.Lazy)):
        lazy.abandon_if_recording()
        self._data = apply(self._data, _Live(hooks, handle_key))
    return RemovableHandle(hooks, handle_key)


class _Live(dict):
    """The one hook ``key`` of ``hooks`` while it is registered (``remove()`` drops it)."""

    def __init__(self, hooks: dict, key: int) -> None:
        super().__init__()
        self._hooks, self._key = hooks, key

    def values(self):
        hook = self._hooks.get(self._key)
        return [] if hook is None else [hook]


Tensor.register_hook = register_hook
