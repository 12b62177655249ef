"""``nn.Conv1d/2d/3d`` and ``nn.Conv1d/2d/3dTranspose`` (NCHW/NCDHW, MindSpore's
``pad_mode``).

Example:
    >>> import mscompat as ms
    >>> conv = ms.nn.Conv2d(1, 1, 2, pad_mode='valid', weight_init='ones')
    >>> print(conv(ms.ops.ones((1, 1, 3, 3), ms.float32)).shape)
    (1, 1, 2, 2)
"""
from __future__ import annotations

import math

import jax.numpy as jnp

from ... import _checkparam as validator
from ..._engine import context, dtypes, nn_kernels
from ..._engine.cell import Cell
from ..._engine.initializers import HeUniform, Uniform, initialize
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor


def _check_group(cls: str, in_channels, out_channels, group) -> None:
    """Conv1d/2d: the group, then its divisibility (MindSpore checks these first)."""
    validator.check_positive_int(group, "group", cls)
    if in_channels % group or out_channels % group:
        raise ValueError(f"The argument 'group' should be divisible by 'in_channels' and "
                         f"'out_channels', but got group:{group}, in_channels:{in_channels}, "
                         f"out_channels:{out_channels}.")


def _check_group_3d(in_channels, out_channels, group) -> None:
    if in_channels % group or out_channels % group:
        raise ValueError("The argument 'group' should be divisible by 'in_channels' and "
                         "'out_channels'")


def _check_1d_ints(cls: str, kernel_size, stride, padding, dilation) -> None:
    """Conv1d/Conv1dTranspose take plain ints."""
    for name, value in (("kernel_size", kernel_size), ("stride", stride),
                        ("padding", padding), ("dilation", dilation)):
        validator.check_value_type(name, value, [int], cls)
    validator.check_int(kernel_size, 1, validator.GE, "kernel_size", cls)
    validator.check_int(stride, 1, validator.GE, "stride", cls)
    validator.check_non_negative_int(padding, "padding", cls)
    validator.check_int(dilation, 1, validator.GE, "dilation", cls)


def _check_padding_size(cls: str, padding, size: int, name: str = "padding") -> None:
    validator.check_value_type(name, padding, (int, tuple), cls)
    if isinstance(padding, tuple):
        validator.check_equal_int(len(padding), size, f"{name} size", cls)


def _check_primitive(prim: str, pad_mode, padding, size: int) -> None:
    """What the Primitive a layer builds checks: ``pad_mode`` (any case), the pad's length,
    and a pad only with ``pad_mode='pad'``."""
    validator.check_value_type("pad_mode", pad_mode, [str], prim)
    validator.check_string(pad_mode.lower(), ["valid", "same", "pad"], "pad_mode", prim)
    if isinstance(padding, tuple) and len(padding) != size:
        validator.check_equal_int(len(padding), size, "pad size", prim)
    nonzero = padding != 0 if isinstance(padding, int) else any(padding)
    if pad_mode.lower() != "pad" and nonzero:
        raise ValueError(f"For '{prim}', the 'pad' must be zero when 'pad_mode' is not 'pad', "
                         f"but got 'pad': {padding} and 'pad_mode': {pad_mode}.")


def _check_conv3d_transpose(pad_mode, kernel_size, stride, dilation, output_padding) -> None:
    """``ops.Conv3DTranspose``'s own limits (depth dilation 1, window and stride products,
    output padding). Its third check, of ``stride[1] * stride[2]``, reads the two leading 1s
    of the 5-tuple it makes, so it never fails and is not repeated here."""
    prim = "Conv3DTranspose"
    validator.check_3d_int_or_tuple("dilation", dilation, prim, ret_five=True, third_one=True)
    if pad_mode.lower() != "pad" and tuple(output_padding) != (0, 0, 0):
        raise ValueError(f"For '{prim}', the 'output_padding' must be zero or (0, 0, 0) when "
                         f"'pad_mode' is not \"pad\", but got 'output_padding' is "
                         f"{output_padding} and 'pad_mode' is {pad_mode}.")
    validator.check_int_range(math.prod(kernel_size), 1, 343, validator.INC_BOTH,
                              "The product of height, width and depth of kernel_size "
                              "belonging [1, 343]", prim)
    validator.check_int_range(math.prod(stride), 1, 343, validator.INC_BOTH,
                              "The product of height, width and depth of stride belonging "
                              "[1, 343]", prim)
    for axis, op, s, d in zip(("d", "h", "w"), output_padding, stride, dilation):
        validator.check_int_range(op, 0, max(d, s), validator.INC_LEFT,
                                  f"output_padding_{axis} belonging [0, max(stride_{axis}, "
                                  f"dilation_{axis}))", prim)


class _Conv(Cell):
    """MindSpore's ``_Conv``: ``kernel_size``, ``stride`` and ``dilation`` arrive as tuples
    (each layer expands and checks its own forms first)."""

    _transpose = False

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                 dilation, group, has_bias, weight_init, bias_init, dtype,
                 data_format="NCHW", output_padding=0) -> None:
        super().__init__()
        cls = type(self).__name__
        validator.check_positive_int(in_channels, "in_channels", cls)
        validator.check_positive_int(out_channels, "out_channels", cls)
        validator.check_string(data_format, ["NCHW", "NHWC", "NCDHW"], "format", cls)
        if data_format == "NHWC":
            target = context.get_context("device_target")
            if target != "GPU":
                raise ValueError(f"For '{cls}', the \"NHWC\" format only support in GPU "
                                 f"target, but got the 'format' is NHWC and the platform is "
                                 f"{target}.")
            raise NotImplementedError(f"nn.{cls}(data_format='NHWC') is not supported by "
                                      f"mscompat.")
        if isinstance(padding, int):
            validator.check_non_negative_int(padding, "padding", cls)
        elif isinstance(padding, tuple):
            for pad in padding:
                validator.check_non_negative_int(pad, "padding item", cls)
        else:
            raise TypeError(f"For '{cls}', the type of 'padding' must be int or tuple(int), "
                            f"but got {type(padding).__name__}.")
        validator.check_positive_int(group)
        for name, values in (("kernel_size", kernel_size), ("stride", stride),
                             ("dilation", dilation)):
            for v in values:
                validator.check_positive_int(v, f"{name} item", cls)
        if in_channels % group:
            raise ValueError(f"For '{cls}', the attr 'in_channels' must be divisible by attr "
                             f"'group', but got 'in_channels': {in_channels} and 'group': "
                             f"{group}.")
        if out_channels % group:
            raise ValueError(f"For '{cls}', the 'out_channels' must be divisible by attr "
                             f"'group', but got 'out_channels': {out_channels} and 'group': "
                             f"{group}.")
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size, self.stride = tuple(kernel_size), tuple(stride)
        self.dilation, self.padding = tuple(dilation), padding
        self.pad_mode, self.group = pad_mode, group
        self.has_bias = validator.check_bool(has_bias, "has_bias", cls)
        self.output_padding = output_padding
        self.format = data_format
        if self._transpose:
            shape = (in_channels, out_channels // group) + self.kernel_size
        else:
            shape = (out_channels, in_channels // group) + self.kernel_size
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight_init, self.bias_init = weight_init, None
        self.weight = Parameter(Tensor._wrap(initialize(weight_init, shape, dtype)),
                                name="weight")
        self.bias = None
        if has_bias:
            if bias_init is None:
                fan_in = shape[1] * math.prod(self.kernel_size)
                bias_init = Uniform(1.0 / math.sqrt(fan_in)) if fan_in else "zeros"
            self.bias_init = bias_init
            self.bias = Parameter(Tensor._wrap(initialize(bias_init, (out_channels,), dtype)),
                                  name="bias")

    def _kernel_args(self) -> dict:
        return {"stride": self.stride, "pad_mode": self.pad_mode, "padding": self.padding,
                "dilation": self.dilation, "groups": self.group}

    def extend_repr(self) -> str:
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, "
                f"pad_mode={self.pad_mode}, padding={self.padding}, "
                f"dilation={self.dilation}, group={self.group}, has_bias={self.has_bias}, "
                f"weight_init={self.weight_init}, bias_init={self.bias_init}, "
                f"format={self.format}")


def _conv2d(x, w, b=None, **kw):
    return nn_kernels.conv2d(x, w, b, **kw)


def _conv1d(x, w, b=None, **kw):
    return nn_kernels.conv2d(x[:, :, None, :], w, b, **kw)[:, :, 0, :]


def _conv2d_transpose(x, w, b=None, **kw):
    return nn_kernels.conv2d_transpose(x, w, b, **kw)


def _conv2d_transpose_zero_padded(x, w, b=None, output_padding=(0, 0), **kw):
    """nn.Conv2dTranspose's ``output_padding``: zeros after the biased output (an
    ``ops.Pad``), not more of the transposed convolution."""
    out = _conv2d_transpose(x, w, b, **kw)
    return jnp.pad(out, ((0, 0), (0, 0), (0, output_padding[0]), (0, output_padding[1])))


def _check_output_padding_2d(conv) -> tuple:
    """nn.Conv2dTranspose's call-time checks of ``output_padding`` (int or pair)."""
    given = conv.output_padding
    pair = tuple(given) if isinstance(given, tuple) else (given, given)
    if pair == (0, 0) and not isinstance(given, tuple):
        return pair
    for i, (axis, op) in enumerate(zip("hw", pair)):
        if op < 0 or op >= max(conv.dilation[i], conv.stride[i]):
            where = f"[{i}]" if isinstance(given, tuple) else ""
            raise ValueError(f"output_padding{where} must be in range of [0, max(stride_{axis}, "
                             f"dilation_{axis})).")
    if conv.pad_mode != "pad" and any(op > 0 for op in pair):
        raise ValueError("when output_padding is not zero, pad_mode must be 'pad'")
    return pair


def _conv1d_transpose(x, w, b=None, **kw):
    return nn_kernels.conv2d_transpose(x[:, :, None, :], w, b, **kw)[:, :, 0, :]


def _check_rank(prim: str, x, rank: int, added: int = 0) -> None:
    """The input rank the Primitive expects (Conv1d's input gains an axis first)."""
    if x.ndim + added != rank:
        raise ValueError(f"For primitive[{prim}], the x shape size must be equal to {rank}, "
                         f"but got {x.ndim + added}.")


def _check_transpose_length(conv, x, prim: str) -> None:
    """A 'pad' transposed convolution whose padding eats the whole output: -1 (the
    dynamic-shape marker) fails at the kernel's resize, lower lengths in the shape check."""
    if conv.pad_mode.lower() != "pad":
        return
    n = len(conv.kernel_size)
    spatial = (1,) * (n + 2 - x.ndim) + tuple(x.shape[2:])
    pads = nn_kernels.pads_2d("pad", conv.padding, spatial, conv.kernel_size, conv.stride,
                              conv.dilation)
    extra = tuple(conv.output_padding) if prim == "Conv3DTranspose" else (0,) * n
    lengths = [(m - 1) * s + d * (k - 1) + 1 - lo - hi + op
               for m, k, d, s, (lo, hi), op in zip(spatial, conv.kernel_size, conv.dilation,
                                                   conv.stride, pads, extra)]
    if -1 in lengths:
        raise RuntimeError(f"Resize failed for kernel: {prim} (the padding is longer than the "
                           "output).")
    if min(lengths) < -1:
        shape = (x.shape[0], conv.out_channels) + tuple(lengths)
        raise ValueError(f"For '{prim}', shape should not have values less than -2 but got "
                         f"{shape}.")


class Conv2d(_Conv):
    """``nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
    data_format='NCHW', dtype=mstype.float32)``."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, dilation=1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCHW", dtype=dtypes.ALL["float32"]) -> None:
        kernel_size, stride = validator.twice(kernel_size), validator.twice(stride)
        dilation = validator.twice(dilation)
        _check_group("Conv2d", in_channels, out_channels, group)
        if data_format == "NHWC" and context.get_context("device_target") == "GPU":
            raise NotImplementedError("nn.Conv2d(data_format='NHWC') is not supported by "
                                      "mscompat.")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype, data_format)
        validator.check_string(pad_mode, ["valid", "same", "pad"], "pad_mode", "Conv2D")
        _check_primitive("Conv2D", pad_mode, padding, 4)

    def construct(self, x):
        _check_rank("Conv2D", x, 4)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        return call(_conv2d, args, self._kernel_args())


class Conv1d(_Conv):
    """``nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, ...)``: weight (out, in/group, 1, k)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 pad_mode: str = "same", padding: int = 0, dilation: int = 1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None,
                 dtype=dtypes.ALL["float32"]) -> None:
        _check_1d_ints("Conv1d", kernel_size, stride, padding, dilation)
        _check_group("Conv1d", in_channels, out_channels, group)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode,
                         padding, (1, dilation), group, has_bias,
                         _weight_1d("Conv1d", weight_init), bias_init, dtype)
        self.padding = (0, 0, padding, padding)
        validator.check_string(pad_mode, ["valid", "same", "pad"], "pad_mode", "Conv1d")
        _check_primitive("Conv2D", pad_mode, self.padding, 4)

    def construct(self, x):
        _check_rank("Conv2D", x, 4, added=1)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        return call(_conv1d, args, self._kernel_args())


def _weight_1d(cls: str, weight_init):
    """A Tensor ``weight_init`` of Conv1d (out, in/group, k) as the layer's 4-D weight."""
    if isinstance(weight_init, Tensor):
        validator.check_equal_int(weight_init.ndim, 3, "weight_init_shape", cls)
        return Tensor(weight_init.asnumpy()[:, :, None, :], weight_init.dtype)
    return weight_init


class Conv2dTranspose(_Conv):
    """``nn.Conv2dTranspose(in_channels, out_channels, kernel_size, stride=1,
    pad_mode='same', padding=0, output_padding=0, dilation=1, group=1, has_bias=False, ...)``:
    weight (in, out/group, kh, kw)."""

    _transpose = True

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, output_padding=0, dilation=1,
                 group: int = 1, has_bias: bool = False, weight_init=None, bias_init=None,
                 dtype=dtypes.ALL["float32"]) -> None:
        kernel_size, stride = validator.twice(kernel_size), validator.twice(stride)
        dilation = validator.twice(dilation)
        _check_padding_size("Conv2dTranspose", padding, 4)
        _check_padding_size("Conv2dTranspose", output_padding, 2, "output_padding")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype,
                         output_padding=output_padding)
        validator.check_string(pad_mode, ["valid", "same", "pad"], "pad_mode",
                               "Conv2dTranspose")
        _check_primitive("Conv2DTranspose", pad_mode, padding, 4)

    def construct(self, x):
        if x.ndim != 4:  # MindSpore unpacks the input's shape into four names
            raise ValueError(f"not enough values to unpack (expected 4, got {x.ndim})"
                             if x.ndim < 4 else "too many values to unpack (expected 4)")
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        _check_transpose_length(self, x, "Conv2DBackpropInput")
        output_padding = _check_output_padding_2d(self)
        if output_padding == (0, 0):
            return call(_conv2d_transpose, args, self._kernel_args())
        return call(_conv2d_transpose_zero_padded, args,
                    dict(self._kernel_args(), output_padding=output_padding))


class Conv3d(_Conv):
    """``nn.Conv3d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
    data_format='NCDHW', dtype=mstype.float32)``: weight (out, in/group, kd, kh, kw);
    ``padding`` an int or (head, tail, top, bottom, left, right)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, dilation=1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCDHW", dtype=dtypes.ALL["float32"]) -> None:
        kernel_size, stride, dilation = _check_3d("Conv3d", in_channels, out_channels, group,
                                                  kernel_size, stride, dilation, padding)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype, data_format)
        _check_primitive("Conv3D", pad_mode, padding, 6)
        validator.check_string(data_format, ["NCDHW"], "data_format", "Conv3D")

    def construct(self, x):
        _check_rank("Conv3D", x, 5)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        return call(_conv2d, args, self._kernel_args())


def _check_3d(cls: str, in_channels, out_channels, group, kernel_size, stride, dilation,
              padding) -> tuple:
    """Conv3d/Conv3dTranspose's own checks, before the common ones: the 3-tuples."""
    _check_group_3d(in_channels, out_channels, group)
    kernel_size = validator.check_3d_int_or_tuple("kernel_size", kernel_size, cls)
    stride = validator.check_3d_int_or_tuple("stride", stride, cls)
    dilation = validator.check_3d_int_or_tuple("dilation", dilation, cls)
    _check_padding_size(cls, padding, 6)
    return kernel_size, stride, dilation


class Conv3dTranspose(_Conv):
    """``nn.Conv3dTranspose(in_channels, out_channels, kernel_size, stride=1,
    pad_mode='same', padding=0, dilation=1, group=1, output_padding=0, has_bias=False,
    weight_init=None, bias_init=None, data_format='NCDHW', dtype=mstype.float32)``:
    weight (in, out/group, kd, kh, kw)."""

    _transpose = True

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, dilation=1, group: int = 1,
                 output_padding=0, has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCDHW", dtype=dtypes.ALL["float32"]) -> None:
        kernel_size, stride, dilation = _check_3d("Conv3dTranspose", in_channels,
                                                  out_channels, group, kernel_size, stride,
                                                  dilation, padding)
        output_padding = validator.check_3d_int_or_tuple(
            "output_padding", output_padding, "Conv3dTranspose", greater_zero=False,
            pad_value=0)
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype, data_format,
                         output_padding=output_padding)
        _check_primitive("Conv3DTranspose", pad_mode, padding, 6)
        _check_conv3d_transpose(pad_mode, kernel_size, stride, dilation, output_padding)

    def construct(self, x):
        _check_rank("Conv3DTranspose", x, 5)
        _check_transpose_length(self, x, "Conv3DTranspose")
        if any(op >= s for op, s in zip(self.output_padding, self.stride)):
            # oneDNN's forward shape check of the backward kernel: (out + pads - reach) /
            # stride + 1 must give the input's length back
            raise RuntimeError("could not create a primitive descriptor for the convolution "
                               "forward propagation primitive (Conv3DTranspose: an "
                               "output_padding not shorter than the stride).")
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        kw = self._kernel_args()
        kw["output_padding"] = self.output_padding
        return call(_conv2d_transpose, args, kw)


class Conv1dTranspose(_Conv):
    """``nn.Conv1dTranspose(in_channels, out_channels, kernel_size, stride=1,
    pad_mode='same', padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
    bias_init=None, dtype=mstype.float32)``: weight (in, out/group, 1, k)."""

    _transpose = True

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int = 1,
                 pad_mode: str = "same", padding: int = 0, dilation: int = 1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None,
                 dtype=dtypes.ALL["float32"]) -> None:
        _check_1d_ints("Conv1dTranspose", kernel_size, stride, padding, dilation)
        super().__init__(in_channels, out_channels, (1, kernel_size), (1, stride), pad_mode,
                         padding, (1, dilation), group, has_bias,
                         _weight_1d("Conv1dTranspose", weight_init), bias_init, dtype)
        self.padding = (0, 0, padding, padding)
        validator.check_string(pad_mode, ["valid", "same", "pad"], "pad_mode",
                               "Conv1dTranspose")
        _check_primitive("Conv2DBackpropInput", pad_mode, self.padding, 4)

    def construct(self, x):
        if x.ndim != 3:
            raise ValueError(f"For 'Conv1dTranspose', the dimension of input must be 3d, but "
                             f"got {x.ndim}.")
        _check_transpose_length(self, x, "Conv2DBackpropInput")
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        return call(_conv1d_transpose, args, self._kernel_args())
