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
import numpy as np

from . import bessel, bprops, nn_kernels
from .errors import concrete, require_sequence
from .op_rows_array import fill_dtype
from .op_rows_more_math import softshrink
from .op_table import OpDef, _by_zero, _scalar_fix, _true_div, binary, fn_row, same_dtype

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


def _checked_cholesky_inverse(input_x, upper=False):
    if input_x.ndim < 2 or input_x.shape[-1] != input_x.shape[-2]:
        raise ValueError(f"For CholeskyInverse, input x must be batch squares, but got batch "
                         f"{' x '.join(str(d) for d in input_x.shape[-2:])} matrices.")
    return _cholesky_inverse(input_x, upper)


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
    half = input.dtype == np.float16  # computed in float32, given back in Float16
    q, r = jnp.linalg.qr(input.astype(_F32) if half else input,
                         mode="complete" if mode == "complete" else "reduced")
    q, r = (q.astype(input.dtype), r.astype(input.dtype)) if half else (q, r)
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
    if ord in ("nuc", 2, -2) and A.dtype in (np.float16, np.bool_):
        A = A.astype(_F32)  # MindSpore's SVD norms compute (and answer) in float32
    return jnp.linalg.norm(A, ord=ord, axis=tuple(axis), keepdims=keepdims)


def _vector_norm(x, ord=2, axis=None, keepdims=False, *, dtype=None):  # noqa: A002
    from .mint_rows import _vector_norm as norm
    if x.dtype == np.bool_:
        raise TypeError("For 'vector_norm', the input must be a float or integer Tensor, "
                        "but got Bool.")
    if jnp.issubdtype(x.dtype, jnp.integer):  # integers computed (and given) in float32
        x = x.astype(np.float32)
    return norm(x, ord, axis, keepdims, dtype=dtype)


def _diagonal(input, offset=0, dim1=0, dim2=1):
    return jnp.diagonal(input, offset=offset, axis1=dim1, axis2=dim2)


# ----------------------------------------------------------------------- special functions

def _xdivy(x, y):
    """0 where ``x == 0`` (whatever ``y``), ``x / y`` elsewhere (an integer Tensor with a
    Python float: Float32, as MindSpore's)."""
    x, y = _scalar_fix(x, y)
    safe = jnp.where(x == 0, jnp.ones_like(y), y)
    return jnp.where(x == 0, jnp.zeros_like(x), x / safe)


def _xdivy_prim(x, y):
    """The ``Xdivy`` Primitive: ``_xdivy`` of float or complex operands only (the
    promoted dtype otherwise is MindSpore's TypeError)."""
    x, y = _scalar_fix(x, y)
    promoted = jnp.result_type(x, y)
    if not jnp.issubdtype(promoted, jnp.inexact):
        from .dtypes import from_np
        raise TypeError("For primitive[Xdivy], the input argument[x] must be a type of "
                        "{Tensor[Complex128], Tensor[Complex64], Tensor[Float16], "
                        f"Tensor[Float32], Tensor[Float64]}}, but got Tensor[{from_np(promoted)}].")
    return _xdivy(x, y)


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
    """A Tensor ``value`` follows MaskedFill's kernel rules (``op_rows_array._fill_kind``):
    a dtype of ``x``'s group (a Bool ``x`` is refused), and a 64-bit ``x`` filled with
    another dtype runs in 32 bits."""
    idx = (slice(None),) * (int(axis) % x.ndim) + (jnp.ravel(index),)
    if not hasattr(value, "dtype"):
        return x.at[idx].set(jnp.asarray(value, x.dtype))
    dtype = np.dtype(x.dtype)
    if dtype == np.bool_:
        raise TypeError("Select CPU operator[IndexFill] fail! Unsupported data type!")
    run = fill_dtype("IndexFill", dtype, value.dtype)
    return x.astype(run).at[idx].set(value.astype(run)).astype(dtype)


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
    return _tensor_scatter_elements(input, index, src, axis, "none", primitive="Scatter")


def _reverse(x, axis):
    return jnp.flip(x, tuple(axis) if isinstance(axis, (list, tuple)) else axis)


def _approximate_equal(x, y, tolerance=1e-05):
    return jnp.abs(x - y) < tolerance


def _bessel(fn):
    return lambda x: fn(_float(x))


# ----------------------------------------------------------------------- shapes and products

def _take(input, index):
    """``ops.take(input, index)``: elements of the flattened ``input``."""
    return jnp.ravel(input)[index]


def _vecdot(x, y, *, axis=-1):
    return jnp.sum(jnp.conj(x) * y, axis=axis)


def _sequence_mask(lengths, maxlen=None):
    if maxlen is None:
        maxlen = int(jnp.max(lengths))
    return jnp.arange(int(maxlen)) < lengths[..., None]


def _swiglu(input, dim=-1):
    """``ops.swiglu``: ``silu(a) * b`` for the two halves ``a, b`` of ``input`` along
    ``dim``."""
    a, b = jnp.split(input, 2, axis=dim)
    return jax.nn.silu(a) * b


def _pdist(input, p=2.0):
    n = input.shape[-2]
    i, j = np.triu_indices(n, 1)
    return bprops.vector_norm(input[..., i, :] - input[..., j, :], p, (-1,))


def _cond(A, p=None):
    if A.ndim >= 2 and A.shape[-1] != A.shape[-2]:  # MindSpore inverts the matrix
        raise ValueError(f"For primitive[MatrixInverse], the attribute[row size] must be "
                         f"equal to {A.shape[-2]}, but got {A.shape[-1]}.")
    return jnp.linalg.cond(A, p=p)


def _batch_dot(x1, x2, axes=None):
    """``ops.batch_dot``: per batch row, ``tensordot`` over ``axes`` (default: the last axis
    of ``x1`` with the last of ``x2``, or its second-last for a 3-D or larger ``x2``); a 2-D
    result gains a trailing axis of 1."""
    if axes is None:
        axes = (x1.ndim - 1, x2.ndim - 1 if x2.ndim == 2 else x2.ndim - 2)
    elif isinstance(axes, int):
        axes = (axes, axes)
    a1, a2 = (int(a) % n for a, n in zip(axes, (x1.ndim, x2.ndim)))
    out = jax.vmap(lambda a, b: jnp.tensordot(a, b, axes=(a1 - 1, a2 - 1)))(x1, x2)
    return out[:, None] if out.ndim == 1 else out


def _space_to_batch_nd(input_x, block_size, paddings):
    n_spatial = len(paddings)
    blocks = (block_size,) * n_spatial if isinstance(block_size, int) else tuple(block_size)
    pad = [(0, 0)] * (input_x.ndim - n_spatial) + [tuple(p) for p in paddings]
    x = jnp.pad(input_x, pad)
    batch, rest = x.shape[0], x.shape[1:input_x.ndim - n_spatial]
    spatial = x.shape[input_x.ndim - n_spatial:]
    shape = [batch, *rest]
    for size, b in zip(spatial, blocks):
        shape += [size // b, b]
    x = x.reshape(shape)
    lead = len(rest) + 1
    block_axes = [lead + 2 * i + 1 for i in range(n_spatial)]
    grid_axes = [lead + 2 * i for i in range(n_spatial)]
    x = jnp.transpose(x, block_axes + [0] + list(range(1, lead)) + grid_axes)
    return x.reshape((-1, *rest, *(s // b for s, b in zip(spatial, blocks))))


def _batch_to_space_nd(input_x, block_shape, crops):
    n_spatial = len(crops)
    blocks = (block_shape,) * n_spatial if isinstance(block_shape, int) else \
        tuple(block_shape)
    lead = input_x.ndim - n_spatial
    batch = input_x.shape[0] // int(np.prod(blocks))
    x = input_x.reshape((*blocks, batch, *input_x.shape[1:]))
    order = [n_spatial]  # batch
    order += list(range(n_spatial + 1, n_spatial + lead))  # the other leading axes
    for i in range(n_spatial):
        order += [n_spatial + lead + i, i]
    x = jnp.transpose(x, order)
    spatial = [input_x.shape[lead + i] * b for i, b in enumerate(blocks)]
    x = x.reshape((batch, *input_x.shape[1:lead], *spatial))
    index = tuple(slice(None) for _ in range(lead)) + tuple(
        slice(c[0], s - c[1]) for c, s in zip(crops, spatial))
    return x[index]


def _accumulate_n(x):
    require_sequence(x, "For 'AccumulateNV2', the input must be a list or tuple of Tensors, "
                        "but got {type}.", RuntimeError)
    return functools.reduce(jnp.add, list(x))


def _row_stack(tensors):
    require_sequence(tensors, "For 'vstack', list or tuple of tensors are required, but got "
                              "{type}")
    return jnp.vstack(list(tensors))


def _bidense(input1, input2, weight, bias=None):
    out = jnp.einsum("...i,oij,...j->...o", input1, weight, input2)
    return out if bias is None else out + bias


def _matrix_solve(matrix, rhs, adjoint=False):
    return jnp.linalg.solve(jnp.conj(_t(matrix)) if adjoint else matrix, rhs)


def _matrix_diag(x, k=0, num_rows=-1, num_cols=-1, padding_value=0, align="RIGHT_LEFT"):
    if not isinstance(k, int) or num_rows != -1 or num_cols != -1:
        raise NotImplementedError("mindspore.ops.matrix_diag with a band of diagonals or "
                                  "an explicit num_rows/num_cols is not supported by mscompat")
    n = x.shape[-1] + abs(k)
    eye = jnp.eye(n, k=k, dtype=bool)
    rows = jnp.arange(n) if k >= 0 else jnp.arange(n) + k
    filled = jnp.take(x, jnp.clip(rows, 0, x.shape[-1] - 1), axis=-1)[..., :, None]
    return jnp.where(eye, filled, jnp.asarray(padding_value, x.dtype))


def _matrix_set_diag(x, diagonal, k=0, align="RIGHT_LEFT"):
    if not isinstance(k, int) or k != 0:
        raise NotImplementedError("mindspore.ops.matrix_set_diag with k != 0 is not "
                                  "supported by mscompat")
    m, n = x.shape[-2:]
    eye = jnp.eye(m, n, dtype=bool)
    d = jnp.pad(diagonal, [(0, 0)] * (diagonal.ndim - 1) + [(0, max(m - diagonal.shape[-1],
                                                                     0))])
    return jnp.where(eye, d[..., :, None][..., :m, :].astype(x.dtype), x)


def _permutation(pivots, m):
    """The permutation matrix ``P`` of 1-based LAPACK row interchanges (``A = P L U``)."""
    perm = jnp.arange(m)
    for i in range(pivots.shape[-1]):
        p = pivots[i] - 1
        a, b = perm[i], perm[p]
        perm = perm.at[i].set(b).at[p].set(a)
    return jnp.eye(m)[perm].T


def _lu_unpack(LU_data, LU_pivots, unpack_data=True, unpack_pivots=True):  # noqa: N803
    """(P, L, U) of a packed LU factorisation with 1-based LAPACK pivots."""
    m, n = LU_data.shape[-2:]
    k = min(m, n)
    lower = jnp.tril(LU_data, -1)[..., :, :k] + jnp.eye(m, k, dtype=LU_data.dtype)
    upper = jnp.triu(LU_data)[..., :k, :]
    piv = LU_pivots.astype(jnp.int32)
    flat = piv.reshape((-1, piv.shape[-1]))
    perms = jax.vmap(lambda q: _permutation(q, m))(flat).reshape(piv.shape[:-1] + (m, m))
    return perms.astype(LU_data.dtype), lower, upper


def _lu_solve(b, LU_data, LU_pivots):  # noqa: N803
    """``ops.lu_solve(b, LU_data, LU_pivots)``: ``A x = b`` for ``A = P L U`` packed in
    ``LU_data`` with 1-based LAPACK pivots."""
    perm, lower, upper = _lu_unpack(LU_data, LU_pivots)
    y = jax.scipy.linalg.solve_triangular(lower, _t(perm) @ b, lower=True,
                                          unit_diagonal=True)
    return jax.scipy.linalg.solve_triangular(upper, y, lower=False)


def _adaptive_max_pool1d(input, output_size):
    n = input.shape[-1]
    if n % output_size:
        raise ValueError(f"For adaptive_max_pool1d input's last dimension must be divisible "
                         f"by output size {output_size}, but got {n}.")
    return jnp.max(input.reshape(input.shape[:-1] + (output_size, n // output_size)), axis=-1)


_INT_TRUNCATE_DIV = _by_zero(jax.lax.div, "floor")
_INT_TRUNCATE_MOD = _by_zero(jax.lax.rem, "zero")


@binary
def _truncate_div(x, y):
    """Integers: by zero the type's maximum for x > 0, minimum for x < 0, 0 for 0."""
    x, y = same_dtype(x, y)
    if jnp.issubdtype(x.dtype, jnp.integer):
        return _INT_TRUNCATE_DIV(x, y)
    return jnp.trunc(_true_div(x, y))  # (the Div kernel's quotient: 1 / -0.0 is inf)


@binary
def _truncate_mod(x, y):
    """Integers: 0 where y is 0."""
    x, y = same_dtype(x, y)
    if jnp.issubdtype(x.dtype, jnp.integer):
        return _INT_TRUNCATE_MOD(x, y)
    return jnp.fmod(x, y)


def _channel_dropout(name, ndim):
    """``ops.dropout1d/2d/3d(input, p=0.5, training=True)``: whole channels (axis 1 of an
    ``(N, C, *spatial)`` input) zeroed with probability ``p``, the rest scaled by
    ``1 / (1 - p)``."""
    def op(input, p=0.5, training=True):
        from .random_ops import dropout_channels
        from .tensor import Tensor
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"For {name}, the 'p' must be in range [0, 1], but got {p}.")
        if input.ndim not in (ndim + 1, ndim + 2):
            raise RuntimeError(f"For {name}, the input must be {ndim + 1}-D or "
                               f"{ndim + 2}-D, but got {input.ndim}-D.")
        if not training or p == 0:
            return input
        batched = input if input.ndim == ndim + 2 else input.expand_dims(0)
        out = dropout_channels(batched, p)
        out = out if isinstance(out, Tensor) else Tensor(out)
        return out if input.ndim == ndim + 2 else out.squeeze(0)
    return op


def _is_floating_point(input) -> bool:
    return np.issubdtype(np.dtype(input._data.dtype), np.floating)


def _is_tensor(obj) -> bool:
    from .tensor import Tensor
    return isinstance(obj, Tensor)


def _is_nonzero(input) -> bool:
    if input.size != 1:
        raise RuntimeError(f"For 'is_nonzero', the input must contain exactly one element, "
                           f"but got {input.size}.")
    return bool(input)


# ----------------------------------------------------------------------- functional forms of
# pooling and convolution primitives

def _conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1,
                      group=1, output_padding=0):
    from .op_rows_nn import _pad_mode, _spatial
    return nn_kernels.conv2d_transpose(
        inputs, weight, None, _spatial(stride, 3, "stride"), _pad_mode(pad_mode), padding,
        _spatial(output_padding, 3, "output_padding"), _spatial(dilation, 3, "dilation"),
        group)


def _intopk(x1, x2, k):
    """``ops.intopk(x1, x2, k)``: whether ``x1[i, x2[i]]`` is among the ``k`` largest of row
    ``i`` (equal values count as in)."""
    target = jnp.take_along_axis(x1, x2[:, None].astype(jnp.int32), axis=1)
    return jnp.sum(x1 > target, axis=1) < k


def _max_unpool(n):
    def op(x, indices, kernel_size, stride=None, padding=0, output_size=None):
        kernel = (kernel_size,) * n if isinstance(kernel_size, int) else tuple(kernel_size)
        stride = kernel if stride is None else (
            (stride,) * n if isinstance(stride, int) else tuple(stride))
        pad = (padding,) * n if isinstance(padding, int) else tuple(padding)
        if not output_size:  # None or (): from the pooling arguments
            size = tuple((d - 1) * s - 2 * p + k for d, s, p, k in
                         zip(x.shape[-n:], stride, pad, kernel))
        else:
            size = tuple(output_size)[-n:]
        lead = x.shape[:-n]
        total = int(np.prod(size))
        known = concrete(indices)
        if known is not None and known.size and (known.max() >= total or known.min() < 0):
            raise RuntimeError(f"MaxUnpool{n}D: internal error, output_size "
                               f"{' * '.join('DHW'[3 - n:])} should be bigger than some "
                               f"indicis, now {' * '.join('DHW'[3 - n:])} is {total} and value "
                               f"of argmax is {int(known.max())}.")
        flat = jnp.zeros(lead + (total,), x.dtype)
        idx = indices.reshape(lead + (-1,)).astype(jnp.int32)
        vals = x.reshape(lead + (-1,))
        out = jax.vmap(lambda f, i, v: f.at[i].set(v))(
            flat.reshape((-1, flat.shape[-1])), idx.reshape((-1, idx.shape[-1])),
            vals.reshape((-1, vals.shape[-1])))
        if known is None and jnp.issubdtype(x.dtype, jnp.floating):
            # traced indices: one past the output reads NaN everywhere, never a dropped value
            outside = jnp.any((idx < 0) | (idx >= total))
            out = jnp.where(outside, jnp.asarray(np.nan, x.dtype), out)
        return out.reshape(lead + size)
    return op


def _adaptive_max_pool3d(input, output_size, return_indices=False):
    out = nn_kernels.adaptive_max_pool3d(input, output_size)
    if return_indices:  # Int32 flat indices of each window's first maximum
        return out, nn_kernels.adaptive_max_indices(input, out.shape[-3:])
    return out


def _view_as_real(input):
    if not jnp.issubdtype(input.dtype, jnp.complexfloating):
        raise TypeError("For view_as_real, the dtype of input Tensor must be complex.")
    return jnp.stack([jnp.real(input), jnp.imag(input)], axis=-1)


def _fills(x, value):
    return jnp.full(x.shape, value, x.dtype)


def _unique_with_pad(x, pad_num):
    """(the unique values in order of first appearance, padded with ``pad_num`` to
    ``x``'s length; each element's position among them)."""
    arr = np.asarray(x)
    values, first, inverse = np.unique(arr, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    out = np.full(arr.shape, pad_num, arr.dtype)
    out[:values.size] = values[order]
    return jnp.asarray(out), jnp.asarray(rank[inverse].reshape(arr.shape), x.dtype)


def _meta(name, impl):
    return OpDef(None, None, functional=(name,), functional_impl=impl,
                 extra={"meta": True})


ROWS: list[OpDef] = [
    fn_row("cholesky", _cholesky),
    fn_row("cholesky_inverse", _checked_cholesky_inverse),
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
    fn_row("bessel_i0", _bessel(bessel.bessel_i0)),
    fn_row("bessel_i0e", _bessel(jsp.i0e)),
    fn_row("bessel_i1", _bessel(bessel.bessel_i1)),
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
    fn_row("approximate_equal", _approximate_equal),
    fn_row("soft_shrink", softshrink),
    fn_row("take", _take),
    fn_row("expand_as", lambda input, other: jnp.broadcast_to(input, other.shape)),
    fn_row("view_as", lambda input, other: jnp.reshape(input, other.shape)),
    fn_row("row_stack", _row_stack),
    fn_row("vecdot", _vecdot),
    fn_row("sequence_mask", _sequence_mask),
    fn_row("swiglu", _swiglu),
    fn_row("pdist", _pdist),
    fn_row("cond", _cond),
    fn_row("batch_dot", _batch_dot),
    fn_row("space_to_batch_nd", _space_to_batch_nd),
    fn_row("batch_to_space_nd", _batch_to_space_nd),
    fn_row("accumulate_n", _accumulate_n),
    fn_row("bidense", _bidense),
    fn_row("matrix_solve", _matrix_solve),
    fn_row("matrix_diag", _matrix_diag),
    fn_row("matrix_set_diag", _matrix_set_diag),
    fn_row("lu_unpack", _lu_unpack),
    fn_row("lu_solve", _lu_solve),
    fn_row("adaptive_max_pool1d", _adaptive_max_pool1d),
    fn_row("adaptive_avg_pool3d", lambda input, output_size:
           nn_kernels.adaptive_avg_pool3d(input, output_size)),
    _meta("is_floating_point", _is_floating_point),
    fn_row("conv3d_transpose", _conv3d_transpose),
    fn_row("intopk", _intopk),
    fn_row("max_unpool1d", _max_unpool(1)),
    fn_row("max_unpool2d", _max_unpool(2)),
    fn_row("max_unpool3d", _max_unpool(3)),
    fn_row("adaptive_max_pool3d", _adaptive_max_pool3d),
    fn_row("view_as_real", _view_as_real),
    fn_row("fills", _fills),
    fn_row("unique_with_pad", _unique_with_pad),
    OpDef("TruncateDiv", _truncate_div, functional=("truncate_div",)),
    OpDef("Xdivy", _xdivy_prim),
    OpDef("TruncateMod", _truncate_mod, functional=("truncate_mod",)),
    *(_meta(f"dropout{n}d", _channel_dropout(f"dropout{n}d", n)) for n in (1, 2, 3)),
    _meta("is_tensor", _is_tensor),
    _meta("is_nonzero", _is_nonzero),
]
