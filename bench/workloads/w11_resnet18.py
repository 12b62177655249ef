"""W11: a ResNet-18 training step on CIFAR-sized input (batch 32 of 3x32x32), one device.

MindSpore-style: the CIFAR ResNet-18 (3x3 stem of 64 channels, four stages of two basic
blocks with 64/128/256/512 channels, stride 2 and a 1x1 conv + BatchNorm shortcut where the
shape changes, global average pool, ``Dense(512, 10)``), ``SoftmaxCrossEntropyWithLogits
(sparse, mean)``, ``Momentum(0.01, 0.9)`` in ``TrainOneStepCell``, GRAPH_MODE. The
comparison is hand-written Flax (``flax.linen`` Conv/BatchNorm/Dense, NHWC as Flax writes
it) with ``optax.sgd(momentum)`` under ``jax.jit``, the same weights. The check compares
the loss and the fc and stem weights after 3 steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import Arrays, Budget, Runner, jax_sync, ms_numpy, ms_sync

NAME = "W11"
TITLE = "ResNet-18 (CIFAR) training step, batch 32: mscompat GRAPH vs Flax/optax"
VARIANTS: tuple[str, ...] = ("b32",)
JIT_VARIANTS: tuple[str, ...] = ()
BATCH, HW, CLASSES = 32, 32, 10
WIDTHS = (64, 128, 256, 512)
LR, MOMENTUM, EPS = 0.01, 0.9, 1e-5
CHECK_STEPS = 3


def _convs() -> list[tuple[str, int, int, int]]:
    """(name, in, out, kernel) of every convolution, in network order."""
    convs = [("stem", 3, 64, 3)]
    cin = 64
    for s, width in enumerate(WIDTHS):
        for b in range(2):
            stride_in = cin
            convs.append((f"s{s}b{b}c1", stride_in, width, 3))
            convs.append((f"s{s}b{b}c2", width, width, 3))
            if b == 0 and (s > 0):
                convs.append((f"s{s}b{b}sc", stride_in, width, 1))
            cin = width
    return convs


def budget(quick: bool) -> Budget:
    return Budget(2, 2, 20.0) if quick else Budget(5, 3, 60.0)


def make_inputs(seed: int) -> Arrays:
    rng = np.random.default_rng(seed)
    arrays: Arrays = {}
    for name, cin, cout, k in _convs():
        arrays[f"{name}.w"] = (rng.standard_normal((cout, cin, k, k)) *
                               np.sqrt(2.0 / (cin * k * k))).astype(np.float32)
    arrays["fc.w"] = (rng.standard_normal((CLASSES, 512)) * 0.05).astype(np.float32)
    arrays["fc.b"] = np.zeros(CLASSES, np.float32)
    arrays["x"] = rng.standard_normal((BATCH, 3, HW, HW)).astype(np.float32)
    arrays["y"] = rng.integers(0, CLASSES, BATCH).astype(np.int32)
    return arrays


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    nn, ops = ms.nn, ms.ops

    def conv(name, cin, cout, k, stride):
        return nn.Conv2d(cin, cout, k, stride=stride, pad_mode="same" if k == 3 else "valid",
                         has_bias=False, weight_init=ms.Tensor(arrays[f"{name}.w"]))

    class Block(nn.Cell):
        def __init__(self, prefix, cin, cout, stride):
            super().__init__()
            self.conv1 = conv(f"{prefix}c1", cin, cout, 3, stride)
            self.bn1 = nn.BatchNorm2d(cout, eps=EPS)
            self.conv2 = conv(f"{prefix}c2", cout, cout, 3, 1)
            self.bn2 = nn.BatchNorm2d(cout, eps=EPS)
            self.relu = nn.ReLU()
            self.down = stride != 1
            if self.down:
                self.sc = conv(f"{prefix}sc", cin, cout, 1, stride)
                self.sc_bn = nn.BatchNorm2d(cout, eps=EPS)

        def construct(self, x):
            h = self.relu(self.bn1(self.conv1(x)))
            h = self.bn2(self.conv2(h))
            short = self.sc_bn(self.sc(x)) if self.down else x
            return self.relu(h + short)

    class ResNet18(nn.Cell):
        def __init__(self):
            super().__init__()
            self.stem = conv("stem", 3, 64, 3, 1)
            self.bn = nn.BatchNorm2d(64, eps=EPS)
            self.relu = nn.ReLU()
            blocks, cin = [], 64
            for s, width in enumerate(WIDTHS):
                for b in range(2):
                    blocks.append(Block(f"s{s}b{b}", cin, width, 2 if (b == 0 and s > 0)
                                        else 1))
                    cin = width
            self.layers = nn.SequentialCell(blocks)
            self.fc = nn.Dense(512, CLASSES, weight_init=ms.Tensor(arrays["fc.w"]),
                               bias_init=ms.Tensor(arrays["fc.b"]))

        def construct(self, x):
            x = self.layers(self.relu(self.bn(self.stem(x))))
            return self.fc(ops.mean(x, (2, 3)))

    net = ResNet18()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=LR, momentum=MOMENTUM)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, loss), opt)
    train.set_train()
    x, y = ms.Tensor(arrays["x"]), ms.Tensor(arrays["y"])

    def results(out: Any) -> Arrays:
        return {"stem.w": net.stem.weight.asnumpy(), "fc.w": net.fc.weight.asnumpy(),
                "fc.b": net.fc.bias.asnumpy(),
                "loss": np.asarray(ms_numpy(out)).reshape(())}

    return Runner(step=lambda: train(x, y), sync=ms_sync, results=results,
                  check_calls=CHECK_STEPS)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    import flax.linen as fnn
    import jax
    import jax.numpy as jnp
    import optax

    def kernel(name):  # OIHW -> HWIO, as Flax stores it
        return jnp.asarray(arrays[f"{name}.w"].transpose(2, 3, 1, 0))

    class Block(fnn.Module):
        prefix: str
        width: int
        stride: int

        @fnn.compact
        def __call__(self, x):
            bn = dict(use_running_average=False, momentum=MOMENTUM, epsilon=EPS)
            h = fnn.Conv(self.width, (3, 3), (self.stride, self.stride), "SAME",
                         use_bias=False, name=f"{self.prefix}c1")(x)
            h = fnn.relu(fnn.BatchNorm(**bn)(h))
            h = fnn.Conv(self.width, (3, 3), padding="SAME", use_bias=False,
                         name=f"{self.prefix}c2")(h)
            h = fnn.BatchNorm(**bn)(h)
            if self.stride != 1:
                x = fnn.Conv(self.width, (1, 1), (self.stride, self.stride), "VALID",
                             use_bias=False, name=f"{self.prefix}sc")(x)
                x = fnn.BatchNorm(**bn)(x)
            return fnn.relu(h + x)

    class ResNet18(fnn.Module):
        @fnn.compact
        def __call__(self, x):
            x = fnn.Conv(64, (3, 3), padding="SAME", use_bias=False, name="stem")(x)
            x = fnn.relu(fnn.BatchNorm(use_running_average=False, momentum=MOMENTUM,
                                       epsilon=EPS)(x))
            for s, width in enumerate(WIDTHS):
                for b in range(2):
                    x = Block(f"s{s}b{b}", width, 2 if (b == 0 and s > 0) else 1,
                              name=f"block_s{s}b{b}")(x)
            return fnn.Dense(CLASSES, name="fc")(x.mean((1, 2)))

    model = ResNet18()
    x = jnp.asarray(arrays["x"].transpose(0, 2, 3, 1))  # NCHW -> NHWC
    y = jnp.asarray(arrays["y"])
    variables = model.init(jax.random.PRNGKey(0), x)
    params = jax.tree_util.tree_map(lambda a: a, variables["params"])
    params = _load(params, kernel, arrays)
    batch_stats = variables["batch_stats"]
    tx = optax.sgd(LR, momentum=MOMENTUM)

    def loss_fn(p, stats):
        logits, new = model.apply({"params": p, "batch_stats": stats}, x,
                                  mutable=["batch_stats"])
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
        return loss, new["batch_stats"]

    def train_step(p, stats, s):
        (loss, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(p, stats)
        updates, s = tx.update(grads, s, p)
        return optax.apply_updates(p, updates), stats, s, loss

    step_jit = jax.jit(train_step, donate_argnums=(0, 1, 2))
    state = {"p": params, "b": batch_stats, "s": tx.init(params)}

    def step():
        state["p"], state["b"], state["s"], loss = step_jit(state["p"], state["b"],
                                                            state["s"])
        return loss

    def results(loss: Any) -> Arrays:
        p = state["p"]
        return {"stem.w": np.asarray(p["stem"]["kernel"]).transpose(3, 2, 0, 1),
                "fc.w": np.asarray(p["fc"]["kernel"]).T, "fc.b": np.asarray(p["fc"]["bias"]),
                "loss": np.asarray(loss).reshape(())}

    return Runner(step=step, sync=jax_sync, results=results, check_calls=CHECK_STEPS)


def _load(params, kernel, arrays):
    """The Flax parameter tree with the workload's weights (convs by name, fc)."""
    import jax.numpy as jnp
    params = dict(params)
    params["stem"] = {"kernel": kernel("stem")}
    for s in range(len(WIDTHS)):
        for b in range(2):
            key = f"block_s{s}b{b}"
            block = dict(params[key])
            for conv in ("c1", "c2", "sc"):
                name = f"s{s}b{b}{conv}"
                if name in block:
                    block[name] = {"kernel": kernel(name)}
            params[key] = block
    params["fc"] = {"kernel": jnp.asarray(arrays["fc.w"].T), "bias": jnp.asarray(arrays["fc.b"])}
    return params
