"""``nn.Optimizer``: an optax transformation whose state lives in Parameters.

Keeping the optax state in (non-trainable) Parameters lets the same functionalization that
binds network weights also carry optimizer state through ``jax.jit`` in GRAPH_MODE, and makes
a failed step leave weights and state untouched.
"""
from __future__ import annotations

from collections.abc import Iterable

import jax
import jax.numpy as jnp
import numpy as np
import optax

from ... import _checkparam as validator
from ..._engine import compile, exact_div, lazy, scope
from ..._engine.cell import Cell
from ..._engine.cpu_math import rounded
from ..._engine.parameter import Parameter, ParameterTuple
from ..._engine.tensor import Tensor
from ..learning_rate_schedule import LearningRateSchedule


def _device_target() -> str:
    from ..._engine.context import get_context
    return get_context("device_target")


def _decay_filter(p: Parameter) -> bool:
    return "beta" not in p.name and "gamma" not in p.name


def _dynamic_lr(learning_rate):
    """A per-step list (any iterable, a 1-D Tensor: MindSpore's Float32 array of it, its
    values unchecked) or a LearningRateSchedule Cell; else None."""
    if isinstance(learning_rate, LearningRateSchedule):
        return learning_rate
    if isinstance(learning_rate, Tensor):
        if learning_rate.ndim > 1:
            raise ValueError(f"For 'Optimizer', if 'learning_rate' is Tensor type, then the "
                             f"dimension of it should be 0 or 1, but got {learning_rate.ndim}.")
        return learning_rate.asnumpy().astype(np.float32).reshape(-1) \
            if learning_rate.ndim == 1 else None
    if isinstance(learning_rate, (int, float)):
        return None
    if isinstance(learning_rate, Iterable):
        values = np.array(list(learning_rate)).astype(np.float32).reshape(-1)
        if values.size == 0:
            raise NotImplementedError("mscompat's optimizers need a non-empty learning-rate "
                                      "list (MindSpore reads past its end).")
        return values
    raise TypeError(f"For 'Optimizer', the argument 'learning_rate' must be int, float, "
                    f"Tensor, Iterable or LearningRateSchedule, but got "
                    f"{type(learning_rate)}.")


class _IteratorLearningRate(LearningRateSchedule):
    """MindSpore's Cell for a per-step learning-rate list: the Parameter ``name`` holds the
    list and step ``s`` reads its entry ``s`` (a step past the end is refused on the host
    by the optimizer, ``_check_listed_step``)."""

    def __init__(self, learning_rate: np.ndarray, name: str) -> None:
        super().__init__()
        self.learning_rate = Parameter(Tensor(learning_rate), name=name)

    def construct(self, global_step):
        table = self.learning_rate._data
        step = jnp.asarray(global_step._data if isinstance(global_step, Tensor)
                           else global_step).reshape(-1)
        return Tensor._wrap(table[jnp.minimum(step, table.shape[0] - 1)])


class _ConvertToCell(LearningRateSchedule):
    """A constant group rate among dynamic ones, read as MindSpore's Cell reads it:
    ``learning_rate + 1.0 - 1.0`` in Float32 (0.001 is used as 0.0010000467)."""

    def __init__(self, learning_rate: Parameter) -> None:
        super().__init__()
        self.learning_rate = learning_rate

    def construct(self, global_step):
        return Tensor._wrap(_plus_one_minus_one(self.learning_rate._data))


def _plus_one_minus_one(rate):
    one = jnp.float32(1.0)
    return rounded(rounded(rate + one) - one)


def _rate_cell(rate) -> Cell:
    return rate if isinstance(rate, Cell) else _ConvertToCell(rate)


def _rate_of(value, name: str, cls: str = "Optimizer"):
    """One learning rate as MindSpore holds it: a Float32 Parameter for a constant, an
    ``_IteratorLearningRate`` for a per-step list, the LearningRateSchedule itself."""
    dynamic = _dynamic_lr(value)
    if isinstance(dynamic, np.ndarray):
        return _IteratorLearningRate(dynamic, name)
    if dynamic is not None:
        return dynamic
    return Parameter(Tensor(np.float32(_constant_lr(value, cls))), name=name)


def _constant_lr(learning_rate, cls: str = "Optimizer") -> float:
    """A constant rate: a number (MindSpore's ``check_non_negative_float``) or a 0-d Tensor
    (its value unchecked, as MindSpore's)."""
    if isinstance(learning_rate, Tensor):
        return float(learning_rate.asnumpy().astype(np.float32).reshape(()))
    return validator.check_non_negative_float(float(learning_rate), "learning rate", cls)


def _weight_decay(value, cls: str) -> float:
    """A constant weight decay as MindSpore checks it (a Cell: not supported yet)."""
    if isinstance(value, Cell):
        raise NotImplementedError("A weight_decay Cell (dynamic weight decay) is not "
                                  "supported by mscompat's optimizers yet.")
    if not isinstance(value, (int, float)):
        raise TypeError(f"For 'Optimizer', the argument 'Weight_decay' must be int, float or "
                        f"Cell.but got {type(value)}")
    return validator.check_non_negative_float(float(value), "weight_decay", cls)


# optax state fields that hold one array per Parameter, and MindSpore's name for them (a
# checkpoint of a training step then has MindSpore's names: ``moments.fc1.weight``, ...).
_STATE_PREFIX = {"trace": "moments", "velocity": "moments", "mu": "moment1", "nu": "moment2",
                 "adam_m": "adam_m", "adam_v": "adam_v"}
# slot states (``slots.py``) are named by MindSpore's prefixes already
_STATE_PREFIX.update((n, n) for n in ("accum", "stat", "accum_update", "mean_grad", "mean_square",
                                      "moment", "moments", "linear", "lamb_m", "lamb_v",
                                      "moment1", "moment2", "vhat"))


def _state_name(path, i: int, params) -> str:
    names = [getattr(k, "name", None) for k in path]
    index = [k.idx for k in path if isinstance(k, jax.tree_util.SequenceKey)]
    prefix = next((_STATE_PREFIX[n] for n in names if n in _STATE_PREFIX), None)
    if prefix is not None and index and index[-1] < len(params):
        return f"{prefix}.{params[index[-1]].name}"
    return f"optimizer_state.{i}"


def _centralized(g):
    """Gradient centralization as MindSpore applies it: ``g`` minus its mean over every axis
    but the first, for gradients of 2 or more axes whose axis 1 is a multiple of 16."""
    if g.ndim < 2 or g.shape[1] % 16:
        return g
    return g - exact_div.mean(g, axis=tuple(range(1, g.ndim)), keepdims=True)


def masked(x) -> bool:
    """An entry of another parameter group (``optax.multi_transform`` masks it out)."""
    return isinstance(x, optax.MaskedNode)


def zeros_like_params(params) -> list:
    """One zero slot per Parameter of this group; other groups' entries stay masked."""
    return [p if masked(p) else jnp.zeros_like(p) for p in params]


class Optimizer(Cell):
    """Base class: subclasses provide ``_transform() -> optax.GradientTransformation``.

    Weight decay is added to the gradient (``g + wd * w``), except for optimizers with
    ``_decoupled_decay`` (AdamWeightDecay), whose transform adds it to the update."""

    _decoupled_decay = False
    # The transform returns the new weights and reads the step's learning rate itself
    # (``_step_lr``): for rules not linear in the learning rate (RMSProp's momentum holds
    # lr-scaled steps; the proximal rules).
    _returns_weights = False
    # Ungrouped weight decay skips 'beta'/'gamma' Parameters, except in optimizers that
    # decay every Parameter (MindSpore's FTRL).
    _decay_every_param = False
    # the kernel is a plain loop: every product rounded (``cpu_math.unfused``)
    _plain_kernel = False
    # (name, beta) of the running ``beta ** t`` Parameters (``_running_powers``)
    _powers: tuple = ()
    # the Parameter dtypes MindSpore's kernel for this optimizer takes (none takes BFloat16;
    # SGD, Adam and ProximalAdagrad not Float64, FTRL not Float16: recorded)
    _param_dtypes: tuple = ("float16", "float32", "float64")
    _float16_kernel = False  # the rule computes a Float16 Parameter's step itself

    def __init__(self, learning_rate, parameters, weight_decay: float = 0.0,
                 loss_scale: float = 1.0) -> None:
        super().__init__(auto_prefix=False)
        entries = list(parameters)
        if not entries:
            raise ValueError("For 'Optimizer', the argument parameters must not be empty.")
        if loss_scale <= 0:
            raise ValueError(f"The loss_scale must be > 0, but got {loss_scale}.")
        self._host_step = None  # steps taken, mirrored on the host for a learning-rate list
        self._outer_step = False  # a TrainOneStepCell call counts the step itself
        self.weight_decay = _weight_decay(weight_decay, type(self).__name__)
        self.loss_scale = float(loss_scale)
        params, labels, decays, centralize, txs, rates = [], [], [], [], {}, []
        groups = entries if isinstance(entries[0], dict) else [{"params": entries}]
        order = None
        for group in groups:
            if "order_params" in group:
                if len(group) > 1:
                    raise ValueError("For 'Optimizer', the order params dict in group "
                                     "parameters should only include the 'order_params' key, "
                                     f"but got {group.keys()}.")
                order = list(group["order_params"])
        groups = [g for g in groups if "order_params" not in g]
        for group in groups:
            unknown = set(group) - {"params", "lr", "weight_decay", "grad_centralization"}
            if unknown:
                raise NotImplementedError(f"Optimizer group keys {sorted(unknown)} are not "
                                          f"supported by mscompat yet.")
        # Each group's rate as MindSpore holds it (``_rate_of``): the groups without 'lr'
        # share the default ``learning_rate``, the others have ``learning_rate_group_<i>``.
        cls = type(self).__name__
        default = _rate_of(learning_rate, "learning_rate", cls)
        group_rates = [default if "lr" not in g else
                       _rate_of(g["lr"], f"learning_rate_group_{i}", cls)
                       for i, g in enumerate(groups)]
        _check_list_lengths(group_rates)
        self.dynamic_lr = any(isinstance(r, Cell) for r in group_rates)
        # A dynamic rate: the transforms run at lr 1 and each step scales the update by the
        # step's rate (every update rule here is linear in lr). Constant rates are built
        # into the transforms (a write to their Parameter rescales the update, ``_update``).
        param_rates = []
        grouped = isinstance(entries[0], dict)
        for i, group in enumerate(groups):
            lr = 1.0 if self.dynamic_lr else float(group_rates[i].asnumpy())
            lr = _GroupRate(lr if lr != 0.0 else 1.0, i)  # 0: scaled by the Parameter
            wd = _weight_decay(group.get("weight_decay", weight_decay), type(self).__name__)
            for p in group["params"]:
                params.append(p)
                labels.append(str(i))
                # MindSpore's filter (no 'beta'/'gamma' Parameters) applies to a plain list
                # of Parameters only; in groups every Parameter has its group's decay
                decays.append(wd if wd > 0 and (grouped or self._decay_every_param or
                                                _decay_filter(p)) else 0.0)
                centralize.append(bool(group.get("grad_centralization", False)))
                rates.append(lr)
                param_rates.append(group_rates[i])
            txs[str(i)] = self._transform(lr)
        if order is not None:  # MindSpore's 'order_params': the Parameters in this order
            where = {id(p): k for k, p in enumerate(params)}
            missing = [p.name for p in order if id(p) not in where]
            if missing or len(order) != len(params):
                raise ValueError("For 'Optimizer', the parameter in 'order_params' should be "
                                 f"in one group of the parameters, but got {missing}.")
            pick = [where[id(p)] for p in order]
            params, labels, decays, centralize, rates, param_rates = (
                [seq[k] for k in pick]
                for seq in (params, labels, decays, centralize, rates, param_rates))
        self.parameters = ParameterTuple(params)
        self._decay = decays
        self._rates = rates  # each Parameter's rate built into its transform
        self.__dict__["_group_rates"] = group_rates
        self.__dict__["_param_rates"] = param_rates  # each Parameter's rate Parameter/Cell
        # attributes model-zoo optimizers read
        self.is_group = len(groups) > 1 or grouped
        self.is_group_lr = any("lr" in g for g in groups) if self.is_group else False
        if self.is_group:  # MindSpore's per-Parameter lists of a grouped optimizer
            self.group_params, self.group_lr = list(params), list(param_rates)
            self.group_weight_decay = [float(d) * self.loss_scale for d in decays]
            self.group_grad_centralization = [bool(c) for c in centralize]
        self.decay_flags = tuple(bool(d) for d in decays)
        self.use_parallel = False  # the parallel optimizer (weight sharding) is not used
        self.optim_filter = tuple(True for _ in params)
        self.reciprocal_scale = Tensor(np.float32(1.0 / self.loss_scale))
        self.need_scale = self.loss_scale != 1.0
        from ...ops import HyperMap, Map
        self.hyper_map, self.map_ = HyperMap(), Map()
        self.hyper_map_reverse, self.map_reverse = HyperMap(), Map()
        # what MindSpore optimizer subclasses read and call in their own ``construct``
        self.exec_weight_decay = any(decays)
        self.dynamic_weight_decay = False
        self.dynamic_decay_flags = tuple(False for _ in params) if self.is_group else False
        self._centralize = centralize
        self.grad_centralization = tuple(centralize) if self.is_group else False
        self.param_length = len(params)
        self.global_step_increase_tensor = Tensor(np.array([1], np.int32))
        from ...ops import AssignAdd
        self.assignadd = AssignAdd()
        self._tx = txs["0"] if len(txs) == 1 else optax.multi_transform(txs, labels)
        state = self._tx.init([p._data for p in params])
        paths, self._state_tree = jax.tree_util.tree_flatten_with_path(state)
        # MindSpore's optimizers also hold these (they are in its training checkpoints).
        self.global_step = Parameter(Tensor(np.zeros((1,), np.int32)), name="global_step")
        # MindSpore's attribute: the one rate, else one entry per Parameter (a
        # ParameterTuple of constants, or a CellList when some rate is dynamic)
        if not self.is_group_lr:
            self.learning_rate = default
        elif self.dynamic_lr:
            from ..layer.container import CellList
            cells = {id(r): _rate_cell(r) for r in group_rates}  # one per rate
            self.learning_rate = CellList([cells[id(r)] for r in param_rates],
                                          auto_prefix=False)
        else:
            self.learning_rate = ParameterTuple(param_rates)
        self.state = ParameterTuple(
            Parameter(Tensor._wrap(leaf), name=_state_name(path, i, params))
            for i, (path, leaf) in enumerate(paths))

    def _transform(self, lr: float) -> optax.GradientTransformation:
        """The update rule; a MindSpore subclass writes its own ``construct`` instead."""
        return optax.identity()

    @property
    def _parameters(self) -> ParameterTuple:
        return self.parameters

    def _own_parameters(self) -> list:
        """MindSpore's order: ``global_step`` and ``learning_rate``, the parameters being
        optimized, the subclass's own (``momentum``, ``beta1_power``...), then the state
        slots (``moments.*``...)."""
        weights = {id(p) for p in self.__dict__.get("parameters", ())}
        state = {id(p) for p in self.__dict__.get("state", ())}

        def place(item):
            name, p = item
            return (0 if name == "global_step" or name.startswith("learning_rate")
                    else 1 if id(p) in weights
                    else 3 if id(p) in state else 2)
        return sorted(super()._own_parameters(), key=place)

    def _slot(self, name: str) -> ParameterTuple:
        """The state Parameters named ``<name>.<parameter>``, in parameter order (the
        attribute MindSpore's optimizer holds them in: ``moments``, ``moment1``, ...)."""
        return ParameterTuple(p for p in self.state if p.name.startswith(name + "."))

    def _running_powers(self, shape: tuple, **betas: float) -> None:
        """MindSpore's ``beta1_power``-style Parameters (Float32, starting at 1): each step
        multiplies them by their beta before the update reads them. A running product, not
        ``beta ** t``: the two differ in the last bits from the third step on."""
        self._powers = tuple(betas.items())
        for name in betas:
            setattr(self, name, Parameter(Tensor(np.ones(shape, np.float32)), name=name))

    def _advance(self) -> None:
        for name, beta in self._powers:
            setattr(self, name, getattr(self, name) * np.float32(beta))

    def _power(self, name: str, dtype):
        """A running power as a scalar of the update's dtype (its stored, rounded value)."""
        return rounded(getattr(self, name)._data).reshape(()).astype(dtype)

    def get_weight_decay(self):
        """The weight decay times ``loss_scale`` (MindSpore's; the gradients it is added to
        are still scaled): a Tensor, one per Parameter for parameter groups."""
        if self.is_group:
            return tuple(Tensor(np.float32(d * self.loss_scale)) for d in self._decay)
        return Tensor(np.float32(self.weight_decay * self.loss_scale))

    def decay_weight(self, gradients):
        """``gradients`` plus ``weight_decay * loss_scale * w`` for the decayed Parameters."""
        if not self.exec_weight_decay:
            return gradients
        return tuple(g + p * float(d * self.loss_scale) if d else g
                     for g, p, d in zip(gradients, self.parameters, self._decay))

    def scale_grad(self, gradients):
        """``gradients`` divided by ``loss_scale`` (times ``reciprocal_scale``)."""
        if not self.need_scale:
            return gradients
        return tuple(g * self.reciprocal_scale for g in gradients)

    def gradients_centralization(self, gradients):
        """The gradients of the groups with ``grad_centralization`` centralised
        (``_centralized``)."""
        return tuple(Tensor._wrap(_centralized(g._data)) if c else g
                     for g, c in zip(gradients, self._centralize))

    def _is_dynamic_lr_or_weight_decay(self) -> bool:
        return self.dynamic_lr or self.dynamic_weight_decay

    def broadcast_params(self, optim_result):
        """MindSpore broadcasts sharded weights after the parallel optimizer; mscompat keeps
        every weight whole, so this returns ``optim_result``."""
        return optim_result

    def flatten_gradients(self, gradients):
        """``Optimizer.flatten_gradients``: the gradients as given (mscompat never flattens
        Parameters into one buffer)."""
        return gradients

    @property
    def target(self) -> str:
        """Where the update runs (``'CPU'``, ``'GPU'``, ``'Ascend'``); XLA places it with the
        Parameters, so the value is informational."""
        return self.__dict__.get("_target") or _device_target()

    @target.setter
    def target(self, value: str) -> None:
        if not isinstance(value, str) or value not in ("CPU", "GPU", "Ascend"):
            raise ValueError(f"The value must be 'CPU', 'GPU' or 'Ascend', but got {value}.")
        self.__dict__["_target"] = value

    def get_lr_parameter(self, param):
        """The learning rate of ``param`` (a Parameter, or a list of them): its rate
        Parameter, or its LearningRateSchedule Cell."""
        params = [param] if isinstance(param, Parameter) else param
        if not isinstance(params, list):
            raise TypeError(f"For 'get_lr_parameter', the 'param' must be 'Parameter' or "
                            f"'list' type, but got {type(param)}.")
        where = {id(p): i for i, p in enumerate(self.parameters)}
        out = []
        for p in params:
            validator.check_value_type("parameter", p, [Parameter], type(self).__name__)
            if id(p) not in where:
                raise ValueError(f"For 'get_lr_parameter', the parameter {p.name} is not in "
                                 f"optimizer, please check whether the argument 'param' is "
                                 f"correct.")
            rate = self._param_rates[where[id(p)]]
            out.append(rate.learning_rate if isinstance(rate, _IteratorLearningRate) else rate)
        return out if isinstance(param, list) else out[0]

    def get_lr(self):
        """The learning rate of the current step, as MindSpore returns it: the
        ``learning_rate`` Parameter (a ParameterTuple for group rates) when the rates are
        constant, else this step's rate as a Tensor (a tuple of them for group rates)."""
        if not self.dynamic_lr:
            return self.learning_rate
        if self._listed() is not None and not scope.tracing():
            _check_listed_step(self._stored_step(), self._listed())
        if not self.is_group_lr:
            return Tensor._wrap(self._rate_now(self.learning_rate))
        return tuple(Tensor._wrap(self._rate_now(r)) for r in self.learning_rate)

    def _listed(self) -> int | None:
        """The length of the per-step learning-rate lists (all have one length)."""
        return next((r.learning_rate.shape[0] for r in self._group_rates
                     if isinstance(r, _IteratorLearningRate)), None)

    def _rate_now(self, rate):
        """This step's value of one rate (a Float32 scalar)."""
        if isinstance(rate, Parameter):  # (read as ``_ConvertToCell`` among dynamic rates)
            return _plus_one_minus_one(rate._data) if self.dynamic_lr else rate._data
        step = self.global_step._data
        return rate(Tensor._wrap(step))._data.reshape(())

    def _step_count(self, dtype):
        """The number of this step (1 for the first): bias corrections and ``beta^t``."""
        return (self.global_step._data[0] + 1).astype(dtype)

    def _step_lr(self, lr):
        """The learning rate of this step for the group whose transform was built with
        ``lr`` (a ``_GroupRate``): its schedule's, or its Parameter's (which callbacks may
        write)."""
        return self._rate_now(self._group_rates[getattr(lr, "group", 0)])

    def _take_lr_step(self) -> None:
        """A per-step learning-rate list has a value for this step, else MindSpore's
        RuntimeError (its Gather runs past the end). Counted on the host: the compiled step
        cannot raise."""
        n = self._listed()
        if n is None:
            return
        if self._host_step is None:
            self._host_step = self._stored_step()
        _check_listed_step(self._host_step, n)

    def _stored_step(self) -> int:
        return int(np.asarray(self.global_step.asnumpy()).reshape(-1)[0])

    def _step_done(self) -> None:
        if self._listed() is not None:
            self._host_step += 1

    def __call__(self, gradients):
        if self._outer_step or scope.tracing() or lazy.recording() is not None:
            return self._call(gradients)
        self._take_lr_step()
        out = self._call(gradients)
        self._step_done()
        return out

    def _call(self, gradients):
        # The update is mscompat's own pure code, so PYNATIVE_MODE runs it as one compiled
        # program too instead of a dispatch per Parameter; unless that program broke (a
        # learning-rate schedule whose Python reads the step: it runs eagerly, the fallback).
        compiled = self.__dict__.get("_compiled_fn")
        if (getattr(type(self).construct, "_mscompat_update", False)
                and (compiled is None or not compiled.broken)
                and not scope.tracing() and lazy.recording() is None
                and isinstance(gradients, (tuple, list))
                and all(isinstance(g, Tensor) and not isinstance(g._data, lazy.Lazy)
                        for g in gradients)):
            return compile.call_cell(self, (tuple(gradients),), {})
        return super().__call__(gradients)

    def construct(self, gradients):
        """The update of ``_transform`` (a subclass's own ``construct`` replaces it)."""
        for p in self.parameters:  # checked when the step runs, as MindSpore does
            if np.dtype(p._data.dtype).name not in self._param_dtypes:
                allowed = ", ".join(f"Tensor[{n.capitalize()}]" for n in self._param_dtypes)
                raise TypeError(f"For '{type(self).__name__}', the element of 'parameters' "
                                f"must be one of {allowed}, but got {p.dtype} "
                                f"('{p.name}').")
        if len(gradients) != len(self.parameters):
            raise ValueError(f"For 'Optimizer', the number of gradients "
                             f"({len(gradients)}) must equal the number of parameters "
                             f"({len(self.parameters)}).")
        weights = [p._data for p in self.parameters]
        grads = self._prepared_gradients(gradients, weights)
        self._advance()
        new = self._update(grads, weights)
        for p, w, n in zip(self.parameters, weights, new):
            p._data = n.astype(w.dtype)
        self.global_step = self.global_step + 1
        return tuple(True for _ in self.parameters)

    construct._mscompat_update = True  # mscompat's own pure update: compiled in PYNATIVE too

    def _prepared_gradients(self, gradients, weights) -> list:
        """MindSpore's order and its own Mul/Add ops (each rounded): the decay is scaled up
        by loss_scale and added, the sum centralised, then multiplied by 1 / loss_scale."""
        grads = []
        reciprocal = np.float32(1.0 / self.loss_scale)
        for g, w, decay, centralize in zip(gradients, weights, self._decay, self._centralize):
            g = g._data
            if decay and not self._decoupled_decay:
                g = rounded(w * np.float32(decay * self.loss_scale).astype(w.dtype)) + g
            if centralize:
                g = _centralized(g)
            if self.loss_scale != 1.0:
                g = rounded(g * reciprocal.astype(g.dtype))
            grads.append(g)
        return grads

    def _update(self, grads: list, weights: list) -> list:
        """The new weights from the prepared gradients; the optax transform by default (its
        state written back to ``self.state``). A rule with state of its own overrides it.

        As MindSpore's kernels, a Float16 Parameter's update is computed in float32 and its
        Float16 state stored rounded back (the caller rounds the new weights)."""
        stored = [s._data for s in self.state]
        if any(w.dtype == jnp.float16 for w in weights) and not self._float16_kernel:
            grads, weights = _float32_of(grads), _float32_of(weights)
            stored = _float32_of(stored)
        state = jax.tree_util.tree_unflatten(self._state_tree, stored)
        updates, state = self._tx.update(grads, state, weights)
        if self._returns_weights:
            new = updates
        else:
            # a dynamic rate scales the update built at lr 1; a constant rate is built into
            # the update rules, and a write to its Parameter (callbacks, ``ops.assign``)
            # rescales it (every rule here is linear in lr; the factor is exactly 1 while
            # the Parameter is unchanged)
            scales = [lr / (1.0 if self.dynamic_lr else jnp.float32(base))
                      for lr, base in zip(self._param_lrs(), self._rates)]
            new = [w + u * k.astype(u.dtype) for w, u, k in zip(weights, updates, scales)]
        for s, v in zip(self.state, jax.tree_util.tree_leaves(state)):
            s._data = v.astype(s._data.dtype)
        return new

    def _param_lrs(self) -> list:
        """Each Parameter's learning rate of this step (Float32), every group's rate (a
        schedule Cell call) evaluated once."""
        now = [jnp.asarray(self._rate_now(r), jnp.float32) for r in self._group_rates]
        return [now[rate.group] for rate in self._rates]


def _float32_of(arrays: list) -> list:
    return [a.astype(jnp.float32) if a.dtype == jnp.float16 else a for a in arrays]


def opt_init_args_register(fn):
    """``nn.optim.optimizer.opt_init_args_register``: MindSpore records an optimizer's
    ``__init__`` arguments with it (for its own re-creation); a plain decorator here."""
    return fn


class _GroupRate(float):
    """A group's learning rate as built into its transform, carrying the group's index
    (``Optimizer._step_lr`` reads that group's rate Parameter or schedule)."""

    def __new__(cls, value: float, group: int) -> _GroupRate:
        rate = super().__new__(cls, value)
        rate.group = group
        return rate


def _check_list_lengths(rates: list) -> None:
    lengths = {r.learning_rate.shape[0] for r in rates if isinstance(r, _IteratorLearningRate)}
    if len(lengths) > 1:
        raise ValueError("For 'Optimizer', the Tensor type dynamic learning rate in group must "
                         "be the same size as the argument 'learning_rate'.")


def _check_listed_step(step: int, n: int) -> None:
    """A per-step learning-rate list read past its end: MindSpore's Gather RuntimeError."""
    if step >= n:
        raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range [0, {n}), "
                           f"but got {step}.")
