"""``nn.Dropout``'s masks as MindSpore 2.10's CPU kernel draws them.

``nn.Dropout`` builds its ``Dropout`` primitive with ``(seed0, seed1) =
_get_graph_seed(0, "dropout")``: the global seed and a per-kernel counter that each new
Dropout advances (``set_seed`` resets it). The kernel mixes the pair into one 64-bit seed
(Philox-4x32-10), seeds ``std::minstd_rand0`` with it, and keeps that generator from call
to call; element ``i`` is kept when ``float32(x_i - 1) * 2**-31 < keep_prob``, ``x_i`` the
generator's next value, and the kept values are multiplied by ``float32(1 / keep_prob)``.
Here the generator's state is a hidden Parameter (``random_ops``' stream is one too), so a
compiled call carries it forward as MindSpore's kernel does; ``x_i = x_0 * 16807**i mod
(2**31 - 1)`` is computed for all ``i`` at once.

Without a global seed MindSpore seeds the kernel from the system's entropy; mscompat then
draws from its own stream (``random_ops.stream_dropout``).

Example:
    >>> from mscompat._engine.ms_dropout import kernel_seed
    >>> hex(kernel_seed(1, 0))
    '0x45b1837289544a39'
"""
from __future__ import annotations

import contextvars

import jax.numpy as jnp
import numpy as np

from .init_streams import philox4x32

_MODULUS = 2 ** 31 - 1
_MULTIPLIER = 16807
_KEY_CONSTANT = (3528531795, 2654435769, 3449720151, 3144134277)
_DEFAULT_GRAPH_SEED = 87654321
_KERNEL_SEED: dict = {}  # (kernel name, op seed) -> the next op seed, as MindSpore keeps it
# Set by the JAX bridge's ``apply``: a pure function draws from the ``rng=`` it is given.
OPS_STREAM_ONLY: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "mscompat_dropout_ops_stream", default=False)


def counters() -> dict:
    """The seed counters, to put back when a trace is abandoned (``restore_counters``)."""
    return dict(_KERNEL_SEED) if _KERNEL_SEED else {}


def restore_counters(saved: dict) -> None:
    """Undo the counters' advances of an abandoned trace: its retrace takes them again, as
    MindSpore takes them once per compiled graph."""
    _KERNEL_SEED.clear()
    _KERNEL_SEED.update(saved)


def reset_op_seeds() -> None:
    """What ``set_seed`` does to the counters (MindSpore's ``_reset_op_seed``)."""
    for kernel, op_seed in _KERNEL_SEED:
        _KERNEL_SEED[(kernel, op_seed)] = op_seed


def graph_seed(op_seed: int, kernel: str) -> tuple[int, int]:
    """MindSpore's ``_get_graph_seed(op_seed, kernel)``; advances the kernel's counter."""
    from .random_ops import get_seed
    global_seed = get_seed()
    global_seed = _DEFAULT_GRAPH_SEED if global_seed == 0 else (global_seed or 0)
    if global_seed == 0 and op_seed == 0:
        return 0, 0
    temp = _KERNEL_SEED.setdefault((kernel, op_seed), op_seed)
    _KERNEL_SEED[(kernel, op_seed)] = temp + (_KEY_CONSTANT[0] ^ _KEY_CONSTANT[2])
    return global_seed % _MODULUS, temp % _MODULUS


def kernel_seed(seed0: int, seed1: int) -> int:
    """MindSpore's ``kernel::random::GetSeed``: Philox-4x32-10 of the two seeds (the counter)
    under a fixed key; the first two output words."""
    low = 0xFFFFFFFF
    words = philox4x32((seed0 & low, seed0 >> 32, seed1 & low, seed1 >> 32),
                       (0x3EC8F720, 0x02461E29))
    return (int(words[1]) << 32) | int(words[0])


def initial_state(seed0: int, seed1: int) -> np.ndarray:
    """The kernel's ``minstd_rand0`` state after seeding."""
    state = kernel_seed(seed0, seed1) % _MODULUS
    return np.asarray(state or 1, np.int64)


_BLOCK = 1024


def _power_range(base: int, start: int, count: int):
    """``base ** e mod m`` for ``e = start .. start + count - 1`` (squaring, small arrays)."""
    exponents = jnp.arange(start, start + count, dtype=jnp.int64)
    out = jnp.ones((count,), jnp.int64)
    factor = jnp.int64(base)
    for bit in range(max(start + count, 1).bit_length()):
        out = jnp.where((exponents >> bit) & 1 == 1, out * factor % _MODULUS, out)
        factor = factor * factor % _MODULUS
    return out


def _powers(n: int):
    """``16807 ** i mod m`` for ``i = 1 .. n``: a block of powers times powers of the block's
    step (two multiplications per element)."""
    within = _power_range(_MULTIPLIER, 1, _BLOCK)
    blocks = -(-n // _BLOCK)
    steps = _power_range(pow(_MULTIPLIER, _BLOCK, _MODULUS), 0, blocks)
    return (steps[:, None] * within[None, :] % _MODULUS).reshape(-1)[:n]


def masked(state, x, *, keep_prob: float):
    """``(x * mask * scale, mask, new state)`` for the generator at ``state``."""
    n = int(np.prod(x.shape, dtype=np.int64))
    values = jnp.asarray(state, jnp.int64) * _powers(n) % _MODULUS
    fraction = (values - 1).astype(jnp.float32) * jnp.float32(2.0 ** -31)
    fraction = jnp.minimum(fraction, jnp.nextafter(jnp.float32(1), jnp.float32(0)))
    keep = (fraction < jnp.float32(keep_prob)).reshape(x.shape)
    mask = keep.astype(x.dtype)
    scale = np.float32(1.0) / np.float32(keep_prob)
    out = x * mask * jnp.asarray(scale, x.dtype)
    new_state = values[-1] if n else jnp.asarray(state, jnp.int64)
    return out, mask, new_state


class MaskStream:
    """One ``nn.Dropout``'s kernel generators: MindSpore keeps a kernel per input signature
    (a batch of another shape starts from the seeds, and the first shape's kernel goes on
    when it comes back) and per compiled graph (a ``grad`` graph of a forward already run
    starts from the seeds too), each here a hidden Parameter (not one of the Cell's) that
    every call reads and writes back, eagerly and inside compiled calls alike."""

    def __init__(self, seeds: tuple[int, int]) -> None:
        self.seeds = seeds
        self.states: dict = {}  # (compiled graph or None, shape, dtype) -> Parameter

    def _state(self, x):
        from .compile import GRAPH
        key = (GRAPH.get(), tuple(x.shape), str(x.dtype))
        state = self.states.get(key)
        if state is None:
            from .parameter import Parameter
            from .tensor import Tensor
            state = self.states[key] = Parameter(
                Tensor(initial_state(*self.seeds)), name="mscompat_dropout_stream",
                requires_grad=False)
        return state

    def apply(self, x, keep_prob: float):
        from .ops_build import call
        if OPS_STREAM_ONLY.get():
            from .random_ops import stream_dropout
            return stream_dropout(x, 1.0 - keep_prob)
        state = self._state(x)
        out, _, new_state = call(masked, (state._data, x._data),
                                 {"keep_prob": float(keep_prob)})
        state._data = new_state._data
        return out
