"""W10: a small ResNet-style step (conv + BatchNorm + residual blocks), DATA_PARALLEL over
1 or 8 host devices, batch 64 of 3x16x16 images.

Stem ``Conv2d(3, 16, 3, pad_mode='same', has_bias=False)`` + ``BatchNorm2d`` + ReLU, two
residual blocks (conv-BN-ReLU-conv-BN, identity shortcut, ReLU), global average pool,
``Dense(16, 10)``; ``SoftmaxCrossEntropyWithLogits(sparse, mean)``, ``Momentum(0.01, 0.9)``
in ``TrainOneStepCell``. mscompat: ``set_auto_parallel_context(DATA_PARALLEL)``; raw JAX:
the same step hand-written with ``lax.conv_general_dilated`` and batch statistics, the batch
placed ``NamedSharding(mesh, P("data"))`` and the state replicated. The check compares the
trainable weights and the loss after 3 steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, jax_sync, ms_numpy, ms_sync

NAME = "W10"
TITLE = "ResNet-style conv/BN/residual step, DATA_PARALLEL over N host devices, batch 64"
VARIANTS: tuple[str, ...] = ("d1", "d8")
VARIANT_TITLES = {v: f"{v[1:]} host device(s)" for v in VARIANTS}
HOST_DEVICES = {v: int(v[1:]) for v in VARIANTS}
JIT_VARIANTS: tuple[str, ...] = ()
BATCH, C, HW, CLASSES = 64, 16, 16, 10
CONVS = ("stem", "b1a", "b1b", "b2a", "b2b")
LR, MOMENTUM, EPS = 0.01, 0.9, 1e-5
CHECK_STEPS = 3


def budget(quick: bool) -> Budget:
    return Budget(5, 2, 2.0) if quick else Budget(30, 3, 20.0)


def make_inputs(seed: int) -> Arrays:
    rng = np.random.default_rng(seed)
    arrays: Arrays = {}
    for name in CONVS:
        cin = 3 if name == "stem" else C
        arrays[f"{name}.w"] = (rng.standard_normal((C, cin, 3, 3)) *
                               np.sqrt(2.0 / (cin * 9))).astype(np.float32)
    arrays["fc.w"] = (rng.standard_normal((CLASSES, C)) * 0.1).astype(np.float32)
    arrays["fc.b"] = np.zeros(CLASSES, np.float32)
    arrays["x"] = rng.standard_normal((BATCH, 3, HW, HW)).astype(np.float32)
    arrays["y"] = rng.integers(0, CLASSES, BATCH).astype(np.int32)
    return arrays


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    nn, ops = ms.nn, ms.ops
    if getattr(ms, "__name__", "") == "mscompat":
        from mscompat.communication import init
        init()
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
                                     gradients_mean=True)

    def conv(name, cin):
        return nn.Conv2d(cin, C, 3, pad_mode="same", has_bias=False,
                         weight_init=ms.Tensor(arrays[f"{name}.w"]))

    class Block(nn.Cell):
        def __init__(self, a, b):
            super().__init__()
            self.conv1, self.bn1 = conv(a, C), nn.BatchNorm2d(C, eps=EPS)
            self.conv2, self.bn2 = conv(b, C), nn.BatchNorm2d(C, eps=EPS)
            self.relu = nn.ReLU()

        def construct(self, x):
            h = self.relu(self.bn1(self.conv1(x)))
            return self.relu(self.bn2(self.conv2(h)) + x)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.stem, self.bn = conv("stem", 3), nn.BatchNorm2d(C, eps=EPS)
            self.relu = nn.ReLU()
            self.block1, self.block2 = Block("b1a", "b1b"), Block("b2a", "b2b")
            self.fc = nn.Dense(C, CLASSES, weight_init=ms.Tensor(arrays["fc.w"]),
                               bias_init=ms.Tensor(arrays["fc.b"]))

        def construct(self, x):
            x = self.relu(self.bn(self.stem(x)))
            x = self.block2(self.block1(x))
            return self.fc(ops.mean(x, (2, 3)))

    net = Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=LR, momentum=MOMENTUM)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    train.set_train()
    x, y = ms.Tensor(arrays["x"]), ms.Tensor(arrays["y"])
    convs = [net.stem, net.block1.conv1, net.block1.conv2, net.block2.conv1, net.block2.conv2]

    def results(out: Any) -> Arrays:
        res = {f"{n}.w": c.weight.asnumpy() for n, c in zip(CONVS, convs)}
        res["fc.w"], res["fc.b"] = net.fc.weight.asnumpy(), net.fc.bias.asnumpy()
        res["loss"] = np.asarray(ms_numpy(out)).reshape(())
        return res

    return Runner(step=lambda: train(x, y), sync=ms_sync, results=results,
                  check_calls=CHECK_STEPS)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    import jax
    import jax.numpy as jnp
    import optax
    from jax.sharding import Mesh, NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = Mesh(np.array(jax.devices()), ("data",))
    batch, replicated = NamedSharding(mesh, P("data")), NamedSharding(mesh, P())
    # distinct buffers per leaf: the step donates them
    params = {n: {"w": jnp.asarray(arrays[f"{n}.w"]), "g": jnp.ones(C, jnp.float32),
                  "b": jnp.zeros(C, jnp.float32)} for n in CONVS}
    params["fc"] = {"w": jnp.asarray(arrays["fc.w"]), "b": jnp.asarray(arrays["fc.b"])}
    params = jax.device_put(params, replicated)

    def conv_bn(p, x):
        h = jax.lax.conv_general_dilated(x, p["w"], (1, 1), "SAME",
                                         dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                         precision="highest")
        mean = h.mean((0, 2, 3), keepdims=True)
        var = ((h - mean) ** 2).mean((0, 2, 3), keepdims=True)
        return (h - mean) / jnp.sqrt(var + EPS) * p["g"][:, None, None] + \
            p["b"][:, None, None]

    def loss_fn(p, x, y):
        h = jax.nn.relu(conv_bn(p["stem"], x))
        for a, b in (("b1a", "b1b"), ("b2a", "b2b")):
            h = jax.nn.relu(conv_bn(p[b], jax.nn.relu(conv_bn(p[a], h))) + h)
        logits = jnp.matmul(h.mean((2, 3)), p["fc"]["w"].T, precision="highest") + \
            p["fc"]["b"]
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    tx = optax.sgd(LR, momentum=MOMENTUM)

    def train_step(p, s, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(p, x, y)
        updates, s = tx.update(grads, s, p)
        return optax.apply_updates(p, updates), s, loss

    step_jit = jax.jit(train_step, donate_argnums=(0, 1))
    x = jax.device_put(jnp.asarray(arrays["x"]), batch)
    y = jax.device_put(jnp.asarray(arrays["y"]), batch)
    state = {"p": params, "s": tx.init(params)}

    def step():
        state["p"], state["s"], loss = step_jit(state["p"], state["s"], x, y)
        return loss

    def results(loss: Any) -> Arrays:
        res = {f"{n}.w": np.asarray(state["p"][n]["w"]) for n in CONVS}
        res["fc.w"] = np.asarray(state["p"]["fc"]["w"])
        res["fc.b"] = np.asarray(state["p"]["fc"]["b"])
        res["loss"] = np.asarray(loss).reshape(())
        return res

    return Runner(step=step, sync=jax_sync, results=results, check_calls=CHECK_STEPS)
