"""The C++ standard library's random engines and distributions as MindSpore's CPU build
(GCC 9's libstdc++, glibc's libm) runs them, for the kernels and the dataset engine that
draw from them.

- ``Mt19937`` (``std::mt19937``; seeded with an integer it is NumPy's legacy ``RandomState``
  generator) and ``Mt19937x64`` (``std::mt19937_64``);
- ``MinStd`` (``std::minstd_rand0``, libstdc++'s ``default_random_engine``): ``x * 16807 mod
  (2**31 - 1)``, computed for a whole block at once;
- ``uniform_int``/``uniform_ints`` (``uniform_int_distribution``: rejection, then division),
  ``std_shuffle`` (two swap positions per draw while ``n * n`` fits the generator's range),
  ``canonical_doubles`` (``uniform_real_distribution<double>`` on a 32-bit engine: two
  draws per value) and ``polar_normals`` (``normal_distribution<float>``: Marsaglia's polar
  method in float32, with the libm ``logf`` MindSpore calls).

Example:
    >>> from mscompat._engine.std_random import MinStd, Mt19937, uniform_ints
    >>> uniform_ints(Mt19937(5), 6, 0, 9).tolist()
    [2, 0, 8, 8, 2, 3]
    >>> MinStd(1).take(3).tolist()
    [16807, 282475249, 1622650073]
"""
from __future__ import annotations

import ctypes
import ctypes.util
import functools

import numpy as np

_RANGE32 = 2 ** 32 - 1


class Mt19937:
    """``std::mt19937(seed)``: 32-bit outputs, read in blocks from NumPy's generator."""

    RANGE, MIN = _RANGE32, 0  # max() - min(), min()

    def __init__(self, seed: int) -> None:
        self._bits = np.random.RandomState(seed & 0xFFFFFFFF)._bit_generator
        self._buffer: list[int] = []
        self._pos = 0

    def __call__(self) -> int:
        if self._pos == len(self._buffer):
            self._buffer = self._bits.random_raw(624).tolist()
            self._pos = 0
        self._pos += 1
        return self._buffer[self._pos - 1]

    def take(self, count: int) -> np.ndarray:
        """The next ``count`` outputs, as a uint64 array."""
        head = self._buffer[self._pos:self._pos + count]
        self._pos += len(head)
        rest = count - len(head)
        if rest == 0:
            return np.asarray(head, np.uint64)
        tail = self._bits.random_raw(rest)  # the buffer is used up: the generator goes on
        return np.concatenate([np.asarray(head, np.uint64), tail])

    def copy(self) -> Mt19937:
        other = object.__new__(Mt19937)
        other._bits = np.random.MT19937(0)
        other._bits.state = self._bits.state
        other._buffer, other._pos = self._buffer, self._pos
        return other


def uniform_int(gen, low: int, high: int) -> int:
    """libstdc++ 9's ``uniform_int_distribution<size_t>(low, high)(gen)`` for an engine whose
    range (``max - min``, ``gen.RANGE``) exceeds ``high - low``."""
    span = high - low + 1
    scaling = gen.RANGE // span
    past = span * scaling
    value = gen() - gen.MIN
    while value >= past:
        value = gen() - gen.MIN
    return value // scaling + low


def std_shuffle(items: list, gen) -> list:
    """libstdc++'s ``std::shuffle(items.begin(), items.end(), gen)``, in place."""
    n = len(items)
    if n < 2:
        return items
    if gen.RANGE // n >= n:  # two swap positions per draw
        i = 1
        if n % 2 == 0:
            j = uniform_int(gen, 0, 1)
            items[1], items[j] = items[j], items[1]
            i = 2
        while i != n:
            width = i + 1
            draw = uniform_int(gen, 0, width * (width + 1) - 1)
            first, second = divmod(draw, width + 1)
            items[i], items[first] = items[first], items[i]
            items[i + 1], items[second] = items[second], items[i + 1]
            i += 2
        return items
    for i in range(1, n):
        j = uniform_int(gen, 0, i)
        items[i], items[j] = items[j], items[i]
    return items


class Mt19937x64:
    """``std::mt19937_64(seed)``, twisted with NumPy (312 outputs at a time)."""

    RANGE, MIN = 2 ** 64 - 1, 0

    _UPPER, _LOWER = np.uint64(0xFFFFFFFF80000000), np.uint64(0x7FFFFFFF)
    _MATRIX = np.uint64(0xB5026F5AA96619E9)

    def __init__(self, seed: int) -> None:
        state = [seed & 0xFFFFFFFFFFFFFFFF]
        for i in range(1, 312):
            prev = state[-1]
            state.append((6364136223846793005 * (prev ^ (prev >> 62)) + i)
                         & 0xFFFFFFFFFFFFFFFF)
        self._state = np.array(state, np.uint64)
        self._buffer: list[int] = []
        self._pos = 0

    def _twist(self) -> None:
        mt, one = self._state, np.uint64(1)

        def mixed(cur, nxt, far):
            y = (cur & self._UPPER) | (nxt & self._LOWER)
            return far ^ (y >> one) ^ ((y & one) * self._MATRIX)

        mt[:156] = mixed(mt[:156], mt[1:157], mt[156:312])
        mt[156:311] = mixed(mt[156:311], mt[157:312], mt[0:155])
        mt[311:] = mixed(mt[311:], mt[0:1], mt[155:156])
        y = mt.copy()
        y ^= (y >> np.uint64(29)) & np.uint64(0x5555555555555555)
        y ^= (y << np.uint64(17)) & np.uint64(0x71D67FFFEDA60000)
        y ^= (y << np.uint64(37)) & np.uint64(0xFFF7EEE000000000)
        y ^= y >> np.uint64(43)
        self._buffer = y.tolist()
        self._pos = 0

    def __call__(self) -> int:
        if self._pos == len(self._buffer):
            self._twist()
        self._pos += 1
        return self._buffer[self._pos - 1]

    def discard(self, count: int) -> None:
        """Skip ``count`` outputs."""
        while count > 0:
            if self._pos == len(self._buffer):
                self._twist()
            step = min(count, len(self._buffer) - self._pos)
            self._pos += step
            count -= step

    def copy(self) -> Mt19937x64:
        other = object.__new__(Mt19937x64)
        other._state, other._buffer, other._pos = self._state.copy(), self._buffer, self._pos
        return other


_MODULUS = 2 ** 31 - 1
_MULTIPLIER = 16807


class MinStd:
    """``std::minstd_rand0`` from ``state`` (seeding maps a seed to ``seed % m or 1``)."""

    RANGE, MIN = _MODULUS - 2, 1  # outputs 1 .. m - 1

    def __init__(self, state: int) -> None:
        self.state = int(state) % _MODULUS or 1

    def __call__(self) -> int:
        self.state = self.state * _MULTIPLIER % _MODULUS
        return self.state

    def take(self, count: int) -> np.ndarray:
        """The next ``count`` outputs (int64): ``state * 16807**i mod m``, ``i = 1..count``."""
        powers = np.empty(count, np.int64)
        if count:
            powers[0] = _MULTIPLIER
            done = 1
            while done < count:  # powers[k..2k) = powers[0..k) * 16807**k, each below 2**62
                step = min(done, count - done)
                powers[done:done + step] = powers[:step] * powers[done - 1] % _MODULUS
                done += step
        out = powers * self.state % _MODULUS
        if count:
            self.state = int(out[-1])
        return out

    def discard(self, count: int) -> None:
        """Skip ``count`` outputs."""
        self.state = self.state * pow(_MULTIPLIER, count, _MODULUS) % _MODULUS


def canonical_floats(gen, count: int) -> np.ndarray:
    """``count`` draws of ``generate_canonical<float>`` on a 31-bit engine (``MinStd``): one
    output each, ``float32(x - min) * 2**-31`` kept below one."""
    f32 = np.float32
    u = (gen.take(count) - gen.MIN).astype(f32) * f32(2.0 ** -31)
    return np.minimum(u, np.nextafter(f32(1), f32(0)))


def uniform_ints(gen: Mt19937, count: int, low: int, high: int) -> np.ndarray:
    """``count`` draws of ``uniform_int_distribution(low, high)`` at once (int64): the
    rejected draws are skipped in order, as the one-at-a-time loop skips them."""
    span = high - low + 1
    scaling = gen.RANGE // span
    past = span * scaling
    kept = []
    missing = count
    while missing:
        draws = gen.take(missing) - np.uint64(gen.MIN)
        draws = draws[draws < past]
        kept.append(draws)
        missing -= len(draws)
    values = np.concatenate(kept) if kept else np.zeros(0, np.uint64)
    return (values // np.uint64(scaling)).astype(np.int64) + low


def canonical_doubles(gen, count: int) -> np.ndarray:
    """``count`` draws of ``uniform_real_distribution<double>(0, 1)`` (float64) on a 32- or
    31-bit engine: two outputs each, ``(x0 + x1 * r) / r**2`` kept below one, ``r`` the
    engine's range plus one and ``x`` its outputs less its minimum."""
    r = float(gen.RANGE + 1)
    draws = gen.take(2 * count).astype(np.float64) - gen.MIN
    values = (draws[0::2] + draws[1::2] * r) / (r * r)
    return np.minimum(values, np.nextafter(1.0, 0.0))


@functools.cache
def _libm(name: str):
    path = ctypes.util.find_library("m")
    if path is None:
        return None
    function = getattr(ctypes.CDLL(path), name)
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    return np.frompyfunc(function, 1, 1)


def _float_libm(name: str, fallback, x: np.ndarray) -> np.ndarray:
    call = _libm(name)
    if call is None:
        return fallback(x.astype(np.float64)).astype(np.float32)
    return call(x).astype(np.float32) if x.size else x.astype(np.float32)


def logf(x: np.ndarray) -> np.ndarray:
    """libm's ``logf`` element by element (glibc's is not correctly rounded: it differs from
    the rounded ``log`` on about 0.7% of inputs); the rounded float64 ``log`` without one."""
    return _float_libm("logf", np.log, x)


def expf(x: np.ndarray) -> np.ndarray:
    """libm's ``expf`` element by element (the rounded float64 ``exp`` without a libm)."""
    return _float_libm("expf", np.exp, x)


def polar_normals(gen: MinStd, count: int) -> np.ndarray:
    """``count`` draws of a fresh ``normal_distribution<float>(0, 1)``: pairs of uniforms
    ``u = float32(x - 1) * 2**-31`` become ``2u - 1``; a pair inside the unit circle gives
    ``y * m`` then ``x * m`` with ``m = sqrt(-2 logf(r2) / r2)``, all in float32."""
    f32 = np.float32
    need = (count + 1) // 2
    parts = []
    missing = need
    while missing:  # each round draws only the pairs still needed: none beyond the last
        u = canonical_floats(gen, 2 * missing)
        x, y = (u[0::2] + u[0::2]) - f32(1), (u[1::2] + u[1::2]) - f32(1)
        r2 = x * x + y * y
        ok = (r2 <= f32(1)) & (r2 != f32(0))
        parts.append((x[ok], y[ok], r2[ok]))
        missing -= int(ok.sum())
    x, y, r2 = (np.concatenate(p) for p in zip(*parts)) if parts else (np.zeros(0, f32),) * 3
    scale = np.sqrt(logf(r2) * f32(-2) / r2)
    # the kernel adds the mean 0.0 (so -0.0 becomes 0.0)
    return np.stack([y * scale, x * scale], axis=1).reshape(-1)[:count] + f32(0)
