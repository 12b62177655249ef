"""``mindspore.dataset.transforms`` (``c_transforms``/``py_transforms`` alias this module)."""
import sys as _sys

from ..._data.transforms import (  # noqa: F401
    Compose,
    Concatenate,
    Duplicate,
    Fill,
    Mask,
    OneHot,
    PadEnd,
    PyTensorOperation,
    RandomApply,
    RandomChoice,
    RandomOrder,
    Relational,
    Slice,
    TensorOperation,
    TypeCast,
    Unique,
)
from ..._engine.unsupported import module_getattr as _module_getattr

c_transforms = py_transforms = transforms = _sys.modules[__name__]
_sys.modules[f"{__name__}.transforms"] = _sys.modules[__name__]  # as MindSpore 2.10
__getattr__ = _module_getattr("mindspore.dataset.transforms")
