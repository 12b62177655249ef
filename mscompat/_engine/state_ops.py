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

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes, exact_div, jaxconfig, lazy, mixed_precision, nn_kernels
from .ops_build import FUNCTIONALS, PRIMITIVES, Primitive, bound_inputs, call, primitive_call_inputs
from .parameter import Parameter
from .tensor import Tensor, check_writable, unwrap


def _check(name: str, variable, value) -> None:
    if not isinstance(variable, Tensor):  # a plain Tensor is written in place, as MindSpore
        raise TypeError(f"For '{name}', the 'variable' must be a Parameter, but got "
                        f"{type(variable).__name__}.")
    if not isinstance(value, (Tensor, int, float, bool)):
        raise TypeError(f"For '{name}', the 'value' must be a Tensor or a number, but got "
                        f"{type(value).__name__}.")


def _write(name: str, variable, value, combine) -> Tensor:
    """Write ``combine(old, value)`` into ``variable``. The result: for a plain Tensor,
    AssignAdd/AssignSub return the Tensor itself and Assign a new Tensor of the value, as
    MindSpore's; for a Parameter, a Tensor of the value as written."""
    _check(name, variable, value)
    new = call(combine, (stored(variable), unwrap(value)))
    if tuple(new.shape) != tuple(variable.shape):
        raise ValueError(f"For '{name}', the shape of 'value' {list(new.shape)} must be the "
                         f"same as the shape of 'variable' {list(variable.shape)}.")
    variable._data = new._data
    if not isinstance(variable, Parameter) and name != "Assign":
        return variable
    return Tensor._wrap(stored(variable))  # (its value as written: ``written.as_written``)


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


# The Scatter family writes its first input (a Parameter, or a Tensor in place) and
# returns the new value. One row per primitive: (kind, indexing, functional name,
# use_locking default). "first" indices pick rows of the first axis
# (updates.shape == indices.shape + x.shape[1:]); "nd" indices end in a coordinate
# vector (as TensorScatter*). Integer ``div`` truncates toward zero, as MindSpore's kernel.
SCATTER_WRITES: dict[str, tuple[str, str, str | None, bool]] = {
    "ScatterUpdate": ("set", "first", "scatter_update", True),
    "ScatterAdd": ("add", "first", "scatter_add", False),
    "ScatterSub": ("sub", "first", None, False),
    "ScatterMul": ("multiply", "first", "scatter_mul", False),
    "ScatterDiv": ("divide", "first", "scatter_div", False),
    "ScatterMax": ("max", "first", "scatter_max", False),
    "ScatterMin": ("min", "first", "scatter_min", False),
    "ScatterNdUpdate": ("set", "nd", "scatter_nd_update", True),
    "ScatterNdAdd": ("add", "nd", "scatter_nd_add", False),
    "ScatterNdSub": ("sub", "nd", "scatter_nd_sub", False),
    "ScatterNdMul": ("multiply", "nd", "scatter_nd_mul", False),
    "ScatterNdDiv": ("divide", "nd", "scatter_nd_div", False),
    "ScatterNdMax": ("max", "nd", "scatter_nd_max", False),
    "ScatterNdMin": ("min", "nd", "scatter_nd_min", False),
}


def _scatter_combine(kind: str, nd: bool):
    @mixed_precision.keep(0)
    def combine(x, indices, updates):
        updates = jnp.asarray(updates, x.dtype)
        index = tuple(jnp.moveaxis(indices, -1, 0)) if nd else indices
        at = x.at[index]
        if kind == "sub":
            return at.add(-updates)
        if kind == "divide" and not jnp.issubdtype(x.dtype, jnp.inexact):
            # truncating division; trunc(trunc(a / b) / c) == trunc(a / (b * c))
            return jax.lax.div(x, jnp.ones_like(x).at[index].multiply(updates))
        return getattr(at, kind)(updates)
    return combine


_COMBINE = {(kind, nd): _scatter_combine(kind, nd)
            for kind in ("set", "add", "sub", "multiply", "divide", "max", "min")
            for nd in (False, True)}


def _dtype_kind(t: Tensor) -> str:
    return np.dtype(dtypes.to_np(t.dtype)).kind


def _check_scatter(name: str, x, indices, updates, nd: bool) -> None:
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{name}', the 'input_x' must be a Parameter, but got "
                        f"{type(x).__name__}.")
    if not isinstance(indices, Tensor) or _dtype_kind(indices) not in "iu":
        got = indices.dtype if isinstance(indices, Tensor) else type(indices).__name__
        raise TypeError(f"For primitive[{name}], the input argument[indices type] must be a "
                        f"type of {{Tensor[Int32], Tensor[Int64]}}, but got {got}.")
    if not isinstance(updates, Tensor):
        raise TypeError(f"For '{name}', the 'updates' must be a Tensor, but got "
                        f"{type(updates).__name__}.")
    xs, ids, us = tuple(x.shape), tuple(indices.shape), tuple(updates.shape)
    depth = ids[-1] if nd and ids else 1
    want = (ids[:-1] + xs[depth:]) if nd else (ids + xs[1:])
    if nd and (not ids or depth > len(xs)):
        raise ValueError(f"For '{name}', the last dimension of 'indices' must be at most the "
                         f"rank of 'input_x' {len(xs)}, but got indices shape {ids}.")
    if us != want:
        rule = ("indices_shape[:-1] + x_shape[indices_shape[-1]:]" if nd
                else "indices_shape + input_x_shape[1:]")
        raise ValueError(f"For {name}, updates_shape = {rule}, but got input_x_shape: {xs}, "
                         f"indices_shape: {ids}, updates_shape: {us}.")
    data = indices._data
    if not isinstance(data, (jax.core.Tracer, lazy.Lazy)):
        arr = np.asarray(data).reshape(-1, depth) if nd else np.asarray(data).reshape(-1, 1)
        for axis in range(arr.shape[1]):
            n = xs[axis]
            bad = arr[:, axis][(arr[:, axis] < 0) | (arr[:, axis] >= n)]
            if bad.size:
                raise RuntimeError(f"For '{name}', the value of indices should be in [0, {n}), "
                                   f"but got '{bad[0]}' in indices.")
    if "Div" in name and _dtype_kind(x) in "iu" and not isinstance(updates._data, (
            jax.core.Tracer, lazy.Lazy)) and (np.asarray(updates._data) == 0).any():
        raise ValueError(f"For '{name}', updates must not contain 0")


@jaxconfig.entry
def scatter_write(name: str, input_x, indices, updates) -> Tensor:
    """``ops.<name>()(input_x, indices, updates)`` for every row of ``SCATTER_WRITES``:
    ``input_x`` (a Parameter, or a Tensor written in place) combined with ``updates`` at
    ``indices``; returns the new value.

    Example:
        >>> import mscompat as ms, numpy as np
        >>> p = ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name='p')
        >>> idx = ms.Tensor(np.array([0, 0], np.int32))
        >>> print(ms.ops.ScatterAdd()(p, idx, ms.Tensor(np.ones(2, np.float32))))
        [2. 0. 0.]
    """
    kind, indexing, _, _ = SCATTER_WRITES[name]
    nd = indexing == "nd"
    _check_scatter(name, input_x, indices, updates, nd)
    new = call(_COMBINE[kind, nd], (stored(input_x), unwrap(indices), unwrap(updates)))
    return _written(input_x, new)


def stored(target: Tensor):
    """The value an in-place op starts from: a Parameter's value as stored (never cast by a
    Cell's type), a plain Tensor's data (``check_writable``)."""
    if isinstance(target, Parameter):
        return target._value
    check_writable(target)
    return target._data


def _written(target: Tensor, new: Tensor) -> Tensor:
    """Write ``new`` into ``target``; the result is ``target`` itself for a plain Tensor
    (MindSpore's in-place ops return their input) and a Tensor of the new value for a
    Parameter."""
    target._data = new._data
    return target if not isinstance(target, Parameter) else Tensor._wrap(new._data)


def _scatter_primitive(name: str, use_locking_default: bool) -> type:
    def __init__(self, use_locking: bool = use_locking_default) -> None:
        Primitive.__init__(self)
        if not isinstance(use_locking, bool):
            raise TypeError(f"For '{name}', the 'use_locking' must be a bool, but got "
                            f"{type(use_locking).__name__}.")
        self.use_locking = use_locking
        self.attrs["use_locking"] = use_locking

    def __call__(self, *inputs, **kwargs):
        if kwargs:  # (MindSpore's *args call: no keywords)
            primitive_call_inputs(type(self), inputs, kwargs)
        if len(inputs) != 3:
            raise ValueError(f"{name} inputs number {len(inputs)} does not match the "
                             "requires signature size 3")
        return scatter_write(name, *inputs)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__,
                                     "__doc__": f"MindSpore's ``ops.{name}(use_locking="
                                                f"{use_locking_default})``."})


def _scatter_functional(name: str, fname: str, nd: bool):
    if nd and fname != "scatter_nd_update":
        def fn(input_x, indices, updates, use_locking=False):
            return scatter_write(name, input_x, indices, updates)
    else:
        def fn(input_x, indices, updates):
            return scatter_write(name, input_x, indices, updates)
    fn.__name__ = fn.__qualname__ = fname
    fn.__doc__ = f"``ops.{fname}``: as ``ops.{name}()(input_x, indices, updates)``."
    return fn


for _name, (_kind, _indexing, _fname, _locking) in SCATTER_WRITES.items():
    PRIMITIVES[_name] = _scatter_primitive(_name, _locking)
    if _fname:
        FUNCTIONALS[_fname] = _scatter_functional(_name, _fname, _indexing == "nd")
ScatterNdUpdate = PRIMITIVES["ScatterNdUpdate"]


def scatter_nd_update(input_x, indices, updates) -> Tensor:
    """``ops.scatter_nd_update(input_x, indices, updates)``."""
    return scatter_write("ScatterNdUpdate", input_x, indices, updates)


@mixed_precision.keep(0)
def _index_add(x, indices, y, axis):
    index = (slice(None),) * axis + (indices,)
    return x.at[index].add(y.astype(x.dtype))


@jaxconfig.entry
def index_add(x, indices, y, axis, use_lock=True, check_index_bound=True) -> Tensor:
    """``ops.index_add(x, indices, y, axis, use_lock=True, check_index_bound=True)``: ``y``
    added into ``x`` (a Parameter, or a Tensor written in place) at ``indices`` along
    ``axis``; returns the new value.

    Example:
        >>> import mscompat as ms, numpy as np
        >>> x = ms.Parameter(ms.Tensor(np.zeros((2, 3), np.float32)), name='x')
        >>> idx = ms.Tensor(np.array([0, 2, 0], np.int32))
        >>> print(ms.ops.index_add(x, idx, ms.Tensor(np.ones((2, 3), np.float32)), 1))
        [[2. 0. 1.]
         [2. 0. 1.]]
    """
    if not isinstance(x, Tensor):
        raise TypeError(f"For 'IndexAdd', the 'input_x' must be a Parameter, but got "
                        f"{type(x).__name__}.")
    if not isinstance(indices, Tensor) or _dtype_kind(indices) not in "iu":
        raise TypeError("For 'IndexAdd', the 'indices' must be an Int32 or Int64 Tensor.")
    axis = int(axis) % x.ndim
    n = x.shape[axis]
    data = indices._data
    if check_index_bound and not isinstance(data, (jax.core.Tracer, lazy.Lazy)):
        arr = np.asarray(data)
        if arr.size and (arr.min() < 0 or arr.max() >= n):
            raise RuntimeError(f"For 'IndexAdd', the indices are out of range [0, {n}).")
    want = x.shape[:axis] + (indices.shape[0],) + x.shape[axis + 1:]
    if tuple(y.shape) != tuple(want):
        raise ValueError(f"For 'IndexAdd', the shape of 'y' must be {want}, but got "
                         f"{tuple(y.shape)}.")
    new = call(_index_add, (stored(x), unwrap(indices), unwrap(y), axis))
    return _written(x, new)


class IndexAdd(Primitive):
    """MindSpore's ``ops.IndexAdd(axis, use_lock=True, check_index_bound=True)(x, indices,
    y)``."""

    def __init__(self, axis: int, use_lock: bool = True, check_index_bound: bool = True):
        super().__init__()
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError(f"For 'IndexAdd', the 'axis' must be an int, but got "
                            f"{type(axis).__name__}.")
        self.axis, self.use_lock, self.check_index_bound = axis, use_lock, check_index_bound
        self.attrs.update(axis=axis, use_lock=use_lock, check_index_bound=check_index_bound)

    def __call__(self, x, indices, y):
        return index_add(x, indices, y, self.axis, self.use_lock, self.check_index_bound)


PRIMITIVES["IndexAdd"] = IndexAdd
FUNCTIONALS["index_add"] = index_add


def inplace_index_add(var, indices, updates, axis) -> Tensor:
    """``ops.inplace_index_add(var, indices, updates, axis)``: ``ops.index_add`` by another
    name."""
    return index_add(var, indices, updates, axis)


FUNCTIONALS["inplace_index_add"] = inplace_index_add


def _batch_stats(x):
    """The batch mean and biased variance over every axis but 1."""
    axes = tuple(i for i in range(x.ndim) if i != 1)
    return exact_div.mean(x, axis=axes), exact_div.var(x, axis=axes)


def _bn_train(x, scale, bias, mean, variance, eps, momentum):
    y, new_mean, new_var = nn_kernels.batch_norm_train(x, scale, bias, mean, variance, eps,
                                                       1 - momentum)
    bm, bv = _batch_stats(jax.lax.stop_gradient(x))
    return y, new_mean, new_var, bm.astype(mean.dtype), bv.astype(mean.dtype)


def _write_running(target, value) -> None:
    if isinstance(target, Tensor):  # a Parameter through scope; a Tensor in place
        target._data = value._data


@jaxconfig.entry
def batch_norm(input_x, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05) -> Tensor:
    """``ops.batch_norm(input_x, running_mean, running_var, weight, bias, training=False,
    momentum=0.1, eps=1e-05)``: normalised over every axis but 1; in training the batch
    statistics are used and the running statistics are updated in place
    (``new = (1 - momentum) * old + momentum * batch``, the unbiased batch variance).

    Example:
        >>> import mscompat as ms, numpy as np
        >>> x = ms.Tensor(np.array([[1.0], [3.0]], np.float32))
        >>> m = ms.Parameter(ms.Tensor(np.zeros(1, np.float32)), name='m')
        >>> v = ms.Parameter(ms.Tensor(np.ones(1, np.float32)), name='v')
        >>> one, zero = ms.Tensor(np.ones(1, np.float32)), ms.Tensor(np.zeros(1, np.float32))
        >>> y = ms.ops.batch_norm(x, m, v, one, zero, training=True)
        >>> print(y.asnumpy().round(3).ravel(), m.asnumpy(), v.asnumpy())
        [-1.  1.] [0.2] [1.1]
    """
    c, dtype = input_x.shape[1], unwrap(input_x).dtype
    w = jnp.ones((c,), dtype) if weight is None else unwrap(weight)
    b = jnp.zeros((c,), dtype) if bias is None else unwrap(bias)
    args = (unwrap(input_x), w, b, unwrap(running_mean), unwrap(running_var))
    if not training:
        return call(nn_kernels.batch_norm_infer, args + (eps,))
    y, mean, var, _, _ = call(_bn_train, args + (eps, momentum))
    _write_running(running_mean, mean)
    _write_running(running_var, var)
    return y


class BatchNorm(Primitive):
    """MindSpore's ``ops.BatchNorm(is_training=False, epsilon=1e-05, momentum=0.1,
    data_format='NCHW')(x, scale, bias, mean, variance)``: ``(y, 0, 0, batch mean, batch
    variance)`` in training (the moving ``mean``/``variance`` updated in place), ``(y, 0, 0,
    0, 0)`` in inference (MindSpore's CPU kernel leaves these four unspecified there).
    ``data_format='NHWC'`` is accepted and, as in MindSpore's CPU kernel, axis 1 is still
    the channel axis."""

    def __init__(self, is_training: bool = False, epsilon: float = 1e-05,
                 momentum: float = 0.1, data_format: str = "NCHW") -> None:
        super().__init__()
        if not isinstance(is_training, bool):
            raise TypeError(f"For 'BatchNorm', the 'is_training' must be a bool, but got "
                            f"{type(is_training).__name__}.")
        if not 0.0 <= momentum <= 1.0:
            raise ValueError(f"For 'BatchNorm', the 'momentum' must be in [0, 1], but got "
                             f"{momentum}.")
        if data_format not in ("NCHW", "NHWC"):
            raise ValueError(f"For 'BatchNorm', the 'data_format' must be 'NCHW' or 'NHWC', "
                             f"but got {data_format}.")
        self.is_training, self.epsilon, self.momentum = is_training, epsilon, momentum
        self.data_format = data_format
        self.attrs.update(is_training=is_training, epsilon=epsilon, momentum=momentum,
                          data_format=data_format)

    @jaxconfig.entry
    def __call__(self, x, scale, bias, mean, variance):
        zeros = Tensor._wrap(jnp.zeros(mean.shape, unwrap(mean).dtype))
        args = tuple(unwrap(a) for a in (x, scale, bias, mean, variance))
        if self.is_training:
            y, new_mean, new_var, bm, bv = call(_bn_train,
                                                args + (self.epsilon, self.momentum))
            _write_running(mean, new_mean)
            _write_running(variance, new_var)
            stats = (bm, bv)
        else:
            y = call(nn_kernels.batch_norm_infer, args + (self.epsilon,))
            stats = (zeros, zeros)
        return y, zeros, zeros, *stats


PRIMITIVES["BatchNorm"] = BatchNorm
FUNCTIONALS["batch_norm"] = batch_norm


def _primitive(name: str, fn):
    def __init__(self):
        Primitive.__init__(self)

    def __call__(self, *inputs, **kwargs):
        return fn(*bound_inputs(type(self), inputs, kwargs))  # (``Assign()(variable=p, ...)``)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__,
                                     "__doc__": f"MindSpore's ``ops.{name}``."})


for _name, _fn in (("Assign", assign), ("AssignAdd", assign_add), ("AssignSub", assign_sub),
                   ("Depend", depend)):
    PRIMITIVES[_name] = _primitive(_name, _fn)
for _fn in (assign, assign_add, assign_sub, depend):
    FUNCTIONALS[_fn.__name__] = _fn
