"""W7: PYNATIVE op dispatch - a loop of 100 small element-wise and reduction ops on a
(64,) Tensor, outside any transform. Measures per-op framework overhead against MindSpore
PyNative and against eager (un-jitted) JAX running the same ops."""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, jax_sync, ms_numpy, ms_sync

NAME = "W7"
TITLE = "PYNATIVE op dispatch: 100 small element-wise/reduction ops on a (64,) Tensor"
VARIANTS: tuple[str, ...] = ("eager",)
JIT_VARIANTS: tuple[str, ...] = ()
ROUNDS = 20  # 20 x (mul, add, exp-of-neg, maximum, mean-subtract) = 100 ops


def budget(quick: bool) -> Budget:
    return Budget(20, 3, 2.0) if quick else Budget(100, 5, 10.0)


def make_inputs(seed: int) -> Arrays:
    rng = np.random.default_rng(seed)
    return {"x": rng.standard_normal((64,)).astype(np.float32)}


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    ops = ms.ops
    x = ms.Tensor(arrays["x"])

    def step():
        y = x
        for _ in range(ROUNDS):
            y = y * 0.9
            y = y + 0.1
            y = ops.exp(ops.neg(ops.abs(y)))
            y = ops.maximum(y, 0.05)
            y = y - y.mean()
        return y

    return Runner(step=step, sync=ms_sync, results=lambda out: {"y": ms_numpy(out)})


def build_jax(arrays: Arrays, variant: str) -> Runner:
    import jax.numpy as jnp
    x = jnp.asarray(arrays["x"])

    def step():
        y = x
        for _ in range(ROUNDS):
            y = y * 0.9
            y = y + 0.1
            y = jnp.exp(-jnp.abs(y))
            y = jnp.maximum(y, 0.05)
            y = y - y.mean()
        return y

    return Runner(step=step, sync=jax_sync, results=lambda out: {"y": np.asarray(out)})
