"""``experimental.optim.Optimizer`` and its ``Adam``, ``AdamW`` and ``SGD``, with MindSpore
2.10's update rules:

* Adam: the ``ops.Adam`` kernel, ``w -= lr * sqrt(1 - b2^t) / (1 - b1^t) * m / (sqrt(v) +
  eps)``, weight decay added to the gradient; ``amsgrad`` is not applied (as MindSpore's).
* AdamW: ``w *= 1 - lr * wd``; ``w -= lr / (1 - b1^t) * m / (sqrt(v) / sqrt(1 - b2^t) +
  eps)`` (``amsgrad`` keeps the running maximum of ``v``).
* SGD: the ``ops.SGD`` kernel: the first step takes the raw gradient as momentum,
  ``v = momentum * v + (1 - dampening) * g`` afterwards; weight decay added to ``g``.

``maximize`` negates the gradients. Each group's learning rate is a Parameter
(``learning_rate_group_<i>``), which the schedulers of ``lr_scheduler`` write.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

import jax.numpy as jnp
import numpy as np

from ..._engine.cell import Cell
from ..._engine.parameter import Parameter, ParameterTuple
from ..._engine.tensor import Tensor


def _lr_parameter(learning_rate, name: str) -> Parameter:
    if isinstance(learning_rate, bool) or not isinstance(learning_rate, (int, float, Tensor)):
        raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be int, float or "
                        f"Tensor, but got {type(learning_rate)}.")
    if isinstance(learning_rate, Tensor):
        if learning_rate.ndim != 0:
            raise ValueError("For 'Optimizer', if 'learning_rate' is a Tensor, then it should "
                             "be scalar Tensor")
        return Parameter(Tensor(learning_rate.asnumpy().astype(np.float32)), name=name)
    if learning_rate < 0:
        raise ValueError(f"The learning rate must be at least 0.0, but got {learning_rate}.")
    return Parameter(Tensor(np.float32(learning_rate)), name=name)


class Optimizer(Cell):
    """``experimental.optim.Optimizer(params, defaults)``: ``param_groups`` (dicts with
    ``params`` and the options of ``defaults``), ``parameters``, ``lrs``,
    ``group_start_id``, ``add_param_group``; subclasses write ``construct(gradients)``."""

    def __init__(self, params, defaults: dict) -> None:
        super().__init__(auto_prefix=False)
        if params is None:
            raise ValueError("For 'Optimizer', the argument params can not be None.")
        if not isinstance(params, Iterable):
            raise TypeError(f"For 'Optimizer', the argument params must be Iterable type, but "
                            f"got {type(params)}.")
        groups = list(params)
        if not groups:
            raise ValueError("For 'Optimizer', the argument params must not be empty.")
        self.defaults = defaults
        self.state = defaultdict(dict)
        self.param_groups, self.lrs, self.group_start_id = [], [], [0]
        self._group_params: list = []
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        for group in groups:
            self.add_param_group(group)
        self.parameters = ParameterTuple(self._group_params)

    def add_param_group(self, param_group: dict) -> None:
        """Add a group (``{"params": [...], <option>: value}``); options default to
        ``defaults``."""
        if not isinstance(param_group, dict):
            raise TypeError("Param group must be a dict.")
        params = param_group["params"]
        if isinstance(params, Parameter):
            params = [params]
        elif isinstance(params, set):
            raise TypeError("Optimizer parameters need to be organized in ordered collections, "
                            "but the ordering of tensors in sets will change between runs. "
                            "Please use a list instead.")
        params = list(params)
        for p in params:
            if not isinstance(p, Parameter):
                raise TypeError(f"Optimizer can only optimize Parameters, but one of the params "
                                f"is {type(p)}")
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        if any(id(p) in seen for p in params):
            raise ValueError("some parameters appear in more than one parameter group.")
        group = dict(param_group, params=params)
        for name, default in self.defaults.items():
            group.setdefault(name, default)
        index = len(self.param_groups)
        lr = _lr_parameter(group.get("lr"), f"learning_rate_group_{index}")
        weight_decay = group.get("weight_decay", 0.0)
        if isinstance(weight_decay, bool) or not isinstance(weight_decay, (int, float)):
            raise TypeError(f"For 'Optimizer', the argument 'Weight_decay' must be int or "
                            f"float.but got {type(weight_decay)}")
        if weight_decay < 0:
            raise ValueError(f"The weight_decay must be at least 0.0, but got {weight_decay}.")
        group["lr"], group["weight_decay"] = lr, float(weight_decay)
        self.lrs.append(lr)
        self.param_groups.append(group)
        self.group_start_id.append(self.group_start_id[-1] + len(params))
        self._group_params += params
        if hasattr(self, "parameters"):  # a group added after construction
            self.parameters = ParameterTuple(self._group_params)
            self._grow_state(params)

    def _grow_state(self, params) -> None:
        """Slots for a group added after construction (subclasses with state)."""

    def _grads(self, gradients, group: dict, start: int, end: int) -> list:
        if len(gradients) != len(self.parameters):
            raise ValueError(f"For '{type(self).__name__}', the number of gradients "
                             f"({len(gradients)}) must equal the number of parameters "
                             f"({len(self.parameters)}).")
        grads = [g._data for g in gradients[start:end]]
        return [-g for g in grads] if group.get("maximize") else grads

    def _groups(self):
        for i, group in enumerate(self.param_groups):
            yield group, self.group_start_id[i], self.group_start_id[i + 1], self.lrs[i]._data

    def __repr__(self) -> str:
        text = type(self).__name__ + " ("
        for i, group in enumerate(self.param_groups):
            text += f"\nParameter Group {i}\n"
            for key in sorted(group):
                if key != "params":
                    value = group[key].value() if key == "lr" else group[key]
                    text += f"    {key}: {value}\n"
        return text + ")"

    def construct(self, *hyper_params):
        raise NotImplementedError


def _check_adam(lr, betas, eps, weight_decay) -> None:
    if lr < 0.0:
        raise ValueError(f"Invalid learning rate: {lr}")
    if eps < 0.0:
        raise ValueError(f"Invalid epsilon value: {eps}")
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 0: {betas[0]}")
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError(f"Invalid beta parameter at index 1: {betas[1]}")
    if weight_decay < 0.0:
        raise ValueError(f"Invalid weight_decay value: {weight_decay}")


class _AdamBase(Optimizer):
    def __init__(self, params, lr, betas, eps, weight_decay, amsgrad, maximize) -> None:
        _check_adam(lr, betas, eps, weight_decay)
        super().__init__(params, {"lr": lr, "betas": betas, "eps": eps,
                                  "weight_decay": weight_decay, "amsgrad": amsgrad,
                                  "maximize": maximize})
        self.exp_avg = self.parameters.clone(prefix="exp_avg", init="zeros")
        self.exp_avg_sq = self.parameters.clone(prefix="exp_avg_sq", init="zeros")
        self.max_exp_avg_sq = self.parameters.clone(prefix="max_exp_avg_sq", init="zeros")
        self.state_step = Parameter(Tensor(np.int32(0)), name="state_step")

    def _grow_state(self, params) -> None:
        extra = ParameterTuple(params)
        for name in ("exp_avg", "exp_avg_sq", "max_exp_avg_sq"):
            setattr(self, name, ParameterTuple(tuple(getattr(self, name)) + tuple(
                extra.clone(prefix=name, init="zeros"))))

    def construct(self, gradients):
        self.state_step._data = self.state_step._data + 1
        t = self.state_step._data.astype(jnp.float32)
        for group, start, end, lr in self._groups():
            b1, b2 = (float(b) for b in group["betas"])
            eps, wd = float(group["eps"]), float(group["weight_decay"])
            grads = self._grads(gradients, group, start, end)
            for i, g in zip(range(start, end), grads):
                p, m, v = self.parameters[i], self.exp_avg[i], self.exp_avg_sq[i]
                w = p._data
                new_w, new_m, new_v, new_max = self._rule(
                    w, g, m._data, v._data, self.max_exp_avg_sq[i]._data, t, lr, b1, b2, eps,
                    wd, bool(group["amsgrad"]))
                m._data, v._data = new_m.astype(w.dtype), new_v.astype(w.dtype)
                self.max_exp_avg_sq[i]._data = new_max
                p._data = new_w.astype(w.dtype)
        return True


class Adam(_AdamBase):
    """``experimental.optim.Adam(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=0.0, amsgrad=False, *, maximize=False)``."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 amsgrad=False, *, maximize=False) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    @staticmethod
    def _rule(w, g, m, v, vmax, t, lr, b1, b2, eps, wd, amsgrad):
        if wd:
            g = g + w * wd
        m = m + (g - m) * (1 - b1)
        v = v + (g * g - v) * (1 - b2)
        step = lr * jnp.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        return w - step * m / (jnp.sqrt(v) + eps), m, v, vmax


class AdamW(_AdamBase):
    """``experimental.optim.AdamW(params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8,
    weight_decay=1e-2, amsgrad=False, *, maximize=False)``."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2,
                 amsgrad=False, *, maximize=False) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)

    @staticmethod
    def _rule(w, g, m, v, vmax, t, lr, b1, b2, eps, wd, amsgrad):
        decayed = w * (1 - lr * wd)
        m = m * b1 + g * (1 - b1)
        v = v * b2 + g * g * (1 - b2)
        correction2 = jnp.sqrt(1 - b2 ** t)
        if amsgrad:
            vmax = jnp.maximum(vmax, v)
            denom = jnp.sqrt(vmax) / correction2 + eps
        else:
            denom = jnp.sqrt(v) / correction2 + eps
        return decayed - (m / denom) * (lr / (1 - b1 ** t)), m, v, vmax


class SGD(Optimizer):
    """``experimental.optim.SGD(params, lr, momentum=0, dampening=0, weight_decay=0.0,
    nesterov=False, *, maximize=False)``."""

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0.0,
                 nesterov=False, *, maximize=False) -> None:
        if isinstance(lr, bool) or not isinstance(lr, (int, float, Tensor)):
            raise TypeError(f"For 'SGD', the 'lr' must be float, int or Tensor, but got "
                            f"{type(lr)}.")
        if not isinstance(lr, Tensor) and lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if isinstance(momentum, bool) or not isinstance(momentum, (int, float)):
            raise TypeError(f"For 'SGD', the 'momentum' must be int or float, but got "
                            f"{type(momentum)}.")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        for name, flag in (("nesterov", nesterov), ("maximize", maximize)):
            if not isinstance(flag, bool):
                raise TypeError(f"For 'SGD', the '{name}' must be bool, but got {type(flag)}.")
        super().__init__(params, {"lr": lr, "momentum": float(momentum),
                                  "dampening": dampening, "weight_decay": weight_decay,
                                  "nesterov": nesterov, "maximize": maximize,
                                  "grad_centralization": False})
        for group in self.param_groups:
            group["dampening"] = float(group["dampening"])
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and "
                             f"'dampening' must equal to 0.0, but got 'momentum' {momentum}, "
                             f"'dampening' {dampening}")
        self.accum = self.parameters.clone(prefix="accum", init="zeros")
        self.stat = self.parameters.clone(prefix="stat", init="ones")

    def _grow_state(self, params) -> None:
        extra = ParameterTuple(params)
        self.accum = ParameterTuple(tuple(self.accum) + tuple(extra.clone("accum", "zeros")))
        self.stat = ParameterTuple(tuple(self.stat) + tuple(extra.clone("stat", "ones")))

    def construct(self, gradients):
        for group, start, end, lr in self._groups():
            momentum, dampening = group["momentum"], group["dampening"]
            wd, nesterov = float(group["weight_decay"]), group["nesterov"]
            grads = self._grads(gradients, group, start, end)
            for i, g in zip(range(start, end), grads):
                p, accum, stat = self.parameters[i], self.accum[i], self.stat[i]
                w = p._data
                if wd:
                    g = g + w * wd
                first = stat._data > 0
                v = jnp.where(first, g, accum._data * momentum + g * (1 - dampening))
                step = g + v * momentum if nesterov else v
                accum._data = v.astype(w.dtype)
                stat._data = jnp.zeros_like(stat._data)
                p._data = (w - lr * step).astype(w.dtype)
        return True
