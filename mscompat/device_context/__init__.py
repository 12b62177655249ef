"""``mindspore.device_context``: devices and GPU precision knobs.

Example:
    >>> import mscompat as ms
    >>> ms.device_context.cpu.is_available()
    True
    >>> ms.device_context.gpu.op_precision.matmul_allow_tf32(False)  # the default
"""
from .._engine.unsupported import module_getattr as _module_getattr
from . import cpu as cpu
from . import gpu as gpu

__all__ = ["cpu", "gpu"]
__getattr__ = _module_getattr("mindspore.device_context")
