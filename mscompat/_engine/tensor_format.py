"""Byte-exact text of MindSpore 2.10 tensors, dtypes and Parameters (pure numpy).

MindSpore has two unrelated printers, and we copy both:

* ``str(t)`` / ``print(t)`` is ``str(t.asnumpy())``: numpy's own array printing
  with numpy 1.26 (reproduced under numpy 2 via ``legacy="1.25"``), so the live
  ``np.set_printoptions`` apply: threshold 1000, 3 edge items, linewidth 75,
  precision 8, floatmode "maxprec", separator " ".  bfloat16 is MindSpore's own numpy dtype
  whose elements print as C ``"%f"``, unpadded::

      >>> format_tensor_str(np.array([[1.41, 1.6, 6.6], [1, 2, 3]], np.float32))
      '[[1.41 1.6  6.6 ]\\n [1.   2.   3.  ]]'

* ``repr(t)`` (and so ``print((t1, t2))``, lists, dicts) is C++
  ``TensorStringifier`` (mindspore/core/ir/tensor.h)::

      >>> format_tensor_repr(np.array([1, 2], np.float32), "Float32")
      'Tensor(shape=[2], dtype=Float32, value= [ 1.00000000e+00,  2.00000000e+00])'

  Rules: ``value=`` is followed by ``"\\n"`` when ndim > 1 else ``" "``; empty
  data prints nothing.  Elements are joined with ``", "``.  float32/64 print as
  ``%15.8e``, float16 as ``%11.4e``, bool as ``%5s``; ints, bfloat16 (``%g``)
  right-aligned to the widest *printed* element; complex ``%g%+gj`` unpadded.
  0-d tensors print the bare element: ``%g`` for floats, no padding.  NaN keeps
  its sign (``-nan``).  Summarising is per dimension: the last dim of an N-d
  (N > 1) tensor when longer than 6, a 1-D tensor when longer than 1000, shown
  as 3 items, ``" ... "``, 3 items; an outer dim longer than 6 shows 3 rows,
  ``"\\n" + indent + "..."``, 3 rows.  Rows are separated by ``",\\n"`` plus
  depth+1 spaces (no blank line).  A 1-D tensor of more than 3 printed items
  gets ``"\\n "`` after every 12th (float16/32/64, bool) or 24th (others) item,
  even after the last one (``... 23\\n ])``).

Other strings the engine must produce (also stored in the golden file):
``str(ms.float32)`` and ``print(t.dtype)`` -> ``Float32`` (``BFloat16``,
``UInt8``, ``Bool``, ``Complex64``...), ``repr(ms.float32)`` ->
``mindspore.float32`` (``mindspore.bool`` for ``ms.bool_``), ``t.shape`` is a
plain tuple ``(2, 3)`` / ``()``, and ``str(param) == repr(param) ==
'Parameter (name=w, shape=(2, 3), dtype=Float32, requires_grad=True)'``.
Formatting is the same in PYNATIVE and GRAPH mode.
"""
from __future__ import annotations

import re

import numpy as np

try:  # bfloat16 is optional: without ml_dtypes no array can carry it anyway.
    from ml_dtypes import bfloat16 as _BF16
except ImportError:  # pragma: no cover
    _BF16 = None

# MindSpore's TypeId names, as printed by str(dtype) and inside repr(t).
_DISPLAY_NAMES = {
    "bool": "Bool", "int8": "Int8", "int16": "Int16", "int32": "Int32", "int64": "Int64",
    "uint8": "UInt8", "uint16": "UInt16", "uint32": "UInt32", "uint64": "UInt64",
    "float16": "Float16", "float32": "Float32", "float64": "Float64", "bfloat16": "BFloat16",
    "complex64": "Complex64", "complex128": "Complex128",
}
_NUMPY2 = int(np.__version__.split(".")[0]) >= 2
_EDGE = 3            # kThreshold >> 1: items kept on each side of "..."
_DIM_LIMIT = 6       # kThreshold: an N-d (N > 1) dim longer than this is summarised
_LIMIT_1D = 1000     # kThreshold1D: a 1-D tensor longer than this is summarised


def dtype_display_name(dtype: np.dtype) -> str:
    """MindSpore's name for a numpy dtype, e.g. float32 -> 'Float32'."""
    return _DISPLAY_NAMES[np.dtype(dtype).name]


def _is_bf16(arr: np.ndarray) -> bool:
    return _BF16 is not None and arr.dtype == np.dtype(_BF16)


def _signed_special(v: float, text: str) -> str:
    # C's printf writes the sign bit of NaN ("-nan"); Python's % formatting drops it.
    return ("-nan" if np.signbit(v) else "nan") if np.isnan(v) else text


def _g(v: float) -> str:
    """C++ ``ostream << v`` with default flags: %g with 6 significant digits."""
    return _signed_special(v, f"{v:g}")


def _bf16_elem(v: float) -> str:
    return _signed_special(v, f"{v:f}")


def format_tensor_str(arr: np.ndarray) -> str:
    """What ``str(t)`` / ``print(t)`` shows for a Tensor holding ``arr``."""
    arr = np.asarray(arr)
    if _is_bf16(arr):
        # MindSpore's bfloat16 numpy scalar prints "%f"; numpy does not pad such text.
        values = arr.astype(np.float32)
        if values.ndim == 0:
            return _bf16_elem(float(values))
        fmt = {"float_kind": lambda x: _bf16_elem(float(x))}
        return np.array2string(values, separator=" ", formatter=fmt)
    if _NUMPY2 and not np.get_printoptions()["legacy"]:
        # numpy 2 switches float32/float16 to scientific earlier (1.2345679e+08 rather
        # than 123456790.0, for scalars and arrays); legacy="1.25" restores 1.26's text.
        with np.printoptions(legacy="1.25"):
            return str(arr)
    return str(arr)


def _element_texts(flat: np.ndarray, scalar: bool) -> tuple[list[str], int]:
    """Texts of the printed elements (before int-style padding) and the line-feed period."""
    kind, name = flat.dtype.kind, flat.dtype.name
    if name in ("float16", "float32", "float64"):
        width, prec = (11, 4) if name == "float16" else (15, 8)
        if scalar:
            return [_g(float(v)) for v in flat], 12
        texts = [_signed_special(float(v), f"{float(v):.{prec}e}") for v in flat]
        return [t.rjust(width) for t in texts], 12
    if kind == "b":
        texts = ["True" if v else "False" for v in flat]
        return (texts if scalar else [t.rjust(5) for t in texts]), 12
    if kind == "c":
        texts = []
        for v in flat:
            im = _g(float(v.imag))
            texts.append(_g(float(v.real)) + ("" if im.startswith("-") else "+") + im + "j")
        return texts, 24
    if _is_bf16(flat):
        return [_g(float(v)) for v in flat.astype(np.float32)], 24
    return [str(int(v)) for v in flat], 24


def _values_repr(arr: np.ndarray) -> str:
    """The C++ ``TensorStringifier::ToString(use_comma=true)`` text of ``arr``."""
    if arr.size == 0:
        return ""
    if arr.ndim == 0:
        return _element_texts(arr.reshape(1), scalar=True)[0][0]
    pad = arr.dtype.kind in "iu" or _is_bf16(arr)
    widest = 0

    def run(items: np.ndarray) -> str:
        nonlocal widest
        texts, period = _element_texts(items, scalar=False)
        out = []
        for i, text in enumerate(texts):
            if pad:  # C++ writes "###123" and later swaps the #s for the right padding
                widest = max(widest, len(text))
                text = "#" * len(text) + text
            out.append(text + (", " if i != len(texts) - 1 else ""))
            # Line feed every `period` items of a long 1-D run, even after the last one.
            if arr.ndim == 1 and len(texts) > _EDGE and (i + 1) % period == 0:
                out.append("\n ")
        return "".join(out)

    def render(sub: np.ndarray, depth: int) -> str:
        n = len(sub)
        if sub.ndim == 1:  # bottom dimension
            if n > (_LIMIT_1D if arr.ndim == 1 else _DIM_LIMIT):
                return "[" + run(sub[:_EDGE]) + " ... " + run(sub[-_EDGE:]) + "]"
            return "[" + run(sub) + "]"
        sep = ",\n" + " " * (depth + 1)
        if n <= _DIM_LIMIT:
            return "[" + sep.join(render(row, depth + 1) for row in sub) + "]"
        head = sep.join(render(row, depth + 1) for row in sub[:_EDGE])
        tail = sep.join(render(row, depth + 1) for row in sub[-_EDGE:])
        # No comma after the "..." row, as in SummaryStringRecursive.
        return "[" + head + sep + "...\n" + " " * (depth + 1) + tail + "]"

    text = render(arr, 0)
    return re.sub("#+", lambda m: " " * (widest - len(m.group())), text) if pad else text


def format_tensor_repr(arr: np.ndarray, dtype_name: str | None = None,
                       numpy_style: bool = False) -> str:
    """What ``repr(t)`` shows; ``dtype_name`` is MindSpore's name (default: from ``arr``).
    ``numpy_style``: the values as NumPy writes them, comma-separated (a float Tensor
    ``from_numpy`` made: ``[1.5 , 2.25]``)."""
    arr = np.asarray(arr)
    name = dtype_name or dtype_display_name(arr.dtype)
    shape = "[" + ", ".join(str(d) for d in arr.shape) + "]"
    gap = "\n" if arr.ndim > 1 else " "  # ToStringRepr: (ndim > 1) ? '\n' : ' '
    values = np.array2string(arr, separator=", ") if numpy_style else _values_repr(arr)
    return f"Tensor(shape={shape}, dtype={name}, value={gap}{values})"


def format_parameter_repr(name: str, shape: tuple, dtype_name: str, requires_grad: bool) -> str:
    """``str(param)`` and ``repr(param)`` (identical in MindSpore)."""
    return (f"Parameter (name={name}, shape={tuple(shape)}, dtype={dtype_name}, "
            f"requires_grad={requires_grad})")
