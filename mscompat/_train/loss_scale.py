"""``FixedLossScaleManager`` / ``DynamicLossScaleManager`` (accepted by ``Model``)."""
from __future__ import annotations


class LossScaleManager:
    def get_loss_scale(self):
        raise NotImplementedError


class FixedLossScaleManager(LossScaleManager):
    """``FixedLossScaleManager(loss_scale=128.0, drop_overflow_update=True)``."""

    def __init__(self, loss_scale: float = 128.0, drop_overflow_update: bool = True) -> None:
        if loss_scale < 1:
            raise ValueError(f"The argument 'loss_scale' must be >= 1, but got {loss_scale}.")
        self.loss_scale, self.drop_overflow_update = loss_scale, drop_overflow_update

    def get_loss_scale(self) -> float:
        return self.loss_scale


class DynamicLossScaleManager(LossScaleManager):
    """``DynamicLossScaleManager(init_loss_scale=2**24, scale_factor=2, scale_window=2000)``:
    constructed, but ``Model`` raises NotImplementedError when it is used."""

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000) -> None:
        self.loss_scale = init_loss_scale
        self.scale_factor, self.scale_window = scale_factor, scale_window

    def get_loss_scale(self) -> float:
        return self.loss_scale
