"""Registration information for custom operators: ``ops.CustomRegOp`` and ``ops.DataType``.

MindSpore's compiled ``Custom`` kernels take ``reg_info``: the data types and formats each
input and output supports, built with ``CustomRegOp`` from ``DataType`` pairs. mscompat runs
``func_type='pyfunc'`` only (``custom_op.py``), which needs none of it, but scripts build the
information at import time, so the builders produce MindSpore's dict with its argument checks
(settled against MindSpore 2.10: ``tests/conformance/cases/custom_op.py``).

Example:
    >>> from mscompat.ops import CustomRegOp, DataType
    >>> info = (CustomRegOp("add").input(0, "x").output(0, "y")
    ...         .dtype_format(DataType.F32_Default, DataType.F32_Default).target("CPU")
    ...         .get_op_info())
    >>> info["dtype_format"], info["target"]
    ([(('float32', 'DefaultFormat'), ('float32', 'DefaultFormat'))], 'CPU')
"""
from __future__ import annotations

from typing import Any

_DTYPES = {"BF16": "bfloat16", "BOOL": "bool", "C128": "complex128", "C64": "complex64",
           "F16": "float16", "F32": "float32", "F64": "float64", "I16": "int16",
           "I32": "int32", "I64": "int64", "I8": "int8", "U16": "uint16", "U32": "uint32",
           "U64": "uint64", "U8": "uint8", "None": ""}
_FORMATS = {"5HD": "NC1HWC0", "Default": "DefaultFormat", "Default_List": "DefaultFormat",
            "Default_Tuple": "DefaultFormat", "FracNZ": "FRACTAL_NZ", "FracZ": "FRACTAL_Z",
            "FracZNLSTM": "FRACTAL_ZN_LSTM", "FracZNRNN": "FRACTAL_ZN_RNN",
            "ND_RNNBIAS": "ND_RNN_BIAS", "None": ""}  # every other suffix names itself
_COMMON = ("5HD C1HWNCoC0 ChannelLast Default Default_List Default_Tuple FracNZ FracZ HWCN "
           "NCHW NDHWC NHWC None")
_ALL = _COMMON + " DHWCN FRACTAL_Z_3D FracZNLSTM FracZNRNN NCDHW NDC1HWC0 ND_RNNBIAS"
# which (dtype, format) names MindSpore 2.10's DataType defines
_NAMES = {"BF16": _ALL, "F16": _ALL, "F32": _ALL, "F64": _COMMON, "BOOL": _COMMON,
          "I16": _COMMON, "I64": _COMMON, "U16": _COMMON, "U32": _COMMON, "U64": _COMMON,
          "I32": _COMMON + " NCDHW NDC1HWC0", "I8": _COMMON + " NC1HWC0 NCDHW NDC1HWC0",
          "U8": _COMMON + " NC1HWC0 NCDHW NDC1HWC0", "C64": "Default Default_Tuple",
          "C128": "Default Default_Tuple", "None": "Default None"}


class DataType:
    """``ops.DataType``: ``(dtype, format)`` pairs named ``<dtype>_<format>``, e.g.
    ``DataType.F32_Default == ('float32', 'DefaultFormat')``; the ``_Default_List`` and
    ``_Default_Tuple`` names add the container kind (``'list'``, ``'tuple'``)."""


for _prefix, _suffixes in _NAMES.items():
    for _suffix in _suffixes.split():
        _kind = {"Default_List": ("list",), "Default_Tuple": ("tuple",)}.get(_suffix, ())
        setattr(DataType, f"{_prefix}_{_suffix}",
                (_DTYPES[_prefix], _FORMATS.get(_suffix, _suffix), *_kind))


def _require(value, kind: type, kind_name: str):
    if not isinstance(value, kind):
        raise TypeError(f"{value} value must be {kind_name}")
    return value


def _checked(values: dict, kind: type, kind_name: str) -> dict:
    """The entries that are not None, each checked to be a ``kind``."""
    return {k: _require(v, kind, kind_name) for k, v in values.items() if v is not None}


class CustomRegOp:
    """``ops.CustomRegOp(op_name='Custom')``: chained ``input``, ``output``, ``attr``,
    ``dtype_format``, ``fusion_type`` and ``target`` calls, then ``get_op_info()``."""

    def __init__(self, op_name: str = "Custom") -> None:
        if not isinstance(op_name, str):
            raise ValueError("op name value must be string")
        self.op_name = op_name
        self.inputs: list[dict] = []
        self.outputs: list[dict] = []
        self.attr_: list[dict] = []
        self.fusion_type_ = ""
        self.dtype_format_: list[tuple] = []
        self.target_ = "UnKnown"

    def _io(self, index, name, param_type, kwargs) -> dict:
        info = _checked({"index": index}, int, "int")
        info.update(_checked({"name": name, "paramType": param_type}, str, "str"))
        return {**info, **kwargs}

    def input(self, index: int | None = None, name: str | None = None,
              param_type: str | None = "required", **kwargs: Any) -> CustomRegOp:
        self.inputs.append(self._io(index, name, param_type, kwargs))
        return self

    def output(self, index: int | None = None, name: str | None = None,
               param_type: str | None = "required", **kwargs: Any) -> CustomRegOp:
        self.outputs.append(self._io(index, name, param_type, kwargs))
        return self

    def attr(self, name: str | None = None, param_type: str | None = None,
             value_type: str | None = None, value: Any = None, **kwargs: Any) -> CustomRegOp:
        info = _checked({"name": name, "paramType": param_type, "type": value_type}, str,
                        "str")
        if value is not None:
            info["value"] = value
        self.attr_.append({**info, **kwargs})
        return self

    def dtype_format(self, *args: tuple) -> CustomRegOp:
        expected = len(self.inputs) + len(self.outputs)
        if len(args) != expected:
            raise ValueError(f"The size of 'args' must be equal to the sum of input tensors "
                             f"and output tensors, but got {len(args)} vs {expected}")
        for pair in args:
            if not isinstance(pair, tuple) or len(pair) not in (2, 3):
                raise ValueError("dtype and format value must be tuple of two or three "
                                 "elements")
            for item in pair:
                _require(item, str, "str")
        self.dtype_format_.append(tuple(args))
        return self

    def fusion_type(self, fusion_type: str) -> CustomRegOp:
        self.fusion_type_ = _require(fusion_type, str, "str")
        return self

    def target(self, target: str) -> CustomRegOp:
        self.target_ = target if target is None else _require(target, str, "str")
        return self

    def get_op_info(self) -> dict:
        return {"op_name": self.op_name, "inputs": self.inputs, "outputs": self.outputs,
                "attr": self.attr_, "fusion_type": self.fusion_type_,
                "dtype_format": self.dtype_format_, "target": self.target_}
