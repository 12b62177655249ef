"""A Parameter's value after a write, differentiated as MindSpore differentiates it.

In MindSpore a read of a Parameter after ``ops.assign``/``assign_add``/``self.p = ...``
(and the value such a write returns) is a load of the Parameter: its gradient goes to the
Parameter (as if unwritten), none to the value that was written. ``as_written(value, base)``
is ``value`` whose tangent is ``base``'s (the Parameter's bound value before the write).

Example:
    >>> import jax, jax.numpy as jnp
    >>> jax.grad(lambda x, p: (as_written(x * 2, p) * x).sum(), argnums=(0, 1))(
    ...     jnp.ones(2), jnp.zeros(2))[1].tolist()
    [1.0, 1.0]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp


@jax.custom_jvp
def as_written(value, base):
    return value


@as_written.defjvp
def _as_written_jvp(primals, tangents):
    value, base = primals
    t = tangents[1]
    if jnp.issubdtype(jnp.result_type(t), jnp.inexact) and \
            jnp.broadcast_shapes(jnp.shape(t), value.shape) == value.shape:
        t = jnp.broadcast_to(t, value.shape).astype(value.dtype)
    else:  # (a write of another shape: the Parameter's gradient does not pass)
        t = jnp.zeros_like(value)
    return value, t
