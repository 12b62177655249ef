"""``nn.Unfold``: image patches as channels (MindSpore's ``ExtractImagePatches``).

Each output position holds one ``ksize_row x ksize_col`` window of every input channel, as
``out_depth = ksize_row * ksize_col * in_depth`` channels ordered window row, window column,
then input channel (the NHWC patch order of the kernel, moved back to NCHW). ``'same'``
pads with zeros, the extra row or column after the image; ``'valid'`` takes only windows
inside it. MindSpore 2.10 has no CPU kernel for it (RuntimeError "Unsupported op
[ExtractImagePatches] on CPU"); mscompat computes what its GPU and Ascend kernels compute on
every device (``docs/divergences.md``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> net = ms.nn.Unfold(ksizes=[1, 2, 2, 1], strides=[1, 2, 2, 1], rates=[1, 2, 2, 1])
    >>> image = ms.Tensor(np.ones([2, 3, 6, 6]), dtype=ms.float16)
    >>> print(net(image).shape)
    (2, 12, 2, 2)
"""
from __future__ import annotations

import jax.numpy as jnp

from ... import _checkparam as validator
from ..._engine.cell import Cell
from ..._engine.op_rows_signal import _blocks, windows
from ..._engine.ops_build import call
from ..._engine.tensor import Tensor


def _check_format(arg_name: str, value, checked) -> tuple[int, int]:
    # MindSpore checks the type of ``ksizes`` for each of the three arguments
    validator.check_value_type(f"{arg_name}s", checked, [tuple, list], "Unfold")
    if len(value) != 4 or value[0] != 1 or value[3] != 1:
        raise ValueError(f"For 'Unfold' the format of '{arg_name}s' must be [1, {arg_name}_row, "
                         f"{arg_name}_col, 1], but got {value}.")
    row, col = value[1], value[2]
    if not (isinstance(row, int) and isinstance(col, int)) or row < 1 or col < 1:
        raise ValueError(f"For 'Unfold' the {arg_name}_row and {arg_name}_col in "
                         f"'{arg_name}s' must be an positive integer number, but got "
                         f"{arg_name}_row is {row}, {arg_name}_col is {col}")
    return row, col


def _same_padding(size: int, kernel: int, stride: int) -> tuple[int, int]:
    out = -(-size // stride)
    total = max((out - 1) * stride + kernel - size, 0)
    return total // 2, total - total // 2


def extract_image_patches(x, *, ksizes, strides, rates, padding):
    """(N, C, H, W) -> (N, kh * kw * C, out_h, out_w), channels in (row, column, channel)
    order."""
    if padding == "SAME":
        pads = tuple(_same_padding(x.shape[2 + i], (ksizes[i] - 1) * rates[i] + 1, strides[i])
                     for i in range(2))
    else:
        pads = ((0, 0), (0, 0))
    patches = windows(x, ksizes, strides, rates, pads)  # (N, C, kh * kw, out_h, out_w)
    n, c, k, h, w = patches.shape
    return jnp.swapaxes(patches, 1, 2).reshape(n, k * c, h, w)


class Unfold(Cell):
    """``nn.Unfold(ksizes, strides, rates, padding='valid')``: ``ksizes``, ``strides`` and
    ``rates`` are ``[1, row, col, 1]``; the input is (N, C, H, W) of any number type."""

    def __init__(self, ksizes, strides, rates, padding: str = "valid") -> None:
        super().__init__()
        self.ksizes = _check_format("ksize", ksizes, ksizes)
        self.strides = _check_format("stride", strides, ksizes)
        self.rates = _check_format("rate", rates, ksizes)
        if not isinstance(padding, str):
            raise TypeError(f"For 'ExtractImagePatches', the input 'padding' should be a str, "
                            f"but got {type(padding)}.")
        self.padding = padding

    def construct(self, input_x):
        padding = self.padding.upper()
        if padding not in ("SAME", "VALID"):
            raise ValueError(f"For 'ExtractImagePatches', the 'padding' must be one of "
                             f"['SAME', 'VALID'], but got '{self.padding}'.")
        if not isinstance(input_x, Tensor) or input_x.ndim != 4:
            rank = input_x.ndim if isinstance(input_x, Tensor) else type(input_x).__name__
            raise ValueError(f"For 'ExtractImagePatches', the rank of 'input_x' must be 4, "
                             f"but got {rank}.")
        if padding == "VALID":
            n, c, h, w = input_x.shape
            out = _blocks((h, w), self.ksizes, self.rates, 0, self.strides)
            shape = f"[{n}, {c * self.ksizes[0] * self.ksizes[1]}, {out[0]}, {out[1]}]"
            if 0 in out:  # (MindSpore's shape check looks for a zero length only)
                raise ValueError(f"For ExtractImagePatches, the output shape should greater "
                                 f"than 0, but got {shape}.")
            if min(out) < 0:
                raise RuntimeError(f"For ExtractImagePatches, a window longer than the input "
                                   f"gives the output shape {shape}.")
        return call(extract_image_patches, (input_x._data,),
                    {"ksizes": self.ksizes, "strides": self.strides, "rates": self.rates,
                     "padding": padding})


__all__ = ["Unfold"]
