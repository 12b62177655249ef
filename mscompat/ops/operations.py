"""``mindspore.ops.operations`` (``P``): primitive classes generated from the op table."""
from .._engine.collective_ops import AllGather, AllReduce, Broadcast, ReduceOp, ReduceScatter
from .._engine.ops_build import PRIMITIVES, Primitive, PrimitiveWithCheck, PrimitiveWithInfer
from .._engine.unsupported import module_getattr

globals().update(PRIMITIVES)
__getattr__ = module_getattr("mindspore.ops.operations")
__all__ = sorted(PRIMITIVES) + ["Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck",
                                "AllGather", "AllReduce", "Broadcast", "ReduceOp",
                                "ReduceScatter"]
