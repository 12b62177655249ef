"""Optimizers whose state is one or more *slots* per Parameter, each a row: MindSpore's
constructor checks, the slots (MindSpore's names and initial values) and the per-Parameter
update kernel, written as MindSpore's ``Apply*`` kernels compute it.

| optimizer | slots (initial value) | kernel |
| --- | --- | --- |
| RMSProp | mean_square (1), moment (0) [+ mean_grad (0): centered] | ApplyRMSProp |
| Adagrad | accum (``accum``) | ApplyAdagrad |
| Adadelta | accum (0), accum_update (0) | ApplyAdadelta |
| ProximalAdagrad | accum (``accum``) | ApplyProximalAdagrad |
| FTRL | moments (``initial_accum``), linear (0) | ApplyFtrl |

Weight decay (``g + wd * w``) and ``loss_scale`` are applied to the gradient first, as in
every MindSpore optimizer (``optimizer.py``). The kernels receive the step's learning rate,
so a schedule enters each step as MindSpore's does.

Example:
    >>> import mscompat as ms
    >>> w = ms.Parameter(ms.Tensor([1.0]), name='w')
    >>> opt = ms.nn.Adagrad([w], accum=0.0, learning_rate=0.5)
    >>> _ = opt((ms.Tensor([2.0]),))
    >>> print(w.asnumpy(), opt.accum[0].asnumpy())
    [0.5] [4.]
"""
from __future__ import annotations

import collections
import functools
from collections.abc import Callable

import jax
import jax.numpy as jnp
import optax

from ... import _checkparam as validator
from ..._engine.cpu_math import fma, last_lanes, unfused
from .optimizer import Optimizer

_STATE_TYPES: dict[tuple, type] = {}


def _state_type(names: tuple) -> type:
    """One namedtuple per slot layout; its field names are MindSpore's prefixes, which name
    the state Parameters (``accum.fc.weight``)."""
    if names not in _STATE_TYPES:
        _STATE_TYPES[names] = collections.namedtuple("SlotState", names)
    return _STATE_TYPES[names]


def slot_transform(opt: Optimizer, lr, slots: tuple[tuple[str, float], ...],
                   kernel: Callable) -> optax.GradientTransformation:
    """``kernel(opt, g, w, slot_values, lr) -> (new_w, new_slot_values)`` per Parameter.

    Works under ``optax.multi_transform`` (parameter groups): masked leaves have no arrays,
    so the slot lists keep their global positions."""
    state_type = _state_type(tuple(name for name, _ in slots))

    def init(params):
        return state_type(*(jax.tree.map(lambda p, v=v: jnp.full_like(p, v), params)
                            for _, v in slots))

    def update(grads, state, params=None):
        g_leaves, treedef = jax.tree.flatten(grads)
        w_leaves = treedef.flatten_up_to(params)
        s_leaves = [treedef.flatten_up_to(s) for s in state]
        step_lr = opt._step_lr(lr)
        new_w, new_s = [], [[] for _ in slots]
        run = functools.partial(kernel, opt)
        if opt._plain_kernel:
            run = unfused(run)
        for i, (g, w) in enumerate(zip(g_leaves, w_leaves)):
            w2, s2 = run(g, w, tuple(s[i] for s in s_leaves), jnp.asarray(step_lr, g.dtype))
            new_w.append(w2)
            for k, v in enumerate(s2):
                new_s[k].append(v.astype(s_leaves[k][i].dtype))
        return (treedef.unflatten(new_w),
                state_type(*(treedef.unflatten(v) for v in new_s)))

    return optax.GradientTransformation(init, update)


class _SlotOptimizer(Optimizer):
    """Base of the table's optimizers: ``_slots()`` and ``_kernel`` give the rule. The kernel
    is evaluated ``unfused`` (every product rounded), as MindSpore's plain C++ CPU kernels
    compute it."""

    _returns_weights = True
    _plain_kernel = True

    def _slots(self) -> tuple[tuple[str, float], ...]:
        raise NotImplementedError

    def _kernel(self, g, w, slots, lr):
        raise NotImplementedError

    def _transform(self, lr):
        return slot_transform(self, lr, self._slots(),
                              lambda opt, g, w, s, lr_: opt._kernel(g, w, s, lr_))


def _check_bool(name, value, cls):
    validator.check_value_type(name, value, [bool], cls)


def _check_float(name, value, cls, positive=False):
    validator.check_value_type(name, value, [float], cls)
    (validator.check_positive_float if positive else validator.check_non_negative_float)(
        value, name, cls)


class RMSProp(_SlotOptimizer):
    """``nn.RMSProp(params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
    use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0)``.

    ``ms = decay*ms + (1-decay)*g^2``; ``mom = momentum*mom + lr*g/sqrt(ms + eps)``;
    ``w -= mom`` (centered: ``mg = decay*mg + (1-decay)*g``, ``sqrt(ms - mg^2 + eps)``).
    ``mean_square`` starts at 1, as MindSpore's."""

    def __init__(self, params, learning_rate=0.1, decay: float = 0.9, momentum: float = 0.0,
                 epsilon: float = 1e-10, use_locking: bool = False, centered: bool = False,
                 loss_scale: float = 1.0, weight_decay: float = 0.0) -> None:
        _check_float("decay", decay, "RMSProp")
        _check_float("momentum", momentum, "RMSProp")
        _check_float("epsilon", epsilon, "RMSProp", positive=True)
        _check_bool("use_locking", use_locking, "RMSProp")
        _check_bool("centered", centered, "RMSProp")
        self.decay, self.epsilon, self.centered = decay, epsilon, centered
        self._momentum_value = momentum
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.ms, self.moment = self._slot("mean_square"), self._slot("moment")
        if centered:
            self.mg = self._slot("mean_grad")

    def _slots(self):
        base = (("mean_square", 1.0), ("moment", 0.0))
        return (("mean_grad", 0.0),) + base if self.centered else base

    def _kernel(self, g, w, slots, lr):
        decay, eps, mom = (jnp.asarray(v, g.dtype) for v in
                           (self.decay, self.epsilon, self._momentum_value))
        if self.centered:
            mg, ms, moment = slots
            mg = mg + (g - mg) * (1 - decay)
        else:
            ms, moment = slots
        if self.centered:  # the centered kernel is a plain loop; the other one fuses
            ms = ms + (g * g - ms) * (1 - decay)
        else:
            ms = fma(fma(g, g, -ms), 1 - decay, ms)
        if self.centered:  # a plain loop throughout
            moment = mom * moment + lr * g / jnp.sqrt(ms - mg * mg + eps)
        else:
            moment = _rmsprop_moment(moment, mom, lr * g, ms + eps)
        new = (ms, moment) if not self.centered else (mg, ms, moment)
        return w - moment, new


def _rmsprop_moment(moment, momentum, step, denom):
    """``momentum * moment + step / sqrt(denom)`` as MindSpore's CPU ApplyRMSProp kernel
    computes it in Float32: its vector loop (whole blocks of 8) fuses the multiply-add;
    its scalar loop (the last ``size % 8`` elements) adds and divides in double, the
    square root of the Float32 ``denom`` taken in double too."""
    vector = fma(moment, momentum, step / jnp.sqrt(denom))
    if moment.dtype != jnp.float32:
        return vector
    wide = jnp.float64
    scalar = ((moment * momentum).astype(wide)
              + step.astype(wide) / jnp.sqrt(denom.astype(wide))).astype(moment.dtype)
    return jnp.where(last_lanes(moment, 8), scalar, vector)


class Adagrad(_SlotOptimizer):
    """``nn.Adagrad(params, accum=0.1, learning_rate=0.001, update_slots=True,
    loss_scale=1.0, weight_decay=0.0)``: ``accum += g^2; w -= lr*g/sqrt(accum)``.
    MindSpore 2.10's kernel updates ``accum`` also with ``update_slots=False``; so does this."""

    def __init__(self, params, accum: float = 0.1, learning_rate=0.001,
                 update_slots: bool = True, loss_scale: float = 1.0,
                 weight_decay: float = 0.0) -> None:
        _check_float("accum", accum, "Adagrad")
        _check_bool("update_slots", update_slots, "Adagrad")
        self._accum_init, self.update_slots = accum, update_slots
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.accum = self._slot("accum")

    def _slots(self):
        return (("accum", self._accum_init),)

    def _kernel(self, g, w, slots, lr):
        (accum,) = slots
        accum = accum + g * g  # also with update_slots=False: MindSpore 2.10's kernel
        return w - lr * g * (1 / jnp.sqrt(accum)), (accum,)  # the kernel's grouping


class Adadelta(_SlotOptimizer):
    """``nn.Adadelta(params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0,
    weight_decay=0.0)``: ``accum = rho*accum + (1-rho)*g^2``;
    ``u = sqrt(accum_update + eps) / sqrt(accum + eps) * g``;
    ``accum_update = rho*accum_update + (1-rho)*u^2``; ``w -= lr*u``."""

    def __init__(self, params, learning_rate=1.0, rho: float = 0.9, epsilon: float = 1e-6,
                 loss_scale: float = 1.0, weight_decay: float = 0.0) -> None:
        validator.check_value_type("rho", rho, [float], "Adadelta")
        validator.check_float_range(rho, 0.0, 1.0, validator.INC_BOTH, "rho", "Adadelta")
        _check_float("epsilon", epsilon, "Adadelta")
        self.rho, self.epsilon = rho, epsilon
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.accum, self.accum_update = self._slot("accum"), self._slot("accum_update")

    def _slots(self):
        return (("accum", 0.0), ("accum_update", 0.0))

    def _kernel(self, g, w, slots, lr):
        accum, accum_update = slots
        rho, eps = jnp.asarray(self.rho, g.dtype), jnp.asarray(self.epsilon, g.dtype)
        accum = fma(1 - rho, g * g, rho * accum)  # the kernel's fused steps
        u = jnp.sqrt(accum_update + eps) * (g / jnp.sqrt(accum + eps))
        accum_update = fma(1 - rho, u * u, rho * accum_update)
        return w - lr * u, (accum, accum_update)


class ProximalAdagrad(_SlotOptimizer):
    """``nn.ProximalAdagrad(params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0,
    use_locking=False, loss_scale=1.0, weight_decay=0.0)``: ``accum += g^2``;
    ``a = lr/sqrt(accum)``; ``v = w - a*g``; ``w = sign(v)*max(|v| - a*l1, 0) / (1 + a*l2)``
    (MindSpore's kernel; its docstring writes ``lr`` where the kernel uses ``a``)."""

    _param_dtypes = ("float16", "float32")

    def __init__(self, params, accum: float = 0.1, learning_rate=0.001, l1: float = 0.0,
                 l2: float = 0.0, use_locking: bool = False, loss_scale: float = 1.0,
                 weight_decay: float = 0.0) -> None:
        for name, value in (("accum", accum), ("l1", l1), ("l2", l2)):
            _check_float(name, value, "ProximalAdagrad")
        _check_bool("use_locking", use_locking, "ProximalAdagrad")
        self._accum_init, self.l1, self.l2 = accum, l1, l2
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.accum = self._slot("accum")

    def _slots(self):
        return (("accum", self._accum_init),)

    def _kernel(self, g, w, slots, lr):
        (accum,) = slots
        accum = fma(g, g, accum)  # fused in the kernel
        step = lr / jnp.sqrt(accum)  # the adapted rate also scales l1 and l2 (the kernel)
        prox = fma(-step, g, w)  # fused in the kernel
        l1, l2 = jnp.asarray(self.l1, g.dtype), jnp.asarray(self.l2, g.dtype)
        if self.l1 > 0:
            new = jnp.sign(prox) * jnp.maximum(jnp.abs(prox) - step * l1, 0) / (1 + step * l2)
        else:
            new = prox / (1 + step * l2)
        return new, (accum,)


class FTRL(_SlotOptimizer):
    """``nn.FTRL(params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0,
    l2=0.0, use_locking=False, loss_scale=1.0, weight_decay=0.0)``: MindSpore's ApplyFtrl
    (``moments`` accumulate ``g^2``, ``linear`` the adjusted gradient). Weight decay applies
    to every Parameter when ungrouped, as MindSpore's FTRL does; a learning-rate schedule or
    group learning rates raise MindSpore's ValueError."""

    _param_dtypes = ("float32", "float64")

    _decay_every_param = True

    def __init__(self, params, initial_accum: float = 0.1, learning_rate=0.001,
                 lr_power: float = -0.5, l1: float = 0.0, l2: float = 0.0,
                 use_locking: bool = False, loss_scale: float = 1.0,
                 weight_decay: float = 0.0) -> None:
        self._accum_init, self.lr_power, self.l1, self.l2 = initial_accum, lr_power, l1, l2
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if self.dynamic_lr or self.is_group_lr:
            raise ValueError(
                "For 'FTRL', dynamic learning rate and group learning rate are currently not "
                "supported in FTRL, they should all be false, but got dynamic learning rate "
                f"{self.dynamic_lr} and group learning rate {self.is_group_lr}.")
        validator.check_value_type("initial_accum", initial_accum, [float], "FTRL")
        validator.check_number("initial_accum", initial_accum, 0.0, validator.GE, "FTRL")
        validator.check_value_type("learning_rate", learning_rate, [float], "FTRL")
        validator.check_non_negative_float(learning_rate, "learning rate", "FTRL")
        validator.check_value_type("lr_power", lr_power, [float], "FTRL")
        validator.check_number("lr_power", lr_power, 0.0, validator.LE, "FTRL")
        for name, value in (("l1", l1), ("l2", l2)):
            validator.check_value_type(name, value, [float], "FTRL")
            validator.check_number(name, value, 0.0, validator.GE, "FTRL")
        _check_bool("use_locking", use_locking, "FTRL")
        self.moments, self.linear = self._slot("moments"), self._slot("linear")

    def _slots(self):
        return (("moments", self._accum_init), ("linear", 0.0))

    def _kernel(self, g, w, slots, lr):
        accum, linear = slots
        power = jnp.asarray(-self.lr_power, g.dtype)
        l1, l2 = jnp.asarray(self.l1, g.dtype), jnp.asarray(self.l2, g.dtype)
        new_accum = accum + g * g
        if self.lr_power == -0.5:  # the kernel's sqrt (a power of 0.5 rounds differently)
            new_pow, old_pow = jnp.sqrt(new_accum), jnp.sqrt(accum)
        else:
            new_pow, old_pow = new_accum ** power, accum ** power
        linear = linear + (g - (new_pow - old_pow) / lr * w)  # the kernel's grouping
        quadratic = new_pow / lr + 2 * l2
        # MindSpore 2.10's CPU kernel computes (l1 - linear), not the documented
        # (sign(linear) * l1 - linear): the two differ where linear < -l1
        # (docs/divergences.md).
        new = jnp.where(jnp.abs(linear) > l1, (l1 - linear) / quadratic, 0)
        return new, (new_accum, linear)


__all__ = ["RMSProp", "Adagrad", "Adadelta", "ProximalAdagrad", "FTRL"]


class AdaMax(_SlotOptimizer):
    """``nn.AdaMax(params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08,
    weight_decay=0.0, loss_scale=1.0)``: ``m = beta1*m + (1-beta1)*g``;
    ``v = max(beta2*v, |g|)``; ``w -= (lr / (1 - beta1_power)) * (m / (v + eps))`` (the running
    product ``beta1_power``, shape (1,), as MindSpore holds it)."""

    def __init__(self, params, learning_rate=0.001, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-08, weight_decay: float = 0.0, loss_scale: float = 1.0) -> None:
        for name, value in (("beta1", beta1), ("beta2", beta2)):
            validator.check_value_type(name, value, [float], "AdaMax")
            validator.check_float_range(value, 0.0, 1.0, validator.INC_NEITHER, name, "AdaMax")
        validator.check_value_type("eps", eps, [float], "AdaMax")
        validator.check_positive_float(eps, "eps", "AdaMax")
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.moment1, self.moment2 = self._slot("moment1"), self._slot("moment2")
        self._running_powers((1,), beta1_power=beta1)

    def _slots(self):
        return (("moment1", 0.0), ("moment2", 0.0))

    def _kernel(self, g, w, slots, lr):
        m, v = slots
        b1, b2, eps = (jnp.asarray(x, g.dtype) for x in (self.beta1, self.beta2, self.eps))
        m = b1 * m + (1 - b1) * g
        v = jnp.maximum(b2 * v, jnp.abs(g))
        rate = lr / (1 - self._power("beta1_power", g.dtype))
        return w - rate * (m / (v + eps)), (m, v)  # the kernel's grouping
