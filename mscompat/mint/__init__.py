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


def item(input):  # noqa: A002  (MindSpore's name)
    """``mint.item(input)``: the one element of ``input`` as a Python number."""
    return input.item()


_FUNCTIONS = {**_functions(_ROWS, "mint", _ALIASES),
              **_functions(_MORE_ROWS, "mint", _MORE_ALIASES), **_RANDOM, "item": item}
globals().update(_FUNCTIONS)
__all__ = sorted([*_FUNCTIONS, "distributed", "linalg", "nn"])
__getattr__ = _module_getattr("mindspore.mint")
