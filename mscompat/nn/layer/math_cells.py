"""The small math Cells of ``mindspore.nn`` (its ``nn/layer/math.py``, ``basic.py``,
``image.py``): each one a MindSpore composition over ops mscompat already has.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> mean, var = ms.nn.Moments(axis=1)(ms.Tensor(np.array([[1.0, 3.0]], np.float32)))
    >>> print(mean, var)
    [2.] [1.]
"""
from __future__ import annotations

import math

import numpy as np

from ... import _checkparam as validator
from ... import ops
from ..._engine.cell import Cell
from ..._engine.tensor import Tensor
from ...common import dtype as mstype


def _float_input(cls_name: str, name: str, x, allowed=("Float16", "Float32")) -> None:
    if str(x.dtype) not in allowed:
        raise TypeError(f"For '{cls_name}', the '{name}' should be a Tensor with dtype in "
                        f"{list(allowed)}, but got {x.dtype}.")


class Roll(Cell):
    """``nn.Roll(shift, axis)``: ``ops.roll`` of the input by ``shift`` along ``axis``."""

    def __init__(self, shift, axis) -> None:
        super().__init__()
        validator.check_value_type("shift", shift, [int, tuple, list], "Roll")
        validator.check_value_type("axis", axis, [int, tuple, list], "Roll")
        self.shift = list(shift) if isinstance(shift, (list, tuple)) else [shift]
        self.axis = list(axis) if isinstance(axis, (list, tuple)) else [axis]
        if len(self.shift) != len(self.axis):
            raise ValueError(f"For 'Roll', the shape of 'shift' and the shape of 'axis' must "
                             f"be the same, but got the length of 'shift' {len(self.shift)} "
                             f"and the length of 'axis' {len(self.axis)}.")

    def construct(self, input_x):
        for shift, axis in zip(self.shift, self.axis):
            input_x = ops.roll(input_x, shift, axis)
        return input_x


class Moments(Cell):
    """``nn.Moments(axis=None, keep_dims=None)``: ``(mean, variance)`` over ``axis`` (all
    axes by default); a Float16 input is computed in Float32 and given back in Float16."""

    def __init__(self, axis=None, keep_dims=None) -> None:
        super().__init__()
        axis = () if axis is None else axis
        self.axis = validator.check_value_type("axis", axis, [int, tuple], "Moments")
        self.keep_dims = validator.check_value_type(
            "keep_dims", False if keep_dims is None else keep_dims, [bool], "Moments")

    def construct(self, x):
        _float_input("Moments", "input x", x)
        dtype = x.dtype
        x = x.astype(mstype.float32) if str(dtype) == "Float16" else x
        axis = self.axis if self.axis != () else tuple(range(x.ndim))
        mean = ops.mean(x, axis, keep_dims=True)
        variance = ops.mean(ops.square(x - ops.stop_gradient(mean)), axis, keep_dims=True)
        if not self.keep_dims:
            mean, variance = ops.squeeze(mean, axis), ops.squeeze(variance, axis)
        return mean.astype(dtype), variance.astype(dtype)


class L1Regularizer(Cell):
    """``nn.L1Regularizer(scale)``: ``scale * sum(|weights|)``."""

    def __init__(self, scale) -> None:
        super().__init__()
        validator.check_value_type("scale", scale, [int, float], "L1Regularizer")
        if scale <= 0:
            raise ValueError(f"For 'L1Regularizer', the 'scale' must be greater than 0, but "
                             f"got {scale}.")
        if math.isinf(scale) or math.isnan(scale):
            raise ValueError(f"For 'L1Regularizer', the 'scale' can not be INF or NAN, but "
                             f"got {scale}.")
        self.scale = Tensor(np.float32(scale))

    def construct(self, weights):
        return self.scale * ops.sum(ops.abs(weights))


class CentralCrop(Cell):
    """``nn.CentralCrop(central_fraction)``: the central ``central_fraction`` of the last
    two axes of a 3-D or 4-D image (the offsets rounded as MindSpore rounds them)."""

    def __init__(self, central_fraction: float) -> None:
        super().__init__()
        validator.check_value_type("central_fraction", central_fraction, [float],
                                   "CentralCrop")
        if not 0.0 < central_fraction <= 1.0:
            raise ValueError(f"For 'CentralCrop', the 'central_fraction' must be in range of "
                             f"(0.0, 1.0], but got {central_fraction}.")
        self.central_fraction = central_fraction

    def construct(self, image):
        if image.ndim not in (3, 4):
            raise ValueError(f"For 'CentralCrop', the dimension of 'image' must be 3 or 4, "
                             f"but got {image.ndim}.")
        if self.central_fraction == 1.0:
            return image
        h, w = image.shape[-2:]
        top = int((h - h * self.central_fraction) / 2)
        left = int((w - w * self.central_fraction) / 2)
        return image[..., top:h - top, left:w - left]


class MatDet(Cell):
    """``nn.MatDet()``: the determinant of symmetric positive-definite matrices, as
    MindSpore computes it (the squared product of the Cholesky factor's diagonal)."""

    def construct(self, a):
        _float_input("MatDet", "input_a", a)
        diag = ops.diagonal(ops.cholesky(a), 0, -2, -1)
        return ops.square(ops.prod(diag, -1))


class MatInverse(Cell):
    """``nn.MatInverse()``: the inverse of symmetric positive-definite matrices through the
    inverse of their Cholesky factor (``L^-T L^-1``)."""

    def construct(self, a):
        _float_input("MatInverse", "input_a", a)
        lower_inverse = ops.inverse(ops.cholesky(a))
        return ops.matmul(ops.swapaxes(lower_inverse, -1, -2), lower_inverse)


class LGamma(Cell):
    """``nn.LGamma()``: ``log |Gamma(x)|``."""

    def construct(self, x):
        _float_input("LGamma", "x", x)
        return ops.lgamma(x)


class DiGamma(Cell):
    """``nn.DiGamma()``: the digamma function."""

    def construct(self, x):
        _float_input("DiGamma", "x", x)
        return ops.digamma(x)


class IGamma(Cell):
    """``nn.IGamma()``: the regularised lower incomplete gamma function ``P(a, x)``."""

    def construct(self, a, x):
        _float_input("IGamma", "a", a, ("Float32",))
        return ops.igamma(a, x)


class LBeta(Cell):
    """``nn.LBeta()``: ``log |B(x, y)| = lgamma(x) + lgamma(y) - lgamma(x + y)``."""

    def construct(self, x, y):
        _float_input("LBeta", "x", x)
        return ops.lgamma(x) + ops.lgamma(y) - ops.lgamma(x + y)
