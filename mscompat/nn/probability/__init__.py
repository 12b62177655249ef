"""``mindspore.nn.probability``: the ``distribution`` module."""
from ..._engine.unsupported import module_getattr as _module_getattr
from . import distribution as distribution

__all__ = ["distribution"]
__getattr__ = _module_getattr("mindspore.nn.probability")
