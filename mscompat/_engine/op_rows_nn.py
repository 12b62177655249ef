"""Convolution and pooling rows: ``ops.conv1d/2d/3d``, the
primitives ``Conv2D``, ``Conv3D``, ``Conv2DTranspose``/``Conv2DBackpropInput``,
``Conv3DTranspose``, ``MaxPool``, ``AvgPool``, ``MaxPool3D``, ``AvgPool3D``,
``AdaptiveAvgPool2D`` and the functional pools, on the kernels the
layers use (``nn_kernels.py``: MindSpore's ``pad_mode``, NCHW/NCDHW).

Primitive arguments follow MindSpore: ``stride``/``dilation`` may be given for every axis
(``(1, 1, h, w)``), ``pad`` is an int or one (before, after) pair per spatial axis, and
``Conv2DBackpropInput(dout, weight, input_size)`` is the input-gradient of ``Conv2D``.

Example:
    >>> import mscompat as ms
    >>> x = ms.ops.ones((1, 2, 5, 6), ms.float32)
    >>> w = ms.ops.ones((3, 2, 3, 3), ms.float32)
    >>> print(ms.ops.Conv2D(3, 3, pad_mode='same')(x, w).shape, ms.ops.MaxPool(2, 2)(x).shape)
    (1, 3, 5, 6) (1, 2, 2, 3)
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import nn_kernels, op_rows_losses
from .op_table import REQUIRED, OpDef


def _spatial(v, n: int, name: str) -> tuple:
    """An int, n values, or n+2 values (N, C, *spatial) -> n spatial values."""
    if isinstance(v, (list, tuple)):
        v = tuple(int(i) for i in v)
        if len(v) == n + 2:
            return v[2:]
        return nn_kernels.pair(v, n, name)
    return (int(v),) * n


def _pad_mode(mode: str) -> str:
    if not isinstance(mode, str) or mode.lower() not in ("valid", "same", "pad"):
        raise ValueError(f"The 'pad_mode' must be one of ['valid', 'same', 'pad'], but got "
                         f"{mode}.")
    return mode.lower()


def _conv(x, w, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1):
    n = w.ndim - 2
    if x.ndim != n + 2:
        raise ValueError(f"For 'conv{n}d', the dimension of 'input' must be {n + 2}D, but got "
                         f"{x.ndim}D.")
    if isinstance(padding, str):  # (mint's convolutions take 'same'/'valid' here; ops' not)
        raise TypeError(f"For 'Conv{n}D', the type of 'pad' should be one of '['int', "
                        f"'tuple']', but got type 'str'.")
    if isinstance(padding, (tuple, list)) and len(padding) != n:
        raise ValueError(f"For 'conv{n}d', 'padding' must be a tuple or list of {n} integers, "
                         f"but got {tuple(padding)}.")
    if _pad_mode(pad_mode) != "pad" and np.any(np.asarray(padding) != 0):
        raise ValueError(f"For 'conv{n}d', when 'pad_mode' is not 'pad', 'padding' must be 0, "
                         f"but got {padding}.")
    return nn_kernels.conv2d(x, w, bias, _spatial(stride, n, "stride"), _pad_mode(pad_mode),
                             padding, _spatial(dilation, n, "dilation"), groups)


def _conv_prim(n: int):
    def prim(x, w, *, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
             dilation=1, group=1, data_format=None, pad_list=None):
        if data_format not in (None, "NCHW", "NCDHW"):
            raise NotImplementedError(f"ops.Conv{n}D(data_format={data_format!r}) is not "
                                      f"supported by mscompat.")
        return nn_kernels.conv2d(x, w, None, _spatial(stride, n, "stride"),
                                 _pad_mode(pad_mode), pad, _spatial(dilation, n, "dilation"),
                                 group)
    return prim


def _conv_backprop_input(dout, w, input_size, *, out_channel, kernel_size, pad_mode="valid",
                         pad=0, pad_list=None, mode=1, stride=1, dilation=1, group=1,
                         data_format="NCHW"):
    """The gradient of ``Conv2D(x, w)`` w.r.t. ``x`` (of shape ``input_size``) for ``dout``."""
    n = w.ndim - 2
    shape = tuple(int(s) for s in (input_size.tolist() if hasattr(input_size, "tolist")
                                   else input_size))
    padding = pad_list if pad_list is not None and any(pad_list) else pad

    def forward(x):
        return nn_kernels.conv2d(x, w, None, _spatial(stride, n, "stride"),
                                 _pad_mode(pad_mode), padding,
                                 _spatial(dilation, n, "dilation"), group, ms_kernel=False)
    _, vjp = jax.vjp(forward, jnp.zeros(shape, dout.dtype))
    return vjp(dout)[0]


def _conv3d_transpose(x, w, *, in_channel, out_channel, kernel_size, mode=1,
                      pad_mode="valid", pad=0, stride=1, dilation=1, group=1, output_padding=0,
                      data_format="NCDHW"):
    return nn_kernels.conv2d_transpose(x, w, None, _spatial(stride, 3, "stride"),
                                       _pad_mode(pad_mode), pad,
                                       _spatial(output_padding, 3, "output_padding"),
                                       _spatial(dilation, 3, "dilation"), group)


def _pool_prim(kind: str, n: int):
    def prim(x, *, kernel_size=1, strides=1, pad_mode="valid", pad=0, pad_list=0,
             ceil_mode=False, count_include_pad=True, divisor_override=0, data_format=None):
        if x.ndim != n + 2:
            raise ValueError(f"The dimension of input must be {n + 2}D, but got {x.ndim}D.")
        kernel = _spatial(kernel_size, n, "kernel_size")
        stride = _spatial(strides, n, "strides")
        mode = _pad_mode(pad_mode)
        padding = pad_list if kind == "max" else pad
        ceil = bool(ceil_mode)
        if mode.lower() == "valid" and n == 2 and not ceil:
            if kind == "max":
                kernel = nn_kernels.valid_max_kernel(x.shape[2:], kernel, stride)
            nn_kernels.check_valid_windows(kind, x.shape, kernel, stride)
        if kind == "max":
            return nn_kernels.max_pool(x, kernel, stride, mode, padding, 1, ceil, floor=True)
        return nn_kernels.avg_pool(x, kernel, stride, mode, padding, ceil, count_include_pad,
                                   divisor_override or None)
    return prim


def _functional_pool(kind: str, n: int):
    def pool(x, kernel_size=1, stride=None, padding=0, dilation=1, ceil_mode=False,
             count_include_pad=True, divisor_override=0, return_indices=False):
        if x.ndim != n + 2:  # MindSpore's kernels behind the functions: batched inputs
            if kind == "avg":
                raise ValueError(f"For primitive[AvgPool3D], the x_rank must be equal to 5, "
                                 f"but got {x.ndim + 3 - n}.")
            prim = "MaxPoolWithArgmaxV2" if n == 2 else "MaxPool3DWithArgmax"
            raise ValueError(f"For primitive[{prim}], the input x rank must be equal to "
                             f"{n + 2}, but got {x.ndim}.")
        kernel = _spatial(kernel_size, n, "kernel_size")
        stride = kernel if stride is None else _spatial(stride, n, "stride")
        if kind == "avg":
            pads = _spatial(padding, n, "padding")
            padded = tuple(m + 2 * p for m, p in zip(x.shape[2:], pads))
            if any(m < k for m, k in zip(padded, kernel)):  # (JAX: an empty result)
                lead = (1,) * (3 - n)
                raise nn_kernels.avg3d_too_small(lead + padded, lead + kernel)
        if kind == "max":
            dilation = _spatial(dilation, n, "dilation")
            args = (x, kernel, stride, "pad", padding, dilation, ceil_mode)
            out = nn_kernels.max_pool(*args, floor=n == 2)  # (max_pool3d's starts at -inf)
            if min(out.shape[2:]) <= 0 < x.size:  # (JAX: an empty result)
                if n == 2:
                    raise ValueError(f"The shape of input is {list(x.shape)}, which is invalid "
                                     f"for the attributes of MaxPoolWithArgmaxV2")
                raise nn_kernels.argmax3d_empty(out.shape)
            if return_indices:  # MaxPoolWithArgmax: Int64 flat indices of the first maxima
                return out, nn_kernels.max_pool_indices(*args).astype(np.int64)
            return out
        return nn_kernels.avg_pool(x, kernel, stride, "pad", padding, ceil_mode,
                                   count_include_pad, divisor_override or None)
    return pool


def _max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
                ceil_mode=False):
    return _functional_pool("max", 2)(x, kernel_size, stride, padding, dilation, ceil_mode,
                                      return_indices=return_indices)


def _max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                return_indices=False):
    return _functional_pool("max", 3)(x, kernel_size, stride, padding, dilation, ceil_mode,
                                      return_indices=return_indices)


def _avg_pool(n: int):
    def pool(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
             count_include_pad=True, divisor_override=0):
        return _functional_pool("avg", n)(input_x, kernel_size, stride, padding, 1, ceil_mode,
                                          count_include_pad, divisor_override)
    return pool


def _adaptive_prim(kind: str):
    def prim(x, *, output_size):
        fn = nn_kernels.adaptive_avg_pool2d if kind == "avg" else \
            nn_kernels.adaptive_max_pool2d
        return fn(x, output_size)
    return prim


def _adaptive_max_pool2d(input, output_size, return_indices=False):
    out = _adaptive_prim("max")(input, output_size=output_size)
    if return_indices:  # Int64 flat indices of each window's first maximum
        return out, nn_kernels.adaptive_max_indices(input, out.shape[-2:]).astype(np.int64)
    return out


_CONV_ATTRS = (("out_channel", REQUIRED), ("kernel_size", REQUIRED), ("mode", 1),
               ("pad_mode", "valid"), ("pad", 0), ("stride", 1), ("dilation", 1), ("group", 1))
_POOL_ATTRS = (("kernel_size", 1), ("strides", 1), ("pad_mode", "valid"))
# AvgPool and MaxPool3D write their default pad_mode in capitals
_POOL_ATTRS_UPPER = (("kernel_size", 1), ("strides", 1), ("pad_mode", "VALID"))

def _ctc_loss_prim(x, labels_indices, labels_values, sequence_length, *,
                   preprocess_collapse_repeated=False, ctc_merge_repeated=True,
                   ignore_longer_outputs_than_inputs=False):
    """``ops.CTCLoss()(x, labels_indices, labels_values, sequence_length)``: x (T, B, C)
    logits, the labels as a sparse (batch, position) -> class list, blank ``C - 1``;
    returns (loss per batch, the gradient w.r.t. ``x``)."""
    if preprocess_collapse_repeated or not ctc_merge_repeated or \
            ignore_longer_outputs_than_inputs:
        raise NotImplementedError("ops.CTCLoss with preprocess_collapse_repeated, "
                                  "ctc_merge_repeated=False or ignore_longer_outputs_than_"
                                  "inputs is not supported by mscompat yet.")
    b, n = x.shape[1], labels_values.shape[0]
    rows, cols = labels_indices[:, 0].astype(jnp.int32), labels_indices[:, 1].astype(jnp.int32)
    labels = jnp.zeros((b, max(n, 1)), jnp.int32).at[rows, cols].set(
        labels_values.astype(jnp.int32))
    lengths = jnp.zeros((b,), jnp.int32).at[rows].max(cols + 1)
    seq = sequence_length.astype(jnp.int32)

    nll = op_rows_losses._ctc_nll(x.shape[2] - 1, False)  # the one CTC recursion

    def losses(logits):
        return nll(jax.nn.log_softmax(logits, axis=2), labels, seq, lengths)
    # the returned gradient is a value (not differentiated again): computed apart from the
    # loss, so an outer transform differentiates the loss once
    grad = jax.lax.stop_gradient(jax.grad(lambda v: jnp.sum(losses(v)))(x))
    return losses(x).astype(x.dtype), grad


def _layer_norm_prim(x, gamma, beta, *, begin_norm_axis=1, begin_params_axis=1,
                     epsilon=1e-7):
    """``ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(x, gamma,
    beta)``: ``(y, mean, variance)``, the statistics kept as size-1 axes. MindSpore's
    backward (``LayerNormGrad``) flows through ``y`` only: the statistics carry none."""
    axes = tuple(range(begin_norm_axis % x.ndim, x.ndim))
    y = nn_kernels.layer_norm(x, gamma, beta, begin_norm_axis, begin_params_axis, epsilon)
    return (y, *nn_kernels.layer_norm_stats(jax.lax.stop_gradient(x), axes))


def _layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    """``ops.layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)``:
    normalised over the trailing ``normalized_shape`` axes (MindSpore 2.10's CPU build has
    no kernel for it; mscompat follows its documentation)."""
    shape = ((int(normalized_shape),) if isinstance(normalized_shape, int)
             else tuple(int(v) for v in normalized_shape))
    if tuple(input.shape[input.ndim - len(shape):]) != shape:
        raise ValueError(f"For 'layer_norm', 'normalized_shape' {shape} must match the last "
                         f"dimensions of 'input' {tuple(input.shape)}.")
    w = jnp.ones(shape, input.dtype) if weight is None else weight
    b = jnp.zeros(shape, input.dtype) if bias is None else bias
    axis = input.ndim - len(shape)
    return nn_kernels.layer_norm(input, w, b, axis, axis, eps)


ROWS: list[OpDef] = [
    OpDef("LayerNorm", _layer_norm_prim, attrs=(("begin_norm_axis", 1),
                                                ("begin_params_axis", 1), ("epsilon", 1e-7)),
          functional=("layer_norm",), functional_impl=_layer_norm),
    OpDef("CTCLoss", _ctc_loss_prim, attrs=(("preprocess_collapse_repeated", False),
                                            ("ctc_merge_repeated", True),
                                            ("ignore_longer_outputs_than_inputs", False))),
    OpDef(None, None, functional=("conv1d", "conv2d", "conv3d"), functional_impl=_conv),
    OpDef("Conv2D", _conv_prim(2), attrs=_CONV_ATTRS + (("data_format", "NCHW"),)),
    OpDef("Conv3D", _conv_prim(3), attrs=_CONV_ATTRS + (("data_format", "NCDHW"),)),
    *(OpDef(name, _conv_backprop_input,
            attrs=(("out_channel", REQUIRED), ("kernel_size", REQUIRED), ("pad_mode", "valid"),
                   ("pad", 0), ("pad_list", None), ("mode", 1), ("stride", 1),
                   ("dilation", 1), ("group", 1), ("data_format", "NCHW")))
      for name in ("Conv2DBackpropInput", "Conv2DTranspose")),
    OpDef("Conv3DTranspose", _conv3d_transpose,
          attrs=(("in_channel", REQUIRED), ("out_channel", REQUIRED), ("kernel_size", REQUIRED),
                 ("mode", 1), ("pad_mode", "valid"), ("pad", 0), ("stride", 1), ("dilation", 1),
                 ("group", 1), ("output_padding", 0), ("data_format", "NCDHW"))),
    OpDef("MaxPool", _pool_prim("max", 2), attrs=_POOL_ATTRS + (("data_format", "NCHW"),)),
    OpDef("AvgPool", _pool_prim("avg", 2), attrs=_POOL_ATTRS_UPPER + (("data_format", "NCHW"),)),
    OpDef("MaxPool3D", _pool_prim("max", 3),
          attrs=_POOL_ATTRS_UPPER + (("pad_list", 0), ("ceil_mode", None),
                               ("data_format", "NCDHW"))),
    OpDef("AvgPool3D", _pool_prim("avg", 3),
          attrs=_POOL_ATTRS + (("pad", 0), ("ceil_mode", False), ("count_include_pad", True),
                               ("divisor_override", 0), ("data_format", "NCDHW"))),
    OpDef("AdaptiveAvgPool2D", _adaptive_prim("avg"), attrs=(("output_size", REQUIRED),)),
    OpDef(None, None, functional=("max_pool2d",), functional_impl=_max_pool2d),
    OpDef(None, None, functional=("max_pool3d",), functional_impl=_max_pool3d),
    OpDef(None, None, functional=("avg_pool1d",), functional_impl=_avg_pool(1)),
    OpDef(None, None, functional=("avg_pool2d",), functional_impl=_avg_pool(2)),
    OpDef(None, None, functional=("avg_pool3d",), functional_impl=_avg_pool(3)),
    OpDef(None, None, functional=("adaptive_max_pool2d",),
          functional_impl=_adaptive_max_pool2d),
]
