"""The orders in which MindSpore's dataset engine shuffles, reproduced exactly.

MindSpore 2.10's samplers and shuffle operation are C++ (built with GCC 9's libstdc++), seeded
from ``dataset.config`` (which ``mindspore.set_seed`` also sets):

- ``RandomSampler`` (``shuffle=True`` of a random-access source): each epoch ``e`` runs
  ``std::shuffle`` over the previous epoch's order with ``std::mt19937(seed + e)``; with
  ``replacement=True`` it draws ``uniform_int(0, n - 1)`` from ``std::mt19937(seed + e)``;
- ``SubsetRandomSampler``: ``std::shuffle`` of the previous order with ``std::mt19937(seed)``
  every epoch;
- ``DistributedSampler`` (``num_shards`` with ``shuffle=True``): like ``RandomSampler`` with
  ``seed + 1`` (its Python object adds one when the pipeline is built), then every
  ``num_shards``-th row;
- ``Dataset.shuffle(buffer_size)``: a buffer of ``buffer_size`` rows; each output row is
  ``buffer[r % len(buffer)]`` for the next ``r`` of ``std::mt19937_64(seed)`` (carried across
  epochs), whose slot takes the last buffered row, and the next input row fills the end.

``std::mt19937`` seeded with an integer is NumPy's legacy ``RandomState`` generator;
``std::mt19937_64`` is written here. libstdc++'s ``uniform_int_distribution`` (GCC 9:
rejection then division) and ``std::shuffle`` (two swap positions from one draw while
``n * n`` fits the generator's range) are followed step by step.

Example:
    >>> from mscompat._data.ms_order import std_shuffle, Mt19937
    >>> std_shuffle(list(range(10)), Mt19937(1))
    [9, 0, 2, 5, 7, 4, 6, 3, 1, 8]
"""
from __future__ import annotations

import numpy as np

_RANGE32 = 2 ** 32 - 1


class Mt19937:
    """``std::mt19937(seed)``: 32-bit outputs, read in blocks from NumPy's generator."""

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

    def copy(self) -> Mt19937:
        other = object.__new__(Mt19937)
        other._bits = np.random.MT19937(0)
        other._bits.state = self._bits.state
        other._buffer, other._pos = self._buffer, self._pos
        return other


def uniform_int(gen: Mt19937, low: int, high: int) -> int:
    """libstdc++ 9's ``uniform_int_distribution<size_t>(low, high)(gen)`` for a 32-bit
    generator (``high - low`` below ``2**32 - 1``)."""
    span = high - low + 1
    scaling = _RANGE32 // span
    past = span * scaling
    value = gen()
    while value >= past:
        value = gen()
    return value // scaling + low


def std_shuffle(items: list, gen: Mt19937) -> list:
    """libstdc++'s ``std::shuffle(items.begin(), items.end(), gen)``, in place."""
    n = len(items)
    if n < 2:
        return items
    if _RANGE32 // n >= n:  # two swap positions per draw
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


_ORDERS: dict = {}  # (n, seed) -> (epoch, order): the latest order, to go on from
_MAX_ORDERS = 8


def random_sampler_order(n: int, seed: int, epoch: int, replacement: bool = False,
                         num_samples: int | None = None) -> list[int]:
    """``RandomSampler``'s rows for ``epoch``: every epoch shuffles the one before, so the
    latest order computed is kept and shuffled on from."""
    if replacement:
        gen = Mt19937(seed + epoch)
        return [uniform_int(gen, 0, n - 1) for _ in range(num_samples or n)]
    done, order = _ORDERS.get((n, seed), (-1, None))
    if done > epoch or order is None:
        done, order = -1, list(range(n))
    order = list(order)
    for e in range(done + 1, epoch + 1):
        std_shuffle(order, Mt19937(seed + e))
    if len(_ORDERS) >= _MAX_ORDERS:
        _ORDERS.pop(next(iter(_ORDERS)))
    _ORDERS[(n, seed)] = (epoch, order)
    return order[:num_samples] if num_samples else list(order)


def subset_random_order(indices: list, seed: int, epoch: int) -> list:
    """``SubsetRandomSampler``'s rows for ``epoch``."""
    order = list(indices)
    for _ in range(epoch + 1):
        std_shuffle(order, Mt19937(seed))
    return order


def buffer_shuffle_positions(n: int, buffer_size: int, gen: Mt19937x64) -> list[int]:
    """The input positions ``Dataset.shuffle(buffer_size)`` outputs for ``n`` input rows
    (draws ``n`` values from ``gen``)."""
    buffer = list(range(min(buffer_size, n)))
    upcoming = len(buffer)
    out = []
    while buffer:
        last = len(buffer) - 1
        slot = gen() % (last + 1)
        out.append(buffer[slot])
        buffer[slot] = buffer[last]
        if upcoming < n:
            buffer[last] = upcoming
            upcoming += 1
        else:
            buffer.pop()
    return out


def buffer_shuffled(rows, buffer_size: int, gen: Mt19937x64):
    """``Dataset.shuffle(buffer_size)`` over an iterable of rows, as a generator (one draw of
    ``gen`` per row)."""
    it = iter(rows)
    buffer = []
    for row in it:
        buffer.append(row)
        if len(buffer) == buffer_size:
            break
    end = object()
    while buffer:
        last = len(buffer) - 1
        slot = gen() % (last + 1)
        out = buffer[slot]
        buffer[slot] = buffer[last]
        row = next(it, end)
        if row is end:
            buffer.pop()
        else:
            buffer[last] = row
        yield out
