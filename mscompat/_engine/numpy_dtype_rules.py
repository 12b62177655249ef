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
* Only Float16 and Float32 count as floats (MindSpore's ``_check_is_float``): ``diff``,
  ``ediff1d``, ``roll``, ``flip``/``fliplr``/``flipud``/``rot90``, ``copysign``, ``cross``
  and ``diag`` of a matrix compute a Float64, integer or Bool input in float32 and cast the
  result back (``diff`` of Int64 ``[2**25 + 1, 3]`` is ``-33554428``); ``divide`` of two
  such operands, the remainders of a promoted such dtype and ``trapz`` of one answer in
  float32 (``divide`` of two Float64 Tensors is Float32).

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

from .bprops import cast

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
    """NaNs as zeros, summed in ``a``'s dtype (an Int8 sum stays Int8; Bool is ``any``)."""
    if a.dtype == np.bool_ and dtype is None:
        return jnp.any(a, axis=axis, keepdims=keepdims)
    return jnp.nansum(a, axis=axis, dtype=a.dtype if dtype is None else dtype,
                      keepdims=keepdims)


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
KEEP_INT64 = frozenset({"reciprocal", "trace", "exp2"})


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


def is_float(dtype) -> bool:
    """MindSpore numpy's ``_check_is_float``: Float16 and Float32 only (not Float64)."""
    return np.dtype(dtype) in (np.float16, np.float32)


def through_float32(fn: Callable, operands: int = 1) -> Callable:
    """``fn`` computing its first ``operands`` arguments in float32 when their promoted
    dtype is not Float16/Float32 (complex kept), the result cast back to that dtype."""
    def op(*args, **kwargs):
        dtype = jnp.result_type(*args[:operands])
        if is_float(dtype) or jnp.issubdtype(dtype, jnp.complexfloating):
            return fn(*args, **kwargs)
        inputs = [jnp.asarray(a).astype(_F32) for a in args[:operands]]  # (cast back as C
        # converts: -1.0 in UInt8 is 255)
        return cast(fn(*inputs, *args[operands:], **kwargs), dtype)
    op.__name__ = getattr(fn, "__name__", "op")
    return op


_DIFF_F32, _DIAG_F32 = through_float32(jnp.diff), through_float32(jnp.diag)


def _diff(a, n=1, axis=-1, prepend=None, append=None):
    parts = [p for p in (prepend, a, append) if p is not None]
    if len(parts) > 1:
        a = jnp.concatenate([jnp.broadcast_to(p, a.shape[:axis] + (1,) + a.shape[axis:][1:])
                             if jnp.ndim(p) == 0 else jnp.asarray(p) for p in parts], axis)
    return _DIFF_F32(a, n, axis)


def _diag(v, k=0):
    """A matrix's diagonal goes through MindSpore's float32 reduction; a vector's matrix
    is built as it is."""
    return (_DIAG_F32 if jnp.ndim(v) == 2 else jnp.diag)(v, k)


def _trapz(y, x=None, dx=1.0, axis=-1):
    """``y`` in float32 unless Float16/Float32; ``x``'s spacings in ``y``'s dtype."""
    y = y if is_float(y.dtype) else y.astype(_F32)
    if x is not None:
        x = jnp.asarray(x).astype(y.dtype)
    return jnp.trapezoid(y, x, dx, axis).astype(y.dtype)


def _gradient(f, *varargs, **kwargs):
    out = jnp.gradient(f, *varargs, **kwargs)
    return list(out) if isinstance(out, (list, tuple)) else out  # one axis: one Tensor


def _ediff1d(ary, to_end=None, to_begin=None):
    if ary.dtype == np.bool_ and to_end is None and to_begin is None:
        flat = jnp.ravel(ary)
        return flat[1:] != flat[:-1]  # Bool differences: where neighbours differ
    ends = [None if e is None else cast(jnp.ravel(jnp.asarray(e)), ary.dtype)
            for e in (to_begin, to_end)]  # (C's conversion: -1.5 in UInt8 is 255)
    middle = _diff(jnp.ravel(ary))
    return jnp.concatenate([p for p in (ends[0], middle, ends[1]) if p is not None])


# name -> how many leading operands go through float32 (``through_float32``)
THROUGH_FLOAT32 = {"roll": 1, "flip": 1, "fliplr": 1, "flipud": 1, "rot90": 1,
                   "copysign": 1, "cross": 2}

RULES.update({
    "tril": _triangle(jnp.tril), "triu": _triangle(jnp.triu), "ediff1d": _ediff1d,
    "diff": _diff, "diag": _diag, "trapz": _trapz,
    "gradient": _half_in_float32(_gradient),
    "unwrap": _half_in_float32(jnp.unwrap),
})
