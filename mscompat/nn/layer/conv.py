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

from ... import _checkparam as validator
from ..._engine import dtypes, nn_kernels
from ..._engine.cell import Cell
from ..._engine.initializers import HeUniform, Uniform, initialize
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor


def _check_channels(cls: str, in_channels, out_channels, group) -> None:
    """MindSpore's order: the group, its divisibility, then the channels."""
    validator.check_positive_int(group, "group", cls)
    if in_channels % group or out_channels % group:
        raise ValueError(f"The argument 'group' should be divisible by 'in_channels' and "
                         f"'out_channels', but got group:{group}, in_channels:{in_channels}, "
                         f"out_channels:{out_channels}.")
    validator.check_positive_int(in_channels, "in_channels", cls)
    validator.check_positive_int(out_channels, "out_channels", cls)


# the Primitive whose checks MindSpore's layer runs for pad_mode and padding
_PRIMITIVE = {"Conv1d": "Conv2D", "Conv2d": "Conv2D", "Conv3d": "Conv3D"}


def _check_pad_mode(cls: str, pad_mode: str, padding) -> None:
    prim = _PRIMITIVE.get(cls, cls)
    validator.check_string(pad_mode.lower() if isinstance(pad_mode, str) else pad_mode,
                           ["valid", "same", "pad"], "pad_mode", prim)
    nonzero = padding != 0 if isinstance(padding, int) else any(padding)
    if pad_mode.lower() != "pad" and nonzero:
        raise ValueError(f"For '{prim}', the 'pad' must be zero when 'pad_mode' is not 'pad', "
                         f"but got 'pad': {padding} and 'pad_mode': {pad_mode}.")


def _check_items(cls: str, **tuples) -> None:
    """Every element of the kernel size, stride and dilation a positive int."""
    for name, values in tuples.items():
        for v in values:
            validator.check_positive_int(v, f"{name} item", cls)


class _Conv(Cell):
    _transpose = False

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                 dilation, group, has_bias, weight_init, bias_init, dtype, ndim=2,
                 output_padding=0) -> None:
        super().__init__()
        cls = type(self).__name__
        _check_channels(cls, in_channels, out_channels, group)
        _check_pad_mode(cls, pad_mode, padding)
        self.in_channels, self.out_channels = in_channels, out_channels
        if ndim == 1:
            self.kernel_size = (1, nn_kernels.pair(kernel_size, 1)[0])
            self.stride = (1, nn_kernels.pair(stride, 1, "stride")[0])
            self.dilation = (1, nn_kernels.pair(dilation, 1, "dilation")[0])
            self.padding = (0, 0, padding, padding) if isinstance(padding, int) else padding
        else:
            self.kernel_size = nn_kernels.pair(kernel_size, ndim)
            self.stride = nn_kernels.pair(stride, ndim, name="stride")
            self.dilation = nn_kernels.pair(dilation, ndim, name="dilation")
            self.padding = padding
        _check_items(cls, kernel_size=self.kernel_size, stride=self.stride,
                     dilation=self.dilation)
        self.pad_mode, self.group, self.has_bias = pad_mode, group, has_bias
        self.output_padding = output_padding
        self.format = "NCDHW" if ndim == 3 else "NCHW"
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
                bias_init = Uniform(1.0 / math.sqrt(fan_in))
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


def _conv1d_transpose(x, w, b=None, **kw):
    return nn_kernels.conv2d_transpose(x[:, :, None, :], w, b, **kw)[:, :, 0, :]


def _check_rank(cls: str, x, rank: int) -> None:
    if x.ndim != rank:
        raise ValueError(f"For '{cls}', the dimension of input must be {rank}D, but got "
                         f"{x.ndim}D.")


def _check_window(conv, x) -> None:
    """A 'valid' or 'pad' 2-D window larger than the (padded) input: MindSpore's ValueError
    (XLA would return an empty output)."""
    if conv.pad_mode.lower() == "same":
        return
    pad = conv.padding if conv.pad_mode.lower() == "pad" else 0
    top, bottom, left, right = (pad,) * 4 if isinstance(pad, int) else tuple(pad)
    reach = [(k - 1) * d + 1 for k, d in zip(conv.kernel_size, conv.dilation)]
    if x.shape[-2] + top + bottom < reach[0] or x.shape[-1] + left + right < reach[1]:
        raise ValueError(f"For '{type(conv).__name__}', input shape's h and w after padding "
                         f"must be greater than or equal to kernel_size's h and w "
                         f"respectively.")


class Conv2d(_Conv):
    """``nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
    data_format='NCHW', dtype=mstype.float32)``."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, dilation=1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCHW", dtype=dtypes.ALL["float32"]) -> None:
        validator.check_string(data_format, ["NCHW", "NHWC", "NCDHW"], "format", "Conv2d")
        if data_format != "NCHW":
            raise NotImplementedError("nn.Conv2d(data_format='NHWC') is not supported by "
                                      "mscompat.")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype)

    def construct(self, x):
        _check_rank("Conv2d", x, 4)
        _check_window(self, x)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        return call(_conv2d, args, self._kernel_args())


class Conv1d(_Conv):
    """``nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, ...)``: weight (out, in/group, 1, k)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, dilation=1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None,
                 dtype=dtypes.ALL["float32"]) -> None:
        validator.check_value_type("padding", padding, [int], "Conv1d")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype, ndim=1)

    def construct(self, x):
        _check_rank("Conv1d", x, 3)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        return call(_conv1d, args, self._kernel_args())


class Conv2dTranspose(_Conv):
    """``nn.Conv2dTranspose(in_channels, out_channels, kernel_size, stride=1,
    pad_mode='same', padding=0, output_padding=0, dilation=1, group=1, has_bias=False, ...)``:
    weight (in, out/group, kh, kw)."""

    _transpose = True

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, output_padding=0, dilation=1,
                 group: int = 1, has_bias: bool = False, weight_init=None, bias_init=None,
                 dtype=dtypes.ALL["float32"]) -> None:
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype,
                         output_padding=output_padding)

    def construct(self, x):
        _check_rank("Conv2dTranspose", x, 4)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        kw = self._kernel_args()
        kw["output_padding"] = self.output_padding
        return call(_conv2d_transpose, args, kw)




class Conv3d(_Conv):
    """``nn.Conv3d(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
    data_format='NCDHW', dtype=mstype.float32)``: weight (out, in/group, kd, kh, kw);
    ``padding`` an int or (head, tail, top, bottom, left, right)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, dilation=1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None,
                 data_format: str = "NCDHW", dtype=dtypes.ALL["float32"]) -> None:
        if data_format != "NCDHW":
            raise ValueError(f"For 'Conv3d', the 'data_format' must be 'NCDHW', but got "
                             f"{data_format}.")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype, ndim=3)

    def construct(self, x):
        _check_rank("Conv3d", x, 5)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        return call(_conv2d, args, self._kernel_args())


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
        if data_format != "NCDHW":
            raise ValueError(f"For 'Conv3dTranspose', the 'data_format' must be 'NCDHW', "
                             f"but got {data_format}.")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype, ndim=3,
                         output_padding=output_padding)

    def construct(self, x):
        _check_rank("Conv3dTranspose", x, 5)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        kw = self._kernel_args()
        kw["output_padding"] = self.output_padding
        return call(_conv2d_transpose, args, kw)


class Conv1dTranspose(_Conv):
    """``nn.Conv1dTranspose(in_channels, out_channels, kernel_size, stride=1,
    pad_mode='same', padding=0, dilation=1, group=1, has_bias=False, weight_init=None,
    bias_init=None, dtype=mstype.float32)``: weight (in, out/group, 1, k)."""

    _transpose = True

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1,
                 pad_mode: str = "same", padding=0, dilation=1, group: int = 1,
                 has_bias: bool = False, weight_init=None, bias_init=None,
                 dtype=dtypes.ALL["float32"]) -> None:
        validator.check_value_type("padding", padding, [int], "Conv1dTranspose")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding,
                         dilation, group, has_bias, weight_init, bias_init, dtype, ndim=1)

    def construct(self, x):
        _check_rank("Conv1dTranspose", x, 3)
        args = (x._data, self.weight._data) + ((self.bias._data,) if self.has_bias else ())
        return call(_conv1d_transpose, args, self._kernel_args())
