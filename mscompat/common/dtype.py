"""``mindspore.common.dtype`` (``mstype``): dtype objects and conversions.

Every name is spelled out (no ``globals().update``) so that editors and type checkers see
them; ``tests/test_packaging.py`` checks this list against the dtype table.

Example:
    >>> from mscompat.common import dtype as mstype
    >>> mstype.float32, mstype.single is mstype.float32
    (mindspore.float32, True)
"""
from .._engine.dtypes import (  # noqa: F401
    PUBLIC,
    Bool,
    Float,
    Int,
    Type,
    dtype_to_nptype,
    dtype_to_pytype,
    float_type,
    int_type,
    number_type,
    pytype_to_dtype,
    uint_type,
)
from .._engine.unsupported import module_getattr as _module_getattr

# the dtypes
bool_: Type = PUBLIC["bool_"]
int8: Type = PUBLIC["int8"]
int16: Type = PUBLIC["int16"]
int32: Type = PUBLIC["int32"]
int64: Type = PUBLIC["int64"]
uint8: Type = PUBLIC["uint8"]
uint16: Type = PUBLIC["uint16"]
uint32: Type = PUBLIC["uint32"]
uint64: Type = PUBLIC["uint64"]
float16: Type = PUBLIC["float16"]
float32: Type = PUBLIC["float32"]
float64: Type = PUBLIC["float64"]
bfloat16: Type = PUBLIC["bfloat16"]
complex64: Type = PUBLIC["complex64"]
complex128: Type = PUBLIC["complex128"]
# MindSpore's aliases
bool: Type = PUBLIC["bool"]  # noqa: A001
half: Type = PUBLIC["half"]
single: Type = PUBLIC["single"]
double: Type = PUBLIC["double"]
float_: Type = PUBLIC["float_"]
int_: Type = PUBLIC["int_"]
uint: Type = PUBLIC["uint"]
byte: Type = PUBLIC["byte"]
ubyte: Type = PUBLIC["ubyte"]
short: Type = PUBLIC["short"]
ushort: Type = PUBLIC["ushort"]
intc: Type = PUBLIC["intc"]
uintc: Type = PUBLIC["uintc"]
long: Type = PUBLIC["long"]
intp: Type = PUBLIC["intp"]
uintp: Type = PUBLIC["uintp"]
cfloat: Type = PUBLIC["cfloat"]
cdouble: Type = PUBLIC["cdouble"]

__all__ = [
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
    "float32", "float64", "bfloat16", "complex64", "complex128", "bool", "half", "single",
    "double", "float_", "int_", "uint", "byte", "ubyte", "short", "ushort", "intc", "uintc",
    "long", "intp", "uintp", "cfloat", "cdouble", "Type", "Bool", "Int", "Float", "dtype_to_nptype",
    "dtype_to_pytype", "pytype_to_dtype",
]

__getattr__ = _module_getattr("mindspore.common.dtype")
