"""``nn.LPPool1d``/``nn.LPPool2d`` (and ``ops.lp_pool1d``/``lp_pool2d``),
``nn.AdaptiveAvgPool3d`` and the bilinear ``nn.BiDense``, as MindSpore 2.10 computes them.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.ones((1, 1, 4, 4), np.float32))
    >>> print(ms.nn.LPPool2d(2, 2)(x).reshape(-1))
    [2. 2. 2. 2.]
"""
from __future__ import annotations

import math

import jax.numpy as jnp

from ..._engine import dtypes, nn_kernels, op_rows_signal
from ..._engine.cell import Cell
from ..._engine.initializers import Uniform, initialize
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor

_F32 = dtypes.ALL["float32"]


class LPPool2d(Cell):
    """``nn.LPPool2d(norm_type, kernel_size, stride=None, ceil_mode=False)``."""

    _ndim = 2

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode: bool = False) -> None:
        super().__init__()
        self.norm_type, self.kernel_size, self.stride = norm_type, kernel_size, stride
        self.ceil_mode = ceil_mode

    def construct(self, x):
        # settings as static keywords: a float norm_type must not become a traced input
        kernel = self.kernel_size if isinstance(self.kernel_size, int) else \
            tuple(self.kernel_size)
        stride = self.stride if self.stride is None or isinstance(self.stride, int) else \
            tuple(self.stride)
        return call(op_rows_signal.lp_pool, (x._data,),
                    {"norm_type": self.norm_type, "kernel_size": kernel, "stride": stride,
                     "ceil_mode": self.ceil_mode, "ndim": self._ndim})


class LPPool1d(LPPool2d):
    """``nn.LPPool1d(norm_type, kernel_size, stride=None, ceil_mode=False)``."""

    _ndim = 1


class AdaptiveAvgPool3d(Cell):
    """``nn.AdaptiveAvgPool3d(output_size)`` on (N, C, D, H, W) or (C, D, H, W)."""

    def __init__(self, output_size) -> None:
        super().__init__()
        self.output_size = output_size

    def construct(self, x):
        size = self.output_size if isinstance(self.output_size, int) else \
            tuple(self.output_size)
        return call(nn_kernels.adaptive_avg_pool3d, (x._data, size))


def _bidense(x1, x2, weight, bias=None):
    out = jnp.einsum("...i,oij,...j->...o", x1, weight, x2)
    return out if bias is None else out + bias


class BiDense(Cell):
    """``nn.BiDense(in1_channels, in2_channels, out_channels, weight_init=None,
    bias_init=None, has_bias=True, dtype=mstype.float32)``:
    ``y[o] = x1 . weight[o] . x2 + bias[o]``; weight and bias default to
    ``Uniform(1 / sqrt(in1_channels))``."""

    def __init__(self, in1_channels: int, in2_channels: int, out_channels: int,
                 weight_init=None, bias_init=None, has_bias: bool = True, dtype=_F32) -> None:
        super().__init__()
        self.in1_channels, self.in2_channels = in1_channels, in2_channels
        self.out_channels, self.has_bias = out_channels, has_bias
        bound = 1 / math.sqrt(in1_channels)
        shape = (out_channels, in1_channels, in2_channels)
        self.weight = Parameter(Tensor._wrap(initialize(
            Uniform(bound) if weight_init is None else weight_init, shape, dtype)),
            name="weight")
        self.bias = Parameter(Tensor._wrap(initialize(
            Uniform(bound) if bias_init is None else bias_init, (out_channels,), dtype)),
            name="bias") if has_bias else None

    def construct(self, input1, input2):
        for name, x, n in (("input1", input1, self.in1_channels),
                           ("input2", input2, self.in2_channels)):
            if x.shape[-1] != n:
                raise ValueError(f"For 'BiDense', the last dimension of '{name}' must be {n}, "
                                 f"but got {x.shape[-1]}.")
        if input1.shape[:-1] != input2.shape[:-1]:
            raise ValueError("For 'BiDense', the input shapes except the last dimension must be "
                             f"the same, but got {input1.shape} and {input2.shape}.")
        if input1.dtype != self.weight.dtype:  # (MindSpore's MatMul of input1 and weight)
            raise TypeError(f"For 'MatMul', the type of 'x2' should be same as 'x1', but got "
                            f"'x1' with type Tensor[{input1.dtype}] and 'x2' with type "
                            f"Tensor[{self.weight.dtype}].")
        bias = None if self.bias is None else self.bias._data
        return call(_bidense, (input1._data, input2._data, self.weight._data, bias))

    def extend_repr(self) -> str:
        s = (f"in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, "
             f"output_channels={self.out_channels}")
        return s + (f", has_bias={self.has_bias}" if self.has_bias else "")
