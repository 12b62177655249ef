"""Tensor methods that are not ops: metadata, in-place fills and copies, layout no-ops.

In-place methods (``fill_``, ``zero_``, ``copy_``) rebind the Tensor's value, as
``Tensor.__setitem__`` does, so they are recorded and differentiated like any write.
"""
from __future__ import annotations

import jax.numpy as jnp

from .op_rows_array import _full_like
from .ops_build import call
from .tensor import Tensor, unwrap


def _value(self) -> Tensor:
    return self


def _device(self) -> str:
    return "CPU"


def _type(self, dtype=None):
    if dtype is None:
        return str(self.dtype)
    return self.astype(dtype)


def _stride(self, dim=None):
    strides, acc = [], 1
    for d in reversed(self.shape):
        strides.append(acc)
        acc *= d
    strides = list(reversed(strides))
    return strides if dim is None else strides[dim]


def _fill(self, value) -> Tensor:
    return call(_full_like, (self._data, unwrap(value)))


def _fill_(self, value) -> Tensor:
    self._data = _fill(self, value)._data
    return self


def _zero_(self) -> Tensor:
    return _fill_(self, 0)


def _copied(x, src):
    return jnp.broadcast_to(src, x.shape).astype(x.dtype)


def _copy_(self, src, non_blocking=False) -> Tensor:
    self._data = call(_copied, (self._data, unwrap(src)))._data
    return self


def _set_data(self, data) -> Tensor:
    self._data = Tensor(data)._data if not isinstance(data, Tensor) else data._data
    return self


def _uniform_(self, from_=0, to=1, *, generator=None) -> Tensor:
    """``Tensor.uniform_(from_=0, to=1, *, generator=None)``: filled in place with values
    drawn uniformly from [from_, to) (mscompat's seeded stream; MindSpore 2.10's CPU build
    has no kernel for it)."""
    from . import random_ops
    lo, hi = (float(v.asnumpy()) if isinstance(v, Tensor) else float(v) for v in (from_, to))
    if lo > hi:
        raise ValueError(f"For 'uniform_', 'from_' must be at most 'to', but got {lo} > {hi}.")
    drawn = random_ops._run(random_ops._uniform, (lo, hi),
                            {"shape": tuple(self.shape), "dtype": random_ops._dt(self.dtype)},
                            generator=generator)
    self._data = drawn._data
    return self


def _flush_from_cache(self) -> None:
    """``Tensor.flush_from_cache()``: MindSpore's host-cache write-back of an embedding
    table; mscompat keeps no such cache, so there is nothing to flush."""


_METHODS = {
    "uniform_": _uniform_, "flush_from_cache": _flush_from_cache,
    "value": _value, "type": _type, "stride": _stride, "fill": _fill, "fill_": _fill_,
    "zero_": _zero_, "copy_": _copy_, "contiguous": _value,
    "is_contiguous": lambda self: True,
}
for _name, _fn in _METHODS.items():
    if _name not in Tensor.__dict__:
        setattr(Tensor, _name, _fn)
Tensor.data = property(_value, _set_data)
Tensor.device = property(_device)
if "set_data" not in Tensor.__dict__:
    Tensor.set_data = _set_data
