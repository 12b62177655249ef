"""``mindspore.train``."""
from .._engine.unsupported import module_getattr

__getattr__ = module_getattr("mindspore.train")
