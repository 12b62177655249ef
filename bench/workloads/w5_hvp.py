"""W5: Hessian-vector product of the W3 PINN loss w.r.t. its weights (forward-over-reverse).

MindSpore style: ``ms.jvp`` of ``ms.grad(loss, grad_position=(0..7))``. ``ms.jvp``
perturbs function inputs, not Parameters, so the network is written functionally with
the weights as inputs (``ms.grad(loss, weights=...)`` cannot be pushed forward).
The points (x, t) are also jvp inputs, with zero tangents: in real MindSpore 2.10,
closing over them instead (as constants or from an enclosing function) miscompiles the
nested input-gradients ("unsupported operand type(s) for -: 'tuple' and 'tuple'").
Raw JAX: ``jax.jvp(lambda p: jax.grad(loss)(p, x, t), (params,), (v,))``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, jax_sync, ms_callable, ms_numpy, ms_sync
from .pinn_common import WEIGHT_KEYS, flat_weights, jax_params, jax_pinn_loss, make_pinn_inputs

NAME = "W5"
TITLE = "HVP of the PINN loss w.r.t. weights: jvp(grad(loss)) (4th order)"
VARIANTS: tuple[str, ...] = ("hvp",)
JIT_VARIANTS: tuple[str, ...] = ("hvp",)
N_W = len(WEIGHT_KEYS)


def budget(quick: bool) -> Budget:
    """Up to 30 calls per round, rounds capped at ~1.5 s (0.25 s quick)."""
    return Budget(5, 3, 0.25) if quick else Budget(30, 5, 1.5)


def make_inputs(seed: int) -> Arrays:
    """PINN weights/points plus one tangent per weight (prefixed ``v.``)."""
    arrays = make_pinn_inputs(seed)
    rng = np.random.default_rng(seed + 1)
    for k in WEIGHT_KEYS:
        arrays[f"v.{k}"] = rng.standard_normal(arrays[k].shape).astype(np.float32)
    return arrays


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    """Functional PINN; ``ms.jvp(ms.grad(loss, grad_position=(0..7)), ...)``."""
    ops = ms.ops
    matmul = ops.MatMul(transpose_b=True)
    concat = ops.Concat(axis=1)

    def u(x, t, w1, b1, w2, b2, w3, b3, w4, b4):
        h = concat((x, t))
        h = ops.tanh(matmul(h, w1) + b1)
        h = ops.tanh(matmul(h, w2) + b2)
        h = ops.tanh(matmul(h, w3) + b3)
        return matmul(h, w4) + b4

    u_x = ms.grad(u, grad_position=0)
    u_t = ms.grad(u, grad_position=1)
    u_xx = ms.grad(u_x, grad_position=0)

    def loss(w1, b1, w2, b2, w3, b3, w4, b4, x, t):
        r = u_xx(x, t, w1, b1, w2, b2, w3, b3, w4, b4) - u_t(x, t, w1, b1, w2, b2, w3, b3, w4, b4)
        return ops.mean(r * r)

    grad_w = ms.grad(loss, grad_position=(0, 1, 2, 3, 4, 5, 6, 7))

    def hvp(w1, b1, w2, b2, w3, b3, w4, b4, v1, c1, v2, c2, v3, c3, v4, c4, x, t):
        return ms.jvp(
            grad_w,
            (w1, b1, w2, b2, w3, b3, w4, b4, x, t),
            (v1, c1, v2, c2, v3, c3, v4, c4, ops.zeros_like(x), ops.zeros_like(t)),
        )

    call = ms_callable(ms, hvp, use_jit)
    args = [ms.Tensor(arrays[k]) for k in WEIGHT_KEYS]
    args += [ms.Tensor(arrays[f"v.{k}"]) for k in WEIGHT_KEYS]
    args += [ms.Tensor(arrays["x"]), ms.Tensor(arrays["t"])]

    def results(out: Any) -> Arrays:
        grads, hv = ms_numpy(out)
        res = {f"grad.{k}": g for k, g in zip(WEIGHT_KEYS, grads)}
        res.update({f"hvp.{k}": h for k, h in zip(WEIGHT_KEYS, hv)})
        return res

    return Runner(step=lambda: call(*args), sync=ms_sync, results=results)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    """``jax.jit`` of ``jax.jvp(jax.grad(loss))`` (forward-over-reverse)."""
    import jax
    import jax.numpy as jnp

    grad_loss = jax.grad(jax_pinn_loss())

    def hvp(params: Any, tangents: Any, x: jax.Array, t: jax.Array) -> tuple[Any, Any]:
        return jax.jvp(lambda p: grad_loss(p, x, t), (params,), (tangents,))

    call = jax.jit(hvp)
    params = jax_params(arrays)
    tangents = [
        (jnp.asarray(arrays[f"v.{n}.w"]), jnp.asarray(arrays[f"v.{n}.b"]))
        for n in ("fc1", "fc2", "fc3", "fc4")
    ]
    x, t = jnp.asarray(arrays["x"]), jnp.asarray(arrays["t"])

    def results(out: Any) -> Arrays:
        grads, hv = out
        res = {f"grad.{k}": v for k, v in flat_weights(grads).items()}
        res.update({f"hvp.{k}": v for k, v in flat_weights(hv).items()})
        return res

    return Runner(step=lambda: call(params, tangents, x, t), sync=jax_sync, results=results)
