"""``mindspore.dataset`` samplers: which source rows a random-access dataset reads, in order.

A sampler (or a plain iterable of row indices) replaces ``shuffle``/``num_shards``/
``shard_id``/``num_samples``; giving both raises MindSpore's ValueError. Deterministic
samplers give MindSpore's exact order, and so do the random ones for the same dataset seed
(``ms_order``: MindSpore's generators and libstdc++'s shuffle).

Example:
    >>> import numpy as np
    >>> import mscompat.dataset as ds
    >>> data = ds.NumpySlicesDataset({"i": np.arange(10)},
    ...                              sampler=ds.DistributedSampler(3, 1, shuffle=False))
    >>> [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
    [1, 4, 7, 0]
"""
from __future__ import annotations

from collections.abc import Iterable

from . import ms_order
from .pipeline import Shuffle, dataset_seed


def _check_count(name: str, value, allow_none: bool = True) -> None:
    if value is None and allow_none:
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"{name} should be a non-negative integer, but got {value!r}.")


class Sampler:
    """Base of the samplers: ``_indices(n, epoch)`` -> the row indices of one epoch."""

    def __init__(self, num_samples: int | None = None) -> None:
        _check_count("num_samples", num_samples)
        self.num_samples = num_samples

    def _order(self, n: int, epoch: int) -> list[int]:
        raise NotImplementedError

    def _indices(self, n: int, epoch: int) -> list[int]:
        idx = self._order(n, epoch)
        return idx[:self.num_samples] if self.num_samples else idx


class SequentialSampler(Sampler):
    """``SequentialSampler(start_index=None, num_samples=None)``."""

    def __init__(self, start_index: int | None = None, num_samples: int | None = None) -> None:
        super().__init__(num_samples)
        _check_count("start_index", start_index)
        self.start_index = start_index or 0

    def _order(self, n, epoch):
        return list(range(self.start_index, n))


class RandomSampler(Sampler):
    """``RandomSampler(replacement=False, num_samples=None, shuffle=Shuffle.GLOBAL)``: the
    global shuffle (``Shuffle.ADAPTIVE`` is global below 100 million rows, as MindSpore's
    documentation says; the partial modes raise NotImplementedError)."""

    def __init__(self, replacement: bool = False, num_samples: int | None = None,
                 shuffle: Shuffle = Shuffle.GLOBAL) -> None:
        super().__init__(num_samples)
        if shuffle not in (Shuffle.GLOBAL, Shuffle.ADAPTIVE):
            raise NotImplementedError(f"mindspore.dataset.RandomSampler(shuffle={shuffle}) "
                                      "is not supported by mscompat yet.")
        self.replacement, self.shuffle = replacement, shuffle

    def _order(self, n, epoch):
        if self.shuffle is Shuffle.ADAPTIVE and n > 100_000_000:
            raise NotImplementedError("mindspore.dataset.RandomSampler(shuffle=Shuffle."
                                      "ADAPTIVE) over 100 million rows (a partial shuffle)")
        return ms_order.random_sampler_order(n, dataset_seed(), epoch, self.replacement,
                                             self.num_samples)


class SubsetSampler(Sampler):
    """``SubsetSampler(indices, num_samples=None)``: the given rows, in the given order."""

    def __init__(self, indices: Iterable[int], num_samples: int | None = None) -> None:
        super().__init__(num_samples)
        self.indices = [int(i) for i in indices]

    def _order(self, n, epoch):
        bad = [i for i in self.indices if not 0 <= i < n]
        if bad:
            raise RuntimeError(f"SubsetSampler: index {bad[0]} is out of range [0, {n}).")
        return list(self.indices)


class SubsetRandomSampler(SubsetSampler):
    """``SubsetRandomSampler(indices, num_samples=None)``: the given rows, shuffled."""

    def _order(self, n, epoch):
        return ms_order.subset_random_order(super()._order(n, epoch), dataset_seed(), epoch)


class DistributedSampler(Sampler):
    """``DistributedSampler(num_shards, shard_id, shuffle=True, num_samples=None,
    offset=-1)``: shard ``shard_id`` of ``num_shards``, padded to equal sizes by wrapping
    around (as ``num_shards``/``shard_id`` of the datasets); shuffled as a whole first."""

    def __init__(self, num_shards: int, shard_id: int, shuffle: bool = True,
                 num_samples: int | None = None, offset: int = -1) -> None:
        super().__init__(num_samples)
        for name, v in (("num_shards", num_shards), ("shard_id", shard_id)):
            _check_count(name, v, allow_none=False)
        if num_shards < 1:
            raise ValueError(f"num_shards should be a positive integer, but got {num_shards}.")
        if offset != -1:
            raise NotImplementedError("DistributedSampler(offset=...) is not supported by "
                                      "mscompat yet.")
        self.num_shards, self.shard_id, self.shuffle = num_shards, shard_id, shuffle

    def _order(self, n, epoch):
        if not 0 <= self.shard_id < self.num_shards:
            raise RuntimeError(f"DistributedSampler: shard_id {self.shard_id} must be in "
                               f"[0, {self.num_shards}).")
        return shard_rows(n, self.num_shards, self.shard_id, self.shuffle, epoch)


def shard_rows(n: int, num_shards: int, shard_id: int, shuffle: bool, epoch: int) -> list[int]:
    """MindSpore's shard ``shard_id`` of ``num_shards``: every ``num_shards``-th row of the
    (shuffled: ``RandomSampler``'s order with the seed plus one) rows, padded to equal sizes
    by wrapping around."""
    base = (ms_order.random_sampler_order(n, dataset_seed() + 1, epoch) if shuffle
            else range(n))
    per = -(-n // num_shards)
    return [base[(shard_id + k * num_shards) % n] for k in range(per)]


class _IndexList(SubsetSampler):
    """A plain iterable of row indices given as ``sampler=``."""


def as_sampler(sampler) -> Sampler | None:
    if sampler is None or isinstance(sampler, Sampler):
        return sampler
    if isinstance(sampler, Iterable) and not isinstance(sampler, (str, bytes)):
        return _IndexList(sampler)
    raise TypeError(f"sampler should be a Sampler or an iterable of indices, but got "
                    f"{type(sampler).__name__}.")


def check_conflicts(sampler, num_samples, num_shards, shard_id, shuffle) -> None:
    if sampler is not None and any(v is not None for v in (num_samples, num_shards, shard_id,
                                                           shuffle)):
        raise ValueError(f"Conflicting arguments during sampler assignments. num_samples: "
                         f"{num_samples}, num_shards: {num_shards}, shard_id: {shard_id}, "
                         f"shuffle: {shuffle}.")
