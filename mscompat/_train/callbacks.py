"""``mindspore.train`` callbacks: ``Callback``, ``RunContext``, ``LossMonitor``,
``TimeMonitor``, ``ModelCheckpoint`` + ``CheckpointConfig``, ``EarlyStopping``,
``LambdaCallback``, ``History``, ``SummaryCollector`` (accepted, no-op).

Printed lines follow MindSpore 2.10 (``epoch: 1 step: 1, loss is 1.0623925924301147``).
"""
from __future__ import annotations

import math
import os
import time
import warnings

import numpy as np

from .. import _checkparam as validator
from .._engine.parameter import Parameter
from .._engine.tensor import Tensor


def loss_value(outputs) -> float:
    """The float MindSpore's callbacks print for a step's outputs."""
    if isinstance(outputs, (tuple, list)) and outputs:
        outputs = outputs[0]
    if isinstance(outputs, Tensor):
        return float(np.mean(outputs.asnumpy()))
    return float(np.mean(outputs))


class InternalCallbackParam(dict):
    """``cb_params`` (MindSpore's ``_InternalCallbackParam``): a dict whose items are also
    attributes (``cb_params.cur_epoch_num`` is ``cb_params["cur_epoch_num"]``).

    Example:
        >>> from mscompat.train.callback import _InternalCallbackParam
        >>> p = _InternalCallbackParam()
        >>> p.epoch_num = 3
        >>> p
        {'epoch_num': 3}
    """

    def __getattr__(self, key: str):
        try:
            return self[key]
        except KeyError:
            raise AttributeError(key) from None

    def __setattr__(self, key: str, value) -> None:
        self[key] = value


_CallbackParams = InternalCallbackParam


class RunContext:
    """``RunContext(original_args)``: ``original_args()`` is ``cb_params``."""

    def __init__(self, original_args) -> None:
        self._original_args = original_args
        self._stop_requested = False

    def original_args(self):
        return self._original_args

    def request_stop(self) -> None:
        self._stop_requested = True

    def get_stop_requested(self) -> bool:
        return self._stop_requested


class Callback:
    """Base class. ``on_train_*`` default to the old names (``step_end``...)."""

    def begin(self, run_context): pass
    def epoch_begin(self, run_context): pass
    def epoch_end(self, run_context): pass
    def step_begin(self, run_context): pass
    def step_end(self, run_context): pass
    def end(self, run_context): pass

    def on_train_begin(self, run_context): self.begin(run_context)
    def on_train_epoch_begin(self, run_context): self.epoch_begin(run_context)
    def on_train_epoch_end(self, run_context): self.epoch_end(run_context)
    def on_train_step_begin(self, run_context): self.step_begin(run_context)
    def on_train_step_end(self, run_context): self.step_end(run_context)
    def on_train_end(self, run_context): self.end(run_context)

    def on_eval_begin(self, run_context): self.begin(run_context)
    def on_eval_epoch_begin(self, run_context): self.epoch_begin(run_context)
    def on_eval_epoch_end(self, run_context): self.epoch_end(run_context)
    def on_eval_step_begin(self, run_context): self.step_begin(run_context)
    def on_eval_step_end(self, run_context): self.step_end(run_context)
    def on_eval_end(self, run_context): self.end(run_context)

    def __enter__(self):
        return self

    def __exit__(self, *err):
        return None


class LossMonitor(Callback):
    """``LossMonitor(per_print_times=1)``."""

    def __init__(self, per_print_times: int = 1) -> None:
        if not isinstance(per_print_times, int) or per_print_times < 0:
            raise ValueError(f"For 'LossMonitor', the 'per_print_times' must be int and >= 0, "
                             f"but got {per_print_times}.")
        self._per_print_times = per_print_times
        self._last_print_time = 0

    def on_train_step_end(self, run_context) -> None:
        cb = run_context.original_args()
        loss = loss_value(cb.net_outputs)
        step_in_epoch = (cb.cur_step_num - 1) % cb.batch_num + 1
        if np.isnan(loss) or np.isinf(loss):
            raise ValueError(f"epoch: {cb.cur_epoch_num} step: {step_in_epoch}. Invalid loss, "
                             f"terminating training.")
        if self._per_print_times != 0 and \
                cb.cur_step_num - self._last_print_time >= self._per_print_times:
            self._last_print_time = cb.cur_step_num
            print(f"epoch: {cb.cur_epoch_num} step: {step_in_epoch}, loss is {loss}",
                  flush=True)


class TimeMonitor(Callback):
    """``TimeMonitor(data_size=None, data_time=False)``: ``Train epoch time: ... ms, per step
    time: ... ms`` at each epoch end."""

    def __init__(self, data_size=None, data_time: bool = False) -> None:
        self.data_size = data_size
        self._start = 0.0

    def on_train_epoch_begin(self, run_context) -> None:
        self._start = time.time()

    def on_train_epoch_end(self, run_context) -> None:
        ms_elapsed = (time.time() - self._start) * 1000
        steps = self.data_size or run_context.original_args().batch_num
        print(f"Train epoch time: {ms_elapsed:5.3f} ms, per step time: "
              f"{ms_elapsed / max(steps, 1):5.3f} ms", flush=True)


class CheckpointConfig:
    """``CheckpointConfig(save_checkpoint_steps=1, save_checkpoint_seconds=0,
    keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0, integrated_save=True,
    async_save=False, saved_network=None, append_info=None, ...)``."""

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0,
                 keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0,
                 integrated_save=True, async_save=False, saved_network=None,
                 append_info=None, enc_key=None, enc_mode="AES-GCM", exception_save=False,
                 crc_check=False, remove_redundancy=False, format="ckpt",  # noqa: A002
                 **kwargs) -> None:
        if save_checkpoint_steps is not None and save_checkpoint_steps <= 0:
            raise ValueError(f"For 'CheckpointConfig', the 'save_checkpoint_steps' must be "
                             f"positive, but got {save_checkpoint_steps}.")
        if enc_key is not None:
            raise NotImplementedError("CheckpointConfig(enc_key=...) is not supported by "
                                      "mscompat.")
        self.save_checkpoint_steps = save_checkpoint_steps
        self.save_checkpoint_seconds = save_checkpoint_seconds
        self.keep_checkpoint_max = keep_checkpoint_max
        self.keep_checkpoint_per_n_minutes = keep_checkpoint_per_n_minutes
        self.integrated_save, self.async_save = integrated_save, async_save
        self.saved_network, self.append_info = saved_network, append_info
        self.format = format


class ModelCheckpoint(Callback):
    """``ModelCheckpoint(prefix='CKP', directory=None, config=None)``: files
    ``{prefix}-{epoch}_{step}.ckpt``, at most ``keep_checkpoint_max`` kept. A prefix already
    used in the directory becomes ``{prefix}_1``, ``{prefix}_2``... (as MindSpore)."""

    def __init__(self, prefix: str = "CKP", directory=None, config=None) -> None:
        if not isinstance(prefix, str) or "/" in prefix:
            raise ValueError(f"For 'ModelCheckpoint', the argument 'prefix' for checkpoint "
                             f"file name is invalid, it must be a string without '/', but "
                             f"got {prefix}.")
        self._config = config or CheckpointConfig()
        self._directory = os.path.realpath(directory) if directory else os.getcwd()
        os.makedirs(self._directory, exist_ok=True)
        self._prefix = self._unique_prefix(prefix)
        self._saved: list[str] = []
        self._last_step = 0
        self._last_time = time.time()

    def _unique_prefix(self, prefix: str) -> str:
        existing = os.listdir(self._directory)
        if not any(f.startswith(prefix + "-") and f.endswith(".ckpt") for f in existing):
            return prefix
        k = 1
        while any(f.startswith(f"{prefix}_{k}-") for f in existing):
            k += 1
        return f"{prefix}_{k}"

    @property
    def latest_ckpt_file_name(self):
        return self._saved[-1] if self._saved else None

    def on_train_step_end(self, run_context) -> None:
        cb = run_context.original_args()
        cfg = self._config
        due = cfg.save_checkpoint_steps and cb.cur_step_num - self._last_step >= \
            cfg.save_checkpoint_steps
        if not due and cfg.save_checkpoint_seconds:
            due = time.time() - self._last_time >= cfg.save_checkpoint_seconds
        if due:
            self._save(cb)

    def on_train_end(self, run_context) -> None:
        cb = run_context.original_args()
        if cb.cur_step_num != self._last_step and self._config.save_checkpoint_steps and \
                cb.cur_step_num % self._config.save_checkpoint_steps == 0:
            self._save(cb)

    def _save(self, cb) -> None:
        from .._engine.ckpt.serialization import save_checkpoint
        step_in_epoch = (cb.cur_step_num - 1) % cb.batch_num + 1
        name = f"{self._prefix}-{cb.cur_epoch_num}_{step_in_epoch}.ckpt"
        path = os.path.join(self._directory, name)
        net = self._config.saved_network or cb.train_network
        save_checkpoint(net, path, append_dict=self._config.append_info,
                        format=self._config.format)
        self._saved.append(path)
        self._last_step, self._last_time = cb.cur_step_num, time.time()
        keep = self._config.keep_checkpoint_max
        while keep and len(self._saved) > keep:
            old = self._saved.pop(0)
            if os.path.exists(old):
                os.chmod(old, 0o600)
                os.remove(old)


class EarlyStopping(Callback):
    """``EarlyStopping(monitor='eval_loss', patience=0, verbose=False, mode='auto',
    min_delta=0, baseline=None, restore_best_weights=False)``: stops when the monitored value
    (``cb_params.eval_results``, or the training loss for 'loss') stops improving."""

    def __init__(self, monitor="eval_loss", patience=0, verbose=False, mode="auto",
                 min_delta=0, baseline=None, restore_best_weights=False) -> None:
        self.monitor, self.patience, self.min_delta = monitor, patience, abs(min_delta)
        self.mode = mode if mode != "auto" else ("max" if "acc" in monitor else "min")
        self.best, self.wait, self.stopped_epoch = None, 0, 0

    def on_train_epoch_end(self, run_context) -> None:
        cb = run_context.original_args()
        results = getattr(cb, "eval_results", {}) or {}
        value = results.get(self.monitor.replace("eval_", ""), results.get(self.monitor))
        if value is None and self.monitor == "loss":
            value = loss_value(cb.net_outputs)
        if value is None:
            return
        better = self.best is None or (
            value < self.best - self.min_delta if self.mode == "min" else
            value > self.best + self.min_delta)
        if better:
            self.best, self.wait = value, 0
            return
        self.wait += 1
        if self.wait > self.patience:
            self.stopped_epoch = cb.cur_epoch_num
            run_context.request_stop()


# monitors where smaller is better (MindSpore's list, for mode='auto')
_SMALLER_BETTER = ("hausdorff_distance", "mae", "mse", "loss", "perplexity",
                   "mean_surface_distance", "root_mean_square_distance", "eval_loss")


def _assign_lr(optimizer, value: float) -> None:
    lr = optimizer.learning_rate
    lr.set_data(Tensor(np.asarray(value, np.float32)))


class LearningRateScheduler(Callback):
    """``LearningRateScheduler(learning_rate_function)``: after each step the optimizer's
    learning rate becomes ``learning_rate_function(lr, cur_step_num)``.

    Example:
        >>> from mscompat.train import LearningRateScheduler
        >>> LearningRateScheduler(lambda lr, step: lr * 0.9).__class__.__name__
        'LearningRateScheduler'
    """

    def __init__(self, learning_rate_function) -> None:
        self.learning_rate_function = learning_rate_function

    def on_train_step_end(self, run_context) -> None:
        cb = run_context.original_args()
        lr = float(np.array2string(cb.optimizer.learning_rate.asnumpy()))
        new_lr = self.learning_rate_function(lr, cb.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            _assign_lr(cb.optimizer, new_lr)


class ReduceLROnPlateau(Callback):
    """``ReduceLROnPlateau(monitor='eval_loss', factor=0.1, patience=10, verbose=False,
    mode='auto', min_delta=1e-4, cooldown=0, min_lr=0)``: after ``patience`` epochs without
    improvement of the monitored value (``'loss'`` in ``Model.train``; ``eval_results`` keys
    in ``Model.fit``) the learning rate is multiplied by ``factor`` (not below ``min_lr``)."""

    def __init__(self, monitor: str = "eval_loss", factor: float = 0.1, patience: int = 10,
                 verbose: bool = False, mode: str = "auto", min_delta=1e-4,
                 cooldown: int = 0, min_lr=0) -> None:
        self.monitor = validator.check_value_type("monitor", monitor, str)
        self.factor = validator.check_float_range(factor, 0.0, 1.0, validator.INC_NEITHER)
        self.patience = validator.check_non_negative_int(patience)
        self.verbose = validator.check_bool(verbose)
        self.mode = validator.check_value_type("mode", mode, str)
        self.min_delta = abs(validator.check_value_type("min_delta", min_delta, [float, int]))
        self.cooldown = validator.check_non_negative_int(cooldown)
        self.min_lr = validator.check_value_type("min_lr", min_lr, [float, int])
        if self.mode not in ("auto", "min", "max"):
            raise ValueError(f"mode should be 'auto', 'min' or 'max', but got {self.mode}.")
        self.on_train_begin(None)

    def _smaller(self) -> bool:
        return self.mode == "min" or (self.mode == "auto" and self.monitor in _SMALLER_BETTER)

    def on_train_begin(self, run_context) -> None:
        self.cooldown_counter = self.wait = 0
        self.best = np.inf if self._smaller() else -np.inf

    def _improved(self, value, best) -> bool:
        if self._smaller():
            return bool(np.less(value, best - self.min_delta))
        return bool(np.greater(value, best + self.min_delta))

    def on_train_epoch_end(self, run_context) -> None:
        cb = run_context.original_args()
        lr = cb.optimizer.learning_rate
        if not isinstance(lr, Parameter) or lr.ndim:
            raise ValueError("ReduceLROnPlateau does not support dynamic learning rate and "
                             "group learning rate now.")
        if self.monitor == "loss":
            value = loss_value(cb.net_outputs)
        else:
            value = (getattr(cb, "eval_results", None) or {}).get(self.monitor)
        if value is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self._improved(value, self.best):
            self.best, self.wait = value, 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                current = float(lr.asnumpy())
                if current > self.min_lr:
                    new_lr = max(current * self.factor, self.min_lr)
                    _assign_lr(cb.optimizer, new_lr)
                    if self.verbose:
                        print(f"Epoch {cb.cur_epoch_num:05d}: ReduceLROnPlateau reducing "
                              f"learning rate to {new_lr}.")
                self.cooldown_counter = self.cooldown
                self.wait = 0


class LambdaCallback(Callback):
    """``LambdaCallback(on_train_step_end=fn, ...)``."""

    def __init__(self, **hooks) -> None:
        for name, fn in hooks.items():
            if fn is not None:
                setattr(self, name, fn)


class History(Callback):
    """``History()``: ``epoch`` (list) and ``history`` (name -> list of losses/metrics)."""

    def __init__(self) -> None:
        self.epoch, self.history = [], {}

    def on_train_epoch_end(self, run_context) -> None:
        cb = run_context.original_args()
        self.epoch.append(cb.cur_epoch_num)
        self.history.setdefault("net_output", []).append(loss_value(cb.net_outputs))
        for k, v in (getattr(cb, "eval_results", None) or {}).items():
            self.history.setdefault(k, []).append(v)


class SummaryCollector(Callback):
    """Accepted for compatibility; mscompat writes no summary files (a warning says so)."""

    def __init__(self, summary_dir, *args, **kwargs) -> None:
        warnings.warn("mscompat: SummaryCollector writes no MindInsight summary files.",
                      stacklevel=2)
        self.summary_dir = summary_dir


def as_list(callbacks) -> list:
    if callbacks is None:
        return []
    if isinstance(callbacks, Callback):
        return [callbacks]
    items = list(callbacks)
    for c in items:
        if not isinstance(c, Callback):
            raise TypeError(f"For 'Model.train', the element in 'callbacks' must be an "
                            f"instance of Callback, but got {type(c).__name__}.")
    return items
