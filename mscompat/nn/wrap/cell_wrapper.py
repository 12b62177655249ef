"""``nn.WithLossCell``, ``nn.WithGradCell``, ``nn.TrainOneStepCell`` and
``nn.ForwardValueAndGrad``.

Example:
    >>> import mscompat as ms
    >>> net = ms.nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
    >>> opt = ms.nn.SGD(net.trainable_params(), 0.1)
    >>> step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt)
    >>> print(step(ms.Tensor([[1.0, 1.0]]), ms.Tensor([[0.0]])))
    4.0
"""
from __future__ import annotations

from ... import _checkparam as validator
from ..._engine import dtypes, parallel, scope
from ..._engine.cell import Cell
from ..._engine.collective_ops import DistributedGradReducer
from ..._engine.composite_ops import mixed_precision_cast
from ..._engine.grad_ops import GradFn, GradOperation, _check_weights, _Spec
from ..._engine.ops_build import FUNCTIONALS
from ..._engine.parameter import ParameterTuple
from ..layer.basic import Identity


class WithLossCell(Cell):
    """``nn.WithLossCell(backbone, loss_fn)``: ``loss_fn(backbone(data), label)``."""

    def __init__(self, backbone: Cell, loss_fn: Cell) -> None:
        super().__init__(auto_prefix=False)
        self._backbone = backbone
        self._loss_fn = loss_fn

    def construct(self, data, label):
        return self._loss_fn(self._backbone(data), label)

    @property
    def backbone_network(self) -> Cell:
        return self._backbone


class WithGradCell(Cell):
    """``nn.WithGradCell(network, loss_fn=None, sens=None)``: the gradients of
    ``loss_fn(network(data), label)`` (or of ``network(*inputs)`` when ``loss_fn`` is None)
    with respect to the network's trainable Parameters; ``sens`` seeds the backward pass."""

    def __init__(self, network: Cell, loss_fn: Cell | None = None, sens=None) -> None:
        super().__init__(auto_prefix=False)
        self.network = network
        self.loss_fn = loss_fn
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = GradOperation(get_by_list=True, sens_param=sens is not None)
        self.sens = sens
        self.network_with_loss = network if loss_fn is None else WithLossCell(network, loss_fn)
        self.network_with_loss.set_train()

    def construct(self, *inputs):
        grad = self.grad(self.network_with_loss, self.weights)
        return grad(*inputs) if self.sens is None else grad(*inputs, self.sens)


class TrainOneStepCell(Cell):
    """``nn.TrainOneStepCell(network, optimizer, sens=None, return_grad=False)``: one step,
    returns the loss (with ``return_grad``: ``(loss, {parameter name: gradient})``).

    Subclasses find MindSpore's attributes: ``grad`` (``GradOperation(get_by_list=True,
    sens_param=True)``), ``grad_no_sens``, ``weights``, ``sens``, ``sense_flag``,
    ``reducer_flag`` and ``grad_reducer`` (an identity outside data parallelism)."""

    def __init__(self, network: Cell, optimizer: Cell, sens=None,
                 return_grad: bool = False) -> None:
        super().__init__(auto_prefix=False)
        self.network = network
        self.network.set_grad()
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.grad = GradOperation(get_by_list=True, sens_param=True)
        self.grad_no_sens = GradOperation(get_by_list=True)
        self.sense_flag = sens is not None
        self.sens = 1.0 if sens is None else sens
        self.return_grad = return_grad
        if return_grad:
            self.weights_name = [p.name for p in self.weights]
        # value_and_grad(network, None, weights): compiled in GRAPH_MODE, a recorded replay
        # in PYNATIVE_MODE.
        self._grad_fn = GradFn(network, _Spec("fn", None, tuple(self.weights), False, False,
                                              with_value=True))
        # MindSpore: DATA_PARALLEL (chosen before the Cell is built) all-reduces the gradients
        self.reducer_flag = parallel.data_parallel()
        self.grad_reducer = DistributedGradReducer(self.weights) if self.reducer_flag \
            else Identity()

    def _scaled_grad_fn(self) -> GradFn:
        """The gradient with ``sens`` as the backward pass's seed, as MindSpore fills it
        (in the loss's dtype): a 16-bit backward overflows or keeps small gradients as
        MindSpore's does (multiplying the gradients afterwards would not)."""
        sens = float(self.sens)
        if sens == 1.0:
            return self._grad_fn
        cached = self.__dict__.get("_scaled")
        if cached is None or cached[0] != sens:
            spec = self._grad_fn.spec._replace(sens_fill=sens)
            cached = self.__dict__["_scaled"] = (sens, GradFn(self.network, spec))
        return cached[1]

    def __call__(self, *inputs, **kwargs):
        opt = self.optimizer
        if not hasattr(opt, "_take_lr_step") or scope.tracing():  # traced: counted outside
            return super().__call__(*inputs, **kwargs)
        opt._take_lr_step()
        opt._outer_step = True
        try:
            out = super().__call__(*inputs, **kwargs)
        finally:
            opt._outer_step = False
        opt._step_done()
        return out

    def construct(self, *inputs):
        loss, grads = self._scaled_grad_fn()(*inputs)
        if self.reducer_flag:
            grads = self.grad_reducer(grads)
        self.optimizer(grads)
        if self.return_grad:
            return loss, dict(zip(self.weights_name, grads))
        return loss


class ForwardValueAndGrad(Cell):
    """``nn.ForwardValueAndGrad(network, weights=None, get_all=False, get_by_list=False,
    sens_param=False)``: ``(loss, grads)`` with GradOperation's gradient rules."""

    def __init__(self, network: Cell, weights=None, get_all: bool = False,
                 get_by_list: bool = False, sens_param: bool = False) -> None:
        super().__init__(auto_prefix=False)
        for name, v in (("get_all", get_all), ("get_by_list", get_by_list),
                        ("sens_param", sens_param)):
            if not isinstance(v, bool):
                raise TypeError(f"For 'ForwardValueAndGrad', the '{name}' should be bool, "
                                f"but got {type(v).__name__}")
        if get_by_list and not isinstance(weights, (ParameterTuple, list, tuple)):
            raise TypeError("For 'ForwardValueAndGrad', when 'get_by_list' is True, the "
                            "'weights' must be a ParameterTuple or a list of Parameters.")
        self.network = network
        ws, single = _check_weights(weights) if get_by_list else (None, False)
        positions = "all" if get_all else ("first" if not get_by_list else None)
        spec = _Spec("op", positions, ws, single, get_by_list, sens_param=sens_param,
                     with_value=True)
        self._grad_fn = GradFn(network, spec)

    def construct(self, *inputs):
        return self._grad_fn._run(*inputs)


class WithEvalCell(Cell):
    """``nn.WithEvalCell(network, loss_fn, add_cast_fp32=False)``: returns
    ``(loss, outputs, label)`` for evaluation."""

    def __init__(self, network: Cell, loss_fn: Cell, add_cast_fp32: bool = False) -> None:
        super().__init__(auto_prefix=False)
        self._network = network
        self._loss_fn = loss_fn
        self.add_cast_fp32 = validator.check_value_type("add_cast_fp32", add_cast_fp32, [bool])

    def construct(self, data, label):
        outputs = self._network(data)
        if self.add_cast_fp32:  # a float16 network's outputs and label, as float32
            label = mixed_precision_cast(dtypes.ALL["float32"], label)
            outputs = FUNCTIONALS["cast"](outputs, dtypes.ALL["float32"])
        loss = self._loss_fn(outputs, label) if self._loss_fn is not None else None
        return loss, outputs, label


class GraphCell(Cell):
    """``nn.GraphCell(graph)``: a Cell around a graph returned by ``mindspore.load``."""

    def __init__(self, graph, params_init=None, obf_random_seed=None) -> None:
        super().__init__()
        self.graph = graph

    def construct(self, *inputs):
        return self.graph(*inputs)


class _VirtualDatasetCell(Cell):
    """``_VirtualDatasetCell(backbone)``: in MindSpore's semi-auto and auto parallel modes it
    redistributes the inputs from the data-parallel layout; mscompat runs STAND_ALONE and
    DATA_PARALLEL, where the inputs pass to ``backbone`` unchanged."""

    def __init__(self, backbone: Cell) -> None:
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, *inputs):
        return self._backbone(*inputs)
