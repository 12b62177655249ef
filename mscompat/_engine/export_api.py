"""``mindspore.export`` / ``mindspore.load``.

MindSpore's MINDIR, AIR and ONNX files are MindSpore's (or Ascend's) own graph formats:
they raise NotImplementedError naming the format. What JAX really produces is StableHLO:
``export(net, *inputs, file_name=..., file_format='STABLEHLO')`` (mscompat's own format,
not MindSpore's) writes the network, with its current weights baked in, through
``jax.export``; ``load`` of such a file returns a callable that ``nn.GraphCell`` wraps.

Example:
    >>> import os, tempfile
    >>> import mscompat as ms
    >>> net = ms.nn.Dense(2, 1, weight_init='ones', bias_init='zeros')
    >>> path = os.path.join(tempfile.mkdtemp(), 'dense')
    >>> ms.export(net, ms.Tensor([[1.0, 2.0]]), file_name=path, file_format='STABLEHLO')
    >>> print(ms.nn.GraphCell(ms.load(path + '.stablehlo'))(ms.Tensor([[1.0, 2.0]])))
    [[3.]]
"""
from __future__ import annotations

import jax
import numpy as np

from . import jaxconfig
from .tensor import Tensor, to_raw, wrap_tree

_FOREIGN = ("MINDIR", "AIR", "ONNX")


@jaxconfig.entry
def export(net, *inputs, file_name: str, file_format: str = "MINDIR", **kwargs) -> None:
    """``mindspore.export(net, *inputs, file_name, file_format='MINDIR')``."""
    fmt = str(file_format).upper()
    if fmt in _FOREIGN:
        raise NotImplementedError(
            f"mindspore.export(file_format='{fmt}') is not supported by mscompat: {fmt} is "
            f"MindSpore's own graph format. mscompat exports StableHLO "
            f"(file_format='STABLEHLO') through jax.export.")
    if fmt != "STABLEHLO":
        raise ValueError(f"For 'export', 'file_format' must be one of {list(_FOREIGN)} or "
                         f"'STABLEHLO', but got {file_format}.")
    if hasattr(net, "set_train"):
        net.set_train(False)

    def fn(*arrays):
        return to_raw(net(*wrap_tree(arrays)))
    specs = [jax.ShapeDtypeStruct(_spec_shape(t.shape, i), np.dtype(t._data.dtype))
             for i, t in enumerate(inputs)]
    exported = jax.export.export(jax.jit(fn))(*specs)
    path = file_name if file_name.endswith(".stablehlo") else file_name + ".stablehlo"
    with open(path, "wb") as f:
        f.write(exported.serialize())


def _spec_shape(shape: tuple, position: int) -> tuple:
    """An input's shape for ``jax.export``: a dynamic-shape placeholder's unknown dimensions
    (``Tensor(shape=[None, 3], ...)``) become StableHLO's symbolic dimensions."""
    if shape == (-2,):
        raise NotImplementedError(
            f"mindspore.export of an input of unknown rank (input {position}: "
            f"Tensor(shape=None)) is not supported by mscompat: StableHLO needs each input's "
            f"rank.")
    if all(d >= 0 for d in shape):
        return shape
    names = ", ".join(f"d{position}_{k}" if d < 0 else str(d) for k, d in enumerate(shape))
    return jax.export.symbolic_shape(names)


class _Loaded:
    """A deserialized StableHLO program, called with Tensors."""

    def __init__(self, exported) -> None:
        self._exported = exported

    @jaxconfig.entry
    def __call__(self, *inputs):
        return wrap_tree(self._exported.call(*[t._data if isinstance(t, Tensor) else t
                                               for t in inputs]))


def load(file_name: str, **kwargs):
    """``mindspore.load``: StableHLO files written by ``export``; MINDIR raises."""
    if not file_name.endswith(".stablehlo"):
        raise NotImplementedError(
            f"mindspore.load('{file_name}'): loading MindSpore's MINDIR graphs is not "
            f"supported by mscompat; it loads StableHLO files written by "
            f"mindspore.export(..., file_format='STABLEHLO').")
    with open(file_name, "rb") as f:
        data = bytearray(f.read())
    try:
        return _Loaded(jax.export.deserialize(data))
    except Exception as e:
        raise ValueError(f"For 'load', the file {file_name} is not a valid StableHLO "
                         f"export.") from e
