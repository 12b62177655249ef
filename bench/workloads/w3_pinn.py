"""W3: PINN residual loss with nested input derivatives, and its weight gradients.

MLP 2-64-64-64-1 (tanh) on 1,024 collocation points (x, t);
``loss = mean((d2u/dx2 - du/dt)^2)``. MindSpore style: the input derivatives are
``ms.grad`` of the network (ones sensitivity over the batch, which is exact because
points are independent), nested for d2u/dx2; then
``ms.value_and_grad(loss_fn, None, net.trainable_params())``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, jax_sync, ms_callable, ms_numpy, ms_sync
from .pinn_common import WEIGHT_KEYS, flat_weights, jax_params, jax_pinn_loss, make_pinn_inputs

NAME = "W3"
TITLE = "PINN 2-64-64-64-1 tanh, 1024 pts: loss + weight grads (3rd order)"
VARIANTS: tuple[str, ...] = ("loss_grad",)
JIT_VARIANTS: tuple[str, ...] = ("loss_grad",)


def budget(quick: bool) -> Budget:
    """Up to 50 calls per round, rounds capped at ~1.5 s (0.25 s quick)."""
    return Budget(10, 3, 0.25) if quick else Budget(50, 5, 1.5)


def make_inputs(seed: int) -> Arrays:
    """PINN weights and collocation points."""
    return make_pinn_inputs(seed)


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    """PINN Cell + nested ``ms.grad`` + ``ms.value_and_grad`` w.r.t. the weights."""
    nn, ops = ms.nn, ms.ops

    def dense(name: str, fan_in: int, fan_out: int, activation: Any) -> Any:
        return nn.Dense(
            fan_in,
            fan_out,
            weight_init=ms.Tensor(arrays[f"{name}.w"]),
            bias_init=ms.Tensor(arrays[f"{name}.b"]),
            activation=activation,
        )

    class PINN(nn.Cell):
        def __init__(self) -> None:
            super().__init__()
            self.concat = ops.Concat(axis=1)
            self.fc1 = dense("fc1", 2, 64, "tanh")
            self.fc2 = dense("fc2", 64, 64, "tanh")
            self.fc3 = dense("fc3", 64, 64, "tanh")
            self.fc4 = dense("fc4", 64, 1, None)

        def construct(self, x, t):
            h = self.concat((x, t))
            return self.fc4(self.fc3(self.fc2(self.fc1(h))))

    net = PINN()
    u_x = ms.grad(net, grad_position=0)
    u_t = ms.grad(net, grad_position=1)
    u_xx = ms.grad(u_x, grad_position=0)

    def loss_fn(x, t):
        r = u_xx(x, t) - u_t(x, t)
        return ops.mean(r * r)

    loss_and_grads = ms.value_and_grad(loss_fn, None, net.trainable_params())

    def pinn_step(x, t):
        return loss_and_grads(x, t)

    call = ms_callable(ms, pinn_step, use_jit)
    x, t = ms.Tensor(arrays["x"]), ms.Tensor(arrays["t"])

    def results(out: Any) -> Arrays:
        loss, grads = ms_numpy(out)
        res = dict(zip(WEIGHT_KEYS, grads))
        res["loss"] = np.asarray(loss).reshape(())
        return res

    return Runner(step=lambda: call(x, t), sync=ms_sync, results=results)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    """``jax.jit(jax.value_and_grad(loss))`` (input derivatives by nested ``jax.grad``)."""
    import jax
    import jax.numpy as jnp

    step = jax.jit(jax.value_and_grad(jax_pinn_loss()))
    params = jax_params(arrays)
    x, t = jnp.asarray(arrays["x"]), jnp.asarray(arrays["t"])

    def results(out: Any) -> Arrays:
        loss, grads = out
        res = flat_weights(grads)
        res["loss"] = np.asarray(loss).reshape(())
        return res

    return Runner(step=lambda: step(params, x, t), sync=jax_sync, results=results)
