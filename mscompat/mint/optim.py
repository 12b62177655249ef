"""``mindspore.mint.optim``: ``SGD``, ``Adam``, ``AdamW`` and ``FusedAdamW`` over
``param_groups``, with the update rules of MindSpore 2.10's ``mint.optim`` (PyTorch's):

* SGD: weight decay added to the gradient (``g + wd * w``); with momentum the first step's
  buffer is the gradient, ``buf = momentum * buf + (1 - dampening) * g`` afterwards, Nesterov
  steps with ``g + momentum * buf``; ``w -= lr * step``. The learning rate is the group's
  float at construction (``lr_float``), as MindSpore's reads it.
* Adam: weight decay added to the gradient; ``m = b1 m + (1 - b1) g``, ``v = b2 v + (1 - b2)
  g^2``, ``w += -(lr / (1 - b1^t)) * m / (sqrt(v) / sqrt(1 - b2^t) + eps)``; ``amsgrad``
  divides by the running maximum of ``v`` (MindSpore 2.10's Adam has no state for it and
  fails; PyTorch's rule is followed).
* AdamW, FusedAdamW: ``w *= 1 - lr * wd`` before that step (the ``AdamW`` kernel).

``maximize`` negates the gradients. MindSpore's CPU build runs ``SGD`` and ``Adam`` without
changing the Parameters (its in-place kernels) and has no ``AdamW`` kernel; these are the
rules its Ascend kernels apply.

Example:
    >>> import mscompat as ms, numpy as np
    >>> from mscompat import mint
    >>> w = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name='w')
    >>> opt = mint.optim.SGD([w], lr=0.5, momentum=0.9)
    >>> _ = opt((ms.Tensor(np.array([2.0], np.float32)),))
    >>> _ = opt((ms.Tensor(np.array([2.0], np.float32)),))
    >>> print(w.asnumpy())  # 1 - 0.5 * 2, then - 0.5 * (0.9 * 2 + 2)
    [-1.9]
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .. import _checkparam as validator
from .._engine.parameter import Parameter, ParameterTuple
from .._engine.tensor import Tensor
from .._engine.unsupported import module_getattr as _module_getattr
from ..experimental.optim.optimizer import AdamW as _ExperimentalAdamW
from ..experimental.optim.optimizer import Optimizer, _check_adam


def _check_adam_types(name, lr, betas, eps, weight_decay, amsgrad, maximize) -> None:
    """MindSpore's ``_check_param_value`` of mint's Adam and AdamW, then the ranges."""
    validator.check_value_type("betas", betas, [tuple], name)
    if len(betas) != 2:
        raise ValueError(f"For '{name}', the 'betas size' should be in [2], but got "
                         f"{len(betas)}.")
    for arg, value, types in (("betas[0]", betas[0], [float]), ("betas[1]", betas[1], [float]),
                              ("eps", eps, [float]), ("weight_decay", weight_decay, [float]),
                              ("lr", lr, [float]), ("amsgrad", amsgrad, [bool]),
                              ("maximize", maximize, [bool])):
        validator.check_value_type(arg, value, types, name)
    _check_adam(lr, betas, eps, weight_decay)


class _Moments(Optimizer):
    """``exp_avg``, ``exp_avg_sq`` (and ``max_exp_avg_sq`` for ``amsgrad``) per Parameter, a
    float32 ``state_step`` counting the steps."""

    _first_step = 0.0

    def __init__(self, params, defaults: dict) -> None:
        super().__init__(params, defaults)
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.max_exp_avg_sq = self.parameters.clone(prefix="max_exp_avg_sq", init="zeros")
        self.state_step = Parameter(Tensor(np.array([self._first_step], np.float32)),
                                    name="state_step")

    def _grow_state(self, params) -> None:
        extra = ParameterTuple(params)
        for name in ("exp_avg", "exp_avg_sq", "max_exp_avg_sq"):
            setattr(self, name, ParameterTuple(tuple(getattr(self, name)) + tuple(
                extra.clone(prefix=name, init="zeros"))))

    def _step(self):
        """The step number ``t`` of this call (the counter after its increment)."""
        self.state_step._data = self.state_step._data + 1
        return self.state_step._data[0]

    def construct(self, gradients):
        t = self._step()
        for group, start, end, lr in self._groups():
            b1, b2 = (float(b) for b in group["betas"])
            eps, wd = float(group["eps"]), float(group["weight_decay"])
            for i, g in zip(range(start, end), self._grads(gradients, group, start, end)):
                p, m, v, vmax = (self.parameters[i], self.exp_avg[i], self.exp_avg_sq[i],
                                 self.max_exp_avg_sq[i])
                w = p._data
                new_w, new_m, new_v, new_max = self._rule(
                    w, g, m._data, v._data, vmax._data, t, lr, b1, b2, eps, wd,
                    bool(group["amsgrad"]))
                m._data, v._data = new_m.astype(w.dtype), new_v.astype(w.dtype)
                vmax._data = new_max.astype(w.dtype)
                p._data = new_w.astype(w.dtype)
        return True


class Adam(_Moments):
    """``mint.optim.Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
    amsgrad=False, *, maximize=False)``: weight decay as an L2 term of the gradient."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False, *, maximize=False) -> None:
        _check_adam_types("Adam", lr, betas, eps, weight_decay, amsgrad, maximize)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "amsgrad": amsgrad,
                                  "maximize": maximize})

    @staticmethod
    def _rule(w, g, m, v, vmax, t, lr, b1, b2, eps, wd, amsgrad):
        if wd:
            g = g + w * wd
        m = m * b1 + g * (1 - b1)
        v = v * b2 + g * g * (1 - b2)
        if amsgrad:
            vmax = jnp.maximum(vmax, v)
        denom = jnp.sqrt(vmax if amsgrad else v) / jnp.sqrt(1 - b2 ** t) + eps
        return w + -(lr / (1 - b1 ** t)) * (m / denom), m, v, vmax


class AdamW(_Moments):
    """``mint.optim.AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
    amsgrad=False, *, maximize=False)``: decoupled weight decay."""

    _first_step = -1.0  # (MindSpore's counter starts at -1; its kernel counts from it + 1)
    _rule = staticmethod(_ExperimentalAdamW._rule)

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False) -> None:
        _check_adam_types(type(self).__name__, lr, betas, eps, weight_decay, amsgrad, maximize)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "amsgrad": amsgrad,
                                  "maximize": maximize})

    def _step(self):
        return super()._step() + 1


class FusedAdamW(AdamW):
    """``mint.optim.FusedAdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=1e-2, amsgrad=False, *, maximize=False)``: ``AdamW`` (one fused kernel in
    MindSpore)."""

    _first_step = 0.0

    def _step(self):
        return _Moments._step(self)


class SGD(Optimizer):
    """``mint.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False,
    *, maximize=False)``: ``momentum_buf`` per Parameter, an int32 ``step_t``."""

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False,
                 *, maximize=False) -> None:
        number = [float, int, bool]
        for arg, value, types in (("lr", lr, number + [Tensor]), ("momentum", momentum, number),
                                  ("weight_decay", weight_decay, number),
                                  ("dampening", dampening, number),
                                  ("nesterov", nesterov, [bool]), ("maximize", maximize, [bool])):
            validator.check_value_type(arg, value, types, "SGD")
        for value, label in ((lr, "learning rate"), (momentum, "momentum value"),
                             (weight_decay, "weight_decay value")):
            if value < 0.0:
                raise ValueError(f"Invalid {label}: {value}")
        params = [dict(p, lr_float=p["lr"]) if isinstance(p, dict) and p.get("lr") else p
                  for p in params]
        super().__init__(params, {"lr": lr, "momentum": momentum,
                                  "weight_decay": weight_decay, "dampening": dampening,
                                  "nesterov": nesterov, "maximize": maximize,
                                  "lr_float": lr})
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and "
                             f"'dampening' must equal to 0.0, but got 'momentum' {momentum}, "
                             f"'dampening' {dampening}")
        self.momentum_buf = self.parameters.clone(prefix="momentum_buf", init="zeros")
        self.step_t = Parameter(Tensor(np.int32(0)), name="step_t")

    def _grow_state(self, params) -> None:
        extra = ParameterTuple(params).clone(prefix="momentum_buf", init="zeros")
        self.momentum_buf = ParameterTuple(tuple(self.momentum_buf) + tuple(extra))

    def construct(self, gradients):
        first = self.step_t._data == 0
        for group, start, end, _ in self._groups():
            momentum, dampening = float(group["momentum"]), float(group["dampening"])
            wd, lr = float(group["weight_decay"]), float(group["lr_float"])
            for i, g in zip(range(start, end), self._grads(gradients, group, start, end)):
                p, buf = self.parameters[i], self.momentum_buf[i]
                w = p._data
                if wd != 0.0:
                    g = g + w * wd
                if momentum != 0:
                    b = jnp.where(first, g, buf._data * momentum + g * (1 - dampening))
                    buf._data = b.astype(w.dtype)
                    g = g + b * momentum if group["nesterov"] else b
                p._data = (w + g * -lr).astype(w.dtype)
        self.step_t._data = self.step_t._data + 1
        return True


__all__ = ["Adam", "AdamW", "FusedAdamW", "SGD"]
__getattr__ = _module_getattr("mindspore.mint.optim")
