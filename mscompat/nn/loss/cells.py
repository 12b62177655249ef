"""Loss Cells with more logic than one op: ``nn.FocalLoss``, ``nn.PoissonNLLLoss``,
``nn.MultiMarginLoss``, ``nn.CTCLoss`` and ``nn.TripletMarginWithDistanceLoss``, as
MindSpore 2.10 builds them.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> loss = ms.nn.PoissonNLLLoss()
    >>> print(loss(ms.Tensor(np.zeros(3, np.float32)), ms.Tensor(np.ones(3, np.float32))))
    1.0
"""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from ... import _checkparam as validator
from ... import ops
from ..._engine import op_rows_losses as losses
from ..._engine import op_rows_math as m
from ..._engine.ops_build import call
from ..._engine.tensor import Tensor
from .loss import LossBase


def _tensor(name: str, value, cls: str) -> None:
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{cls}', the '{name}' should be a Tensor, but got "
                        f"{type(value).__name__}.")


def _focal(logits, labels, weight=None, *, gamma, reduction):
    if logits.ndim != labels.ndim:
        raise ValueError(f"For 'FocalLoss', the dimensions of 'logits' and 'labels' must be "
                         f"equal, but got dimension of 'logits' {logits.ndim} and dimension "
                         f"of 'labels' {labels.ndim}.")
    if labels.shape[1] not in (1, logits.shape[1]):
        raise ValueError(f"For 'FocalLoss', the 'labels' shape[1] must be 1 or equal to the "
                         f"'logits' shape[1] {logits.shape[1]}, but got {labels.shape[1]}.")
    if not jnp.issubdtype(labels.dtype, jnp.integer) and labels.dtype != jnp.float32:
        raise TypeError(f"For 'FocalLoss', the dtype of 'labels' must be int32 or float32, but "
                        f"got {labels.dtype}.")
    one_label = labels.shape[1] == 1
    if logits.ndim > 2:
        logits = logits.reshape(logits.shape[0], logits.shape[1], -1)
        labels = labels.reshape(labels.shape[0], labels.shape[1], -1)
    else:
        logits, labels = logits[..., None], labels[..., None]
    log_p = jax.nn.log_softmax(logits, axis=1)
    index = labels.astype(jnp.int32)
    if one_label:
        log_p = jnp.take_along_axis(log_p, index, axis=1)[:, 0]
    p = jnp.exp(log_p)
    if weight is not None:
        w = jnp.tile(weight[None, :, None], (labels.shape[0], 1, labels.shape[2]))
        if one_label:
            w = jnp.take_along_axis(w, index, axis=1)[:, 0]
        log_p = log_p * w
    scale = (1.0 - p) ** gamma
    if one_label:
        loss = (-scale * log_p).mean(axis=1)
    else:
        loss = (-scale * labels * log_p).mean(axis=-1)
    return m._reduce_loss(loss, reduction)


class FocalLoss(LossBase):
    """``nn.FocalLoss(weight=None, gamma=2.0, reduction='mean')``: ``-(1 - p)^gamma log p``
    over the classes of axis 1; labels (N, 1, ...) are class indices, (N, C, ...) weights."""

    def __init__(self, weight=None, gamma: float = 2.0, reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.gamma = validator.check_value_type("gamma", gamma, [float])
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError(f"For 'FocalLoss', the type of 'weight' must be a Tensor, but got "
                            f"{type(weight).__name__}.")
        if isinstance(weight, Tensor) and weight.ndim != 1:
            raise ValueError(f"For 'FocalLoss', the dimension of 'weight' must be 1, but got "
                             f"{weight.ndim}.")
        self.weight = weight

    def construct(self, logits, labels):
        _tensor("logits", logits, "FocalLoss")
        _tensor("labels", labels, "FocalLoss")
        weight = None if self.weight is None else self.weight._data
        return call(_focal, (logits._data, labels._data, weight),
                    {"gamma": self.gamma, "reduction": self.reduction})


def _poisson_nll(x, target, *, log_input, full, eps, reduction):
    target = target.astype(x.dtype)
    loss = jnp.exp(x) - target * x if log_input else x - target * jnp.log(x + eps)
    if full:
        target = jnp.maximum(target, eps)
        stirling = (target > 1) * ((target + 0.5) * jnp.log(target) - target
                                   + 0.5 * math.log(2 * math.pi))
        loss = loss + jnp.where(target <= 1, 0, stirling).astype(loss.dtype)
    return m._reduce_loss(loss, reduction)


class PoissonNLLLoss(LossBase):
    """``nn.PoissonNLLLoss(log_input=True, full=False, eps=1e-08, reduction='mean')``."""

    def __init__(self, log_input: bool = True, full: bool = False, eps: float = 1e-08,
                 reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.log_input, self.full, self.eps = log_input, full, eps

    def construct(self, input, target):
        _tensor("input", input, "PoissonNLLLoss")
        _tensor("target", target, "PoissonNLLLoss")
        return call(_poisson_nll, (input._data, target._data),
                    {"log_input": self.log_input, "full": self.full, "eps": self.eps,
                     "reduction": self.reduction})


class MultiMarginLoss(LossBase):
    """``nn.MultiMarginLoss(p=1, margin=1.0, reduction='mean', weight=None)``;
    ``construct(x, target, weight=None)`` (the Cell's ``weight`` wins when set)."""

    def __init__(self, p: int = 1, margin: float = 1.0, reduction: str = "mean",
                 weight=None) -> None:
        super().__init__(reduction)
        self.p, self.margin, self.weight = p, margin, weight

    def construct(self, x, target, weight=None):
        _tensor("x", x, "MultiMarginLoss")
        _tensor("target", target, "MultiMarginLoss")
        if self.weight is not None:
            weight = self.weight
        if weight is not None:
            _tensor("weight", weight, "MultiMarginLoss")
        w = None if weight is None else weight._data
        return call(losses._multi_margin, (x._data, target._data, w),
                    {"p": self.p, "margin": float(self.margin), "reduction": self.reduction})


class CTCLoss(LossBase):
    """``nn.CTCLoss(blank=0, reduction='mean', zero_infinity=False)``;
    ``construct(log_probs, targets, input_lengths, target_lengths)`` (``ops.ctc_loss``'s loss;
    2-D ``log_probs`` is one unbatched sequence)."""

    def __init__(self, blank: int = 0, reduction: str = "mean",
                 zero_infinity: bool = False) -> None:
        super().__init__()
        self.blank, self.reduction, self.zero_infinity = blank, reduction, zero_infinity

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        _tensor("log_probs", log_probs, "CTCLoss")
        _tensor("targets", targets, "CTCLoss")
        unbatched = log_probs.ndim == 2
        lp, tg = log_probs._data, targets._data
        if unbatched:
            if tg.ndim > 2:
                raise ValueError("For 'CTCLoss', the dimension of 'targets' must be 1 or 2 when "
                                 f"'log_probs' is 2-D, but got {tg.ndim}.")
            tg = tg[None] if tg.ndim == 1 else tg
            lp = lp[:, None]
        loss = call(losses._ctc_loss, (lp, tg, input_lengths._data, target_lengths._data),
                    {"blank": self.blank, "reduction": self.reduction,
                     "zero_infinity": self.zero_infinity})[0]
        return loss.squeeze(0) if unbatched else loss


class TripletMarginWithDistanceLoss(LossBase):
    """``nn.TripletMarginWithDistanceLoss(distance_function=None, swap=False,
    reduction='mean', margin=1.0)``: ``max(d(x, positive) - d(x, negative) + margin, 0)``,
    reduced; ``d`` defaults to the L2 norm of ``|x - y|`` along axis 1 (``ops.LpNorm``), and
    ``swap`` takes the smaller of ``d(x, negative)`` and ``d(positive, negative)``."""

    def __init__(self, distance_function=None, swap: bool = False, reduction: str = "mean",
                 margin: float = 1.0) -> None:
        super().__init__(reduction=reduction)
        validator.check_is_float(margin, "margin", "TripletMarginWithDistanceLoss")
        validator.check_bool(swap, "swap", "TripletMarginWithDistanceLoss")
        self.distance_function = distance_function or _pairwise_distance
        self.swap, self.margin = swap, margin

    def construct(self, x, positive, negative):
        for name, value in (("x", x), ("positive", positive), ("negative", negative)):
            _tensor(name, value, "TripletMarginWithDistanceLoss")
        d1 = self.distance_function(x, positive)
        d2 = self.distance_function(x, negative)
        if self.swap:
            d2 = ops.minimum(d2, self.distance_function(positive, negative))
        return self.get_loss(ops.maximum(d1 - d2 + self.margin, 0))


def _pairwise_distance(x, y):
    d = (x - y).abs()
    if d.ndim == 0:
        raise ValueError("For 'pairwise_distance' in 'TripletMarginWithDistanceLoss', 'ndim' "
                         f"of the input must be positive, but got {d.ndim}")
    return ops.LpNorm(axis=1, p=2)(d)
