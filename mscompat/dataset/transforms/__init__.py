"""``mindspore.dataset.transforms`` (``c_transforms``/``py_transforms`` alias this module)."""
import sys as _sys

from ..._data.transforms import Compose, Duplicate, Fill, OneHot, TypeCast  # noqa: F401
from ..._engine.unsupported import module_getattr as _module_getattr

c_transforms = py_transforms = _sys.modules[__name__]
__getattr__ = _module_getattr("mindspore.dataset.transforms")
