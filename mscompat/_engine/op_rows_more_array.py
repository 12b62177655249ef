"""Op-table rows for MindSpore 2.10's smaller shape and index ops: ``atleast_nd``, splits,
``rot90``, ``movedim``, ``cross``, ``kron``, ``cartesian_prod``, ``combinations``,
``tril_indices``/``triu_indices``, ``vander``, ``trapz``, ``bucketize``, ``argwhere``,
``unique_consecutive`` (values recorded in ``tests/conformance/cases/more_math.py``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> print(ms.ops.tril_indices(3, 2))
    [[0 1 1 2 2]
     [0 0 1 0 1]]
"""
from __future__ import annotations

import itertools

import jax
import jax.numpy as jnp
import jax.scipy.linalg  # noqa: F401  (block_diag)
import numpy as np

from . import bprops
from .errors import const_vector, require_sequence
from .op_table import OpDef, _same_dtypes, fn_row


def _atleast(fn):
    def op(inputs):
        if isinstance(inputs, (list, tuple)):
            return tuple(fn(x) for x in inputs)
        return fn(inputs)
    return op


def _split_along(name: str, axis: int):
    """``hsplit``/``vsplit``/``dsplit``: MindSpore's are ``tensor_split`` along axis 1, 0, 2
    (a number of sections need not divide the axis: the first ones are one longer)."""
    def op(input, indices_or_sections):
        if input.ndim < axis + 1 or (name == "hsplit" and input.ndim < 2):
            raise ValueError(f"{name} expect `x` is a Tensor with at least {max(axis + 1, 2)} "
                             f"dimension, but got {input.ndim}")
        return _tensor_split(input, indices_or_sections, axis)
    return op


def _tensor_split(input, indices_or_sections, axis=0):
    sections = indices_or_sections
    if isinstance(sections, (list, tuple)):
        return tuple(jnp.split(input, list(sections), axis=axis))
    n, k = input.shape[axis], int(sections)
    sizes = [n // k + 1] * (n % k) + [n // k] * (k - n % k)
    return tuple(jnp.split(input, list(np.cumsum(sizes)[:-1]), axis=axis))


def _cross(input, other, dim=None):
    """MindSpore's Cross: the inputs broadcast to one shape, ``dim=None`` its first axis of
    size 3, the result in ``input``'s dtype."""
    shape = jnp.broadcast_shapes(input.shape, other.shape)
    if dim is None:
        dim = next((i for i, n in enumerate(shape) if n == 3), None)
        if dim is None:
            raise ValueError("For 'Cross', the size of inputs dim must contain 3, but got "
                             f"{const_vector(shape)}.")
    input, other = jnp.broadcast_to(input, shape), jnp.broadcast_to(other, shape)
    return jnp.cross(input, other.astype(input.dtype), axis=dim)


def _dist(input, other, p=2):
    """``ops.dist``: MindSpore's LpNorm of the flattened difference (its gradient rules:
    ``bprops.vector_norm``)."""
    return bprops.vector_norm((input - other).reshape(-1), p, 0)


def _cartesian_prod(*inputs):
    grids = jnp.meshgrid(*inputs, indexing="ij")
    return jnp.stack([g.reshape(-1) for g in grids], axis=1)  # one input: (n, 1)


def _combinations(input, r=2, with_replacement=False):
    if input.ndim != 1:
        raise ValueError(f"For 'combinations', the dimension 'x' must be 1, but got "
                         f"{input.ndim}")
    n = input.shape[0]
    pick = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    rows = list(pick(range(n), r))
    if not rows:
        return jnp.zeros((0, r), input.dtype)
    return input[np.array(rows)]


def _indices(tri):
    def op(row, col, offset=0, *, dtype=None):
        from .dtypes import to_np
        out = np.stack(tri(row, offset, col))
        return jnp.asarray(out, to_np(dtype) if dtype is not None else np.int64)
    return op


def _trapz(y, x=None, *, dx=1.0, dim=-1):
    # MindSpore's trapz answers in float32, but for Float16 ``y`` without ``x``
    half = y.dtype == np.float16 and x is None
    y = y.astype(np.float32)
    if half:
        return jnp.trapezoid(y, dx=dx, axis=dim).astype(np.float16)
    if x is None:
        return jnp.trapezoid(y, dx=dx, axis=dim)
    return jnp.trapezoid(y, x=x, axis=dim)


def _unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    data = np.asarray(input)
    flat = data.reshape(-1) if dim is None else np.moveaxis(data, dim, 0)
    starts = [0] + [i for i in range(1, len(flat)) if not np.array_equal(flat[i], flat[i - 1])]
    values = flat[starts]
    if dim is not None:
        values = np.moveaxis(values, 0, dim)
    out = [jnp.asarray(values)]
    if return_inverse:
        inverse = np.cumsum([i in set(starts) for i in range(len(flat))]) - 1
        out.append(jnp.asarray(inverse.reshape(data.shape if dim is None else -1), np.int64))
    if return_counts:
        out.append(jnp.asarray(np.diff(starts + [len(flat)]), np.int64))
    return out[0] if len(out) == 1 else tuple(out)


def _row(name, fn, method=True):
    return fn_row(name, fn, method)


def _kron(x, y):
    """The Kronecker product; of two Bool Tensors a Bool Tensor (logical and of the
    blocks), as MindSpore's."""
    if x.dtype == np.bool_ and y.dtype == np.bool_:
        return jnp.kron(x.astype(np.int8), y.astype(np.int8)).astype(np.bool_)
    return jnp.kron(x, y)



def _column_stack(tensors):
    require_sequence(tensors, "For column_stack, the input must be list or tuple of tensors, "
                              "but got {type}.")
    _same_dtypes("Concat", tensors)
    return jnp.column_stack(tensors)

ROWS: list[OpDef] = [
    _row("atleast_1d", _atleast(jnp.atleast_1d), False),
    _row("atleast_2d", _atleast(jnp.atleast_2d), False),
    _row("atleast_3d", _atleast(jnp.atleast_3d), False),
    _row("block_diag", lambda *inputs: jax.scipy.linalg.block_diag(*inputs), False),
    _row("bucketize", lambda input, boundaries, *, right=False: jnp.searchsorted(
        jnp.asarray(boundaries), input, side="right" if right else "left").astype(jnp.int32),
        False),
    _row("cartesian_prod", _cartesian_prod, False),
    _row("column_stack", _column_stack, False),
    _row("combinations", _combinations, False),
    _row("cross", _cross),
    _row("dist", _dist, False),
    _row("hsplit", _split_along("hsplit", 1)),
    _row("vsplit", _split_along("vsplit", 0)),
    _row("dsplit", _split_along("dsplit", 2)),
    _row("tensor_split", _tensor_split),
    _row("kron", _kron, False),
    _row("logspace", lambda start, end, steps, base=10, *, dtype=None: jnp.logspace(
        start, end, steps, base=base, dtype=jnp.float32), False),
    _row("movedim", lambda x, source, destination: jnp.moveaxis(x, source, destination)),
    _row("swapdims", lambda input, dim0, dim1: jnp.swapaxes(input, dim0, dim1)),
    _row("polar", lambda abs, angle: abs * jnp.exp(1j * angle), False),
    _row("rot90", lambda input, k, dims: jnp.rot90(input, k, axes=tuple(dims))),
    _row("trapz", _trapz, False),
    _row("tril_indices", _indices(np.tril_indices), False),
    _row("triu_indices", _indices(np.triu_indices), False),
    _row("vander", lambda x, N=None: jnp.vander(x, N), False),
    _row("argwhere", lambda input: jnp.argwhere(input).astype(jnp.int64)),
    _row("unique_consecutive", _unique_consecutive),
    _row("is_complex", lambda input: bool(jnp.iscomplexobj(input))),
]
