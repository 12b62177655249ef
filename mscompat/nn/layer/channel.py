"""Channel and shape layers: ``nn.ChannelShuffle``, ``nn.LRN`` and ``nn.Unflatten``.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(1, 6, 1, 1))
    >>> print(ms.nn.ChannelShuffle(2)(x).reshape(-1))
    [0. 3. 1. 4. 2. 5.]
"""
from __future__ import annotations

from ... import _checkparam as validator
from ..._engine import op_rows_linalg, op_rows_losses
from ..._engine.cell import Cell
from ..._engine.ops_build import call


class ChannelShuffle(Cell):
    """``nn.ChannelShuffle(groups)``: channels regrouped as (groups, C / groups), transposed."""

    def __init__(self, groups: int) -> None:
        super().__init__()
        if not isinstance(groups, int) or isinstance(groups, bool):
            raise TypeError(f"For ChannelShuffle, the param `groups` must be int, but got "
                            f"{type(groups)}.")
        if groups < 1:
            raise ValueError(f"For ChannelShuffle, the param `groups` must be larger than 0, "
                             f"but got {groups}.")
        self.groups = groups

    def construct(self, x):
        return call(op_rows_losses._channel_shuffle, (x._data, self.groups))


class LRN(Cell):
    """``nn.LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
    norm_region='ACROSS_CHANNELS')``: local response normalisation (``ops.LRN``)."""

    def __init__(self, depth_radius: int = 5, bias: float = 1.0, alpha: float = 1.0,
                 beta: float = 0.5, norm_region: str = "ACROSS_CHANNELS") -> None:
        super().__init__()
        self.depth_radius, self.bias, self.alpha, self.beta = depth_radius, bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, x):
        return call(op_rows_linalg._lrn, (x._data, self.depth_radius, self.bias, self.alpha,
                                          self.beta, self.norm_region))


class Unflatten(Cell):
    """``nn.Unflatten(axis, unflattened_size)``: axis ``axis`` reshaped to
    ``unflattened_size``."""

    def __init__(self, axis: int, unflattened_size) -> None:
        super().__init__()
        validator.check_is_int(axis, "axis", "Unflatten")
        validator.check_value_type("unflattended_size", unflattened_size, (list, tuple),
                                   "Unflatten")
        self.axis = axis
        self.unflattened_size = tuple(unflattened_size)

    def construct(self, x):
        shape = tuple(x.shape)
        new = shape[:self.axis] + self.unflattened_size
        if self.axis != -1:
            new += shape[self.axis + 1:]
        return x.reshape(new)
