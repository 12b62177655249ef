"""``mindspore.numpy`` functions whose result dtypes (or edge values) are MindSpore's own
compositions, not NumPy's: settled by calling each function on Float16, Float32, Float64,
Int32 and Bool inputs under MindSpore 2.10.

* ``ceil`` casts to float32 first (any input gives Float32); ``trunc``/``fix`` keep Float16
  and Float32 and compute everything else in float32.
* ``sign`` is ``x / |x|`` with 0 at 0 (an integer gives Float32, an infinity NaN); a Bool
  input is refused.
* ``reciprocal`` of an integer divides as an integer: 1 and -1 for themselves, the type's
  largest value for 0, else 0 (a Bool input divides as Int64).
* ``nanstd``/``nanvar``, ``cov``/``corrcoef`` compute in float32 whatever the input;
  ``nanmean``/``norm`` keep Float64 and compute the rest in float32.
* ``average`` of integers is the integer (truncated) mean; ``trace``/``nansum`` of Bool are
  Bool, ``trace`` of a narrower integer is Int64.
* ``gradient``/``unwrap`` of Float16 compute in float32; ``tril``/``triu`` of a vector are
  those of the square matrix of its copies as rows; ``ediff1d`` of Bool marks changes.
* ``linspace`` is ``start + i * delta`` (not NumPy's interpolation), and ``histogram``'s
  edges are that ``linspace`` of the float32 extremes.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> print(ms.numpy.ceil(ms.Tensor(np.array([1, -2], np.int32))).dtype)
    Float32
"""
from __future__ import annotations

from collections.abc import Callable

import jax
import jax.numpy as jnp
import numpy as np

_F32 = np.float32


def _as_f32(x):
    return x.astype(_F32)


def _ceil(x, dtype=None):
    x = _as_f32(x)
    out = -jnp.floor(-x)
    return out if dtype is None else out.astype(dtype)


def _trunc(x, dtype=None):
    x = x if x.dtype in (np.float16, np.float32) else _as_f32(x)
    out = jnp.where(x < 0, -jnp.floor(-x), jnp.floor(x))
    return out if dtype is None else out.astype(dtype)


def _sign(x, dtype=None):
    if x.dtype == np.bool_:
        raise TypeError("sign does not accept dtype bool.")
    quotient = (x / jnp.abs(x)).astype(x.dtype if jnp.issubdtype(x.dtype, jnp.inexact)
                                       else _F32)
    out = jnp.where(x == 0, jnp.zeros_like(quotient), quotient)
    return out if dtype is None else out.astype(dtype)


def _reciprocal(x, dtype=None):
    if x.dtype == np.bool_:
        x = x.astype(np.int64)
    if jnp.issubdtype(x.dtype, jnp.integer):
        top = jnp.full_like(x, jnp.iinfo(x.dtype).max)
        out = jnp.where(jnp.abs(x) == 1, x, jnp.where(x == 0, top, jnp.zeros_like(x)))
    else:
        from .numpy_table import _real_div  # RealDiv(1, x)
        out = _real_div(np.ones((), x.dtype), x)
    return out if dtype is None else out.astype(dtype)


def _in_float32(fn: Callable) -> Callable:
    def op(x, *args, **kwargs):
        return fn(_as_f32(x), *args, **kwargs)
    op.__name__ = getattr(fn, "__name__", "op")
    return op


def _keep_float64(fn: Callable) -> Callable:
    def op(x, *args, **kwargs):
        return fn(x if x.dtype == np.float64 else _as_f32(x), *args, **kwargs)
    op.__name__ = getattr(fn, "__name__", "op")
    return op


def _average(x, axis=None, weights=None, returned=False):
    if x.dtype == np.bool_:
        raise RuntimeError("For 'ReduceMean', unsupported reduce operation for bool.")
    if not jnp.issubdtype(x.dtype, jnp.integer):
        return jnp.average(x, axis=axis, weights=weights, returned=returned)
    if weights is None:
        total = jnp.sum(x, axis=axis, dtype=x.dtype)
        count = jnp.asarray(x.size // max(total.size, 1), x.dtype)
    else:
        if weights.shape != x.shape:
            shape = [1] * x.ndim
            shape[axis] = -1
            weights = weights.reshape(shape)
        total = jnp.sum(x * weights, axis=axis, dtype=x.dtype)
        count = jnp.broadcast_to(jnp.sum(jnp.broadcast_to(weights, x.shape), axis=axis,
                                         dtype=x.dtype), total.shape)
    avg = jax.lax.div(total, count.astype(x.dtype))  # truncated toward zero
    return (avg, count) if returned else avg


def _trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    if a.dtype == np.bool_:
        out = jnp.trace(a.astype(np.int32), offset, axis1, axis2) != 0
    elif jnp.issubdtype(a.dtype, jnp.integer):
        out = jnp.trace(a.astype(np.int64), offset, axis1, axis2)
    else:
        out = jnp.trace(a, offset, axis1, axis2)
    return out if dtype is None else out.astype(dtype)


def _nansum(a, axis=None, dtype=None, keepdims=False):
    if a.dtype == np.bool_ and dtype is None:
        return jnp.any(a, axis=axis, keepdims=keepdims)
    return jnp.nansum(a, axis=axis, dtype=dtype, keepdims=keepdims)


def _nanmean(a, axis=None, dtype=None, keepdims=False):
    a = a if a.dtype == np.float64 else _as_f32(a)
    out = jnp.nanmean(a, axis=axis, keepdims=keepdims)
    return out if dtype is None else out.astype(dtype)


# name -> implementation on arrays; these take precedence over the other numpy tables
RULES: dict[str, Callable] = {
    "ceil": _ceil, "trunc": _trunc, "fix": _trunc, "sign": _sign,
    "reciprocal": _reciprocal, "average": _average, "trace": _trace, "nansum": _nansum,
    "nanmean": _nanmean, "nanstd": _in_float32(jnp.nanstd),
    "nanvar": _in_float32(jnp.nanvar), "cov": _in_float32(jnp.cov),
    "corrcoef": _in_float32(jnp.corrcoef), "norm": _keep_float64(jnp.linalg.norm),
}


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """MindSpore's ``numpy.linspace``: ``start + i * delta`` in float32 with
    ``delta = (stop - start) / (num - 1)`` (``/ num`` without the endpoint), the product
    stored before the sum, and the last value set to ``stop``."""
    from . import linear_rounding
    start, stop = jnp.broadcast_arrays(jnp.asarray(start, _F32), jnp.asarray(stop, _F32))
    num = int(num)
    if num > 1:
        delta = (stop - start) / (num - 1 if endpoint else num)
        steps = jnp.arange(num, dtype=_F32).reshape((-1,) + (1,) * start.ndim)
        out = start[None] + linear_rounding.product(steps, delta[None])
        if endpoint:
            out = out.at[-1].set(stop)
        out = jnp.moveaxis(out, 0, axis)
    elif num == 1:
        delta = jnp.asarray(np.nan, _F32) if endpoint else stop - start
        out = jnp.expand_dims(start, axis)
    else:
        raise ValueError("cannot support Tensor with num=0.")
    out = out.astype(_F32 if dtype is None else dtype)
    return (out, delta) if retstep else out


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002
    """MindSpore's edges: ``linspace`` of the float32 minimum and maximum (or ``range``),
    widened by 0.5 each way when they are equal."""
    if isinstance(bins, (list, tuple)) or getattr(bins, "ndim", 0) >= 1:
        return jnp.asarray(bins)
    a = jnp.ravel(a).astype(_F32)
    start, end = (jnp.min(a), jnp.max(a)) if range is None else (
        jnp.asarray(range[0], _F32), jnp.asarray(range[1], _F32))
    flat = (end - start) == 0
    return linspace(jnp.where(flat, start - 0.5, start), jnp.where(flat, end + 0.5, end),
                    int(bins) + 1)


def _histogram(a, bins=10, range=None, weights=None, density=False):  # noqa: A002
    edges = histogram_bin_edges(a, bins, range, weights)
    counts, _ = jnp.histogram(jnp.ravel(a).astype(_F32), edges, weights=weights,
                              density=density)
    return counts.astype(_F32), edges.astype(_F32)


RULES.update({"linspace": linspace, "histogram_bin_edges": histogram_bin_edges,
              "histogram": _histogram})
# results that stay Int64 (the others' Int64 become Int32, as MindSpore's numpy gives them)
KEEP_INT64 = frozenset({"reciprocal", "trace"})


def _triangle(fn: Callable) -> Callable:
    def op(m, k=0):
        if m.ndim == 1:  # a vector is the rows of a square matrix, as NumPy takes it
            m = jnp.broadcast_to(m, (m.shape[0], m.shape[0]))
        return fn(m, k)
    op.__name__ = fn.__name__
    return op


def _half_in_float32(fn: Callable) -> Callable:
    """Float16 (and integers, booleans) computed in float32; Float32/Float64 as they are."""
    def op(x, *args, **kwargs):
        keep = jnp.issubdtype(x.dtype, jnp.inexact) and x.dtype != np.float16
        return fn(x if keep else _as_f32(x), *args, **kwargs)
    op.__name__ = getattr(fn, "__name__", "op")
    return op


def _gradient(f, *varargs, **kwargs):
    out = jnp.gradient(f, *varargs, **kwargs)
    return list(out) if isinstance(out, (list, tuple)) else out  # one axis: one Tensor


def _ediff1d(ary, to_end=None, to_begin=None):
    if ary.dtype == np.bool_ and to_end is None and to_begin is None:
        flat = jnp.ravel(ary)
        return flat[1:] != flat[:-1]  # Bool differences: where neighbours differ
    return jnp.ediff1d(ary, to_end, to_begin)


RULES.update({
    "tril": _triangle(jnp.tril), "triu": _triangle(jnp.triu), "ediff1d": _ediff1d,
    "gradient": _half_in_float32(_gradient),
    "unwrap": _half_in_float32(jnp.unwrap),
})
