"""``mindspore.common.initializer``."""
from .._engine.initializers import (  # noqa: F401
    Constant,
    HeNormal,
    HeUniform,
    Initializer,
    Normal,
    One,
    TruncatedNormal,
    Uniform,
    XavierNormal,
    XavierUniform,
    Zero,
    initializer,
)
from .._engine.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("mindspore.common.initializer")
