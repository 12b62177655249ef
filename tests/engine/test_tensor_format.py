"""Golden tests: mscompat's tensor text must equal MindSpore 2.10's byte for byte.

The golden file is written by tools/record_tensor_format.py under real MindSpore;
here the inputs are rebuilt with numpy (+ ml_dtypes for bfloat16) only.
"""
from __future__ import annotations

import json
import math
import pathlib

import ml_dtypes
import numpy as np
import pytest

from mscompat._engine.tensor_format import (
    dtype_display_name,
    format_parameter_repr,
    format_tensor_repr,
    format_tensor_str,
)

GOLDEN = json.loads((pathlib.Path(__file__).resolve().parent.parent / "golden" / "tensor_format.json").read_text())
TENSORS = {e["id"]: e for e in GOLDEN["tensors"]}


def _floats(values: object) -> object:
    """Undo the recorder's "-nan" marker (JSON's NaN has no sign)."""
    if isinstance(values, list):
        return [_floats(v) for v in values]
    return -math.nan if values == "-nan" else values


def rebuild(entry: dict) -> np.ndarray:
    dtype = ml_dtypes.bfloat16 if entry["dtype"] == "bfloat16" else np.dtype(entry["dtype"])
    shape = tuple(entry["shape"])
    if np.dtype(dtype).kind == "c":
        out = np.empty(shape, dtype)  # set parts directly: real + 1j * imag loses a -0.0 imag
        out.real, out.imag = (np.array(_floats(v), np.float64).reshape(shape) for v in entry["values"])
        return out
    if entry["dtype"] == "bfloat16" or np.dtype(dtype).kind == "f":
        # float64 first keeps the NaN sign; every stored value is exact in the target type.
        return np.array(_floats(entry["values"]), np.float64).astype(dtype).reshape(shape)
    return np.array(entry["values"], dtype=dtype).reshape(shape)


@pytest.mark.parametrize("case", sorted(TENSORS))
def test_str(case: str) -> None:
    entry = TENSORS[case]
    assert format_tensor_str(rebuild(entry)) == entry["str"]


@pytest.mark.parametrize("case", sorted(TENSORS))
def test_repr(case: str) -> None:
    entry = TENSORS[case]
    arr = rebuild(entry)
    assert format_tensor_repr(arr, entry["ms_dtype"]) == entry["repr"]
    assert format_tensor_repr(arr) == entry["repr"]  # dtype name derived from the array


def test_signed_nan_survives_rebuild() -> None:
    arr = rebuild(TENSORS["f32_scalar_neg_nan"])
    assert np.isnan(arr) and np.signbit(arr)


@pytest.mark.parametrize("index", range(len(GOLDEN["parameters"])))
def test_parameter(index: int) -> None:
    p = GOLDEN["parameters"][index]
    text = format_parameter_repr(p["name"], tuple(p["shape"]), p["ms_dtype"], p["requires_grad"])
    assert text == p["str"] == p["repr"]


def test_dtype_names() -> None:
    names = {"bool_": "bool"}
    for ms_name, text in GOLDEN["misc"]["dtype_str"].items():
        np_name = names.get(ms_name, ms_name)
        dtype = ml_dtypes.bfloat16 if np_name == "bfloat16" else np.dtype(np_name)
        assert dtype_display_name(dtype) == text


def test_containers_use_repr() -> None:
    misc = GOLDEN["misc"]
    pair = (format_tensor_repr(np.array([1.0, 2.0], np.float32)), format_tensor_repr(np.array([3], np.int32)))
    assert "(" + ", ".join(pair) + ")" == misc["tuple_of_tensors"]
    assert "[" + format_tensor_repr(np.array([1, 2], np.int32)) + "]" == misc["list_of_tensors"]
    assert misc["shape_repr"] == {"2x3": repr((2, 3)), "scalar": repr(()), "type": "tuple"}
