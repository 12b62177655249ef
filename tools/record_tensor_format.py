"""Record MindSpore 2.10's tensor/dtype/Parameter text into tests/golden/tensor_format.json.

Run with the oracle interpreter (real MindSpore, numpy 1.26):

    /work/oracle/venv/bin/python tools/record_tensor_format.py

Inputs are stored as nested lists plus the numpy dtype name so that the test can
rebuild them without MindSpore; bfloat16 inputs are stored as their (exact) float
values with dtype "bfloat16".  JSON cannot carry a NaN's sign, so a negative NaN
is written as the string "-nan".
"""
from __future__ import annotations

import json
import math
import pathlib

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn

OUT = pathlib.Path(__file__).resolve().parent.parent / "tests" / "golden" / "tensor_format.json"
F32 = np.float32


def cases() -> list[tuple[str, np.ndarray]]:
    """(id, array) pairs; bfloat16 arrays are given as float32 and converted by MindSpore."""
    rng = np.random.default_rng(0)
    special = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0]
    c = [
        ("f32_2x3", np.array([[1.41, 1.6, 6.6], [1.41, 1.6, 6.6]], F32)),
        ("f32_2x3_b", np.array([[4.51, 2.7, 3.3], [1, 2, 3]], F32)),
        ("f32_ops", (np.array([1.41, 1.6, 6.6], F32) * F32(1.0000001)).astype(F32)),
        ("f32_sin", np.sin(np.array([-1.0], F32))),
        ("f32_negzero", np.array([-0.0, 18.0], F32)),
        ("f32_1d", np.array([1.0, 2.0], F32)),
        ("f32_scalar", np.array(1.5, F32)),
        ("f32_scalar_pi", np.array(math.pi, F32)),
        ("f32_scalar_small", np.array(1e-4, F32)),
        ("f32_scalar_big", np.array(123456789.0, F32)),
        ("f32_scalar_negzero", np.array(-0.0, F32)),
        ("f32_scalar_nan", np.array(np.nan, F32)),
        ("f32_scalar_neg_nan", np.array(-np.nan, F32)),
        ("f32_scalar_inf", np.array(-np.inf, F32)),
        ("f32_special", np.array(special + [-np.nan], F32)),
        ("f32_mixed_mag", np.array([1e-10, 1e10, 3.5, -2.25e-3], F32)),
        ("f32_rand_3x4", rng.standard_normal((3, 4)).astype(F32)),
        ("f32_3d", np.arange(24, dtype=F32).reshape(2, 3, 4)),
        ("f32_12", np.arange(12, dtype=F32)),
        ("f32_13", np.arange(13, dtype=F32) / 7),
        ("f32_4", np.arange(4, dtype=F32)),
        ("f32_30_rand", rng.standard_normal(30).astype(F32)),
        ("f32_1000", np.arange(1000, dtype=F32)),
        ("f32_1001", np.arange(1001, dtype=F32)),
        ("f32_2000", np.arange(2000, dtype=F32) * F32(0.5)),
        ("f32_2x7", np.arange(14, dtype=F32).reshape(2, 7)),
        ("f32_7x2", np.arange(14, dtype=F32).reshape(7, 2) - 5),
        ("f32_40x30", np.arange(1200, dtype=F32).reshape(40, 30)),
        ("f32_4x5x6x7", rng.standard_normal((4, 5, 6, 7)).astype(F32)),
        ("f32_1x1", np.array([[2.5]], F32)),
        ("f32_empty", np.zeros((0,), F32)),
        ("f32_empty_2d", np.zeros((2, 0), F32)),
        ("f32_empty_3d", np.zeros((3, 0, 2), F32)),
        ("f64_1d", np.array([1.5, 2.25, 1e-300, 1e300], np.float64)),
        ("f64_scalar", np.array(3.14159265358979, np.float64)),
        ("f64_2x2", np.array([[0.1, 0.2], [0.3, 1 / 3]], np.float64)),
        ("f16_1d", np.array([1.5, 2.25, 65504, 6e-5], np.float16)),
        ("f16_scalar", np.array(3.14159, np.float16)),
        ("f16_2x3", (np.arange(6).reshape(2, 3) / 3).astype(np.float16)),
        ("f16_special", np.array(special, np.float16)),
        ("f16_1001x1", np.arange(1001).reshape(1001, 1).astype(np.float16)),
        ("i32_scalar", np.array(3, np.int32)),
        ("i64_1", np.array([10], np.int64)),
        ("i64_minmax", np.array([-(2**63), 2**63 - 1], np.int64)),
        ("i32_24", np.arange(24, dtype=np.int32)),
        ("i32_25", np.arange(25, dtype=np.int32) - 12),
        ("i32_1000", np.arange(1000, dtype=np.int32)),
        ("i32_1001", np.arange(1001, dtype=np.int32)),
        ("i32_7x2", np.arange(14, dtype=np.int32).reshape(7, 2)),
        ("i64_8x3x9", np.arange(216, dtype=np.int64).reshape(8, 3, 9)),
        ("i32_empty_0x3", np.zeros((0, 3), np.int32)),
        ("i8", np.array([-128, 127, 0], np.int8)),
        ("i8_scalar", np.array(-7, np.int8)),
        ("i16", np.array([[-5, 300], [7, 8]], np.int16)),
        ("u8", np.array([255, 0, 17], np.uint8)),
        ("u8_scalar", np.array(200, np.uint8)),
        ("u16", np.array([7, 1, 65535], np.uint16)),
        ("u32", np.array([7, 1], np.uint32)),
        ("u64", np.array([2**64 - 1, 0], np.uint64)),
        ("bool_1d", np.array([True, False])),
        ("bool_scalar", np.array(True)),
        ("bool_scalar_f", np.array(False)),
        ("bool_12", np.arange(12) % 3 == 0),
        ("bool_2x8", np.arange(16).reshape(2, 8) % 2 == 0),
        ("bool_1500", np.arange(1500) % 5 == 0),
        ("c64", np.array([0j, -1 - 2.5j, 1e-10 + 1e10j, complex(-0.0, -0.0), math.pi + 0j], np.complex64)),
        ("c128_scalar", np.array(1 + 2j, np.complex128)),
        ("c64_30", np.arange(30).astype(np.complex64)),
    ]
    bf = [
        ("bf16_1d", np.array([1.5, 2.25], F32)),
        ("bf16_scalar", np.array(1.5, F32)),
        ("bf16_scalar_pi", np.array(math.pi, F32)),
        ("bf16_mixed", np.array([1.5, math.pi, 1e-10, 1e10, -0.0, np.nan, np.inf, 123456.0], F32)),
        ("bf16_2x3", np.array([[1.0, -2.5, 100.0], [0.001, 7.0, -300.0]], F32)),
        ("bf16_30", np.arange(30, dtype=F32) / 4),
        ("bf16_1001", np.arange(1001, dtype=F32)),
        ("bf16_3x8", np.arange(24, dtype=F32).reshape(3, 8) - 10),
        ("bf16_empty", np.zeros((0,), F32)),
    ]
    return [(k, a, None) for k, a in c] + [(k, a, ms.bfloat16) for k, a in bf]


def to_jsonable(values: np.ndarray) -> object:
    """Nested lists; a negative NaN becomes "-nan" since JSON's NaN has no sign."""
    if values.dtype.kind == "c":
        return [to_jsonable(values.real), to_jsonable(values.imag)]
    if values.dtype.kind != "f":
        return values.tolist()
    flat = ["-nan" if (math.isnan(v) and math.copysign(1, v) < 0) else v for v in values.ravel().tolist()]
    out = np.empty(len(flat), dtype=object)
    out[:] = flat
    return out.reshape(values.shape).tolist()


def record_tensors() -> list[dict]:
    entries = []
    for name, arr, ms_dtype in cases():
        t = Tensor(arr) if ms_dtype is None else Tensor(arr, ms_dtype)
        if ms_dtype is None:
            values, dtype = arr, arr.dtype.name
        else:  # the bfloat16 values MindSpore actually holds, exactly, as float32
            values, dtype = t.asnumpy().astype(F32), "bfloat16"
        entries.append({"id": name, "dtype": dtype, "shape": list(arr.shape), "values": to_jsonable(values),
                        "ms_dtype": str(t.dtype), "str": str(t), "repr": repr(t)})
    # A bfloat16 negative NaN can only be made through MindSpore's own bfloat16 numpy dtype.
    bf = Tensor(np.zeros(1, F32), ms.bfloat16).asnumpy().dtype
    bits = np.array([0xFFC0, 0x7FC0, 0x3FC0], np.uint16)
    t = Tensor(bits.view(bf))
    entries.append({"id": "bf16_signed_nan", "dtype": "bfloat16", "shape": [3], "values": ["-nan", math.nan, 1.5],
                    "ms_dtype": str(t.dtype), "str": str(t), "repr": repr(t)})
    return entries


class _Double(nn.Cell):
    def construct(self, x):
        return x * 2


def record_graph_mode() -> list[dict]:
    """A Cell's output under GRAPH mode prints exactly like a PyNative tensor."""
    ms.set_context(mode=ms.GRAPH_MODE)
    x = np.array([[1.41, 1.6], [3, 4]], F32)
    out = _Double()(Tensor(x))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return [{"id": "graph_cell_output", "dtype": "float32", "shape": [2, 2], "values": (x * 2).tolist(),
             "ms_dtype": str(out.dtype), "str": str(out), "repr": repr(out)}]


def record_misc() -> dict:
    dtypes = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
              "float16", "float32", "float64", "bfloat16", "complex64", "complex128"]
    t = Tensor(np.ones((2, 3), F32))
    t0 = Tensor(np.array(1.0, F32))
    return {
        "dtype_str": {d: str(getattr(ms, d)) for d in dtypes},
        "dtype_repr": {d: repr(getattr(ms, d)) for d in dtypes},
        "tensor_dtype_str": str(t.dtype),
        "shape_repr": {"2x3": repr(t.shape), "scalar": repr(t0.shape), "type": type(t.shape).__name__},
        "tuple_of_tensors": str((Tensor(np.array([1.0, 2.0], F32)), Tensor(np.array([3], np.int32)))),
        "list_of_tensors": str([Tensor(np.array([1, 2], np.int32))]),
    }


def record_parameters() -> list[dict]:
    specs = [("w", np.ones((2, 3), F32), True), ("w", np.ones((2, 3), F32), False),
             ("layer.bias", np.ones(3, np.float16), True), ("s", np.array(2.0, F32), True),
             ("conv.weight", np.ones((4, 1, 3, 3), np.float64), False), ("idx", np.arange(5, dtype=np.int32), False)]
    out = []
    for name, arr, grad in specs:
        p = Parameter(Tensor(arr), name=name, requires_grad=grad)
        out.append({"name": name, "shape": list(arr.shape), "ms_dtype": str(p.dtype), "requires_grad": grad,
                    "str": str(p), "repr": repr(p)})
    return out


def main() -> None:
    ms.set_context(mode=ms.PYNATIVE_MODE)
    golden = {"mindspore": ms.__version__, "numpy": np.__version__,
              "tensors": record_tensors() + record_graph_mode(),
              "parameters": record_parameters(), "misc": record_misc()}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # One tensor/parameter per line keeps the file diffable despite the long value lists.
    lines = [f' "{k}": {json.dumps(v)}' if not isinstance(v, list) else
             f' "{k}": [\n  ' + ",\n  ".join(json.dumps(e) for e in v) + "\n ]" for k, v in golden.items()]
    OUT.write_text("{\n" + ",\n".join(lines) + "\n}\n")
    print(f"wrote {len(golden['tensors'])} tensors, {len(golden['parameters'])} parameters to {OUT}")


if __name__ == "__main__":
    main()
