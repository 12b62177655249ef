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

import numpy as np

from .. import _checkparam as validator
from .. import nn
from .._engine.cell import Cell
from .._engine.tensor import Tensor
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
        self._train_network = self._build_train_network()
        self._metric_fns = _metric_fns(metrics)
        self._eval_network, self._eval_indexes = eval_network, eval_indexes
        if self._metric_fns:
            self._build_eval_network()

    def _build_eval_network(self) -> None:
        # MindSpore's: with metrics, ``eval_network`` or else ``WithEvalCell(network,
        # loss_fn)`` (float32 outputs after O2/O3), whose outputs are (loss, logits, label)
        if self._eval_network is not None:
            idx = self._eval_indexes
            if idx is not None and not (isinstance(idx, list) and len(idx) == 3):
                raise ValueError(f"The argument 'eval_indexes' must be a list or None. If "
                                 f"'eval_indexes' is a list, length of it must be three. But "
                                 f"got 'eval_indexes' {idx}")
            return
        if self._loss_fn is None:
            raise ValueError(
                "If `metrics` is set, `eval_network` must not be None. Do not set `metrics` if "
                "you don't want an evaluation.\nIf evaluation is required, you need to specify "
                "`eval_network`, which will be used in the framework to evaluate the model.\n"
                "For the simple scenarios with one data, one label and one logits, "
                "`eval_network` is optional, and then you can set `eval_network` or `loss_fn`. "
                "For the latter case, framework will automatically build an evaluation network "
                "with `network` and `loss_fn`.")
        self._eval_network = nn.WithEvalCell(self._network, self._loss_fn,
                                             self._amp_level in ("O2", "O3", "auto"))
        self._eval_indexes = [0, 1, 2]

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
            # MindSpore's: without an optimizer the network (with its loss, if given) is
            # the train network as it stands (a TrainOneStepCell the user built)
            if self._loss_fn is not None:
                return nn.WithLossCell(self._network, self._loss_fn)
            return self._network
        # MindSpore's path: the amp level, the loss and the loss scale in one place.
        return build_train_network(self._network, self._optimizer, self._loss_fn,
                                   level=self._amp_level, boost_level=self._boost_level,
                                   **self._amp_config)

    def _should_eval(self, epoch: int, valid_frequency) -> bool:
        if isinstance(valid_frequency, int):
            return epoch % valid_frequency == 0
        return epoch in valid_frequency

    def train(self, epoch: int, train_dataset, callbacks=None, dataset_sink_mode=False,
              sink_size=-1, initial_epoch=0) -> None:
        """Train ``epoch`` epochs (from ``initial_epoch``) over ``train_dataset``."""
        sink_size = self._check_train_args("train", epoch, train_dataset, sink_size,
                                           initial_epoch, callbacks)
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size, initial_epoch)

    def fit(self, epoch, train_dataset, valid_dataset=None, valid_frequency=1,
            callbacks=None, dataset_sink_mode=False, valid_dataset_sink_mode=False,
            sink_size=-1, initial_epoch=0) -> None:
        """Train, evaluating ``valid_dataset`` after every ``valid_frequency``-th epoch (an
        int) or after the epochs listed (a list); callbacks see ``cb_params.metrics`` and
        ``cb_params.eval_results`` (the metrics plus ``eval_loss``) at that epoch's end."""
        sink_size = self._check_train_args("fit", epoch, train_dataset, sink_size,
                                           initial_epoch, None)
        if not isinstance(valid_frequency, (int, list)):
            raise TypeError(f"For 'Model.fit', the type of 'valid_frequency' must be a list or "
                            f"an integer, but got type {type(valid_frequency)}.")
        if valid_dataset and not self._metric_fns:
            raise ValueError("For 'Model.fit', if valid_dataset is not None, the model argument "
                             "'metrics' can not beNone or empty, you should set the argument "
                             "'metrics' for model.")
        if callbacks:
            cbs.check_custom_callbacks(callbacks, "fit")
        self._train(epoch, train_dataset, callbacks, dataset_sink_mode, sink_size,
                    initial_epoch, (valid_dataset, valid_frequency))

    def _check_train_args(self, api, epoch, train_dataset, sink_size, initial_epoch,
                          callbacks) -> int:
        validator.check_is_int(sink_size)
        validator.check_positive_int(epoch)
        validator.check_non_negative_int(initial_epoch)
        if initial_epoch >= epoch:
            raise ValueError(f"For 'Model.train', the parameter 'epoch' must bigger than "
                             f"parameter 'initial_epoch', but got the parameter 'epoch' is "
                             f"{epoch}, 'initial_epoch' is {initial_epoch}.")
        dataset_size = train_dataset.get_dataset_size()
        if dataset_size == 0:
            raise ValueError("There is no valid data in dataset, please check dataset file "
                             "firstly.")
        if sink_size == -1:
            sink_size = dataset_size
        if sink_size < -1 or sink_size == 0:
            raise ValueError(f"For 'Model.train', The argument 'sink_size' must be -1 or "
                             f"positive, but got {sink_size}.")
        if callbacks:
            cbs.check_custom_callbacks(callbacks, "train")
        return sink_size

    def _train(self, epoch, train_dataset, callbacks, dataset_sink_mode, sink_size,
               initial_epoch, valid_infos=(None, 1)) -> None:
        # MindSpore's ``_train``: steps count from 0 in every call, epochs from
        # ``initial_epoch``; a CPU "sink" runs step by step but counts ``batch_num`` per sink
        cb = cbs.InternalCallbackParam()
        cb.cur_step_num = 0
        cb.train_network = self._train_network
        cb.epoch_num = epoch - initial_epoch
        cb.batch_num = sink_size if dataset_sink_mode and sink_size > 0 else \
            train_dataset.get_dataset_size()
        cb.mode = "train"
        cb.loss_fn, cb.optimizer = self._loss_fn, self._optimizer
        cb.parallel_mode, cb.device_number = "stand_alone", 1
        cb.train_dataset = train_dataset
        cb.list_callback = cbs.as_list(callbacks)
        cb.train_dataset_element = None
        cb.network = self._network
        cb.last_save_ckpt_step = cb.latest_ckpt_file = None
        cb.loss_scale_mananger = self._loss_scale_manager  # (sic) MindSpore's key
        cb.initial_step = 0
        with cbs.CallbackManager(cb.list_callback) as list_callback:
            self._check_reuse_dataset(train_dataset)
            self._train_process(epoch, train_dataset, list_callback, cb, initial_epoch,
                                valid_infos)

    def _check_reuse_dataset(self, dataset) -> None:
        """A dataset trained on by one Model is refused by another (MindSpore marks it)."""
        if not hasattr(dataset, "__model_hash__"):
            dataset.__model_hash__ = hash(self)
        if dataset.__model_hash__ != hash(self):
            raise RuntimeError("The dataset object had been used in other model by "
                               "model.train(...), please create a new dataset.")

    def _train_process(self, epoch, train_dataset, list_callback, cb, initial_epoch,
                       valid_infos) -> None:
        net = self._train_network
        cb.dataset_sink_mode = False
        ctx = cbs.RunContext(cb)
        list_callback.on_train_begin(ctx)
        iterator = train_dataset.create_tuple_iterator(num_epochs=epoch - initial_epoch)
        manager = self._loss_scale_manager
        for i in range(initial_epoch, epoch):
            cb.cur_epoch_num = i + 1
            list_callback.on_train_epoch_begin(ctx)
            for data in iterator:
                if self._loss_fn is not None and len(data) != 2:
                    raise ValueError(f"When 'loss_fn' is not None, 'train_dataset' should "
                                     f"return two elements, but got {len(data)}, please check "
                                     f"the number of elements returned by 'train_dataset'")
                cb.cur_step_num += 1
                cb.train_dataset_element = data
                list_callback.on_train_step_begin(ctx)
                net.set_train(True)
                outputs = net(*data)
                cb.net_outputs = outputs
                if manager is not None and manager.get_drop_overflow_update():
                    manager.update_loss_scale(bool(np.all(outputs[1].asnumpy())))
                list_callback.on_train_step_end(ctx)
                if ctx.get_stop_requested():
                    break
            self._eval_during_train(valid_infos, cb, list_callback)
            list_callback.on_train_epoch_end(ctx)
            cb.pop("metrics", None)
            cb.pop("eval_results", None)
            if ctx.get_stop_requested():
                break
        list_callback.on_train_end(ctx)

    def _eval_during_train(self, valid_infos, cb, list_callback) -> None:
        valid_dataset, valid_frequency = valid_infos
        if not valid_dataset or not self._should_eval(cb.cur_epoch_num, valid_frequency):
            return
        saved = {k: cb[k] for k in ("cur_step_num", "batch_num", "dataset_sink_mode",
                                    "net_outputs")}
        # the user's callbacks (and TimeMonitor) see the evaluation; the other built-in
        # callbacks (LossMonitor, ModelCheckpoint...) do not
        eval_callbacks = [c for c in list_callback.callbacks
                          if not cbs.is_builtin(c) or isinstance(c, cbs.TimeMonitor)]
        cb.eval_network = self._eval_network
        cb.valid_dataset = valid_dataset
        cb.batch_num = valid_dataset.get_dataset_size()
        cb.mode = "eval"
        cb.cur_step_num = 0
        self._clear_metrics()
        with cbs.CallbackManager(eval_callbacks) as eval_list:
            self._eval_process(valid_dataset, eval_list, cb, add_eval_loss=True)
        cb.mode = "train"
        cb.update(saved)

    def _clear_metrics(self) -> None:
        for m in self._metric_fns.values():
            m.clear()

    def _eval_process(self, valid_dataset, list_callback, cb, add_eval_loss=False) -> dict:
        ctx = cbs.RunContext(cb)
        cb.dataset_sink_mode = False
        list_callback.on_eval_begin(ctx)
        list_callback.on_eval_epoch_begin(ctx)
        outputs = None
        for data in valid_dataset.create_tuple_iterator(num_epochs=1):
            cb.cur_step_num += 1
            cb.eval_dataset_element = data
            list_callback.on_eval_step_begin(ctx)
            self._eval_network.set_train(False)
            outputs = self._eval_network(*data)
            cb.net_outputs = outputs
            list_callback.on_eval_step_end(ctx)
            self._update_metrics(outputs)
            if ctx.get_stop_requested():
                break
        list_callback.on_eval_epoch_end(ctx)
        metrics = {name: m.eval() for name, m in self._metric_fns.items()}
        cb.metrics = metrics
        if add_eval_loss:  # MindSpore's eval_loss is the last batch's loss
            eval_loss = mt.Loss()
            eval_loss.update(outputs[self._eval_indexes[0]])
            cb.eval_results = dict(metrics, eval_loss=eval_loss.eval())
        list_callback.on_eval_end(ctx)
        return metrics

    def eval(self, valid_dataset, callbacks=None, dataset_sink_mode=False) -> dict:
        """Evaluate the metrics over ``valid_dataset``: {name: value}."""
        if not self._metric_fns:
            raise ValueError("For 'Model.eval', the model argument 'metrics' can not be None "
                             "or empty, you should set the argument 'metrics' for model.")
        if callbacks:
            cbs.check_custom_callbacks(callbacks, "eval")
        cb = cbs.InternalCallbackParam()
        cb.eval_network = self._eval_network
        cb.valid_dataset = valid_dataset
        cb.batch_num = valid_dataset.get_dataset_size()
        cb.mode = "eval"
        cb.cur_step_num = 0
        cb.list_callback = cbs.as_list(callbacks)
        cb.network = self._network
        self._clear_metrics()
        with cbs.CallbackManager(callbacks) as list_callback:
            return self._eval_process(valid_dataset, list_callback, cb)

    def _update_metrics(self, outputs) -> None:
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        if not isinstance(outputs, tuple):
            raise ValueError(f"The argument 'outputs' should be tuple, but got {type(outputs)}.")
        if self._eval_indexes is not None and len(outputs) < 3:
            raise ValueError(f"The length of 'outputs' must be >= 3, but got {len(outputs)}")
        for m in self._metric_fns.values():
            if self._eval_indexes is None:
                m.update(*outputs)
            elif isinstance(m, mt.Loss):
                m.update(outputs[self._eval_indexes[0]])
            else:
                m.update(outputs[self._eval_indexes[1]], outputs[self._eval_indexes[2]])

    def predict(self, *predict_data, backend=None, config=None):
        """The network's outputs in inference mode."""
        self._network.set_train(False)
        return self._network(*predict_data)

    def infer_predict_layout(self, *predict_data, skip_backend_compile: bool = False):
        """The Parameter layout of the predict network in SEMI_AUTO/AUTO_PARALLEL mode (a
        RuntimeError in the other modes, as in MindSpore; mscompat runs only those)."""
        if _parallel_mode() not in _LAYOUT_MODES:
            raise RuntimeError("Infer predict layout only supports semi auto parallel and auto "
                               "parallel mode.")
        raise NotImplementedError("Model.infer_predict_layout (SEMI_AUTO/AUTO_PARALLEL "
                                  "parameter layouts) is not supported by mscompat.")

    def infer_train_layout(self, train_dataset, dataset_sink_mode: bool = True,
                           sink_size: int = -1):
        """The Parameter layout of the train network in SEMI_AUTO/AUTO_PARALLEL mode."""
        mode = _parallel_mode()
        if mode not in _LAYOUT_MODES:
            raise RuntimeError(f"'infer_train_layout' only supports 'semi_auto_parallel' and "
                               f"'auto_parallel' mode, but got {mode}.")
        raise NotImplementedError("Model.infer_train_layout (SEMI_AUTO/AUTO_PARALLEL "
                                  "parameter layouts) is not supported by mscompat.")


_LAYOUT_MODES = ("semi_auto_parallel", "auto_parallel")


def _parallel_mode() -> str:
    from .._engine.parallel import get_auto_parallel_context
    return get_auto_parallel_context("parallel_mode")
