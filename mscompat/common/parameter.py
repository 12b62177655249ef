"""``mindspore.common.parameter``."""
from .._engine.parameter import Parameter, ParameterTuple  # noqa: F401
from .._engine.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("mindspore.common.parameter")
