"""Checkpoint helpers around ``save_checkpoint``/``load_checkpoint``: asynchronous loading,
``.ckpt`` <-> ``.safetensors`` conversion and merging the slices of a Parameter.

Example:
    >>> import os, tempfile
    >>> import numpy as np
    >>> import mscompat as ms
    >>> folder = tempfile.mkdtemp()
    >>> ms.save_checkpoint({"w": ms.Tensor(np.ones(2, np.float32))},
    ...                    os.path.join(folder, "net.ckpt"))
    >>> ms.ckpt_to_safetensors(os.path.join(folder, "net.ckpt"))
    >>> print(ms.load_checkpoint(os.path.join(folder, "net.safetensors"),
    ...                          format="safetensors")["w"].asnumpy())
    [1. 1.]
"""
from __future__ import annotations

import os
import re
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .serialization import load_checkpoint, save_checkpoint

_SUFFIX = {"ckpt": ".ckpt", "safetensors": ".safetensors"}


class ParamDictFuture:
    """What ``load_checkpoint_async`` returns: ``result()`` waits for the dictionary."""

    def __init__(self, executor: ThreadPoolExecutor, future) -> None:
        self.executor = executor
        self.param_dict_future = future

    def result(self) -> dict:
        param_dict = self.param_dict_future.result()
        self.executor.shutdown()
        return param_dict


def load_checkpoint_async(ckpt_file_name: str, net=None, strict_load: bool = False,
                          filter_prefix=None, dec_key=None, dec_mode: str = "AES-GCM",
                          specify_prefix=None, choice_func=None) -> ParamDictFuture:
    """``load_checkpoint`` on a worker thread; ``.result()`` returns its dictionary (and
    raises its errors)."""
    fmt = "safetensors" if str(ckpt_file_name).endswith(".safetensors") else "ckpt"
    executor = ThreadPoolExecutor(max_workers=2)
    future = executor.submit(load_checkpoint, ckpt_file_name, net, strict_load, filter_prefix,
                             dec_key, dec_mode, specify_prefix, choice_func, format=fmt)
    return ParamDictFuture(executor, future)


def async_ckpt_thread_status() -> bool:
    """Is an asynchronous ``save_checkpoint`` still writing (its thread alive)?"""
    return any(t.name == "asyn_save_ckpt" for t in threading.enumerate())


def _convert(file_path: str, save_path, name_map, file_name_regex, dst: str) -> None:
    src = "safetensors" if dst == "ckpt" else "ckpt"
    api = f"{src}_to_{dst}" if dst == "ckpt" else "ckpt_to_safetensors"
    if not os.path.isdir(file_path) and not os.path.isfile(file_path):
        raise ValueError(f"For {api}, the input path must be a valid path or file, but got "
                         f"{file_path}")
    if save_path and os.path.splitext(save_path)[1]:
        raise ValueError(f"For {api}, the save_path must be a directory, but got '{save_path}'")
    if name_map is not None and not isinstance(name_map, dict):
        raise ValueError(f"For {api}, the type of 'name_map' must be a directory, but got "
                         f"'{type(name_map)}'")
    tasks = []
    if os.path.isdir(file_path):
        ranks = sorted(d for d in os.listdir(file_path)
                       if d.startswith("rank") and os.path.isdir(os.path.join(file_path, d)))
        if not ranks:
            raise ValueError(f"For '{api}', no directories starting with 'rank' found in "
                             f"{file_path}.")
        for rank in ranks:
            rank_dir = os.path.join(file_path, rank)
            out_dir = os.path.join(save_path, rank) if save_path is not None else rank_dir
            for name in sorted(os.listdir(rank_dir)):
                if name.endswith(_SUFFIX[src]) and (file_name_regex is None
                                                   or re.search(file_name_regex, name)):
                    tasks.append((os.path.join(rank_dir, name), out_dir))
    else:
        if not file_path.endswith(_SUFFIX[src]):
            raise ValueError(f"For {api}, the input file must be a {_SUFFIX[src]} file, but got "
                             f"{file_path}")
        if file_name_regex is not None and not re.findall(file_name_regex, file_path):
            raise ValueError(f"For {api}, the input file does not match the regular expression.")
        tasks.append((file_path, save_path or os.path.dirname(file_path)))
    for path, out_dir in tasks:
        os.makedirs(out_dir or ".", exist_ok=True)
        params = load_checkpoint(path, format=src)
        if name_map is not None:
            params = {name_map.get(k, k): v for k, v in params.items()}
        out = os.path.basename(path).replace(_SUFFIX[src], _SUFFIX[dst])
        save_checkpoint(params, os.path.join(out_dir, out), format=dst)


def ckpt_to_safetensors(file_path: str, save_path: str | None = None, name_map=None,
                        file_name_regex: str | None = None, processes_num: int = 1) -> None:
    """Convert a ``.ckpt`` file (or the ``rank*`` folders of a directory) to safetensors
    beside it or in ``save_path``, renaming Parameters by ``name_map``."""
    _convert(file_path, save_path, name_map, file_name_regex, "safetensors")


def safetensors_to_ckpt(file_path: str, save_path: str | None = None, name_map=None,
                        file_name_regex: str | None = None, processes_num: int = 1) -> None:
    """Convert a ``.safetensors`` file (or the ``rank*`` folders of a directory) to
    ``.ckpt``."""
    _convert(file_path, save_path, name_map, file_name_regex, "ckpt")


def merge_sliced_parameter(sliced_parameters, strategy=None):
    """One Parameter from its slices along axis 0 (as a data-parallel or pipeline run saved
    them); a sharding ``strategy`` is not supported."""
    from ..parameter import Parameter
    from ..tensor import Tensor
    if not isinstance(sliced_parameters, list):
        raise TypeError(f"For 'merge_sliced_parameter', the argument 'sliced_parameters' should "
                        f"be list, but got {type(sliced_parameters)}.")
    if not sliced_parameters:
        raise ValueError("For 'merge_sliced_parameter', the argument 'sliced_parameters' "
                         "should not be empty.")
    if strategy and not isinstance(strategy, dict):
        raise TypeError(f"For 'merge_sliced_parameter', the argument 'strategy' should be "
                        f"dict, but got {type(strategy)}.")
    first = sliced_parameters[0]
    for index, p in enumerate(sliced_parameters):
        if not isinstance(p, Parameter):
            raise TypeError(f"For 'merge_sliced_parameter', the element in 'sliced_parameters' "
                            f"should be 'Parameter', but got {type(p)} at index {index}.")
        if p.name != first.name or p.ndim != first.ndim or p.shape[1:] != first.shape[1:]:
            raise ValueError(
                f"For 'merge_sliced_parameter', please make sure that the elements in "
                f"'slice_parameters' have the same name, dimension length and shape except 0 "
                f"axis. The name, dimension length, shape except 0 axis should be {first.name}, "
                f"{first.ndim}, {tuple(first.shape[1:])}, but got name: {p.name}, dimension "
                f"length: {p.ndim}, shape except 0 axis: {tuple(p.shape[1:])} at index {index}.")
    if strategy:
        raise NotImplementedError("mindspore.merge_sliced_parameter(strategy=...) (merging "
                                  "by a parallel sharding strategy) is not supported by "
                                  "mscompat.")
    merged = np.concatenate([p.asnumpy() for p in sliced_parameters])
    return Parameter(Tensor(merged, dtype=first.dtype), first.name, first.requires_grad,
                     first.layerwise_parallel)
