"""``mindspore.device_context.gpu``: JAX's GPUs, and the TF32 knobs (``op_precision``)."""
from ..._engine.unsupported import module_getattr as _module_getattr
from . import op_precision as op_precision
from .op_precision import conv_allow_tf32 as conv_allow_tf32
from .op_precision import matmul_allow_tf32 as matmul_allow_tf32


def _gpus() -> list:
    import jax
    try:
        return jax.devices("gpu")
    except RuntimeError:
        return []


def is_available() -> bool:
    """Whether JAX sees a GPU."""
    return bool(_gpus())


def device_count() -> int:
    """The number of GPUs (MindSpore's RuntimeError when there is none)."""
    gpus = _gpus()
    if not gpus:
        raise RuntimeError("Device_target GPU not exist.")
    return len(gpus)


__all__ = ["is_available", "device_count", "op_precision", "matmul_allow_tf32",
           "conv_allow_tf32"]
__getattr__ = _module_getattr("mindspore.device_context.gpu")
