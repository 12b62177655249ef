"""Loss Cells: ``nn.MSELoss``, ``nn.L1Loss``, ``nn.SoftmaxCrossEntropyWithLogits``."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ..._engine import bprops
from ..._engine.bprops import softmax_cross_entropy
from ..._engine.cell import Cell
from ..._engine.errors import INDEX_32_64, check_dtype
from ..._engine.op_rows_math import _l1_loss, _reduce_loss
from ..._engine.op_table import sparse_softmax_cross_entropy
from ..._engine.ops_build import call
from ..._engine.tensor import Tensor

_REDUCTIONS = ("mean", "sum", "none")


class LossBase(Cell):
    """Base of the losses: ``reduction`` is 'mean', 'sum' or 'none'."""

    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        if reduction not in _REDUCTIONS:
            raise ValueError(f"For '{type(self).__name__}', the 'reduction' must be in "
                             f"['mean', 'sum', 'none'], but got {reduction}.")
        self.reduction = reduction

    def get_loss(self, x, weights=1.0):
        """``weights * x`` reduced by ``reduction``, computed in float32 and converted back
        to ``x``'s dtype, as MindSpore's ``LossBase.get_loss`` does (a Float64 loss holds a
        float32 value; a Float16 one is reduced in float32)."""
        return call(_weighted, (x._data, _arr(weights)), {"reduction": self.reduction})


def _weighted(x, w, *, reduction):
    dtype = np.dtype(x.dtype)
    f32 = np.dtype(np.float32)
    loss = _reduce_loss(bprops.cast(x, f32) * bprops.cast(jnp.asarray(w), f32), reduction)
    return bprops.cast(loss, dtype)


def _squared_error(logits, labels):
    return jnp.square(logits - labels)


def _softmax_ce(logits, labels, *, sparse, reduction):
    """MindSpore's two paths: sparse labels with 'mean' are its
    SparseSoftmaxCrossEntropyWithLogits; otherwise sparse labels become one-hot rows (a
    label outside ``[0, classes)`` a row of zeros: a loss of -0) for
    SoftmaxCrossEntropyWithLogits, whose bprop is ``softmax - labels``."""
    if sparse:
        if reduction == "mean":
            return sparse_softmax_cross_entropy(logits, labels)
        check_dtype("OneHot", "indices", labels, INDEX_32_64)
        labels = jax.nn.one_hot(labels, logits.shape[-1], dtype=jnp.float32)  # OneHot's
    # the kernel takes Float16/Float32 logits and labels of one dtype (so sparse labels,
    # one-hot Float32 rows, only go with Float32 logits)
    if labels.dtype != logits.dtype:
        raise TypeError("For primitive[SoftmaxCrossEntropyWithLogits], the input type must be "
                        "same.")
    check_dtype("SoftmaxCrossEntropyWithLogits", "label_type", labels, ("float16", "float32"))
    return _reduce_loss(softmax_cross_entropy(logits, labels)[0], reduction)


def _arr(x):
    return x._data if isinstance(x, Tensor) else x


_Loss = LossBase  # MindSpore's older name, still imported by model-zoo losses


class MSELoss(LossBase):
    """``nn.MSELoss(reduction='mean')``: ``(logits - labels) ** 2``, reduced."""

    def construct(self, logits, labels):  # as MindSpore's: square(logits - labels), get_loss
        return self.get_loss(call(_squared_error, (logits._data, labels._data),
                                  label="Tensor.__sub__"))  # (its broadcast error: SubExt's)


class L1Loss(LossBase):
    """``nn.L1Loss(reduction='mean')``."""

    def construct(self, logits, labels):
        return call(_l1_loss, (logits._data, labels._data), {"reduction": self.reduction})


class SoftmaxCrossEntropyWithLogits(LossBase):
    """``nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none')``."""

    def __init__(self, sparse: bool = False, reduction: str = "none") -> None:
        super().__init__(reduction)
        self.sparse = sparse

    def construct(self, logits, labels):
        return call(_softmax_ce, (logits._data, labels._data),
                    {"sparse": self.sparse, "reduction": self.reduction})


__all__ = ["LossBase", "MSELoss", "L1Loss", "SoftmaxCrossEntropyWithLogits"]
