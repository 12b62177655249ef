"""``mindspore.Generator`` and the default generator's functions (``manual_seed``,
``initial_seed``, ``seed``, ``get_rng_state``, ``set_rng_state``).

A Generator owns a key stream like the ops' stream (``random_ops.py``): a hidden Parameter
holding a JAX key, split by every draw, so it works under ``jit`` and ``grad``. The default
generator *is* the ops' stream. Its state is a UInt8 Tensor of 16 bytes, as MindSpore's: the
seed (int64) and the key. MindSpore's own numbers (Philox) are not reproduced.

Example:
    >>> import mscompat as ms
    >>> g = ms.Generator().manual_seed(5)
    >>> g.initial_seed()
    5
    >>> state = g.get_state()
    >>> a = ms.mint.rand(3, generator=g)
    >>> g.set_state(state)
    >>> bool((ms.mint.rand(3, generator=g) == a).all())
    True
"""
from __future__ import annotations

import secrets

import numpy as np

from . import random_ops
from .parameter import Parameter
from .tensor import Tensor


class Generator:
    """``mindspore.Generator()``: a seeded stream of random numbers for the ops that take
    ``generator=``."""

    def __init__(self, _stream: Parameter | None = None) -> None:
        self._stream = _stream if _stream is not None else Parameter(
            Tensor._wrap(random_ops._initial_key()), name="generator_stream",
            requires_grad=False)
        self._seed = 0

    def manual_seed(self, seed: int) -> Generator:
        """Seed the stream; returns the generator."""
        if not isinstance(seed, int):
            raise TypeError("Seed must be an integer.")
        self._seed = int(seed)
        self._stream.set_data(Tensor._wrap(random_ops._key_data(self._seed % 2**63)))
        return self

    def seed(self) -> int:
        """Seed the stream with a random number and return it."""
        value = secrets.randbits(63)
        self.manual_seed(value)
        return value

    def initial_seed(self) -> int:
        return self._seed

    def get_state(self) -> Tensor:
        """The state: the seed and the stream's key, as 16 bytes (UInt8)."""
        key = np.asarray(self._stream.asnumpy(), np.uint32)
        raw = np.concatenate([np.array([self._seed], np.int64).view(np.uint8),
                              key.view(np.uint8)])
        return Tensor(raw, dtype=None)

    def set_state(self, state: Tensor) -> None:
        """Restore a state from ``get_state``."""
        if not isinstance(state, Tensor):
            raise TypeError(f"For 'Generator.set_state', the 'state' must be a Tensor, but got "
                            f"{type(state).__name__}.")
        raw = np.ascontiguousarray(state.asnumpy(), np.uint8).reshape(-1)
        key = np.asarray(self._stream.asnumpy())
        if raw.size != 8 + key.nbytes:
            raise ValueError(f"For 'Generator.set_state', the state must have {8 + key.nbytes} "
                             f"bytes, but got {raw.size}.")
        self._seed = int(raw[:8].view(np.int64)[0])
        self._stream.set_data(Tensor(raw[8:].view(key.dtype)))


default_generator = Generator(random_ops._STREAM)


def manual_seed(seed: int) -> Generator:
    """``mindspore.manual_seed(seed)``: seeds the default generator (the ops' stream) without
    changing ``get_seed()``; returns the default generator."""
    return default_generator.manual_seed(seed)


def seed() -> int:
    """Seed the default generator with a random number and return it."""
    return default_generator.seed()


def initial_seed() -> int:
    return default_generator.initial_seed()


def get_rng_state() -> Tensor:
    return default_generator.get_state()


def set_rng_state(state: Tensor) -> None:
    default_generator.set_state(state)
