"""MindSpore's shape checks for its matrix products, one function per kernel family.

JAX reports a contraction mismatch as its own TypeError; MindSpore names the kernel, the
dimensions and, for each family, raises its own class: ``ops.matmul``/``Tensor.matmul``/``@``
(``MatMulExt``: RuntimeError, except a 1-D right operand, which MindSpore computes with
``MatMul``: ValueError), the ``MatMul`` primitive and ``ops.mm`` (2-D only),
``BatchMatMul``/``ops.bmm``, ``mint.bmm``, ``ops.dense`` and ``nn.Dense``. The checks read
static shapes, so they cost nothing in a compiled program.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> try:
    ...     ms.ops.matmul(ms.Tensor(np.ones((2, 3))), ms.Tensor(np.ones((2, 3))))
    ... except RuntimeError as e:
    ...     print(e)
    For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but got 3 and 2.
"""
from __future__ import annotations

import numpy as np

from .errors import const_vector


def _broadcastable(a: tuple, b: tuple) -> bool:
    """Do the batch dimensions broadcast? (Symbolic dimensions of an exported program are
    left to JAX, which checks them when it traces.)"""
    if not all(isinstance(d, int) for d in (*a, *b)):
        return True
    try:
        np.broadcast_shapes(a, b)
    except ValueError:
        return False
    return True


def _matmul_2d_message(col: int, row: int) -> str:
    return (f"For 'MatMul' the input dimensions must be equal, but got 'x1_col': {col} and "
            f"'x2_row': {row}.")


def check_matmul_ext(x, y) -> None:
    """``ops.matmul(input, other)`` and its aliases (NumPy's matmul rules)."""
    if x.ndim == 0 or y.ndim == 0:
        raise ValueError("For 'MatMulExt' op, inputs must be all tensors and rank >= 1")
    if y.ndim == 1:
        if x.shape[-1] != y.shape[0]:
            raise ValueError(_matmul_2d_message(x.shape[-1], y.shape[0]))
        return
    if x.shape[-1] != y.shape[-2]:
        raise RuntimeError(f"For 'MatMulExt' op, shape1[-1] must be equal to shape2[-2], but "
                           f"got {x.shape[-1]} and {y.shape[-2]}.")
    if not _broadcastable(x.shape[:-2], y.shape[:-2]):
        raise RuntimeError(f"For 'MatMulExt' op,  shape1 and shape2 must be broadcastable, but "
                           f"got {const_vector(x.shape)} and {const_vector(y.shape)}")


def check_matmul(x, y, transpose_a: bool, transpose_b: bool) -> None:
    """The ``MatMul`` primitive: two matrices."""
    if x.ndim != 2 or y.ndim != 2:
        raise ValueError("MatMul inputs should have the same dimension size and equal to 2.")
    col = x.shape[0 if transpose_a else 1]
    row = y.shape[1 if transpose_b else 0]
    if col != row:
        raise ValueError(_matmul_2d_message(col, row))


def check_batch_matmul(x, y, transpose_a: bool, transpose_b: bool) -> None:
    """``BatchMatMul`` and ``ops.bmm``: stacks of matrices, batch dimensions broadcast."""
    for name, t in (("x", x), ("y", y)):
        if t.ndim < 2:
            raise ValueError(f"For 'BatchMatMul', the input '{name}' must be a 2D or higher "
                             f"dimensional Tensor, but got {t.ndim}D shape "
                             f"{const_vector(t.shape)}")
    col = x.shape[-2 if transpose_a else -1]
    row = y.shape[-1 if transpose_b else -2]
    if col != row:
        raise ValueError(f"For BatchMatMul, the row of the input 'y' should be same as the col "
                         f"of the input 'x', with x shape {const_vector(x.shape)}"
                         f"(transpose_a={int(transpose_a)}), y shape {const_vector(y.shape)}"
                         f"(transpose_b={int(transpose_b)})")
    if not _broadcastable(x.shape[:-2], y.shape[:-2]):
        raise ValueError(f"For BatchMatMul, inputs shape cannot be broadcast on CPU/GPU, with x "
                         f"shape {const_vector(x.shape)}, y shape {const_vector(y.shape)}")


def check_batch_matmul_ext(x, y) -> None:
    """``mint.bmm``: two stacks of matrices."""
    if x.shape[-1] != y.shape[-2]:
        raise ValueError(f"For BatchMatMulExt, the row of the input 'y' should be same as the "
                         f"col of the input 'x', with x shape {const_vector(x.shape)}, y shape "
                         f"{const_vector(y.shape)}")


def check_dense(x, w, b) -> None:
    """``ops.dense(input, weight, bias)``: ``weight`` is (out, in) or (in,)."""
    if w.ndim == 1:
        if x.shape[-1] != w.shape[0]:
            raise ValueError("The value of x.shape[-1] should be equal to w.shape[0] if the "
                             "dim of w is 1.")
        return
    if x.shape[-1] != w.shape[-1]:
        raise ValueError(f"Dense shape error, got x_col: {x.shape[-1]}, w_row: {w.shape[-1]}. "
                         f"In Dense x_col and w_row should be equal. if the dim of w is 2.")
    if b is not None and b.ndim > 1:
        raise ValueError("The dim of b should be equal to 0 or 1 if the dim of w is 2.")


def check_dense_layer(x, in_channels: int) -> None:
    """``nn.Dense``: its input's last dimension against ``in_channels`` (MatMul's message)."""
    if x.shape[-1] != in_channels:
        raise ValueError(_matmul_2d_message(x.shape[-1], in_channels))
