"""``mindspore.scipy.linalg`` on ``jax.scipy.linalg``, with MindSpore 2.10's result dtypes
(an integer ``inv`` is Float64, ``lu``'s permutation matrix Int32, ``lstsq``'s rank Int64
and its residuals and singular values empty, as MindSpore's CPU build returns them).

Example:
    >>> import mscompat as ms
    >>> from mscompat.scipy import linalg
    >>> print(linalg.inv(ms.Tensor([[2.0, 0.0], [0.0, 4.0]])))
    [[0.5  0.  ]
     [0.   0.25]]
"""
from __future__ import annotations

import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np

from .ops_build import call as _call
from .tensor import unwrap


def call(fn, args, kwargs):
    return _call(fn, tuple(unwrap(a) for a in args), kwargs)


def _inv(a):
    if not jnp.issubdtype(a.dtype, jnp.inexact):
        a = a.astype(np.float64)
    return jnp.linalg.inv(a)


def _lu(a, permute_l=False):
    p, lower, upper = jsl.lu(a)
    if permute_l:
        return p @ lower, upper
    return p.astype(np.int32), lower, upper


def _lstsq(a, b):
    x = jnp.linalg.lstsq(a, b)[0]
    empty = jnp.zeros((0,), a.dtype)
    return x, empty, jnp.asarray(np.linalg.matrix_rank(np.asarray(a)), np.int64), empty


def inv(a, overwrite_a: bool = False, check_finite: bool = True):
    """``inv(a)``: the inverse of a square matrix (an integer one in Float64)."""
    return call(_inv, (a,), {})


def block_diag(*arrs):
    """``block_diag(*arrs)``: the arrays on the diagonal of one matrix."""
    return call(lambda *a: jsl.block_diag(*a), arrs, {})


def cholesky(a, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True):
    """``cholesky(a, lower=False)``: the Cholesky factor (upper unless ``lower``)."""
    return call(lambda x: jsl.cholesky(x, lower=lower), (a,), {})


def cho_factor(a, lower: bool = False, overwrite_a: bool = False, check_finite: bool = True):
    """``cho_factor(a, lower=False)``: ``(factor, lower)`` for ``cho_solve``."""
    return cholesky(a, lower), lower


def cho_solve(c_and_lower, b, overwrite_b: bool = False, check_finite: bool = True):
    """``cho_solve((c, lower), b)``: the solution of ``a x = b`` from ``cho_factor``."""
    c, lower = c_and_lower
    return call(lambda f, y: jsl.cho_solve((f, lower), y), (c, b), {})


def eigh(a, b=None, lower: bool = True, eigvals_only: bool = False,
         overwrite_a: bool = False, overwrite_b: bool = False, turbo: bool = True,
         eigvals=None, type: int = 1, check_finite: bool = True):  # noqa: A002
    """``eigh(a, lower=True, eigvals_only=False)``: eigenvalues (ascending) and eigenvectors
    of a symmetric matrix (the generalised problem ``b`` is not supported)."""
    if b is not None:
        raise NotImplementedError("mindspore.scipy.linalg.eigh with 'b' (the generalised "
                                  "eigenproblem) is not supported by mscompat.")
    if eigvals_only:
        return call(lambda x: jnp.linalg.eigvalsh(x, UPLO="L" if lower else "U"), (a,), {})
    return call(lambda x: tuple(jnp.linalg.eigh(x, UPLO="L" if lower else "U")), (a,), {})


def lu_factor(a, overwrite_a: bool = False, check_finite: bool = True):
    """``lu_factor(a)``: ``(lu, piv)`` (Int32 pivots)."""
    return call(lambda x: tuple(jsl.lu_factor(x)), (a,), {})


def lu(a, permute_l: bool = False, overwrite_a: bool = False, check_finite: bool = True):
    """``lu(a)``: ``(p, l, u)`` with ``a = p @ l @ u`` (``p`` Int32); ``permute_l``:
    ``(p @ l, u)``."""
    return call(lambda x: _lu(x, permute_l), (a,), {})


def solve_triangular(a, b, trans=0, lower: bool = False, unit_diagonal: bool = False,
                     overwrite_b: bool = False, debug=None, check_finite: bool = True):
    """``solve_triangular(a, b, trans=0, lower=False, unit_diagonal=False)``."""
    return call(lambda x, y: jsl.solve_triangular(x, y, trans=trans, lower=lower,
                                                  unit_diagonal=unit_diagonal), (a, b), {})


def lstsq(A, B, rcond=None, driver=None):  # noqa: N803 (MindSpore's names)
    """``lstsq(A, B)``: ``(x, residuals, rank, s)`` as MindSpore's CPU build returns them
    (residuals and ``s`` empty, ``rank`` Int64)."""
    return call(_lstsq, (A, B), {})
