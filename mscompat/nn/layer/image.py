"""``nn.Upsample`` (``ops.interpolate`` as a Cell), ``nn.PixelShuffle`` and
``nn.PixelUnshuffle``.

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

from ..._engine.cell import Cell
from ..._engine.op_rows_image import interpolate
from ..._engine.ops_build import call


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
