"""``nn.ConstantPad1d/2d/3d``, ``nn.ReflectionPad1d/2d/3d``, ``nn.ReplicationPad1d/2d/3d``:
one table of (mode, dimensions); ``padding`` runs from the last dimension forward, as
``ops.pad``, and is checked with MindSpore's messages.

Example:
    >>> import mscompat as ms
    >>> print(ms.nn.ReflectionPad1d((2, 1))(ms.Tensor([[1.0, 2.0, 3.0]])))
    [[3. 2. 1. 2. 3. 2.]]
"""
from __future__ import annotations

from ..._engine.cell import Cell
from ..._engine.op_rows_array import pad_edges, pad_pairs
from ..._engine.ops_build import FUNCTIONALS, call

# name: (ops.pad mode, padded dimensions)
_ROWS = {f"{kind}Pad{n}d": (mode, n) for kind, mode in (
    ("Constant", "constant"), ("Reflection", "reflect"), ("Replication", "replicate"))
    for n in (1, 2, 3)}


def _check_padding(name: str, padding, n: int, constant: bool) -> tuple:
    if isinstance(padding, int) and not isinstance(padding, bool):
        return (padding,) * (2 * n)
    if not isinstance(padding, tuple):
        if constant:
            raise TypeError(f"For '{name}', the type of parameter 'padding' must be in "
                            f"[int, tuple], but got {type(padding)}")
        raise TypeError(f"For '{name}' the input 'padding' must be an integer or tuple, but "
                        f"got {type(padding).__name__}")
    if len(padding) % 2:
        if constant:
            raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type "
                             f"must be a multiple of 2, but got {len(padding)}")
        raise ValueError(f"For '{name}' the length of input 'padding' must be divisible by 2, "
                         f"but got padding of length {len(padding)}. ")
    if constant and len(padding) > 2 * n:
        raise ValueError(f"For '{name}', the length of parameter 'padding' with tuple type "
                         f"must no more than {2 * n}.but got {len(padding)}")
    if not constant and not all(isinstance(i, int) for i in padding):
        raise TypeError(f"For '{name}' every element in 'padding' must be integer, but got "
                        f"{padding}. ")
    if name.startswith("Reflection") and not all(i >= 0 for i in padding):
        raise ValueError(f"For '{name}' every element in 'padding' must be >= 0. but got "
                         f"{padding}. ")
    return padding


def _mirror_pad(x, *, padding: tuple):
    pairs = pad_pairs(padding, x.ndim)
    for (lo, hi), dim in zip(pairs, x.shape):
        if lo >= dim or hi >= dim:
            raise ValueError(f"For 'MirrorPad', paddings must be no greater than the dimension "
                             f"size: [{lo}], [{hi}] not less than [{dim}]")
    return pad_edges(x, pairs, "reflect")


def _make(name: str, mode: str, n: int) -> type:
    constant = mode == "constant"

    def __init__(self, padding, value=None):
        Cell.__init__(self)
        if constant:
            if not isinstance(value, (int, float)):
                raise TypeError(f"For '{name}', the type of parameter 'value' must be in "
                                f"[int, float], but got {type(value)}")
            self.value = value
        self.padding = _check_padding(name, padding, n, constant)

    def construct(self, x):
        if mode == "reflect":  # MindSpore's MirrorPad: any rank, pads shorter than the axis
            return call(_mirror_pad, (x._data,), {"padding": tuple(self.padding)})
        return FUNCTIONALS["pad"](x, self.padding, mode, self.value if constant else None)

    args = "padding, value" if constant else "padding"
    doc = f"``nn.{name}({args})``: {mode} padding of the last {n} dimension(s)."
    return type(name, (Cell,), {"__init__": __init__, "construct": construct, "__doc__": doc})


PADDINGS = {name: _make(name, mode, n) for name, (mode, n) in _ROWS.items()}
globals().update(PADDINGS)
__all__ = list(PADDINGS)
