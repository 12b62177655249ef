"""``Cell.state_dict`` and ``Cell.load_state_dict`` (MindSpore 2.10's PyTorch-style pair):
keys are attribute paths (``'0.weight'``, not Parameter names), values the Parameters and
persistent buffers themselves; loading copies values by key and reports
``(missing_keys, unexpected_keys)``.

Loading checks every key, shape and type first and writes nothing when it raises (MindSpore
copies what it can before raising).

Example:
    >>> import mscompat as ms
    >>> net = ms.nn.SequentialCell(ms.nn.Dense(2, 3), ms.nn.Dense(3, 1))
    >>> list(net.state_dict())
    ['0.weight', '0.bias', '1.weight', '1.bias']
    >>> net.load_state_dict(net.state_dict())
    <All keys matched successfully>
"""
from __future__ import annotations

from collections import OrderedDict, namedtuple
from collections.abc import Mapping

import numpy as np

from .tensor import Tensor


class _IncompatibleKeys(namedtuple("_IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    def __repr__(self) -> str:
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return super().__repr__()

    __str__ = __repr__


def _local_state(cell) -> list:
    items = [(name, p) for name, p in cell.__dict__["_params"].items() if p is not None]
    for name, persistent in cell.__dict__.get("_buffers", {}).items():
        value = getattr(cell, name)
        if persistent and value is not None:
            items.append((name, value))
    return items


def _walk(cell, prefix: str):
    yield prefix, cell
    for name, child in cell.__dict__["_cells"].items():
        if child is not None:
            yield from _walk(child, f"{prefix}{name}.")


def state_dict(self, *args, destination=None, prefix: str = "", keep_vars: bool = False):
    """``Cell.state_dict(destination=None, prefix='', keep_vars=False)``: an OrderedDict of
    attribute path -> Parameter (or persistent buffer), this Cell's first, then its
    children's."""
    if args:
        destination = args[0] if destination is None else destination
        prefix = args[1] if len(args) > 1 and prefix == "" else prefix
    if destination is not None and not isinstance(destination, dict):
        raise TypeError(f"The type of destination must be OrderedDict, but got "
                        f"{type(destination)}")
    if not isinstance(prefix, str):
        raise TypeError(f"The type of prefix must be string, but got {type(prefix)}")
    if not isinstance(keep_vars, bool):
        raise TypeError(f"The type of keep_vars must be bool, but got {type(keep_vars)}")
    out = OrderedDict() if destination is None else destination
    for path, cell in _walk(self, prefix):
        for name, value in _local_state(cell):
            out[path + name] = value
    return out


def load_state_dict(self, state_dict: Mapping, strict: bool = True):
    """``Cell.load_state_dict(state_dict, strict=True)``: copy by key; returns
    ``_IncompatibleKeys(missing_keys, unexpected_keys)``; with ``strict`` a missing or
    unexpected key raises RuntimeError, as a wrong shape or type always does."""
    if not isinstance(state_dict, Mapping):
        raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
    mine = self.state_dict()
    missing = [k for k in mine if k not in state_dict]
    unexpected = [k for k in state_dict if k not in mine]
    errors = []
    for key, target in mine.items():
        if key not in state_dict:
            continue
        value = state_dict[key]
        if not isinstance(value, Tensor):
            errors.append(f'While copying the parameter named "{key}", expected Tensor or '
                          f"Tensor-like object from checkpoint but received {type(value)}")
        elif tuple(value.shape) != tuple(target.shape):
            errors.append(f"size mismatch for {key}: copying a param with shape "
                          f"{tuple(value.shape)} from checkpoint, the shape in current model "
                          f"is {tuple(target.shape)}.")
    if strict:
        if unexpected:
            errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in unexpected)))
        if missing:
            errors.insert(0, "Missing key(s) in state_dict: {}. ".format(
                ", ".join(f'"{k}"' for k in missing)))
    if errors:
        raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(
            type(self).__name__, "\n\t".join(errors)))
    for key, target in mine.items():
        if key in state_dict and state_dict[key] is not target:
            target.assign_value(Tensor(np.asarray(state_dict[key].asnumpy()), target.dtype))
    return _IncompatibleKeys(missing, unexpected)


def install(cell_class) -> None:
    cell_class.state_dict = state_dict
    cell_class.load_state_dict = load_state_dict
