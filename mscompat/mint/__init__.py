"""``mindspore.mint``: MindSpore's PyTorch-style functions (``dim``/``keepdim``, Int64
indices), from the mint table (``_engine/mint_rows.py``) over the op table.

Example:
    >>> import mscompat as ms
    >>> from mscompat import mint
    >>> x = ms.Tensor([[1.0, 5.0], [4.0, 2.0]])
    >>> print(mint.sum(x, dim=1, keepdim=True))
    [[6.]
     [6.]]
    >>> values, indices = mint.max(x, dim=1)
    >>> print(values, indices)
    [5. 4.] [1 0]
"""
from .._engine.mint_random import FUNCTIONS as _RANDOM
from .._engine.mint_rows import ALIASES as _ALIASES
from .._engine.mint_rows import ROWS as _ROWS
from .._engine.mint_rows import functions as _functions
from .._engine.mint_rows_more import ALIASES as _MORE_ALIASES
from .._engine.mint_rows_more import ROWS as _MORE_ROWS
from .._engine.unsupported import module_getattr as _module_getattr
from . import distributed as distributed
from . import linalg as linalg
from . import nn as nn
from . import optim as optim


def item(input):  # noqa: A002  (MindSpore's name)
    """``mint.item(input)``: the one element of ``input`` as a Python number."""
    return input.item()


def allclose(input, other, rtol: float = 1e-05, atol: float = 1e-08,  # noqa: A002
             equal_nan: bool = False) -> bool:
    """``mint.allclose``: whether every ``|input - other| <= atol + rtol * |other|`` (a
    Python bool)."""
    from ..ops import isclose
    return bool(isclose(input, other, rtol, atol, equal_nan).all())


def empty(*size, dtype=None, device=None):
    """``mint.empty(*size, dtype=None, device=None)``: a Tensor of ``size`` (Float32 by
    default). MindSpore leaves its memory uninitialised; mscompat's holds zeros."""
    import numpy as np

    from .._engine.dtypes import ALL, to_np
    from .._engine.tensor import Tensor
    shape = tuple(size[0]) if len(size) == 1 and isinstance(size[0], (tuple, list)) else size
    return Tensor(np.zeros(shape, to_np(dtype or ALL["float32"])))


def empty_like(input, *, dtype=None, device=None):  # noqa: A002
    """``mint.empty_like(input, *, dtype=None, device=None)``: as ``empty``, of ``input``'s
    shape and (by default) dtype."""
    return empty(tuple(input.shape), dtype=dtype or input.dtype)


_FUNCTIONS = {**_functions(_ROWS, "mint", _ALIASES),
              **_functions(_MORE_ROWS, "mint", _MORE_ALIASES), **_RANDOM, "item": item,
              "allclose": allclose, "empty": empty, "empty_like": empty_like}
globals().update(_FUNCTIONS)
from . import special as special  # noqa: E402  (over the functions above)

__all__ = sorted([*_FUNCTIONS, "distributed", "linalg", "nn", "optim", "special"])
__getattr__ = _module_getattr("mindspore.mint")
