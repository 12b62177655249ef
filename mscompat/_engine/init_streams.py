"""The random streams behind MindSpore's initializers, reproduced bit for bit.

MindSpore 2.10 fills an initializer's array in C++ (``_random_uniform``/``_random_normal``)
from a seed it draws from NumPy's global generator (``np.random.randint(1, 2**63)``, one
draw per array, so ``mindspore.set_seed``/``np.random.seed`` fix both). The C++ side is a
Philox-4x32-10 counter generator whose key is the seed and whose counter is
``(block, 0, seed_lo, seed_hi)``; its 32-bit outputs are read in order:

- uniform on ``[a, b)``: ``float32(x / 2**32 * (b - a) + a)`` in double, with ``a``, ``b``
  rounded to float32 first;
- truncated normal on ``[a, b]``: the inverse CDF, ``mean - sigma * sqrt2 * erfcinv(2 p)``
  with ``p = Phi(alpha) + x / 2**32 * (Phi(beta) - Phi(alpha))`` (Boost's ``erfc_inv``, which
  SciPy's ``erfcinv`` is, and libm's ``erfc``; ``sqrt2`` is the float32 constant);
- normal: Box-Muller on pairs of outputs, each turned into ``u = 1.m - 1`` from its low 23
  bits (at least ``1e-7``), ``r = sigma * sqrt(-2 log u1)``, ``t = 6.283185 * u2`` (the float32
  constant), giving ``r cos t + mean`` then ``r sin t + mean``, each rounded to float32.

Checked against MindSpore's own functions on arrays of up to 3,000,000 elements (its
multi-threaded fill gives the same stream). The arithmetic is NumPy's float64, which rounds
to the same float32 as MindSpore's libm calls except in rare double-rounding cases.

Example:
    >>> from mscompat._engine.init_streams import uniform
    >>> [round(float(v), 6) for v in uniform(1, 3, 0.0, 1.0)]
    [0.027452, 0.259802, 0.222795]
"""
from __future__ import annotations

import math

import numpy as np

_MULTIPLIERS = (np.uint64(0xD2511F53), np.uint64(0xCD9E8D57))
_KEY_STEPS = (np.uint64(0x9E3779B9), np.uint64(0xBB67AE85))
_LOW32 = np.uint64(0xFFFFFFFF)
_SHIFT32 = np.uint64(32)
_CHUNK_BLOCKS = 1 << 18  # 4 MiB of output per chunk bounds the temporaries
_TWO_PI_F32 = float(np.float32(6.283185))
_TINY_F32 = np.float32(1e-7)
_SQRT2_F32 = float(np.float32(math.sqrt(2.0)))
_FLT_EPSILON = float(np.finfo(np.float32).eps)
_FLT_TRUE_MIN = float(np.nextafter(np.float32(0), np.float32(1)))


def numpy_seed() -> int:
    """The seed MindSpore draws for one initialized array (``_numpy_seed``)."""
    return int(np.random.randint(low=1, high=1 << 63, dtype=np.int64))


def philox4x32(counter, key) -> tuple:
    """Philox-4x32-10 of the counter words ``(c0, c1, c2, c3)`` (uint64 arrays or scalars
    below ``2**32``) under the key ``(k0, k1)``: the four output words."""
    c0, c1, c2, c3 = (np.asarray(c, np.uint64) for c in counter)
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    for _ in range(10):
        p0, p1 = _MULTIPLIERS[0] * c0, _MULTIPLIERS[1] * c2
        c0, c1, c2, c3 = ((p1 >> _SHIFT32) ^ c1 ^ k0, p1 & _LOW32,
                          (p0 >> _SHIFT32) ^ c3 ^ k1, p0 & _LOW32)
        k0 = (k0 + _KEY_STEPS[0]) & _LOW32
        k1 = (k1 + _KEY_STEPS[1]) & _LOW32
    return c0, c1, c2, c3


def _philox_blocks(seed: int, start: int, count: int) -> np.ndarray:
    """Blocks ``start .. start + count`` of the stream, as ``4 * count`` uint32 values."""
    low, high = seed & 0xFFFFFFFF, (seed >> 32) & 0xFFFFFFFF
    block = np.arange(start, start + count, dtype=np.uint64)
    words = philox4x32((block & _LOW32, block >> _SHIFT32, np.full(count, low, np.uint64),
                        np.full(count, high, np.uint64)), (low, high))
    return np.stack(words, axis=1).reshape(-1).astype(np.uint32)


def _raw(seed: int, count: int):
    """The first ``count`` uint32 outputs of the stream, in chunks."""
    blocks = (count + 3) // 4
    for start in range(0, blocks, _CHUNK_BLOCKS):
        chunk = _philox_blocks(seed, start, min(_CHUNK_BLOCKS, blocks - start))
        yield chunk[:max(0, count - 4 * start)]


def uniform(seed: int, size: int, a: float, b: float) -> np.ndarray:
    """``size`` float32 values on ``[a, b)``, as MindSpore's ``_random_uniform``."""
    lo, hi = float(np.float32(a)), float(np.float32(b))
    parts = [(x * (1.0 / 2 ** 32) * (hi - lo) + lo).astype(np.float32)
             for x in _raw(seed, size)]
    return np.concatenate(parts) if parts else np.zeros(0, np.float32)


def normal(seed: int, size: int, mean: float, sigma: float) -> np.ndarray:
    """``size`` float32 normal values, as MindSpore's ``_random_normal``."""
    mu, scale = float(np.float32(mean)), float(np.float32(sigma))
    parts = []
    for x in _raw(seed, 2 * ((size + 1) // 2)):
        u = ((x & np.uint32(0x7FFFFF)) | np.uint32(0x3F800000)).view(np.float32) - 1
        u = np.where(u < _TINY_F32, _TINY_F32, u).astype(np.float64)
        r = np.sqrt(np.log(u[0::2]) * -2.0) * scale
        t = _TWO_PI_F32 * u[1::2]
        parts.append(np.stack([r * np.cos(t) + mu, np.sin(t) * r + mu], axis=1)
                     .reshape(-1).astype(np.float32))
    out = np.concatenate(parts) if parts else np.zeros(0, np.float32)
    return out[:size]


def truncated_normal(seed: int, size: int, a: float, b: float, mean: float,
                     sigma: float) -> np.ndarray:
    """``size`` float32 values of a normal truncated to ``[a, b]``, as MindSpore's
    ``_truncated_normal``."""
    from scipy.special import erfcinv
    a, b, mu, scale = (float(np.float32(v)) for v in (a, b, mean, sigma))
    low = 0.5 * math.erfc(-((a - mu) / scale / _SQRT2_F32))
    high = 0.5 * math.erfc(-((b - mu) / scale / _SQRT2_F32))
    parts = []
    for x in _raw(seed, size):
        p2 = ((high - low) * (x * (1.0 / 2 ** 32)) + low) * 2
        p2 = np.where(p2 <= 0, _FLT_TRUE_MIN, p2)
        z = np.where(p2 >= 2, -erfcinv(_FLT_EPSILON), erfcinv(np.minimum(p2, 2.0)))
        parts.append((-z * _SQRT2_F32 * scale + mu).astype(np.float32))
    return np.concatenate(parts) if parts else np.zeros(0, np.float32)
