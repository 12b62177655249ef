"""``nn.Lamb`` and ``nn.LARS``, as MindSpore 2.10 documents them.

MindSpore's CPU build has no kernel for either (``Lamb``, ``LARSUpdate``: "Unsupported op
... on CPU"), so these follow the formulas of MindSpore's documentation and are tested
against them (``tests/test_lamb_lars.py``), not against recorded runs.

* Lamb: ``m = b1*m + (1-b1)*g``; ``v = b2*v + (1-b2)*g^2``; ``r = m_hat / (sqrt(v_hat) + eps)``
  with the bias corrections of step ``t`` (``global_step`` after its increment);
  ``u = r + weight_decay*w``; ``w -= lr * (||w|| / ||u||) * u``, the ratio taken as 1 when a
  norm is 0. State: ``lamb_m.<name>``, ``lamb_v.<name>``.
* LARS wraps another optimizer and hands it ``coeff * (g + weight_decay*w)`` for the
  Parameters ``lars_filter`` selects, ``coeff = coefficient * ||w|| / (||g|| +
  weight_decay*||w|| + epsilon)`` (1 when a norm is 0); the wrapped optimizer's own weight
  decay and loss scale are turned off, as in MindSpore. ``use_clip=True`` raises
  NotImplementedError (no documented formula).

Example:
    >>> import mscompat as ms
    >>> w = ms.Parameter(ms.Tensor([3.0, 4.0]), name='w')
    >>> opt = ms.nn.Lamb([w], learning_rate=0.1)
    >>> _ = opt((ms.Tensor([1.0, -1.0]),))
    >>> print(w.asnumpy())
    [2.6464467 4.3535533]
"""
from __future__ import annotations

from typing import NamedTuple

import jax.numpy as jnp
import numpy as np
import optax

from ... import _checkparam as validator
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor
from .optimizer import Optimizer, masked, zeros_like_params


class _LambState(NamedTuple):
    lamb_m: list
    lamb_v: list


def _ratio(num, den):
    return jnp.where(num > 0, jnp.where(den > 0, num / jnp.where(den > 0, den, 1), 1.0), 1.0)


class Lamb(Optimizer):
    """``nn.Lamb(params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6,
    weight_decay=0.0)``."""

    _decoupled_decay = True  # the decay enters the update, not the gradient

    def __init__(self, params, learning_rate, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-6, weight_decay=0.0) -> None:
        validator.check_value_type("beta1", beta1, [float], "Lamb")
        validator.check_value_type("beta2", beta2, [float], "Lamb")
        validator.check_value_type("eps", eps, [float], "Lamb")
        for name, value in (("beta1", beta1), ("beta2", beta2)):
            if not 0.0 < value < 1.0:
                raise ValueError(f"For 'Lamb', the '{name}' must be in range of (0.0, 1.0), "
                                 f"but got {value}.")
        validator.check_positive_float(eps, "eps", "Lamb")
        self.beta1_value, self.beta2_value, self.eps_value = beta1, beta2, eps
        super().__init__(learning_rate, params, weight_decay)
        self.moments1 = self._slot("lamb_m")
        self.moments2 = self._slot("lamb_v")

    def _slot(self, prefix: str):
        from ..._engine.parameter import ParameterTuple
        return ParameterTuple(p for p in self.state if p.name.startswith(prefix + "."))

    def _transform(self, lr: float):
        b1, b2, eps = (np.float32(v) for v in (self.beta1_value, self.beta2_value,
                                               self.eps_value))

        def init(params):
            return _LambState(zeros_like_params(params), zeros_like_params(params))

        def update(grads, state, params=None):
            t = self._step_count(jnp.float32)
            m = [g if masked(g) else b1 * mi + (1 - b1) * g for mi, g in zip(state.lamb_m, grads)]
            v = [g if masked(g) else b2 * vi + (1 - b2) * g * g
                 for vi, g in zip(state.lamb_v, grads)]
            out = []
            for mi, vi, w, decay in zip(m, v, params, self._decay):
                if masked(mi):
                    out.append(mi)
                    continue
                r = (mi / (1 - b1 ** t)) / (jnp.sqrt(vi / (1 - b2 ** t)) + eps)
                if decay:
                    r = r + decay * w
                ratio = _ratio(jnp.linalg.norm(w), jnp.linalg.norm(r))
                out.append(-lr * ratio * r)
            return out, _LambState(m, v)
        return optax.GradientTransformation(init, update)


def _default_lars_filter(param) -> bool:
    return "LayerNorm" not in param.name and "bias" not in param.name


class LARS(Optimizer):
    """``nn.LARS(optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
    lars_filter=lambda x: 'LayerNorm' not in x.name and 'bias' not in x.name)``."""

    def __init__(self, optimizer, epsilon: float = 1e-05, coefficient: float = 0.001,
                 use_clip: bool = False, lars_filter=_default_lars_filter) -> None:
        super().__init__(0.0, [Parameter(Tensor(np.float32(0.0)), name="fake_param")])
        validator.check_value_type("optimizer", optimizer, Optimizer, "LARS")
        validator.check_value_type("epsilon", epsilon, [float], "LARS")
        validator.check_value_type("coefficient", coefficient, [float], "LARS")
        validator.check_value_type("use_clip", use_clip, [bool], "LARS")
        if use_clip and optimizer.is_group_lr and optimizer.dynamic_lr:
            raise ValueError("For 'LARS', if the argument 'use_clip' is set to True, then the "
                             "dynamic learning rate and group learning rate cannot both be "
                             "true.")
        if use_clip:  # MindSpore documents no formula for the clipped rate
            raise NotImplementedError("mindspore.nn.LARS(use_clip=True) is not supported by "
                                      "mscompat.")
        self.opt = optimizer
        self.epsilon, self.coefficient, self.use_clip = epsilon, coefficient, use_clip
        self.parameters = optimizer.parameters
        self.lars_flag = tuple(bool(lars_filter(p)) for p in self.parameters)
        self.decay_flags = optimizer.decay_flags
        self._lars_decay = list(optimizer._decay)
        self._lars_scale = optimizer.loss_scale
        self.is_group, self.is_group_lr = optimizer.is_group, optimizer.is_group_lr
        self.dynamic_lr = optimizer.dynamic_lr
        self.global_step = optimizer.global_step  # one step count, as in MindSpore
        self.learning_rate = Parameter(Tensor(np.float32(0.0)), name="fake_lr")
        # the wrapped optimizer gets the LARS gradients: no decay, no unscaling of its own
        optimizer._decay = [0.0] * len(optimizer._decay)
        optimizer.decay_flags = tuple(False for _ in optimizer.decay_flags)
        optimizer.loss_scale = 1.0
        optimizer.need_scale = False

    def _transform(self, lr: float):
        return optax.identity()  # the wrapped optimizer updates

    def construct(self, gradients):
        grads = []
        for g, p, decay, flag in zip(gradients, self.parameters, self._lars_decay,
                                     self.lars_flag):
            g = g._data
            if self._lars_scale != 1.0:
                g = g * np.float32(1.0 / self._lars_scale)
            if flag:
                w = p._data
                wd = decay / self._lars_scale
                w_norm, g_norm = jnp.linalg.norm(w), jnp.linalg.norm(g)
                coeff = self.coefficient * w_norm / (g_norm + wd * w_norm + self.epsilon)
                coeff = jnp.where((w_norm > 0) & (g_norm > 0), coeff, 1.0)
                g = (coeff * (g + wd * w)).astype(g.dtype)
            grads.append(Tensor._wrap(g))
        return self.opt(tuple(grads))

    construct._mscompat_update = True
