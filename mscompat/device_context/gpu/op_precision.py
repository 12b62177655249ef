"""``mindspore.device_context.gpu.op_precision``: allow TF32 for matmuls or convolutions.

MindSpore (and mscompat) compute float32 matmuls and convolutions at full float32 precision
by default. On an Ampere or newer GPU, ``matmul_allow_tf32(True)`` /
``conv_allow_tf32(True)`` let XLA use TensorFloat-32 (faster, about 10 mantissa bits) for
mscompat's programs; programs compiled before are compiled again. JAX's own setting outside
mscompat is not touched. On a CPU both are exact either way.

Example:
    >>> import mscompat.device_context.gpu.op_precision as op_precision
    >>> op_precision.matmul_allow_tf32(True)
    >>> op_precision.matmul_allow_tf32(False)
"""
from ..._engine import jaxconfig


def _check(value) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"The parameter 'value' must be {bool}, but got {type(value)}")


def matmul_allow_tf32(value: bool) -> None:
    """Allow TF32 in float32 matmuls (``MatMul``, ``BatchMatMul``, ``Dense``...)."""
    _check(value)
    jaxconfig.allow_tf32("matmul", value)


def conv_allow_tf32(value: bool) -> None:
    """Allow TF32 in float32 convolutions."""
    _check(value)
    jaxconfig.allow_tf32("conv", value)


__all__ = ["matmul_allow_tf32", "conv_allow_tf32"]
