"""Hooks: ``Cell.register_forward_pre_hook``/``register_forward_hook``/
``register_backward_hook``, ``ops.HookBackward`` and ``ops.InsertGradientOf``.

Rules (settled against MindSpore 2.10, ``tests/conformance/cases/hooks.py``):

* a forward pre-hook ``hook(cell, inputs)`` gets the inputs as a tuple and may return new
  inputs (a tuple, or one Tensor); a forward hook ``hook(cell, inputs, output)`` may return
  a new output. Both run on every call, under transforms too.
* a backward hook ``hook(cell, grad_input, grad_output)`` gets tuples of the gradients
  w.r.t. the Cell's Tensor inputs and its output; a returned tuple replaces the input
  gradients. The Cell's Parameter gradients are not changed by it.
* ``HookBackward(hook)(*xs)`` is the identity; in backward, ``hook(grads)`` gets the tuple of
  gradients of its outputs and may return a Tensor or tuple to replace them (PYNATIVE_MODE;
  GRAPH_MODE ignores it, as MindSpore does).
* ``InsertGradientOf(f)(x)`` is the identity whose gradient is ``f(dout)`` (both modes).

Python hooks have side effects that must happen on every backward pass, so a call that
meets a backward hook or a ``HookBackward`` runs eagerly: the PYNATIVE recorder abandons the
recording, and a GRAPH_MODE trace takes a graph break (``compile.py``).

Example:
    >>> import mscompat as ms
    >>> double = ms.ops.InsertGradientOf(lambda dout: dout * 2)
    >>> print(ms.grad(lambda x: (double(x) * 3).sum())(ms.Tensor([1.0])))
    [6.]
"""
from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable
from typing import NamedTuple

import jax

from . import context, lazy, scope
from .custom_bprop import rebuilder
from .differentiate import to_arrays
from .ops_build import PRIMITIVES, Primitive, call
from .tensor import Tensor, to_raw, wrap_tree

_version = itertools.count(1)


class HookHandle:
    """What ``register_*_hook`` returns; ``remove()`` unregisters the hook."""

    def __init__(self, registry: dict, key: int) -> None:
        self._registry, self.handle_id = registry, key

    def remove(self) -> None:
        if self._registry.pop(self.handle_id, None) is not None:
            scope.HOOKS["version"] = next(_version)


class _Hook(NamedTuple):
    fn: Callable
    with_kwargs: bool = False  # the hook also gets (and a pre-hook returns) the kwargs
    always_call: bool = False  # a forward hook that runs when construct raises too


def register(registry: dict, hook: Callable, what: str, prepend: bool = False,
             with_kwargs: bool = False, always_call: bool = False) -> HookHandle:
    """Add ``hook`` to a Cell's ``registry`` (before the others with ``prepend``)."""
    if not callable(hook):
        raise TypeError(f"When using '{what}(hook_fn)', the type of 'hook_fn' must be python "
                        f"function, but got {type(hook)}.")
    key = next(_version)
    registry[key] = _Hook(hook, with_kwargs, always_call)
    if prepend:
        registry.move_to_end(key, last=False)
    scope.HOOKS["version"] = key  # compiled programs traced before the change are stale
    return HookHandle(registry, key)


def run_forward(cell, args: tuple, kwargs: dict, construct: Callable):
    """Call ``construct`` with the Cell's forward pre-hooks and forward hooks around it, as
    MindSpore's ``Cell._run_construct`` does: a hook registered ``always_call`` also runs
    (with the output so far, None) when construct or an earlier hook raises; an error of
    its own is then a warning."""
    called: set = set()
    out = None
    try:
        for hook in list(cell._forward_pre_hooks.values()):
            if hook.with_kwargs:
                new = hook.fn(cell, args, kwargs)
                if new is not None:
                    if not (isinstance(new, tuple) and len(new) == 2):
                        raise RuntimeError("forward pre hook with kwargs must return None or a "
                                           "tuple of (new_args, new_kwargs), but got "
                                           f"{new}")
                    args, kwargs = new
            else:
                new = hook.fn(cell, args)
                if new is not None:
                    args = new if isinstance(new, tuple) else (new,)
        out = construct(*args, **kwargs)
        for key, hook in list(cell._forward_hooks.items()):
            if hook.always_call:
                called.add(key)
            new = hook.fn(cell, args, kwargs, out) if hook.with_kwargs else \
                hook.fn(cell, args, out)
            if new is not None:
                out = new
        return out
    except Exception:
        for key, hook in list(cell._forward_hooks.items()):
            if hook.always_call and key not in called:
                try:
                    new = hook.fn(cell, args, kwargs, out) if hook.with_kwargs else \
                        hook.fn(cell, args, out)
                    if new is not None:
                        out = new
                except Exception as e:  # noqa: BLE001 - MindSpore silences it, warning
                    warnings.warn("cell forward hook with ``always_call=True`` raised an "
                                  "exception that was silenced because another error was "
                                  f"already raised in forward: {e}", stacklevel=2)
        raise


def _eager_only() -> None:
    """A Python hook in backward must run on every call: no recording, no compiled trace."""
    lazy.abandon_if_recording()
    if scope.tracing():
        raise scope.GraphBreak


def run_with_backward_hooks(cell, args: tuple, kwargs: dict, forward: Callable):
    """``forward(*args)`` whose input gradients pass through the Cell's backward hooks."""
    _eager_only()
    positions = [i for i, a in enumerate(args) if isinstance(a, Tensor)]
    params = cell._all_params()
    rebuild = rebuilder(args, positions)

    def pure(xs, pvals):
        with scope.bind(params, pvals):
            return to_arrays(to_raw(forward(*rebuild(xs), **kwargs)))

    @jax.custom_vjp
    def f(xs, pvals):
        return pure(xs, pvals)

    def fwd(xs, pvals):
        out, vjp_fn = jax.vjp(pure, xs, pvals)
        return out, vjp_fn

    def bwd(vjp_fn, dout):
        gx, gp = vjp_fn(dout)
        grad_output = tuple(wrap_tree(d) for d in jax.tree_util.tree_leaves(dout))
        for hook in list(cell._backward_hooks.values()):
            new = hook.fn(cell, tuple(Tensor._wrap(g) for g in gx), grad_output)
            if new is not None:
                new = new if isinstance(new, (tuple, list)) else (new,)
                gx = [n._data if isinstance(n, Tensor) else n for n in new]
        return list(gx), gp

    f.defvjp(fwd, bwd)
    return wrap_tree(f([args[i]._data for i in positions], [p._data for p in params]))


class HookBackward(Primitive):
    """``ops.HookBackward(hook_fn, cell_id="")``: identity; ``hook_fn(grads)`` in backward."""

    def __init__(self, hook_fn: Callable, cell_id: str = "") -> None:
        super().__init__()
        if not callable(hook_fn):
            raise TypeError(f"For 'HookBackward', the type of 'hook_fn' must be python "
                            f"function, but got {type(hook_fn)}.")
        self.hook_fn, self.cell_id = hook_fn, cell_id
        scope.BACKWARD_HOOKED.add(self)

    def __call__(self, *inputs):
        if context.graph_mode():  # MindSpore's GRAPH_MODE ignores HookBackward
            return inputs[0] if len(inputs) == 1 else tuple(inputs)
        _eager_only()
        hook = self.hook_fn

        @jax.custom_vjp
        def ident(xs):
            return xs

        def bwd(_, grads):
            new = hook(tuple(Tensor._wrap(g) for g in grads))
            if new is None:
                return (grads,)
            new = new if isinstance(new, (tuple, list)) else (new,)
            for n in new:
                if not isinstance(n, Tensor):
                    raise TypeError(f"The output type of function: "
                                    f"{getattr(hook, '__name__', hook)} should be a tensor "
                                    f"but got {type(n).__name__}.")
            return ([n._data for n in new],)

        ident.defvjp(lambda xs: (xs, None), bwd)
        out = ident([x._data for x in inputs])
        return Tensor._wrap(out[0]) if len(inputs) == 1 else tuple(map(Tensor._wrap, out))


class InsertGradientOf(Primitive):
    """``ops.InsertGradientOf(f)``: identity whose gradient is ``f(dout)``."""

    def __init__(self, f: Callable) -> None:
        super().__init__()
        self.f = fn = f

        @jax.custom_vjp
        def ident(x):
            return x

        def bwd(_, dout):
            new = fn(Tensor._wrap(dout))
            return (new._data if isinstance(new, Tensor) else new,)

        ident.defvjp(lambda x: (x, None), bwd)
        self._impl = ident

    def __call__(self, x):
        return call(self._impl, (x._data if isinstance(x, Tensor) else x,))


PRIMITIVES["HookBackward"] = HookBackward
PRIMITIVES["InsertGradientOf"] = InsertGradientOf
