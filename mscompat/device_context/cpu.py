"""``mindspore.device_context.cpu``: the host (one CPU device, as MindSpore reports)."""
from .._engine.unsupported import module_getattr as _module_getattr


def is_available() -> bool:
    return True


def device_count() -> int:
    """MindSpore counts the host as one CPU device."""
    return 1


__all__ = ["is_available", "device_count"]
__getattr__ = _module_getattr("mindspore.device_context.cpu")
