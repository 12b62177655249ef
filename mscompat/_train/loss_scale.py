"""``FixedLossScaleManager`` / ``DynamicLossScaleManager`` (``mindspore.amp`` and
``mindspore.train``): the loss scale ``Model`` trains with, and the update Cell it hands to
``nn.TrainOneStepWithLossScaleCell``.

Example:
    >>> import mscompat as ms
    >>> manager = ms.amp.DynamicLossScaleManager(16, 2, 2)
    >>> for overflow in (False, False, True):
    ...     manager.update_loss_scale(overflow)
    >>> print(manager.get_loss_scale())
    16.0
"""
from __future__ import annotations

from .. import _checkparam as validator


class LossScaleManager:
    """Base class: ``get_loss_scale``, ``update_loss_scale``, ``get_update_cell``."""

    def get_loss_scale(self):
        raise NotImplementedError

    def update_loss_scale(self, overflow) -> None:
        raise NotImplementedError

    def get_update_cell(self):
        raise NotImplementedError


class FixedLossScaleManager(LossScaleManager):
    """``FixedLossScaleManager(loss_scale=128.0, drop_overflow_update=True)``: with
    ``drop_overflow_update`` a step whose gradients overflow is skipped
    (``FixedLossScaleUpdateCell``); without it ``Model`` trains with ``sens=loss_scale``."""

    def __init__(self, loss_scale: float = 128.0, drop_overflow_update: bool = True) -> None:
        if loss_scale < 1:
            raise ValueError(f"The argument 'loss_scale' must be >= 1, but got {loss_scale}")
        self._loss_scale, self._drop_overflow_update = loss_scale, drop_overflow_update

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self) -> bool:
        return self._drop_overflow_update

    def update_loss_scale(self, overflow) -> None:
        """The scale is fixed: nothing changes."""

    def get_update_cell(self):
        if not self._drop_overflow_update:
            return None
        from ..nn import FixedLossScaleUpdateCell
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """``DynamicLossScaleManager(init_loss_scale=2**24, scale_factor=2, scale_window=2000)``:
    the scale is divided by ``scale_factor`` (not below 1) on an overflow and multiplied by
    it every ``scale_window`` steps without one."""

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000) -> None:
        if init_loss_scale < 1.0:
            raise ValueError(f"The argument 'init_loss_scale' must be > 1, but got "
                             f"{init_loss_scale}")
        self.loss_scale = init_loss_scale
        validator.check_positive_int(scale_window, "scale_window", self.__class__.__name__)
        self.scale_window = scale_window
        if scale_factor <= 0:
            raise ValueError(f"The argument 'scale_factor' must be > 0, but got "
                             f"{scale_factor}")
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self):
        return self.loss_scale

    def get_drop_overflow_update(self) -> bool:
        return True

    def update_loss_scale(self, overflow) -> None:
        """Host-side update, as MindSpore's manager does it."""
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError("Dynamic loss scale Continuous overflow ", self.bad_step,
                               " times, has exceeded maximum threshold.")
        self.cur_iter += 1

    def get_update_cell(self):
        from ..nn import DynamicLossScaleUpdateCell
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor,
                                          self.scale_window)
