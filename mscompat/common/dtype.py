"""``mindspore.common.dtype`` (``mstype``): dtype objects and conversions."""
from .._engine.dtypes import (  # noqa: F401
    PUBLIC,
    Type,
    dtype_to_nptype,
    float_type,
    int_type,
    number_type,
    pytype_to_dtype,
    uint_type,
)

globals().update(PUBLIC)
__all__ = sorted(PUBLIC) + ["Type", "dtype_to_nptype", "pytype_to_dtype"]

from .._engine.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("mindspore.common.dtype")
