"""``mindspore.train.Model``: ``train``, ``eval``, ``predict``, ``fit``.

``train`` builds ``TrainOneStepCell(WithLossCell(network, loss_fn), optimizer)`` (one
compiled program per step in GRAPH_MODE), iterates the dataset for each epoch and calls the
callbacks with MindSpore's ``cb_params``. ``dataset_sink_mode`` is accepted and runs the
same per-step loop (MindSpore's CPU build also reports every step).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> net = ms.nn.Dense(2, 2, weight_init='zeros', bias_init='zeros')
    >>> model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params()))
    >>> data = ms.dataset.NumpySlicesDataset(
    ...     {"x": np.ones((4, 2), np.float32), "y": np.ones((4, 2), np.float32)},
    ...     shuffle=False).batch(2)
    >>> model.train(1, data, callbacks=ms.train.LossMonitor())
    epoch: 1 step: 1, loss is 1.0
    epoch: 1 step: 2, loss is 0.4899999797344208
"""
from __future__ import annotations

from .. import nn
from .._engine.cell import Cell
from . import callbacks as cbs
from . import metrics as mt
from .amp_levels import build_train_network


def _metric_fns(metrics) -> dict:
    if metrics is None:
        return {}
    if isinstance(metrics, dict):
        return dict(metrics)
    if isinstance(metrics, (set, list, tuple)):
        return {name: mt.get_metric_fn(name) for name in metrics}
    raise TypeError(f"For 'Model', the 'metrics' must be a dict or a set, but got "
                    f"{type(metrics).__name__}.")


class Model:
    """``Model(network, loss_fn=None, optimizer=None, metrics=None, eval_network=None,
    eval_indexes=None, amp_level='O0', boost_level='O0', **kwargs)``."""

    def __init__(self, network, loss_fn=None, optimizer=None, metrics=None,
                 eval_network=None, eval_indexes=None, amp_level="O0", boost_level="O0",
                 **kwargs) -> None:
        if not isinstance(network, Cell):
            raise TypeError(f"For 'Model', the argument 'network' must be a Cell, but got "
                            f"{type(network).__name__}.")
        for arg in kwargs:
            if arg not in ("loss_scale_manager", "keep_batchnorm_fp32", "boost_config_dict",
                           "acc_level"):
                raise ValueError(f"The argument in 'kwargs' should be 'loss_scale_manager' or "
                                 f"'keep_batchnorm_fp32' or 'boost_config_dict' or "
                                 f"'acc_level', but got '{arg}'.")
        self._amp_config = {k: kwargs[k] for k in ("loss_scale_manager", "keep_batchnorm_fp32")
                            if k in kwargs}
        self._loss_scale_manager = kwargs.get("loss_scale_manager")
        self._amp_level, self._boost_level = amp_level, boost_level
        if optimizer is None and amp_level != "O0":
            raise ValueError("Auto mixed precision will not work because 'optimizer' is None."
                             "Please set amp_level='O0' to disable auto mixed precision or set "
                             "'optimizer' not be None to use auto mixed precision.")
        self._network = network
        self._loss_fn, self._optimizer = loss_fn, optimizer
        self._metric_fns = _metric_fns(metrics)
        self._eval_network = eval_network
        self._eval_indexes = eval_indexes
        self._default_eval = None
        self._train_network = self._build_train_network()
        self._current_epoch = 0
        self._current_step = 0

    @property
    def train_network(self):
        return self._train_network

    @property
    def predict_network(self):
        return self._network

    @property
    def eval_network(self):
        return self._eval_network

    def _build_train_network(self):
        if self._loss_scale_manager is not None and self._optimizer is None:
            raise ValueError("The argument 'optimizer' can not be None when set "
                             "'loss_scale_manager'.")
        if self._optimizer is None:
            return None
        # MindSpore's path: the amp level, the loss and the loss scale in one place.
        return build_train_network(self._network, self._optimizer, self._loss_fn,
                                   level=self._amp_level, boost_level=self._boost_level,
                                   **self._amp_config)

    def _cb_params(self, epoch, dataset, callbacks, mode: str):
        cb = cbs._CallbackParams()
        cb.train_network = self._train_network
        cb.network = self._network
        cb.eval_network = self._eval_network
        cb.optimizer = self._optimizer
        cb.loss_fn = self._loss_fn
        cb.epoch_num = epoch
        cb.batch_num = dataset.get_dataset_size()
        cb.cur_epoch_num = self._current_epoch
        cb.cur_step_num = self._current_step
        cb.net_outputs = None
        cb.list_callback = callbacks
        cb.mode = mode
        cb.parallel_mode = "stand_alone"
        cb.device_number = 1
        cb.train_dataset = dataset if mode == "train" else None
        cb.valid_dataset = dataset if mode == "eval" else None
        cb.dataset_sink_mode = False
        return cb

    def train(self, epoch: int, train_dataset, callbacks=None, dataset_sink_mode=False,
              sink_size=-1, initial_epoch=0) -> None:
        """Train ``epoch`` epochs (from ``initial_epoch``) over ``train_dataset``."""
        if self._train_network is None:
            raise ValueError("For 'Model.train', the 'optimizer' can not be None.")
        if not isinstance(epoch, int) or epoch <= 0:
            raise ValueError(f"For 'Model.train', the 'epoch' must be a positive int, but got "
                             f"{epoch}.")
        callbacks = cbs.as_list(callbacks)
        net = self._train_network
        net.set_train(True)
        # each train() counts epochs from ``initial_epoch`` but steps from 0, and reports
        # ``epoch - initial_epoch`` epochs (MindSpore's ``_train``)
        self._current_epoch = initial_epoch
        self._current_step = 0
        cb = self._cb_params(epoch - initial_epoch, train_dataset, callbacks, "train")
        if dataset_sink_mode and sink_size > 0:
            # MindSpore's CPU build trains without sinking but counts ``batch_num`` (and
            # LossMonitor's "step" in an epoch) per sink of ``sink_size`` steps
            cb.batch_num = sink_size
        ctx = cbs.RunContext(cb)
        for c in callbacks:
            c.on_train_begin(ctx)
        iterator = train_dataset.create_tuple_iterator(num_epochs=epoch - initial_epoch)
        for _ in range(initial_epoch, epoch):
            self._current_epoch += 1
            cb.cur_epoch_num = self._current_epoch
            for c in callbacks:
                c.on_train_epoch_begin(ctx)
            for data in iterator:
                cb.train_dataset_element = data
                for c in callbacks:
                    c.on_train_step_begin(ctx)
                cb.net_outputs = net(*data)
                self._current_step += 1
                cb.cur_step_num = self._current_step
                for c in callbacks:
                    c.on_train_step_end(ctx)
                if ctx.get_stop_requested():
                    break
            for c in callbacks:
                c.on_train_epoch_end(ctx)
            if ctx.get_stop_requested():
                break
        for c in callbacks:
            c.on_train_end(ctx)

    def _eval_outputs(self, data):
        if self._eval_network is not None:
            return self._eval_network(*data)
        if self._loss_fn is not None and len(data) == 2:
            if self._default_eval is None:  # MindSpore's: float32 outputs after O2/O3
                self._default_eval = nn.WithEvalCell(
                    self._network, self._loss_fn, self._amp_level in ("O2", "O3", "auto"))
            return self._default_eval(*data)
        outputs = self._network(*data[:-1])
        loss = self._loss_fn(outputs, data[-1]) if self._loss_fn is not None else None
        return loss, outputs, data[-1]

    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False) -> dict:
        """Evaluate the metrics over ``valid_dataset``: {name: value}."""
        if not self._metric_fns:
            raise ValueError("For 'Model.eval', the model argument 'metrics' can not be None "
                             "or empty, you should set the argument 'metrics' for model.")
        callbacks = cbs.as_list(callbacks)
        self._network.set_train(False)
        for m in self._metric_fns.values():
            m.clear()
        cb = self._cb_params(1, valid_dataset, callbacks, "eval")
        ctx = cbs.RunContext(cb)
        for c in callbacks:
            c.on_eval_begin(ctx)
        for step, data in enumerate(valid_dataset.create_tuple_iterator(num_epochs=1)):
            outputs = self._eval_outputs(data)
            cb.net_outputs = outputs
            cb.cur_step_num = step + 1
            self._update_metrics(outputs)
            for c in callbacks:
                c.on_eval_step_end(ctx)
        results = {name: m.eval() for name, m in self._metric_fns.items()}
        cb.metrics = results
        for c in callbacks:
            c.on_eval_end(ctx)
        return results

    def _update_metrics(self, outputs) -> None:
        if not isinstance(outputs, (tuple, list)):
            outputs = (outputs,)
        for m in self._metric_fns.values():
            if m.indexes is not None or self._eval_indexes is not None:
                idx = m.indexes if m.indexes is not None else self._eval_indexes
                m.update(*[outputs[i] for i in idx])
            elif isinstance(m, mt.Loss):
                m.update(outputs[0])
            else:  # Model-built eval outputs are (loss, outputs, label)
                m.update(*outputs[1:3])

    def predict(self, *predict_data, backend=None):
        """The network's outputs in inference mode."""
        self._network.set_train(False)
        return self._network(*predict_data)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1,
            callbacks=None, dataset_sink_mode=False, valid_dataset_sink_mode=False,
            sink_size=-1, initial_epoch=0) -> None:
        """Train, evaluating ``valid_dataset`` every ``valid_frequency`` epochs."""
        if valid_dataset is None:
            return self.train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size,
                              initial_epoch)
        for e in range(initial_epoch, epoch):
            self.train(e + 1, train_dataset, callbacks, dataset_sink_mode, sink_size,
                       initial_epoch=e)
            if (e + 1) % valid_frequency == 0:
                results = self.eval(valid_dataset)
                print(f"Eval result: epoch {e + 1}, metrics: {results}", flush=True)
