"""``GradOperation``, ``grad``, ``value_and_grad`` and ``get_grad``.

Every rule for what a gradient function returns lives in ``_shape`` (one place):

* ``GradOperation()``: the first input's gradient (bare); ``get_all``: a tuple of every
  Tensor input's gradient; ``get_by_list``: a tuple of the weights' gradients (bare for a
  single Parameter); both: ``((input grads), (weight grads))``.
* ``grad``/``value_and_grad``: the position part is bare when it selects one Tensor (an int
  or a 1-tuple), a tuple otherwise; Python-number inputs are not differentiable and are
  dropped; the weights part is bare for a single Parameter; with both, ``(positions,
  weights)``. ``has_aux`` adds ``(grads, aux)``; ``value_and_grad`` returns ``(value, grads)``.
* ``return_ids`` pairs each gradient with its position or its Parameter's name.

Example:
    >>> import mscompat as ms
    >>> print(ms.grad(lambda x: x * x)(ms.Tensor([3.0])))
    [6.]
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp

from . import context, jaxconfig, lazy, output_tree, recording, scope, tensor_hooks
from .compile import call_transform, compiling
from .differentiate import AuxError, fix_cotangent, ones_cotangent, pullback
from .parameter import Parameter, ParameterTuple
from .tensor import Tensor


class _Spec(NamedTuple):
    style: str  # "op": GradOperation rules; "fn": grad/value_and_grad rules
    positions: Any  # "first" | "all" | int | tuple[int, ...] | None
    weights: tuple | None
    weights_single: bool
    by_list: bool  # GradOperation(get_by_list=True)
    has_aux: bool = False
    return_ids: bool = False
    sens_param: bool = False
    with_value: bool = False
    sens_fill: float = 1.0  # the default sensitivity's value (TrainOneStepCell's ``sens``)


_graph = lazy.graph_rules


def _check_bool(owner: str, name: str, value) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"For '{owner}', the '{name}' should be bool, but got "
                        f"{type(value).__name__}")


def _check_fn(fn) -> None:
    if not callable(fn):
        if context.graph_mode():
            raise RuntimeError(f"For 'GradOperation', the first argument must be a "
                               f"'Function' or 'Cell', but got {fn}.")
        raise TypeError(f"The fn should be callable, but got {type(fn).__name__}")


def _check_positions(grad_position) -> Any:
    if grad_position is None:
        return None
    if isinstance(grad_position, bool) or not isinstance(grad_position, (int, tuple)):
        raise TypeError("For 'F.grad', the 'grad_position' must be int or tuple.")
    if isinstance(grad_position, int):
        if grad_position < 0:
            raise ValueError("grad_position must be >= 0.")
        return grad_position
    if not grad_position:
        raise RuntimeError("grad_position should not be empty when grad by position!")
    for p in grad_position:
        if isinstance(p, bool) or not isinstance(p, int):
            raise TypeError("For 'F.grad', the 'grad_position' must be int or tuple.")
        if p < 0:
            raise ValueError("The element in grad_position must be >= 0.")
    if len(set(grad_position)) != len(grad_position):
        raise ValueError("There are duplicate positions in `grad_position`, please check it")
    return grad_position


def _check_weights(weights) -> tuple[tuple | None, bool]:
    """-> (tuple of Parameters/Tensors or None, whether a single Parameter was given)."""
    if weights is None:
        return None, False
    if isinstance(weights, Parameter):
        return (weights,), True
    if isinstance(weights, (list, tuple, ParameterTuple)):
        for w in weights:
            if not isinstance(w, Tensor):
                raise TypeError(f"The weights you provided is expected to be a tensor, or a "
                                f"list or tuple. but got {w}")
        return tuple(weights), False
    if isinstance(weights, Tensor):
        return (weights,), True
    if context.graph_mode():
        raise ValueError(f"For 'GradOperation', the 'weights' must be a Parameter, a list "
                         f"or tuple of Parameters, or a ParameterTuple, but got {weights}.")
    raise TypeError(f"The weights you provided is expected to be a tensor, or a list or "
                    f"tuple. but got {weights}")


class GradFn:
    """The gradient function a transform returns; compiled at top level in GRAPH_MODE."""

    def __init__(self, fn: Callable, spec: _Spec) -> None:
        self.fn = fn
        self.spec = spec

    @jaxconfig.entry
    def __call__(self, *args, **kwargs):
        _check_fn(self.fn)
        if compiling() and not _hooked_inputs(args, kwargs):
            params = list(self.spec.weights or ())
            if hasattr(self.fn, "_all_params"):
                seen = {id(p) for p in params}
                params += [p for p in self.fn._all_params() if id(p) not in seen]
            params = [p for p in params if isinstance(p, Parameter)]
            key = (self.spec, self.fn)
            return call_transform(key, self._run, args, kwargs, params,
                                  lambda a, k: self(*a, **k))
        if lazy.ENABLED["on"] and not scope.tracing() and _recordable(args, kwargs):
            fn_args, fn_kwargs = args, dict(kwargs)
            if self.spec.sens_param:
                if "sens" in fn_kwargs:
                    fn_kwargs.pop("sens")
                elif fn_args:
                    fn_args = fn_args[:-1]
            spec = self.spec
            weights = [w for w in spec.weights or () if isinstance(w, Parameter)]
            return recording.run_transform(lambda f: GradFn(f, spec)._run, spec, self.fn, fn_args,
                                      fn_kwargs, args, kwargs, weights)
        return self._run(*args, **kwargs)

    def _run(self, *args, **kwargs):
        spec, graph = self.spec, _graph()
        sens = None
        if spec.sens_param:
            if "sens" in kwargs and graph and spec.style == "fn":
                raise TypeError("The gradient function got an unexpected keyword argument "
                                "'sens' (in GRAPH_MODE, pass the sensitivity positionally).")
            if "sens" in kwargs:
                sens = kwargs.pop("sens")
            elif args:
                sens, args = args[-1], args[:-1]
            else:
                raise TypeError("The gradient function with 'sens_param=True' needs the "
                                "sensitivity as its last argument (or 'sens=').")
        if graph and kwargs:
            raise TypeError(f"The gradient function does not support keyword arguments "
                            f"{sorted(kwargs)} in GRAPH_MODE.")
        if graph and spec.has_aux and spec.sens_param:
            raise TypeError("Type Join Failed: 'sens_param' with 'has_aux' is not supported "
                            "in GRAPH_MODE.")
        positions, bad = self._positions(args)
        weights = self._weights(args, kwargs, graph)
        live = [w for w in weights if isinstance(w, Parameter)]
        try:
            pb = pullback(self.fn, args, kwargs, positions, live, spec.has_aux,
                          alias=not graph)
        except AuxError as e:
            raise (RuntimeError if graph else ValueError)(str(e)) from None
        if bad is not None:
            # Checked after the forward pass, as MindSpore does (a missing argument is
            # reported by the call itself).
            raise (IndexError if graph else RuntimeError)(
                f"Position index {bad} is exceed input size.")
        ct = (ones_cotangent(pb.diff_out, spec.sens_fill) if sens is None
              else _sens(sens, pb.diff_out, graph, scalar_rule=True))
        gx, gw_live = pb(ct)
        gw = self._weight_grads(weights, live, gw_live, graph)
        grads = _shape(spec, args, positions, gx, weights, gw)
        if spec.with_value:
            return output_tree.wrap_arrays(pb.out), grads
        if spec.has_aux:
            return grads, output_tree.wrap_arrays(pb.out[1:])
        return grads

    def _positions(self, args) -> tuple[list[int], int | None]:
        """-> (differentiable positions, the first out-of-range position or None)."""
        p = self.spec.positions
        if p is None:
            return [], None
        if p == "first":
            return ([0] if args and isinstance(args[0], Tensor) else []), None
        if p == "all":
            return [i for i, a in enumerate(args) if isinstance(a, Tensor)], None
        chosen = (p,) if isinstance(p, int) else p
        bad = next((i for i in chosen if i >= len(args)), None)
        return [i for i in chosen if i < len(args) and isinstance(args[i], Tensor)
                and _differentiable(args[i])], bad

    def _weights(self, args, kwargs, graph: bool) -> tuple:
        spec = self.spec
        if spec.weights is not None:
            if graph and any(not isinstance(w, Parameter) for w in spec.weights):
                raise RuntimeError("For 'GradOperation', the weights must be Parameters in "
                                   "GRAPH_MODE.")
            return spec.weights
        if not spec.by_list or graph:
            return ()
        # PYNATIVE GradOperation(get_by_list=True) without weights: the trainable
        # Parameters that the forward pass reads.
        with scope.bind() as s:
            s.reads = {}
            self.fn(*args, **kwargs)
        return tuple(p for p in s.reads.values() if p.requires_grad)

    @staticmethod
    def _weight_grads(weights, live, gw_live, graph: bool) -> list:
        out, it = [], iter(gw_live)
        for w in weights:
            if isinstance(w, Parameter):
                g = next(it)
                if not graph and not w.requires_grad:
                    g = jnp.zeros_like(g)
            else:
                g = jnp.zeros_like(w._data)
            out.append(g)
        return out


def _hooked_inputs(args, kwargs) -> bool:
    """An input carries ``register_hook`` hooks: the call runs eagerly (GRAPH_MODE's
    compiled program would see traced stand-ins, not the hooked Tensor)."""
    if not tensor_hooks.any_registered():
        return False
    return any(isinstance(leaf, Tensor) and tensor_hooks.hooks_of(leaf) is not None
               for leaf in jax.tree_util.tree_leaves((args, kwargs),
                                                     is_leaf=lambda a: isinstance(a, Tensor)))


def _recordable(args, kwargs) -> bool:
    """PYNATIVE calls are recorded unless they run inside an eager JAX transform or an input
    carries ``register_hook`` hooks (their Python runs on every backward pass)."""
    if _hooked_inputs(args, kwargs):
        return False
    for leaf in jax.tree_util.tree_leaves((args, kwargs)):
        if isinstance(leaf, jax.core.Tracer):
            return False
    return True


def _differentiable(t: Tensor) -> bool:
    if t._data.dtype == jnp.bool_:
        raise TypeError("For 'grad', the input of Bool type is not differentiable.")
    return True


def _sens(sens, out, graph: bool, scalar_rule: bool = False):
    """Validate the user's sensitivity against the output and make it a cotangent.

    ``scalar_rule`` (GradOperation/grad's ``sens_param``): a sens larger than a 0-d output
    is reduced to it, as MindSpore does (GRAPH_MODE: its first element; PYNATIVE: its sum).
    """
    out_leaves, out_tree = jax.tree_util.tree_flatten(out)
    if isinstance(sens, (list, tuple)) and len(sens) == 1 and len(out_leaves) == 1 and \
            not isinstance(out, (tuple, list)):
        sens = sens[0]
    sens_leaves = jax.tree_util.tree_leaves(sens)
    if len(sens_leaves) != len(out_leaves) or (isinstance(out, (tuple, list)) and
                                               not isinstance(sens, (tuple, list))):
        if graph:
            raise TypeError("Type Join Failed: the sens does not match the outputs of the "
                            "network.")
        raise RuntimeError("For grad interface or custom function, the given sens "
                           "gradient's size should be same as out of network!")
    cts = []
    for s, o in zip(sens_leaves, out_leaves):
        s = s._data if isinstance(s, Tensor) else s
        if not hasattr(s, "dtype") or isinstance(s, (int, float)):
            if graph:
                raise TypeError(f"Type Join Failed: dtype1 = {type(s).__name__}, "
                                f"dtype2 = {_dt(o)}.")
            raise RuntimeError("For grad interface or custom function, grad tensor should "
                               "be broadcast to expected shape.")
        if s.dtype != o.dtype:
            if scalar_rule and not graph and o.ndim == 0:
                s = s.astype(o.dtype)  # PYNATIVE casts a scalar output's sens
            else:
                raise TypeError(f"The dtype should be {_dt(o)}, but got {_dt(s)}.")
        if tuple(s.shape) != tuple(o.shape):
            if scalar_rule and o.ndim == 0 and s.ndim > 0:
                # A scalar output with a larger sens (the r1.6 guide's ``out[0][0]``):
                # GRAPH_MODE scales by the sens's first element, PYNATIVE by its sum.
                s = jnp.reshape(s, (-1,))[0] if graph else jnp.sum(s)
            elif s.ndim == 0 and graph:
                s = jnp.broadcast_to(s, o.shape)
            elif s.ndim == 0:
                raise RuntimeError(f"For grad interface or custom function, grad tensor "
                                   f"should be broadcast to expected shape, but got "
                                   f"{list(s.shape)} vs {list(o.shape)}")
            else:
                raise ValueError(f"The shape should be {list(o.shape)}, but got "
                                 f"{list(s.shape)}.")
        cts.append(s)
    return fix_cotangent(jax.tree_util.tree_unflatten(out_tree, cts), out)


def _dt(x) -> str:
    from .dtypes import from_np
    return str(from_np(x.dtype))


def _shape(spec: _Spec, args, positions: list[int], gx: list, weights: tuple, gw: list):
    """MindSpore's return structure for gradients (see the module docstring)."""
    xs = [(i, Tensor._wrap(g)) for i, g in zip(positions, gx)]
    ws = [(w.name if isinstance(w, Parameter) else None, Tensor._wrap(g))
          for w, g in zip(weights, gw)]
    item = (lambda pair: pair) if spec.return_ids else (lambda pair: pair[1])
    has_w = spec.weights is not None or spec.by_list
    w_part = item(ws[0]) if spec.weights_single and ws else tuple(item(p) for p in ws)
    if spec.style == "op":
        if spec.positions == "first":
            x_part = item(xs[0]) if xs else ()
        else:
            x_part = tuple(item(p) for p in xs)
        if spec.positions is None:
            return w_part
        return (x_part, w_part) if has_w else x_part
    x_part = item(xs[0]) if len(xs) == 1 else tuple(item(p) for p in xs)
    if spec.positions is None:
        return w_part
    return (x_part, w_part) if has_w else x_part


class GradOperation:
    """``ops.GradOperation(get_all=False, get_by_list=False, sens_param=False)``."""

    def __init__(self, get_all: bool = False, get_by_list: bool = False,
                 sens_param: bool = False) -> None:
        _check_bool("GradOperation", "get_all", get_all)
        _check_bool("GradOperation", "get_by_list", get_by_list)
        _check_bool("GradOperation", "sens_param", sens_param)
        self.get_all = get_all
        self.get_by_list = get_by_list
        self.sens_param = sens_param
        self._fns: dict = {}

    def __call__(self, fn: Callable, weights=None) -> GradFn:
        _check_fn(fn)
        key = (fn, id(weights) if weights is not None else None)
        cached = self._fns.get(key)
        if cached is not None and cached[0] is weights:
            return cached[1]
        ws, single = _check_weights(weights) if self.get_by_list else (None, False)
        positions = "all" if self.get_all else ("first" if not self.get_by_list else None)
        spec = _Spec("op", positions, ws, single, self.get_by_list,
                     sens_param=self.sens_param)
        grad_fn = GradFn(fn, spec)
        self._fns[key] = (weights, grad_fn)
        return grad_fn


def _fn_spec(grad_position, weights, has_aux, return_ids, sens_param, with_value) -> _Spec:
    _check_bool("_Grad", "has_aux", has_aux)
    _check_bool("_Grad", "return_ids", return_ids)
    _check_bool("_Grad", "sens_param", sens_param)
    if grad_position is None and weights is None:
        raise ValueError("`grad_position` and `weight` can not be None at the same time.")
    positions = _check_positions(grad_position)
    ws, single = _check_weights(weights)
    return _Spec("fn", positions, ws, single, False, has_aux, return_ids, sens_param,
                 with_value)


def grad(fn: Callable, grad_position=0, weights=None, has_aux: bool = False,
         return_ids: bool = False, sens_param: bool = False) -> GradFn:
    """``mindspore.grad``: the gradient function of ``fn`` (see the module docstring)."""
    spec = _fn_spec(grad_position, weights, has_aux, return_ids, sens_param, False)
    return GradFn(fn, spec)  # a non-callable ``fn`` fails when called, as in MindSpore


def value_and_grad(fn: Callable, grad_position=0, weights=None, has_aux: bool = False,
                   return_ids: bool = False, sens_param: bool = False) -> GradFn:
    """``mindspore.value_and_grad``: a function returning ``(fn's output, gradients)``."""
    spec = _fn_spec(grad_position, weights, has_aux, return_ids, sens_param, True)
    return GradFn(fn, spec)


def get_grad(gradients, identifier):
    """``mindspore.get_grad``: pick one gradient from a ``return_ids=True`` result."""
    if isinstance(identifier, bool) or not isinstance(identifier, (int, Parameter)):
        raise TypeError(f"For `get_grad`, the `x` should be an integer or a Parameter, but "
                        f"got {identifier}")
    key = identifier.name if isinstance(identifier, Parameter) else identifier
    found = _find(gradients, key)
    if found is None:
        raise RuntimeError(f"Can not find the gradient for position or Parameter "
                           f"{key}")
    return found


def _find(tree, key):
    if isinstance(tree, tuple):
        if len(tree) == 2 and isinstance(tree[1], Tensor) and not isinstance(tree[0], Tensor):
            return tree[1] if (tree[0] == key and type(tree[0]) is type(key)) else None
        for item in tree:
            found = _find(item, key)
            if found is not None:
                return found
        return None
    if isinstance(tree, Tensor):
        raise ValueError("The tensor should have only one element, but got more: "
                         "the gradients were not computed with return_ids=True.")
    return None
