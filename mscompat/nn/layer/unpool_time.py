"""``nn.MaxUnpool1d/2d/3d``, ``nn.AdaptiveMaxPool3d``, ``nn.TimeDistributed``,
``nn.ImageGradients`` and ``nn.SparseToDense``: MindSpore 2.10's Cells over ops mscompat has.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
    >>> out, idx = ms.ops.max_pool2d(x, 2, 2, return_indices=True)
    >>> print(ms.nn.MaxUnpool2d(2)(out, idx)[0, 0])
    [[ 0.  0.  0.  0.]
     [ 0.  5.  0.  7.]
     [ 0.  0.  0.  0.]
     [ 0. 13.  0. 15.]]
"""
from __future__ import annotations

from ... import _checkparam as validator
from ... import ops
from ..._engine.cell import Cell
from ..._engine.ops_build import Primitive
from ..._engine.tensor import Tensor
from ...common import dtype as mstype


class _MaxUnpool(Cell):
    """``nn.MaxUnpool{n}d(kernel_size, stride=None, padding=0)``: ``ops.max_unpool{n}d``
    (``stride`` defaults to ``kernel_size``); ``output_size`` a non-empty tuple or None."""

    _ndim = 2

    def __init__(self, kernel_size, stride=None, padding=0) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = kernel_size if stride is None else stride
        self.padding = padding

    def construct(self, x, indices, output_size=None):
        name = type(self).__name__
        if output_size is None:
            output_size = ()
        elif not isinstance(output_size, tuple):
            raise ValueError(f"For {name}, output_size must be tuple, but type "
                             f"{type(output_size)}.")
        elif not output_size:
            raise ValueError(f"For {name}, the length of output_size must be positive, but "
                             f"got 0.")
        unpool = {1: ops.max_unpool1d, 2: ops.max_unpool2d, 3: ops.max_unpool3d}[self._ndim]
        return unpool(x, indices, self.kernel_size, stride=self.stride, padding=self.padding,
                      output_size=output_size)


class MaxUnpool1d(_MaxUnpool):
    _ndim = 1


class MaxUnpool2d(_MaxUnpool):
    _ndim = 2


class MaxUnpool3d(_MaxUnpool):
    _ndim = 3


class AdaptiveMaxPool3d(Cell):
    """``nn.AdaptiveMaxPool3d(output_size, return_indices=False)``: the maxima over adaptive
    windows of the last three axes (and their flat indices with ``return_indices``)."""

    def __init__(self, output_size, return_indices=False) -> None:
        super().__init__()
        if isinstance(output_size, int):
            output_size = (output_size,) * 3
        self.output_size = Tensor(output_size, dtype=mstype.int32)
        self.return_indices = return_indices

    def construct(self, input):
        size = tuple(int(s) for s in self.output_size.asnumpy())
        return ops.adaptive_max_pool3d(input, size, self.return_indices)


def _check_tensor(x) -> None:
    if not isinstance(x, Tensor):
        raise TypeError("For 'TimeDistributed', the inputs and outputs must be a Tensor.")


def _moved(axis_a: int, axis_b: int, rank: int) -> tuple:
    """MindSpore's permutation: the later of the two axes moved to the earlier's place."""
    perm = tuple(range(rank))
    a, b = sorted((axis_a, axis_b))
    return perm[:a] + (perm[b],) + perm[a:b] + perm[b + 1:]


class TimeDistributed(Cell):
    """``nn.TimeDistributed(layer, time_axis, reshape_with_axis=None)``: ``layer`` applied
    to each step along ``time_axis``, the results stacked back along it; with
    ``reshape_with_axis``, applied once to the time axis merged into that axis."""

    def __init__(self, layer, time_axis, reshape_with_axis=None) -> None:
        if not isinstance(layer, (Cell, Primitive)):
            raise TypeError(f"For 'TimeDistributed', the 'layer' must be Cell or Primitive "
                            f"instance, but got type: {type(layer).__name__}.")
        super().__init__()
        validator.check_is_int(time_axis, "time_axis", "TimeDistributed")
        if reshape_with_axis is not None:
            validator.check_is_int(reshape_with_axis, "reshape_with_axis", "TimeDistributed")
        self.layer = layer
        self.time_axis = time_axis
        self.reshape_with_axis = reshape_with_axis

    def construct(self, inputs):
        _check_tensor(inputs)
        rank = inputs.ndim
        if rank < 3:
            raise ValueError(f"For 'TimeDistributed', the inputs shape must be at least 3D, "
                             f"but got {rank}.")
        time_axis = self.time_axis % rank
        if self.reshape_with_axis is not None:
            return self._merged(inputs, time_axis, self.reshape_with_axis % rank)
        steps = []
        for item in ops.unstack(inputs, time_axis):
            out = self.layer(item)
            _check_tensor(out)
            if time_axis > out.ndim:
                raise ValueError(f"For 'TimeDistributed', the value of 'time_axis' must be in "
                                 f"range of [{-out.ndim - 1}, {out.ndim}], but got "
                                 f"{time_axis}.")
            steps.append(out)
        return ops.stack(steps, time_axis)

    def _merged(self, inputs, time_axis: int, with_axis: int):
        rank = inputs.ndim
        if with_axis == rank - 1:
            new_time = rank - 2
        else:
            new_time = with_axis + 1 if time_axis > with_axis else with_axis - 1
        pos = min(new_time, with_axis)
        inputs = ops.transpose(inputs, _moved(new_time, time_axis, rank))
        shape = inputs.shape
        inputs = ops.reshape(inputs, shape[:pos] + (-1,) + shape[pos + 2:])
        out = self.layer(inputs)
        _check_tensor(out)
        if pos >= out.ndim or inputs.shape[pos] != out.shape[pos]:
            raise ValueError(
                f"For 'TimeDistributed', the 'reshape_with_axis' is invalid in the input and "
                f"output. The 'reshape_pos' must be less than the length of 'outputs_shape', "
                f"and the 'inputs_shape[reshape_pos]' must be equal to "
                f"'outputs_shape[reshape_pos]', but got 'reshape_pos': {pos}, 'inputs_shape': "
                f"{inputs.shape}, 'outputs_shape': {out.shape}. You may try pass parameters "
                f"without 'reshape_with_axis'.")
        new_shape = out.shape[:pos] + shape[pos:pos + 2] + out.shape[pos + 1:]
        return ops.reshape(out, (-1,) + new_shape[1:])


class ImageGradients(Cell):
    """``nn.ImageGradients()``: ``(dy, dx)`` of an NCHW image, the forward differences along
    the height and the width, each with a last row (column) of zeros."""

    def construct(self, images):
        if images.ndim != 4:
            raise ValueError(f"For 'ImageGradients', the dimension of 'images' must be 4d, but "
                             f"got {images.ndim}d.")
        n, c, h, w = images.shape
        zero_row = ops.zeros((n, c, 1, w), images.dtype)
        zero_col = ops.zeros((n, c, h, 1), images.dtype)
        dy = zero_row if h == 1 else ops.concat(
            (images[:, :, 1:, :] - images[:, :, :h - 1, :], zero_row), 2)
        dx = zero_col if w == 1 else ops.concat(
            (images[:, :, :, 1:] - images[:, :, :, :w - 1], zero_col), 3)
        return dy, dx


class SparseToDense(Cell):
    """``nn.SparseToDense()``: the dense Tensor of a ``COOTensor``."""

    def construct(self, sparse_tensor):
        return sparse_tensor.to_dense()
