"""W9: W2's MLP step data-parallel over host devices (1, 2, 4, 8), batch 256.

MindSpore-style: ``set_auto_parallel_context(parallel_mode=DATA_PARALLEL,
gradients_mean=True)`` after ``communication.init()``, then W2's
``TrainOneStepCell(WithLossCell(net, loss), Momentum)`` (mscompat splits the batch over a
``jax.sharding`` mesh of the local devices). Raw JAX: W2's hand-written optax step with the
batch placed ``NamedSharding(mesh, P("data"))`` and the state replicated. Each variant's
workers get ``--xla_force_host_platform_device_count=N`` (``HOST_DEVICES``); the steady
times across variants are the per-device scaling. MindSpore (CPU build) runs the same code
stand-alone (its ``init()`` needs a launcher), for reference only.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import w2_mlp_train as w2
from .base import Arrays, Budget, Runner, glorot, small_bias

NAME = "W9"
TITLE = "W2's MLP + Momentum step, DATA_PARALLEL over N host devices, batch 256"
VARIANTS: tuple[str, ...] = ("d1", "d2", "d4", "d8")
VARIANT_TITLES = {v: f"{v[1:]} host device(s)" for v in VARIANTS}
HOST_DEVICES = {v: int(v[1:]) for v in VARIANTS}
JIT_VARIANTS: tuple[str, ...] = ()
BATCH = 256


def budget(quick: bool) -> Budget:
    return Budget(20, 3, 1.0) if quick else Budget(100, 3, 15.0)


def make_inputs(seed: int) -> Arrays:
    rng = np.random.default_rng(seed)
    arrays: Arrays = {}
    for name, fan_in, fan_out in zip(w2.LAYERS, w2.SIZES[:-1], w2.SIZES[1:]):
        arrays[f"{name}.w"] = glorot(rng, fan_out, fan_in)
        arrays[f"{name}.b"] = small_bias(rng, fan_out)
    arrays["x"] = rng.uniform(0.0, 1.0, (w2.N_BATCHES, BATCH, w2.SIZES[0])).astype(np.float32)
    arrays["y"] = rng.integers(0, w2.SIZES[-1], (w2.N_BATCHES, BATCH)).astype(np.int32)
    return arrays


def build_ms(ms: Any, arrays: Arrays, variant: str, use_jit: bool) -> Runner:
    if getattr(ms, "__name__", "") == "mscompat":
        from mscompat.communication import init
        init()
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
                                     gradients_mean=True)
    return w2.build_ms(ms, arrays, "a", use_jit)


def build_jax(arrays: Arrays, variant: str) -> Runner:
    """W2's optax step with the batch sharded over a ("data",) mesh, state replicated."""
    import jax
    import jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding
    from jax.sharding import PartitionSpec as P

    mesh = Mesh(np.array(jax.devices()), ("data",))
    batch, replicated = NamedSharding(mesh, P("data")), NamedSharding(mesh, P())
    params = {n: {"kernel": jax.device_put(jnp.asarray(arrays[f"{n}.w"].T), replicated),
                  "bias": jax.device_put(jnp.asarray(arrays[f"{n}.b"]), replicated)}
              for n in w2.LAYERS}

    return w2._optax_runner(params, w2.jax_loss, arrays,
                            lambda p, n: (p[n]["kernel"].T, p[n]["bias"]),
                            place=lambda a: jax.device_put(jnp.asarray(a), batch))
