"""``mindspore.ops.operations`` (``P``): primitive classes generated from the op table.

MindSpore's submodules (``nn_ops``, ``math_ops``, ``_inner_ops`` ...) are importable views of
the same classes: ``from mindspore.ops.operations import nn_ops`` then ``nn_ops.Conv2D``.

Example:
    >>> from mscompat.ops.operations import _inner_ops, nn_ops
    >>> nn_ops.Conv2D is _inner_ops.Conv2D
    True
"""
from .._engine.collective_ops import AllGather, AllReduce, Broadcast, ReduceOp, ReduceScatter
from .._engine.ops_build import (
    INNER_PRIMITIVES,
    PRIMITIVES,
    Primitive,
    PrimitiveWithCheck,
    PrimitiveWithInfer,
)
from .._engine.unsupported import module_getattr, new_module

globals().update(PRIMITIVES)
__getattr__ = module_getattr("mindspore.ops.operations")
__path__: list[str] = []  # a package of the submodules below, as in MindSpore
__all__ = sorted(PRIMITIVES) + ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck",
                                "AllGather", "AllReduce", "Broadcast", "ReduceOp",
                                "ReduceScatter"]

_SUBMODULES = ("array_ops", "comm_ops", "control_ops", "custom_ops", "debug_ops", "image_ops",
               "inner_ops", "linalg_ops", "math_ops", "nn_ops", "other_ops", "random_ops",
               "sparse_ops", "spectral_ops", "_inner_ops", "_grad_ops")
_names = {name: globals()[name] for name in __all__}
for _sub in _SUBMODULES:
    new_module(f"{__name__}.{_sub}", f"``mindspore.ops.operations.{_sub}``: the primitives.",
               {} if _sub == "_grad_ops" else
               {**_names, **(INNER_PRIMITIVES if _sub == "_inner_ops" else {})})
del _sub, _names
