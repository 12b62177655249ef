"""The PIL-image path of ``mindspore.dataset.vision``: a transform MindSpore also runs on a
``PIL.Image`` (``Resize``, ``CenterCrop``, ``ToTensor``, the ``Adjust*`` and ``Random*``
colour and geometry transforms...) takes that image to its Python implementation, built on
Pillow (``resize``, ``crop``, ``ImageEnhance``, ``ImageOps``, ``rotate``) and drawing from
Python's ``random`` as MindSpore does, so a ``dataset.config.set_seed`` seed gives the same
draws. The result is a PIL image (``ToTensor``: a CHW array divided by 255); a NumPy image
takes the OpenCV-style path of the transform itself.

Each row pairs a transform with its PIL function, ``fn(op, image)``; ``install`` routes a
single PIL argument of the transform's ``__call__`` to it (MindSpore's ``_execute_py``).

Which path runs follows MindSpore's *implementation* of each transform (``implementation``):
'PY' (Pillow only: ``Decode(to_pil=True)``, ``Grayscale``, the ``ANTIALIAS`` resizes...),
'C' (NumPy only), or None for the transforms above, which in a ``map`` take the path of the
transform before them ('PY' after a 'PY' one, else 'C': a PIL image is then turned into an
array first; ``resolve``). Called directly, a 'PY' transform needs a PIL image and the others
take a PIL image's Pillow path.

Example:
    >>> import numpy as np
    >>> from PIL import Image
    >>> from mscompat.dataset import vision
    >>> img = Image.fromarray(np.arange(48, dtype=np.uint8).reshape(4, 4, 3))
    >>> out = vision.CenterCrop(3)(img)
    >>> type(out).__name__, out.size
    ('Image', (3, 3))
"""
from __future__ import annotations

import functools
import math
import random

import numpy as np

from .._engine.optional import require
from .vision import (
    AutoContrast,
    Border,
    CenterCrop,
    Decode,
    Equalize,
    Inter,
    Invert,
    Pad,
    RandomColorAdjust,
    RandomCrop,
    RandomHorizontalFlip,
    RandomResizedCrop,
    RandomVerticalFlip,
    Resize,
    ToPIL,
    ToTensor,
    padding_sides,
)
from .vision_adjust import AdjustBrightness, AdjustContrast, AdjustGamma, AdjustSaturation
from .vision_color import (
    Grayscale,
    HsvToRgb,
    RandomColor,
    RandomGrayscale,
    RandomSharpness,
    RgbToHsv,
)
from .vision_erase import RandomErasing
from .vision_geometry import RandomRotation
from .vision_pad import LinearTransformation

# MindSpore's ``Inter.to_python_type``: Pillow's filters
_FILTERS = {Inter.NEAREST: 0, Inter.ANTIALIAS: 1, Inter.LINEAR: 2, Inter.CUBIC: 3}


def _pil():
    return require("PIL.Image", extra="images", feature="mindspore.dataset.vision")


def _filter(interpolation) -> int:
    if interpolation in (Inter.AREA, Inter.PILCUBIC):
        raise TypeError("Current Interpolation is not supported with PIL input.")
    return _FILTERS[Inter(interpolation)]


def _resize(img, size, resample: int):
    if isinstance(size, int):
        width, height = img.size
        if (width <= height and width == size) or (height <= width and height == size):
            return img
        if width < height:
            return img.resize((size, int(size / (width / height))), resample)
        return img.resize((int(size * (width / height)), size), resample)
    return img.resize(tuple(size)[::-1], resample)


def _crop(img, top: int, left: int, height: int, width: int):
    return img.crop((left, top, left + width, top + height))


def _centre(img, height: int, width: int):
    img_width, img_height = img.size
    return _crop(img, int(round((img_height - height) / 2.0)),
                 int(round((img_width - width) / 2.0)), height, width)


def _pad(img, left, top, right, bottom, fill_value, mode: str):
    from PIL import ImageOps
    if isinstance(fill_value, list):
        fill_value = tuple(fill_value)
    if mode == "constant":
        if isinstance(fill_value, tuple) and img.mode in ("L", "1"):
            fill_value = (fill_value[0],)
        return ImageOps.expand(img, border=(left, top, right, bottom), fill=fill_value)
    a = np.asarray(img)
    pads = ((top, bottom), (left, right)) + (((0, 0),) if a.ndim == 3 else ())
    return _pil().fromarray(np.pad(a, pads, mode))


def _enhance(kind: str, img, factor: float):
    from PIL import ImageEnhance
    return getattr(ImageEnhance, kind)(img).enhance(factor)


def _adjust_hue(img, factor: float):
    if img.mode in ("L", "1", "I", "F"):
        return img
    hue, saturation, value = img.convert("HSV").split()
    shifted = np.array(hue, dtype=np.uint8)
    # NumPy 1's ``np.uint8(factor * 255)``: truncated, then wrapped modulo 256
    shifted += np.uint8(int(factor * 255) % 256)
    Image = _pil()
    return Image.merge("HSV", (Image.fromarray(shifted, "L"), saturation, value)) \
        .convert(img.mode)


def _gamma(op, img):
    table = [int((255 + 1 - 0.001) * op.gain * pow(x / 255.0, op.gamma)) for x in range(256)]
    bands = len(img.split())
    return img.point(table * 3) if bands == 3 else img.point(table) if bands == 1 else img


def _to_tensor(op, img):
    from .._engine import dtypes
    a = np.asarray(img)
    if a.ndim == 2:
        a = a[:, :, None]
    out = a.transpose(2, 0, 1) / 255.0
    dt = op.output_type
    return out.astype(dtypes.to_np(dt) if isinstance(dt, dtypes.Type) else dt)


def _random_crop(op, img):
    if op.padding is not None:
        img = _pad(img, *padding_sides(op.padding), op.fill_value, op.padding_mode.value)
    height, width = op.size
    if op.pad_if_needed and img.size[0] < width:
        img = _pad(img, width - img.size[0], 0, width - img.size[0], 0, op.fill_value,
                   op.padding_mode.value)
    if op.pad_if_needed and img.size[1] < height:
        img = _pad(img, 0, height - img.size[1], 0, height - img.size[1], op.fill_value,
                   op.padding_mode.value)
    img_width, img_height = img.size
    if height > img_height or width > img_width:
        raise ValueError(f"Crop size {op.size} is larger than input image size "
                         f"{(img_height, img_width)}.")
    if (height, width) == (img_height, img_width):
        return img
    top = random.randint(0, img_height - height)
    left = random.randint(0, img_width - width)
    return _crop(img, top, left, height, width)


def _random_resized_crop(op, img):
    resample = _filter(op.interpolation)
    img_width, img_height = img.size
    area = img_width * img_height
    for _ in range(op.max_attempts):
        crop_area = random.uniform(op.scale[0], op.scale[1]) * area
        aspect = math.exp(random.uniform(math.log(op.ratio[0]), math.log(op.ratio[1])))
        width = int(round(math.sqrt(crop_area * aspect)))
        height = int(round(width / aspect))
        if 0 < width <= img_width and 0 < height <= img_height:
            top = random.randint(0, img_height - height)
            left = random.randint(0, img_width - width)
            return _resize(_crop(img, top, left, height, width), op.size, resample)
    ratio = img_width / img_height
    width, height = img_width, img_height
    if ratio < op.ratio[0]:
        height = int(round(width / op.ratio[0]))
    elif ratio > op.ratio[1]:
        width = int(round(height * op.ratio[1]))
    return _resize(_centre(img, height, width), op.size, resample)


def _flip(method: str):
    def run(op, img):
        if op.prob > random.random():
            return img.transpose(getattr(_pil(), method))
        return img
    return run


def _random_color_adjust(op, img):
    factors = [random.uniform(*op.brightness), random.uniform(*op.contrast),
               random.uniform(*op.saturation), random.uniform(*op.hue)]
    steps = [lambda im: _enhance("Brightness", im, factors[0]),
             lambda im: _enhance("Contrast", im, factors[1]),
             lambda im: _enhance("Color", im, factors[2]),
             lambda im: _adjust_hue(im, factors[3])]
    random.shuffle(steps)
    for step in steps:
        img = step(img)
    return img


def _random_rotation(op, img):
    fill = op.fill_value
    fill = tuple([fill] * 3) if isinstance(fill, int) else \
        tuple(fill) if isinstance(fill, list) else fill
    angle = random.uniform(*op.degrees) % 360.0
    resample = _filter(op.resample)
    if op.resample == Inter.ANTIALIAS and (angle not in (0, 90, 180, 270) or op.center):
        raise ValueError("When using Inter.ANTIALIAS, center needs to be None and angle needs "
                         "to be an integer multiple of 90.")
    return img.rotate(angle, resample, op.expand, op.center, fillcolor=fill)


def _random_enhance(kind: str):
    def run(op, img):
        lo, hi = op.degrees
        return _enhance(kind, img, (hi - lo) * random.random() + lo)
    return run


def _imageops(name: str):
    def run(op, img):
        from PIL import ImageOps
        return getattr(ImageOps, name)(img)
    return run


def _auto_contrast(op, img):
    from PIL import ImageOps
    return ImageOps.autocontrast(img, op.cutoff, op.ignore)


PIL_ROWS = {
    Resize: lambda op, img: _resize(img, op.size, _filter(op.interpolation)),
    CenterCrop: lambda op, img: _centre(img, *op.size),
    ToTensor: _to_tensor,
    Pad: lambda op, img: _pad(img, op.left, op.top, op.right, op.bottom, op.fill_value,
                              Border(op.padding_mode).value),
    RandomCrop: _random_crop,
    RandomResizedCrop: _random_resized_crop,
    RandomHorizontalFlip: _flip("FLIP_LEFT_RIGHT"),
    RandomVerticalFlip: _flip("FLIP_TOP_BOTTOM"),
    AdjustBrightness: lambda op, img: _enhance("Brightness", img, op.brightness_factor),
    AdjustContrast: lambda op, img: _enhance("Contrast", img, op.contrast_factor),
    AdjustSaturation: lambda op, img: _enhance("Color", img, op.saturation_factor),
    AdjustGamma: _gamma,
    AutoContrast: _auto_contrast,
    Equalize: _imageops("equalize"),
    Invert: _imageops("invert"),
    RandomColorAdjust: _random_color_adjust,
    RandomRotation: _random_rotation,
    RandomSharpness: _random_enhance("Sharpness"),
    RandomColor: _random_enhance("Color"),
}


def _is_pil(value) -> bool:
    if not type(value).__module__.startswith("PIL"):
        return False
    return isinstance(value, _pil().Image)


# transforms MindSpore runs in Python (on PIL images) only
_PY_ONLY = (Grayscale, HsvToRgb, RgbToHsv, LinearTransformation, RandomErasing,
            RandomGrayscale, ToPIL)


def implementation(op) -> str | None:
    """MindSpore's ``op.implementation``: 'PY', 'C' or None (the path of the transform
    before it in a ``map``)."""
    from .transforms import Compose
    if isinstance(op, Decode):
        return "PY" if op.to_pil else "C"
    if isinstance(op, _PY_ONLY):
        return "PY"
    if isinstance(op, ToTensor):  # its Pillow path only for a PIL image called directly
        return "C"
    if isinstance(op, Compose):
        inner = [implementation(t) for t in op.transforms]
        if "PY" in inner:
            return "PY"
        return "C" if all(i == "C" for i in inner) else None
    if isinstance(op, tuple(PIL_ROWS)):
        kernel = getattr(op, "interpolation", getattr(op, "resample", None))
        if kernel in (Inter.AREA, Inter.PILCUBIC):
            return "C"
        return "PY" if kernel == Inter.ANTIALIAS else None
    return "C"  # the other transforms, and Python functions


def resolve(ops) -> list:
    """``(op, impl, run)`` for each transform of a ``map``: ``run(values)`` applies it on its
    path (an undecided transform takes the path of the one before it), chosen here once."""
    plan, previous = [], None
    for op in ops:
        impl = implementation(op) or ("PY" if previous == "PY" else "C")
        plan.append((op, impl, _runner(op, impl)))
        previous = impl
    return plan


def _runner(op, impl: str):
    """The Pillow path, or the array path (a PIL image becomes an array first)."""
    dual = hasattr(type(op), "_execute_py") and hasattr(type(op).__call__, "__wrapped__")
    if impl == "PY":
        if dual:
            return lambda values: (_checked_py(op, values[0]) if len(values) == 1
                                   else op(*values))
        return lambda values: op(*values)
    call = type(op).__call__.__wrapped__.__get__(op) if dual else op

    def arrays(values):
        return call(*(np.asarray(v) if _is_pil(v) else v for v in values))
    return arrays


def _checked_py(op, img):
    if not _is_pil(img):
        raise TypeError(f"img should be PIL image. Got {type(img)}. Use Decode() for encoded "
                        f"data or ToPIL() for decoded data.")
    return op._execute_py(img)


def install() -> None:
    """Route a single PIL image given to each row's transform to its PIL function (and any
    input of a 'PY' transform, which must be a PIL image)."""
    for cls, fn in PIL_ROWS.items():
        if "_execute_py" in cls.__dict__:
            continue
        cls._execute_py = fn
        cls.__call__ = _pil_first(cls.__call__)


def _pil_first(call):
    @functools.wraps(call)
    def run_call(self, *args):
        if len(args) == 1 and (_is_pil(args[0]) or implementation(self) == "PY"):
            return _checked_py(self, args[0])
        return call(self, *args)
    return run_call
