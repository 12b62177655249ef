"""``vision.RandomErasing`` and ``vision.CutOut``: rectangles of an image replaced.

``RandomErasing`` is MindSpore's Python transform, drawn from Python's ``random`` in
MindSpore's order, so with ``dataset.config.set_seed`` it erases the same rectangle as
MindSpore. ``CutOut`` follows MindSpore's C++ rule (square patches of side ``length``
whose corner may start outside the image, clipped to it, filled with 0) with corners drawn
from NumPy's generator: same distribution, other draws.

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import vision
    >>> img = np.ones((4, 4, 3), np.uint8)
    >>> vision.CutOut(2)(img).shape
    (4, 4, 3)
"""
from __future__ import annotations

import math
import numbers
import random

import numpy as np

from . import arg_checks, op_random
from .transform_base import PyTensorOperation
from .vision import _Op


class RandomErasing(_Op, PyTensorOperation):
    """``vision.RandomErasing(prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0,
    inplace=False, max_attempts=10)`` on a CHW array: with probability ``prob`` a rectangle
    of ``scale`` of the area and aspect ``ratio`` takes ``value`` (a number, three per-channel
    values, or ``'random'`` normal noise)."""

    def __init__(self, prob: float = 0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0,
                 inplace: bool = False, max_attempts: int = 10) -> None:
        arg_checks.random_erasing(prob, scale, ratio, value, inplace, max_attempts)
        self.prob = prob
        self.scale, self.ratio = tuple(map(float, scale)), tuple(map(float, ratio))
        self.value, self.inplace, self.max_attempts = value, inplace, max_attempts

    def _params(self, img):
        channels, h, w = img.shape
        area = h * w
        for _ in range(self.max_attempts):
            erase_area = random.uniform(*self.scale) * area
            aspect = random.uniform(*self.ratio)
            ew = int(round(math.sqrt(erase_area * aspect)))
            eh = int(round(ew / aspect))
            if eh < h and ew < w:
                i = random.randint(0, h - eh)
                j = random.randint(0, w - ew)
                if isinstance(self.value, numbers.Number):
                    value = self.value
                elif isinstance(self.value, str):
                    value = np.random.normal(0.0, 1.0, (channels, eh, ew))
                else:
                    value = np.ones((channels, eh, ew)) * np.array(self.value)[:, None, None]
                return i, j, eh, ew, value
        return 0, 0, h, w, img

    def __call__(self, img):
        if not isinstance(img, np.ndarray):
            raise TypeError(f"img should be NumPy array. Got {type(img)}.")
        if self.prob > random.random():
            i, j, eh, ew, value = self._params(img)
            out = img if self.inplace else img.copy()
            out[:, i:i + eh, j:j + ew] = value
            return out
        return img


class CutOut(_Op):
    """``vision.CutOut(length, num_patches=1, is_hwc=True)``: ``num_patches`` squares of side
    ``length`` set to 0."""

    def __init__(self, length: int, num_patches: int = 1, is_hwc: bool = True) -> None:
        arg_checks.type_check(length, (int,), "length")
        arg_checks.type_check(num_patches, (int,), "num_patches")
        arg_checks.type_check(is_hwc, (bool,), "is_hwc")
        arg_checks.check_value(length, (1, arg_checks.FLOAT_MAX_INTEGER))
        arg_checks.check_value(num_patches, (1, arg_checks.FLOAT_MAX_INTEGER))
        self.length, self.num_patches, self.is_hwc = length, num_patches, is_hwc

    _ms_stream = True

    def __call__(self, img):
        img = np.array(img)  # a copy
        if img.ndim != 3:
            raise RuntimeError(f"CutOut: the image must be 3-dimensional, but got shape "
                               f"{img.shape}.")
        h, w = img.shape[:2] if self.is_hwc else img.shape[1:]
        n = self.length
        if n > h or n > w:
            raise RuntimeError(f"CutOut: box size is too large for image erase, got box "
                               f"height: {n}box weight: {n}, and image height: {h}, image "
                               f"width: {w}")
        gen = op_random.generator(self)
        for _ in range(self.num_patches):  # MindSpore's unbounded erase: top, then left
            top = op_random.uniform_int(gen, 0, h + n) - n
            left = op_random.uniform_int(gen, 0, w + n) - n
            y0, x0, y1, x1 = max(top, 0), max(left, 0), min(top + n, h), min(left + n, w)
            if self.is_hwc:
                img[y0:y1, x0:x1] = 0
            else:
                img[:, y0:y1, x0:x1] = 0
        return img
