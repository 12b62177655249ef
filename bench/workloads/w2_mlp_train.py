"""W2: MLP 784-512-512-10 (ReLU) trained with Momentum, batch 128.

Loss ``nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')``, optimizer
``nn.Momentum(lr=0.01, momentum=0.9)``. Two MindSpore-style variants:

* ``a``: ``nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)``;
* ``b``: ``ms.value_and_grad(forward, None, opt.parameters)`` + ``opt(grads)``.

Raw JAX: one jitted step with ``optax.sgd(0.01, momentum=0.9)``. MindSpore's Momentum
(nesterov=False) is ``v = momentum * v + g; p -= lr * v``; optax's trace is
``t = g + momentum * t; p += -lr * t`` - the same rule, checked numerically via the
final weights after ``CHECK_STEPS`` steps.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .base import (
    Arrays,
    Budget,
    Runner,
    glorot,
    jax_sync,
    ms_callable,
    ms_numpy,
    ms_sync,
    small_bias,
)

NAME = "W2"
TITLE = "MLP 784-512-512-10 + Momentum, batch 128"
VARIANTS: tuple[str, ...] = ("a", "b")
VARIANT_TITLES = {
    "a": "TrainOneStepCell(WithLossCell(net, loss), Momentum)",
    "b": "value_and_grad(forward, None, opt.parameters) + opt(grads)",
}
JIT_VARIANTS: tuple[str, ...] = ()
# mscompat-to_jax: the MLP Cell exported with mscompat.jax.to_jax, trained by the raw-JAX step
EXPORT_VARIANTS: tuple[str, ...] = ("a",)
SIZES = (784, 512, 512, 10)
BATCH = 128
N_BATCHES = 4
LR, MOMENTUM = 0.01, 0.9
CHECK_STEPS = 10
LAYERS = ("fc1", "fc2", "fc3")


def jax_variant(variant: str) -> str:
    """Both MindSpore-style variants are compared with the same raw-JAX step."""
    return "step"


def budget(quick: bool) -> Budget:
    """200 training steps per round (20 in quick mode), 3 rounds."""
    return Budget(20, 3, 1.0) if quick else Budget(200, 3, 15.0)


def make_inputs(seed: int) -> Arrays:
    """Glorot weights (Dense layout (out, in)), N_BATCHES batches of inputs and labels."""
    rng = np.random.default_rng(seed)
    arrays: Arrays = {}
    for name, fan_in, fan_out in zip(LAYERS, SIZES[:-1], SIZES[1:]):
        arrays[f"{name}.w"] = glorot(rng, fan_out, fan_in)
        arrays[f"{name}.b"] = small_bias(rng, fan_out)
    arrays["x"] = rng.uniform(0.0, 1.0, (N_BATCHES, BATCH, SIZES[0])).astype(np.float32)
    arrays["y"] = rng.integers(0, SIZES[-1], (N_BATCHES, BATCH)).astype(np.int32)
    return arrays


def _mlp(ms: Any, arrays: Arrays) -> Any:
    nn = ms.nn

    def dense(name: str, fan_in: int, fan_out: int) -> Any:
        return nn.Dense(
            fan_in,
            fan_out,
            weight_init=ms.Tensor(arrays[f"{name}.w"]),
            bias_init=ms.Tensor(arrays[f"{name}.b"]),
        )

    class MLP(nn.Cell):
        def __init__(self) -> None:
            super().__init__()
            self.fc1 = dense("fc1", 784, 512)
            self.fc2 = dense("fc2", 512, 512)
            self.fc3 = dense("fc3", 512, 10)
            self.relu = nn.ReLU()

        def construct(self, x):
            x = self.relu(self.fc1(x))
            x = self.relu(self.fc2(x))
            return self.fc3(x)

    return MLP()


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    """The MindSpore-style model and training step (variant ``a`` or ``b``)."""
    nn = ms.nn
    net = _mlp(ms, arrays)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=LR, momentum=MOMENTUM)

    if variant == "a":
        train = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
        train.set_train()
    else:

        def forward(x, y):
            logits = net(x)
            return loss_fn(logits, y)

        grad_fn = ms.value_and_grad(forward, None, opt.parameters)

        def train_step(x, y):
            loss, grads = grad_fn(x, y)
            opt(grads)
            return loss

        train = ms_callable(ms, train_step, use_jit)

    xs = [ms.Tensor(arrays["x"][i]) for i in range(N_BATCHES)]
    ys = [ms.Tensor(arrays["y"][i]) for i in range(N_BATCHES)]
    counter = [0]

    def step() -> Any:
        i = counter[0] % N_BATCHES
        counter[0] += 1
        return train(xs[i], ys[i])

    def results(loss: Any) -> Arrays:
        params = net.trainable_params()
        keys = [f"{n}.{k}" for n in LAYERS for k in ("w", "b")]
        assert len(params) == len(keys), [p.name for p in params]
        out = {k: p.asnumpy() for k, p in zip(keys, params)}
        out["loss"] = np.asarray(ms_numpy(loss)).reshape(())
        return out

    return Runner(step=step, sync=ms_sync, results=results, check_calls=CHECK_STEPS)


def jax_loss(p: Any, x: Any, y: Any) -> Any:
    """The raw-JAX MLP loss over ``{"fc1": {"kernel", "bias"}, ...}`` ((in, out) kernels)."""
    import jax
    import optax

    h = jax.nn.relu(x @ p["fc1"]["kernel"] + p["fc1"]["bias"])
    h = jax.nn.relu(h @ p["fc2"]["kernel"] + p["fc2"]["bias"])
    logits = h @ p["fc3"]["kernel"] + p["fc3"]["bias"]
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()


def build_jax(arrays: Arrays, variant: str) -> Runner:
    """Idiomatic JAX/optax: params pytree with (in, out) kernels, donated jitted step."""
    import jax.numpy as jnp

    params = {
        n: {"kernel": jnp.asarray(arrays[f"{n}.w"].T), "bias": jnp.asarray(arrays[f"{n}.b"])}
        for n in LAYERS
    }

    return _optax_runner(params, jax_loss, arrays,
                         lambda p, n: (p[n]["kernel"].T, p[n]["bias"]))


def build_export(ms: Any, arrays: Arrays, variant: str) -> Runner:
    """The MLP Cell as ``apply, params = mscompat.jax.to_jax(net)`` in the raw-JAX step."""
    import jax
    import optax

    from mscompat.jax import to_jax

    apply, params = to_jax(_mlp(ms, arrays))

    def loss_fn(p: Any, x: jax.Array, y: jax.Array) -> jax.Array:
        return optax.softmax_cross_entropy_with_integer_labels(apply(p, x), y).mean()

    return _optax_runner(params, loss_fn, arrays, lambda p, n: (p[n]["weight"], p[n]["bias"]))


def _optax_runner(params: Any, loss_fn: Any, arrays: Arrays, layer: Any,
                  place: Any = None) -> Runner:
    """The raw-JAX training loop of ``build_jax`` over any params pytree and loss;
    ``place(array)`` puts each input batch (default: ``jnp.asarray``)."""
    import jax
    import jax.numpy as jnp
    import optax

    tx = optax.sgd(LR, momentum=MOMENTUM)

    def train_step(p: Any, s: Any, x: jax.Array, y: jax.Array) -> tuple[Any, Any, jax.Array]:
        loss, grads = jax.value_and_grad(loss_fn)(p, x, y)
        updates, s = tx.update(grads, s, p)
        return optax.apply_updates(p, updates), s, loss

    train_step_jit = jax.jit(train_step, donate_argnums=(0, 1))
    place = place or jnp.asarray
    xs = [place(arrays["x"][i]) for i in range(N_BATCHES)]
    ys = [place(arrays["y"][i]) for i in range(N_BATCHES)]
    state = {"p": params, "s": tx.init(params), "i": 0}

    def step() -> jax.Array:
        i = state["i"] % N_BATCHES
        state["i"] += 1
        state["p"], state["s"], loss = train_step_jit(state["p"], state["s"], xs[i], ys[i])
        return loss

    def results(loss: Any) -> Arrays:
        out: Arrays = {}
        for n in LAYERS:
            w, b = layer(state["p"], n)
            out[f"{n}.w"], out[f"{n}.b"] = np.asarray(w), np.asarray(b)
        out["loss"] = np.asarray(loss).reshape(())
        return out

    return Runner(step=step, sync=jax_sync, results=results, check_calls=CHECK_STEPS)
