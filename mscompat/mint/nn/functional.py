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

import jax
import jax.numpy as jnp

from ..._engine import nn_kernels
from ..._engine import op_rows_image as _image
from ..._engine.mint_rows import FUNCTIONAL_ROWS as _ROWS
from ..._engine.mint_rows import _flatten
from ..._engine.mint_rows import functions as _functions
from ..._engine.mint_rows_more import _norm
from ..._engine.op_rows_math import _reduce_loss
from ..._engine.ops_build import FUNCTIONALS as _OPS
from ..._engine.ops_build import call as _call
from ..._engine.tensor import unwrap as _unwrap
from ..._engine.tensor_methods_more import write_into
from ..._engine.unsupported import module_getattr as _module_getattr

# functions that are the ``ops`` function of the same name
_ALIASES = {name: name for name in (
    "gelu", "prelu", "pad", "cross_entropy", "pixel_shuffle", "adaptive_avg_pool1d",
    "adaptive_avg_pool2d", "adaptive_max_pool2d", "grid_sample", "unfold", "fold",
    "hardshrink", "clamp", "broadcast_to", "layer_norm", "logsigmoid", "soft_margin_loss",
    "cosine_embedding_loss", "max_unpool2d", "embedding")}
_FUNCTIONS = _functions(_ROWS, "mint.nn.functional", _ALIASES)
def _threshold_op(input, threshold, value):
    """``threshold_op(input, threshold, value)``: ``ops.threshold`` under mint's keywords."""
    return _OPS["threshold"](input, threshold, value)


_FUNCTIONS.update(hardtanh_op=_OPS["hardtanh"], threshold_op=_threshold_op,
                  silu_func=_FUNCTIONS["silu"], elu_ext=_FUNCTIONS["elu"],
                  **_functions({"flatten": _flatten, "norm_ext": _norm}, "mint.nn.functional"))


def _result(input, out, inplace: bool):
    """``out``, written into ``input`` first with ``inplace`` (MindSpore's in-place forms)."""
    return write_into(input, out) if inplace else out


def _only_in_place(fn, name: str):
    """``<name>_(input, ...)``: ``fn``'s result written into ``input``."""
    def run(input, *args, **kwargs):
        return write_into(input, fn(input, *args, **kwargs))
    run.__name__ = run.__qualname__ = name
    run.__doc__ = f"``mint.nn.functional.{name}``: the result written into ``input``."
    return run


def _positional_in_place(fn, name: str, arity: int):
    """``fn`` taking ``inplace`` after its ``arity`` arguments, by position too."""
    def run(input, *args, **kwargs):
        inplace = kwargs.pop("inplace", args[arity] if len(args) > arity else False)
        return _result(input, fn(input, *args[:arity], **kwargs), inplace)
    run.__name__ = run.__qualname__ = name
    return run


for _name, _arity in (("relu", 0), ("silu", 0), ("elu", 1), ("hardsigmoid", 0),
                      ("hardswish", 0), ("leaky_relu", 1)):
    _FUNCTIONS[_name] = _positional_in_place(_FUNCTIONS[_name], _name, _arity)
_FUNCTIONS.update(
    relu_=_only_in_place(_FUNCTIONS["relu"], "relu_"),
    sigmoid_=_only_in_place(_FUNCTIONS["sigmoid"], "sigmoid_"),
    elu_=_only_in_place(_FUNCTIONS["elu_ext"], "elu_"),
    inplace_elu=_only_in_place(_FUNCTIONS["elu_ext"], "inplace_elu"),
    inplace_silu=_only_in_place(_FUNCTIONS["silu_func"], "inplace_silu"),
    hardtanh_=_only_in_place(_OPS["hardtanh"], "hardtanh_"),
    threshold_=_only_in_place(_threshold_op, "threshold_"))
globals().update(_FUNCTIONS)


def hardtanh(input, min_val: float = -1.0, max_val: float = 1.0, inplace: bool = False):
    """``hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False)``: ``input`` clamped."""
    return _result(input, _OPS["hardtanh"](input, min_val, max_val), inplace)


def relu6(input, inplace: bool = False):
    """``relu6(input, inplace=False)``: ``hardtanh(input, 0, 6)``."""
    return hardtanh(input, 0.0, 6.0, inplace)


def threshold(input, threshold, value, inplace: bool = False):  # noqa: F811  (MindSpore's)
    """``threshold(input, threshold, value, inplace=False)``: ``input`` where it is above
    ``threshold``, ``value`` elsewhere."""
    return _result(input, _OPS["threshold"](input, threshold, value), inplace)


def normalize(input, p: float = 2.0, dim: int = 1, eps: float = 1e-12):
    """``normalize(input, p=2.0, dim=1, eps=1e-12)``: ``input / max(norm_p(input, dim), eps)``
    (MindSpore's: the norm kept along ``dim``, clamped, broadcast, divided).

    Example:
        >>> import mscompat as ms
        >>> from mscompat.mint.nn import functional as F
        >>> print(F.normalize(ms.Tensor([[3.0, 4.0]])))
        [[0.6 0.8]]
    """
    denom = _OPS["clamp"](_FUNCTIONS["norm_ext"](input, p, dim, keepdim=True), min=eps)
    return input / _OPS["broadcast_to"](denom, input.shape)


def kl_div_loss(input, target, reduction="mean", log_target=False):
    """The KL divergence of ``kl_div`` on arrays: ``target * (log(target) - input)`` (0 where
    ``target`` is 0), ``exp(target) * (target - input)`` with ``log_target``; 'batchmean'
    divides the sum by the batch size."""
    loss = jnp.exp(target) * (target - input) if log_target else \
        jax.scipy.special.xlogy(target, target) - target * input
    if reduction == "batchmean":
        return jnp.sum(loss) / input.shape[0]
    return _reduce_loss(loss, reduction)


def kl_div(input, target, reduction: str = "mean", log_target: bool = False):
    """``kl_div(input, target, reduction='mean', log_target=False)`` (PyTorch's: ``input``
    holds log-probabilities)."""
    return _call(kl_div_loss, (_unwrap(input), _unwrap(target)),
                 {"reduction": reduction, "log_target": log_target})


def adaptive_avg_pool3d(input, output_size):
    """``adaptive_avg_pool3d(input, output_size)``: an int means a cube; ``None`` keeps a
    dimension."""
    if isinstance(output_size, int):
        output_size = (output_size,) * 3
    return _OPS["adaptive_avg_pool3d"](input, output_size)


adaptive_avg_pool3d_ext = adaptive_avg_pool3d


def adaptive_max_pool1d(input, output_size, return_indices: bool = False):
    """``adaptive_max_pool1d(input, output_size, return_indices=False)`` on (N, C, L) or
    (C, L): ``(output, indices)`` with ``return_indices``."""
    out, indices = _OPS["adaptive_max_pool2d"](input.unsqueeze(-2), (1, output_size), True)
    out, indices = out.squeeze(-2), indices.squeeze(-2)
    return (out, indices) if return_indices else out


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
               count_include_pad: bool = True):
    """``avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True)`` (``stride`` defaults to ``kernel_size``)."""
    return _OPS["avg_pool1d"](input, kernel_size, kernel_size if stride is None else stride,
                              padding, ceil_mode, count_include_pad)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
               count_include_pad: bool = True, divisor_override=None):
    """``avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)``."""
    return _OPS["avg_pool3d"](input, kernel_size, kernel_size if stride is None else stride,
                              padding, ceil_mode, count_include_pad, divisor_override or 0)


def dropout2d(input, p: float = 0.5, training: bool = True, inplace: bool = False):
    """``dropout2d(input, p=0.5, training=True, inplace=False)``: whole channels zeroed."""
    return _result(input, _OPS["dropout2d"](input, p, training), inplace)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
                     groups: int = 1, dilation=1):
    """``conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
    groups=1, dilation=1)``: the transpose of ``conv2d`` (``weight``: in, out/groups,
    kH, kW), cropping ``padding`` from each side.

    Example:
        >>> import mscompat as ms, numpy as np
        >>> from mscompat.mint.nn import functional as F
        >>> x = ms.Tensor(np.ones((1, 1, 2, 2), np.float32))
        >>> print(F.conv_transpose2d(x, x, stride=2).shape)
        (1, 1, 4, 4)
    """
    pad = nn_kernels.pair(padding, 2, "padding")
    return _call(nn_kernels.conv2d_transpose,
                 (_unwrap(input), _unwrap(weight), None if bias is None else _unwrap(bias)),
                 {"stride": stride, "pad_mode": "pad",
                  "padding": (pad[0], pad[0], pad[1], pad[1]),
                  "output_padding": output_padding, "dilation": dilation, "groups": groups})


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
    align_corners=None, recompute_scale_factor=None)``: ``ops.interpolate``, but with a
    ``scale_factor`` for 'nearest', 'linear', 'bilinear' and 'trilinear', which mint takes
    (``ops.interpolate`` refuses most): the output ``floor(n * scale)`` long, element ``i``
    read from ``floor(i / scale)`` (nearest) or ``(i + 0.5) / scale - 0.5`` (linear modes
    without ``align_corners``)."""
    linear = {"linear": 3, "bilinear": 4, "trilinear": 5}
    if size is None and scale_factor is not None and not recompute_scale_factor and (
            mode == "nearest" and input.ndim in (3, 4, 5) or linear.get(mode) == input.ndim):
        spatial = input.ndim - 2
        factors = tuple(float(f) for f in scale_factor) if isinstance(
            scale_factor, (tuple, list)) else (float(scale_factor),) * spatial
        if len(factors) != spatial:
            raise ValueError(f"For 'interpolate', 'input' and 'scale_factor' must have the "
                             f"same spatial dimensions, but got 'input' is {spatial}D, "
                             f"'scale_factor' is {len(factors)}D")
        out = tuple(math.floor(n * f) for n, f in zip(input.shape[2:], factors))
        if mode == "nearest":
            return _call(_image._resize, (_unwrap(input), out, "nearest", False, False,
                                          factors))
        # PyTorch's rule: half-pixel centres mapped by 1 / scale_factor (or the corners)
        return _call(_image._resize, (_unwrap(input), out, "linear", bool(align_corners),
                                      not align_corners, None if align_corners else factors))
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
                             padding, nn_kernels.pair(dilation, n, "dilation"), groups,
                             ms_kernel=False)


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


__all__ = sorted([*_FUNCTIONS, "adaptive_avg_pool3d", "adaptive_avg_pool3d_ext",
                  "adaptive_max_pool1d", "avg_pool1d", "avg_pool2d", "avg_pool3d",
                  "batch_norm", "conv1d", "conv2d", "conv3d", "conv_transpose2d", "dropout",
                  "dropout2d", "glu", "hardtanh", "interpolate", "kl_div", "max_pool2d",
                  "nll_loss", "normalize", "relu6", "smooth_l1_loss", "threshold",
                  "upsample"])
__getattr__ = _module_getattr("mindspore.mint.nn.functional")
