"""``nn.learning_rate_schedule``: Cells mapping ``global_step`` to a learning rate, and
``nn.dynamic_lr``-style lists (``piecewise_constant_lr`` ...), with MindSpore's formulas.

Example:
    >>> import mscompat as ms
    >>> print(ms.nn.piecewise_constant_lr([2, 4], [0.1, 0.05]))
    [0.1, 0.1, 0.05, 0.05]
"""
from __future__ import annotations

import math

import jax.numpy as jnp

from .. import _checkparam as validator
from .._engine.cell import Cell
from .._engine.ops_build import call
from .._engine.tensor import Tensor


class LearningRateSchedule(Cell):
    """Base class: ``construct(global_step) -> Tensor`` (Float32 scalar)."""

    def _rate(self, step):  # step: float32 array
        raise NotImplementedError

    def construct(self, global_step):
        return call(self._rate, (jnp.asarray(global_step._data if isinstance(
            global_step, Tensor) else global_step).astype(jnp.float32).reshape(()),))


def _check_inputs(learning_rate, decay_rate, decay_steps, is_stair, cls_name) -> None:
    validator.check_positive_int(decay_steps, "decay_steps", cls_name)
    validator.check_positive_float(learning_rate, "learning_rate", cls_name)
    validator.check_is_float(learning_rate, "learning_rate", cls_name)
    validator.check_positive_float(decay_rate, "decay_rate", cls_name)
    validator.check_is_float(decay_rate, "decay_rate", cls_name)
    validator.check_value_type("is_stair", is_stair, [bool], cls_name)


def _must_be_float(value, arg: str, cls_name: str) -> None:
    if not isinstance(value, float):
        raise TypeError(f"For '{cls_name}', the argument '{arg}' must be type of float, but got "
                        f"'{arg}' type: {type(value)}.")


# Each ``_rate`` follows MindSpore's construct operation by operation (same order, float32
# intermediates), so the float32 rounding matches as well as the formula.
class _DecayLR(LearningRateSchedule):
    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False) -> None:
        super().__init__()
        _check_inputs(learning_rate, decay_rate, decay_steps, is_stair, type(self).__name__)
        self.learning_rate, self.decay_rate = learning_rate, decay_rate
        self.decay_steps, self.is_stair = decay_steps, is_stair

    def _p(self, step):
        p = step / jnp.float32(self.decay_steps)
        return jnp.floor(p) if self.is_stair else p


class ExponentialDecayLR(_DecayLR):
    """``lr * decay_rate ** p``, ``p = global_step / decay_steps`` (floored if is_stair)."""

    def _rate(self, step):
        return jnp.float32(self.learning_rate) * jnp.power(jnp.float32(self.decay_rate),
                                                           self._p(step))


class NaturalExpDecayLR(_DecayLR):
    """``lr * e ** (-decay_rate * p)`` with ``p = global_step`` (MindSpore's rule: not divided
    by decay_steps), ``floor(global_step / decay_steps) * decay_steps`` if is_stair."""

    def _rate(self, step):
        d = jnp.float32(self.decay_steps)
        p = jnp.floor(step / d) * d if self.is_stair else step
        return jnp.float32(self.learning_rate) * jnp.power(
            jnp.float32(math.e), jnp.float32(-self.decay_rate) * p)


class InverseDecayLR(_DecayLR):
    """``lr / (1 + decay_rate * p)``."""

    def _rate(self, step):  # ``lr / tensor`` is MindSpore's ``tensor.reciprocal() * lr``
        return jnp.reciprocal(jnp.float32(1) + jnp.float32(self.decay_rate) * self._p(step)) * \
            jnp.float32(self.learning_rate)


class CosineDecayLR(LearningRateSchedule):
    """``min_lr + 0.5 * (max_lr - min_lr) * (1 + cos(pi * min(step, decay_steps) /
    decay_steps))``, computed as MindSpore does: ``1 + sin(pi * (p / decay_steps + 0.5))``."""

    def __init__(self, min_lr, max_lr, decay_steps) -> None:
        super().__init__()
        name = "CosineDecayLR"
        _must_be_float(min_lr, "min_lr", name)
        validator.check_non_negative_float(min_lr, "min_lr", name)
        validator.check_positive_float(max_lr, "max_lr", name)
        validator.check_is_float(max_lr, "max_lr", name)
        validator.check_positive_int(decay_steps, "decay_steps", name)
        if min_lr >= max_lr:
            raise ValueError(f"For 'CosineDecayLR', the 'max_lr' must be greater than the "
                             f"'min_lr', but got 'max_lr' value: {max_lr}, 'min_lr' value: "
                             f"{min_lr}.")
        self.min_lr, self.max_lr, self.decay_steps = min_lr, max_lr, decay_steps

    def _rate(self, step):
        p = jnp.minimum(step, jnp.float32(self.decay_steps))
        angle = jnp.float32(math.pi) * (p / jnp.float32(self.decay_steps) + jnp.float32(0.5))
        return jnp.float32(self.min_lr) + jnp.float32(0.5 * (self.max_lr - self.min_lr)) * (
            jnp.float32(1) + jnp.sin(angle))


class PolynomialDecayLR(LearningRateSchedule):
    """``(lr - end_lr) * (1 - step / decay_steps) ** power + end_lr``."""

    def __init__(self, learning_rate, end_learning_rate, decay_steps, power,
                 update_decay_steps=False) -> None:
        super().__init__()
        name = "PolynomialDecayLR"
        validator.check_positive_float(learning_rate, "learning_rate")
        validator.check_is_float(learning_rate, "learning_rate")
        _must_be_float(end_learning_rate, "end_learning_rate", name)
        validator.check_non_negative_float(end_learning_rate, "end_learning_rate", name)
        validator.check_positive_int(decay_steps, "decay_steps", name)
        validator.check_value_type("update_decay_steps", update_decay_steps, [bool], name)
        validator.check_positive_float(power, "power", name)
        validator.check_is_float(power, "power", name)
        self.learning_rate, self.end_learning_rate = learning_rate, end_learning_rate
        self.decay_steps, self.power = decay_steps, power
        self.update_decay_steps = update_decay_steps

    def _rate(self, step):
        decay = jnp.float32(self.decay_steps)
        if self.update_decay_steps:
            decay = decay * jnp.maximum(jnp.ceil(step / decay), jnp.float32(1))
        else:
            step = jnp.minimum(step, decay)
        return jnp.float32(self.learning_rate - self.end_learning_rate) * jnp.power(
            jnp.float32(1) - step / decay, jnp.float32(self.power)) + \
            jnp.float32(self.end_learning_rate)


class WarmUpLR(LearningRateSchedule):
    """``lr * (min(step, warmup_steps) / warmup_steps)``."""

    def __init__(self, learning_rate, warmup_steps) -> None:
        super().__init__()
        _must_be_float(learning_rate, "learning_rate", "WarmUpLR")
        validator.check_non_negative_float(learning_rate, "learning_rate", "WarmUpLR")
        validator.check_positive_int(warmup_steps, "warmup_steps", "WarmUpLR")
        self.learning_rate, self.warmup_steps = learning_rate, warmup_steps

    def _rate(self, step):
        w = jnp.float32(self.warmup_steps)
        return jnp.float32(self.learning_rate) * (jnp.minimum(step, w) / w)


# -- dynamic_lr: Python lists, one value per step ------------------------------------------
def piecewise_constant_lr(milestone, learning_rates) -> list:
    validator.check_value_type("milestone", milestone, (tuple, list))
    validator.check_value_type("learning_rates", learning_rates, (tuple, list))
    if len(milestone) != len(learning_rates):
        raise ValueError(f"For 'piecewise_constant_lr', the size of 'milestone' must be same "
                         f"with the size of 'learning_rates', but got 'milestone' size: "
                         f"{len(milestone)}, 'learning_rates' size: {len(learning_rates)}.")
    out, last = [], 0
    for i, (m, lr) in enumerate(zip(milestone, learning_rates)):
        validator.check_positive_int(m, f"milestone[{i}]")
        validator.check_is_float(lr, f"learning_rates[{i}]")
        if m < last:
            raise ValueError(f"For 'piecewise_constant_lr', the value of milestone[{i}] must be "
                             f"greater than milestone[{i - 1}], but got milestone[{i}]: {m}, "
                             f"milestone[{i - 1}]: {milestone[i - 1]}.")
        out += [lr] * (m - last)
        last = m
    return out


def _check_positive_floats(**values) -> None:
    """Float arguments of the list helpers that must be > 0 (MindSpore's checks)."""
    for name, value in values.items():
        validator.check_positive_float(value, name)
        validator.check_is_float(value, name)


def _check_non_negative_float(fn: str, name: str, value) -> None:
    """A float argument of ``fn`` that may be 0 (MindSpore's own type message)."""
    if not isinstance(value, float):
        raise TypeError(f"For '{fn}', the argument '{name}' must be type of float, but got "
                        f"'{name}' type: {type(value)}.")
    validator.check_non_negative_float(value, name, None)


def _check_steps(**counts) -> None:
    for name, value in counts.items():
        validator.check_positive_int(value, name)


def _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                        is_stair) -> None:
    """MindSpore's ``_check_inputs`` of the exponential, natural and inverse decays."""
    _check_steps(total_step=total_step, step_per_epoch=step_per_epoch,
                 decay_epoch=decay_epoch)
    _check_positive_floats(learning_rate=learning_rate, decay_rate=decay_rate)
    validator.check_value_type("is_stair", is_stair, [bool])


def _epochs(total_step, step_per_epoch):
    return [math.floor(i / step_per_epoch) for i in range(total_step)]


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False) -> list:
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                        is_stair)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        p = math.floor(e / decay_epoch) if is_stair else e / decay_epoch
        out.append(learning_rate * decay_rate ** p)
    return out


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False) -> list:
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                        is_stair)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        p = math.floor(e / decay_epoch) * decay_epoch if is_stair else e
        out.append(learning_rate * math.e ** (-decay_rate * p))
    return out


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                     is_stair=False) -> list:
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                        is_stair)
    out = []
    for e in _epochs(total_step, step_per_epoch):
        p = math.floor(e / decay_epoch) if is_stair else e / decay_epoch
        out.append(learning_rate / (1 + decay_rate * p))
    return out


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch) -> list:
    _check_non_negative_float("cosine_decay_lr", "min_lr", min_lr)
    _check_positive_floats(max_lr=max_lr)
    _check_steps(total_step=total_step, step_per_epoch=step_per_epoch,
                 decay_epoch=decay_epoch)
    if min_lr >= max_lr:
        raise ValueError(f"For 'cosine_decay_lr', the 'max_lr' must be greater than the "
                         f"'min_lr', but got 'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
    out = []
    for e in _epochs(total_step, step_per_epoch):
        decayed = 0.5 * (1 + math.cos(math.pi * min(e, decay_epoch) / decay_epoch))
        out.append(min_lr + (max_lr - min_lr) * decayed)
    return out


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch,
                        decay_epoch, power, update_decay_epoch=False) -> list:
    _check_positive_floats(learning_rate=learning_rate)
    _check_non_negative_float("polynomial_decay_lr", "end_learning_rate", end_learning_rate)
    _check_positive_floats(power=power)
    _check_steps(total_step=total_step, step_per_epoch=step_per_epoch,
                 decay_epoch=decay_epoch)
    validator.check_value_type("update_decay_epoch", update_decay_epoch, [bool])
    out = []
    for e in _epochs(total_step, step_per_epoch):
        if update_decay_epoch:
            tmp_decay = decay_epoch * max(math.ceil(e / decay_epoch), 1)
            tmp = e
        else:
            tmp_decay, tmp = decay_epoch, min(e, decay_epoch)
        out.append((learning_rate - end_learning_rate) * (1 - tmp / tmp_decay) ** power
                   + end_learning_rate)
    return out


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch) -> list:
    _check_non_negative_float("warmup_lr", "learning_rate", learning_rate)
    _check_steps(warmup_epoch=warmup_epoch, total_step=total_step,
                 step_per_epoch=step_per_epoch)
    return [learning_rate * min(e, warmup_epoch) / warmup_epoch
            for e in _epochs(total_step, step_per_epoch)]


SCHEDULES = [LearningRateSchedule, ExponentialDecayLR, NaturalExpDecayLR, InverseDecayLR,
             CosineDecayLR, PolynomialDecayLR, WarmUpLR]
DYNAMIC = [piecewise_constant_lr, exponential_decay_lr, natural_exp_decay_lr,
           inverse_decay_lr, cosine_decay_lr, polynomial_decay_lr, warmup_lr]
__all__ = [c.__name__ for c in SCHEDULES] + [f.__name__ for f in DYNAMIC]
