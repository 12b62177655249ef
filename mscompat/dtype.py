"""``mindspore.dtype``: the same names as ``mindspore.common.dtype``."""
from ._engine.unsupported import module_getattr as _module_getattr
from .common import dtype as _common_dtype
from .common.dtype import *  # noqa: F403  (exactly common.dtype.__all__)
from .common.dtype import PUBLIC as PUBLIC

__all__ = list(_common_dtype.__all__)
__getattr__ = _module_getattr("mindspore.dtype")
