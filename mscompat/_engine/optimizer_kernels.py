"""MindSpore's CPU optimizer kernels, one function each, shared by the ``nn`` optimizers and
the in-place primitives (``ops.Adam``, ``ops.SGD``...). Written to their float32 rounding,
settled with the oracle step by step (``tests/conformance/cases/optimizer_rounding.py``):

* ``adam``: an 8-wide vector loop with fused multiply-adds, ``m = fma(g - m, 1 - b1, m)``,
  ``v = fma(fma(g, g, -v), 1 - b2, v)``, the rate ``lr * sqrt(1 - beta2_power) /
  (1 - beta1_power)``, ``w -= rate * m / (sqrt(v) + eps)``; the last ``size % 8`` elements in
  a scalar C loop (double ``sqrt`` and subtraction; the nesterov numerator fused the other
  way round);
* ``adam_amsgrad``: a plain loop, ``m += (g - m) * (1 - b1)`` with every product rounded;
* ``adam_weight_decay``: Adam's fused moments, then
  ``w -= lr * (m / (sqrt(v) + eps) + decay * w)`` in double, rounded when stored;
* ``sgd`` and ``apply_momentum``: plain loops (``unfused``): ``accum = accum * momentum +
  g``, ``w -= lr * accum``.

Example:
    >>> import numpy as np
    >>> w, accum = apply_momentum(np.float32([1.0]), np.float32([0.0]), np.float32(0.1),
    ...                           np.float32([2.0]), np.float32(0.9))
    >>> print(np.asarray(w), np.asarray(accum))
    [0.8] [2.]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import cpu_math
from .cpu_math import cpu_float32, fma, rounded, unfused


def adam(w, m, v, beta1_power, beta2_power, lr, b1, b2, eps, g, *, nesterov=False):
    """``(w, m, v)`` after one ``Adam`` step; the scalars in ``w``'s dtype."""
    m = fma(g - m, 1 - b1, m)
    v = fma(fma(g, g, -v), 1 - b2, v)
    rate = lr * jnp.sqrt(1 - rounded(beta2_power)) / (1 - rounded(beta1_power))
    if not nesterov:
        return _adam_weight(w, rate * m, v, eps), m, v
    if not cpu_float32(w):
        return w - rate * (m * b1 + (1 - b1) * g) / (jnp.sqrt(v) + eps), m, v
    body = fma(g, 1 - b1, rounded(m * b1))
    tail = fma(m, b1, rounded((1 - b1) * g))
    return _adam_weight(w, rate * body, v, eps, rate * tail), m, v


def adam_no_update_param(m, v, beta1_power, beta2_power, lr, b1, b2, eps, g, *,
                         nesterov=False):
    """``(delta, m, v)`` of MindSpore's ``AdamNoUpdateParam`` (``AdamOffload``'s kernel):
    Adam's moments and the step ``-lr_t * m / (sqrt(v) + eps)``, which the caller adds to the
    weight (an element may differ from MindSpore's host kernel in the last bit)."""
    m = fma(g - m, 1 - b1, m)
    v = fma(fma(g, g, -v), 1 - b2, v)
    rate = lr * jnp.sqrt(1 - rounded(beta2_power)) / (1 - rounded(beta1_power))
    top = m * b1 + (1 - b1) * g if nesterov else m
    return -(rate * top) / (jnp.sqrt(v) + eps), m, v


def _adam_weight(w, step, v, eps, tail_step=None):
    """``w - step / (sqrt(v) + eps)``; on the CPU (float32) the last ``size % 8`` elements
    of the flattened Parameter as the kernel's scalar loop computes them: C's double
    ``sqrt`` and the subtraction in double, rounded when stored."""
    new = w - step / (jnp.sqrt(v) + eps)
    k = w.size - w.size % 8
    if not cpu_float32(w) or k == w.size:
        return new
    f64 = jnp.float64
    step = step if tail_step is None else tail_step
    tail = (w.ravel()[k:].astype(f64) - step.ravel()[k:].astype(f64)
            / (jnp.sqrt(v.ravel()[k:].astype(f64)) + jnp.asarray(eps).astype(f64)))
    return new.ravel().at[k:].set(tail.astype(w.dtype)).reshape(w.shape)


@unfused
def adam_amsgrad(w, m, v, vhat, beta1_power, beta2_power, lr, b1, b2, eps, g):
    """``(w, m, v, vhat)`` after one ``ApplyAdamWithAmsgradV2`` step."""
    m = m + (g - m) * (1 - b1)
    v = v + (g * g - v) * (1 - b2)
    vhat = jnp.maximum(vhat, v)
    rate = lr * jnp.sqrt(1 - rounded(beta2_power)) / (1 - rounded(beta1_power))
    return w - rate * m / (jnp.sqrt(vhat) + eps), m, v, vhat


def adam_weight_decay(w, m, v, lr, b1, b2, eps, decay, g):
    """``(w, m, v)`` after one ``AdamWeightDecay`` step (``decay`` None: no decay term); the
    kernel reads its scalars in the parameter's dtype (a Float16 weight's beta1 is
    0.8999), computes the update in double and rounds the stored weight."""
    b1, b2, eps, lr = (jnp.asarray(a).astype(w.dtype) for a in (b1, b2, eps, lr))
    decay = None if decay is None else jnp.asarray(decay).astype(w.dtype)
    if w.dtype == jnp.float16:  # the Float16 kernel rounds every operation to Float16
        s = cpu_math.stored
        m = s(m + s(s(g - m) * s(1 - b1)))
        v = s(v + s(s(s(g * g) - v) * s(1 - b2)))
        u = s(m / s(s(jnp.sqrt(v)) + eps))
        if decay is not None:
            u = s(u + s(decay * w))
        return s(w - s(lr * u)), m, v
    m = fma(g - m, 1 - b1, m)
    v = fma(fma(g, g, -v), 1 - b2, v)
    wide = jnp.promote_types(w.dtype, jax.dtypes.canonicalize_dtype(np.float64))
    u = m.astype(wide) / (jnp.sqrt(v.astype(wide)) + jnp.asarray(eps).astype(wide))
    if decay is not None:
        u = u + jnp.asarray(decay).astype(wide) * w.astype(wide)
    return (w.astype(wide) - jnp.asarray(lr).astype(wide) * u).astype(w.dtype), m, v


@unfused
def sgd(w, g, lr, accum, momentum, stat, *, dampening, nesterov, weight_decay=0.0):
    """``(w, accum, stat)`` after one ``SGD`` step: the first step (``stat`` > 0) takes the
    gradient itself as the momentum buffer; without momentum ``w -= lr * g``."""
    if weight_decay:
        g = g + w * weight_decay
    if momentum is None:
        return w - lr * g, accum, stat
    accum = jnp.where(stat > 0, g, accum * momentum + (1 - dampening) * g)
    step = g + momentum * accum if nesterov else accum
    return w - lr * step, accum, jnp.zeros_like(stat)


@unfused
def apply_momentum(w, accum, lr, g, momentum, *, gradient_scale=1.0):
    """``(w, accum)`` after one ``ApplyMomentum`` step (its CPU kernel ignores
    ``use_nesterov``)."""
    if gradient_scale != 1.0:
        g = g * gradient_scale
    accum = accum * momentum + g
    return w - lr * accum, accum
