"""``save_checkpoint``, ``load_checkpoint``, ``load_param_into_net`` in MindSpore's formats.

``.ckpt`` is MindSpore's protobuf ``Checkpoint`` message (``checkpoint.proto``, built by
``schema.py``): one ``Value`` per Parameter with its name, dims, MindSpore dtype name and raw
little-endian bytes. MindSpore writes a large tensor as several Values with the same tag;
they are joined on load. Files are parsed, never unpickled; a truncated, corrupted or
foreign file raises MindSpore's ValueError and changes no Parameter. ``format='safetensors'``
uses the ``safetensors`` package.

Example:
    >>> import os, tempfile
    >>> import mscompat as ms
    >>> net = ms.nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
    >>> path = os.path.join(tempfile.mkdtemp(), 'net.ckpt')
    >>> ms.save_checkpoint(net, path)
    >>> print(sorted(ms.load_checkpoint(path)))
    ['bias', 'weight']
"""
from __future__ import annotations

import io
import os
import stat
import tempfile
from collections.abc import Callable

import numpy as np
from google.protobuf.message import DecodeError

from .. import dtypes
from ..optional import require
from ..parameter import Parameter
from ..tensor import Tensor
from .schema import Checkpoint

_NP_BY_NAME = {str(t): np.dtype(dtypes.to_np(t)) for t in dtypes.ALL.values()
               if str(t) not in ("Complex64", "Complex128")}


def _entries(save_obj) -> list[tuple[str, object]]:
    """(name, value) pairs from a Cell, a list of {"name", "data"} dicts, or a dict."""
    from ..cell import Cell
    if isinstance(save_obj, Cell):
        return [(p.name, p) for p in save_obj.get_parameters()]
    if isinstance(save_obj, dict):
        return list(save_obj.items())
    if isinstance(save_obj, (list, tuple)):
        out = []
        for item in save_obj:
            if not isinstance(item, dict) or "name" not in item or "data" not in item:
                raise TypeError("For 'save_checkpoint', each element of the list must be a "
                                "dict with the keys 'name' and 'data'.")
            out.append((item["name"], item["data"]))
        return out
    raise TypeError(f"For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list "
                    f"or dict, but got {type(save_obj).__name__}.")


def _as_array(value) -> tuple[np.ndarray, str] | None:
    """A value to save as (array, MindSpore dtype name); None for values MindSpore skips."""
    if isinstance(value, str):
        return np.array(value), "str"
    if isinstance(value, bool):
        return np.array(value), "Bool"
    if isinstance(value, int):
        return np.array(value, np.int64), "Int64"
    if isinstance(value, float):
        return np.array(value, np.float32), "Float32"
    if isinstance(value, Tensor):
        arr = np.asarray(value.asnumpy())
        return arr, str(value.dtype)
    if isinstance(value, np.ndarray):
        return value, str(dtypes.from_np(value.dtype))
    raise TypeError(f"For 'save_checkpoint', a value of type {type(value).__name__} cannot be "
                    f"saved.")


def _write_atomic(path: str, data: bytes) -> None:
    """Write to a temporary file and rename it over ``path`` (read-only, as MindSpore)."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".mscompat-ckpt-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        if os.path.exists(path):
            os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
        os.replace(tmp, path)
        os.chmod(path, stat.S_IRUSR)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def save_checkpoint(save_obj, ckpt_file_name: str, integrated_save: bool = True,
                    async_save: bool = False, append_dict: dict | None = None,
                    enc_key=None, enc_mode: str = "AES-GCM",
                    choice_func: Callable | None = None, crc_check: bool = False,
                    format: str = "ckpt", **kwargs) -> None:  # noqa: A002
    """``mindspore.save_checkpoint``: a Cell, a list of {"name", "data"} or a dict."""
    if enc_key is not None:
        raise NotImplementedError("save_checkpoint(enc_key=...) (encrypted checkpoints) is "
                                  "not supported by mscompat.")
    if crc_check:
        raise NotImplementedError("save_checkpoint(crc_check=True) is not supported by "
                                  "mscompat.")
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the parameter 'ckpt_file_name' must be str, "
                        f"but got {type(ckpt_file_name).__name__}.")
    if format not in ("ckpt", "safetensors"):
        raise ValueError(f"For 'save_checkpoint', 'format' must be 'ckpt' or 'safetensors', "
                         f"but got {format}.")
    suffix = "." + format
    if not ckpt_file_name.endswith(suffix):
        ckpt_file_name += suffix
    entries = _entries(save_obj) + list((append_dict or {}).items())
    arrays = []
    for name, value in entries:
        if choice_func is not None and not choice_func(name):
            continue
        arr, type_name = _as_array(value)
        if arr.size == 0 and type_name != "str":
            continue  # MindSpore leaves empty tensors out
        arrays.append((name, arr, type_name))
    if format == "safetensors":
        save = require("safetensors.numpy", extra="safetensors",
                       feature="save_checkpoint(format='safetensors')").save
        data = save({n: np.ascontiguousarray(a) for n, a, t in arrays if t != "str"})
    else:
        msg = Checkpoint()
        for name, arr, type_name in arrays:
            value = msg.value.add()
            value.tag = name
            value.tensor.tensor_type = type_name
            if type_name == "str":
                value.tensor.dims.append(0)
                value.tensor.tensor_content = np.array(str(arr)).tobytes()
            else:
                value.tensor.dims.extend(int(d) for d in arr.shape)
                value.tensor.tensor_content = np.ascontiguousarray(arr).astype(
                    arr.dtype.newbyteorder("<")).tobytes()
        data = msg.SerializeToString()
    _write_atomic(ckpt_file_name, data)


def _corrupt(path: str) -> ValueError:
    return ValueError(f"Failed to read the checkpoint file {path}. The file may be corrupted, "
                      f"and the content cannot be parsed.")


def _read_ckpt(path: str) -> dict:
    with open(path, "rb") as f:
        raw = f.read()
    try:
        msg = Checkpoint.FromString(raw)
    except (DecodeError, RuntimeError, ValueError) as e:
        raise _corrupt(path) from e
    if not msg.value and raw:
        raise _corrupt(path)
    parts: dict[str, list] = {}
    for value in msg.value:
        if value.WhichOneof("value") != "tensor":
            raise NotImplementedError("Checkpoints holding MapParameter values are not "
                                      "supported by mscompat.")
        parts.setdefault(value.tag, []).append(value.tensor)
    out = {}
    for name, tensors in parts.items():
        type_name = tensors[0].tensor_type
        content = b"".join(t.tensor_content for t in tensors)
        if type_name == "str":
            out[name] = np.frombuffer(content, np.dtype("<U1")).tobytes().decode(
                "utf-32-le") if content else ""
            continue
        np_dtype = _NP_BY_NAME.get(type_name)
        if np_dtype is None:
            raise _corrupt(path)
        dims = [int(d) for d in tensors[0].dims]
        if len(content) != int(np.prod(dims, dtype=np.int64)) * np_dtype.itemsize:
            raise _corrupt(path)
        arr = np.frombuffer(content, np_dtype.newbyteorder("<")).astype(np_dtype)
        out[name] = arr.reshape(dims)
    return out


def _read_safetensors(path) -> dict:
    """The arrays of a safetensors file (a path, or a ``BytesIO`` holding one)."""
    safetensors = require("safetensors", extra="safetensors",
                          feature="load_checkpoint(format='safetensors')")
    load = require("safetensors.numpy", extra="safetensors",
                   feature="load_checkpoint(format='safetensors')").load
    SafetensorError = safetensors.SafetensorError  # noqa: N806
    try:
        if isinstance(path, io.BytesIO):
            return dict(sorted(load(path.getvalue()).items()))
        with open(path, "rb") as f:  # by name, as safetensors lists a file's keys
            return dict(sorted(load(f.read()).items()))
    except (SafetensorError, ValueError, OSError) as e:
        raise _corrupt(str(path)) from e


def _check_file(file, file_format: str):
    """MindSpore's checks of ``load_checkpoint``'s file and ``format``: the name must end
    with the format (``a.safetensors`` needs ``format='safetensors'``); a ``BytesIO`` only
    for safetensors."""
    if file_format not in ("ckpt", "safetensors"):
        raise ValueError("For 'load_checkpoint', the checkpoint file should end with '.ckpt' or "
                         "'.safetensors', please input the correct 'format'.")
    if isinstance(file, io.BytesIO):
        if file_format == "ckpt":
            raise TypeError("ckpt don't support BytesIO as input type, please change to "
                            "safetensors.")
        return file
    if not isinstance(file, str):
        raise TypeError(f"For 'load_checkpoint', the argument 'ckpt_file_name' must be string, "
                        f"but got {type(file)}.")
    if not file.endswith(file_format):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with "
                         f"'format', but got file_name:'{file}', format:'{file_format}'")
    path = os.path.realpath(file)
    if not os.path.isfile(path):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {path} does not exist, "
                         f"please check whether the 'ckpt_file_name' is correct.")
    return path


def _selected(name: str, filter_prefix, specify_prefix, choice_func) -> bool:
    def as_tuple(p):
        return (p,) if isinstance(p, str) else tuple(p)
    if specify_prefix is not None and not name.startswith(as_tuple(specify_prefix)):
        return False
    if filter_prefix is not None and name.startswith(as_tuple(filter_prefix)):
        return False
    return choice_func is None or bool(choice_func(name))


def load_checkpoint(ckpt_file_name: str, net=None, strict_load: bool = False,
                    filter_prefix=None, dec_key=None, dec_mode: str = "AES-GCM",
                    specify_prefix=None, choice_func: Callable | None = None,
                    crc_check: bool = False, remove_redundancy: bool = False,
                    format: str = "ckpt") -> dict:  # noqa: A002
    """``mindspore.load_checkpoint``: {name: Parameter} (strings stay str); with ``net``, the
    values are also loaded into it (``load_param_into_net``)."""
    if dec_key is not None:
        raise NotImplementedError("load_checkpoint(dec_key=...) (encrypted checkpoints) is "
                                  "not supported by mscompat.")
    path = _check_file(ckpt_file_name, format)
    arrays = (_read_safetensors if format == "safetensors" else _read_ckpt)(path)
    out = {}
    for name, arr in arrays.items():
        if not _selected(name, filter_prefix, specify_prefix, choice_func):
            continue
        out[name] = arr if isinstance(arr, str) else Parameter(Tensor(arr), name=name)
    if net is not None:
        load_param_into_net(net, out, strict_load=strict_load)
    return out


_FLOATS = ("Float16", "Float32", "Float64", "BFloat16")
_INTS = ("Int8", "Int16", "Int32", "Int64")
_CHECK = "May you need to check whether the checkpoint you loaded is correct"


def _loadable(param, new, strict_load: bool) -> np.ndarray:
    """``new``'s values as ``param`` takes them, by MindSpore's rules: extra trailing axes of
    size 1 are dropped; another float (or int) dtype is converted unless ``strict_load``;
    anything else is a RuntimeError (nothing is loaded then)."""
    from ... import log as logger
    values = new.asnumpy()
    shape, new_shape = tuple(param.shape), tuple(new.shape)
    if new_shape != shape:
        extra = new_shape[len(shape):]
        if len(new_shape) <= len(shape) or any(d != 1 for d in extra):
            logger.critical(f"Failed to combine the net and the parameters for param "
                            f"{param.name}.")
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have "
                f"the same shape as {param.name} in the argument 'parameter_dict'. But got its "
                f"shape {shape} in the argument 'net' and shape {new_shape} in the argument "
                f"'parameter_dict'.{_CHECK} or the batch size and so on in the 'net' and "
                f"'parameter_dict' are same.")
        return values.reshape(shape).astype(param.asnumpy().dtype)
    if new.dtype != param.dtype:
        kinds = {str(new.dtype), str(param.dtype)}
        if strict_load or not (kinds <= set(_FLOATS) or kinds <= set(_INTS)):
            logger.critical(f"Failed to combine the net and the parameters for param "
                            f"{param.name}.")
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have "
                f"the same type as {param.name} in the argument 'parameter_dict'. but got its "
                f"type {param.dtype} in the argument 'net' and type {new.dtype} in the "
                f"argument 'parameter_dict'.{_CHECK}.")
        logger.warning(f"The type of {new.name if hasattr(new, 'name') else param.name}:"
                       f"{new.dtype} in 'parameter_dict' is different from the type of it in "
                       f"'net':{param.dtype}, then the type convert from {new.dtype} to "
                       f"{param.dtype} in the network. May consume additional memory and time")
        return np.asarray(new.astype(param.dtype).asnumpy())
    return values


def load_param_into_net(net, parameter_dict: dict, strict_load: bool = False,
                        remove_redundancy: bool = False) -> tuple[list, list]:
    """``mindspore.load_param_into_net``: returns ``(param_not_load, ckpt_not_load)``.

    Every shape and dtype is checked before any Parameter changes."""
    from ..cell import Cell
    if not isinstance(net, Cell):
        raise TypeError(f"For 'load_param_into_net', the argument 'net' should be a Cell, but "
                        f"got {type(net).__name__}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError(f"For 'load_param_into_net', the argument 'parameter_dict' should be a "
                        f"dict, but got {type(parameter_dict).__name__}.")
    updates, not_loaded, used = [], [], set()
    for param in net.get_parameters():
        new = parameter_dict.get(param.name)
        if new is None or isinstance(new, str):
            not_loaded.append(param.name)
            continue
        new = new if isinstance(new, Tensor) else Tensor(new)
        updates.append((param, _loadable(param, new, strict_load)))
        used.add(param.name)
    for param, value in updates:
        param.set_data(Tensor(value))
    ckpt_not_load = [n for n in parameter_dict if n not in used]
    return not_loaded, ckpt_not_load
