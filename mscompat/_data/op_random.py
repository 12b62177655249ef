"""Where MindSpore's C++ random vision transforms draw, reproduced.

Each C++ transform object owns a ``std::mt19937`` seeded with the dataset seed when the
pipeline is built. A ``map`` with ``W`` workers gives every worker its own copy of each
transform, worker ``w`` seeded ``seed + w``, and hands the rows to the workers in turn, the
end-of-epoch marker taking a turn too (row ``i`` of the first epoch goes to worker ``i % W``);
the generators go on from one epoch to the next. A transform called eagerly is built anew for the
call, so it starts from the seed every time.

``Map`` (``operations.py``) runs the rows of a ``map`` holding such a transform in order, one
row at a time, under ``streams(...)``; the transform asks ``generator(self)`` for its
stream and draws with libstdc++'s distributions (``bernoulli``, ``ms_order.uniform_int``).

Example:
    >>> import numpy as np
    >>> import mscompat.dataset as ds
    >>> import mscompat.dataset.vision as vision
    >>> ds.config.set_seed(1)
    >>> image = np.arange(12, dtype=np.uint8).reshape(3, 4, 1)
    >>> vision.RandomCrop(2)(image)[..., 0].tolist()  # eager: x = 1, y = 1 from the seed
    [[5, 6], [9, 10]]
"""
from __future__ import annotations

import contextlib
import contextvars

import numpy as np

from .ms_order import Mt19937, uniform_int
from .pipeline import dataset_seed

_ACTIVE: contextvars.ContextVar = contextvars.ContextVar("op_streams", default=None)


class Streams:
    """The generators of one ``map``'s transforms, one set per worker."""

    def __init__(self, workers: int, seed: int) -> None:
        self.workers, self.seed = workers, seed
        self.by_worker: list[dict] = [{} for _ in range(workers)]
        self.worker = 0
        self.next_job = 0  # rows and end-of-epoch markers go to the workers in turn

    def get(self, op) -> Mt19937:
        mine = self.by_worker[self.worker]
        if id(op) not in mine:
            mine[id(op)] = Mt19937(self.seed + self.worker)
        return mine[id(op)]

    def copy(self) -> Streams:
        other = Streams(self.workers, self.seed)
        other.by_worker = [{k: g.copy() for k, g in d.items()} for d in self.by_worker]
        other.next_job = self.next_job
        return other


@contextlib.contextmanager
def streams(active: Streams, job: int):
    """Draw for the map's ``job``-th job (its worker's generators) inside the block."""
    active.worker = job % active.workers
    token = _ACTIVE.set(active)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


@contextlib.contextmanager
def one_call():
    """An eager call's transforms keep one stream for the whole call (the images of a batch
    draw one after another); inside a ``map`` the map's streams already do."""
    if _ACTIVE.get() is not None:
        yield
        return
    with streams(Streams(1, dataset_seed()), 0):
        yield


def generator(op) -> Mt19937:
    """The stream transform ``op`` draws from now: its map worker's, or (eager) a new one."""
    active = _ACTIVE.get()
    return active.get(op) if active is not None else Mt19937(dataset_seed())


def bernoulli(gen: Mt19937, p: float) -> bool:
    """libstdc++'s ``bernoulli_distribution(p)(gen)``: a 53-bit canonical double from two
    32-bit draws, compared with ``p``."""
    return canonical(gen) < p


def canonical(gen: Mt19937) -> float:
    """libstdc++'s ``generate_canonical<double, 53>(gen)``: two 32-bit draws."""
    low, high = gen(), gen()
    value = (low + high * 4294967296.0) / 18446744073709551616.0
    return float(np.nextafter(1.0, 0.0)) if value >= 1.0 else value


def uniform_real(gen: Mt19937, low, high) -> np.float32:
    """libstdc++'s ``uniform_real_distribution<float>(low, high)(gen)``: one 32-bit draw
    as a float32 fraction, scaled in float32."""
    f32 = np.float32
    canonical = f32(gen()) / f32(4294967296.0)
    if canonical >= 1:
        canonical = np.nextafter(f32(1), f32(0))
    return canonical * (f32(high) - f32(low)) + f32(low)


def round_half_away(value: float) -> int:
    """``std::round``."""
    return int(np.floor(value + 0.5)) if value >= 0 else -int(np.floor(-value + 0.5))


__all__ = ["Streams", "bernoulli", "canonical", "generator", "round_half_away", "streams",
           "uniform_int", "uniform_real"]
