"""``vision.Rotate``, ``Affine``, ``RandomRotation`` and ``RandomAffine``: MindSpore's affine
warps, pixel for pixel.

MindSpore warps with OpenCV's ``warpAffine``: the inverse map is evaluated in fixed point
(coordinates in 1/1024, then 1/32 of a pixel for the interpolation weights), nearest takes
the rounded coordinate, bilinear blends four taps and bicubic sixteen (UInt8 with 15-bit
integer weights, other depths in float32), rounding to integer depths; pixels whose taps
fall outside take ``fill_value``. ``_warp`` is that arithmetic, in NumPy. Rotation is
about ``((W - 1) / 2, (H - 1) / 2)`` (``expand`` grows the canvas to the rotated bounding
box; a ``fill_value`` triple lands reversed, as MindSpore's Rotate passes it to OpenCV), and
the affine matrix is MindSpore's ``T * C * R*S*SHy*SHx * C^-1``. The random forms
draw their parameters from NumPy's generator (``dataset.config.set_seed``), not MindSpore's.

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import vision
    >>> img = np.arange(12, dtype=np.uint8).reshape(3, 4)
    >>> vision.Rotate(90)(img)
    array([[ 3,  7, 11,  0],
           [ 2,  6, 10,  0],
           [ 1,  5,  9,  0]], dtype=uint8)
"""
from __future__ import annotations

import functools
import math
import numbers

import numpy as np

from . import arg_checks, image_contract, op_random
from .resize_kernels import cubic_coefficients
from .transform_base import PyTensorOperation
from .vision import Inter, _Op

_AB_BITS, _INTER_BITS = 10, 5
_AB_SCALE, _TAB = 1 << _AB_BITS, 1 << _INTER_BITS


def _invert(m: np.ndarray) -> np.ndarray:
    """OpenCV's ``invertAffineTransform``."""
    det = m[0, 0] * m[1, 1] - m[0, 1] * m[1, 0]
    det = 1.0 / det if det != 0 else 0.0
    a11, a22, a12, a21 = m[1, 1] * det, m[0, 0] * det, -m[0, 1] * det, -m[1, 0] * det
    return np.array([[a11, a12, -a11 * m[0, 2] - a12 * m[1, 2]],
                     [a21, a22, -a21 * m[0, 2] - a22 * m[1, 2]]])


def _fixed(v) -> np.ndarray:
    return np.rint(v).astype(np.int64)  # OpenCV's saturate_cast<int>: round half to even


def _warp(img: np.ndarray, m: np.ndarray, out_hw: tuple[int, int], resample, fill):
    """``cv2.warpAffine(img, m, (w, h), flags, BORDER_CONSTANT, fill)`` for nearest and
    bilinear interpolation."""
    if resample not in (Inter.NEAREST, Inter.BILINEAR, Inter.LINEAR, Inter.BICUBIC):
        raise NotImplementedError(f"mindspore.dataset.vision affine warps with resample="
                                  f"{resample} are not supported by mscompat (NEAREST, "
                                  f"BILINEAR and BICUBIC are).")
    inv = _invert(m)
    h, w = out_hw
    xs, ys = np.arange(w), np.arange(h)
    bilinear = resample != Inter.NEAREST  # (and bicubic: the same fixed-point positions)
    delta = _AB_SCALE // _TAB // 2 if bilinear else _AB_SCALE // 2
    x = (_fixed((inv[0, 1] * ys + inv[0, 2]) * _AB_SCALE)[:, None] + delta
         + _fixed(inv[0, 0] * xs * _AB_SCALE)[None, :])
    y = (_fixed((inv[1, 1] * ys + inv[1, 2]) * _AB_SCALE)[:, None] + delta
         + _fixed(inv[1, 0] * xs * _AB_SCALE)[None, :])
    src = img if img.ndim == 3 else img[..., None]
    height, width = src.shape[:2]
    # OpenCV's border is a 4-value Scalar (a number or (b, g, r), then 0), repeating over
    # the channels of a wider image
    scalar = np.append(np.resize(np.asarray(fill, np.float64), 3), 0.0)
    fill = scalar[np.arange(src.shape[2]) % 4]

    def tap(yy, xx):
        inside = (xx >= 0) & (xx < width) & (yy >= 0) & (yy < height)
        out = np.empty(yy.shape + (src.shape[2],), np.float64)
        out[...] = fill
        out[inside] = src[yy[inside], xx[inside]]
        return out

    if not bilinear:
        out = tap(y >> _AB_BITS, x >> _AB_BITS)
    else:  # the pixel and its 1/32 fraction, for both interpolations
        x, y = x >> (_AB_BITS - _INTER_BITS), y >> (_AB_BITS - _INTER_BITS)
        ix, iy, fx, fy = x >> _INTER_BITS, y >> _INTER_BITS, x & (_TAB - 1), y & (_TAB - 1)
        if resample == Inter.BICUBIC:  # taps (iy - 1 .. iy + 2, ix - 1 .. ix + 2)
            out = _bicubic(img.dtype == np.uint8, tap, ix, iy, fx, fy)
            reach = (1, 2)
        else:
            out = _bilinear(img.dtype == np.uint8, tap, ix, iy, fx, fy)
            reach = (0, 1)
        outside = ((ix - reach[0] >= width) | (ix + reach[1] < 0)
                   | (iy - reach[0] >= height) | (iy + reach[1] < 0))
        out[outside] = fill
    if np.issubdtype(img.dtype, np.integer):  # saturate_cast: rounded half to even, clipped
        info = np.iinfo(img.dtype)
        out = np.clip(np.rint(out), info.min, info.max)
    out = out.astype(img.dtype)
    return out if img.ndim == 3 else out[..., 0]


def _bilinear(fixed: bool, tap, ix, iy, fx, fy) -> np.ndarray:
    """OpenCV's ``remapBilinear``: 4 taps; UInt8 with 15-bit integer weights, rounded
    ``(sum + 2^14) >> 15``; other depths in float32."""
    weights = [((_TAB - fx) * (_TAB - fy)), (fx * (_TAB - fy)), ((_TAB - fx) * fy), (fx * fy)]
    taps = [tap(iy, ix), tap(iy, ix + 1), tap(iy + 1, ix), tap(iy + 1, ix + 1)]
    if fixed:
        acc = sum(wt[..., None].astype(np.int64) * 32 * t.astype(np.int64)
                  for wt, t in zip(weights, taps))
        return ((acc + (1 << 14)) >> 15).astype(np.float64)
    return sum((wt[..., None] / float(_TAB * _TAB)).astype(np.float32) * t.astype(np.float32)
               for wt, t in zip(weights, taps))


@functools.cache
def _bicubic_table(fixed: bool) -> np.ndarray:
    """OpenCV's ``initInterTab2D(INTER_CUBIC)``: per (fy, fx) in 1/32 pixel the 4x4 weights
    ``wy * wx`` (float32); ``fixed``: times 2^15 rounded, the sum made exactly 2^15 by
    adjusting the largest (or smallest) of the weights [2:4, 2:4] (OpenCV's ``ksize / 2``)."""
    c = cubic_coefficients(np.arange(_TAB, dtype=np.float32) * np.float32(1.0 / _TAB))
    table = (c[:, None, :, None] * c[None, :, None, :]).astype(np.float32)  # (fy, fx, 4, 4)
    if not fixed:
        return table
    ints = np.rint(table * np.float32(1 << 15)).astype(np.int64)
    for fy in range(_TAB):
        for fx in range(_TAB):
            t = ints[fy, fx]
            diff = int(t.sum()) - (1 << 15)
            if diff:
                lo = hi = (2, 2)
                for k1 in (2, 3):
                    for k2 in (2, 3):
                        if t[k1, k2] < t[lo]:
                            lo = (k1, k2)
                        elif t[k1, k2] > t[hi]:
                            hi = (k1, k2)
                t[hi if diff < 0 else lo] -= diff
    return ints


def _bicubic(fixed: bool, tap, ix, iy, fx, fy) -> np.ndarray:
    """OpenCV's ``remapBicubic``: 16 taps from (iy - 1, ix - 1); UInt8 with 15-bit integer
    weights, rounded ``(sum + 2^14) >> 15``; other depths in float32, row by row."""
    weights = _bicubic_table(fixed)[fy, fx]  # (h, w, 4, 4)
    total = None
    for k1 in range(4):
        row = None
        for k2 in range(4):
            value = tap(iy - 1 + k1, ix - 1 + k2)
            term = (weights[..., k1, k2, None] * value.astype(np.int64) if fixed
                    else weights[..., k1, k2, None] * value.astype(np.float32))
            row = term if row is None else row + term
        total = row if total is None else total + row
    if fixed:
        return ((total + (1 << 14)) >> 15).astype(np.float64)
    return total.astype(np.float64)


def _check_image(img, name: str, resample) -> np.ndarray:
    """An HW or HWC image (``image_contract`` checked the rank) of a depth OpenCV warps."""
    img = np.asarray(img)
    image_contract.require_cv_depth(name, img, nearest=resample == Inter.NEAREST, warp=True)
    return img


def rotation_matrix(cx: float, cy: float, degrees: float) -> np.ndarray:
    """OpenCV's ``getRotationMatrix2D(center, degrees, 1.0)`` (counter-clockwise)."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, s, (1 - c) * cx - s * cy], [-s, c, s * cx + (1 - c) * cy]])


def rotate(img, degrees: float, resample, expand: bool, center, fill):
    img = _check_image(img, "Rotate", resample)
    if isinstance(fill, (tuple, list)):  # MindSpore's Rotate hands OpenCV (b, g, r)
        fill = tuple(reversed(fill))
    h, w = img.shape[:2]
    cx, cy = ((w - 1) / 2.0, (h - 1) / 2.0) if not center else (center[0], center[1])
    m = rotation_matrix(cx, cy, degrees)
    if not expand:
        return _warp(img, m, (h, w), resample, fill)
    a = math.radians(degrees)
    corners = [(dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a))
               for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2),
                              (-w / 2, h / 2))]
    bw = max(p[0] for p in corners) - min(p[0] for p in corners)
    bh = max(p[1] for p in corners) - min(p[1] for p in corners)
    m[0, 2] += bw / 2.0 - w / 2.0
    m[1, 2] += bh / 2.0 - h / 2.0
    return _warp(img, m, (int(round(bh)), int(round(bw))), resample, fill)


def affine_matrix(h: int, w: int, degrees, translate, scale, shear) -> np.ndarray:
    """MindSpore's ``T * C * RSS * C^-1`` about ``((W - 1) / 2, (H - 1) / 2)``; ``translate``
    in pixels, angles in degrees."""
    a, sx, sy = math.radians(degrees), math.radians(shear[0]), math.radians(shear[1])
    r = a - sy
    m0 = scale * math.cos(r) / math.cos(sy)
    m1 = scale * (-math.cos(r) * math.tan(sx) / math.cos(sy) - math.sin(a))
    m3 = scale * math.sin(r) / math.cos(sy)
    m4 = scale * (-math.sin(r) * math.tan(sx) / math.cos(sy) + math.cos(a))
    cx, cy = (w - 1) / 2.0, (h - 1) / 2.0
    return np.array([[m0, m1, (1 - m0) * cx - m1 * cy + translate[0]],
                     [m3, m4, (1 - m4) * cy - m3 * cx + translate[1]]])


def _check_fill(fill):
    values = fill if isinstance(fill, (tuple, list)) else (fill,)
    if isinstance(fill, (tuple, list)) and len(fill) != 3:
        raise TypeError("fill_value should be a single integer or a 3-tuple.")
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"fill_value should be a single integer or a 3-tuple, but got "
                            f"{fill}.")
        if not 0 <= v <= 255:
            raise ValueError("Input fill_value is not within the required interval of "
                             "[0, 255].")
    return fill


def _check_resample(resample):
    if not isinstance(resample, Inter):
        raise TypeError(f"Argument resample with value {resample} is not of type "
                        f"[<enum 'Inter'>], but got {type(resample)}.")
    return resample


def _degrees_range(degrees) -> tuple[float, float]:
    """``degrees`` (checked by ``arg_checks.degrees``): a number d is [-d, d]."""
    if isinstance(degrees, numbers.Number):
        return -float(degrees), float(degrees)
    return float(degrees[0]), float(degrees[1])


class Rotate(_Op):
    """``vision.Rotate(degrees, resample=Inter.NEAREST, expand=False, center=None,
    fill_value=0)``: counter-clockwise by ``degrees``."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand: bool = False, center=None,
                 fill_value=0) -> None:
        arg_checks.rotate_degrees(degrees)
        if center is not None and (not isinstance(center, (tuple, list)) or len(center) != 2):
            raise ValueError("Value center needs to be a 2-tuple.")
        self.degrees, self.resample = float(degrees), _check_resample(resample)
        self.expand, self.center, self.fill_value = expand, center, _check_fill(fill_value)

    def __call__(self, img):
        return rotate(img, self.degrees, self.resample, self.expand, self.center,
                      self.fill_value)

    def _batch_error(self) -> str | None:
        """MindSpore rotates a batch <..., H, W, C> in place: an expanding rotation fails."""
        return "Cannot reshape, Number of elements do not match" if self.expand else None


class RandomRotation(Rotate, PyTensorOperation):
    """``vision.RandomRotation(degrees, resample=Inter.NEAREST, expand=False, center=None,
    fill_value=0)``: by an angle drawn uniformly from ``degrees`` (a number d: [-d, d])."""

    def __init__(self, degrees, resample=Inter.NEAREST, expand: bool = False, center=None,
                 fill_value=0) -> None:
        arg_checks.degrees(degrees)
        super().__init__(0.0, resample, expand, center, fill_value)
        self.degrees = _degrees_range(degrees)

    _ms_stream = True

    def __call__(self, img):
        """The angle is a float32 draw from MindSpore's op stream (``op_random``)."""
        angle = float(op_random.uniform_real(op_random.generator(self), *self.degrees))
        return rotate(img, angle, self.resample, self.expand, self.center, self.fill_value)


def _pair(value, name: str):
    if isinstance(value, numbers.Number):
        return (float(value), 0.0)
    return tuple(float(v) for v in value)


class Affine(_Op):
    """``vision.Affine(degrees, translate, scale, shear, resample=Inter.NEAREST,
    fill_value=0)``: rotation, translation (fractions of the width and height), scale and
    shear (degrees along x, y) about the image centre."""

    def __init__(self, degrees, translate, scale, shear, resample=Inter.NEAREST,
                 fill_value=0) -> None:
        arg_checks.affine(degrees, translate, scale, shear, resample, fill_value, Inter)
        self.degrees, self.translate = float(degrees), tuple(float(t) for t in translate)
        self.scale, self.shear = float(scale), _pair(shear, "shear")
        self.resample, self.fill_value = _check_resample(resample), _check_fill(fill_value)

    def __call__(self, img):
        img = _check_image(img, "Affine", self.resample)
        h, w = img.shape[:2]
        m = affine_matrix(h, w, self.degrees, (self.translate[0] * w, self.translate[1] * h),
                          self.scale, self.shear)
        return _warp(img, m, (h, w), self.resample, self.fill_value)


class RandomAffine(_Op, PyTensorOperation):
    """``vision.RandomAffine(degrees, translate=None, scale=None, shear=None,
    resample=Inter.NEAREST, fill_value=0)``: each parameter drawn uniformly from its range
    (``translate`` (x_min, x_max[, y_min, y_max]) in fractions of the size; ``shear`` a number
    s: x in [-s, s]; two or four numbers: x and y ranges)."""

    def __init__(self, degrees, translate=None, scale=None, shear=None,
                 resample=Inter.NEAREST, fill_value=0) -> None:
        arg_checks.random_affine(degrees, translate, scale, shear)
        self.degrees = _degrees_range(degrees)
        translate = (0.0, 0.0, 0.0, 0.0) if translate is None else tuple(translate)
        self.translate = translate + (0.0, 0.0) if len(translate) == 2 else translate
        self.scale = (1.0, 1.0) if scale is None else (float(scale[0]), float(scale[1]))
        if shear is None:
            shear = (0.0, 0.0, 0.0, 0.0)
        elif isinstance(shear, numbers.Number):
            shear = (-float(shear), float(shear), 0.0, 0.0)
        elif len(shear) == 2:
            shear = (shear[0], shear[1], 0.0, 0.0)
        self.shear = tuple(float(s) for s in shear)
        self.resample, self.fill_value = _check_resample(resample), _check_fill(fill_value)

    _ms_stream = True

    def __call__(self, img):
        """MindSpore's draws, float32 from the op stream (``op_random``): the angle, the
        translations (their ranges scaled by the width and height first), the scale, then
        the two shears."""
        img = _check_image(img, "RandomAffine", self.resample)
        h, w = img.shape[:2]
        gen, f32 = op_random.generator(self), np.float32

        def draw(low, high):
            return float(op_random.uniform_real(gen, low, high))
        angle = draw(*self.degrees)
        tx = draw(f32(self.translate[0]) * f32(w), f32(self.translate[1]) * f32(w))
        ty = draw(f32(self.translate[2]) * f32(h), f32(self.translate[3]) * f32(h))
        scale = draw(*self.scale)
        shear = (draw(*self.shear[:2]), draw(*self.shear[2:]))
        m = affine_matrix(h, w, angle, (tx, ty), scale, shear)
        return _warp(img, m, (h, w), self.resample, self.fill_value)
