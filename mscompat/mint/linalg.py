"""``mindspore.mint.linalg``: ``norm``, ``vector_norm``, ``matrix_norm``, ``inv``, ``qr``.

Example:
    >>> import mscompat as ms
    >>> print(ms.mint.linalg.vector_norm(ms.Tensor([3.0, 4.0])))
    5.0
"""
from .._engine.mint_rows import LINALG_ROWS as _ROWS
from .._engine.mint_rows import functions as _functions
from .._engine.unsupported import module_getattr as _module_getattr

_FUNCTIONS = _functions(_ROWS, "mint.linalg")
globals().update(_FUNCTIONS)


def qr(A, mode: str = "reduced"):
    """``mint.linalg.qr(A, mode='reduced')``: ``(Q, R)`` (``ops.qr``)."""
    from ..ops import qr as ops_qr
    return ops_qr(A, mode)


__all__ = sorted([*_FUNCTIONS, "qr"])
__getattr__ = _module_getattr("mindspore.mint.linalg")
