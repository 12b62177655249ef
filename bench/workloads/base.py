"""Types and helpers shared by the workload modules.

Nothing here imports a framework at module level: the same workload files are
loaded by the MindSpore interpreter (which cannot import jax) and by the JAX one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

Arrays = dict[str, np.ndarray]


@dataclass
class Runner:
    """One implementation of a workload, ready to be timed.

    step:        performs one call (one gradient evaluation, one training step...)
                 and returns the value(s) the user would consume.
    sync:        forces the result of ``step`` to be materialised: ``jax.block_until_ready``
                 for raw JAX and for mscompat (the same synchronisation on both sides of
                 that comparison, no device-to-host copy), ``.asnumpy()`` for MindSpore.
    results:     turns the output of the last step (plus any state the runner holds,
                 e.g. trained weights) into named numpy arrays for the agreement check.
    check_calls: how many calls are made before ``results`` is read (1 for pure
                 functions; several training steps for W2).
    """

    step: Callable[[], Any]
    sync: Callable[[Any], Any]
    results: Callable[[Any], Arrays]
    check_calls: int = 1


@dataclass(frozen=True)
class Budget:
    """Timing budget of one implementation.

    calls:       calls per timing round (the nominal count);
    rounds:      number of rounds (the median of the per-round per-call means is reported);
    round_cap_s: if ``calls`` calls of this implementation would take longer than this,
                 the round is shortened to fit (the count actually used is reported), so a
                 slow implementation cannot blow the whole run's time budget.
    """

    calls: int
    rounds: int
    round_cap_s: float


def glorot(rng: np.random.Generator, fan_out: int, fan_in: int) -> np.ndarray:
    """Glorot-uniform weight in MindSpore ``nn.Dense`` layout ``(out, in)``, float32."""
    lim = np.sqrt(6.0 / (fan_in + fan_out))
    return rng.uniform(-lim, lim, size=(fan_out, fan_in)).astype(np.float32)


def small_bias(rng: np.random.Generator, n: int) -> np.ndarray:
    """A small non-zero bias so bias gradients are exercised, float32."""
    return (0.1 * rng.standard_normal(n)).astype(np.float32)


def ms_numpy(out: Any) -> Any:
    """Recursively ``.asnumpy()`` every Tensor in a (nested) tuple/list result."""
    if isinstance(out, (tuple, list)):
        return type(out)(ms_numpy(o) for o in out)
    if hasattr(out, "asnumpy"):
        return out.asnumpy()
    return np.asarray(out)


def named(prefix: str, seq: Any) -> Arrays:
    """Flatten a nested sequence of arrays into ``{prefix.i.j: array}``."""
    if isinstance(seq, (tuple, list)):
        out: Arrays = {}
        for i, item in enumerate(seq):
            out.update(named(f"{prefix}.{i}", item))
        return out
    return {prefix: np.asarray(seq)}


_WRAPPERS: dict[int, type] = {}


def ms_callable(ms: Any, fn: Callable[..., Any], use_jit: bool) -> Callable[..., Any]:
    """Make a MindSpore-style function callable the way the benchmark runs it.

    ``use_jit``: ``ms.jit(fn)`` (the function is compiled, run in PYNATIVE_MODE).
    Otherwise the function is called from a thin ``nn.Cell`` so that GRAPH_MODE
    compiles it and PYNATIVE_MODE runs it eagerly, exactly like any user Cell.
    """
    if use_jit:
        return ms.jit(fn)
    key = id(ms)
    if key not in _WRAPPERS:

        class FnCell(ms.nn.Cell):
            """Calls ``fn`` from ``construct``."""

            def __init__(self, f: Callable[..., Any]) -> None:
                super().__init__()
                self.f = f

            def construct(self, *args):  # noqa: D102 - MindSpore entry point
                return self.f(*args)

        _WRAPPERS[key] = FnCell
    return _WRAPPERS[key](fn)


def ms_sync(out: Any) -> Any:
    """Synchronise a MindSpore-style result. mscompat Tensors are JAX pytrees over their
    arrays, so an mscompat result is waited for by the very call the raw-JAX side makes
    (``jax.block_until_ready`` on the result: no copy, no extra Python walk); real
    MindSpore (whose interpreter has no JAX) has only ``asnumpy``."""
    if "mscompat" in sys.modules:
        return jax_sync(out)
    return ms_numpy(out)


def jax_sync(out: Any) -> Any:
    """``jax.block_until_ready`` on a pytree (imported lazily)."""
    import jax

    return jax.block_until_ready(out)
