"""``vision.PadToSize`` and ``vision.LinearTransformation``.

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import vision
    >>> vision.PadToSize((3, 4))(np.ones((1, 2, 1), np.uint8))[..., 0]
    array([[0, 0, 0, 0],
           [0, 1, 1, 0],
           [0, 0, 0, 0]], dtype=uint8)
"""
from __future__ import annotations

import numpy as np

from . import arg_checks
from .transform_base import PyTensorOperation
from .vision import Border, Pad, _hw, _Op


class PadToSize(_Op):
    """``PadToSize(size, offset=None, fill_value=0, padding_mode=Border.CONSTANT)``: pad to
    ``size`` (h, w) with the image at ``offset`` (top, left; centred, floored, when None)."""

    def __init__(self, size, offset=None, fill_value=0, padding_mode=Border.CONSTANT) -> None:
        arg_checks.pad_to_size(size, offset, fill_value, padding_mode, Border)
        self.size = _hw(size)
        self.offset = None if offset is None or offset in ([], ()) else _hw(offset)
        self.fill_value, self.padding_mode = fill_value, Border(padding_mode)

    def __call__(self, img):
        img = np.asarray(img)
        h, w = img.shape[:2]
        th, tw = self.size
        if th < h or tw < w:
            raise ValueError(f"PadToSize: the target size {self.size} must not be smaller than "
                             f"the image size {(h, w)}.")
        top, left = ((th - h) // 2, (tw - w) // 2) if self.offset is None else self.offset
        if top + h > th or left + w > tw:
            raise ValueError(f"PadToSize: the offset {(top, left)} leaves no room for the "
                             f"image {(h, w)} in {self.size}.")
        pad = Pad((left, top, tw - w - left, th - h - top), self.fill_value, self.padding_mode)
        return pad(img)


class LinearTransformation(_Op, PyTensorOperation):
    """``LinearTransformation(transformation_matrix, mean_vector)``: the flattened image
    (CHW, as after ``ToTensor``) minus ``mean_vector``, times the matrix, reshaped back."""

    def __init__(self, transformation_matrix, mean_vector) -> None:
        self.matrix = np.asarray(transformation_matrix)
        self.mean = np.asarray(mean_vector)
        n = self.matrix.shape[0]
        if self.matrix.shape != (n, n) or self.mean.shape != (n,):
            raise ValueError(f"LinearTransformation: the matrix must be square (D, D) and the "
                             f"mean vector (D,), but got {self.matrix.shape} and "
                             f"{self.mean.shape}.")

    def __call__(self, img):
        img = np.asarray(img)
        if img.size != self.matrix.shape[0]:
            raise ValueError(f"LinearTransformation: the image has {img.size} elements, the "
                             f"matrix is for {self.matrix.shape[0]}.")
        return np.dot(img.reshape(-1) - self.mean, self.matrix).reshape(img.shape)
