"""Float32 sums and means in the order MindSpore 2.10's CPU ``ReduceSum``/``ReduceMean`` add.

XLA sums a float32 array as a tree; MindSpore's CPU kernels have three orders, which give
different last bits (and a loss printed to 7 digits shows them):

* the last axis of a 2-D Tensor: eight running lane sums over blocks of 8 elements, the
  lanes then added in order, then the remaining elements one by one (not followed: XLA's
  sum there, see ``_last_of_two``);
* axis 0 alone (of a 2-D or larger Tensor): the rows added one after the other (also the
  gradient of a row broadcast over a 2-D batch, ``rows``: a bias's ``BiasAddGrad``);
* anything else (the whole Tensor, a 1-D Tensor, the axes of a 3-D Tensor, several axes):
  accumulated in float64 and rounded once.

A mean is that sum divided by the count (exactly, in float32), but for axis 0, whose mean
takes the float64 sum. Other dtypes, other devices (MindSpore's GPU kernels are trees too),
or without float64: XLA's sum and an exactly divided mean. ``CumSum``/``CumProd`` of
floats run element after element along their axis (XLA's prefix scans associate
differently).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.arange(1, 11, dtype=np.float32) / 3)
    >>> print(ms.ops.sum(x), ms.ops.mean(x))
    18.333334 1.8333334
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from . import exact_div

_F32, _F64 = np.dtype(np.float32), np.dtype(np.float64)


def _axes(x, axis) -> tuple[int, ...]:
    if axis is None or axis == ():
        return tuple(range(x.ndim))
    axes = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
    return tuple(sorted({int(a) % max(x.ndim, 1) for a in axes}))


def _followed(x, axis) -> bool:
    if not (x.dtype == _F32 and x.ndim > 0 and x.size > 0 and exact_div.wide_on_cpu()):
        return False
    if axis is None or axis == ():
        return True
    axes = (axis,) if isinstance(axis, (int, np.integer)) else tuple(axis)
    return all(-x.ndim <= int(a) < x.ndim for a in axes)  # (else XLA's call raises)


def _rows_in_order(x):
    """Axis 0 summed row after row: a vector of ones times the rows (XLA's CPU dot of a
    vector and a matrix adds the rows in order, as fast as its reduction)."""
    flat = jnp.reshape(x, (x.shape[0], -1))
    ones = jnp.ones((x.shape[0],), x.dtype)
    return jnp.reshape(jnp.dot(ones, flat, precision="highest"), x.shape[1:])


def in_order(x, axis: int = -1):
    """``x`` summed along ``axis`` element after element, in its dtype (a loop: XLA's
    reductions and dots add in lanes or trees). The sums of the CPU cross-entropy kernels
    (``softmax_ce``)."""
    moved = jnp.moveaxis(x, axis, 0)
    if moved.shape[0] == 0:
        return jnp.zeros(moved.shape[1:], x.dtype)
    return jax.lax.scan(lambda total, item: (total + item, None), moved[0], moved[1:],
                        unroll=8)[0]


def _static(shape) -> bool:
    return all(isinstance(d, (int, np.integer)) for d in shape)


def rows(v, shape):
    """``v`` (a row: ``(n,)`` or ``(1, n)``) broadcast to the 2-D ``shape`` so that the
    transpose, a gradient's sum over the rows, adds them in order as MindSpore's
    ``ReduceSum``/``BiasAddGrad`` do (a column of ones times the row: exact, and its transpose
    is the ordered dot above); other shapes, dtypes and devices: ``jnp.broadcast_to``.

    Example:
        >>> import jax, jax.numpy as jnp
        >>> float(jax.grad(lambda b: rows(b, (3, 2)).sum())(jnp.ones(2, jnp.float32))[0])
        3.0
    """
    if not (_static(shape) and _static(jnp.shape(v)) and len(shape) == 2
            and jnp.ndim(v) in (1, 2) and v.shape[-1] == shape[1]
            and (jnp.ndim(v) == 1 or v.shape[0] == 1) and shape[0] > 1
            and v.dtype == _F32 and exact_div.wide_on_cpu()):
        return jnp.broadcast_to(v, shape)
    ones = jnp.ones((shape[0], 1), v.dtype)
    return jnp.dot(ones, jnp.reshape(v, (1, shape[1])), precision="highest")


_HALF = (np.dtype(np.float16), np.dtype(jnp.bfloat16))


def half_operands(x, y, bias_grad: bool = False):
    """``x`` and ``y`` of an elementwise op, a half-precision operand that broadcasts
    (``(n,)`` against ``(m, n)``) broadcast by ``_half_broadcast`` when traced: its gradient
    sums over the broadcast axes in float32 and rounds once, as MindSpore's PYNATIVE
    ``ReduceSum`` sums Float16 (and its ``BiasAddGrad`` in both modes: ``bias_grad``).
    GRAPH_MODE adds a broadcast operand's Float16 gradient in Float16 (XLA's reduction
    here). Other operands as they are."""
    if not (isinstance(x, jax.core.Tracer) or isinstance(y, jax.core.Tracer)):
        return x, y
    sx, sy = jnp.shape(x), jnp.shape(y)
    if sx == sy or not (_static(sx) and _static(sy)) or not (
            getattr(x, "dtype", None) in _HALF or getattr(y, "dtype", None) in _HALF):
        return x, y
    from . import lazy
    if not bias_grad and lazy.in_program():
        return x, y
    try:
        out = jnp.broadcast_shapes(sx, sy)
    except ValueError:
        return x, y  # (the op's own error)
    from . import scope
    if scope.FORWARD_MODE.get():
        return x, y
    return tuple(_half_broadcast(v, out) if getattr(v, "dtype", None) in _HALF and
                 jnp.shape(v) != out else v for v in (x, y))


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def _half_broadcast(v, shape):
    return jnp.broadcast_to(v, shape)


def _half_broadcast_fwd(v, shape):
    return jnp.broadcast_to(v, shape), jnp.zeros((0,) + jnp.shape(v), v.dtype)


def _half_broadcast_bwd(shape, res, g):
    vshape = res.shape[1:]
    lead = len(shape) - len(vshape)
    axes = tuple(range(lead)) + tuple(lead + i for i, d in enumerate(vshape)
                                      if d == 1 and shape[lead + i] != 1)
    summed = jnp.sum(g.astype(_F32), axis=axes).reshape(vshape)
    return (summed.astype(res.dtype),)


_half_broadcast.defvjp(_half_broadcast_fwd, _half_broadcast_bwd)


def _kept(out, x, axes, keepdims):
    if not keepdims:
        return out
    return jnp.reshape(out, tuple(1 if i in axes else d for i, d in enumerate(x.shape)))


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def _ordered_total(x, axes):
    if x.ndim >= 2 and axes == (0,):
        return _rows_in_order(x)
    return jnp.sum(x.astype(_F64), axis=axes).astype(_F32)


@_ordered_total.defjvp
def _ordered_total_jvp(axes, primals, tangents):
    # a sum is linear: its derivative is XLA's sum of the tangents (a broadcast of the
    # cotangent backwards, as MindSpore's bprop), not the ordered loops differentiated
    return _ordered_total(primals[0], axes), jnp.sum(tangents[0], axis=axes)


def _last_of_two(x, axis) -> bool:
    """The last axis of a 2-D Tensor: MindSpore's 8-lane order, not followed (its unrolled
    loop made a deep stack of hand-written norms compile 4 times slower and run 3 times
    slower): XLA's sum, the same to the last bit or two."""
    return x.ndim == 2 and _axes(x, axis) == (1,)


def row_operands(x, y, bias_grad: bool = False):
    """``x`` and ``y`` of an elementwise op with a row operand (``(n,)`` or ``(1, n)``
    against ``(m, n)``) broadcast by ``rows`` when traced, so that its gradient sums the
    rows in order (a half-precision one: ``half_operands``); other operands as they are."""
    if not (isinstance(x, jax.core.Tracer) or isinstance(y, jax.core.Tracer)):
        return x, y
    if getattr(x, "dtype", None) in _HALF or getattr(y, "dtype", None) in _HALF:
        return half_operands(x, y, bias_grad)
    sx, sy = jnp.shape(x), jnp.shape(y)
    if not (_static(sx) and _static(sy)):  # (symbolic dimensions of a shape-polymorphic
        return x, y  # export: XLA's broadcast)
    if len(sx) == 2 and len(sy) in (1, 2) and sy != sx:
        return x, rows(jnp.asarray(y), sx)
    if len(sy) == 2 and len(sx) in (1, 2) and sx != sy:
        return rows(jnp.asarray(x), sy), y
    return x, y


def total(x, axis=None, keepdims=False):
    """``ReduceSum`` of ``x`` over ``axis`` in MindSpore's CPU order (float32)."""
    if not _followed(x, axis) or _last_of_two(x, axis):
        return jnp.sum(x, axis=axis, keepdims=keepdims)
    axes = _axes(x, axis)
    return _kept(_ordered_total(x, axes), x, axes, keepdims)


def average(x, axis=None, keepdims=False):
    """``ReduceMean`` of ``x`` over ``axis``: its sum (in float64 for axis 0) divided
    exactly by the count."""
    if not _followed(x, axis) or _last_of_two(x, axis):
        return exact_div.mean(x, axis=axis, keepdims=keepdims)
    axes = _axes(x, axis)
    count = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    if x.ndim >= 2 and axes == (0,):
        summed = _kept(jnp.sum(x.astype(_F64), axis=0).astype(_F32), x, axes, keepdims)
    else:
        summed = total(x, axes, keepdims)
    return exact_div.divide(summed, np.float32(max(count, 1)), _F32)


def running(x, axis, multiply=False):
    """``CumSum`` (``CumProd`` with ``multiply``) of a float ``x`` along ``axis`` on the
    CPU, each element added to (multiplied into) the previous result in order."""
    rank = max(x.ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError(f"For primitive[{'CumProd' if multiply else 'CumSum'}], the axis "
                         f"must be in [{-rank},{rank}), but got {axis}.")
    op = jnp.cumprod if multiply else jnp.cumsum
    floating = x.dtype in (_F32, _F64) and x.size > 0 and x.ndim > 0
    if not (floating and exact_div.wide_on_cpu()):
        return op(x, axis=axis)
    moved = jnp.moveaxis(x, axis, 0)

    def step(carry, item):
        carry = carry * item if multiply else carry + item
        return carry, carry
    _, rest = jax.lax.scan(step, moved[0], moved[1:])
    return jnp.moveaxis(jnp.concatenate([moved[:1], rest]), 0, axis)
