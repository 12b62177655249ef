"""``jvp``, ``vjp``, ``jacfwd``, ``jacrev``, ``vmap`` and the ``nn.Jvp``/``nn.Vjp`` Cells.

Return structures (checked against MindSpore 2.10):

* ``jvp(fn, inputs, v, has_aux=False)`` -> ``(out, jvp_out)``; with ``has_aux``
  ``(out0, jvp0, aux)``.
* ``vjp(fn, *inputs, weights=None, has_aux=False)`` -> ``(out, vjp_fn)`` (``(out0, vjp_fn,
  aux)`` with ``has_aux``); ``vjp_fn(v)`` always returns a tuple of input gradients, paired
  with the weights' gradients when ``weights`` is given.
* ``nn.Vjp(fn)(*inputs, v)`` -> ``(out, grads)``, grads bare for a single input.
* ``jacfwd``/``jacrev``: bare for one position, a tuple per output for multi-output fns.

Example:
    >>> import mscompat as ms
    >>> out, vjp_fn = ms.vjp(lambda x: x * x, ms.Tensor([3.0]))
    >>> print(vjp_fn(ms.Tensor([1.0])))
    (Tensor(shape=[1], dtype=Float32, value= [ 6.00000000e+00]),)
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import jax

from . import context, jaxconfig, lazy, output_tree, recording, scope
from .cell import Cell
from .differentiate import fix_cotangent, pullback, to_arrays
from .grad_ops import _check_positions, _graph, _sens
from .parameter import Parameter
from .tensor import Tensor, to_raw
from .tensor import wrap_tree as _wrap


def _bool_arg(name: str, value) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"The '{name}' must be bool type.")




def _aux_out(out, has_aux: bool):
    if not has_aux:
        return out, None
    if not (isinstance(out, tuple) and len(out) > 1):
        raise ValueError("The function should have more than one outputs when has_aux is "
                         "True.")
    aux = out[1:]
    return out[0], (aux[0] if len(aux) == 1 else aux)


def _bound(fn: Callable, written: list, has_aux: bool = False, aux: list | None = None):
    """``fn`` on arrays; Parameter writes go to ``written`` and out as an extra output. With
    ``has_aux`` the auxiliary outputs' arrays go through the transform and the rest of them
    (Python numbers, dict order) into ``aux[0]`` (``output_tree.Stripped``)."""
    def run(*xs):
        with scope.bind() as s:
            out = fn(*[Tensor._wrap(x) for x in xs])
        params, values = s.written()
        written[:] = params
        if has_aux and isinstance(out, tuple) and len(out) > 1:
            stripped = output_tree.Stripped(out[1:])
            aux[:] = [stripped]
            return (to_arrays(out[0]), stripped.arrays), values
        return to_arrays(out), values
    return run


def _as_tuple(inputs, what: str) -> tuple:
    if isinstance(inputs, Tensor):
        return (inputs,)
    if isinstance(inputs, (tuple, list)) and all(isinstance(t, Tensor) for t in inputs):
        return tuple(inputs)
    raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")


def _compiled(name: str, fn: Callable, impl: Callable, args: tuple, key_extra=()):
    from .compile import call_transform, compiling
    if compiling():
        params = fn._all_params() if isinstance(fn, Cell) else ()
        return call_transform((name, fn) + tuple(key_extra), impl, args, {}, params,
                              lambda a, k: impl(*a))
    return impl(*args)


def _forward_mode(run: Callable) -> Callable:
    """``run`` with ``scope.FORWARD_MODE`` set: the rules whose backward is a
    ``jax.custom_vjp`` take their plain JAX form, which forward mode can differentiate."""
    def forward(*args, **kwargs):
        token = scope.FORWARD_MODE.set(True)
        try:
            return run(*args, **kwargs)
        finally:
            scope.FORWARD_MODE.reset(token)
    forward.__name__, forward.__doc__ = run.__name__, run.__doc__
    return forward


@jaxconfig.entry
@_forward_mode
def jvp(fn: Callable, inputs, v, has_aux: bool = False):
    """``mindspore.jvp``: the Jacobian-vector product, ``(output, jvp)``."""
    _bool_arg("has_aux", has_aux)
    xs, vs = _as_tuple(inputs, "inputs"), _as_tuple(v, "v")
    if isinstance(inputs, (tuple, list)) and len(inputs) == 1:
        # MindSpore 2.10 rejects a 1-element tuple of inputs (a bare Tensor works).
        raise TypeError("Type Join Failed: the inputs of jvp must be a Tensor or a tuple of "
                        "more than one Tensor.")
    if len(xs) != len(vs):
        raise ValueError(f"v has invalid length: should be {len(xs)}, but got {len(vs)}")

    if (lazy.ENABLED["on"] and not context.graph_mode() and not scope.tracing()
            and not _has_tracer((xs, vs))):
        # MindSpore compiles jvp: a closure is a constant, each input position its own
        return recording.run_transform(lambda f: partial(_jvp_impl, f, has_aux), ("jvp", has_aux),
                                       fn, xs, {}, (xs, vs), {}, by_object=False)
    return _compiled("jvp", fn, partial(_jvp_impl, fn, has_aux), (xs, vs), (has_aux,))


def _has_tracer(tree) -> bool:
    return any(isinstance(x, jax.core.Tracer) for x in jax.tree_util.tree_leaves(tree))


def _jvp_impl(fn: Callable, has_aux: bool, xs: tuple, vs: tuple):
    written: list = []
    kept: list = []
    primals, tangents = tuple(x._data for x in xs), tuple(t._data for t in vs)
    bound = _bound(fn, written, has_aux, kept)
    (out, wvals), (tan, _) = jax.jvp(bound, primals, tangents)
    if written:
        # MindSpore runs a function that writes Parameters twice under forward mode: the
        # output comes from the first run, the tangent from a second one that sees the
        # first run's writes.
        scope.commit(list(written), list(wvals))
        (_, wvals), (tan, _) = jax.jvp(bound, primals, tangents)
        scope.commit(list(written), list(wvals))
    if has_aux:
        if kept:  # (the first output, the auxiliary ones rebuilt)
            out = (out[0],) + tuple(kept[0].rebuild(out[1]))
        out0, aux = _aux_out(out, True)
        return _wrap(out0), _wrap(tan[0]), output_tree.wrap_arrays(aux)
    return _wrap(out), _wrap(tan)


class _VjpFn:
    """The ``vjp_fn`` returned by ``vjp``: cotangent -> tuple of gradients."""

    def __init__(self, pull, out, n_inputs: int, weights, weights_single: bool) -> None:
        self._pull, self._out = pull, out
        self._weights, self._single = weights, weights_single

    @jaxconfig.entry
    def __call__(self, *v):
        v = v[0] if len(v) == 1 else v
        ct = _sens(v, self._out, _graph())
        gx, gw = self._pull(fix_cotangent(ct, self._out))
        grads = tuple(Tensor._wrap(g) for g in gx)
        if self._weights is None:
            return grads
        gws = tuple(Tensor._wrap(g) for g in gw)
        return grads, (gws[0] if self._single else gws)


@jaxconfig.entry
def vjp(fn: Callable, *inputs, weights=None, has_aux: bool = False):
    """``mindspore.vjp``: ``(output, vjp_fn)``; ``vjp_fn(v)`` gives the input gradients."""
    _bool_arg("has_aux", has_aux)
    if not callable(fn):
        raise TypeError(f"The fn should be callable, but got {type(fn).__name__}")
    for x in inputs:
        if not isinstance(x, Tensor):
            raise TypeError("The inputs type must be a Tensor, tuple or list of Tensors.")
    from .grad_ops import _check_weights
    ws, single = _check_weights(weights)
    params = [w for w in (ws or ()) if isinstance(w, Parameter)]
    # PYNATIVE: the input Tensor objects are the variables (closures, repeated positions)
    pb = pullback(fn, inputs, {}, range(len(inputs)), params, has_aux,
                  alias=not context.graph_mode())
    vjp_fn = _VjpFn(pb, pb.diff_out, len(inputs), ws, single)
    if has_aux:
        out0, aux = _aux_out(pb.out, True)
        return _wrap(out0), vjp_fn, output_tree.wrap_arrays(aux)
    return _wrap(pb.out), vjp_fn


def _jac(transform, fn: Callable, grad_position, has_aux: bool):
    _bool_arg("has_aux", has_aux)
    positions = _check_positions(grad_position)
    single = isinstance(positions, int) or len(positions) == 1
    chosen = (positions,) if isinstance(positions, int) else positions

    def run(*args):
        for p in chosen:
            if p >= len(args):
                raise ValueError("The element in grad_position must belong to [0, args_num).")
        xs = tuple(a._data for a in args)
        lazy.check_eager(xs)

        written: list = []
        kept: list = []

        def core(*diff):
            full = list(xs)
            for p, d in zip(chosen, diff):
                full[p] = d
            with scope.bind() as s:
                raw = output_tree.raw(fn(*[Tensor._wrap(x) for x in full]))
            params, values = s.written()
            written[:] = params
            if has_aux:
                out0, aux = _aux_out(raw, True)
                stripped = output_tree.Stripped(aux)
                kept[:] = [stripped]
                return to_arrays(out0), (stripped.arrays, values)
            return to_arrays(raw), (None, values)

        argnums = 0 if single else tuple(range(len(chosen)))
        jac_fn = transform(core, argnums=argnums, has_aux=True)
        jac, (aux, values) = jac_fn(*(xs[p] for p in chosen))
        if written:
            scope.commit(list(written), list(values))
            if transform is jax.jacfwd:  # forward mode runs twice in MindSpore (see jvp)
                jac, (aux, values) = jac_fn(*(xs[p] for p in chosen))
                scope.commit(list(written), list(values))
        jac = _wrap(jac)
        return (jac, output_tree.wrap_arrays(kept[0].rebuild(aux))) if has_aux else jac

    return jaxconfig.entry(run)


@jaxconfig.entry
def jacfwd(fn: Callable, grad_position=0, has_aux: bool = False) -> Callable:
    """``mindspore.jacfwd``: the Jacobian by forward mode."""
    return _forward_mode(_jac(jax.jacfwd, fn, grad_position, has_aux))


@jaxconfig.entry
def jacrev(fn: Callable, grad_position=0, has_aux: bool = False) -> Callable:
    """``mindspore.jacrev``: the Jacobian by reverse mode."""
    return _jac(jax.jacrev, fn, grad_position, has_aux)


@jaxconfig.entry
def vmap(fn: Callable, in_axes=0, out_axes=0) -> Callable:
    """``mindspore.vmap``: vectorise ``fn`` over a batch axis (``jax.vmap``)."""
    def run(*args):
        arrays = to_raw(args)
        # A vmap inside a PYNATIVE recording runs eagerly (it may write Parameters, which a
        # recorded node could not carry out).
        lazy.check_eager(arrays)
        written: list = []

        def core(*xs):
            with scope.bind() as s:
                out = to_raw(to_arrays(fn(*_wrap(xs))))
            params, values = s.written()
            written[:] = params
            return out, values

        try:
            out, values = jax.vmap(core, in_axes=in_axes, out_axes=(out_axes, None))(*arrays)
        except ValueError as e:
            if not written or "out_axes" not in str(e):
                raise
            raise NotImplementedError("mindspore.vmap of a function that writes a Parameter "
                                      "from batched values is not supported by mscompat."
                                      ) from None
        if written:
            scope.commit(list(written), list(values))
        return _wrap(out)
    return jaxconfig.entry(run)


class Jvp(Cell):
    """``nn.Jvp(fn)``: calling it with ``(*inputs, v)`` returns ``(output, jvp)``."""

    def __init__(self, fn: Callable) -> None:
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        *inputs, v = args
        return jvp(self.fn, inputs[0] if len(inputs) == 1 else tuple(inputs), v)


class Vjp(Cell):
    """``nn.Vjp(fn)``: calling it with ``(*inputs, v)`` returns ``(output, grads)``."""

    def __init__(self, fn: Callable) -> None:
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        *inputs, v = args
        out, vjp_fn = vjp(self.fn, *inputs)
        grads = vjp_fn(v)
        return out, (grads[0] if len(grads) == 1 else grads)
