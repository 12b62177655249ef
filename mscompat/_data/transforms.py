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
        out = np.eye(self.num_classes, dtype=np.float32)[label.astype(np.int64)]
        if self.smoothing_rate:
            out = out * (1 - self.smoothing_rate) + self.smoothing_rate / self.num_classes
            return out.astype(np.float32)
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
