"""W6: a deep stack of Dense + LayerNorm-like blocks: realistic Parameter counts.

Each block is ``x + relu(norm(dense(x)))`` with a Dense weight and bias and a LayerNorm-like
scale and shift (four Parameters). Variant ``p200``: 50 blocks of width 64 (200 Parameters);
``p1600``: 400 blocks of width 16 (1,600 Parameters). One training step is
``TrainOneStepCell(WithLossCell(net, MSELoss), SGD(0.01))``; raw JAX is a hand-written
``jax.jit`` step over a list of parameter dicts with ``optax.sgd``. This is where per-call
costs that grow with the number of Parameters show (binding, write-back, cache keys).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, glorot, jax_sync, ms_numpy, ms_sync, small_bias

NAME = "W6"
TITLE = "Dense+LayerNorm-like stack, 200 / 1,600 Parameters, SGD step"
VARIANTS: tuple[str, ...] = ("p200", "p1600")
VARIANT_TITLES = {"p200": "50 blocks x 64 (200 Parameters)",
                  "p1600": "400 blocks x 16 (1,600 Parameters)"}
JIT_VARIANTS: tuple[str, ...] = ()
# mscompat-to_jax: the stack exported with mscompat.jax.to_jax, trained by the raw-JAX step
EXPORT_VARIANTS: tuple[str, ...] = ("p200", "p1600")
SHAPES = {"p200": (50, 64), "p1600": (400, 16)}
BATCH = 32
LR = 0.01
EPS = 1e-5
CHECK_STEPS = 3


def budget(quick: bool) -> Budget:
    return Budget(5, 2, 2.0) if quick else Budget(30, 3, 20.0)


def make_inputs(seed: int) -> Arrays:
    rng = np.random.default_rng(seed)
    arrays: Arrays = {}
    for variant, (blocks, width) in SHAPES.items():
        for i in range(blocks):
            arrays[f"{variant}.{i}.w"] = glorot(rng, width, width) * 0.5
            arrays[f"{variant}.{i}.b"] = small_bias(rng, width)
            arrays[f"{variant}.{i}.g"] = (1 + 0.1 * rng.standard_normal(width)).astype(
                np.float32)
            arrays[f"{variant}.{i}.s"] = small_bias(rng, width)
        arrays[f"{variant}.x"] = rng.standard_normal((BATCH, width)).astype(np.float32)
        arrays[f"{variant}.y"] = rng.standard_normal((BATCH, width)).astype(np.float32)
    return arrays


def _stack(ms: Any, arrays: Arrays, variant: str) -> tuple[Any, list[Any]]:
    nn, ops = ms.nn, ms.ops
    blocks, width = SHAPES[variant]

    class Block(nn.Cell):
        def __init__(self, i: int) -> None:
            super().__init__()
            key = f"{variant}.{i}"
            self.dense = nn.Dense(width, width, weight_init=ms.Tensor(arrays[key + ".w"]),
                                  bias_init=ms.Tensor(arrays[key + ".b"]))
            self.gamma = ms.Parameter(ms.Tensor(arrays[key + ".g"]), name="gamma")
            self.beta = ms.Parameter(ms.Tensor(arrays[key + ".s"]), name="beta")
            self.relu = nn.ReLU()

        def construct(self, x):
            h = self.dense(x)
            mean = h.mean(-1, keep_dims=True)
            var = ((h - mean) * (h - mean)).mean(-1, keep_dims=True)
            h = (h - mean) / ops.sqrt(var + EPS) * self.gamma + self.beta
            return x + self.relu(h)

    cells = [Block(i) for i in range(blocks)]
    return nn.SequentialCell(cells), cells


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    nn = ms.nn
    net, cells = _stack(ms, arrays, variant)
    opt = nn.SGD(net.trainable_params(), learning_rate=LR)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    train.set_train()
    x, y = ms.Tensor(arrays[f"{variant}.x"]), ms.Tensor(arrays[f"{variant}.y"])

    def results(loss: Any) -> Arrays:
        out = {}
        for i, c in enumerate(cells[:2]):
            for k, p in (("w", c.dense.weight), ("b", c.dense.bias), ("g", c.gamma),
                         ("s", c.beta)):
                out[f"{i}.{k}"] = p.asnumpy()
        out["loss"] = np.asarray(ms_numpy(loss)).reshape(())
        return out

    return Runner(step=lambda: train(x, y), sync=ms_sync, results=results,
                  check_calls=CHECK_STEPS)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    import jax
    import jax.numpy as jnp

    blocks, _ = SHAPES[variant]
    params = [{"w": jnp.asarray(arrays[f"{variant}.{i}.w"]),
               "b": jnp.asarray(arrays[f"{variant}.{i}.b"]),
               "g": jnp.asarray(arrays[f"{variant}.{i}.g"]),
               "s": jnp.asarray(arrays[f"{variant}.{i}.s"])} for i in range(blocks)]

    def loss_fn(ps: Any, x: jax.Array, y: jax.Array) -> jax.Array:
        for p in ps:
            h = jnp.matmul(x, p["w"].T, precision="highest") + p["b"]
            mean = h.mean(-1, keepdims=True)
            var = ((h - mean) * (h - mean)).mean(-1, keepdims=True)
            h = (h - mean) / jnp.sqrt(var + EPS) * p["g"] + p["s"]
            x = x + jax.nn.relu(h)
        return jnp.mean((x - y) ** 2)

    def block(p: Any, i: int) -> dict[str, Any]:
        return p[i]
    return _optax_runner(params, loss_fn, arrays, variant, block)


def build_export(ms: Any, arrays: Arrays, variant: str) -> Runner:
    """The stack Cell as ``apply, params = mscompat.jax.to_jax(net)`` in the raw-JAX step."""
    import jax
    import jax.numpy as jnp

    from mscompat.jax import to_jax

    apply, params = to_jax(_stack(ms, arrays, variant)[0])

    def loss_fn(p: Any, x: jax.Array, y: jax.Array) -> jax.Array:
        return jnp.mean((apply(p, x) - y) ** 2)

    def block(p: Any, i: int) -> dict[str, Any]:
        b = p[str(i)]
        return {"w": b["dense"]["weight"], "b": b["dense"]["bias"], "g": b["gamma"],
                "s": b["beta"]}
    return _optax_runner(params, loss_fn, arrays, variant, block)


def _optax_runner(params: Any, loss_fn: Any, arrays: Arrays, variant: str,
                  block: Any) -> Runner:
    """The raw-JAX SGD loop over any params pytree and loss; ``block(p, i)`` reads block i."""
    import jax
    import jax.numpy as jnp
    import optax

    tx = optax.sgd(LR)

    def train_step(ps: Any, s: Any, x: jax.Array, y: jax.Array):
        loss, grads = jax.value_and_grad(loss_fn)(ps, x, y)
        updates, s = tx.update(grads, s, ps)
        return optax.apply_updates(ps, updates), s, loss

    step_jit = jax.jit(train_step, donate_argnums=(0, 1))
    x, y = jnp.asarray(arrays[f"{variant}.x"]), jnp.asarray(arrays[f"{variant}.y"])
    state = {"p": params, "s": tx.init(params)}

    def step() -> jax.Array:
        state["p"], state["s"], loss = step_jit(state["p"], state["s"], x, y)
        return loss

    def results(loss: Any) -> Arrays:
        out = {f"{i}.{k}": np.asarray(v) for i in range(2)
               for k, v in block(state["p"], i).items()}
        out["loss"] = np.asarray(loss).reshape(())
        return out

    return Runner(step=step, sync=jax_sync, results=results, check_calls=CHECK_STEPS)
