"""The optimizer primitives that update Parameters in place: ``ops.Adam``,
``ops.AdamWeightDecay``, ``ops.SGD`` and ``ops.ApplyMomentum``, computed by the kernels the
``nn`` optimizers use (``optimizer_kernels``: MindSpore 2.10's CPU kernels to their
rounding), with the caller's ``beta1_power``/``beta2_power``, learning rate and
hyper-parameters. ``SGD`` adds ``weight_decay * w`` to the gradient first; the first step
(``stat`` 1) takes ``accum = g``; ``ApplyMomentum`` applies the plain rule for
``use_nesterov=True`` too, as MindSpore's CPU kernel does.

Each returns the updated values (MindSpore's CPU Adam kernels return zero placeholders;
docs/divergences.md).

Example:
    >>> import mscompat as ms, numpy as np
    >>> w = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name='w')
    >>> acc = ms.Parameter(ms.Tensor(np.array([0.0], np.float32)), name='acc')
    >>> _ = ms.ops.ApplyMomentum()(w, acc, 0.1, ms.Tensor(np.array([2.0], np.float32)), 0.9)
    >>> print(w.asnumpy(), acc.asnumpy())
    [0.8] [2.]
"""
from __future__ import annotations

import jax.numpy as jnp

from . import jaxconfig
from . import optimizer_kernels as kernels
from .ops_build import PRIMITIVES, Primitive, call
from .state_ops import stored
from .tensor import Tensor, unwrap


def _check_params(name: str, **params) -> None:
    """The written inputs: Parameters (a plain Tensor is written in place, as MindSpore)."""
    for arg, p in params.items():
        if not isinstance(p, Tensor):
            raise TypeError(f"For '{name}', the '{arg}' must be a Parameter, but got "
                            f"{type(p).__name__}.")


def _scalar(x, dtype):
    return jnp.asarray(unwrap(x) if isinstance(x, Tensor) else x, dtype).reshape(())


def _adam(var, m, v, b1p, b2p, lr, b1, b2, eps, g, *, nesterov):
    d = var.dtype
    b1p, b2p, lr, b1, b2, eps = (_scalar(x, d) for x in (b1p, b2p, lr, b1, b2, eps))
    return kernels.adam(var, m, v, b1p, b2p, lr, b1, b2, eps, g.astype(d), nesterov=nesterov)


def _adam_weight_decay(var, m, v, lr, b1, b2, eps, decay, g):
    d = var.dtype
    lr, b1, b2, eps, decay = (_scalar(x, d) for x in (lr, b1, b2, eps, decay))
    return kernels.adam_weight_decay(var, m, v, lr, b1, b2, eps, decay, g.astype(d))


def _sgd(w, g, lr, accum, momentum, stat, *, dampening, weight_decay, nesterov):
    d = w.dtype
    return kernels.sgd(w, g, _scalar(lr, d), accum, _scalar(momentum, d), stat,
                       dampening=dampening, nesterov=nesterov, weight_decay=weight_decay)


def _momentum(var, accum, lr, g, momentum, *, gradient_scale):
    d = var.dtype
    return kernels.apply_momentum(var, accum, _scalar(lr, d), g, _scalar(momentum, d),
                                  gradient_scale=gradient_scale)


def _write(targets, values) -> tuple:
    for t, value in zip(targets, values):
        t._data = value._data.astype(stored(t).dtype)
    return tuple(Tensor._wrap(stored(t)) for t in targets)


class Adam(Primitive):
    """MindSpore's ``ops.Adam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power,
    beta2_power, lr, beta1, beta2, epsilon, gradient)``."""

    def __init__(self, use_locking: bool = False, use_nesterov: bool = False) -> None:
        super().__init__()
        self.use_locking, self.use_nesterov = use_locking, use_nesterov
        self.attrs.update(use_locking=use_locking, use_nesterov=use_nesterov)

    @jaxconfig.entry
    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon,
                 gradient):
        _check_params("Adam", var=var, m=m, v=v)
        args = (stored(var), stored(m), stored(v), *(unwrap(a) for a in (
            beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient)))
        out = call(_adam, args, {"nesterov": self.use_nesterov})
        return _write((var, m, v), out)


class AdamWeightDecay(Primitive):
    """MindSpore's ``ops.AdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2,
    epsilon, decay, gradient)``."""

    def __init__(self, use_locking: bool = False) -> None:
        super().__init__()
        self.use_locking = use_locking
        self.attrs["use_locking"] = use_locking

    @jaxconfig.entry
    def __call__(self, var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
        _check_params("AdamWeightDecay", var=var, m=m, v=v)
        args = (stored(var), stored(m), stored(v), *(unwrap(a) for a in (
            lr, beta1, beta2, epsilon, decay, gradient)))
        return _write((var, m, v), call(_adam_weight_decay, args))


class SGD(Primitive):
    """MindSpore's ``ops.SGD(dampening=0.0, weight_decay=0.0, nesterov=False)(parameters,
    gradient, learning_rate, accum, momentum, stat)``: returns the updated parameters."""

    def __init__(self, dampening: float = 0.0, weight_decay: float = 0.0,
                 nesterov: bool = False) -> None:
        super().__init__()
        if nesterov and dampening != 0:
            raise ValueError(f"For 'SGD', the 'dampening' must be 0 when 'nesterov' is True, "
                             f"but got 'dampening' is {dampening} and 'nesterov' is True.")
        self.dampening, self.weight_decay, self.nesterov = dampening, weight_decay, nesterov
        self.attrs.update(dampening=dampening, weight_decay=weight_decay, nesterov=nesterov)

    @jaxconfig.entry
    def __call__(self, parameters, gradient, learning_rate, accum, momentum, stat):
        _check_params("SGD", parameters=parameters, accum=accum, stat=stat)
        args = (stored(parameters), unwrap(gradient), unwrap(learning_rate), stored(accum),
                unwrap(momentum), stored(stat))
        out = call(_sgd, args, {"dampening": float(self.dampening),
                                "weight_decay": float(self.weight_decay),
                                "nesterov": self.nesterov})
        return _write((parameters, accum, stat), out)[0]


class ApplyMomentum(Primitive):
    """MindSpore's ``ops.ApplyMomentum(use_nesterov=False, use_locking=False,
    gradient_scale=1.0)(variable, accumulation, learning_rate, gradient, momentum)``:
    returns the updated variable."""

    def __init__(self, use_nesterov: bool = False, use_locking: bool = False,
                 gradient_scale: float = 1.0) -> None:
        super().__init__()
        self.use_nesterov, self.use_locking = use_nesterov, use_locking
        self.gradient_scale = gradient_scale
        self.attrs.update(use_nesterov=use_nesterov, use_locking=use_locking,
                          gradient_scale=gradient_scale)

    @jaxconfig.entry
    def __call__(self, variable, accumulation, learning_rate, gradient, momentum):
        _check_params("ApplyMomentum", variable=variable, accumulation=accumulation)
        args = (stored(variable), stored(accumulation), unwrap(learning_rate),
                unwrap(gradient), unwrap(momentum))
        out = call(_momentum, args, {"gradient_scale": float(self.gradient_scale)})
        return _write((variable, accumulation), out)[0]


for _cls in (Adam, AdamWeightDecay, SGD, ApplyMomentum):
    PRIMITIVES[_cls.__name__] = _cls
