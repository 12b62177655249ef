"""Colour and detail transforms of ``mindspore.dataset.vision``, pixel for pixel:
``Grayscale``/``RandomGrayscale`` (PIL images, PIL's luma), ``AdjustSharpness``/
``RandomSharpness`` and ``AdjustSaturation``-style ``RandomColor`` (HWC uint8 arrays, as
MindSpore's OpenCV kernels: a 3x3 smoothing kernel ``[[1,1,1],[1,5,1],[1,1,1]] / 13`` with
the border rows and columns kept, OpenCV's fixed-point RGB->grey, and ``addWeighted``
blends rounded half to even). ``RandomGrayscale`` draws from Python's ``random`` as MindSpore
does (seeded by ``dataset.config.set_seed``); the others from NumPy's generator.

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import vision
    >>> img = np.full((3, 3, 3), 100, np.uint8)
    >>> vision.RandomColor((0.5, 0.5))(img)[0, 0].tolist()
    [100, 100, 100]
"""
from __future__ import annotations

import random

import numpy as np

from . import arg_checks, op_random
from .transform_base import PyTensorOperation
from .vision import _gray, _Op

_SMOOTH = np.array([[1, 1, 1], [1, 5, 1], [1, 1, 1]], np.float32) / np.float32(13)


def _blend(img, other, alpha: float):
    """OpenCV's ``addWeighted(img, alpha, other, 1 - alpha, 0)`` as its vector kernel runs:
    float32 weights ``alpha`` and ``1 - alpha`` (subtracted in float32); for an integer
    image ``img * alpha`` rounded to float32, then ``other * beta`` added by a fused
    multiply-add (one rounding); a float image's sum rounded once; an Int32 image in
    double."""
    if img.dtype == np.int32:
        weights = (np.float64(np.float32(alpha)), np.float64(np.float32(1.0 - alpha)))
        out = img.astype(np.float64) * weights[0] + other.astype(np.float64) * weights[1]
    else:
        a = np.float32(alpha)
        b = np.float64(np.float32(1.0) - a)
        scaled = img.astype(np.float64) * np.float64(a)
        if np.issubdtype(img.dtype, np.integer):  # (a float image: one rounding at the end)
            scaled = scaled.astype(np.float32).astype(np.float64)
        out = (scaled + other.astype(np.float64) * b).astype(np.float32)
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(img.dtype)
    return out.astype(img.dtype)


def _cv_gray(img):
    """OpenCV's RGB->GRAY: fixed-point 0.299/0.587/0.114 for integers (``vision._gray``)."""
    if np.issubdtype(img.dtype, np.integer):
        return _gray(img[..., 0], img[..., 1], img[..., 2])
    f = img.astype(np.float32)
    return (f[..., 0] * 0.299 + f[..., 1] * 0.587 + f[..., 2] * 0.114).astype(img.dtype)


def _smoothed(img):
    """The 3x3 smoothing of MindSpore's sharpness kernels; border pixels kept."""
    f = img.astype(np.float32)
    pad = np.pad(f, ((1, 1), (1, 1), (0, 0)), mode="reflect")  # OpenCV's BORDER_REFLECT_101
    acc = np.zeros_like(f)
    for dy in range(3):
        for dx in range(3):
            acc += _SMOOTH[dy, dx] * pad[dy:dy + f.shape[0], dx:dx + f.shape[1]]
    if np.issubdtype(img.dtype, np.integer):
        info = np.iinfo(img.dtype)
        acc = np.clip(np.rint(acc), info.min, info.max)
    out = acc.astype(img.dtype)
    out[0], out[-1], out[:, 0], out[:, -1] = img[0], img[-1], img[:, 0], img[:, -1]
    return out


def _degree_range(degrees) -> tuple[float, float]:
    """``degrees`` (checked by ``arg_checks.positive_degrees``; None: the default)."""
    lo, hi = (0.1, 1.9) if degrees is None else degrees
    return float(lo), float(hi)


class AdjustSharpness(_Op):
    """``vision.AdjustSharpness(sharpness_factor)``: 0 the smoothed image, 1 the original,
    2 twice as sharp."""

    def __init__(self, sharpness_factor: float) -> None:
        arg_checks.adjust_sharpness(sharpness_factor)
        self.sharpness_factor = float(sharpness_factor)

    def __call__(self, img):
        img = np.asarray(img)
        return _blend(img, _smoothed(img if img.ndim == 3 else img[..., None]).reshape(
            img.shape), self.sharpness_factor)


class RandomSharpness(_Op, PyTensorOperation):
    """``vision.RandomSharpness(degrees=(0.1, 1.9))``: ``AdjustSharpness`` by a factor drawn
    uniformly from ``degrees`` (float32, MindSpore's op stream: ``op_random``)."""

    def __init__(self, degrees=(0.1, 1.9)) -> None:
        arg_checks.positive_degrees(degrees)
        self.degrees = _degree_range(degrees)

    _ms_stream = True

    def __call__(self, img):
        factor = op_random.uniform_real(op_random.generator(self), *self.degrees)
        return AdjustSharpness(float(factor))(img)


class RandomColor(_Op, PyTensorOperation):
    """``vision.RandomColor(degrees=(0.1, 1.9))``: blends an RGB image with its grey version
    by a factor drawn uniformly from ``degrees`` (0 grey, 1 the original)."""

    def __init__(self, degrees=(0.1, 1.9)) -> None:
        arg_checks.positive_degrees(degrees)
        self.degrees = _degree_range(degrees)

    _ms_stream = True

    def __call__(self, img):
        img = np.asarray(img)  # 3-channel HWC (image_contract)
        grey = np.repeat(_cv_gray(img)[..., None], 3, axis=-1)
        factor = op_random.uniform_real(op_random.generator(self), *self.degrees)
        return _blend(img, grey, float(factor))


def _pil_grey(img, channels: int):
    from PIL import Image
    if not isinstance(img, Image.Image):
        raise TypeError(f"img should be PIL image. Got {type(img)}. Use Decode() for encoded "
                        f"data or ToPIL() for decoded data.")
    grey = img.convert("L")
    if channels == 1:
        return grey
    arr = np.asarray(grey, np.uint8)
    return Image.fromarray(np.dstack([arr, arr, arr]), "RGB")


class Grayscale(_Op, PyTensorOperation):
    """``vision.Grayscale(num_output_channels=1)`` on a PIL image: PIL's luma, 1 or 3
    channels."""

    def __init__(self, num_output_channels: int = 1) -> None:
        if num_output_channels not in (1, 3):
            raise ValueError(f"Number of channels of the output grayscale image should be "
                             f"either 1 or 3. Got {num_output_channels}.")
        self.num_output_channels = num_output_channels

    def __call__(self, img):
        return _pil_grey(img, self.num_output_channels)


class RandomGrayscale(_Op, PyTensorOperation):
    """``vision.RandomGrayscale(prob=0.1)`` on a PIL image: grey (as many channels as the
    input has) with probability ``prob``."""

    def __init__(self, prob: float = 0.1) -> None:
        arg_checks.check_prob(prob)
        self.prob = prob

    def __call__(self, img):
        channels = 1 if img.mode == "L" else 3  # a PIL image (an array: AttributeError)
        if self.prob > random.random():
            return _pil_grey(img, channels)
        return img


def _convert_hsv(images, is_hwc: bool, pixel, chw: str = "(C, H, W)") -> np.ndarray:
    """MindSpore's Python HSV conversions: ``colorsys`` applied per pixel through
    ``np.vectorize`` (in Float64, the dtype MindSpore's result has for every input),
    on (H, W, C)/(N, H, W, C) or (C, H, W)/(N, C, H, W) images of 3 channels."""
    if not isinstance(images, np.ndarray):
        stop = "" if chw == "(C ,H, W)" else "."  # (sic) the two functions' messages
        raise TypeError(f"img should be NumPy image. Got {type(images)}{stop}")
    if not isinstance(is_hwc, bool):
        raise TypeError(f"is_hwc should be bool type. Got {type(is_hwc)}.")
    if images.ndim not in (3, 4):
        raise TypeError(f"img shape should be (H, W, C)/(N, H, W, C)/{chw}/(N, C, H, W). "
                        f"Got {images.shape}.")
    channels = images.shape[-1] if is_hwc else images.shape[-3]
    if channels != 3:
        raise TypeError(f"img should be 3 channels RGB img. Got {channels} channels.")
    convert = np.vectorize(pixel)
    images = images.astype(np.float64)  # MindSpore's result is Float64 for every input

    def one(img):
        a, b, c = (img[..., i] for i in range(3)) if is_hwc else img
        return np.stack(convert(a, b, c), axis=2 if is_hwc else 0)
    if images.ndim == 3:
        return one(images)
    return np.array([one(img) for img in images])


class RgbToHsv(_Op, PyTensorOperation):
    """``RgbToHsv(is_hwc=False)``: RGB images (floats in [0, 1]) to HSV, by ``colorsys``
    as MindSpore converts them.

    Example:
        >>> import numpy as np
        >>> from mscompat.dataset import vision
        >>> vision.RgbToHsv(is_hwc=True)(np.array([[[1.0, 0.5, 0.0]]])).tolist()
        [[[0.08333333333333333, 1.0, 1.0]]]
    """

    def __init__(self, is_hwc: bool = False) -> None:
        if not isinstance(is_hwc, bool):
            raise TypeError(f"Argument is_hwc with value {is_hwc} is not of type [<class "
                            f"'bool'>], but got {type(is_hwc)}.")
        self.is_hwc = is_hwc

    def __call__(self, img):
        import colorsys
        return _convert_hsv(img, self.is_hwc, colorsys.rgb_to_hsv, "(C ,H, W)")


class HsvToRgb(_Op, PyTensorOperation):
    """``HsvToRgb(is_hwc=False)``: HSV images to RGB, by ``colorsys`` as MindSpore converts
    them.

    Example:
        >>> import numpy as np
        >>> from mscompat.dataset import vision
        >>> vision.HsvToRgb(is_hwc=True)(np.array([[[0.5, 1.0, 1.0]]])).tolist()
        [[[0.0, 1.0, 1.0]]]
    """

    def __init__(self, is_hwc: bool = False) -> None:
        if not isinstance(is_hwc, bool):
            raise TypeError(f"Argument is_hwc with value {is_hwc} is not of type [<class "
                            f"'bool'>], but got {type(is_hwc)}.")
        self.is_hwc = is_hwc

    def __call__(self, img):
        import colorsys
        return _convert_hsv(img, self.is_hwc, colorsys.hsv_to_rgb)
