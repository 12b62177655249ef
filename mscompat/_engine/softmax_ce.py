"""Float32 ``SoftmaxCrossEntropyWithLogits`` and ``SparseSoftmaxCrossEntropyWithLogits`` as
MindSpore's CPU kernels compute them (settled bit for bit against MindSpore 2.10, recorded in
``tests/conformance/cases/softmax_cross_entropy.py``):

* dense, per row: ``s = x - max``, ``e = expf(s)`` (libm's, correctly rounded), ``total``
  the sum of ``e`` element after element, ``logp = s - logf(total)``, the loss
  ``-(labels[0] * logp[0] + labels[1] * logp[1] + ...)`` each product rounded, added in
  order; the backprop ``e / total - labels``;
* sparse: the probabilities are the ``Softmax`` kernel's (``cpu_math.softmax``), the loss
  ``(-logf(p[label]) + ...) / rows`` added row after row, the gradient
  ``p * (1 / rows) - one_hot * (1 / rows)``.

Other devices and dtypes use the same formulas in JAX's functions and order. These are the
forward computations; the gradients (``dloss * backprop``) are the ops' rows in ``bprops``
and ``op_table``.

Example:
    >>> import jax.numpy as jnp
    >>> loss, backprop = dense(jnp.zeros((1, 2)), jnp.asarray([[1.0, 0.0]]))
    >>> print(loss, backprop)
    [0.6931472] [[-0.5  0.5]]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import cpu_math
from .exact_div import divide
from .kernel_grads import libm_kernel
from .linear_rounding import rounded
from .reductions import in_order

_F32 = np.float32
_expf, _logf = libm_kernel(jnp.exp), libm_kernel(jnp.log)


def _kernel(x) -> bool:
    return cpu_math.cpu_float32(x) and x.ndim == 2 and x.shape[-1] > 0


def dense(logits, labels):
    """``(loss, softmax(logits) - labels)`` of 2-D ``logits`` and ``labels`` (one dtype)."""
    if not _kernel(logits):
        loss = -jnp.sum(labels * jax.nn.log_softmax(logits, axis=-1), axis=-1)
        return loss, jax.nn.softmax(logits, axis=-1) - labels
    shifted = logits - jnp.max(logits, axis=-1, keepdims=True)
    e = _expf(shifted)
    total = in_order(e)[:, None]
    logp = shifted - _logf(total)
    return -in_order(rounded(labels * logp)), divide(e, total) - labels


def sparse_probabilities(rows):
    """The softmax of the sparse kernel's rows (the Softmax kernel's on the CPU)."""
    return cpu_math.softmax(rows, axis=-1) if _kernel(rows) else jax.nn.softmax(rows, axis=-1)


def sparse_loss(probabilities, at):
    """The mean of ``-log`` of the flat ``probabilities`` at positions ``at`` (a position
    one past the end reads 0: an infinite loss), added row after row on the CPU."""
    flat = jnp.concatenate([probabilities.reshape(-1), jnp.zeros((1,), probabilities.dtype)])
    picked = flat[at]
    n = _F32(at.shape[0]).astype(probabilities.dtype)
    if _kernel(probabilities):
        return in_order(-_logf(picked), 0) / n
    return jnp.sum(-jnp.log(picked)) / n


def sparse_gradient(probabilities, one_hot):
    """``p * (1 / rows) - one_hot * (1 / rows)``: the kernel's ``is_grad`` output."""
    inv = (_F32(1) / _F32(probabilities.shape[0])).astype(probabilities.dtype)
    return rounded(probabilities * inv) - rounded(one_hot * inv)
