"""MindSpore's message for two shapes that do not broadcast, per op and calling form.

MindSpore's shape inference (``CalBroadCastShape``) walks the trailing dimensions the two
shapes share from the left and stops at the first pair that is neither equal nor 1; it
names that position in each shape as its index plus the number of shared dimensions (for
shapes of one rank, the distance from the end). The primitive and the
input names depend on how the op was called (``x + y`` is ``AddExt(input, other)``,
``ops.add`` is ``Add(input1, input2)``); each entry below was read from MindSpore 2.10.
Calling forms not listed keep the translated JAX message (same exception class).

Example:
    >>> from mscompat._engine.broadcast_errors import message
    >>> message("ops.add", "add got incompatible shapes for broadcasting: (2, 3), (4, 3).")[:52]
    "For 'Add', input1.shape and input2.shape need to bro"
"""
from __future__ import annotations

import re

_PAIR = ("input1", "input2")
_EXT = ("input", "other")


def _same(prim: str, names: tuple[str, str], *labels: str) -> dict:
    return {label: (prim, names) for label in labels}


# calling form -> (MindSpore primitive, the two inputs' names)
NAMES: dict[str, tuple[str, tuple[str, str]]] = {
    **_same("AddExt", _EXT, "Tensor.__add__", "Tensor.__radd__", "Tensor.add"),
    **_same("SubExt", _EXT, "Tensor.__sub__", "Tensor.sub"),
    **_same("Mul", _PAIR, "Tensor.__mul__", "Tensor.__rmul__", "Tensor.mul", "ops.mul",
            "prim.Mul"),
    **_same("Div", _PAIR, "Tensor.__truediv__", "Tensor.div", "Tensor.true_divide",
            "ops.div", "prim.Div"),
    **_same("FloorDiv", _EXT, "Tensor.__floordiv__", "ops.floor_divide", "ops.remainder"),
    **_same("FloorMod", _PAIR, "Tensor.__mod__"),
    **_same("Pow", _PAIR, "Tensor.__pow__", "Tensor.pow", "ops.pow", "prim.Pow"),
    **_same("Equal", _PAIR, "Tensor.__eq__", "Tensor.eq", "ops.equal", "prim.Equal"),
    **_same("NotEqual", _EXT, "Tensor.__ne__", "ops.ne"),
    **_same("Less", _PAIR, "Tensor.__lt__", "ops.lt"),
    **_same("LessEqual", _PAIR, "Tensor.__le__", "ops.le"),
    **_same("Greater", _PAIR, "Tensor.__gt__", "ops.gt", "ops.greater"),
    **_same("GreaterEqual", _PAIR, "Tensor.__ge__", "ops.ge"),
    **_same("BitwiseAnd", _PAIR, "Tensor.__and__", "ops.bitwise_and"),
    **_same("BitwiseOr", _PAIR, "Tensor.__or__"),
    **_same("Add", _PAIR, "ops.add", "prim.Add"),
    **_same("Sub", _PAIR, "ops.sub", "prim.Sub"),
    **_same("RealDiv", _PAIR, "prim.RealDiv"),
    **_same("Maximum", _PAIR, "ops.maximum", "Tensor.maximum", "prim.Maximum"),
    **_same("Minimum", _PAIR, "ops.minimum"),
    **_same("LogicalAnd", _PAIR, "ops.logical_and"),
    **_same("LogicalOr", _PAIR, "ops.logical_or"),
    **_same("Atan2", _PAIR, "ops.atan2"),
    **_same("Hypot", _PAIR, "ops.hypot"),
    **_same("DivMod", _PAIR, "ops.fmod"),
}

_TWO_SHAPES = re.compile(r"(?i)incompatible shapes for broadcasting: (?:shapes=\[)?\(([\d, ]*)\), "
                         r"\(([\d, ]*)\)(?:\]|\.)?$")


def _dims(text: str) -> list[int]:
    return [int(d) for d in text.replace(" ", "").split(",") if d]


def message(label: str | None, jax_text: str) -> str | None:
    """MindSpore's message for the JAX broadcast error ``jax_text`` of the op called as
    ``label``, or None (a form not listed, or not a two-shape broadcast error)."""
    entry = NAMES.get(label or "")
    found = _TWO_SHAPES.search(jax_text)
    if entry is None or found is None:
        return None
    (prim, (a, b)), x, y = entry, _dims(found.group(1)), _dims(found.group(2))
    shared = min(len(x), len(y))
    for i in range(-shared, 0):
        if x[i] != y[i] and 1 not in (x[i], y[i]):
            return (f"For '{prim}', {a}.shape and {b}.shape need to broadcast. The value of "
                    f"{a}.shape[{len(x) + i + shared}] or {b}.shape[{len(y) + i + shared}] "
                    f"must be 1 or -1 when they are not the same, but got {a}.shape = {x} and "
                    f"{b}.shape = {y}")
    return None
