"""Shared pieces of the PINN workloads (W3 and W5): weights, points, raw-JAX loss."""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, glorot, small_bias

SIZES = (2, 64, 64, 64, 1)
LAYERS = ("fc1", "fc2", "fc3", "fc4")
N_POINTS = 1024
WEIGHT_KEYS = tuple(f"{n}.{k}" for n in LAYERS for k in ("w", "b"))


def make_pinn_inputs(seed: int) -> Arrays:
    """Glorot weights (Dense layout (out, in)) and N_POINTS collocation points (x, t)."""
    rng = np.random.default_rng(seed)
    arrays: Arrays = {}
    for name, fan_in, fan_out in zip(LAYERS, SIZES[:-1], SIZES[1:]):
        arrays[f"{name}.w"] = glorot(rng, fan_out, fan_in)
        arrays[f"{name}.b"] = small_bias(rng, fan_out)
    arrays["x"] = rng.uniform(-1.0, 1.0, (N_POINTS, 1)).astype(np.float32)
    arrays["t"] = rng.uniform(0.0, 1.0, (N_POINTS, 1)).astype(np.float32)
    return arrays


def jax_pinn_loss() -> Any:
    """Raw-JAX PINN loss ``loss(params, x, t)``.

    ``params`` is a list of (W (out, in), b); ``x``/``t`` have shape (N, 1). Input
    derivatives are ``jax.grad`` of the batch-summed network output w.r.t. the inputs -
    exact because points are independent, and the same computation as MindSpore's
    ones-sensitivity gradient, so the comparison measures framework cost, not a different
    formulation. (The per-point ``vmap(grad(u))`` formulation was ~2x slower on XLA:CPU.)
    """
    import jax
    import jax.numpy as jnp

    def u(params: list[tuple[jax.Array, jax.Array]], x: jax.Array, t: jax.Array) -> jax.Array:
        h = jnp.concatenate([x, t], axis=1)
        for w, b in params[:-1]:
            h = jnp.tanh(h @ w.T + b)
        w, b = params[-1]
        return h @ w.T + b

    def u_sum(params: Any, x: jax.Array, t: jax.Array) -> jax.Array:
        return jnp.sum(u(params, x, t))

    u_x = jax.grad(u_sum, argnums=1)
    u_t = jax.grad(u_sum, argnums=2)
    u_xx = jax.grad(lambda p, x, t: jnp.sum(u_x(p, x, t)), argnums=1)

    def loss(params: list[tuple[jax.Array, jax.Array]], x: jax.Array, t: jax.Array) -> jax.Array:
        r = u_xx(params, x, t) - u_t(params, x, t)
        return jnp.mean(r * r)

    return loss


def jax_params(arrays: Arrays) -> list[tuple[Any, Any]]:
    """The PINN weights as a raw-JAX params list [(W, b), ...]."""
    import jax.numpy as jnp

    return [(jnp.asarray(arrays[f"{n}.w"]), jnp.asarray(arrays[f"{n}.b"])) for n in LAYERS]


def flat_weights(tree: Any) -> Arrays:
    """[(W, b), ...] -> {"fc1.w": W, "fc1.b": b, ...} as numpy."""
    out: Arrays = {}
    for name, (w, b) in zip(LAYERS, tree):
        out[f"{name}.w"] = np.asarray(w)
        out[f"{name}.b"] = np.asarray(b)
    return out
