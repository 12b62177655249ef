"""W12: a small Transformer encoder training step (2 ``nn.TransformerEncoderLayer``s, d_model
128, 4 heads, feed-forward 512, post-norm, no dropout; batch 16 of 32 tokens), mean-pooled
into ``Dense(128, 10)``, ``SoftmaxCrossEntropyWithLogits(sparse, mean)``,
``Momentum(0.01, 0.9)`` in ``TrainOneStepCell``, GRAPH_MODE.

The comparison is the same network hand-written in Flax (``flax.linen`` modules whose
parameters are MindSpore's: packed q/k/v projection, output projection, two feed-forward
Dense, two LayerNorms) with ``optax.sgd(momentum)`` under ``jax.jit``, the same weights.
The check compares the loss and the head and first-layer projection after 3 steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, jax_sync, ms_numpy, ms_sync

NAME = "W12"
TITLE = "Transformer encoder (2 layers, d128) training step: mscompat GRAPH vs Flax/optax"
VARIANTS: tuple[str, ...] = ("b16",)
JIT_VARIANTS: tuple[str, ...] = ()
BATCH, SEQ, D, HEADS, FF, LAYERS, CLASSES = 16, 32, 128, 4, 512, 2, 10
LR, MOMENTUM, EPS = 0.01, 0.9, 1e-5
CHECK_STEPS = 3


def _shapes() -> dict[str, tuple[int, ...]]:
    shapes = {}
    for i in range(LAYERS):
        p = f"layers.{i}."
        shapes.update({
            p + "self_attn.in_proj_weight": (3 * D, D), p + "self_attn.in_proj_bias": (3 * D,),
            p + "self_attn.out_proj.weight": (D, D), p + "self_attn.out_proj.bias": (D,),
            p + "dense1.weight": (FF, D), p + "dense1.bias": (FF,),
            p + "dense2.weight": (D, FF), p + "dense2.bias": (D,),
            p + "norm1.gamma": (D,), p + "norm1.beta": (D,),
            p + "norm2.gamma": (D,), p + "norm2.beta": (D,)})
    shapes.update({"head.weight": (CLASSES, D), "head.bias": (CLASSES,)})
    return shapes


def budget(quick: bool) -> Budget:
    return Budget(5, 2, 10.0) if quick else Budget(30, 3, 30.0)


def make_inputs(seed: int) -> Arrays:
    rng = np.random.default_rng(seed)
    arrays: Arrays = {}
    for name, shape in _shapes().items():
        if name.endswith("gamma"):
            arrays[name] = np.ones(shape, np.float32)
        elif name.endswith(("beta", "bias")):
            arrays[name] = (rng.standard_normal(shape) * 0.02).astype(np.float32)
        else:
            arrays[name] = (rng.standard_normal(shape) / np.sqrt(shape[1])).astype(np.float32)
    arrays["x"] = rng.standard_normal((BATCH, SEQ, D)).astype(np.float32)
    arrays["y"] = rng.integers(0, CLASSES, BATCH).astype(np.int32)
    return arrays


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    nn, ops = ms.nn, ms.ops

    class Encoder(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.CellList([nn.TransformerEncoderLayer(
                D, HEADS, FF, dropout=0.0, batch_first=True) for _ in range(LAYERS)])
            self.head = nn.Dense(D, CLASSES)

        def construct(self, x):
            for layer in self.layers:
                x = layer(x)
            return self.head(ops.mean(x, 1))

    net = Encoder()
    for name, param in net.parameters_and_names():
        param.set_data(ms.Tensor(arrays[name]))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=LR, momentum=MOMENTUM)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    train.set_train()
    x, y = ms.Tensor(arrays["x"]), ms.Tensor(arrays["y"])
    params = dict(net.parameters_and_names())

    def results(out: Any) -> Arrays:
        return {"head.weight": params["head.weight"].asnumpy(),
                "in_proj": params["layers.0.self_attn.in_proj_weight"].asnumpy(),
                "loss": np.asarray(ms_numpy(out)).reshape(())}

    return Runner(step=lambda: train(x, y), sync=ms_sync, results=results,
                  check_calls=CHECK_STEPS)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    import flax.linen as fnn
    import jax
    import jax.numpy as jnp
    import optax

    hd = D // HEADS

    def linear(x, w, b):
        return jnp.matmul(x, w.T, precision="highest") + b

    def layer_norm(x, g, b):
        mean = x.mean(-1, keepdims=True)
        var = ((x - mean) ** 2).mean(-1, keepdims=True)
        return (x - mean) / jnp.sqrt(var + EPS) * g + b

    class EncoderLayer(fnn.Module):
        index: int

        @fnn.compact
        def __call__(self, x):
            p = {k.split(".", 2)[2]: self.param(k.split(".", 2)[2].replace(".", "_"),
                                                lambda _, k=k: jnp.asarray(arrays[k]))
                 for k in _shapes() if k.startswith(f"layers.{self.index}.")}
            qkv = linear(x, p["self_attn.in_proj_weight"], p["self_attn.in_proj_bias"])
            q, k, v = (t.reshape(BATCH, SEQ, HEADS, hd).transpose(0, 2, 1, 3)
                       for t in jnp.split(qkv, 3, axis=-1))
            scores = jnp.matmul(q / np.sqrt(hd), k.transpose(0, 1, 3, 2), precision="highest")
            att = jnp.matmul(jax.nn.softmax(scores, -1), v, precision="highest")
            att = att.transpose(0, 2, 1, 3).reshape(BATCH, SEQ, D)
            x = layer_norm(x + linear(att, p["self_attn.out_proj.weight"],
                                      p["self_attn.out_proj.bias"]),
                           p["norm1.gamma"], p["norm1.beta"])
            ff = linear(jax.nn.relu(linear(x, p["dense1.weight"], p["dense1.bias"])),
                        p["dense2.weight"], p["dense2.bias"])
            return layer_norm(x + ff, p["norm2.gamma"], p["norm2.beta"])

    class Encoder(fnn.Module):
        @fnn.compact
        def __call__(self, x):
            for i in range(LAYERS):
                x = EncoderLayer(i, name=f"layer{i}")(x)
            w = self.param("head_w", lambda _: jnp.asarray(arrays["head.weight"]))
            b = self.param("head_b", lambda _: jnp.asarray(arrays["head.bias"]))
            return linear(x.mean(1), w, b)

    model = Encoder()
    x, y = jnp.asarray(arrays["x"]), jnp.asarray(arrays["y"])
    params = model.init(jax.random.PRNGKey(0), x)["params"]
    tx = optax.sgd(LR, momentum=MOMENTUM)

    def loss_fn(p):
        logits = model.apply({"params": p}, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    def train_step(p, s):
        loss, grads = jax.value_and_grad(loss_fn)(p)
        updates, s = tx.update(grads, s, p)
        return optax.apply_updates(p, updates), s, loss

    step_jit = jax.jit(train_step, donate_argnums=(0, 1))
    state = {"p": params, "s": tx.init(params)}

    def step():
        state["p"], state["s"], loss = step_jit(state["p"], state["s"])
        return loss

    def results(loss: Any) -> Arrays:
        p = state["p"]
        return {"head.weight": np.asarray(p["head_w"]),
                "in_proj": np.asarray(p["layer0"]["self_attn_in_proj_weight"]),
                "loss": np.asarray(loss).reshape(())}

    return Runner(step=step, sync=jax_sync, results=results, check_calls=CHECK_STEPS)
