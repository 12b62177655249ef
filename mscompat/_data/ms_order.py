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

The engines and ``std::shuffle`` are ``_engine/std_random.py``'s.

Example:
    >>> from mscompat._data.ms_order import std_shuffle, Mt19937
    >>> std_shuffle(list(range(10)), Mt19937(1))
    [9, 0, 2, 5, 7, 4, 6, 3, 1, 8]
"""
from __future__ import annotations

from .._engine.std_random import Mt19937 as Mt19937
from .._engine.std_random import Mt19937x64 as Mt19937x64
from .._engine.std_random import std_shuffle as std_shuffle
from .._engine.std_random import uniform_int as uniform_int

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
