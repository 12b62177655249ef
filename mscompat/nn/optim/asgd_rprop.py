"""``nn.ASGD`` and ``nn.Rprop``: optimizers whose state MindSpore keeps beside the slots
(per-Parameter scalars, the step's sign history), written as MindSpore's own ``construct``
computes them: in float32 (ASGD; Rprop in the Parameter's dtype when it is Float16), every
product rounded (``cpu_math.unfused``), with MindSpore's state Parameters and names
(``mu_w``, ``eta_w``, ``ax_.w``; ``prev.w``, ``step_size.w``).

Example:
    >>> import mscompat as ms
    >>> w = ms.Parameter(ms.Tensor([1.0, -1.0]), name='w')
    >>> opt = ms.nn.Rprop([w], learning_rate=0.1)
    >>> _ = opt((ms.Tensor([2.0, -3.0]),))
    >>> print(w.asnumpy(), opt.step_size[0].asnumpy())
    [ 0.9 -0.9] [0.1 0.1]
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ... import _checkparam as validator
from ..._engine.cpu_math import unfused
from ..._engine.parameter import Parameter, ParameterTuple
from ..._engine.tensor import Tensor
from .optimizer import Optimizer

_F32 = jnp.float32


def _asgd_step(w, g, mu, eta, ax, lr, step, *, lambd, alpha, t0):
    eta = jnp.where(step == 1, lr, eta)  # the first step's rate
    p = w.astype(_F32) * (1 - lambd * eta) - eta * g.astype(_F32)
    new_w = p.astype(w.dtype)
    averaged = ax + ((p - ax.astype(_F32)) * mu).astype(ax.dtype)
    new_ax = jnp.where(mu != 1, averaged, new_w)
    # powf of a float32 argument, correctly rounded
    base = (1 + lambd * lr * step).astype(jnp.float64)
    new_eta = lr / (base ** alpha).astype(_F32)
    new_mu = 1 / jnp.maximum(_F32(1), step - _F32(t0))
    return new_w, new_mu, new_eta, new_ax


def _rprop_step(w, g, prev, size, lr, step, *, etaminus, etaplus, size_min, size_max):
    dtype = w.dtype if w.dtype in (jnp.float16, jnp.bfloat16) else _F32
    # the first step's sizes are the learning rate, in the compute dtype
    size = jnp.where(step == 1, jnp.ones_like(size, dtype) * lr.astype(dtype),
                     size.astype(dtype))
    g, p = g.astype(dtype), w.astype(dtype)
    sign = jnp.sign(g * prev.astype(dtype))
    sign = jnp.where(sign > 0, jnp.asarray(etaplus, dtype), sign)
    sign = jnp.where(sign < 0, jnp.asarray(etaminus, dtype), sign)
    sign = jnp.where(sign == 0, jnp.asarray(1, dtype), sign)
    size = size * sign
    size = jnp.maximum(jnp.minimum(size, jnp.asarray(size_max, size.dtype)),
                       jnp.asarray(size_min, size.dtype))
    kept = jnp.where(sign == jnp.asarray(etaminus, dtype), jnp.asarray(0, dtype), g)
    return p - jnp.sign(kept) * size, kept, size


_ASGD_STEP, _RPROP_STEP = unfused(_asgd_step), unfused(_rprop_step)


class ASGD(Optimizer):
    """``nn.ASGD(params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6,
    weight_decay=0.0)``: averaged SGD. Per Parameter: ``w = w * (1 - lambd * eta) - eta *
    g`` (``eta`` is the learning rate on the first step), the average ``ax`` follows ``w``
    (``ax += (w - ax) * mu`` once ``mu`` leaves 1), then ``eta = lr / (1 + lambd * lr *
    t) ** alpha`` and ``mu = 1 / max(1, t - t0)`` for step ``t``."""

    def __init__(self, params, learning_rate=0.1, lambd: float = 1e-4, alpha: float = 0.75,
                 t0: float = 1e6, weight_decay: float = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay)
        for name, value in (("lambd", lambd), ("alpha", alpha), ("t0", t0)):
            validator.check_value_type(name, value, [float], "ASGD")
        self.lambd, self.alpha, self._t0 = lambd, alpha, t0
        self.t0 = Tensor(np.array([t0], np.float32))
        self.lens = len(self.parameters)
        self.mu = ParameterTuple(Parameter(Tensor(np.float32(1.0)), name=f"mu_{p.name}")
                                 for p in self.parameters)
        self.eta = ParameterTuple(Parameter(Tensor(np.float32(0.0)), name=f"eta_{p.name}")
                                  for p in self.parameters)
        self.ax = self.parameters.clone(prefix="ax_", init="zeros")

    def _update(self, grads, weights):
        step = self._step_count(_F32)
        new, lrs = [], self._param_lrs()
        for i, (g, w) in enumerate(zip(grads, weights)):
            mu, eta, ax = self.mu[i], self.eta[i], self.ax[i]
            w2, mu._data, eta._data, ax._data = _ASGD_STEP(
                w, g, mu._data, eta._data, ax._data, lrs[i], step,
                lambd=self.lambd, alpha=self.alpha, t0=self._t0)
            new.append(w2)
        return new


def _check_pair(name: str, value, shown) -> None:
    if not isinstance(value, tuple):
        raise TypeError(f"For Rprop, {name} must be a tuple, but got {type(shown)}.")
    if len(value) != 2:
        raise ValueError(f"For Rprop, {name} must be a tuple with the size of 2, but got "
                         f"{len(value)}.")


class Rprop(Optimizer):
    """``nn.Rprop(params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.),
    weight_decay=0.0)``: each weight moves by its own step size against the gradient's
    sign; the size grows by ``etaplus`` while the sign holds, shrinks by ``etaminus`` when it
    flips (and that step is skipped), clipped to ``step_sizes``. The learning rate is the
    first step's size."""

    def __init__(self, params, learning_rate=0.1, etas: tuple = (0.5, 1.2),
                 step_sizes: tuple = (1e-6, 50.), weight_decay: float = 0.0) -> None:
        super().__init__(learning_rate, params, weight_decay)
        _check_pair("etas", etas, etas)
        _check_pair("step_sizes", step_sizes, etas)  # MindSpore shows the type of etas
        if step_sizes[0] > step_sizes[1]:
            raise ValueError(f"For Rprop, maximal step size should not be less than minimal "
                             f"step size, but got {step_sizes[0]} > {step_sizes[1]}.")
        validator.check_float_range(etas[0], 0.0, 1.0, validator.INC_NEITHER, "etaminus",
                                    "Rprop")
        validator.check_value_type("etaplus", etas[1], [float], "Rprop")
        if etas[1] <= 1.0:
            raise ValueError(f"For Rprop, etaplus must be greater than 1.0, but got etaplus "
                             f"{etas[1]}.")
        validator.check_value_type("min_step_sizes", step_sizes[0], [float], "Rprop")
        validator.check_value_type("max_step_sizes", step_sizes[1], [float], "Rprop")
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self.prev = self.parameters.clone(prefix="prev", init="zeros")
        self.step_size = self.parameters.clone(prefix="step_size", init="zeros")

    def _update(self, grads, weights):
        step = self._step_count(_F32)
        new, lrs = [], self._param_lrs()
        for i, (g, w) in enumerate(zip(grads, weights)):
            prev, size = self.prev[i], self.step_size[i]
            w2, kept, sizes = _RPROP_STEP(
                w, g, prev._data, size._data, lrs[i], step,
                etaminus=self.etaminus, etaplus=self.etaplus, size_min=self.step_size_min,
                size_max=self.step_size_max)
            prev._data, size._data = kept.astype(w.dtype), sizes.astype(w.dtype)
            new.append(w2)
        return new


__all__ = ["ASGD", "Rprop"]
