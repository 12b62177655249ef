"""``mindspore.mint.nn.functional``: PyTorch-style activations, losses, pooling and
normalisation, from the mint table (``_engine/mint_rows.py``) and the op table.

Example:
    >>> import mscompat as ms
    >>> from mscompat.mint.nn import functional as F
    >>> print(F.relu(ms.Tensor([-1.0, 2.0])))
    [0. 2.]
    >>> print(F.one_hot(ms.Tensor([0, 2]), 3))
    [[1 0 0]
     [0 0 1]]
"""
from __future__ import annotations

import math

from ..._engine import nn_kernels
from ..._engine import op_rows_image as _image
from ..._engine.mint_rows import FUNCTIONAL_ROWS as _ROWS
from ..._engine.mint_rows import functions as _functions
from ..._engine.ops_build import FUNCTIONALS as _OPS
from ..._engine.ops_build import call as _call
from ..._engine.tensor import unwrap as _unwrap
from ..._engine.unsupported import module_getattr as _module_getattr

# functions that are the ``ops`` function of the same name
_ALIASES = {name: name for name in (
    "gelu", "prelu", "pad", "cross_entropy", "relu6", "hardtanh",
    "pixel_shuffle", "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_max_pool2d",
    "grid_sample", "unfold", "fold", "hardshrink")}
_FUNCTIONS = _functions(_ROWS, "mint.nn.functional", _ALIASES)
globals().update(_FUNCTIONS)


def glu(input, dim: int = -1):
    """``glu(input, dim=-1)``: the first half along ``dim`` times the sigmoid of the second."""
    return _OPS["glu"](input, dim)


def smooth_l1_loss(input, target, reduction: str = "mean", beta: float = 1.0):
    """``smooth_l1_loss(input, target, reduction='mean', beta=1.0)`` (``ops.smooth_l1_loss``
    reduces with 'none' by default; this one with 'mean')."""
    return _OPS["smooth_l1_loss"](input, target, beta, reduction)


def interpolate(input, size=None, scale_factor=None, mode: str = "nearest",
                align_corners=None, recompute_scale_factor=None):
    """``interpolate(input, size=None, scale_factor=None, mode='nearest',
    align_corners=None, recompute_scale_factor=None)``: ``ops.interpolate``, but for
    'nearest' with a ``scale_factor``, which mint takes (``ops.interpolate`` refuses it): the
    output ``floor(n * scale)`` long, element ``i`` read from ``floor(i / scale)``."""
    if mode == "nearest" and size is None and scale_factor is not None and \
            not recompute_scale_factor and input.ndim in (3, 4, 5):
        spatial = input.ndim - 2
        factors = tuple(float(f) for f in scale_factor) if isinstance(
            scale_factor, (tuple, list)) else (float(scale_factor),) * spatial
        if len(factors) != spatial:
            raise ValueError(f"For 'interpolate', 'input' and 'scale_factor' must have the "
                             f"same spatial dimensions, but got 'input' is {spatial}D, "
                             f"'scale_factor' is {len(factors)}D")
        out = tuple(math.floor(n * f) for n, f in zip(input.shape[2:], factors))
        return _call(_image._resize, (_unwrap(input), out, "nearest", False, False, factors))
    return _OPS["interpolate"](input, size, scale_factor, mode, align_corners,
                               recompute_scale_factor)


def upsample(input, size=None, scale_factor=None, mode: str = "nearest", align_corners=None):
    """``upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None)``:
    ``interpolate``."""
    return interpolate(input, size, scale_factor, mode, align_corners)


def nll_loss(input, target, weight=None, ignore_index: int = -100, reduction: str = "mean"):
    """``nll_loss(input, target, weight=None, ignore_index=-100, reduction='mean')``."""
    return _OPS["nll_loss"](input, target, weight, ignore_index, reduction)


def dropout(input, p: float = 0.5, training: bool = True, inplace: bool = False):
    """``dropout(input, p=0.5, training=True)``: zeroes with probability ``p``, scales the
    rest by ``1 / (1 - p)`` (MindSpore draws from its ``Generator``; mscompat from its seeded
    stream)."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"For 'dropout', the 'p' must be in range [0, 1], but got {p}.")
    if not training:
        return input
    from ..._engine.random_ops import stream_dropout
    return stream_dropout(input, p)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """``max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1,
    ceil_mode=False, return_indices=False)``."""
    return _OPS["max_pool2d"](input, kernel_size, stride, padding, dilation, return_indices,
                              ceil_mode)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    """``avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)``."""
    stride = kernel_size if stride is None else stride
    return _OPS["avg_pool2d"](input, kernel_size, stride, padding, ceil_mode,
                              count_include_pad, divisor_override or 0)


def _conv_nd(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    n = weight.ndim - 2
    if isinstance(padding, str):
        mode, padding = padding.lower(), 0
    else:
        mode = "pad"
        padding = (padding,) * n if isinstance(padding, int) else tuple(padding)
        padding = tuple(p for p in padding for _ in range(2))
    return nn_kernels.conv2d(input, weight, bias, nn_kernels.pair(stride, n, "stride"), mode,
                             padding, nn_kernels.pair(dilation, n, "dilation"), groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """``conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)``:
    ``padding`` an int, a pair, ``'same'`` or ``'valid'``."""
    return _call(_conv_nd, (_unwrap(input), _unwrap(weight),
                            None if bias is None else _unwrap(bias)),
                 {"stride": stride, "padding": padding, "dilation": dilation,
                  "groups": groups})


conv1d = conv3d = conv2d


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False,
               momentum=0.1, eps=1e-05):
    """``batch_norm(input, running_mean, running_var, weight=None, bias=None,
    training=False, momentum=0.1, eps=1e-05)``: with ``training`` the batch statistics
    normalise and the running statistics (Parameters) are updated in place."""
    from ..._engine.state_ops import batch_norm as ops_batch_norm
    return ops_batch_norm(input, running_mean, running_var, weight, bias, training, momentum,
                          eps)


__all__ = sorted([*_FUNCTIONS, "avg_pool2d", "batch_norm", "conv1d", "conv2d", "conv3d",
                  "dropout", "glu", "interpolate", "max_pool2d", "nll_loss", "smooth_l1_loss",
                  "upsample"])
__getattr__ = _module_getattr("mindspore.mint.nn.functional")
