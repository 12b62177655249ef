"""Loss scaling: ``nn.TrainOneStepWithLossScaleCell``, ``nn.DynamicLossScaleUpdateCell``,
``nn.FixedLossScaleUpdateCell``, as MindSpore 2.10 computes them.

One step: the loss; the gradients of ``loss * scale`` (the sensitivity enters the backward
pass, so an intermediate overflow shows as it does in MindSpore); gradients times
``1/scale``; ``cond`` = some gradient is not finite (the GPU rule; MindSpore's CPU build has
no overflow kernel); the update cell adjusts the scale; the optimizer step is applied only
when ``cond`` is False. Returns ``(loss, cond, scale)``: in GRAPH_MODE the scale after
this step's update, in PYNATIVE_MODE the Parameter ``scale_sense`` itself (so it shows later
updates too), as MindSpore does. The skip is a select on the
new and old values, so the step compiles to one program without a graph break.

Example:
    >>> import mscompat as ms
    >>> net = ms.nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
    >>> opt = ms.nn.SGD(net.trainable_params(), 0.1)
    >>> update = ms.nn.DynamicLossScaleUpdateCell(2.0 ** 10, 2, 1000)
    >>> step = ms.nn.TrainOneStepWithLossScaleCell(
    ...     ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt, update)
    >>> loss, overflow, scale = step(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]]))
    >>> print(loss, overflow, scale.asnumpy())
    4.0 False 1024.0
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..._engine import context, dtypes, scope
from ..._engine.cell import Cell
from ..._engine.grad_ops import GradFn, _Spec
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor, unwrap
from .cell_wrapper import TrainOneStepCell


def _param(value, dtype, name: str) -> Parameter:
    return Parameter(Tensor(np.asarray(value, dtype)), name=name)


def _write(param: Parameter, fn, *args) -> None:
    """``param = fn(*args)`` on raw arrays, through the op machinery (every mode)."""
    param._data = call(fn, args)._data


class DynamicLossScaleUpdateCell(Cell):
    """``nn.DynamicLossScaleUpdateCell(loss_scale_value, scale_factor, scale_window)``.

    ``construct(loss_scale, overflow)`` updates the Parameter ``loss_scale`` in place:
    on overflow ``max(scale / factor, 1)``; after ``scale_window`` steps without one,
    ``scale * factor``. Returns ``overflow``."""

    def __init__(self, loss_scale_value, scale_factor, scale_window) -> None:
        super().__init__()
        self.loss_scale_value = loss_scale_value
        self.scale_window = Tensor(np.int32(scale_window))
        self.scale_factor = Tensor(np.float32(scale_factor))
        self.cur_iter = _param(1, np.int32, "current_iterator_step")
        self.last_overflow_iter = _param(0, np.int32, "last_overflow_iterator_step")

    def get_loss_scale(self):
        """The initial loss scale (``loss_scale_value``)."""
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        def rule(scale, overflow, cur, last, window, factor):
            on_overflow = jnp.where(overflow, jnp.maximum(scale * (1 / factor), 1.0), scale)
            should_inc = window <= cur - last
            new_last = jnp.where(overflow | should_inc, cur, last)
            grow = should_inc & ~overflow
            return (jnp.where(grow, on_overflow * factor, on_overflow).astype(scale.dtype),
                    new_last, cur + 1)
        args = (loss_scale._data, unwrap(overflow), self.cur_iter._data,
                self.last_overflow_iter._data, self.scale_window._data,
                self.scale_factor._data)
        _write(loss_scale, lambda *a: rule(*a)[0], *args)
        _write(self.last_overflow_iter, lambda *a: rule(*a)[1], *args)
        _write(self.cur_iter, lambda *a: rule(*a)[2], *args)
        return overflow


class FixedLossScaleUpdateCell(Cell):
    """``nn.FixedLossScaleUpdateCell(loss_scale_value)``: the scale never changes;
    ``construct(loss_scale, overflow)`` returns ``overflow``."""

    def __init__(self, loss_scale_value) -> None:
        super().__init__()
        self.loss_scale_value = loss_scale_value

    def get_loss_scale(self):
        return self.loss_scale_value

    def construct(self, _, overflow):
        return overflow


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """``nn.TrainOneStepWithLossScaleCell(network, optimizer, scale_sense)``: ``scale_sense``
    is an update Cell (its ``get_loss_scale()`` starts the Parameter ``scale_sense``) or a
    Tensor of shape ``()``/``(1,)``. Returns ``(loss, overflow, scale)``."""

    def __init__(self, network: Cell, optimizer: Cell, scale_sense) -> None:
        super().__init__(network, optimizer, sens=None)
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(Tensor(np.float32(scale_sense.get_loss_scale())),
                                         name="scale_sense")
        elif isinstance(scale_sense, Tensor):
            if tuple(scale_sense.shape) not in ((), (1,)):
                raise ValueError("For 'TrainOneStepWithLossScaleCell', the shape of "
                                 f"'scale_sense' must be (1,) or (), but got "
                                 f"{tuple(scale_sense.shape)}.")
            self.scale_sense = Parameter(scale_sense, name="scale_sense")
        else:
            raise TypeError("For 'TrainOneStepWithLossScaleCell', the 'scale_sense' must be "
                            "Cell or Tensor, but got 'scale_sense' type: "
                            f"{type(scale_sense)}.")
        self._scaled_grad = GradFn(network, _Spec("op", None, tuple(self.weights), False, True,
                                                  sens_param=True, with_value=True))

    def __call__(self, *inputs, **kwargs):
        out = super().__call__(*inputs, **kwargs)
        if getattr(self.optimizer, "_host_step", None) is not None:
            self.optimizer._host_step = None  # a skipped step does not count: re-read it
        if not context.graph_mode() and not scope.tracing() and isinstance(out, tuple) \
                and len(out) == 3:
            # PYNATIVE MindSpore returns the Parameter itself: the caller sees the scale as
            # updated by this step and by later ones (GRAPH_MODE returns its value after
            # this step).
            out = (out[0], out[1], self.scale_sense)
        return out

    def set_sense_scale(self, sens) -> None:
        """Assign a new fixed scale (a Tensor shaped like the current one)."""
        if not isinstance(sens, Tensor):
            raise TypeError("For 'TrainOneStepWithLossScaleCell', the type of 'sens' must be "
                            f"Tensor, but got {type(sens)}")
        self.scale_sense.set_data(sens)

    def start_overflow_check(self, pre_cond, compute_input):
        """MindSpore's hook for Ascend's status registers: here ``(status, compute_input)``."""
        return Tensor(np.zeros(8, np.int32)), compute_input

    def get_overflow_status(self, status, compute_output) -> Tensor:
        """True when some gradient holds an inf or a NaN."""
        from ...amp import all_finite
        return ~all_finite(compute_output)

    def process_loss_scale(self, overflow):
        """Run the update Cell, if any, on ``scale_sense``; return ``overflow``."""
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow

    def construct(self, *inputs):
        scaling_sens = Tensor._wrap(self.scale_sense._data)
        status = Tensor(np.zeros(8, np.int32))
        loss, grads = self._scaled_grad(*inputs, _filled(scaling_sens))
        grads = tuple(Tensor._wrap(call(_unscale, (g._data, scaling_sens._data))._data)
                      for g in grads)
        if self.reducer_flag:
            grads = self.grad_reducer(grads)
        cond = self.get_overflow_status(status, grads)
        overflow = self.process_loss_scale(cond)
        _step_unless(self.optimizer, grads, overflow)
        return loss, cond, Tensor._wrap(self.scale_sense._data)


def _unscale(grad, scale):
    """MindSpore's ``grad * cast(1 / scale, grad.dtype)``."""
    return grad * (1 / scale).astype(grad.dtype).reshape(())


def _filled(scale: Tensor) -> Tensor:
    """MindSpore's ``ones_like(loss) * scale`` for a scalar Float32 loss (what the wrapped
    ``WithLossCell`` returns): the scale itself is the sensitivity."""
    return Tensor._wrap(scale._data.reshape(()).astype(dtypes.to_np("float32")))


def _step_unless(optimizer: Cell, grads: tuple, overflow) -> None:
    """Apply ``optimizer(grads)`` unless ``overflow``: every Parameter the step writes keeps
    its old value where ``overflow`` is True."""
    owned = list(optimizer.get_parameters())
    before = [p._data for p in owned]
    optimizer(grads)
    skip = unwrap(overflow)
    for p, old in zip(owned, before):
        if p._data is not old:
            _write(p, lambda s, new, old: jnp.where(s, old, new), skip, p._data, old)
