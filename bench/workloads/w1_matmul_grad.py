"""W1: the MindSpore docs' MatMul net with Parameter z, differentiated by GradOperation.

``x = x * self.z; out = self.matmul(x, y)`` with x 2x3, y 3x3, z [1], wrapped in a
GradNet Cell whose construct does ``self.grad_op(self.net, self.params)(x, y)`` with
``GradOperation(get_all=True, get_by_list=True)``. Tiny shapes: measures per-call
overhead of the framework, not arithmetic.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, jax_sync, ms_numpy, ms_sync

NAME = "W1"
TITLE = "MatMul net + GradOperation(get_all, get_by_list), 2x3 @ 3x3"
VARIANTS: tuple[str, ...] = ("grad",)
JIT_VARIANTS: tuple[str, ...] = ()


def budget(quick: bool) -> Budget:
    """2,000 calls per round (200 in quick mode), 5 rounds."""
    return Budget(200, 3, 1.0) if quick else Budget(2000, 5, 15.0)


def make_inputs(seed: int) -> Arrays:
    """x, y, z from a fixed seed."""
    rng = np.random.default_rng(seed)
    return {
        "x": rng.standard_normal((2, 3)).astype(np.float32),
        "y": rng.standard_normal((3, 3)).astype(np.float32),
        "z": np.array([1.5], dtype=np.float32),
    }


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    """The docs' Net / GradNetWrtX, written once for ``mindspore`` and ``mscompat``."""
    nn, ops = ms.nn, ms.ops

    class Net(nn.Cell):
        def __init__(self) -> None:
            super().__init__()
            self.matmul = ops.MatMul()
            self.z = ms.Parameter(ms.Tensor(arrays["z"]), name="z")

        def construct(self, x, y):
            x = x * self.z
            out = self.matmul(x, y)
            return out

    class GradNetWrtX(nn.Cell):
        def __init__(self, net: Any) -> None:
            super().__init__()
            self.net = net
            self.params = ms.ParameterTuple(net.trainable_params())
            self.grad_op = ops.GradOperation(get_all=True, get_by_list=True)

        def construct(self, x, y):
            gradient_function = self.grad_op(self.net, self.params)
            return gradient_function(x, y)

    grad_net = GradNetWrtX(Net())
    x, y = ms.Tensor(arrays["x"]), ms.Tensor(arrays["y"])

    def results(out: Any) -> Arrays:
        (dx, dy), (dz,) = ms_numpy(out)
        return {"dx": dx, "dy": dy, "dz": dz}

    return Runner(step=lambda: grad_net(x, y), sync=ms_sync, results=results)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    """``jax.jit(jax.grad(sum(f), argnums=(0, 1, 2)))`` - GradOperation's default sens is ones."""
    import jax
    import jax.numpy as jnp

    def f(x: jax.Array, y: jax.Array, z: jax.Array) -> jax.Array:
        return jnp.sum((x * z) @ y)

    grad_fn = jax.jit(jax.grad(f, argnums=(0, 1, 2)))
    x, y, z = (jnp.asarray(arrays[k]) for k in ("x", "y", "z"))

    def results(out: Any) -> Arrays:
        dx, dy, dz = (np.asarray(o) for o in out)
        return {"dx": dx, "dy": dy, "dz": dz}

    return Runner(step=lambda: grad_fn(x, y, z), sync=jax_sync, results=results)
