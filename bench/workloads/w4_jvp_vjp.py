"""W4: jvp and vjp of f(x) = tanh(W2 tanh(W1 x)), 512x512 weights, batch 256.

MindSpore style: ``ms.jvp(f, x, v)`` and ``out, vjp_fn = ms.vjp(f, x); vjp_fn(v)``.
(The brief's ``ms.jvp(f, (x,), (v,))`` - a 1-tuple of inputs - fails to compile in
real MindSpore 2.10 GRAPH_MODE with "Type Join Failed: AbstractTuple cannot join with
AbstractTensor", so the single-tensor form, which MindSpore documents, is used.)
Rows of ``x`` are samples, so ``W x`` is ``x @ W.T`` (``ops.MatMul(transpose_b=True)``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, glorot, jax_sync, ms_callable, ms_numpy, ms_sync

NAME = "W4"
TITLE = "jvp / vjp of tanh(W2 tanh(W1 x)), 512x512, batch 256"
VARIANTS: tuple[str, ...] = ("jvp", "vjp")
JIT_VARIANTS: tuple[str, ...] = ("jvp", "vjp")
DIM, BATCH = 512, 256


def budget(quick: bool) -> Budget:
    """Up to 200 calls per round, rounds capped at ~1 s (0.25 s quick)."""
    return Budget(20, 3, 0.25) if quick else Budget(200, 5, 1.0)


def make_inputs(seed: int) -> Arrays:
    """W1, W2 (Glorot), x and the (co)tangent v."""
    rng = np.random.default_rng(seed)
    return {
        "w1": glorot(rng, DIM, DIM),
        "w2": glorot(rng, DIM, DIM),
        "x": rng.standard_normal((BATCH, DIM)).astype(np.float32),
        "v": rng.standard_normal((BATCH, DIM)).astype(np.float32),
    }


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    """``ms.jvp`` / ``ms.vjp`` of a plain function closing over two weight Tensors."""
    ops = ms.ops
    w1, w2 = ms.Tensor(arrays["w1"]), ms.Tensor(arrays["w2"])
    matmul = ops.MatMul(transpose_b=True)

    def f(x):
        return ops.tanh(matmul(ops.tanh(matmul(x, w1)), w2))

    def jvp_fn(x, v):
        return ms.jvp(f, x, v)

    def vjp_fn(x, v):
        out, pullback = ms.vjp(f, x)
        return out, pullback(v)

    call = ms_callable(ms, jvp_fn if variant == "jvp" else vjp_fn, use_jit)
    x, v = ms.Tensor(arrays["x"]), ms.Tensor(arrays["v"])

    def results(out: Any) -> Arrays:
        primal, second = ms_numpy(out)
        if isinstance(second, (tuple, list)):
            (second,) = second
        return {"out": primal, variant: second}

    return Runner(step=lambda: call(x, v), sync=ms_sync, results=results)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    """``jax.jit`` of ``jax.jvp`` / ``jax.vjp``."""
    import jax
    import jax.numpy as jnp

    w1, w2 = jnp.asarray(arrays["w1"]), jnp.asarray(arrays["w2"])

    def f(x: jax.Array) -> jax.Array:
        return jnp.tanh(jnp.tanh(x @ w1.T) @ w2.T)

    def jvp_fn(x: jax.Array, v: jax.Array) -> tuple[jax.Array, jax.Array]:
        return jax.jvp(f, (x,), (v,))

    def vjp_fn(x: jax.Array, v: jax.Array) -> tuple[jax.Array, jax.Array]:
        out, pullback = jax.vjp(f, x)
        return out, pullback(v)[0]

    call = jax.jit(jvp_fn if variant == "jvp" else vjp_fn)
    x, v = jnp.asarray(arrays["x"]), jnp.asarray(arrays["v"])

    def results(out: Any) -> Arrays:
        return {"out": np.asarray(out[0]), variant: np.asarray(out[1])}

    return Runner(step=lambda: call(x, v), sync=jax_sync, results=results)
