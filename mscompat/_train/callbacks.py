"""``mindspore.train`` callbacks: ``Callback``, ``RunContext``, ``LossMonitor``,
``TimeMonitor``, ``ModelCheckpoint`` + ``CheckpointConfig``, ``EarlyStopping``,
``LambdaCallback``, ``History``, ``SummaryCollector`` (accepted, no-op).

Printed lines follow MindSpore 2.10 (``epoch: 1 step: 1, loss is 1.0623925924301147``).
"""
from __future__ import annotations

import contextlib
import math
import os
import time
import warnings
from collections.abc import Iterable

import numpy as np

from .. import _checkparam as validator
from .._engine.parameter import Parameter
from .._engine.tensor import Tensor
from .metrics import _Float32
from .paths import make_directory


def handle_loss(outputs):
    """MindSpore's ``_handle_loss``: a Tensor becomes the float of its mean; a tuple's first
    Tensor is returned as it is (so printed as a Tensor); anything else passes through."""
    if isinstance(outputs, (tuple, list)):
        if outputs and isinstance(outputs[0], Tensor):
            return outputs[0]
        return outputs
    if isinstance(outputs, Tensor):
        return float(np.mean(outputs.asnumpy()))
    return outputs


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
        return self[key]  # a missing key is a KeyError, as in MindSpore

    def __setattr__(self, key: str, value) -> None:
        self[key] = value


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


class CallbackManager(Callback):
    """A list of callbacks run as one (MindSpore's ``_CallbackManager``): each is entered as
    a context manager for the run, and every hook is called on each in order."""

    def __init__(self, callbacks) -> None:
        self._callbacks, self._stack = [], None
        if isinstance(callbacks, Callback):
            self._callbacks.append(callbacks)
        elif isinstance(callbacks, list):
            for c in callbacks:
                if not isinstance(c, Callback):
                    raise TypeError("When the 'callbacks' is a list, the elements in "
                                    "'callbacks' must be Callback functions.")
                self._callbacks.append(c)
        elif callbacks is not None:
            raise TypeError("The 'callbacks' is not a Callback or a list of Callback.")

    @property
    def callbacks(self) -> list:
        return self._callbacks

    def __enter__(self):
        if self._stack is None:
            self._stack = contextlib.ExitStack().__enter__()
            entered = []
            for c in self._callbacks:
                target = self._stack.enter_context(c)
                entered.append(target if isinstance(target, Callback) else c)
            self._callbacks = entered
        return self

    def __exit__(self, *err):
        return self._stack.__exit__(*err)


def _dispatch(hook: str):
    def run(self, run_context) -> None:
        for c in self._callbacks:
            getattr(c, hook)(run_context)
    run.__name__ = hook
    return run


for _hook in ("begin", "epoch_begin", "epoch_end", "step_begin", "step_end", "end",
              *(f"on_{phase}_{when}" for phase in ("train", "eval")
                for when in ("begin", "epoch_begin", "epoch_end", "step_begin", "step_end",
                             "end"))):
    setattr(CallbackManager, _hook, _dispatch(_hook))

# ``mindspore.train.callback.__all__``: callbacks of these class names are MindSpore's own
BUILTIN_NAMES = frozenset((
    "Callback", "LossMonitor", "TimeMonitor", "ModelCheckpoint", "FlopsUtilizationCollector",
    "SummaryCollector", "CheckpointConfig", "RunContext", "LearningRateScheduler",
    "SummaryLandscape", "History", "LambdaCallback", "ReduceLROnPlateau", "EarlyStopping",
    "OnRequestExit", "BackupAndRestore", "TrainFaultTolerance"))
_OLD_HOOKS = frozenset(("begin", "end", "epoch_begin", "epoch_end", "step_begin", "step_end"))


def is_builtin(callback) -> bool:
    """A callback of one of MindSpore's own class names (matched by name, as MindSpore does)."""
    return type(callback).__name__ in BUILTIN_NAMES


def check_custom_callbacks(callbacks, mode: str) -> None:
    """A user callback defining the old hooks (``step_end``...) is warned about in
    ``train``/``eval`` and refused (ValueError) in ``fit``."""
    from .. import log as logger
    for c in callbacks if isinstance(callbacks, list) else [callbacks]:
        name = type(c).__name__
        if name in BUILTIN_NAMES:
            continue
        old = set(type(c).__dict__) & _OLD_HOOKS
        if not old:
            continue
        msg = (f"For {name} callback, {old} methods may not be supported in later version, "
               f"Use methods prefixed with 'on_train' or 'on_eval' instead when using "
               f"customized callbacks.")
        if mode == "fit":
            raise ValueError(msg)
        logger.warning(msg)


class LossMonitor(Callback):
    """``LossMonitor(per_print_times=1)``: prints ``epoch: E step: S, loss is L`` every
    ``per_print_times`` steps, and in ``Model.fit`` the epoch's ``Eval result``."""

    def __init__(self, per_print_times: int = 1) -> None:
        validator.check_non_negative_int(per_print_times)
        self._per_print_times = per_print_times
        self._last_print_time = 0

    def step_end(self, run_context) -> None:
        cb = run_context.original_args()
        epoch = cb.get("cur_epoch_num", 1)
        loss = handle_loss(cb.net_outputs)
        step_in_epoch = (cb.cur_step_num - 1) % cb.batch_num + 1
        if isinstance(loss, float) and (np.isnan(loss) or np.isinf(loss)):
            raise ValueError(f"In epoch: {epoch} step: {step_in_epoch}, loss is NAN or INF, "
                             f"training process cannot continue, terminating training.")
        every = self._per_print_times
        if every != 0 and cb.cur_step_num <= self._last_print_time:  # a counter restarted
            while cb.cur_step_num <= self._last_print_time:
                self._last_print_time -= max(every, cb.batch_num if cb.dataset_sink_mode
                                             else 1)
        if every != 0 and cb.cur_step_num - self._last_print_time >= every:
            self._last_print_time = cb.cur_step_num
            print(f"epoch: {epoch} step: {step_in_epoch}, loss is {loss}", flush=True)

    def on_train_epoch_end(self, run_context) -> None:
        cb = run_context.original_args()
        metrics = cb.get("metrics")
        if metrics:
            print(f"Eval result: epoch {int(cb.cur_epoch_num)}, metrics: {metrics}")


class TimeMonitor(Callback):
    """``TimeMonitor(data_size=None, data_time=False)``: ``Train epoch time: ... ms, per step
    time: ... ms`` at each epoch end (``Eval epoch time`` for an evaluation)."""

    def __init__(self, data_size=None, data_time: bool = False) -> None:
        self.data_size = data_size
        self.data_time = validator.check_bool(data_time, "data_time")
        self.epoch_time = time.time()
        self.data_time_sum = self.data_time_start = 0.0

    def on_train_step_begin(self, run_context) -> None:
        if self.data_time:
            self.data_time_sum += time.time() - self.data_time_start

    def on_train_step_end(self, run_context) -> None:
        if self.data_time:
            self.data_time_start = time.time()

    def epoch_begin(self, run_context) -> None:
        self.epoch_time = time.time()
        if self.data_time:
            self.data_time_sum, self.data_time_start = 0.0, time.time()

    def epoch_end(self, run_context) -> None:
        elapsed = (time.time() - self.epoch_time) * 1000
        cb = run_context.original_args()
        steps = self.data_size
        batch_num = cb.get("batch_num")
        if isinstance(batch_num, int) and batch_num > 0:
            steps = batch_num
        validator.check_positive_int(steps)
        line = (f"{cb.get('mode', '').title()} epoch time: {elapsed:5.3f} ms, per step time: "
                f"{elapsed / steps:5.3f} ms")
        if self.data_time:
            line += f" (data time: {self.data_time_sum * 1000 / steps:5.3f} ms)"
        print(line, flush=True)


_APPEND_INFO_NAMES = ("epoch_num", "step_num")


class CheckpointConfig:
    """``CheckpointConfig(save_checkpoint_steps=1, save_checkpoint_seconds=0,
    keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0, integrated_save=True,
    async_save=False, saved_network=None, append_info=None, ...)``: a positive
    ``save_checkpoint_steps`` overrides the seconds, a positive ``keep_checkpoint_max`` the
    minutes.

    Example:
        >>> from mscompat.train import CheckpointConfig
        >>> cfg = CheckpointConfig(save_checkpoint_steps=10, save_checkpoint_seconds=5)
        >>> cfg.save_checkpoint_steps, cfg.save_checkpoint_seconds, cfg.keep_checkpoint_max
        (10, None, 5)
    """

    def __init__(self, save_checkpoint_steps=1, save_checkpoint_seconds=0,
                 keep_checkpoint_max=5, keep_checkpoint_per_n_minutes=0,
                 integrated_save=True, async_save=False, saved_network=None,
                 append_info=None, enc_key=None, enc_mode="AES-GCM", exception_save=False,
                 crc_check=False, remove_redundancy=False, format="ckpt",  # noqa: A002
                 **kwargs) -> None:
        from .._engine.cell import Cell
        steps, seconds = save_checkpoint_steps, save_checkpoint_seconds
        keep_max, keep_minutes = keep_checkpoint_max, keep_checkpoint_per_n_minutes
        steps = None if steps is None else validator.check_non_negative_int(steps)
        seconds = None if seconds is None else validator.check_non_negative_int(seconds)
        keep_max = None if keep_max is None else validator.check_non_negative_int(keep_max)
        keep_minutes = None if keep_minutes is None else \
            validator.check_non_negative_int(keep_minutes)
        if saved_network is not None and not isinstance(saved_network, Cell):
            raise TypeError(f"For 'CheckpointConfig', the type of 'saved_network' must be None "
                            f"or Cell, but got {type(saved_network)}.")
        if not steps and not seconds and not keep_max and not keep_minutes:
            raise ValueError("For 'CheckpointConfig', the input arguments "
                             "'save_checkpoint_steps', 'save_checkpoint_seconds', "
                             "'keep_checkpoint_max' and 'keep_checkpoint_per_n_minutes' can't "
                             "be all None or 0.")
        if enc_key is not None:
            raise NotImplementedError("CheckpointConfig(enc_key=...) (encrypted checkpoints) "
                                      "is not supported by mscompat.")
        self.exception_save = validator.check_bool(exception_save)
        if steps and steps > 0:
            seconds = None
        if keep_max and keep_max > 0:
            keep_minutes = None
        elif not keep_minutes:
            keep_max = 1
        self._save_checkpoint_steps, self._save_checkpoint_seconds = steps, seconds
        self._keep_checkpoint_max, self._keep_checkpoint_per_n_minutes = keep_max, keep_minutes
        self._integrated_save = validator.check_bool(integrated_save)
        self._async_save = bool(async_save)
        self._saved_network = saved_network
        self._append_dict = self._handle_append_info(append_info)
        self._enc_key, self._enc_mode = enc_key, enc_mode
        self._crc_check = validator.check_isinstance("crc_check", crc_check, bool)
        self._format = validator.check_isinstance("format", format, str)
        if self._format not in ("ckpt", "safetensors"):
            raise ValueError(f"For 'save_checkpoint', the format must be 'ckpt' or "
                             f"'safetensors', but got {format}.")
        self.remove_redundancy = validator.check_isinstance("remove_redundancy",
                                                            remove_redundancy, bool)

    @staticmethod
    def _handle_append_info(append_info):
        if append_info is None or append_info == []:
            return None
        if not isinstance(append_info, list):
            raise TypeError(f"For 'CheckpointConfig', the type of 'append_info' must be list,"
                            f"but got {type(append_info)}.")
        out = {name: 0 for name in _APPEND_INFO_NAMES if name in append_info}
        dicts = 0
        for item in append_info:
            if not isinstance(item, (str, dict)):
                raise TypeError(f"For 'CheckpointConfig', the type of 'append_info' element "
                                f"must be str or dict,but got {type(item)}.")
            if isinstance(item, str) and item not in _APPEND_INFO_NAMES:
                raise ValueError(f"For 'CheckpointConfig', the value of element in the "
                                 f"argument 'append_info' must be in "
                                 f"{list(_APPEND_INFO_NAMES)}, but got {item}.")
            if isinstance(item, dict):
                dicts += 1
                if dicts > 1:
                    raise TypeError("For 'CheckpointConfig', the element of 'append_info' "
                                    "must has only one dict, but got {dict_num}")
                for key, value in item.items():
                    if not (isinstance(key, str) and
                            isinstance(value, (int, float, bool, str, Tensor))):
                        raise TypeError(
                            f"For 'CheckpointConfig', the key type of the dict 'append_info' "
                            f"must be string, the value type must be int or float or bool, "
                            f"but got key type {type(key)}, value type {type(value)}")
                    out[key] = value
        return out

    save_checkpoint_steps = property(lambda self: self._save_checkpoint_steps)
    save_checkpoint_seconds = property(lambda self: self._save_checkpoint_seconds)
    keep_checkpoint_max = property(lambda self: self._keep_checkpoint_max)
    keep_checkpoint_per_n_minutes = property(lambda self: self._keep_checkpoint_per_n_minutes)
    integrated_save = property(lambda self: self._integrated_save)
    async_save = property(lambda self: self._async_save)
    saved_network = property(lambda self: self._saved_network)
    append_dict = property(lambda self: self._append_dict)
    enc_key = property(lambda self: self._enc_key)
    enc_mode = property(lambda self: self._enc_mode)
    crc_check = property(lambda self: self._crc_check)
    format = property(lambda self: self._format)  # noqa: A003

    def get_checkpoint_policy(self) -> dict:
        return {"save_checkpoint_steps": self.save_checkpoint_steps,
                "save_checkpoint_seconds": self.save_checkpoint_seconds,
                "keep_checkpoint_max": self.keep_checkpoint_max,
                "keep_checkpoint_per_n_minutes": self.keep_checkpoint_per_n_minutes,
                "saved_network": self.saved_network}


def unique_prefix(directory: str, prefix: str) -> str:
    """MindSpore's rule for a prefix already used in ``directory``: ``{prefix}_{n}`` with n
    one more than the largest suffix found (1 after a bare ``{prefix}-...`` file)."""
    suffix = 0
    for filename in os.listdir(directory):
        ext = os.path.splitext(filename)[-1]
        if ext not in (".ckpt", ".safetensors") or filename.endswith("_breakpoint.ckpt"):
            continue
        if not filename.startswith(prefix) or filename[len(prefix)].isalpha():
            continue
        rest = filename[len(prefix):]
        dash = rest.find("-")
        if dash == 0:
            suffix = max(suffix, 1)
        elif dash != -1 and rest[1:dash].isdigit():
            suffix = max(suffix, int(rest[1:dash]) + 1)
    return f"{prefix}_{suffix}" if suffix else prefix


class ModelCheckpoint(Callback):
    """``ModelCheckpoint(prefix='CKP', directory=None, config=None)``: saves
    ``{prefix}-{epoch}_{step}.ckpt`` every ``save_checkpoint_steps`` steps (or seconds) and
    once more at the end of training, keeping the newest ``keep_checkpoint_max`` files of
    the prefix. A prefix already used in the directory becomes ``{prefix}_1``,
    ``{prefix}_2``... A callable ``prefix``/``directory`` is called with ``cb_params`` at
    each step."""

    def __init__(self, prefix="CKP", directory=None, config=None) -> None:
        if not callable(prefix) and (not isinstance(prefix, str) or "/" in prefix):
            raise ValueError(f"For 'ModelCheckpoint', the argument 'prefix' for checkpoint file "
                             f"name is invalid, it must be callable or string that does not "
                             f"contain '/', but got {prefix}.")
        if config is None:
            config = CheckpointConfig()
        elif not isinstance(config, CheckpointConfig):
            raise TypeError(f"For 'ModelCheckpoint', the type of argument 'config' should be "
                            f"'CheckpointConfig', but got {type(config)}.")
        self._config = config
        self._prefix_func = prefix if callable(prefix) else None
        self._directory_func = directory if callable(directory) else None
        self._directory = os.getcwd()
        if directory is not None and not callable(directory):
            self._directory = make_directory(directory)  # (mode 0o700, as MindSpore)
        self._prefix = prefix
        if not callable(prefix) and not callable(directory):
            self._prefix = unique_prefix(self._directory, prefix)
        self._latest_ckpt_file_name = ""
        self._last_triggered_step = 0
        self._last_time = self._last_time_for_keep = time.time()
        self._append_dict = config.append_dict or {}
        self._append_base = {k: self._append_dict.get(k, 0) for k in _APPEND_INFO_NAMES}

    @property
    def latest_ckpt_file_name(self) -> str:
        return self._latest_ckpt_file_name

    def step_end(self, run_context) -> None:
        cb = run_context.original_args()
        if self._prefix_func:
            self._prefix = self._prefix_func(cb)
            if not isinstance(self._prefix, str) or "/" in self._prefix:
                raise ValueError(f"For 'ModelCheckpoint', the argument 'prefix' for checkpoint "
                                 f"file name is callable, it must return a string that does "
                                 f"not contain '/', but got {self._prefix}.")
        if self._directory_func:
            self._directory = self._directory_func(cb)
            make_directory(self._directory)
        self._save_ckpt(cb)

    def end(self, run_context) -> None:
        self._save_ckpt(run_context.original_args(), force=True)

    def _due(self, cb, force: bool) -> bool:
        cfg = self._config
        if cfg.save_checkpoint_steps and cfg.save_checkpoint_steps > 0:
            return force or cb.cur_step_num >= self._last_triggered_step + \
                cfg.save_checkpoint_steps
        if cfg.save_checkpoint_seconds and cfg.save_checkpoint_seconds > 0:
            now = time.time()
            if now - self._last_time > cfg.save_checkpoint_seconds or force:
                self._last_time = now
                return True
        return False

    def _own_files(self) -> list:
        # the files of this prefix: ``{prefix}-`` then digits, '_' and '-' only
        ext = "." + self._config.format
        found = []
        for filename in os.listdir(self._directory):
            if os.path.splitext(filename)[-1] != ext or \
                    not filename.startswith(self._prefix + "-"):
                continue
            middle = filename[len(self._prefix):-len(ext)]
            if not any(ch.isalpha() for ch in middle):
                found.append(os.path.join(self._directory, filename))
        return found

    def _save_ckpt(self, cb, force: bool = False) -> None:
        from .._engine.ckpt.serialization import save_checkpoint
        if cb.cur_step_num == self._last_triggered_step or not self._due(cb, force):
            return
        cfg = self._config
        if self._prefix_func:
            name = f"{self._prefix}.{cfg.format}"
        else:
            step_in_epoch = (cb.cur_step_num - 1) % cb.batch_num + 1
            name = f"{self._prefix}-{cb.cur_epoch_num}_{step_in_epoch}.{cfg.format}"
        files = self._own_files()
        if cfg.keep_checkpoint_max and 0 < cfg.keep_checkpoint_max <= len(files):
            _remove(min(files, key=os.path.getmtime))
        elif cfg.keep_checkpoint_per_n_minutes and cfg.keep_checkpoint_per_n_minutes > 0:
            now = time.time()
            if now - self._last_time_for_keep < cfg.keep_checkpoint_per_n_minutes * 60:
                _keep_one_per_minutes(files, cfg.keep_checkpoint_per_n_minutes, now)
        path = os.path.join(self._directory, name)
        self._last_time_for_keep = time.time()
        self._last_triggered_step = cb.cur_step_num
        if "epoch_num" in self._append_dict:
            self._append_dict["epoch_num"] = self._append_base["epoch_num"] + cb.cur_epoch_num
        if "step_num" in self._append_dict:
            self._append_dict["step_num"] = self._append_base["step_num"] + cb.cur_step_num
        net = cfg.saved_network if cfg.saved_network is not None else cb.train_network
        save_checkpoint(net, path, append_dict=self._append_dict or None, format=cfg.format)
        self._latest_ckpt_file_name = path


def _remove(path: str) -> None:
    try:
        os.chmod(path, 0o600)
        os.remove(path)
    except OSError:
        pass


def _keep_one_per_minutes(files: list, minutes: int, now: float) -> None:
    # of the files written in the last ``minutes``, keep the oldest only
    recent = [f for f in files if now - os.path.getmtime(f) < 60 * minutes]
    if recent:
        oldest = min(recent, key=os.path.getmtime)
        for f in recent:
            if f != oldest:
                _remove(f)


def _monitor_value(callback, cb, what: str):
    """MindSpore's ``_get_monitor_value``: the training loss for 'loss', else the key of
    ``eval_results``; a missing (or zero) value is None, with a warning."""
    from .. import log as logger
    candidates = {}
    if callback.monitor == "loss":
        value = handle_loss(cb.get("net_outputs"))
    else:
        candidates = cb.get("eval_results", {})
        value = candidates.get(callback.monitor)
    if value is None:
        logger.warning(f"{what} is conditioned on {callback.monitor}, which is not available. "
                       f"Available choices are: {set(['loss'] + list(candidates))}")
    if isinstance(value, Tensor):
        value = value.asnumpy()
    if isinstance(value, np.ndarray) and value.shape != ():
        raise ValueError(f"{type(callback).__name__} only supports scalar monitor now.")
    return np.array(value) if value else None


class _Monitored(Callback):
    """What EarlyStopping and ReduceLROnPlateau share: ``mode`` ('auto' picks 'min' for
    MindSpore's smaller-is-better monitors), the worst start and MindSpore's improvement
    test (by more than ``min_delta``)."""

    def _check_mode(self) -> None:
        if self.mode not in ("auto", "min", "max"):
            raise ValueError(f"mode should be 'auto', 'min' or 'max', but got {self.mode}.")
        self.best = self._worst()

    def _smaller(self) -> bool:
        return self.mode == "min" or (self.mode == "auto" and self.monitor in _SMALLER_BETTER)

    def _worst(self) -> float:
        return np.inf if self._smaller() else -np.inf

    def is_improvement(self, value, best) -> bool:
        if self._smaller():
            return bool(np.less(value, best - self.min_delta))
        return bool(np.greater(value, best + self.min_delta))


class EarlyStopping(_Monitored):
    """``EarlyStopping(monitor='eval_loss', min_delta=0, patience=0, verbose=False,
    mode='auto', baseline=None, restore_best_weights=False)``: counts the epochs since the
    monitored value last improved by more than ``min_delta`` and stops training when the
    count reaches ``patience``."""

    def __init__(self, monitor="eval_loss", min_delta=0, patience=0, verbose=False,
                 mode="auto", baseline=None, restore_best_weights=False) -> None:
        self.monitor = validator.check_value_type("monitor", monitor, str)
        min_delta = validator.check_value_type("min_delta", min_delta, [float, int])
        self.min_delta = abs(min_delta)
        self.patience = validator.check_non_negative_int(patience)
        self.verbose = validator.check_bool(verbose)
        self.mode = validator.check_value_type("mode", mode, str)
        # (sic) MindSpore takes the baseline's value from ``min_delta``
        self.baseline = min_delta if baseline else None
        self.restore_best_weights = validator.check_bool(restore_best_weights)
        self.wait, self.stopped_epoch, self.best_weights_param_dict = 0, 0, None
        self._check_mode()

    def on_train_begin(self, run_context) -> None:
        self.wait = self.stopped_epoch = 0
        self.best = self._worst()
        self.best_weights_param_dict = None

    def on_train_epoch_end(self, run_context) -> None:
        cb = run_context.original_args()
        current = _monitor_value(self, cb, "Early stopping")
        if current is None:
            return
        if self.restore_best_weights and self.best_weights_param_dict is None:
            self.best_weights_param_dict = _snapshot(cb.train_network)
        self.wait += 1
        if self.is_improvement(current, self.best):
            self.best = current
            if self.restore_best_weights:
                self.best_weights_param_dict = _snapshot(cb.train_network)
            if self.baseline is None or self.is_improvement(current, self.baseline):
                self.wait = 0
        if self.wait >= self.patience:
            self.stopped_epoch = cb.get("cur_epoch_num")
            run_context.request_stop()
            if self.restore_best_weights and self.best_weights_param_dict is not None:
                if self.verbose:
                    print("Restoring model weights from the end of the best epoch.")
                for name, value in self.best_weights_param_dict.items():
                    cb.train_network.parameters_dict()[name].set_data(Tensor(value))

    def on_train_end(self, run_context) -> None:
        if self.stopped_epoch > 0 and self.verbose:
            print(f"Epoch {int(self.stopped_epoch):05d}: early stopping")


def _snapshot(network) -> dict:
    return {name: p.asnumpy().copy() for name, p in network.parameters_dict().items()}


# monitors where smaller is better (MindSpore's list, for mode='auto')
_SMALLER_BETTER = ("hausdorff_distance", "mae", "mse", "loss", "perplexity",
                   "mean_surface_distance", "root_mean_square_distance", "eval_loss")


def _assign_lr(optimizer, value) -> None:
    value = value.asnumpy() if isinstance(value, Tensor) else value
    optimizer.learning_rate.set_data(Tensor(np.asarray(value, np.float32)))


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

    def step_end(self, run_context) -> None:
        cb = run_context.original_args()
        lr = float(np.array2string(cb.optimizer.learning_rate.asnumpy()))
        new_lr = self.learning_rate_function(lr, cb.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            _assign_lr(cb.optimizer, new_lr)


class ReduceLROnPlateau(_Monitored):
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
        self._check_mode()
        self.on_train_begin(None)

    def on_train_begin(self, run_context) -> None:
        self.cooldown_counter = self.wait = 0
        self.best = self._worst()

    def on_train_epoch_end(self, run_context) -> None:
        cb = run_context.original_args()
        lr = cb.optimizer.learning_rate
        if not isinstance(lr, Parameter):
            raise ValueError("ReduceLROnPlateau does not support dynamic learning rate and "
                             "group learning rate now.")
        value = _monitor_value(self, cb, "Learning rate reduction")
        if value is None:
            return
        if self.cooldown_counter > 0:
            self.cooldown_counter -= 1
            self.wait = 0
        if self.is_improvement(value, self.best):
            self.best, self.wait = value, 0
        elif self.cooldown_counter <= 0:
            self.wait += 1
            if self.wait >= self.patience:
                if lr.asnumpy() > np.float32(self.min_lr):
                    # the new rate is a float32 Tensor (printed as one), as MindSpore's
                    reduced = lr * self.factor
                    new_lr = reduced if reduced.asnumpy() >= np.float32(self.min_lr) \
                        else self.min_lr
                    _assign_lr(cb.optimizer, new_lr)
                    if self.verbose:
                        print(f"Epoch {cb.cur_epoch_num:05d}: ReduceLROnPlateau reducing "
                              f"learning rate to {new_lr}.")
                self.cooldown_counter = self.cooldown
                self.wait = 0


class LambdaCallback(Callback):
    """``LambdaCallback(on_train_epoch_begin=None, ..., on_eval_end=None)``: each hook given
    is called with ``run_context``; the others do nothing."""

    def __init__(self, on_train_epoch_begin=None, on_train_epoch_end=None,
                 on_train_step_begin=None, on_train_step_end=None, on_train_begin=None,
                 on_train_end=None, on_eval_epoch_begin=None, on_eval_epoch_end=None,
                 on_eval_step_begin=None, on_eval_step_end=None, on_eval_begin=None,
                 on_eval_end=None) -> None:
        hooks = dict(locals())
        for name in _LAMBDA_HOOKS:
            setattr(self, name, hooks[name] or _nothing)


_LAMBDA_HOOKS = tuple(f"on_{phase}_{when}" for phase in ("train", "eval")
                      for when in ("epoch_begin", "epoch_end", "step_begin", "step_end",
                                   "begin", "end"))


def _nothing(run_context) -> None:
    return None


class History(Callback):
    """``History()``: ``epoch`` is ``{'epoch': [1, 2, ...]}`` and ``history`` maps
    ``net_output`` (the loss as a float32 scalar) and each metric of ``Model.fit`` to its
    list of per-epoch values."""

    def __init__(self) -> None:
        self.history, self.epoch = {}, None

    def begin(self, run_context) -> None:
        self.epoch = {"epoch": []}

    def epoch_end(self, run_context) -> None:
        cb = run_context.original_args()
        self.epoch["epoch"].append(cb.get("cur_epoch_num", 1))
        output = cb.net_outputs
        if isinstance(output, (tuple, list)) and isinstance(output[0], Tensor):
            output = output[0]
        if isinstance(output, Tensor):
            output = np.mean(output.asnumpy())
            if isinstance(output, np.float32):
                output = _Float32(output)
        current = {"net_output": output}
        if cb.get("metrics"):
            current.update(cb.get("metrics"))
        for key, value in current.items():
            self.history.setdefault(key, []).append(value)


class SummaryCollector(Callback):
    """Accepted for compatibility; mscompat writes no summary files (a warning says so)."""

    def __init__(self, summary_dir, *args, **kwargs) -> None:
        warnings.warn("mscompat: SummaryCollector writes no MindInsight summary files.",
                      stacklevel=2)
        self.summary_dir = summary_dir


def as_list(callbacks) -> list:
    """MindSpore's ``_transform_callbacks``: None is [], an iterable a list, else [it]."""
    if callbacks is None:
        return []
    if isinstance(callbacks, Iterable):
        return list(callbacks)
    return [callbacks]
