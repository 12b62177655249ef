"""``mindspore.dataset.vision``: image transforms (``c_transforms``/``py_transforms`` alias
this module)."""
import sys as _sys

from ..._data.vision import (  # noqa: F401
    HWC2CHW,
    Border,
    CenterCrop,
    Decode,
    Inter,
    Normalize,
    RandomCrop,
    RandomHorizontalFlip,
    RandomVerticalFlip,
    Rescale,
    Resize,
    ToPIL,
    ToTensor,
)
from ..._engine.unsupported import module_getattr as _module_getattr

c_transforms = py_transforms = _sys.modules[__name__]
__getattr__ = _module_getattr("mindspore.dataset.vision")
