"""``nn.Upsample`` (``ops.interpolate`` as a Cell), ``nn.PixelShuffle``,
``nn.PixelUnshuffle`` and ``nn.SSIM``.

Example:
    >>> import mscompat as ms
    >>> import numpy as np
    >>> up = ms.nn.Upsample(size=(4, 4), mode='bilinear', align_corners=True)
    >>> print(up(ms.Tensor(np.ones((1, 2, 2, 2), np.float32))).shape)
    (1, 2, 4, 4)
    >>> print(ms.nn.PixelShuffle(2)(ms.Tensor(np.ones((1, 8, 2, 3), np.float32))).shape)
    (1, 2, 4, 6)
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ... import _checkparam as validator
from ..._engine import dtypes
from ..._engine.cell import Cell
from ..._engine.op_rows_image import interpolate
from ..._engine.ops_build import FUNCTIONALS, call
from ..._engine.tensor import Tensor
from .conv import Conv2d


class Upsample(Cell):
    """``nn.Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)``: ``ops.interpolate`` with these arguments."""

    def __init__(self, size=None, scale_factor=None, mode: str = "nearest",
                 align_corners=None, recompute_scale_factor=None) -> None:
        super().__init__()
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, x):
        return call(interpolate, (x._data, self.size, self.scale_factor, self.mode,
                                  self.align_corners, self.recompute_scale_factor))


def pixel_shuffle(x, upscale_factor: int):
    """(*, C*r*r, H, W) -> (*, C, H*r, W*r)."""
    if x.ndim < 3:
        raise ValueError(f"For pixel_shuffle, the dimension of `input` should be larger than "
                         f"2, but got {x.ndim}.")
    r = upscale_factor
    c, h, w = x.shape[-3:]
    if c % (r * r):
        raise ValueError("For 'pixel_shuffle', the length of third to last dimension is not "
                         "divisibleby `upscale_factor` squared.")
    lead = x.shape[:-3]
    y = x.reshape(*lead, c // (r * r), r, r, h, w)
    n = len(lead)
    y = jnp.transpose(y, (*range(n), n, n + 3, n + 1, n + 4, n + 2))
    return y.reshape(*lead, c // (r * r), h * r, w * r)


def pixel_unshuffle(x, downscale_factor: int):
    """(*, C, H*r, W*r) -> (*, C*r*r, H, W)."""
    if x.ndim < 3:
        raise ValueError(f"For pixel_unshuffle, the dimension of `input` should be larger "
                         f"than 2, but got {x.ndim}.")
    r = downscale_factor
    c, h, w = x.shape[-3:]
    if h % r or w % r:
        raise ValueError("For 'pixel_unshuffle', the length of second to last 2 dimension "
                         "should be divisible by downscale_factor.")
    lead = x.shape[:-3]
    y = x.reshape(*lead, c, h // r, r, w // r, r)
    n = len(lead)
    y = jnp.transpose(y, (*range(n), n, n + 2, n + 4, n + 1, n + 3))
    return y.reshape(*lead, c * r * r, h // r, w // r)


class PixelShuffle(Cell):
    """``nn.PixelShuffle(upscale_factor)``."""

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, x):
        return call(pixel_shuffle, (x._data, self.upscale_factor))


class PixelUnshuffle(Cell):
    """``nn.PixelUnshuffle(downscale_factor)``."""

    def __init__(self, downscale_factor: int) -> None:
        super().__init__()
        self.downscale_factor = downscale_factor

    def construct(self, x):
        return call(pixel_unshuffle, (x._data, self.downscale_factor))


__all__ = ["Upsample", "PixelShuffle", "PixelUnshuffle", "pixel_shuffle", "pixel_unshuffle"]


def _gauss_window(size: int, sigma: float) -> np.ndarray:
    """MindSpore's SSIM window: a normalised (1, 1, size, size) Gaussian, float32 grid."""
    x, y = np.mgrid[-size // 2 + 1:size // 2 + 1, -size // 2 + 1:size // 2 + 1]
    g = np.exp(-(x.astype(np.float32) ** 2 + y.astype(np.float32) ** 2) / (2 * sigma ** 2))
    return (g / np.sum(g))[None, None].astype(np.float32)


class SSIM(Cell):
    """``nn.SSIM(max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03)``: the
    structural similarity of two (N, C, H, W) float images, per image (mean over channels of
    the Gaussian-windowed SSIM map, 'valid' windows), as MindSpore computes it.

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> x = np.linspace(0, 1, 2 * 12 * 12, dtype=np.float32).reshape(1, 2, 12, 12)
        >>> print(ms.nn.SSIM()(ms.Tensor(x), ms.Tensor(x)).asnumpy().round(4))
        [1.]
    """

    def __init__(self, max_val=1.0, filter_size: int = 11, filter_sigma: float = 1.5,
                 k1: float = 0.01, k2: float = 0.03) -> None:
        super().__init__()
        name = "SSIM"
        validator.check_value_type("max_val", max_val, [int, float], name)
        validator.check_number("max_val", max_val, 0.0, validator.GT, name)
        self.max_val = max_val
        self.filter_size = validator.check_int(filter_size, 1, validator.GE, "filter_size", name)
        self.filter_sigma = validator.check_positive_float(filter_sigma, "filter_sigma", name)
        self.k1 = validator.check_value_type("k1", k1, [float], name)
        self.k2 = validator.check_value_type("k2", k2, [float], name)
        self.conv = Conv2d(1, 1, filter_size, weight_init=Tensor(_gauss_window(
            filter_size, filter_sigma)), pad_mode="valid")
        self.conv.weight.requires_grad = False

    def construct(self, img1, img2):
        if img1.dtype not in (dtypes.ALL["float32"], dtypes.ALL["float16"]):
            raise TypeError("For 'SSIM', the 'img1' should be one of [mindspore.float32, "
                            f"mindspore.float16], but got 'mindspore.{str(img1.dtype).lower()}'.")
        if img1.ndim != 4:
            raise ValueError(f"For 'SSIM', the dimension of 'img1' must be 4d, but got "
                             f"{img1.ndim}.")
        for axis in (2, 3):
            if img1.shape[axis] < self.filter_size:
                raise ValueError(f"For 'SSIM', the img1 shape[{axis}] should be >= "
                                 f"filter_size: {self.filter_size}, but got "
                                 f"{img1.shape[axis]}.")
        if img1.shape != img2.shape:
            raise ValueError(f"For 'SameTypeShape', the x shape should be = y shape: "
                             f"{img2.shape}, but got {img1.shape}.")
        if img1.dtype != img2.dtype:
            raise TypeError(f"For 'SameTypeShape', the x type should be = y type: "
                            f"{img2.dtype}, but got {img1.dtype}.")
        max_val = float(np.float32(self.max_val))  # float images: no rescaling
        c1, c2 = (self.k1 * max_val) ** 2, (self.k2 * max_val) ** 2
        maps = []
        for c in range(img1.shape[1]):
            a, b = img1[:, c:c + 1].astype(dtypes.ALL["float32"]), \
                img2[:, c:c + 1].astype(dtypes.ALL["float32"])
            mu1, mu2 = self.conv(a), self.conv(b)
            sigma1 = self.conv(a * a) - mu1 * mu1
            sigma2 = self.conv(b * b) - mu2 * mu2
            sigma12 = self.conv(a * b) - mu1 * mu2
            maps.append((2 * mu1 * mu2 + c1) * (2 * sigma12 + c2)
                        / ((mu1 * mu1 + mu2 * mu2 + c1) * (sigma1 + sigma2 + c2)))
        ssim = FUNCTIONALS["concat"](maps, 1).mean((2, 3))
        return ssim.mean(-1)


class PSNR(Cell):
    """``nn.PSNR(max_val=1.0)``: the peak signal-to-noise ratio of two (N, C, H, W) images,
    ``10 * log10(max_val**2 / mse)`` per image (integer images scaled to [0, 1] first).

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> a = ms.Tensor(np.full((1, 1, 2, 2), 0.5, np.float32))
        >>> print(ms.nn.PSNR()(a, a * 0.5))
        [12.0412]
    """

    def __init__(self, max_val=1.0) -> None:
        super().__init__()
        validator.check_value_type("max_val", max_val, [int, float], "PSNR")
        validator.check_number("max_val", max_val, 0.0, validator.GT, "PSNR")
        self.max_val = max_val

    def construct(self, img1, img2):
        for name, img in (("img1", img1), ("img2", img2)):
            if img.ndim != 4:
                raise ValueError(f"For 'PSNR', the dimension of '{name}' must be 4d, but got "
                                 f"{img.ndim}.")
        if img1.shape != img2.shape:
            raise ValueError(f"For 'SameTypeShape', the x shape should be = y shape: "
                             f"{img2.shape}, but got {img1.shape}.")
        if img1.dtype != img2.dtype:
            raise TypeError(f"For 'SameTypeShape', the x type should be = y type: "
                            f"{img2.dtype}, but got {img1.dtype}.")
        np_dtype = np.dtype(dtypes.to_np(img1.dtype))
        top = float(np.iinfo(np_dtype).max) if np_dtype.kind in "iu" else 1.0
        return call(_psnr, (img1._data, img2._data), {"max_val": float(self.max_val),
                                                       "top": top})


def _psnr(a, b, *, max_val, top):
    scale = (1.0 / top) if top > 1 else 1.0
    a, b = a.astype(jnp.float32) * scale, b.astype(jnp.float32) * scale
    max_val = max_val * scale
    mse = jnp.mean(jnp.square(a - b), axis=(-3, -2, -1))
    return 10 * jnp.log(jnp.float32(max_val) ** 2 / mse) / jnp.log(jnp.float32(10.0))
