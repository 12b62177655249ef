"""``vision.GaussianBlur`` pixel for pixel as MindSpore's OpenCV kernel computes it.

UInt8 and UInt16 images follow OpenCV's bit-exact path: each 1-D Gaussian kernel in
8.8 (16.16) fixed point (``k * 2^8`` plus the rounding error carried from the taps before,
rounded half to even, the centre taking what makes the sum exactly ``2^8``), the rows then
the columns filtered in integers, the result ``(v + 2^15) >> 16`` (``(v + 2^31) >> 32``); a
Bool image is read as UInt8. Float images are filtered in float32 (Float64 in float64) with
the kernel normalised in double. Borders reflect
without repeating the edge (OpenCV's ``BORDER_REFLECT_101``). A missing ``sigma`` is
OpenCV's ``((k - 1) / 2 - 1) * 0.3 + 0.8`` of the kernel's width, for both axes (as
MindSpore passes it).

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import vision
    >>> img = np.zeros((3, 3), np.uint8); img[1, 1] = 255
    >>> vision.GaussianBlur(3)(img).tolist()
    [[58, 64, 58], [64, 70, 64], [58, 64, 58]]
"""
from __future__ import annotations

import math
import numbers

import numpy as np

from . import arg_checks
from .vision import _Op


def _default_sigma(n: int) -> float:
    return ((n - 1) * 0.5 - 1) * 0.3 + 0.8


def _weights(n: int, sigma: float) -> np.ndarray:
    """The normalised Gaussian of ``n`` taps (float64), OpenCV's ``exp(-x^2 / (8 s^2))``
    over ``x = 1 - n, 3 - n, ...``, each side tap times ``1 / sum``."""
    scale = -0.125 / (sigma * sigma)
    half = [math.exp((x * x) * scale) for x in range(1 - n, 0, 2)]
    inverse = 1.0 / (sum(half) * 2 + 1.0)
    return np.array([v * inverse for v in half] + [inverse] + [v * inverse
                                                               for v in half[::-1]])


def _fixed_weights(n: int, sigma: float, bits: int = 8) -> np.ndarray:
    """The kernel with ``bits`` fraction bits, summing to exactly ``2^bits``: OpenCV's
    bit-exact kernel (each tap ``k * 2^bits`` plus the rounding error carried from the taps
    before it, rounded half to even; the centre takes what is left)."""
    one = 1 << bits
    carried, side = 0.0, []
    for k in _weights(n, sigma)[: n // 2]:
        adjusted = k * one + carried
        side.append(int(np.rint(adjusted)))
        carried = adjusted - side[-1]
    return np.array(side + [one - 2 * sum(side)] + side[::-1], np.int64)


def _reflect_101(a: np.ndarray, r: int, axis: int) -> np.ndarray:
    n = a.shape[axis]
    idx = np.arange(-r, n + r)
    if n == 1:
        return np.take(a, np.zeros_like(idx), axis=axis)
    period = 2 * n - 2
    idx = np.abs(idx) % period
    return np.take(a, np.where(idx >= n, period - idx, idx), axis=axis)


def _filtered(a: np.ndarray, wx: np.ndarray, wy: np.ndarray) -> np.ndarray:
    """``a`` (H, W[, C]) filtered along its rows by ``wx``, then its columns by ``wy``."""
    h, w = a.shape[:2]
    p = _reflect_101(a, len(wx) // 2, 1)
    rows = sum(wx[j] * p[:, j:j + w] for j in range(len(wx)))
    p = _reflect_101(rows, len(wy) // 2, 0)
    return sum(wy[i] * p[i:i + h] for i in range(len(wy)))


def _check_kernel_size(kernel_size) -> tuple[int, int]:
    arg_checks.type_check(kernel_size, (int, list, tuple), "kernel_size")
    sizes = (kernel_size,) * 2 if isinstance(kernel_size, int) else tuple(kernel_size)
    if len(sizes) != 2:
        raise TypeError("Kernel size should be a single integer or a list/tuple "
                        "(kernel_width, kernel_height) of length 2.")
    for k in sizes:
        if not 1 <= k <= 16777216:
            raise ValueError("Input kernel_size is not within the required interval of "
                             "[1, 16777216].")
        if k % 2 == 0:
            raise ValueError("Input kernel_size is not an odd value.")
    return int(sizes[0]), int(sizes[1])


def _check_sigma(sigma, width: int) -> tuple[float, float]:
    if sigma is None:
        return (_default_sigma(width),) * 2
    sigmas = (sigma,) * 2 if isinstance(sigma, numbers.Number) else tuple(sigma)
    if len(sigmas) != 2:
        raise TypeError("Sigma should be a single number or a list/tuple of length 2.")
    for s in sigmas:
        if not 0 <= s <= 16777216:
            raise ValueError("Input sigma is not within the required interval of "
                             "[0, 16777216].")
    sx, sy = (float(s) for s in sigmas)
    sx = sx if sx > 0 else _default_sigma(width)
    return sx, (sy if sy > 0 else sx)


class GaussianBlur(_Op):
    """``vision.GaussianBlur(kernel_size, sigma=None)``: blur an HW or HWC image with a
    Gaussian of ``kernel_size`` (an odd int, or (width, height)) and ``sigma`` (a number,
    or (sigma_x, sigma_y))."""

    def __init__(self, kernel_size, sigma=None) -> None:
        self.kernel_size = _check_kernel_size(kernel_size)
        self.sigma = _check_sigma(sigma, self.kernel_size[0])

    def __call__(self, img):
        img = np.asarray(img)
        if img.dtype == np.bool_:  # OpenCV reads a Bool image as UInt8
            img = img.astype(np.uint8)
        if img.dtype == np.int16:
            raise NotImplementedError("mindspore.dataset.vision.GaussianBlur on an Int16 image "
                                      "is not supported by mscompat (OpenCV's float rounding "
                                      "there is not reproduced).")
        if img.ndim not in (2, 3) or not (img.dtype in (np.uint8, np.uint16)
                                          or img.dtype.kind == "f"):
            raise RuntimeError("GaussianBlur: the image must be <H, W> or <H, W, C> of UInt8, "
                               f"UInt16 or float, but got shape {img.shape} of {img.dtype}.")
        (kx, ky), (sx, sy) = self.kernel_size, self.sigma
        if img.dtype in (np.uint8, np.uint16):  # 8.8 or 16.16 fixed point
            bits = 8 * img.dtype.itemsize
            v = _filtered(img.astype(np.int64), _fixed_weights(kx, sx, bits),
                          _fixed_weights(ky, sy, bits))
            out = (v + (1 << (2 * bits - 1))) >> (2 * bits)
            return np.clip(out, 0, (1 << bits) - 1).astype(img.dtype)
        wide = np.float64 if img.dtype == np.float64 else np.float32
        wx, wy = (_weights(k, s).astype(wide) for k, s in ((kx, sx), (ky, sy)))
        return _filtered(img.astype(wide), wx, wy).astype(img.dtype)
