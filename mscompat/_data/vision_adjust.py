"""Deterministic adjustments of ``mindspore.dataset.vision`` and their random forms,
pixel for pixel as MindSpore's OpenCV kernels: ``AdjustBrightness``/``AdjustContrast``/
``AdjustSaturation`` (``addWeighted`` against black, the rounded mean grey, the grey
image), ``AdjustGamma`` (UInt8: MindSpore's table ``floor(min((i / 255) ** gamma *
255.999 * gain, 255))``; floats: ``min((gain * x) ** gamma, 1)``), ``Solarize``
(``255 - p`` inside the threshold range, saturated to an integer dtype; floats too),
``Posterize``, ``Crop``, ``ResizedCrop``, ``Erase``, the flips, ``ToType``,
``NormalizePad``; ``RandomSolarize``/``RandomInvert``/
``RandomEqualize``/``RandomAutoContrast``/``RandomAdjustSharpness`` (applied with
probability ``prob``, drawn from NumPy's generator) and ``RandomSelectSubpolicy``.

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import vision
    >>> img = np.full((2, 2, 3), 100, np.uint8)
    >>> vision.AdjustBrightness(1.5)(img)[0, 0].tolist(), vision.Solarize(50)(img)[0, 0].tolist()
    ([150, 150, 150], [155, 155, 155])
"""
from __future__ import annotations

import enum
import numbers
import os

import numpy as np

from .._engine.optional import require
from . import arg_checks, image_contract, op_random
from .pipeline_errors import pipeline_error
from .transform_base import PyTensorOperation
from .vision import AutoContrast, Equalize, Inter, Invert, Normalize, Resize, _hw, _Op
from .vision_color import AdjustSharpness, _blend, _cv_gray


def _factor(name: str, value) -> float:
    arg_checks.factor(value, name)
    return float(value)


def _grey(img: np.ndarray) -> np.ndarray:
    if np.issubdtype(img.dtype, np.integer):
        return _cv_gray(img)
    f = img.astype(np.float32)
    return f[..., 0] * np.float32(0.299) + f[..., 1] * np.float32(0.587) + \
        f[..., 2] * np.float32(0.114)


class AdjustBrightness(_Op, PyTensorOperation):
    """``vision.AdjustBrightness(brightness_factor)``: ``img * factor`` (saturated)."""

    def __init__(self, brightness_factor: float) -> None:
        self.brightness_factor = _factor("brightness_factor", brightness_factor)

    def __call__(self, img):
        img = np.asarray(img)  # HW or HWC, 1 or 3 channels (image_contract)
        return _blend(img, np.zeros_like(img), self.brightness_factor)


class AdjustContrast(_Op, PyTensorOperation):
    """``vision.AdjustContrast(contrast_factor)``: blended with the mean grey level (rounded
    for integer images, as OpenCV fills a UInt8 image with it)."""

    def __init__(self, contrast_factor: float) -> None:
        self.contrast_factor = _factor("contrast_factor", contrast_factor)

    def __call__(self, img):
        img = np.asarray(img)  # 3-channel HWC (image_contract)
        mean = _grey(img).astype(np.float64).mean()
        if np.issubdtype(img.dtype, np.integer):
            mean = np.rint(mean)
        return _blend(img, np.full_like(img, mean), self.contrast_factor)


class AdjustSaturation(_Op, PyTensorOperation):
    """``vision.AdjustSaturation(saturation_factor)``: blended with the grey image."""

    def __init__(self, saturation_factor: float) -> None:
        self.saturation_factor = _factor("saturation_factor", saturation_factor)

    def __call__(self, img):
        img = np.asarray(img)  # 3-channel HWC (image_contract)
        grey = np.repeat(_grey(img)[..., None], 3, axis=-1).astype(img.dtype)
        return _blend(img, grey, self.saturation_factor)


_HSV_SHIFT = 12


def _rgb_to_hsv_full(img: np.ndarray) -> np.ndarray:
    """OpenCV's UInt8 ``COLOR_RGB2HSV_FULL`` (fixed point, hue in [0, 256))."""
    rgb = img.astype(np.int64)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    v = rgb.max(-1)
    diff = v - rgb.min(-1)
    steps = np.arange(256, dtype=np.float64)
    with np.errstate(divide="ignore"):
        sdiv = np.where(steps > 0, np.rint((255 << _HSV_SHIFT) / steps), 0).astype(np.int64)
        hdiv = np.where(steps > 0, np.rint((256 << _HSV_SHIFT) / (6.0 * steps)),
                        0).astype(np.int64)
    half = 1 << (_HSV_SHIFT - 1)
    s = (diff * sdiv[v] + half) >> _HSV_SHIFT
    h = np.where(v == r, g - b, np.where(v == g, b - r + 2 * diff, r - g + 4 * diff))
    h = (h * hdiv[diff] + half) >> _HSV_SHIFT
    h = np.where(h < 0, h + 256, h)
    return np.stack([h, s, v], -1).astype(np.uint8)


_SECTORS = np.array([[1, 3, 0], [1, 0, 2], [3, 0, 1], [0, 2, 1], [0, 1, 3], [2, 1, 0]])


def _hsv_full_to_rgb(hsv: np.ndarray) -> np.ndarray:
    """OpenCV's UInt8 ``COLOR_HSV2RGB_FULL`` as MindSpore's build computes it: float32
    sectors, then bytes the way its two loops make them: each row's vector loop (whole
    blocks of 32 pixels) truncates, its scalar loop (the last ``width % 32`` pixels)
    rounds to nearest even."""
    f32 = np.float32
    h = hsv[..., 0].astype(f32) * f32(6.0 / 255)  # OpenCV: hue range 255 on the way back
    s = hsv[..., 1].astype(f32) * f32(1 / 255.0)
    v = hsv[..., 2].astype(f32) * f32(1 / 255.0)
    h = np.where(h >= 6, h - f32(6), h)
    sector = np.floor(h).astype(np.int64)
    h = h - sector.astype(f32)
    tab = np.stack([v, v * (f32(1) - s), v * (f32(1) - s * h),
                    v * (f32(1) - s * (f32(1) - h))], -1)
    picks = _SECTORS[np.clip(sector, 0, 5)]
    rgb = np.take_along_axis(tab, picks[..., ::-1], axis=-1)  # OpenCV's (b, g, r) -> RGB
    rgb = np.where((s == 0)[..., None], v[..., None], rgb) * f32(255)
    width = hsv.shape[1]
    vector = (np.arange(width) < width - width % 32)[:, None]
    return np.clip(np.where(vector, np.floor(rgb), np.rint(rgb)), 0, 255).astype(np.uint8)


class AdjustHue(_Op, PyTensorOperation):
    """``vision.AdjustHue(hue_factor)``: MindSpore's kernel on UInt8 RGB images: OpenCV's
    ``RGB2HSV_FULL``, the hue byte plus ``uint8(hue_factor * 255)`` (wrapping), and back."""

    def __init__(self, hue_factor: float) -> None:
        arg_checks.type_check(hue_factor, (float, int), "hue_factor")
        if not -0.5 <= hue_factor <= 0.5:
            raise ValueError("Input hue_factor is not within the required interval of "
                             "[-0.5, 0.5].")
        self.hue_factor = float(hue_factor)

    def __call__(self, img):
        img = np.asarray(img)  # 3-channel HWC (image_contract)
        if img.dtype != np.uint8:
            raise NotImplementedError("mindspore.dataset.vision.AdjustHue on images that are "
                                      "not UInt8 is not supported by mscompat (MindSpore's "
                                      "kernel reads them as bytes).")
        hsv = _rgb_to_hsv_full(img)
        shift = int(np.float32(self.hue_factor) * np.float32(255)) & 0xFF
        hsv[..., 0] = (hsv[..., 0].astype(np.int64) + shift) & 0xFF
        return _hsv_full_to_rgb(hsv)


class AdjustGamma(_Op, PyTensorOperation):
    """``vision.AdjustGamma(gamma, gain=1)``: MindSpore's look-up table for UInt8; for
    float images ``(gain * img) ** gamma`` capped at 1, as its kernel computes them."""

    def __init__(self, gamma: float, gain: float = 1) -> None:
        arg_checks.adjust_gamma(gamma, gain)
        self.gamma, self.gain = float(gamma), float(1 if gain is None else gain)

    def __call__(self, img):
        """UInt8 (and Int8, read as its bytes): MindSpore's 256-entry table; floats: the
        formula in float32, and the result is Float32 (MindSpore's kernel). Other integer
        images MindSpore's kernel misreads, so they are refused."""
        img = np.asarray(img)
        if img.dtype in (np.uint8, np.int8):
            f = np.power(np.arange(256, dtype=np.float32) / np.float32(255.0),
                         np.float32(self.gamma))
            lut = np.floor(np.minimum(f * np.float32(255.999) * np.float32(self.gain),
                                      np.float32(255)))
            return np.clip(lut, 0, 255).astype(np.uint8)[img.view(np.uint8)].view(img.dtype)
        if img.dtype.kind != "f":
            raise NotImplementedError(f"mindspore.dataset.vision.AdjustGamma on a "
                                      f"{img.dtype.name} image is not supported by mscompat "
                                      f"(MindSpore's kernel misreads integer images wider "
                                      f"than a byte).")
        out = np.power(np.float32(self.gain) * img.astype(np.float32), np.float32(self.gamma))
        return np.minimum(out, np.float32(1.0))


def _threshold_range(threshold) -> tuple[float, float]:
    """A threshold (checked by ``arg_checks``) as a (min, max) pair."""
    lo, hi = (threshold, threshold) if isinstance(threshold, numbers.Real) else tuple(threshold)
    return float(lo), float(hi)


class Solarize(_Op):
    """``vision.Solarize(threshold)``: pixels ``>= threshold`` (one value, or a range whose
    ends are equal) or inside ``[min, max]`` become ``255 - p`` (float images included, as
    MindSpore's kernel)."""

    def __init__(self, threshold) -> None:
        arg_checks.solarize(threshold)
        self.threshold = threshold
        self._range = _threshold_range(threshold)

    def __call__(self, img):
        img = np.asarray(img)
        lo, hi = self._range
        inside = (img >= lo) if lo == hi else (img >= lo) & (img <= hi)
        flipped = 255 - img.astype(np.float64)
        if np.issubdtype(img.dtype, np.integer):  # saturated, as OpenCV casts
            info = np.iinfo(img.dtype)
            flipped = np.clip(flipped, info.min, info.max)
        return np.where(inside, flipped.astype(img.dtype), img)


class RandomSolarize(_Op):
    """``vision.RandomSolarize(threshold=(0, 255))``: ``Solarize`` on a sub-range drawn
    uniformly (two integers, sorted) from ``threshold``."""

    def __init__(self, threshold=(0, 255)) -> None:
        arg_checks.random_solarize(threshold)
        self.threshold = _threshold_range(threshold)

    _ms_stream = True

    def __call__(self, img):
        gen = op_random.generator(self)
        low, high = int(self.threshold[0]), int(self.threshold[1])
        first = op_random.uniform_int(gen, low, high)
        second = op_random.uniform_int(gen, low, high)
        return Solarize((min(first, second), max(first, second)))(img)


class Posterize(_Op):
    """``vision.Posterize(bits)``: each pixel keeps its ``bits`` high bits."""

    def __init__(self, bits: int) -> None:
        arg_checks.posterize(bits)
        self.bits = bits

    def __call__(self, img):
        # an Int8 image is read as its bytes, and the result is UInt8 (MindSpore's kernel)
        return np.asarray(img).view(np.uint8) & np.uint8((0xFF << (8 - self.bits)) & 0xFF)


class Crop(_Op):
    """``vision.Crop(coordinates, size)``: the ``size`` window whose top-left corner is
    ``coordinates`` (top, left)."""

    def __init__(self, coordinates, size) -> None:
        arg_checks.check_crop_coordinates(coordinates)
        arg_checks.check_crop_size(size)
        self.coordinates = tuple(int(v) for v in coordinates)
        self.size = (size, size) if isinstance(size, int) else tuple(int(v) for v in size)

    def __call__(self, img):
        img = np.asarray(img)
        top, left = self.coordinates
        h, w = self.size
        if top + h > img.shape[0]:
            raise pipeline_error(f"Crop: Crop height dimension: {top + h} exceeds image "
                                 f"height: {img.shape[0]}")
        if left + w > img.shape[1]:
            raise pipeline_error(f"Crop: Crop width dimension: {left + w} exceeds image "
                                 f"width: {img.shape[1]}")
        return img[top:top + h, left:left + w].copy()


class ResizedCrop(_Op):
    """``vision.ResizedCrop(top, left, height, width, size, interpolation=Inter.BILINEAR)``:
    the crop, resized to ``size``."""

    def __init__(self, top, left, height, width, size, interpolation=Inter.BILINEAR) -> None:
        arg_checks.check_non_negative_int32(top, "top")
        arg_checks.check_non_negative_int32(left, "left")
        arg_checks.check_pos_int32(height, "height")
        arg_checks.check_pos_int32(width, "width")
        arg_checks.type_check(interpolation, (Inter,), "interpolation")
        arg_checks.check_crop_size(size)
        self.crop = Crop((top, left), (height, width))
        self.resize = Resize(_hw(size), interpolation)  # an int is a square, not a side

    def __call__(self, img):
        img = np.asarray(img)
        image_contract.require_cv_depth("CropAndResize", img,
                                        self.resize.interpolation == Inter.NEAREST)
        (top, left), (h, w) = self.crop.coordinates, self.crop.size
        for edge, extent, side, size in (("top", "height", top + h, 0),
                                         ("left", "width", left + w, 1)):
            if side > img.shape[size]:
                raise pipeline_error(f"ResizedCrop: the sum of {edge} and {extent}: {side} "
                                     f"exceeds image {extent}: {img.shape[size]}")
        return self.resize(self.crop(img))


class Erase(_Op):
    """``vision.Erase(top, left, height, width, value=0.0, inplace=False)``: the window
    filled with ``value`` (one number or one per channel)."""

    def __init__(self, top, left, height, width, value=0.0, inplace=False) -> None:
        arg_checks.check_non_negative_int32(top, "top")
        arg_checks.check_non_negative_int32(left, "left")
        arg_checks.check_pos_int32(height, "height")
        arg_checks.check_pos_int32(width, "width")
        arg_checks.type_check(inplace, (bool,), "inplace")
        arg_checks.type_check(value, (float, int, tuple), "value")
        values = (value,) * 3 if isinstance(value, (float, int)) else value
        arg_checks.type_check_list(values, (float, int), "value")
        if len(values) != 3:
            raise TypeError("value should be a single integer/float or a 3-tuple.")
        for i, v in enumerate(values):
            arg_checks.check_value(v, (0, 255), f"value[{i}]")
        self.box = (top, left, height, width)
        self.value, self.inplace = value, inplace

    def __call__(self, img):
        img = np.asarray(img)
        top, left, h, w = self.box
        if h > img.shape[0] or w > img.shape[1]:
            raise pipeline_error(f"Erase: box size is too large for image erase, got box "
                                 f"height: {h}box weight: {w}, and image height: "
                                 f"{img.shape[0]}, image width: {img.shape[1]}")
        out = img if self.inplace and img.flags.writeable else img.copy()
        out[top:top + h, left:left + w] = np.asarray(self.value).astype(img.dtype)
        return out


class HorizontalFlip(_Op):
    """``vision.HorizontalFlip()``."""

    def __call__(self, img):
        return np.asarray(img)[:, ::-1].copy()


class VerticalFlip(_Op):
    """``vision.VerticalFlip()``."""

    def __call__(self, img):
        return np.asarray(img)[::-1].copy()


class ToType(_Op):
    """``vision.ToType(data_type)``: ``astype`` (a NumPy or MindSpore dtype)."""

    def __init__(self, data_type) -> None:
        arg_checks.data_type(data_type)
        self.data_type = data_type

    def __call__(self, img):
        from .._engine import dtypes
        return np.asarray(img).astype(np.dtype(dtypes.to_np(self.data_type)))


class NormalizePad(_Op):
    """``vision.NormalizePad(mean, std, dtype='float32', is_hwc=True)``: ``Normalize`` and a
    fourth channel of zeros. For HWC images MindSpore 2.10's CPU kernel writes the three
    normalised channels contiguously into the four-channel buffer (the zeros end up at the
    end of the image, not in every pixel); mscompat gives the same array."""

    def __init__(self, mean, std, dtype="float32", is_hwc=True) -> None:
        arg_checks.check_normalize(mean, std)
        arg_checks.type_check(is_hwc, (bool,), "is_hwc")
        if not isinstance(dtype, str):
            raise TypeError("dtype should be string.")
        if dtype not in ("float32", "float16"):
            raise ValueError("dtype only supports float32 or float16.")
        self.normalize = Normalize(mean, std, is_hwc)
        self.normalize._label = "NormalizePad"
        self.dtype, self.is_hwc = np.dtype(dtype), is_hwc

    def __call__(self, img):
        out = self.normalize(img).astype(self.dtype)
        if self.is_hwc:
            flat = np.zeros(out.size // out.shape[-1] * (out.shape[-1] + 1), self.dtype)
            flat[:out.size] = out.reshape(-1)
            return flat.reshape(out.shape[:-1] + (out.shape[-1] + 1,))
        return np.pad(out, [(0, 1)] + [(0, 0)] * (out.ndim - 1))


def _check_prob(prob) -> float:
    arg_checks.check_prob(prob)
    return float(prob)


class _WithProb(_Op):
    """Applied when ``bernoulli(prob)`` on MindSpore's op stream says so (``op_random``)."""

    _ms_stream = True

    def __call__(self, img):
        applies = op_random.bernoulli(op_random.generator(self), self.prob)
        return self.op(img) if applies else np.asarray(img)


class RandomInvert(_WithProb):
    """``vision.RandomInvert(prob=0.5)``."""

    def __init__(self, prob=0.5) -> None:
        self.prob, self.op = _check_prob(prob), Invert()


class RandomEqualize(_WithProb):
    """``vision.RandomEqualize(prob=0.5)``."""

    def __init__(self, prob=0.5) -> None:
        self.prob, self.op = _check_prob(prob), Equalize()


class RandomAutoContrast(_WithProb):
    """``vision.RandomAutoContrast(cutoff=0.0, ignore=None, prob=0.5)``."""

    def __init__(self, cutoff=0.0, ignore=None, prob=0.5) -> None:
        self.prob, self.op = _check_prob(prob), AutoContrast(cutoff, ignore)


class RandomAdjustSharpness(_WithProb):
    """``vision.RandomAdjustSharpness(degree, prob=0.5)``."""

    def __init__(self, degree, prob=0.5) -> None:
        arg_checks.random_adjust_sharpness(degree, prob)
        self.prob, self.op = _check_prob(prob), AdjustSharpness(degree)


class RandomSelectSubpolicy(_Op):
    """``vision.RandomSelectSubpolicy(policy)``: one sub-policy (a list of ``(op, prob)``)
    drawn uniformly per image; each of its ops applied with its probability, in order."""

    def __init__(self, policy) -> None:
        if not isinstance(policy, list):
            raise TypeError(f"Argument policy with value {policy} is not of type [<class "
                            f"'list'>], but got {type(policy)}.")
        if not policy:
            raise ValueError("policy can not be empty.")
        for i, sub in enumerate(policy):
            if not isinstance(sub, list):
                raise TypeError(f"Argument policy[[{i}]] with value {sub} is not of type "
                                f"[<class 'list'>], but got {type(sub)}.")
            if not sub:
                raise ValueError(f"policy[{i}] can not be empty.")
            for j, item in enumerate(sub):
                if not (isinstance(item, tuple) and len(item) == 2):
                    raise ValueError(f"Value policy[{i}][{j}] needs to be a 2-tuple.")
                if not callable(item[0]):
                    raise TypeError(f"op of (op, prob) in policy[{i}][{j}] is neither a "
                                    f"transforms op (TensorOperation) nor a callable pyfunc.")
                prob = item[1]
                if isinstance(prob, bool) or not isinstance(prob, numbers.Real) or not \
                        0 <= prob <= 1:
                    raise ValueError(f"Input prob of (op, prob) policy[{i}][{j}] is not "
                                     f"within the required interval of [0, 1].")
        self.policy = policy

    _ms_stream = True

    def __call__(self, img):
        gen = op_random.generator(self)
        sub = self.policy[op_random.uniform_int(gen, 0, len(self.policy) - 1)]
        for op, prob in sub:
            if op_random.canonical(gen) <= prob:
                img = op(img)
        return np.asarray(img)


class ImageReadMode(enum.IntEnum):
    """``vision.ImageReadMode``: how ``read_image`` decodes."""

    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


def read_image(filename, mode=ImageReadMode.UNCHANGED) -> np.ndarray:
    """``vision.read_image(filename, mode=ImageReadMode.UNCHANGED)``: the image file as an
    HWC UInt8 array (``GRAYSCALE``: one channel, the decoder's grey; ``COLOR``: three).

    Example:
        >>> import os, tempfile, numpy as np
        >>> from PIL import Image
        >>> from mscompat.dataset import vision
        >>> path = os.path.join(tempfile.mkdtemp(), 'a.png')
        >>> Image.fromarray(np.full((2, 3, 3), 7, np.uint8)).save(path)
        >>> vision.read_image(path).shape
        (2, 3, 3)
    """
    if not isinstance(filename, (str, os.PathLike)):
        raise TypeError(f"Argument filename with value {filename} is not of type [<class "
                        f"'str'>], but got {type(filename)}.")
    mode = ImageReadMode(mode)
    if not os.path.isfile(filename):
        raise RuntimeError(f"read_image: the file {os.fspath(filename)} does not exist or is "
                           f"not a file.")
    Image = require("PIL.Image", extra="images", feature="mindspore.dataset.vision")
    try:
        image = Image.open(filename)
        image.load()
    except Exception as e:
        raise RuntimeError(f"read_image: {os.fspath(filename)} is not a decodable image "
                           f"({e}).") from e
    if mode == ImageReadMode.UNCHANGED:
        out = np.asarray(image)
    else:
        rgb = np.asarray(image.convert("RGB"))
        out = _decoded_grey(rgb) if mode == ImageReadMode.GRAYSCALE else rgb
    return out[..., None] if out.ndim == 2 else out


def _decoded_grey(rgb: np.ndarray) -> np.ndarray:
    """The grey of a decoder reading a colour file as grey (OpenCV's ``imread``): the same
    fixed-point weights as ``cvtColor`` but truncated, not rounded."""
    i = rgb.astype(np.int64)
    return ((i[..., 0] * 4899 + i[..., 1] * 9617 + i[..., 2] * 1868) >> 14).astype(np.uint8)


class RandomResize(_Op):
    """``vision.RandomResize(size)``: ``Resize(size)`` with an interpolation drawn per image
    from LINEAR, NEAREST, CUBIC and AREA: ``uniform_int(0, 3)`` from the transform's
    ``std::mt19937`` stream (``op_random``), as MindSpore's kernel draws it."""

    _MODES = (Inter.LINEAR, Inter.NEAREST, Inter.CUBIC, Inter.AREA)
    _ms_stream = True

    def __init__(self, size) -> None:
        self.size = size
        Resize(size)  # MindSpore's checks of size

    def __call__(self, img):
        pick = op_random.uniform_int(op_random.generator(self), 0, len(self._MODES) - 1)
        return Resize(self.size, self._MODES[pick])(img)
