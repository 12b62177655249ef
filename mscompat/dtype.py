"""``mindspore.dtype``: the same names as ``mindspore.common.dtype``."""
from .common.dtype import *  # noqa: F401,F403
from .common.dtype import PUBLIC, Type, dtype_to_nptype, pytype_to_dtype  # noqa: F401

globals().update(PUBLIC)

from ._engine.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("mindspore.dtype")
