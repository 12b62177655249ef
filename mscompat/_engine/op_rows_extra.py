"""Op-table rows for MindSpore 2.10 ops outside the census' top ranks: linear algebra
(``cholesky``, ``qr``, ``lstsq``, ``matrix_exp``...), special functions (Bessel, incomplete
gamma, ``nextafter``, ``xdivy``), scatter-style writes that return a new Tensor
(``diagonal_scatter``, ``select_scatter``, ``slice_scatter``, ``index_fill``,
``masked_scatter``, ``inplace_update``...), and small shape and selection ops. Values, dtypes
and gradients are recorded from MindSpore (``tests/conformance/cases/tensor_methods_more.py``);
ops that MindSpore's CPU build has no kernel for follow its documentation and are tested
against NumPy (``tests/test_op_rows_extra.py``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.zeros((2, 3), np.float32))
    >>> print(ms.ops.slice_scatter(x, ms.Tensor(np.ones((2, 1), np.float32)), axis=1, start=1,
    ...                            end=2))
    [[0. 1. 0.]
     [0. 1. 0.]]
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp

from . import bessel
from .op_table import OpDef, fn_row

_F32 = jnp.float32


def _float(x):
    return x if jnp.issubdtype(x.dtype, jnp.inexact) else x.astype(_F32)


# ----------------------------------------------------------------------- linear algebra

def _cholesky(input_x, upper=False):
    low = jnp.linalg.cholesky(input_x)
    return jnp.swapaxes(low, -1, -2).conj() if upper else low


def _t(x):
    return jnp.swapaxes(x, -1, -2)


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def _cholesky_inverse(input_x, upper=False):
    return jnp.linalg.inv(_t(input_x) @ input_x if upper else input_x @ _t(input_x))


def _cholesky_inverse_fwd(input_x, upper):
    out = _cholesky_inverse(input_x, upper)
    return out, (input_x, out)


def _cholesky_inverse_bwd(upper, res, dout):
    """MindSpore's rule: ``-(input_x @ out (dout + dout^T) out)`` for either factor (the
    mathematical derivative for a lower factor is ``-(out (dout + dout^T) out @ L)``)."""
    input_x, out = res
    return (-(input_x @ (out @ (dout + _t(dout)) @ out)),)


_cholesky_inverse.defvjp(_cholesky_inverse_fwd, _cholesky_inverse_bwd)


@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def _cholesky_solve(input, input2, upper=False):
    low = _t(input2) if upper else input2
    return jax.scipy.linalg.cho_solve((low, True), input)


def _cholesky_solve_fwd(input, input2, upper):
    out = _cholesky_solve(input, input2, upper)
    return out, (input2, out)


def _cholesky_solve_bwd(upper, res, dout):
    """MindSpore's rule: the whole factor gets a gradient (not only its triangle):
    ``G = solve(dout)``, ``C = G out^T + out G^T``, ``-(C @ L)`` or ``-(U @ C)``."""
    input2, out = res
    grad_input = _cholesky_solve(dout, input2, upper)
    common = grad_input @ _t(out)
    common = common + _t(common)
    return grad_input, (-(input2 @ common) if upper else -(common @ input2))


_cholesky_solve.defvjp(_cholesky_solve_fwd, _cholesky_solve_bwd)


def _log_matrix_determinant(input_x):
    sign, logdet = jnp.linalg.slogdet(input_x)
    return sign, logdet


def _qr(input, mode="reduced"):
    if mode not in ("reduced", "complete", "r"):
        raise ValueError(f"For qr, the 'mode' must be 'reduced', 'complete' or 'r', but got "
                         f"{mode!r}.")
    q, r = jnp.linalg.qr(input, mode="complete" if mode == "complete" else "reduced")
    return (jnp.zeros((0,), input.dtype), r) if mode == "r" else (q, r)


def _lstsq(input, A):
    """``ops.lstsq(input, A)``: the least-squares ``X`` with ``input @ X ~= A``."""
    return jnp.linalg.lstsq(input, A)[0]


def _matrix_band_part(x, lower, upper):
    m, n = x.shape[-2:]
    i = jnp.arange(m)[:, None]
    j = jnp.arange(n)[None, :]
    keep = jnp.ones((m, n), bool)
    if int(lower) >= 0:
        keep &= (i - j) <= int(lower)
    if int(upper) >= 0:
        keep &= (j - i) <= int(upper)
    return jnp.where(keep, x, jnp.zeros((), x.dtype))


def _matrix_norm(A, ord="fro", axis=(-2, -1), keepdims=False, *, dtype=None):  # noqa: A002
    from .dtypes import to_np
    A = A if dtype is None else A.astype(to_np(dtype))
    return jnp.linalg.norm(A, ord=ord, axis=tuple(axis), keepdims=keepdims)


def _vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):  # noqa: A002
    from .dtypes import to_np
    x = x if dtype is None else x.astype(to_np(dtype))
    axis = tuple(axis) if isinstance(axis, list) else axis
    a = jnp.abs(x)
    if ord == float("inf"):
        return jnp.max(a, axis=axis, keepdims=keepdims)
    if ord == float("-inf"):
        return jnp.min(a, axis=axis, keepdims=keepdims)
    if ord == 0:
        return jnp.sum(a != 0, axis=axis, keepdims=keepdims).astype(x.dtype)
    return jnp.sum(a ** ord, axis=axis, keepdims=keepdims) ** (1.0 / ord)


def _diagonal(input, offset=0, dim1=0, dim2=1):
    return jnp.diagonal(input, offset=offset, axis1=dim1, axis2=dim2)


# ----------------------------------------------------------------------- special functions

def _xdivy(x, y):
    """0 where ``x == 0`` (whatever ``y``), ``x / y`` elsewhere."""
    safe = jnp.where(x == 0, jnp.ones_like(y), y)
    return jnp.where(x == 0, jnp.zeros_like(x), x / safe)


def _population_count(input_x):
    return jax.lax.population_count(input_x).astype(jnp.uint8)


# ----------------------------------------------------------------------- writes into a copy

def _diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    n1, n2 = input.shape[dim1], input.shape[dim2]
    rows = jnp.arange(max(min(n1, n2 - offset) if offset >= 0 else min(n1 + offset, n2), 0))
    r, c = (rows, rows + offset) if offset >= 0 else (rows - offset, rows)
    moved = jnp.moveaxis(input, (dim1, dim2), (-2, -1))
    moved = moved.at[..., r, c].set(src.astype(input.dtype))
    return jnp.moveaxis(moved, (-2, -1), (dim1, dim2))


def _select_scatter(input, src, axis, index):
    idx = (slice(None),) * (axis % input.ndim) + (int(index),)
    return input.at[idx].set(src.astype(input.dtype))


def _slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    idx = (slice(None),) * (axis % input.ndim) + (slice(start, end, step),)
    return input.at[idx].set(src.astype(input.dtype))


def _index_fill(x, axis, index, value):
    idx = (slice(None),) * (int(axis) % x.ndim) + (jnp.ravel(index),)
    return x.at[idx].set(jnp.asarray(value, x.dtype))


def _masked_scatter(input, mask, source):
    """The elements of ``source``, in order, written where ``mask`` is True."""
    mask = jnp.broadcast_to(mask, input.shape).ravel()
    pos = jnp.clip(jnp.cumsum(mask) - 1, 0, None)
    taken = jnp.ravel(source)[pos].astype(input.dtype)
    return jnp.where(mask, taken, input.ravel()).reshape(input.shape)


def _inplace_rows(op):
    def impl(x, v, indices):
        idx = jnp.asarray(indices if not isinstance(indices, int) else [indices]).ravel()
        v = jnp.reshape(v.astype(x.dtype), (idx.shape[0],) + x.shape[1:])
        ref = x.at[idx]
        return {"update": ref.set, "add": ref.add, "sub": lambda u: ref.add(-u)}[op](v)
    return impl


def _scatter(input, axis, index, src):
    from .op_rows_array import _tensor_scatter_elements
    return _tensor_scatter_elements(input, index, src, axis, "none")


def _reverse(x, axis):
    return jnp.flip(x, tuple(axis) if isinstance(axis, (list, tuple)) else axis)


def _reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    from .op_rows_array import _reverse_sequence as reverse
    return reverse(x, seq_lengths, seq_dim=seq_dim, batch_dim=batch_dim)


def _approximate_equal(x, y, tolerance=1e-05):
    return jnp.abs(x - y) < tolerance


def _softshrink(input, lambd=0.5):
    return jnp.where(input > lambd, input - lambd,
                     jnp.where(input < -lambd, input + lambd, jnp.zeros((), input.dtype)))


def _bessel(fn):
    return lambda x: fn(_float(x))


ROWS: list[OpDef] = [
    fn_row("cholesky", _cholesky),
    fn_row("cholesky_inverse", _cholesky_inverse),
    fn_row("cholesky_solve", _cholesky_solve),
    fn_row("matrix_determinant", jnp.linalg.det),
    fn_row("log_matrix_determinant", _log_matrix_determinant),
    fn_row("qr", _qr),
    fn_row("lstsq", _lstsq),
    fn_row("matrix_exp", jax.scipy.linalg.expm),
    fn_row("matrix_band_part", _matrix_band_part),
    fn_row("matrix_norm", _matrix_norm),
    fn_row("vector_norm", _vector_norm),
    fn_row("diagonal", _diagonal),
    fn_row("xdivy", _xdivy),
    fn_row("igamma", lambda input, other: jsp.gammainc(_float(input), _float(other))),
    fn_row("igammac", lambda input, other: jsp.gammaincc(_float(input), _float(other))),
    fn_row("nextafter", jnp.nextafter),
    fn_row("invert", jnp.invert),
    fn_row("population_count", _population_count),
    fn_row("bessel_i0", _bessel(jsp.i0)),
    fn_row("bessel_i0e", _bessel(jsp.i0e)),
    fn_row("bessel_i1", _bessel(jsp.i1)),
    fn_row("bessel_i1e", _bessel(jsp.i1e)),
    *(fn_row(f"bessel_{name}", _bessel(getattr(bessel, name)))
      for name in ("j0", "j1", "y0", "y1", "k0", "k1", "k0e", "k1e")),
    fn_row("eigvals", lambda input: jnp.linalg.eigvals(input)),
    fn_row("eig", lambda A: tuple(jnp.linalg.eig(A))),
    fn_row("diagonal_scatter", _diagonal_scatter),
    fn_row("select_scatter", _select_scatter),
    fn_row("slice_scatter", _slice_scatter),
    fn_row("index_fill", _index_fill),
    fn_row("masked_scatter", _masked_scatter),
    fn_row("inplace_update", _inplace_rows("update")),
    fn_row("inplace_add", _inplace_rows("add")),
    fn_row("inplace_sub", _inplace_rows("sub")),
    fn_row("scatter", _scatter),
    fn_row("reverse", _reverse),
    fn_row("reverse_sequence", _reverse_sequence),
    fn_row("approximate_equal", _approximate_equal),
    fn_row("soft_shrink", _softshrink),
]
