"""``experimental.optim.lr_scheduler``: schedulers that write the learning-rate Parameters
of an ``experimental.optim`` optimizer, with MindSpore 2.10's recurrences (each ``step``
scales the current rate; ``step(epoch)`` uses the closed form where MindSpore has one) and
its ``last_epoch`` Parameter (Float32).

Example:
    >>> import mscompat as ms, numpy as np
    >>> from mscompat.experimental import optim
    >>> w = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name='w')
    >>> opt = optim.SGD([w], lr=0.1)
    >>> sched = optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
    >>> for _ in range(3):
    ...     _ = sched.step()
    >>> print(sched.get_last_lr()[0])
    0.05
"""
from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter

import numpy as np

from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor
from .optimizer import Optimizer

__all__ = ["ConstantLR", "CosineAnnealingLR", "ExponentialLR", "LRScheduler", "LambdaLR",
           "LinearLR", "MultiStepLR", "MultiplicativeLR", "PolynomialLR",
           "ReduceLROnPlateau", "SequentialLR", "StepLR"]


def _set(param: Parameter, value) -> None:
    param.set_data(Tensor(np.asarray(value, np.float32).reshape(param.shape)))


def _value(param) -> float:
    return float(param.asnumpy())


class LRScheduler:
    """``LRScheduler(optimizer, last_epoch=-1)``: subclasses give ``get_lr()`` (the new rate
    of each group, as floats)."""

    def __init__(self, optimizer, last_epoch: int = -1) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        if isinstance(last_epoch, bool) or not isinstance(last_epoch, int):
            raise TypeError(f"The 'last_epoch' must be int, but got {type(last_epoch)}.")
        if last_epoch < -1:
            raise ValueError(f"Invalid last_epoch: {last_epoch}")
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", group["lr"].value())
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(f"param 'initial_lr' is not specified in param_groups[{i}] "
                                   f"when resuming an optimizer")
        self.base_lrs = [_value(group["initial_lr"]) for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(Tensor(np.float32(last_epoch)),
                                    name="last_epoch_" + type(self).__name__)
        self.step()

    @property
    def _epoch(self) -> float:
        return _value(self.last_epoch)

    def _lrs(self) -> list[float]:
        return [_value(lr) for lr in self._last_lr]

    def get_lr(self) -> list:
        raise NotImplementedError

    def get_last_lr(self) -> list:
        """The current rate of each group (0-d Float32 Tensors)."""
        return [lr.value() for lr in self._last_lr]

    def step(self, epoch=None) -> bool:
        if epoch is None:
            _set(self.last_epoch, self._epoch + 1)
            values = self.get_lr()
        else:
            _set(self.last_epoch, float(epoch))
            closed = getattr(self, "_get_closed_form_lr", None)
            values = closed() if closed is not None else self.get_lr()
        for lr, value in zip(self._last_lr, values):
            _set(lr, value)
        return True


class StepLR(LRScheduler):
    """``StepLR(optimizer, step_size, gamma=0.1, last_epoch=-1)``."""

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1) -> None:
        if not isinstance(step_size, int):
            raise TypeError(f"For 'StepLR', the 'step_size' must be int, but got "
                            f"{type(step_size)}.")
        if not isinstance(gamma, float):
            raise TypeError(f"For 'StepLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.step_size, self.gamma = step_size, gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0 or e % self.step_size != 0:
            return self._lrs()
        return [lr * self.gamma for lr in self._lrs()]

    def _get_closed_form_lr(self):
        return [b * self.gamma ** (self._epoch // self.step_size) for b in self.base_lrs]


class ExponentialLR(LRScheduler):
    """``ExponentialLR(optimizer, gamma, last_epoch=-1)``."""

    def __init__(self, optimizer, gamma, last_epoch=-1) -> None:
        if not isinstance(gamma, float):
            raise TypeError(f"For 'ExponentialLR', the 'gamma' must be float, but got "
                            f"{type(gamma)}.")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return self._lrs() if self._epoch == 0 else [lr * self.gamma for lr in self._lrs()]

    def _get_closed_form_lr(self):
        return [b * self.gamma ** self._epoch for b in self.base_lrs]


class MultiStepLR(LRScheduler):
    """``MultiStepLR(optimizer, milestones, gamma=0.1, last_epoch=-1)``."""

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1) -> None:
        if not isinstance(milestones, list):
            raise TypeError(f"The 'milestones' must be list, but got {type(milestones)}.")
        for m in milestones:
            if not isinstance(m, int):
                raise TypeError(f"For 'MultiStepLR', elements of the 'milestones' must be type "
                                f"of int, but got one element of 'milestones' type: {type(m)}.")
        self.milestones, self.gamma = Counter(milestones), gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        count = self.milestones.get(int(self._epoch), 0)
        return [lr * self.gamma ** count for lr in self._lrs()]


class LinearLR(LRScheduler):
    """``LinearLR(optimizer, start_factor=1/3, end_factor=1.0, total_iters=5,
    last_epoch=-1)``."""

    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5,
                 last_epoch=-1) -> None:
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and "
                             "less than or equal to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'LinearLR', the type of total_iters must be int, but got "
                            f"{type(total_iters)}.")
        self.start_factor, self.end_factor = start_factor, end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0:
            return [lr * self.start_factor for lr in self._lrs()]
        if e > self.total_iters:
            return self._lrs()
        span = self.end_factor - self.start_factor
        factor = 1.0 + span / (self.total_iters * self.start_factor + (e - 1) * span)
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        span = self.end_factor - self.start_factor
        return [b * (self.start_factor + span * min(self.total_iters, self._epoch)
                     / self.total_iters) for b in self.base_lrs]


class ConstantLR(LRScheduler):
    """``ConstantLR(optimizer, factor=1/3, total_iters=5, last_epoch=-1)``."""

    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1) -> None:
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'ConstantLR', the type of total_iters must be int, but got "
                            f"{type(total_iters)}.")
        self.factor, self.total_iters = factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0:
            return [lr * self.factor for lr in self._lrs()]
        if e != self.total_iters:
            return self._lrs()
        return [lr / self.factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        return [b * (self.factor + (self._epoch >= self.total_iters) * (1 - self.factor))
                for b in self.base_lrs]


class PolynomialLR(LRScheduler):
    """``PolynomialLR(optimizer, total_iters=5, power=1.0, last_epoch=-1)``."""

    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1) -> None:
        if not isinstance(power, float):
            raise TypeError(f"For 'PolynomialLR', the 'power' must be float, but got "
                            f"{type(power)}.")
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be >= 0, but got {power}.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'PolynomialLR', the type of total_iters must be int, but got "
                            f"{type(total_iters)}.")
        self.total_iters, self.power = total_iters, power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e == 0 or e > self.total_iters:
            return self._lrs()
        factor = ((1.0 - e / self.total_iters) / (1.0 - (e - 1) / self.total_iters)) ** \
            self.power
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        return [b * (1.0 - min(self.total_iters, self._epoch) / self.total_iters) ** self.power
                for b in self.base_lrs]


def _lambdas(optimizer, lr_lambda) -> list:
    n = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != n:
            raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * n


class LambdaLR(LRScheduler):
    """``LambdaLR(optimizer, lr_lambda, last_epoch=-1)``: ``base_lr * lr_lambda(epoch)``."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1) -> None:
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        return [b * f(e) for f, b in zip(self.lr_lambdas, self.base_lrs)]


class MultiplicativeLR(LRScheduler):
    """``MultiplicativeLR(optimizer, lr_lambda, last_epoch=-1)``: ``lr * lr_lambda(epoch)``
    each step after the first."""

    def __init__(self, optimizer, lr_lambda, last_epoch=-1) -> None:
        self.lr_lambdas = _lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self._epoch
        if e > 0:
            return [lr * f(e) for f, lr in zip(self.lr_lambdas, self._lrs())]
        return self._lrs()


class CosineAnnealingLR(LRScheduler):
    """``CosineAnnealingLR(optimizer, T_max, eta_min=0.0, last_epoch=-1)``, PyTorch's
    recurrence."""

    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1) -> None:  # noqa: N803
        self.T_max, self.eta_min = T_max, eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e, t = self._epoch, self.T_max
        lrs = self._lrs()
        if e == 0:
            return lrs
        if (e - 1 - t) % (2 * t) == 0:
            return [lr + (b - self.eta_min) * (1 - math.cos(math.pi / t)) / 2
                    for lr, b in zip(lrs, self.base_lrs)]
        return [(1 + math.cos(math.pi * e / t)) / (1 + math.cos(math.pi * (e - 1) / t))
                * (lr - self.eta_min) + self.eta_min for lr in lrs]

    def _get_closed_form_lr(self):
        e = self._epoch
        return [self.eta_min + (b - self.eta_min) * (1 + math.cos(math.pi * e / self.T_max)) / 2
                for b in self.base_lrs]


class SequentialLR:
    """``SequentialLR(optimizer, schedulers, milestones, last_epoch=-1)``."""

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1) -> None:
        for i, s in enumerate(schedulers):
            if s.optimizer is not optimizer:
                raise ValueError(f"Sequential Schedulers expects all schedulers to belong to "
                                 f"the same optimizer, but got scheduler at index {i} is "
                                 f"different from the optimizer passed in.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(f"Sequential Schedulers expects number of schedulers provided to "
                             f"be one more than the number of milestone points, but got number "
                             f"of schedulers {len(schedulers)} and the number of milestones "
                             f"{len(milestones)}")
        self._schedulers, self.milestones = schedulers, milestones
        self.last_epoch = Parameter(Tensor(np.float32(last_epoch + 1)),
                                    name="last_epoch_SequentialLR")
        self.optimizer = optimizer
        for group in optimizer.param_groups:
            _set(group["lr"], _value(group["initial_lr"]))
        for s in schedulers:
            _set(s.last_epoch, _value(s.last_epoch) - 1)
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self) -> None:
        _set(self.last_epoch, _value(self.last_epoch) + 1)
        epoch = int(_value(self.last_epoch))
        i = bisect_right(self.milestones, epoch)
        if i > 0 and self.milestones[i - 1] == epoch:
            self._schedulers[i].step(0)
        else:
            self._schedulers[i].step()

    def get_last_lr(self) -> list:
        return [lr.value() for lr in self._last_lr]


class ReduceLROnPlateau:
    """``ReduceLROnPlateau(optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4,
    threshold_mode='rel', cooldown=0, min_lr=0, eps=1e-8)``: ``step(metrics)``."""

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode="rel", cooldown=0, min_lr=0, eps=1e-8) -> None:
        if factor >= 1.0:
            raise ValueError("The lr factor should be less than 1.0.")
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"Expected an `Optimizer`, but got type {type(optimizer).__name__}")
        n = len(optimizer.param_groups)
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != n:
                raise ValueError(f"Expected {n} min_lrs, got {len(min_lr)}")
            self.min_lrs = [float(v) for v in min_lr]
        else:
            self.min_lrs = [float(min_lr)] * n
        if mode not in ("min", "max"):
            raise ValueError(f"`mode` should be 'min' or 'max', but got {mode}.")
        if threshold_mode not in ("rel", "abs"):
            raise ValueError(f"`threshold mode` should be 'rel' or 'abs', but got "
                             f"{threshold_mode}.")
        self.optimizer, self.factor, self.mode, self.patience = optimizer, factor, mode, patience
        self.threshold, self.threshold_mode, self.cooldown = threshold, threshold_mode, cooldown
        self.eps = eps
        self.mode_worse = float("inf") if mode == "min" else float("-inf")
        self.last_epoch = Parameter(Tensor(np.int32(0)), name="last_epoch_ReduceLROnPlateau")
        self.best = Parameter(Tensor(np.float32(self.mode_worse)), name="best")
        self.cooldown_counter = Parameter(Tensor(np.float32(0)), name="cooldown_counter")
        self.wait = Parameter(Tensor(np.float32(0)), name="wait")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def step(self, metrics) -> bool:
        current = np.float32(metrics.asnumpy() if isinstance(metrics, Tensor) else metrics)
        _set(self.last_epoch, _value(self.last_epoch) + 1)
        if self._is_improvement(current, np.float32(_value(self.best))):
            _set(self.best, current)
            _set(self.wait, 0)
        else:
            _set(self.wait, _value(self.wait) + 1)
        if self.in_cooldown():
            _set(self.cooldown_counter, _value(self.cooldown_counter) - 1)
            _set(self.wait, 0)
        if _value(self.wait) > self.patience:
            for lr, floor in zip(self._last_lr, self.min_lrs):
                old = np.float32(_value(lr))
                new = max(old * np.float32(self.factor), np.float32(floor))
                if old > new + self.eps:
                    _set(lr, new)
            _set(self.cooldown_counter, self.cooldown)
            _set(self.wait, 0)
        return True

    def in_cooldown(self) -> bool:
        return _value(self.cooldown_counter) > 0

    def _is_improvement(self, current, best) -> bool:
        if self.mode == "min" and self.threshold_mode == "rel":
            return bool(current < best * np.float32(1.0 - self.threshold))
        if self.mode == "min":
            return bool(current < best - np.float32(self.threshold))
        if self.threshold_mode == "rel":
            return bool(current > best * np.float32(self.threshold + 1.0))
        return bool(current > best + np.float32(self.threshold))

    def get_last_lr(self) -> list:
        return [lr.value() for lr in self._last_lr]
