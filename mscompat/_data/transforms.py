"""``mindspore.dataset.transforms``: TypeCast, OneHot, Compose, Duplicate, Fill."""
from __future__ import annotations

import numpy as np

from .._engine import dtypes


class TypeCast:
    """``TypeCast(data_type)``: a MindSpore or NumPy dtype."""

    def __init__(self, data_type) -> None:
        self.data_type = data_type

    def __call__(self, x):
        dt = self.data_type
        return np.asarray(x).astype(dtypes.to_np(dt) if isinstance(dt, dtypes.Type) else dt)


class OneHot:
    """``OneHot(num_classes, smoothing_rate=0.0)``."""

    def __init__(self, num_classes: int, smoothing_rate: float = 0.0) -> None:
        self.num_classes, self.smoothing_rate = num_classes, smoothing_rate

    def __call__(self, label):
        label = np.asarray(label)
        out = np.eye(self.num_classes, dtype=np.float64)[label.astype(np.int64)]
        if self.smoothing_rate:  # Float64, as MindSpore returns it
            return out * (1 - self.smoothing_rate) + self.smoothing_rate / self.num_classes
        return out.astype(label.dtype)


class Compose:
    """``Compose(transforms)``: the transforms one after another."""

    def __init__(self, transforms) -> None:
        self.transforms = list(transforms)

    def __call__(self, *values):
        for t in self.transforms:
            out = t(*values)
            values = out if isinstance(out, tuple) else (out,)
        return values if len(values) > 1 else values[0]


class Duplicate:
    """``Duplicate()``: one column -> two copies."""

    def __call__(self, x):
        x = np.asarray(x)
        return x, x.copy()


class Fill:
    """``Fill(fill_value)``."""

    def __init__(self, fill_value) -> None:
        self.fill_value = fill_value

    def __call__(self, x):
        x = np.asarray(x)
        return np.full(x.shape, self.fill_value, x.dtype)


class PadEnd:
    """``PadEnd(pad_shape, pad_value=None)``: pad (or cut) each dimension at its end to
    ``pad_shape`` with ``pad_value`` (0 by default)."""

    def __init__(self, pad_shape, pad_value=None) -> None:
        self.pad_shape, self.pad_value = list(pad_shape), pad_value

    def __call__(self, x):
        x = np.asarray(x)
        if len(self.pad_shape) != x.ndim:
            raise RuntimeError(f"PadEnd: invalid pad_shape, the rank of pad_shape should be "
                               f"{x.ndim}, but got {len(self.pad_shape)}.")
        x = x[tuple(slice(0, n) for n in self.pad_shape)]
        pads = [(0, n - s) for n, s in zip(self.pad_shape, x.shape)]
        value = 0 if self.pad_value is None else self.pad_value
        return np.pad(x, pads, constant_values=value)


class RandomChoice:
    """``RandomChoice(transforms)``: one of the transforms, chosen at random per call."""

    def __init__(self, transforms) -> None:
        self.transforms = list(transforms)
        if not self.transforms:
            raise ValueError("transforms list is empty.")

    def __call__(self, *values):
        return Compose([self.transforms[np.random.randint(len(self.transforms))]])(*values)


class RandomApply:
    """``RandomApply(transforms, prob=0.5)``: the transforms in order, with probability
    ``prob``; otherwise the input unchanged."""

    def __init__(self, transforms, prob: float = 0.5) -> None:
        if not 0.0 <= prob <= 1.0:
            raise ValueError(f"Input prob is not within the required interval of [0.0, 1.0], "
                             f"but got {prob}.")
        self.transforms, self.prob = list(transforms), prob

    def __call__(self, *values):
        if np.random.rand() < self.prob:
            return Compose(self.transforms)(*values)
        return values if len(values) > 1 else values[0]
