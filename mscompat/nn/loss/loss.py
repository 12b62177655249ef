"""Loss Cells: ``nn.MSELoss``, ``nn.L1Loss``, ``nn.SoftmaxCrossEntropyWithLogits``."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import optax

from ..._engine.cell import Cell
from ..._engine.tensor import Tensor

_REDUCTIONS = {"mean": jnp.mean, "sum": jnp.sum, "none": lambda x: x}


class LossBase(Cell):
    """Base of the losses: ``reduction`` is 'mean', 'sum' or 'none'."""

    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        if reduction not in _REDUCTIONS:
            raise ValueError(f"For '{type(self).__name__}', the 'reduction' must be in "
                             f"['mean', 'sum', 'none'], but got {reduction}.")
        self.reduction = reduction

    def get_loss(self, x, weights=1.0):
        return Tensor._wrap(_REDUCTIONS[self.reduction](x._data * _arr(weights)))


def _arr(x):
    return x._data if isinstance(x, Tensor) else x


class MSELoss(LossBase):
    """``nn.MSELoss(reduction='mean')``: ``(logits - labels) ** 2``, reduced."""

    def construct(self, logits, labels):
        return Tensor._wrap(_REDUCTIONS[self.reduction](jnp.square(logits._data -
                                                                   labels._data)))


class L1Loss(LossBase):
    """``nn.L1Loss(reduction='mean')``."""

    def construct(self, logits, labels):
        return Tensor._wrap(_REDUCTIONS[self.reduction](jnp.abs(logits._data - labels._data)))


class SoftmaxCrossEntropyWithLogits(LossBase):
    """``nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none')``."""

    def __init__(self, sparse: bool = False, reduction: str = "none") -> None:
        super().__init__(reduction)
        self.sparse = sparse

    def construct(self, logits, labels):
        z = logits._data
        if self.sparse:
            loss = optax.softmax_cross_entropy_with_integer_labels(z, labels._data)
        else:
            loss = optax.softmax_cross_entropy(z, labels._data.astype(z.dtype))
        return Tensor._wrap(_REDUCTIONS[self.reduction](loss))


__all__ = ["LossBase", "MSELoss", "L1Loss", "SoftmaxCrossEntropyWithLogits", "jax"]
