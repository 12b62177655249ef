"""``mindspore.train.train_thor.convert_utils``."""
from ..._engine.unsupported import module_getattr as _module_getattr
from ..._train.thor_convert import ConvertModelUtils as ConvertModelUtils
from ..._train.thor_convert import ConvertNetUtils as ConvertNetUtils

__all__ = ["ConvertModelUtils", "ConvertNetUtils"]
__getattr__ = _module_getattr("mindspore.train.train_thor.convert_utils")
