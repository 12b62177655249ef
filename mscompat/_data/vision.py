"""``mindspore.dataset.vision``: image transforms on NumPy HWC arrays (Pillow decodes and
resizes). Random transforms draw from NumPy's global generator (seeded by ``set_seed``)."""
from __future__ import annotations

import enum
import io
import numbers

import numpy as np

from .._engine.optional import require
from . import arg_checks, image_contract, ms_order, op_random
from .pipeline_errors import pipeline_error
from .resize_kernels import resize_area, resize_cubic, resize_linear, resize_nearest
from .transform_base import ImageTensorOperation, PyTensorOperation


class Inter(enum.IntEnum):
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = LINEAR = 2  # MindSpore's order: BILINEAR and BICUBIC are the names shown
    BICUBIC = CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(enum.Enum):
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


_PIL_FILTER = {Inter.NEAREST: 0, Inter.LINEAR: 2, Inter.CUBIC: 3, Inter.AREA: 4,
               Inter.ANTIALIAS: 1, Inter.PILCUBIC: 3}


class _Op(ImageTensorOperation):
    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if cls.__name__ in image_contract.CONTRACTS:  # MindSpore's input checks, batches
            call = cls.__dict__.get("__call__") or cls.__call__
            cls.__call__ = image_contract.checked(cls.__name__,
                                                  getattr(call, "__wrapped__", call))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def padding_sides(padding) -> tuple:
    """A ``padding`` argument (one number, (left/right, top/bottom) or (left, top, right,
    bottom)) as (left, top, right, bottom)."""
    p = (padding,) if isinstance(padding, (int, float)) else tuple(padding)
    if len(p) not in (1, 2, 4):
        raise ValueError(f"The size of padding should be 1, 2 or 4, but got {len(p)}.")
    return (p * 4) if len(p) == 1 else ((p[0], p[1], p[0], p[1]) if len(p) == 2 else p)


def _hw(size) -> tuple[int, int]:
    return (size, size) if isinstance(size, int) else (int(size[0]), int(size[1]))


class Decode(_Op, PyTensorOperation):
    """``Decode(to_pil=False)``: encoded image bytes -> HWC UInt8 RGB."""

    def __init__(self, to_pil: bool = False) -> None:
        self.to_pil = to_pil

    def __call__(self, img):
        Image = require("PIL.Image", extra="images", feature="mindspore.dataset.vision")
        data = np.asarray(img, np.uint8).tobytes()
        try:
            image = Image.open(io.BytesIO(data)).convert("RGB")
        except Exception as e:
            raise RuntimeError(f"Decode: the input is not a decodable image ({e}).") from e
        return image if self.to_pil else np.asarray(image)


class Resize(_Op, PyTensorOperation):
    """``Resize(size, interpolation=Inter.LINEAR)``: an int resizes the shorter side. LINEAR,
    NEAREST and CUBIC sample as OpenCV does (MindSpore's kernels); other modes use Pillow."""

    def __init__(self, size, interpolation=Inter.LINEAR) -> None:
        if interpolation is None:
            raise KeyError("Interpolation should not be None")
        arg_checks.check_resize_size(size)
        arg_checks.type_check(interpolation, (Inter,), "interpolation")
        self.size, self.interpolation = size, Inter(interpolation)

    def __call__(self, img):
        img = np.asarray(img)
        if img.ndim < 2:
            raise RuntimeError("Resize: the image tensor should have at least two dimensions. "
                               "You may need to perform Decode first.")
        h, w = img.shape[:2]
        if isinstance(self.size, int):
            new = (self.size, int(self.size * w / h)) if h <= w else \
                (int(self.size * h / w), self.size)
        else:
            new = _hw(self.size)
        if self.interpolation != Inter.PILCUBIC:
            image_contract.require_cv_depth("Resize", img, self.interpolation == Inter.NEAREST)
        if self.interpolation == Inter.LINEAR:
            return resize_linear(img, *new)
        if self.interpolation == Inter.NEAREST:
            return resize_nearest(img, *new)
        if self.interpolation == Inter.CUBIC:
            return resize_cubic(img, *new)
        if self.interpolation == Inter.AREA:
            return resize_area(img, *new)
        Image = require("PIL.Image", extra="images", feature="mindspore.dataset.vision")
        if self.interpolation == Inter.PILCUBIC:
            return _pil_cubic(Image, img, new)
        planes = img[..., None] if img.ndim == 2 else img
        out = np.stack([np.asarray(Image.fromarray(planes[..., c].astype(np.float32), "F")
                                   .resize((new[1], new[0]), _PIL_FILTER[self.interpolation]))
                        for c in range(planes.shape[-1])], -1)
        if np.issubdtype(img.dtype, np.integer):
            out = np.clip(np.round(out), 0, 255)
        out = out.astype(img.dtype)
        return out[..., 0] if img.ndim == 2 else out


def _pil_cubic(Image, img, new):
    """PILCUBIC: Pillow's 8-bit bicubic resampling of an RGB image (MindSpore's kernel is a
    port of it: a horizontal pass rounded to 8 bits, then a vertical one)."""
    shape = ",".join(map(str, img.shape))
    if img.ndim != 3 or img.shape[2] != 3:
        raise pipeline_error(f"Resize: Interpolation mode PILCUBIC only supports image with 3 "
                             f"channels, but got: <{shape}>")
    if img.dtype != np.uint8:  # MindSpore's kernel reads the buffer as bytes
        raise NotImplementedError(f"mindspore.dataset.vision.Resize with Inter.PILCUBIC on a "
                                  f"{img.dtype.name} image is not supported by mscompat "
                                  f"(MindSpore's kernel reads it as bytes).")
    # two calls: Pillow's own two-pass resize may take the vertical pass first
    wide = Image.fromarray(img, "RGB").resize((new[1], img.shape[0]), Image.BICUBIC)
    return np.asarray(wide.resize((new[1], new[0]), Image.BICUBIC))


class CenterCrop(_Op, PyTensorOperation):
    """``CenterCrop(size)``: the window at ``floor((H - h) / 2)``, ``floor((W - w) / 2)``;
    a size larger than the image pads it with zeros first, as MindSpore does."""

    def __init__(self, size) -> None:
        arg_checks.check_crop_size(size)
        self.size = _hw(size)

    def __call__(self, img):
        img = np.asarray(img)
        h, w = img.shape[:2]
        th, tw = self.size
        top, left = (h - th) // 2, (w - tw) // 2
        pad_t, pad_l = max(-top, 0), max(-left, 0)
        pad_b, pad_r = max(th - h - pad_t, 0), max(tw - w - pad_l, 0)
        if pad_t or pad_l or pad_b or pad_r:
            if th - h >= 3 * h or tw - w >= 3 * w:
                raise pipeline_error(
                    f"CenterCrop: Padding size cannot be more than 3 times of the original "
                    f"image size, got top padding: {max(th - h, 0)}, left padding: "
                    f"{max(tw - w, 0)}, while the original image size: {h}, {w}")
            image_contract.CONTRACTS["Pad"].check(img)  # MindSpore pads with its Pad kernel
            img = np.pad(img, [(pad_t, pad_b), (pad_l, pad_r)] + [(0, 0)] * (img.ndim - 2))
            top, left = top + pad_t, left + pad_l
        return img[top:top + th, left:left + tw]


class RandomCrop(_Op, PyTensorOperation):
    """``RandomCrop(size, padding=None, pad_if_needed=False, fill_value=0,
    padding_mode=Border.CONSTANT)``: pad, with ``pad_if_needed`` pad each too-small side by
    the shortfall on both ends, then (unless the image is already the crop's size) draw the
    left edge and then the top edge from MindSpore's op stream (``op_random``)."""

    _ms_stream = True

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0,
                 padding_mode=Border.CONSTANT) -> None:
        arg_checks.check_crop_size(size)
        arg_checks.type_check(pad_if_needed, (bool,), "pad_if_needed")
        if padding is not None:
            arg_checks.check_padding(padding)
        if fill_value is not None:
            arg_checks.check_fill_value(fill_value)
        if padding_mode is not None:
            arg_checks.type_check(padding_mode, (Border,), "padding_mode")
        self.size, self.padding, self.fill_value = _hw(size), padding, fill_value
        self.pad_if_needed, self.padding_mode = pad_if_needed, Border(padding_mode)

    def __call__(self, img):
        img = np.asarray(img)
        image_contract.CONTRACTS["Pad"].check(img)  # MindSpore's kernel pads (by 0) first
        if self.padding is not None:
            img = Pad(self.padding, self.fill_value, self.padding_mode)(img)
        th, tw = self.size
        if img.shape[:2] == (th, tw):
            return img
        if self.pad_if_needed:
            dh, dw = max(th - img.shape[0], 0), max(tw - img.shape[1], 0)
            if dh or dw:
                img = Pad((dw, dh, dw, dh), self.fill_value, self.padding_mode)(img)
        h, w = img.shape[:2]
        if h < th or w < tw:
            raise pipeline_error(f"RandomCrop: invalid crop size, crop size is bigger than the "
                                 f"image dimensions, got crop height: {th}, crop width: {tw}")
        gen = op_random.generator(self)
        left = op_random.uniform_int(gen, 0, w - tw)
        top = op_random.uniform_int(gen, 0, h - th)
        return img[top:top + th, left:left + tw]


class RandomHorizontalFlip(_Op, PyTensorOperation):
    """``RandomHorizontalFlip(prob=0.5)``: flips when MindSpore's op stream says so
    (``bernoulli(prob)``, ``op_random``)."""

    _ms_stream = True
    _whole_batch = True  # one draw flips every image of a batch <..., H, W, C>

    def __init__(self, prob: float = 0.5) -> None:
        arg_checks.check_prob(prob)
        self.prob = prob

    def _flips(self) -> bool:
        return op_random.bernoulli(op_random.generator(self), self.prob)

    def __call__(self, img):
        img = np.asarray(img)
        return np.flip(img, 1 if img.ndim == 2 else -2).copy() if self._flips() else img


class RandomVerticalFlip(RandomHorizontalFlip):
    """``RandomVerticalFlip(prob=0.5)``."""

    def __call__(self, img):
        img = np.asarray(img)
        return img[::-1].copy() if self._flips() else img


class Normalize(_Op):
    """``Normalize(mean, std, is_hwc=True)``: ``(img - mean) / std`` as Float32."""

    _label = "Normalize"  # NormalizePad's refusals name it

    def __init__(self, mean, std, is_hwc: bool = True) -> None:
        arg_checks.check_normalize(mean, std)
        arg_checks.type_check(is_hwc, (bool,), "is_hwc")
        self.mean, self.std, self.is_hwc = mean, std, is_hwc

    def __call__(self, img):
        img = np.asarray(img, np.float32)
        hw = img.ndim == 2 and self.is_hwc  # a single-channel image, staying 2-D
        channels = 1 if hw else img.shape[-1 if self.is_hwc else 0]  # (CHW: the rows of HW)
        count = len(np.atleast_1d(self.mean))
        if count not in (1, channels):
            raise pipeline_error(f"{self._label}: number of channels does not match the size of "
                                 f"mean and std vectors, got channels: {channels}, size of "
                                 f"mean: {count}")
        shape = (-1,) if hw else ((1,) * (img.ndim - 1) + (-1,) if self.is_hwc
                                  else (-1,) + (1,) * (img.ndim - 1))
        mean = np.asarray(self.mean, np.float32).reshape(shape)
        std = np.asarray(self.std, np.float32).reshape(shape)
        if hw:
            mean, std = mean[0], std[0]
        return ((img - mean) / std).astype(np.float32)


class HWC2CHW(_Op):
    """``HWC2CHW()``."""

    def __call__(self, img):
        img = np.asarray(img)
        if img.ndim not in (2, 3):
            raise pipeline_error(f"HWC2CHW: image shape should be <H,W> or <H,W,C>, but got "
                                 f"rank: {img.ndim}")
        return np.ascontiguousarray(img.transpose(2, 0, 1) if img.ndim == 3 else img)


def _equalize_channel(ch: np.ndarray) -> np.ndarray:
    """OpenCV's ``equalizeHist`` (MindSpore's kernel): the cumulative histogram above the
    lowest level, scaled to 255 and rounded; a single-level channel is left as it is."""
    hist = np.bincount(ch.ravel(), minlength=256)
    low = int(np.flatnonzero(hist)[0])
    if hist[low] == ch.size:
        return ch.copy()
    cum = np.cumsum(hist) - hist[low]
    scale = np.float32(255) / np.float32(ch.size - hist[low])  # OpenCV's float32 scale
    lut = np.clip(np.rint(cum.astype(np.float32) * scale), 0, 255)
    lut[:low + 1] = 0
    return lut.astype(np.uint8)[ch]


class Equalize(_Op, PyTensorOperation):
    """``Equalize()``: histogram equalisation of each channel of a UInt8 image (HWC or HW).

    Example:
        >>> import numpy as np
        >>> from mscompat.dataset import vision
        >>> vision.Equalize()(np.array([[10, 10], [20, 30]], np.uint8))
        array([[  0,   0],
               [128, 255]], dtype=uint8)
    """

    def __call__(self, img):
        img = np.asarray(img)
        if img.dtype != np.uint8:
            raise RuntimeError(f"Equalize: the data type of image should be uint8, but got "
                               f"{img.dtype}.")
        if img.ndim == 2:
            return _equalize_channel(img)
        return np.stack([_equalize_channel(img[..., c]) for c in range(img.shape[-1])], -1)


class Invert(_Op, PyTensorOperation):
    """``Invert()``: ``255 - img`` of a 3-channel HWC image (UInt8 saturating, Float32 and
    other OpenCV depths as they are)."""

    def __call__(self, img):
        img = np.asarray(img)  # a depth cv::subtract takes (image_contract)
        if img.dtype == np.uint8:
            return (255 - img).astype(np.uint8)
        wide = 255 - img.astype(np.float64 if img.dtype.kind == "f" else np.int64)
        if img.dtype.kind in "iu":
            info = np.iinfo(img.dtype)
            wide = np.clip(wide, info.min, info.max)
        return wide.astype(img.dtype)


class Pad(_Op, PyTensorOperation):
    """``Pad(padding, fill_value=0, padding_mode=Border.CONSTANT)``: ``padding`` one
    number (all sides), (left/right, top/bottom) or (left, top, right, bottom); the border
    constant (``fill_value``, a number or one per channel), edge, reflect or symmetric.

    Example:
        >>> import numpy as np
        >>> from mscompat.dataset import vision
        >>> vision.Pad((1, 0))(np.ones((1, 2, 1), np.uint8))[..., 0]
        array([[0, 1, 1, 0]], dtype=uint8)
    """

    def __init__(self, padding, fill_value=0, padding_mode=Border.CONSTANT) -> None:
        arg_checks.check_padding(padding)
        arg_checks.check_fill_value(fill_value)
        arg_checks.type_check(padding_mode, (Border,), "padding_mode")
        self.left, self.top, self.right, self.bottom = padding_sides(padding)
        self.fill_value, self.padding_mode = fill_value, Border(padding_mode)

    def __call__(self, img):
        img = np.asarray(img)
        pads = [(self.top, self.bottom), (self.left, self.right)] + [(0, 0)] * (img.ndim - 2)
        mode = self.padding_mode.value
        if mode != "constant":
            return np.pad(img, pads, mode=mode)
        fill = np.asarray(self.fill_value, img.dtype)
        if fill.ndim and (img.ndim == 2 or img.shape[-1] == 1):
            fill = fill[0]  # a grey image takes the first of an RGB fill, as OpenCV does
        out = np.pad(img, pads, mode="constant")
        if fill.any():
            mask = np.ones(img.shape[:2], bool)
            mask = np.pad(mask, pads[:2], mode="constant") == 0
            out[mask] = fill
        return out


def _autocontrast_channel(ch: np.ndarray, cutoff: float, ignore) -> np.ndarray:
    """MindSpore's AutoContrast kernel: ``cutoff`` percent (truncated to a whole percent, as
    the kernel's integer parameter takes it) of the pixels dropped at each end of the
    histogram (``ignore`` levels left out of it), the rest stretched to [0, 255] by a
    float32 ``level * scale + offset``, truncated; the table maps every level."""
    hist = np.bincount(ch.ravel(), minlength=256).astype(np.int64)
    for v in ignore:
        hist[v] = 0
    cut = int(int(cutoff) / 100.0 * hist.sum())  # (its kernel takes whole percents)
    for order in (range(256), range(255, -1, -1)):
        left = cut
        for i in order:
            if left <= 0:
                break
            take = min(hist[i], left)
            hist[i] -= take
            left -= take
    levels = np.flatnonzero(hist)
    if len(levels) == 0 or levels[-1] <= levels[0]:
        return ch.copy()
    lo, hi = int(levels[0]), int(levels[-1])
    scale = np.float32(255.0 / (hi - lo))
    offset = np.float32(-lo) * scale
    lut = np.floor(np.arange(256, dtype=np.float32) * scale + offset)
    return np.clip(lut, 0, 255).astype(np.uint8)[ch]  # (ignored levels mapped as the rest)


class AutoContrast(_Op, PyTensorOperation):
    """``AutoContrast(cutoff=0.0, ignore=None)``: each channel's histogram stretched to
    [0, 255] after dropping ``cutoff`` percent at both ends (UInt8, HWC or HW)."""

    def __init__(self, cutoff: float = 0.0, ignore=None) -> None:
        arg_checks.auto_contrast(cutoff, ignore)
        self.cutoff = cutoff
        self.ignore = [] if ignore is None else ([ignore] if isinstance(ignore, int)
                                                 else list(ignore))

    def __call__(self, img):
        img = np.asarray(img)
        if img.ndim == 2:
            return _autocontrast_channel(img, self.cutoff, self.ignore)
        return np.stack([_autocontrast_channel(img[..., c], self.cutoff, self.ignore)
                         for c in range(img.shape[-1])], -1)


class ConvertMode(enum.Enum):
    """The ``ConvertColor`` conversions (OpenCV's codes)."""

    COLOR_BGR2BGRA = "bgr2bgra"
    COLOR_RGB2RGBA = "bgr2bgra"
    COLOR_BGRA2BGR = "bgra2bgr"
    COLOR_RGBA2RGB = "bgra2bgr"
    COLOR_BGR2RGBA = "bgr2rgba"
    COLOR_RGB2BGRA = "bgr2rgba"
    COLOR_RGBA2BGR = "rgba2bgr"
    COLOR_BGRA2RGB = "rgba2bgr"
    COLOR_BGR2RGB = "swap"
    COLOR_RGB2BGR = "swap"
    COLOR_BGRA2RGBA = "swap4"
    COLOR_RGBA2BGRA = "swap4"
    COLOR_BGR2GRAY = "bgr2gray"
    COLOR_RGB2GRAY = "rgb2gray"
    COLOR_GRAY2BGR = "gray2bgr"
    COLOR_GRAY2RGB = "gray2bgr"
    COLOR_GRAY2BGRA = "gray2bgra"
    COLOR_GRAY2RGBA = "gray2bgra"
    COLOR_BGRA2GRAY = "bgra2gray"
    COLOR_RGBA2GRAY = "rgba2gray"


def _gray(r, g, b):
    """OpenCV's luma: for 8-bit channels its fixed point (9798 R + 19235 G + 3735 B + 2**14)
    >> 15, as MindSpore's build computes it; for float channels 0.299 R + 0.587 G + 0.114 B
    in float32."""
    if r.dtype.kind == "f":
        return (r * np.float32(0.299) + g * np.float32(0.587) + b * np.float32(0.114)) \
            .astype(r.dtype)
    return ((r.astype(np.int32) * 9798 + g.astype(np.int32) * 19235
             + b.astype(np.int32) * 3735 + (1 << 14)) >> 15).astype(r.dtype)


# the conversions from grey (a 1-channel image given to a colour conversion is first made
# 3-channel grey, as MindSpore does; the depths are image_contract's row)
_GREY_SOURCES = ("gray2bgr", "gray2bgra")


class ConvertColor(_Op):
    """``ConvertColor(convert_mode)``: channel order, alpha and grey conversions, as OpenCV's
    ``cvtColor`` (UInt8, UInt16 or Float32; the alpha added to a float image is 1.0)."""

    def __init__(self, convert_mode: ConvertMode) -> None:
        arg_checks.type_check(convert_mode, (ConvertMode,), "convert_mode")
        self.convert_mode = ConvertMode(convert_mode)

    def __call__(self, img):
        img = np.asarray(img)
        kind = self.convert_mode.value
        channels = img.shape[2] if img.ndim == 3 else 1
        grey_source = kind in _GREY_SOURCES
        if channels == 1 and not grey_source and kind not in ("bgr2gray", "rgb2gray",
                                                              "bgra2gray", "rgba2gray"):
            img, channels = np.repeat(img.reshape(img.shape[:2] + (1,)), 3, -1), 3
        if channels not in (1,) if grey_source else channels not in (3, 4):
            raise pipeline_error(f"ConvertColor: OpenCV: the conversion {self.convert_mode.name} "
                                 f"does not take a {channels}-channel {img.dtype.name} image "
                                 f"(Bad number of channels or unsupported depth)")
        alpha = np.full(img.shape[:2] + (1,), 1.0 if img.dtype.kind == "f" else
                        np.iinfo(img.dtype).max, img.dtype)
        if kind == "swap":
            return img[..., 2::-1].copy()
        if kind in ("bgr2bgra", "bgr2rgba", "swap4"):  # swap4: BGRA<->RGBA, alpha added
            rgb = img[..., :3] if kind == "bgr2bgra" else img[..., 2::-1]
            return np.concatenate([rgb, img[..., 3:] if channels == 4 else alpha], -1)
        if kind == "bgra2bgr":
            return img[..., :3].copy()
        if kind == "rgba2bgr":
            return img[..., 2::-1].copy()
        if kind in ("bgr2gray", "bgra2gray"):
            return _gray(img[..., 2], img[..., 1], img[..., 0])
        if kind in ("rgb2gray", "rgba2gray"):
            return _gray(img[..., 0], img[..., 1], img[..., 2])
        grey = img.reshape(img.shape[:2])
        out = np.repeat(grey[..., None], 3, -1)
        return out if kind == "gray2bgr" else np.concatenate([out, alpha], -1)


class RandomPosterize(_Op):
    """``RandomPosterize(bits=(8, 8))``: each image keeps a random number of high bits per
    pixel, drawn from ``bits`` (an int or a [min, max] range)."""

    def __init__(self, bits=(8, 8)) -> None:
        arg_checks.random_posterize(bits)
        bits = (8, 8) if bits is None else bits
        self.bits = (bits, bits) if isinstance(bits, int) else tuple(bits)

    _ms_stream = True

    def __call__(self, img):
        img = np.asarray(img)
        bits = op_random.uniform_int(op_random.generator(self), self.bits[0], self.bits[1])
        # an Int8 image is read as its bytes, and the result is UInt8 (MindSpore's kernel)
        return img.view(np.uint8) & np.uint8((0xFF << (8 - bits)) & 0xFF)


class Rescale(_Op):
    """``Rescale(rescale, shift)``: ``img * rescale + shift`` as Float32, rounded once (a
    fused multiply-add of the float32 values, as MindSpore's kernel computes it).

    Example:
        >>> import numpy as np
        >>> from mscompat.dataset import vision
        >>> print(vision.Rescale(1 / 255.0, -0.5)(np.array([[120]], np.uint8)))
        [[-0.02941174]]
    """

    def __init__(self, rescale: float, shift: float) -> None:
        arg_checks.type_check(rescale, (numbers.Number,), "rescale")
        arg_checks.type_check(shift, (numbers.Number,), "shift")
        arg_checks.check_float32(rescale, "rescale")
        arg_checks.check_float32(shift, "shift")
        self.rescale, self.shift = rescale, shift

    def __call__(self, img):
        # float32 * float32 is exact in float64, so one rounding at the end: the FMA result
        x = np.asarray(img, np.float32).astype(np.float64)
        return (x * np.float64(np.float32(self.rescale)) +
                np.float64(np.float32(self.shift))).astype(np.float32)


class ToTensor(_Op):
    """``ToTensor(output_type=np.float32)``: HWC UInt8 -> CHW scaled to [0, 1]."""

    def __init__(self, output_type=np.float32) -> None:
        self.output_type = output_type

    def __call__(self, img):
        img = np.asarray(img)
        if img.ndim == 2:
            img = img[..., None]
        # MindSpore multiplies by the float32 reciprocal (not a division)
        out = img.transpose(2, 0, 1).astype(np.float32) * np.float32(1 / 255.0)
        from .._engine import dtypes
        dt = self.output_type
        return out.astype(dtypes.to_np(dt) if isinstance(dt, dtypes.Type) else dt)


class ToPIL(_Op, PyTensorOperation):
    def __call__(self, img):
        Image = require("PIL.Image", extra="images", feature="mindspore.dataset.vision")
        if isinstance(img, Image.Image):
            return img
        if not isinstance(img, np.ndarray):
            raise TypeError(f"The input image should be of type numpy.ndarray or "
                            f"PIL.Image.Image. Got {type(img)}.")
        if img.ndim not in (2, 3):
            raise ValueError(f"The dimension of input image should be 2 or 3. Got {img.ndim}.")
        img = img[..., None] if img.ndim == 2 else img
        if img.shape[-1] > 4:
            raise ValueError(f"The channel of input image should not exceed 4. Got "
                             f"{img.shape[-1]}.")
        if img.shape[-1] == 1:
            if img.dtype.name not in ("bool", "int8", "int16", "int32", "uint8", "uint16",
                                      "uint32", "float32", "float64"):
                raise TypeError(f"The input image type {img.dtype} is not supported when "
                                f"image shape is [H, W] or [H, W, 1].")
            return Image.fromarray(img[:, :, 0])
        if img.dtype != np.uint8:
            raise TypeError(f"The input image type {img.dtype} is not supported when image "
                            f"shape is [H, W, 2], [H, W, 3] or [H, W, 4].")
        return Image.fromarray(img)


def _crop_box(op, h: int, w: int) -> tuple[int, int, int, int]:
    """MindSpore's random crop box (``RandomCropAndResizeOp::GetCropBox``): up to
    ``max_attempts`` draws of a float32 area fraction and log-aspect from the op's stream;
    the first box that fits draws its left and top edges; else the centre crop with the
    aspect clamped to ``ratio``. Returns ``(top, left, height, width)``."""
    f32 = np.float32
    gen = op_random.generator(op)
    log_lo, log_hi = f32(np.log(f32(op.ratio[0]))), f32(np.log(f32(op.ratio[1])))
    for _ in range(op.max_attempts):
        scale = float(op_random.uniform_real(gen, op.scale[0], op.scale[1]))
        aspect = float(np.exp(op_random.uniform_real(gen, log_lo, log_hi)))
        cw = op_random.round_half_away(np.sqrt(h * w * scale * aspect))
        ch = op_random.round_half_away(cw / aspect)
        if cw <= w and ch <= h:
            left = op_random.uniform_int(gen, 0, w - cw)
            top = op_random.uniform_int(gen, 0, h - ch)
            return top, left, ch, cw
    in_ratio = w / h
    if in_ratio < float(f32(op.ratio[0])):
        cw, ch = w, op_random.round_half_away(w / float(f32(op.ratio[0])))
    elif in_ratio > float(f32(op.ratio[1])):
        ch, cw = h, op_random.round_half_away(h * float(f32(op.ratio[1])))
    else:
        ch, cw = h, w
    return (op_random.round_half_away((h - ch) / 2.0), op_random.round_half_away((w - cw) / 2.0),
            ch, cw)


class RandomResizedCrop(_Op, PyTensorOperation):
    """``RandomResizedCrop(size, scale=(0.08, 1.0), ratio=(3/4, 4/3),
    interpolation=Inter.BILINEAR, max_attempts=10)``: a random crop of random area and
    aspect ratio, resized to ``size``; the box is drawn as MindSpore's C++ op draws it, from
    its op stream (``op_random``, ``_crop_box``)."""

    _ms_stream = True
    _whole_batch = True  # one crop box for every image of a batch <..., H, W, C>

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3.0 / 4.0, 4.0 / 3.0),
                 interpolation=Inter.BILINEAR, max_attempts: int = 10) -> None:
        if interpolation is not None:
            arg_checks.type_check(interpolation, (Inter,), "interpolation")
        arg_checks.check_size_scale_ratio(size, scale, ratio, max_attempts)
        scale = (0.08, 1.0) if scale is None else scale  # (None: the defaults)
        ratio = (3.0 / 4.0, 4.0 / 3.0) if ratio is None else ratio
        self.size, self.scale, self.ratio = _hw(size), scale, ratio
        self.interpolation, self.max_attempts = Inter(interpolation), max_attempts

    def __call__(self, img):
        img = np.asarray(img)
        image_contract.require_cv_depth("CropAndResize", img, self.interpolation == Inter.NEAREST)
        rows = 0 if img.ndim == 2 else img.ndim - 3  # one box for every image of a batch
        top, left, ch, cw = _crop_box(self, img.shape[rows], img.shape[rows + 1])
        window = (Ellipsis, slice(top, top + ch), slice(left, left + cw)) + \
            (() if img.ndim == 2 else (slice(None),))
        return Resize(self.size, self.interpolation)(img[window])


class RandomCropDecodeResize(RandomResizedCrop):
    """``RandomCropDecodeResize(size, scale=(0.08, 1.0), ratio=(3/4, 4/3),
    interpolation=Inter.BILINEAR, max_attempts=10)``: ``Decode`` then
    ``RandomResizedCrop``."""

    def __call__(self, img):
        return super().__call__(Decode()(img))


def _factor_range(value, centre: float, bound=None) -> tuple[float, float]:
    """A jitter amount as a (low, high) range: a number v is MindSpore's
    ``[centre - v, centre + v]`` (the low end at least 0 unless ``bound``), which must lie
    inside ``bound`` (or [0, 16777216]); a pair is taken as it is (``arg_checks`` checked it)."""
    if isinstance(value, numbers.Number):  # (a bool too, as MindSpore takes it)
        low = centre - value if bound else max(0, centre - value)
        value = (low, centre + value)
        arg_checks.check_range(value, bound or (0, arg_checks.FLOAT_MAX_INTEGER))
    return float(value[0]), float(value[1])


class RandomColorAdjust(_Op, PyTensorOperation):
    """``RandomColorAdjust(brightness=(1, 1), contrast=(1, 1), saturation=(1, 1),
    hue=(0, 0))`` on HWC RGB images: brightness scales the pixels, contrast blends with the
    mean grey level, saturation with the grey image, hue rotates the colour wheel by a
    fraction in [-0.5, 0.5]; each factor is drawn uniformly from its range (a number v
    means ``[max(0, 1 - v), 1 + v]``, ``[-v, v]`` for hue), from MindSpore's op stream."""

    _ms_stream = True

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1),
                 hue=(0, 0)) -> None:
        for name, value in (("brightness", brightness), ("contrast", contrast),
                            ("saturation", saturation)):
            arg_checks.check_color_adjust(value, name)
        arg_checks.check_color_adjust(hue, "hue", (-0.5, 0.5))
        self.brightness = _factor_range(brightness, 1.0)
        self.contrast = _factor_range(contrast, 1.0)
        self.saturation = _factor_range(saturation, 1.0)
        self.hue = _factor_range(hue, 0.0, (-0.5, 0.5))

    def __call__(self, img):
        """MindSpore's C++ order: shuffle the four adjustments with the op's stream
        (``op_random``), then draw each factor (float32) as it comes and apply it, skipping
        only a range fixed at the identity."""
        from .vision_adjust import AdjustBrightness, AdjustContrast, AdjustHue, AdjustSaturation
        img = np.asarray(img)  # 3-channel HWC (image_contract); each step checks dtypes
        gen = op_random.generator(self)
        steps = {"brightness": (self.brightness, 1.0, AdjustBrightness),
                 "contrast": (self.contrast, 1.0, AdjustContrast),
                 "saturation": (self.saturation, 1.0, AdjustSaturation),
                 "hue": (self.hue, 0.0, AdjustHue)}
        for name in ms_order.std_shuffle(list(steps), gen):
            (lo, hi), identity, adjust = steps[name]
            if np.float32(lo) == np.float32(hi) == np.float32(identity):
                continue
            factor = float(op_random.uniform_real(gen, lo, hi))
            img = adjust(factor)(img)
        return img
