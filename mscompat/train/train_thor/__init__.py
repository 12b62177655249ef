"""``mindspore.train.train_thor``."""
from ..._engine.unsupported import module_getattr as _module_getattr
from ..._train.thor_convert import ConvertModelUtils as ConvertModelUtils
from ..._train.thor_convert import ConvertNetUtils as ConvertNetUtils
from . import convert_utils as convert_utils

__all__ = ["ConvertModelUtils", "ConvertNetUtils", "convert_utils"]
__getattr__ = _module_getattr("mindspore.train.train_thor")
