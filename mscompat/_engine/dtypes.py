"""MindSpore's dtype objects (``mindspore.float32`` ...) and their NumPy/JAX counterparts.

One table, ``_TABLE``, names every dtype once; the public objects, the aliases and the
conversions are derived from it.

Example:
    >>> import mscompat as ms
    >>> print(ms.float32, repr(ms.float32))
    Float32 mindspore.float32
"""
from __future__ import annotations

import ml_dtypes
import numpy as np


class Type:
    """A MindSpore dtype. ``str`` is ``Float32``; ``repr`` is ``mindspore.float32``.

    The dtype objects are instances of MindSpore's classes for their kind (``Bool``, ``Int``,
    ``UInt``, ``Float``, ``BFloat``, ``Complex``, all ``Number``); ``Float(32)`` is
    ``mindspore.float32``."""

    __slots__ = ("_name", "_attr", "_np", "kind")

    @classmethod
    def _make(cls, name: str, attr: str, np_dtype, kind: str) -> Type:
        self = object.__new__(cls)
        self._name, self._attr, self._np, self.kind = name, attr, np.dtype(np_dtype), kind
        return self  # "bool" | "int" | "uint" | "float" | "complex"

    def __str__(self) -> str:
        return self._name

    def __repr__(self) -> str:
        return "mindspore.bool" if self._attr == "bool_" else f"mindspore.{self._attr}"

    def __reduce__(self):
        return (to_mstype, (self._attr,))

    @property
    def is_float(self) -> bool:
        return self.kind in ("float", "complex")

    @property
    def is_floating_point(self) -> bool:
        return self.kind == "float"

    @property
    def is_complex(self) -> bool:
        return self.kind == "complex"

    @property
    def is_signed(self) -> bool:
        return self.kind not in ("bool", "uint")

    @property
    def itemsize(self) -> int:
        return self._np.itemsize

    def to_complex(self) -> Type:
        """The complex dtype of this float32/bfloat16 (complex64) or float64 (complex128)."""
        if self.kind == "complex":
            return self
        if self._attr in ("float32", "bfloat16", "float64"):
            return ALL["complex128" if self._attr == "float64" else "complex64"]
        raise TypeError(f"Cannot convert type {self._attr.rstrip('_')} to complex type.")

    def to_real(self) -> Type:
        """The real dtype of a complex dtype; other dtypes are their own."""
        if self.kind == "complex":
            return ALL["float64" if self._attr == "complex128" else "float32"]
        return self


class Number(Type):
    """MindSpore's number dtypes; ``Int(8)``, ``Float(32)``... name one by its bits."""

    __slots__ = ()
    _prefix = ""

    def __new__(cls, bits: int | None = None):
        if bits is None:
            raise NotImplementedError(f"mindspore.dtype.{cls.__name__}() without a bit width "
                                      "(the generic type) is not supported by mscompat")
        found = ALL.get(f"{cls._prefix}{int(bits)}")
        if found is None or type(found) is not cls:
            raise RuntimeError(f"For {cls.__name__} type only support number of "
                               f"{_BITS[cls.__name__]}, but got {bits}bits")
        return found


class Bool(Number):
    __slots__ = ()

    def __new__(cls):
        return ALL["bool_"]


class Int(Number):
    __slots__ = ()
    _prefix = "int"


class UInt(Number):
    __slots__ = ()
    _prefix = "uint"


class Float(Number):
    __slots__ = ()
    _prefix = "float"


class BFloat(Number):
    __slots__ = ()
    _prefix = "bfloat"


class Complex(Number):
    __slots__ = ()
    _prefix = "complex"


_BITS = {"Int": "8bits, 16bits, 32bits and 64bits", "UInt": "8bits, 16bits, 32bits and 64bits",
         "Float": "16bits, 32bits and 64bits", "BFloat": "16bits",
         "Complex": "64bits and 128bits"}
_KIND_CLASS = {"bool": Bool, "int": Int, "uint": UInt, "float": Float, "complex": Complex}


# name shown by str(), attribute name, numpy dtype, kind
_TABLE = [
    ("Bool", "bool_", np.bool_, "bool"),
    ("Int8", "int8", np.int8, "int"),
    ("Int16", "int16", np.int16, "int"),
    ("Int32", "int32", np.int32, "int"),
    ("Int64", "int64", np.int64, "int"),
    ("UInt8", "uint8", np.uint8, "uint"),
    ("UInt16", "uint16", np.uint16, "uint"),
    ("UInt32", "uint32", np.uint32, "uint"),
    ("UInt64", "uint64", np.uint64, "uint"),
    ("Float16", "float16", np.float16, "float"),
    ("Float32", "float32", np.float32, "float"),
    ("Float64", "float64", np.float64, "float"),
    ("BFloat16", "bfloat16", ml_dtypes.bfloat16, "float"),
    ("Complex64", "complex64", np.complex64, "complex"),
    ("Complex128", "complex128", np.complex128, "complex"),
]

ALL: dict[str, Type] = {
    attr: (BFloat if attr == "bfloat16" else _KIND_CLASS[kind])._make(name, attr, npd, kind)
    for name, attr, npd, kind in _TABLE}
_BY_NP: dict[np.dtype, Type] = {t._np: t for t in ALL.values()}

# MindSpore's aliases (mindspore.common.dtype)
ALIASES = {
    "bool": "bool_", "half": "float16", "single": "float32", "double": "float64",
    "float_": "float32", "int_": "int32", "uint": "uint32", "byte": "int8", "ubyte": "uint8",
    "short": "int16", "ushort": "uint16", "intc": "int32", "uintc": "uint32", "long": "int64",
    "intp": "int64", "uintp": "uint64", "cfloat": "complex64", "cdouble": "complex128",
}

PUBLIC: dict[str, Type] = {**ALL, **{a: ALL[t] for a, t in ALIASES.items()}}


def to_mstype(obj) -> Type:
    """Any dtype spelling (a Type, a NumPy/JAX dtype, ``float``, ``"float32"``) -> Type."""
    if isinstance(obj, Type):
        return obj
    if isinstance(obj, str) and obj in PUBLIC:
        return PUBLIC[obj]
    if obj is float:
        return ALL["float32"]
    if obj is int:
        return ALL["int64"]
    if obj is bool:
        return ALL["bool_"]
    try:
        return _BY_NP[np.dtype(obj)]
    except (TypeError, KeyError):
        raise TypeError(f"For 'dtype', the type '{obj}' is not a valid MindSpore dtype.") from None


def from_np(np_dtype) -> Type:
    return _BY_NP[np.dtype(np_dtype)]


def to_np(t) -> np.dtype:
    return to_mstype(t)._np


def dtype_to_nptype(type_):
    """MindSpore dtype -> NumPy scalar type (``mindspore.dtype_to_nptype``)."""
    return to_np(type_).type


def pytype_to_dtype(obj) -> Type:
    return to_mstype(obj)


def dtype_to_pytype(type_) -> type:
    """MindSpore dtype -> Python type (``mindspore.dtype_to_pytype``): bool, int, float or
    complex."""
    return {"bool": bool, "int": int, "uint": int, "float": float,
            "complex": complex}[to_mstype(type_).kind]


float_type = tuple(t for t in ALL.values() if t.kind == "float")
int_type = tuple(t for t in ALL.values() if t.kind == "int")
uint_type = tuple(t for t in ALL.values() if t.kind == "uint")
number_type = int_type + uint_type + float_type
