"""``nn.SGD``, ``nn.Momentum`` and ``nn.Adam`` configured to MindSpore's update rules.

* SGD: ``v = g`` on the first step, then ``v = momentum * v + (1 - dampening) * g``;
  ``w -= lr * v`` (``w -= lr * (g + momentum * v)`` with nesterov).
* Momentum: ``v = momentum * v + g; w -= lr * v`` (optax's ``trace``).
* Adam: MindSpore's CPU kernel operation by operation (``_adam_kernel``); ``LazyAdam`` is
  Adam on mscompat's dense gradients.
Weight decay adds ``weight_decay * w`` to the gradient (not for 'beta'/'gamma' parameters);
gradients are divided by ``loss_scale`` first.

Example:
    >>> import mscompat as ms
    >>> w = ms.Parameter(ms.Tensor([1.0]), name='w')
    >>> opt = ms.nn.SGD([w], learning_rate=0.1)
    >>> _ = opt((ms.Tensor([2.0]),))
    >>> print(w.asnumpy())
    [0.8]
"""
from __future__ import annotations

from typing import NamedTuple

import jax.numpy as jnp
import numpy as np
import optax

from ... import _checkparam as validator
from ..._engine.optimizer_kernels import (
    adam,
    adam_amsgrad,
    adam_no_update_param,
    adam_weight_decay,
    apply_momentum,
    sgd,
)
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor
from .optimizer import Optimizer, masked, zeros_like_params
from .slots import _SlotOptimizer, slot_transform


class SGD(_SlotOptimizer):
    """``nn.SGD(params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
    nesterov=False, loss_scale=1.0)``: MindSpore's ``SGD`` kernel, with its state
    Parameters ``accum`` (the momentum buffer, 0) and ``stat`` (1 until the first step)
    when ``momentum > 0``, and the scalar Parameter ``momentum``.

    Example:
        >>> import mscompat as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name='w')
        >>> opt = ms.nn.SGD([w], learning_rate=0.5, momentum=0.9)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> print(w.asnumpy(), opt.accum[0].asnumpy(), opt.stat[0].asnumpy())
        [0.] [2.] [0.]
    """

    _param_dtypes = ("float16", "float32")

    _plain_kernel = False  # ``optimizer_kernels.sgd`` is evaluated unfused itself

    def __init__(self, params, learning_rate=0.1, momentum: float = 0.0,
                 dampening: float = 0.0, weight_decay: float = 0.0, nesterov: bool = False,
                 loss_scale: float = 1.0) -> None:
        momentum = float(momentum) if isinstance(momentum, int) else momentum
        if not isinstance(momentum, float):
            raise TypeError(f"For 'SGD', the argument 'momentum' must be float type, but got "
                            f"{type(momentum)}.")
        if momentum < 0.0:
            raise ValueError(f"For 'SGD', the argument 'momentum' must be at least 0.0, but "
                             f"got {momentum}.")
        dampening = float(dampening) if isinstance(dampening, int) else dampening
        if not isinstance(dampening, float):
            raise TypeError(f"For 'SGD', the argument 'dampening' must be float type, but got "
                            f"{type(dampening)}.")
        if dampening < 0.0:
            raise ValueError(f"For 'SGD', the argument 'dampening' must be at least 0.0, but "
                             f"got 'dampening' {dampening}")
        validator.check_value_type("nesterov", nesterov, [bool], "SGD")
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and "
                             f"'dampening' must equal to 0.0, but got 'momentum' {momentum}, "
                             f"'dampening' {dampening}.")
        self._momentum_value, self.dampening, self.nesterov = momentum, dampening, nesterov
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.momentum = Parameter(Tensor(np.float32(momentum)), name="momentum")
        # without momentum the kernel never reads them, and MindSpore's unused accum/stat
        # Parameters would be thousands of extra inputs to every compiled step: not kept
        # (docs/divergences.md)
        self.accum, self.stat = self._slot("accum"), self._slot("stat")

    def _slots(self):
        if self._momentum_value > 0.0:
            return (("accum", 0.0), ("stat", 1.0))
        return ()

    def _kernel(self, g, w, slots, lr):
        if self._momentum_value <= 0.0:
            return sgd(w, g, lr, None, None, None, dampening=0.0, nesterov=False)[0], ()
        accum, stat = slots
        m = jnp.asarray(self._momentum_value, g.dtype)
        w, accum, stat = sgd(w, g, lr, accum, m, stat, dampening=self.dampening,
                             nesterov=self.nesterov)
        return w, (accum, stat)


class Momentum(_SlotOptimizer):
    """``nn.Momentum(params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
    use_nesterov=False)``: MindSpore's ``ApplyMomentum`` kernel, ``moments = moments *
    momentum + g; w -= lr * moments``, with the state Parameters
    ``moments`` and the scalar Parameter ``momentum``."""

    _plain_kernel = False  # ``optimizer_kernels.apply_momentum`` is evaluated unfused itself

    def __init__(self, params, learning_rate, momentum: float, weight_decay: float = 0.0,
                 loss_scale: float = 1.0, use_nesterov: bool = False) -> None:
        validator.check_value_type("momentum", momentum, [float], "Momentum")
        if momentum < 0.0:
            raise ValueError(f"For 'Momentum', the argument 'momentum' must be at least 0.0, "
                             f"but got {momentum}")
        self.use_nesterov = use_nesterov
        self._momentum = float(momentum)
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.momentum = Parameter(Tensor(np.float32(momentum)), name="momentum")
        self.moments = self._slot("moments")

    def _slots(self):
        return (("moments", 0.0),)

    def _kernel(self, g, w, slots, lr):
        # MindSpore 2.10's CPU kernel applies the plain momentum rule even with
        # use_nesterov=True; mscompat reproduces the numbers users get (docs/divergences.md).
        w, accum = apply_momentum(w, slots[0], lr, g, jnp.asarray(self._momentum, g.dtype))
        return w, (accum,)


class Adam(Optimizer):
    """``nn.Adam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
    use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0)``, with
    MindSpore's state: ``moment1``, ``moment2`` (``vhat`` with ``use_amsgrad``) and the running
    products ``beta1_power``, ``beta2_power``."""

    _param_dtypes = ("float16", "float32")

    _power_shape: tuple = ()

    def __init__(self, params, learning_rate=1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, use_locking: bool = False, use_nesterov: bool = False,
                 weight_decay: float = 0.0, loss_scale: float = 1.0, use_amsgrad: bool = False,
                 **kwargs) -> None:
        cls = type(self).__name__
        if kwargs:
            raise NotImplementedError(f"nn.{cls} arguments {sorted(kwargs)} are not supported "
                                      f"by mscompat yet.")
        for name, value in (("beta1", beta1), ("beta2", beta2)):
            if not 0.0 < value < 1.0:
                raise ValueError(f"For '{cls}', the '{name}' must be in range of (0.0, 1.0), "
                                 f"but got {value} with type '{type(value).__name__}'.")
        if not eps > 0:
            raise ValueError(f"For '{cls}', the 'eps' must be float and must > 0, but got "
                             f"'{eps}' with type '{type(eps).__name__}'.")
        self.beta1, self.beta2, self.eps, self.use_nesterov = beta1, beta2, eps, use_nesterov
        self.use_amsgrad = use_amsgrad
        self._returns_weights = True  # the Adam kernels write the weights
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self._running_powers(self._power_shape, beta1_power=beta1, beta2_power=beta2)
        self.moment1, self.moment2 = self._slot("moment1"), self._slot("moment2")
        if use_amsgrad:
            self.vhat = self._slot("vhat")

    def _transform(self, lr: float):
        if self.use_amsgrad:
            return slot_transform(self, lr, (("moment1", 0.0), ("moment2", 0.0),
                                             ("vhat", 0.0)), _amsgrad_kernel)
        return slot_transform(self, lr, (("moment1", 0.0), ("moment2", 0.0)), _adam_kernel)


def _adam_kernel(opt, g, w, slots, lr):
    """``optimizer_kernels.adam`` with the optimizer's constants and running powers."""
    b1, b2, eps, p1, p2 = _adam_constants(opt, g)
    w, m, v = adam(w, *slots, p1, p2, lr, b1, b2, eps, g, nesterov=opt.use_nesterov)
    return w, (m, v)


def _amsgrad_kernel(opt, g, w, slots, lr):
    """``optimizer_kernels.adam_amsgrad``: the running maximum ``vhat`` of the second moment
    in the denominator."""
    b1, b2, eps, p1, p2 = _adam_constants(opt, g)
    w, m, v, vhat = adam_amsgrad(w, *slots, p1, p2, lr, b1, b2, eps, g)
    return w, (m, v, vhat)


def _adam_constants(opt, g):
    """``beta1, beta2, eps`` and the running ``beta1_power``, ``beta2_power`` in the
    gradient's dtype."""
    b1, b2, eps = (jnp.asarray(x, g.dtype) for x in (opt.beta1, opt.beta2, opt.eps))
    return b1, b2, eps, opt._power("beta1_power", g.dtype), opt._power("beta2_power", g.dtype)


class AdamOffload(Adam):
    """``nn.AdamOffload(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
    use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0)``: Adam whose
    update MindSpore computes on the host (``AdamNoUpdateParam``: the step is computed, then
    added to the weight); the running powers have shape (1,).

    Example:
        >>> import mscompat as ms
        >>> w = ms.Parameter(ms.Tensor([1.0]), name='w')
        >>> opt = ms.nn.AdamOffload([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor([2.0]),))
        >>> print(w.asnumpy(), opt.beta1_power.shape)
        [0.90000004] (1,)
    """

    _power_shape = (1,)

    def __init__(self, params, learning_rate=1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, use_locking: bool = False, use_nesterov: bool = False,
                 weight_decay: float = 0.0, loss_scale: float = 1.0) -> None:
        validator.check_value_type("use_locking", use_locking, [bool], "AdamOffload")
        validator.check_value_type("use_nesterov", use_nesterov, [bool], "AdamOffload")
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov,
                         weight_decay, loss_scale)

    def _transform(self, lr: float):
        return slot_transform(self, lr, (("moment1", 0.0), ("moment2", 0.0)), _offload_kernel)


def _offload_kernel(opt, g, w, slots, lr):
    b1, b2, eps, p1, p2 = _adam_constants(opt, g)
    delta, m, v = adam_no_update_param(*slots, p1, p2, lr, b1, b2, eps, g,
                                       nesterov=opt.use_nesterov)
    return w + delta, (m, v)


class LazyAdam(Adam):
    """``nn.LazyAdam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
    use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0)``: MindSpore
    updates only the rows a *sparse* gradient touches; mscompat's gradients are dense, and on a
    dense gradient LazyAdam is Adam (the same moments, Parameters and step; its running
    powers have shape (1,))."""

    _power_shape = (1,)

    def __init__(self, params, learning_rate=1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, use_locking: bool = False, use_nesterov: bool = False,
                 weight_decay: float = 0.0, loss_scale: float = 1.0) -> None:
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov,
                         weight_decay, loss_scale)


class _AdamWDState(NamedTuple):
    adam_m: list
    adam_v: list


class AdamWeightDecay(Optimizer):
    """``nn.AdamWeightDecay(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6,
    weight_decay=0.0)``: MindSpore's rule, without bias correction and with decoupled decay,
    as its CPU kernel computes it (``optimizer_kernels.adam_weight_decay``); state ``moments1``
    (``adam_m.*``) and ``moments2`` (``adam_v.*``)."""

    _decoupled_decay = True
    _returns_weights = True
    _float16_kernel = True  # (its kernel reads beta1... in Float16 for a Float16 Parameter)

    def __init__(self, params, learning_rate=1e-3, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-6, weight_decay: float = 0.0) -> None:
        for name, value in (("beta1", beta1), ("beta2", beta2)):
            if not 0.0 < value < 1.0:
                raise ValueError(f"For 'AdamWeightDecay', the '{name}' must be in range of "
                                 f"(0.0, 1.0), but got {value}.")
        if not eps > 0:
            raise ValueError(f"For 'AdamWeightDecay', the 'eps' must be > 0, but got {eps}.")
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        super().__init__(learning_rate, params, weight_decay)
        self.moments1, self.moments2 = self._slot("adam_m"), self._slot("adam_v")

    def _transform(self, lr: float):
        # MindSpore's kernel takes beta1/beta2 as Float32 and forms 1 - beta in Float32
        # (1 - float32(0.999) is 0.00099998713, not 0.001): the moments follow it.
        b1, b2, eps = np.float32(self.beta1), np.float32(self.beta2), np.float32(self.eps)

        def init(params):
            return _AdamWDState(zeros_like_params(params), zeros_like_params(params))

        def update(grads, state, params=None):
            out, m, v = [], [], []
            group_lr = self._step_lr(lr)  # (the group's schedule evaluated once)
            for mi, vi, g, w, decay in zip(state.adam_m, state.adam_v, grads, params,
                                           self._decay):
                if masked(g):
                    out.append(g), m.append(g), v.append(g)
                    continue
                step_lr = jnp.asarray(group_lr, w.dtype)
                decay = jnp.asarray(decay, w.dtype) if decay else None
                wi, mi, vi = adam_weight_decay(w, mi, vi, step_lr, b1, b2, eps, decay, g)
                out.append(wi), m.append(mi), v.append(vi)
            return out, _AdamWDState(m, v)
        return optax.GradientTransformation(init, update)
