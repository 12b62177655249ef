"""Op rows: creation, shape, slicing, gathering, scattering, sorting.

Each row is an ``OpDef`` (see ``op_table``); the dtype and index conventions noted next to
the implementations were settled with MindSpore 2.10 (``tests/conformance/cases/op_specs.py``).
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import bprops, dtypes
from .errors import (
    INDEX_16_64,
    INDEX_32_64,
    check_axis,
    check_dtype,
    check_reduce_axis,
    check_shape,
    concrete,
    out_of_range,
    require_sequence,
)
from .op_table import REQUIRED, OpDef, _axis, _same_dtypes, binary, flatten_axes, number_tensor

_I32, _I64, _F32 = np.dtype(np.int32), np.dtype(np.int64), np.dtype(np.float32)
_META = {"meta": True}


# -- metadata -------------------------------------------------------------------------------
# Metadata rows take the Tensor itself (``extra={"meta": True}``): no value is read.
def _shape(x):
    return tuple(int(d) for d in x.shape)


def _dtype(x):
    return x.dtype


# -- creation -------------------------------------------------------------------------------
def _py_dtype(value, default_float=_F32):
    """MindSpore's dtype for a Python number: bool -> Bool, int -> Int64, float -> Float32."""
    if isinstance(value, (bool, np.bool_)):
        return np.dtype(np.bool_)
    if isinstance(value, (int, np.integer)):
        return _I64
    return default_float


def _arange(start=0, end=None, step=1, *, dtype=None):
    if end is None:
        start, end = 0, start
    vals = [v.item() if hasattr(v, "item") else v for v in (start, end, step)]
    if step == 0:
        raise ValueError("For 'arange', the 'step' cannot be 0.")
    if dtype is None:
        dt = _I64 if all(isinstance(v, (int, np.integer)) for v in vals) else _F32
    else:
        dt = dtypes.to_np(dtype)
    return jnp.asarray(np.arange(*vals).astype(dt))


def _linspace(start, end, steps):
    start, end = (float(np.asarray(v)) for v in (start, end))
    return jnp.linspace(start, end, int(steps), dtype=_F32)


def _eye(n, m=None, dtype=None):
    dt = _F32 if dtype is None else dtypes.to_np(dtype)
    return jnp.eye(int(n), int(n if m is None else m), dtype=dt)


def _fill(type, shape, value):
    dt = dtypes.to_np(type)
    return jnp.full(check_shape("fill", tuple(shape), dt.itemsize), value, dt)


def _full(size, fill_value, *, dtype=None):
    if dtype is not None:
        dt = dtypes.to_np(dtype)
    elif hasattr(fill_value, "dtype"):
        dt = np.dtype(fill_value.dtype)
    else:  # MindSpore 2.10: any Python number (bool, float too) gives Int64 (truncated)
        dt = _I64
    size = tuple(size) if isinstance(size, (tuple, list)) else (int(size),)
    return jnp.full(check_shape("full", size, dt.itemsize), jnp.asarray(fill_value).astype(dt))


def _full_like(input, fill_value, *, dtype=None):
    dt = input.dtype if dtype is None else dtypes.to_np(dtype)
    return jnp.full(input.shape, jnp.asarray(fill_value).astype(dt))


def _new_filled(value):
    def impl(x, size, dtype=None):
        dt = x.dtype if dtype is None else dtypes.to_np(dtype)
        size = tuple(size) if isinstance(size, (tuple, list)) else (int(size),)
        return jnp.full(size, value, dt)
    return impl


def _tuple_to_array(input_x):
    vals = list(input_x)
    dt = _I32 if all(isinstance(v, (int, np.integer)) for v in vals) else _F32
    return jnp.asarray(np.asarray(vals, dt))


def _scalar_to_tensor(input_x, dtype=None):
    return jnp.asarray(input_x, _F32 if dtype is None else dtypes.to_np(dtype))


# -- shape ----------------------------------------------------------------------------------
def _broadcast_to(x, shape):
    shape = tuple(shape)
    lead = len(shape) - x.ndim
    full = tuple(x.shape[i - lead] if s == -1 else s for i, s in enumerate(shape))
    return jnp.broadcast_to(x, full)


def _broadcast_to_method(x, shape=None):
    if shape is None:  # MindSpore's message for the missing argument
        raise TypeError("broadcast_to() missing 1 required positional argument: shape.")
    return _broadcast_to(x, shape)


def _expand(x, *size):
    if not size:  # MindSpore's message (Tensor.expand is its broadcast_to)
        raise TypeError("broadcast_to() missing 1 required positional argument: shape.")
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        size = tuple(size[0])
    return _broadcast_to(x, size)


def _flatten_fn(input, order="C", *, start_dim=1, end_dim=-1):
    return flatten_axes(input, start_dim, end_dim)


def _swapaxes(x, axis0, axis1):
    return jnp.swapaxes(x, axis0, axis1)


def _t(x):
    """``ops.t``/``Tensor.t``: a 2-D Tensor transposed; others returned as they are (3-D
    too, as MindSpore's; ``mint.t`` swaps the first two axes of any rank)."""
    return x if x.ndim != 2 else jnp.swapaxes(x, 0, 1)


def _resize(x, *new_shape):
    if not new_shape:  # MindSpore: no shape, no change
        return x
    if len(new_shape) == 1 and isinstance(new_shape[0], (tuple, list)):
        new_shape = tuple(new_shape[0])
    flat = jnp.ravel(x)
    n = int(np.prod(new_shape))
    if n > flat.size:
        flat = jnp.concatenate([flat, jnp.zeros(n - flat.size, x.dtype)])
    return jnp.reshape(flat[:n], new_shape)


def _split_sizes(n: int, split_size_or_sections) -> list[int]:
    if isinstance(split_size_or_sections, (list, tuple)):
        sizes = [int(s) for s in split_size_or_sections]
        if sum(sizes) != n:
            raise ValueError(f"For 'split', the sum of 'split_size_or_sections' must be "
                             f"{n}, but got {sum(sizes)}.")
        return sizes
    k = int(split_size_or_sections)
    if k <= 0:
        raise ValueError(f"For 'split', 'split_size_or_sections' must be > 0, but got {k}.")
    return [k] * (n // k) + ([n % k] if n % k else [])


def _split_at(x, sizes, axis):
    cuts = np.cumsum(sizes)[:-1].tolist()
    return tuple(jnp.split(x, cuts, axis=axis))


def _split(tensor, split_size_or_sections, axis=0):
    axis = int(axis)
    return _split_at(tensor, _split_sizes(tensor.shape[axis], split_size_or_sections), axis)


def _split_prim(x, *, axis=0, output_num=1):
    n = x.shape[axis]
    if n % output_num:
        raise ValueError(f"For 'Split', x_shape[{axis}] must be divisible by output_num = "
                         f"{output_num}, but got {n}.")
    return tuple(jnp.split(x, output_num, axis=axis))


def _chunk(input, chunks, axis=0):
    n = input.shape[axis]
    size = -(-n // int(chunks))
    return _split_at(input, _split_sizes(n, size), axis)


def _unstack(x, *, axis=0, num=None):
    return tuple(jnp.moveaxis(x, axis, 0))


def _unstack_fn(input_x, axis=0):
    return _unstack(input_x, axis=axis)


def _narrow(input, axis, start, length):
    return jax.lax.slice_in_dim(input, int(start), int(start) + int(length), axis=int(axis))


def _slice(x, begin, size):
    idx = tuple(slice(b, None if s == -1 else b + s) for b, s in zip(begin, size))
    return x[idx]


def _strided_slice(x, begin, end, strides, begin_mask=0, end_mask=0, ellipsis_mask=0,
                   new_axis_mask=0, shrink_axis_mask=0):
    idx: list = []
    for i, (b, e, s) in enumerate(zip(begin, end, strides)):
        if ellipsis_mask >> i & 1:
            idx.append(Ellipsis)
        elif new_axis_mask >> i & 1:
            idx.append(None)
        elif shrink_axis_mask >> i & 1:
            idx.append(int(b))
        else:
            idx.append(slice(None if begin_mask >> i & 1 else int(b),
                             None if end_mask >> i & 1 else int(e), int(s)))
    return x[tuple(idx)]


def _pad_fn(input_x, padding, mode="constant", value=None):
    padding = [int(p) for p in padding]
    if mode in ("reflect", "replicate", "circular"):
        _check_pad_v3(mode, len(padding), input_x.shape)
    pairs = pad_pairs(padding, input_x.ndim)
    if mode == "constant":
        fill = jnp.asarray(0 if value is None else value, input_x.dtype)
        return jax.lax.pad(input_x, fill, [(lo, hi, 0) for lo, hi in pairs])
    if mode not in _NP_MODES:
        raise ValueError(f"For 'pad', 'mode' must be 'constant', 'reflect', 'replicate' or "
                         f"'circular', but got {mode!r}.")
    _check_pad_lengths(mode, input_x.shape, pairs)
    return pad_edges(input_x, pairs, mode)


_NP_MODES = {"reflect": "reflect", "replicate": "edge", "circular": "wrap"}


def pad_pairs(padding, ndim: int) -> list:
    """``ops.pad``'s flat ``padding`` (last axis first) as a ``(low, high)`` pair per axis."""
    if len(padding) % 2 or len(padding) // 2 > ndim:
        raise ValueError(f"For 'pad', the length of 'padding' must be even and at most "
                         f"2 * rank, but got {len(padding)}.")
    pairs = [(0, 0)] * ndim
    for k in range(len(padding) // 2):
        pairs[ndim - 1 - k] = (padding[2 * k], padding[2 * k + 1])
    return pairs


def pad_edges(input_x, pairs: list, mode: str):
    """``input_x`` padded by ``(low, high)`` per axis in a non-constant ``mode``; a negative
    amount crops that side (reflect/replicate pad first, circular crops first)."""
    np_mode = _NP_MODES[mode]
    grow = [(max(lo, 0), max(hi, 0)) for lo, hi in pairs]
    crop = tuple(slice(max(-lo, 0), n + hi if hi < 0 else None)
                 for (lo, hi), n in zip(pairs, input_x.shape))
    if mode == "circular":  # MindSpore's kernel crops first, then wraps what is left
        return jnp.pad(input_x[crop], grow, mode=np_mode)
    padded = jnp.pad(input_x, grow, mode=np_mode)  # reflect/replicate pad, then crop
    return padded[tuple(slice(c.start, None if c.stop is None else c.stop + lo + hi)
                        for c, (lo, hi) in zip(crop, grow))]


def _check_pad_v3(mode: str, size: int, shape: tuple) -> None:
    """The input ranks and pad lengths MindSpore's PadV3 kernel takes for the non-constant
    modes: a padding of ``2n`` values pads a rank ``n + 1`` or ``n + 2`` input (at least 2-D),
    reflect inputs up to 4-D (a rank ``n + 1`` input gains a batch axis) and pads shorter
    than the axis."""
    if size > 6:
        raise ValueError(f"For 'pad', the padding must be less than or equal to 6, but got "
                         f"{size}.")
    n, rank = size // 2, len(shape)
    if rank < 3 and rank < n + 1:
        raise ValueError(f"For primitive[PadV3], the input dims for edge, reflect or circular "
                         f"mode must be greater than or equal to 3, but got {rank}.")
    if mode == "reflect" and rank + (rank == n + 1) > 4:
        raise ValueError(f"For primitive[PadV3], the input dims for reflect mode must be less "
                         f"than or equal to 4, but got {rank + (rank == n + 1)}.")
    if rank not in (n + 1, n + 2):
        raise ValueError(f"For primitive[PadV3], the input dims when padding's size equal "
                         f"{size} must be equal to {n + 2}, but got {rank}.")


def _check_pad_lengths(mode: str, shape: tuple, pairs: list) -> None:
    for axis, ((lo, hi), dim) in enumerate(zip(pairs, shape)):
        if mode == "reflect" and (lo >= dim or hi >= dim):
            raise ValueError(f"For 'PadV3' reflect mode, Padding size must be less than the "
                             f"corresponding input dimension, but got: padding ({lo},{hi}) at "
                             f"dimension {axis} of input:{list(shape)}")
        if mode == "circular" and (lo > dim or hi > dim):
            raise NotImplementedError(
                "ops.pad(mode='circular') with a padding longer than its axis: MindSpore "
                "2.10's kernel then reads outside the axis (neighbouring rows), which mscompat "
                "does not reproduce.")


def _pad_prim(x, *, paddings):
    return jnp.pad(x, [tuple(int(v) for v in p) for p in paddings])


def _reversed_axes(x, axis) -> tuple:
    """``ReverseV2``'s checks: not of a 0-d Tensor, a tuple or list of distinct axes in
    range (an int is refused); an empty tuple reverses nothing."""
    if x.ndim == 0:
        raise ValueError("For primitive[ReverseV2], the rank of x must be not equal to 0, "
                         "but got 0.")
    if not isinstance(axis, (tuple, list)):
        raise TypeError(f'Failed calling ReverseV2 with "ReverseV2(axis='
                        f'{type(axis).__name__})(input=Tensor)".')
    seen = []
    for i, a in enumerate(axis):
        if not -x.ndim <= int(a) < x.ndim:
            raise ValueError(f"For 'ReverseV2', the 'axis[{i}]' must be in range of "
                             f"[{-x.ndim}, {x.ndim}), but got {a} with type 'int'.")
        a = int(a) % x.ndim
        if a in seen:
            raise ValueError(f"For ReverseV2, 'axis' cannot contain duplicate dimensions, "
                             f"but got {a}")
        seen.append(a)
    return tuple(seen)


def _flip(input, dims):
    return jnp.flip(input, axis=_reversed_axes(input, dims))


def _reverse_prim(x, *, axis):
    return jnp.flip(x, axis=_reversed_axes(x, axis))


def _roll(input, shifts, dims=None):
    return jnp.roll(input, shifts, axis=_axis(dims))


def _repeat_elements(x, rep, axis=0):
    return jnp.repeat(x, int(rep), axis=int(axis))


def _repeat_interleave(input, repeats, axis=None):
    if hasattr(repeats, "shape"):
        repeats = np.asarray(repeats)
    return jnp.repeat(input, repeats, axis=axis)


def _meshgrid(*inputs, indexing="xy"):
    return tuple(jnp.meshgrid(*inputs, indexing=indexing))


def _meshgrid_prim(inputs, *, indexing="xy"):
    return _meshgrid(*inputs, indexing=indexing)


def _moveaxis(x, source, destination):
    return jnp.moveaxis(x, source, destination)


def _hstack(tensors):
    require_sequence(tensors, "For hstack, the input must be list or tuple, but got {type}.")
    _same_dtypes("Concat", tensors)
    return jnp.hstack(tensors)


def _vstack(inputs):
    require_sequence(inputs, "For 'vstack', list or tuple of tensors are required, but got "
                             "{type}")
    _same_dtypes("Concat", inputs)
    return jnp.vstack(inputs)


def _dstack(tensors):
    require_sequence(tensors, "For 'dstack', 'tensors' must be list or tuple of tensors, but "
                              "got {type}")
    _same_dtypes("Concat", tensors)
    return jnp.dstack(list(tensors))


def check_tril_matrix(x) -> None:
    """MindSpore's CPU Tril kernel refuses matrices without rows or columns (its message
    calls the rows the width)."""
    if x.ndim >= 2:
        for name, n in (("matrix width", x.shape[-2]), ("matrix_height", x.shape[-1])):
            if n == 0:
                raise RuntimeError(f"For tril in cpu backend, input {name} should >= 1, "
                                   f"but got: 0")


def _tril(input, diagonal=0):
    check_tril_matrix(input)
    return jnp.tril(input, int(diagonal))


def _triu(input, diagonal=0):
    return jnp.triu(input, int(diagonal))


def _tri_prim(f):
    def impl(x, *, diagonal=0):
        return f(x, int(diagonal))
    return impl


def _diag(input):
    if not input.ndim:
        raise ValueError("For primitive[Diag], the input rank must be greater than or equal "
                         "to 1, but got 0.")
    return jnp.reshape(jnp.diag(jnp.ravel(input)), input.shape + input.shape)


def _diag_method(x, diagonal=0):
    """``Tensor.diag(diagonal=0)``: ``ops.diag``; MindSpore 2.10 takes no other diagonal."""
    if diagonal != 0:
        raise ValueError(f"For 'Tensor.diag', the argument 'diagonal' should be '0', but got "
                         f"{diagonal}.")
    return _diag(x)


def _dot(input, other):
    """``ops.dot``: the last axis of ``input`` with the second-to-last of ``other``; both
    at least 2-D, as MindSpore requires."""
    if input.ndim < 2 or other.ndim < 2:
        raise ValueError(  # (MindSpore's message has these backslashes)
            "For \\'dot\\', the inputs x1, x2 should have \\'dimension >= 2\\',but got "
            f"\\'len(x1_shape)\\': ({input.ndim}) and \\'len(x2_shape)\\': ({other.ndim}).")
    return jnp.tensordot(input, other, ((input.ndim - 1,), (other.ndim - 2,)))


# -- gathering and scattering --------------------------------------------------------------
def _nd_out_of_range(indices, shape):
    """The first row of ``indices`` (last axis indexes ``shape``'s leading axes) that is out
    of range, or None (also when the indices are traced)."""
    idx = concrete(indices)
    if idx is None or not idx.size:
        return None
    rows = idx.reshape(-1, idx.shape[-1])
    bound = np.array(shape[:idx.shape[-1]])
    bad = np.nonzero(((rows < 0) | (rows >= bound)).any(axis=1))[0]
    return rows[bad[0]] if bad.size else None


def _gather_nd(input_x, indices):
    check_dtype("GatherNd", "indices", indices, INDEX_16_64)
    if (row := _nd_out_of_range(indices, input_x.shape)) is not None:
        raise RuntimeError(f"For 'GatherNd', the indices: {row.tolist()}, does not index into "
                           f"input_shape: {list(input_x.shape)}.")
    idx = tuple(jnp.moveaxis(indices, -1, 0))
    return input_x[idx]


def check_gather_d_index(input, dim, index) -> None:
    """GatherD's checks: Int32/Int64 ``index`` in ``[-n, n)`` along ``dim``."""
    check_dtype("GatherD", "index", index, INDEX_32_64)
    n = input.shape[int(dim)] if input.ndim else 1
    if (bad := out_of_range(index, -n, n)) is not None:
        raise RuntimeError(f"For 'GatherD', the value of 'index' must be in [{-n}, {n}), but "
                           f"got: {bad}")


def gather_d(input, dim, index):
    """GatherD (``ops.gather_elements``, ``mint.gather``, ``Tensor.gather(dim, index)``): the
    result has ``index``'s shape, ``out[i][j] = input[index[i][j]][j]`` along ``dim``; an
    ``index`` shorter than ``input`` in another dimension reads that dimension's first
    entries (NumPy's ``take_along_axis`` would broadcast it instead)."""
    dim = int(dim)
    if index.ndim != input.ndim:
        raise ValueError(f"For primitive[GatherD], the x_rank must be equal to {index.ndim}, "
                         f"but got {input.ndim}.")
    check_gather_d_index(input, dim, index)
    for d, (n, m) in enumerate(zip(input.shape, index.shape)):
        if d != dim % max(input.ndim, 1) and m > n:
            raise ValueError(f"For primitive[GatherD], the x shape must be greater than or "
                             f"equal to {m}, but got {n}.")
    part = input[tuple(slice(None) if d == dim % max(input.ndim, 1) else slice(0, m)
                       for d, m in enumerate(index.shape))]
    return jnp.take_along_axis(part, index, axis=dim)


def _repeat_method(x, *repeats, **keywords):
    """``Tensor.repeat(*repeats)`` / ``Tensor.repeat(repeats)``: MindSpore 2.10's (PyTorch's)
    tiling, ``repeats[i]`` copies along dimension ``i``; more repeats than dimensions add
    leading dimensions. MindSpore runs it on Ascend only; the rule is its documentation's."""
    if keywords:  # only the tuple overload's ``repeats=`` (NumPy's ``axis`` is not 2.10's)
        if set(keywords) != {"repeats"} or repeats or \
                not isinstance(keywords["repeats"], (tuple, list)):
            raise TypeError(f"repeat(): argument 'repeats' must be tuple of int but got "
                            f"{type(keywords.get('repeats')).__name__}.")
        repeats = (keywords["repeats"],)
    if len(repeats) == 1 and isinstance(repeats[0], (tuple, list)):
        repeats = tuple(repeats[0])
    if not repeats or not all(isinstance(r, (int, np.integer)) and not isinstance(r, bool)
                              for r in repeats):
        raise TypeError(f"repeat(): argument 'repeats' must be tuple of int but got "
                        f"{repeats}.")
    if len(repeats) < x.ndim or min(repeats) < 0 or len(repeats) > 8:
        raise RuntimeError(f"For 'repeat', 'repeats' must have at least {x.ndim} (the input's "
                           f"rank) and at most 8 non-negative elements, but got {repeats}.")
    return jnp.tile(x, tuple(int(r) for r in repeats))


def check_same_dtype(primitive: str, input_x, src) -> None:
    """Scatter kernels write a Tensor ``src`` only of the input's own dtype (a Python
    number is cast)."""
    if isinstance(src, jax.Array) and src.dtype != input_x.dtype:
        raise TypeError(f"For primitive[{primitive}], the input type must be same.")


def _tensor_scatter_elements(input_x, indices, updates, axis=0, reduction="none",
                             primitive="TensorScatterElements"):
    """``ops.tensor_scatter_elements``: ``updates[i][j]`` written (or added, with
    ``reduction='add'``) at ``input_x[indices[i][j]][j]`` along ``axis``; MindSpore's
    backward for writes (``bprops.scatter_set``)."""
    check_same_dtype(primitive, input_x, updates)
    axis = int(axis) % input_x.ndim
    indices = jnp.where(indices < 0, indices + input_x.shape[axis], indices)
    if reduction == "add":
        return input_x.at[bprops.element_index(indices, axis)].add(
            updates.astype(input_x.dtype))
    if reduction != "none":
        raise ValueError(f"For 'TensorScatterElements', 'reduction' must be 'none' or 'add', "
                         f"but got {reduction}.")
    return bprops.scatter_set(input_x, indices, updates, axis)


def _reverse_sequence(x, seq_lengths, *, seq_dim, batch_dim=0):
    """``ops.ReverseSequence(seq_dim, batch_dim)(x, seq_lengths)``: the first
    ``seq_lengths[b]`` elements along ``seq_dim`` of batch ``b`` reversed; a length outside
    ``[0, x.shape[seq_dim]]`` is MindSpore's RuntimeError (when the lengths are concrete)."""
    if batch_dim == seq_dim:
        raise ValueError(f"For 'ReverseSequence', the 'batch_dim' should be != seq_dim: "
                         f"{seq_dim}, but got {batch_dim}.")
    n = x.shape[seq_dim]
    if (known := concrete(seq_lengths)) is not None:
        for i, v in enumerate(np.ravel(known)):
            if not 0 <= v <= n:
                raise RuntimeError(f"Invalid seq_lengths[{i}]: {v}")
    pos = jnp.arange(n)
    lengths = seq_lengths.astype(np.int32)
    shape = [1] * x.ndim
    shape[batch_dim] = x.shape[batch_dim]
    length = lengths.reshape(shape)
    pshape = [1] * x.ndim
    pshape[seq_dim] = n
    pos = pos.reshape(pshape)
    src = jnp.where(pos < length, length - 1 - pos, pos)
    return jnp.take_along_axis(x, jnp.broadcast_to(src, x.shape), axis=seq_dim)


def _tensor_gather(x, first=None, second=None, batch_dims=0, *, dim=None, index=None,
                   input_indices=None, axis=None):
    """``Tensor.gather``'s two overloads: ``gather(input_indices, axis, batch_dims=0)``
    (rows, as ``ops.gather``) and ``gather(dim, index)`` (elements, as ``gather_elements``),
    told apart by the first argument (indices or an int) or the keywords."""
    from .op_table import _gather
    if dim is not None or index is not None or isinstance(first, int):
        dim = first if dim is None else dim
        return gather_d(x, dim, second if index is None else index)
    indices = first if input_indices is None else input_indices
    axis = second if axis is None else axis
    return _gather(x, indices, 0 if axis is None else axis, batch_dims)


def _prod_method(x, dim=None, keepdim=False, dtype=None, **unknown):
    """``Tensor.prod(dim=None, keepdim=False, dtype=None)``: floats keep their dtype,
    integers as ``ops.prod`` (``op_table.int_total_dtype``) unless ``dtype`` is given; other
    keywords (NumPy's ``axis``) are refused with MindSpore's message."""
    from .op_table import _axis, _np_or_none, int_total_dtype
    if unknown:
        given = ", ".join(f"{k}={type(v).__name__}" for k, v in unknown.items())
        raise TypeError(f'Failed calling prod with "prod({given})".\nThe valid calling should '
                        'be:\n"Tensor.prod(dim=<None, int>, keepdim=<bool>, dtype=<None, '
                        'mstype>)"\n    match failed because incorrect keyword name: '
                        f'{", ".join(unknown)}')
    check_reduce_axis("ProdExt", x, _axis(dim))
    dtype = int_total_dtype(x) if dtype is None else _np_or_none(dtype)
    out = jnp.prod(x, axis=_axis(dim), keepdims=bool(keepdim), dtype=dtype)
    return out.astype(dtype or x.dtype)


def _tensor_take(x, indices, axis=None, mode="clip"):
    """``Tensor.take(indices, axis=None, mode='clip')``: out-of-range indices clipped (or
    wrapped, with ``mode='wrap'``); ``mode='raise'`` is not followed. In 'clip' mode a
    negative index from ``-n`` counts from the end, as in Python; below that it clips to 0."""
    if mode not in ("clip", "wrap"):
        raise NotImplementedError(f"Tensor.take(mode={mode!r}) is not supported by mscompat.")
    if mode == "clip":
        n = x.size if axis is None else x.shape[axis]
        indices = jnp.where(indices < 0, indices + n, indices)
    return jnp.take(x, indices, axis=axis, mode=mode)


def _scatter_method(x, dim, index, src):
    """``Tensor.scatter(dim, index, src)``: ``src`` (a Tensor or a number) written at
    ``index`` along ``dim``, with MindSpore's backward (``bprops.scatter_set``)."""
    check_same_dtype("Scatter", x, src)
    dim = int(dim) % x.ndim
    if not (hasattr(src, "shape") and src.ndim):
        return x.at[bprops.element_index(index, dim)].set(jnp.asarray(src, x.dtype))
    return bprops.scatter_set(x, index, src[tuple(slice(0, n) for n in index.shape)], dim)


def _gather_v2(params, indices, axis, *batch_dims):
    """The deprecated ``ops.GatherV2()(params, indices, axis, batch_dims)``: MindSpore 2.10
    requires all four inputs."""
    if not batch_dims:
        raise RuntimeError("For Operator[Gather], the inputs number should be 4 but got 3.")
    if int(batch_dims[0]) != 0:
        raise NotImplementedError("ops.GatherV2 with batch_dims != 0 is not supported by "
                                  "mscompat yet.")
    return jnp.take(params, indices, axis=int(axis))


def _index_select(input, axis, index):
    if hasattr(index, "dtype"):
        check_dtype("IndexSelect", "index", index, INDEX_16_64)
    n = input.shape[int(axis)]
    if (bad := out_of_range(index, -n, n)) is not None:
        raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range "
                           f"[0, {n}), but got {bad}.")
    return jnp.take(input, index, axis=int(axis))


def _scatter_nd(indices, updates, shape):
    """``ops.scatter_nd``: duplicates add (Bool updates: any of them)."""
    check_dtype("ScatterNd", "indices", indices, INDEX_16_64)
    if (row := _nd_out_of_range(indices, tuple(shape))) is not None:
        raise RuntimeError(f"For 'ScatterNd', each element in 'indices' should be smaller "
                           f"than the value of shape and not negative, but got {row.tolist()} "
                           f"and got the value of shape {list(shape)}")
    out = jnp.zeros(tuple(shape), updates.dtype)
    at = out.at[tuple(jnp.moveaxis(indices, -1, 0))]
    return at.max(updates) if updates.dtype == np.bool_ else at.add(updates)


def check_scatter_operands(prim: str, input_x, indices, updates) -> None:
    """TensorScatter*'s checks: Int32/Int64 indices; ``updates`` of ``input_x``'s dtype; no
    Bool but for Update (MindSpore's messages)."""
    check_dtype(prim, "indices type", indices, INDEX_32_64)
    if (row := _nd_out_of_range(indices, input_x.shape)) is not None:
        if (row < 0).any():
            raise RuntimeError(f"The int value({int(row[row < 0][0])}) is less than 0.")
        if prim == "TensorScatterUpdate":
            raise ValueError(f"For '{prim}', indices out of range for input_x. Please check "
                             f"the indices which is {row.tolist()}")
        raise RuntimeError(f"For '{prim}', the value of 'indices' {row.tolist()} is out of range "
                           f"{list(input_x.shape)}.")
    xdt, udt = dtypes.from_np(np.dtype(input_x.dtype)), dtypes.from_np(np.dtype(updates.dtype))
    if prim == "TensorScatterUpdate":
        if xdt != udt:
            raise TypeError(f"For primitive[{prim}], the input type must be same.")
        return
    if str(xdt) == "Bool":
        raise TypeError(f"For {prim}, input_x_type cannot be bool.")
    if xdt != udt:
        raise TypeError(f"For {prim}, input_x_type must equal to updates type, but got "
                        f"input_x_type: {xdt}, updates_type: {udt}.")


def _tensor_scatter(kind):
    """``TensorScatter<Kind>``: ``updates`` combined into ``input_x`` at ``indices`` (the
    last axis of ``indices`` indexes ``input_x``'s leading axes)."""
    prim = "TensorScatter" + {"set": "Update"}.get(kind, kind.capitalize())

    def impl(input_x, indices, updates):
        check_scatter_operands(prim, input_x, indices, updates)
        at = input_x.at[tuple(jnp.moveaxis(indices, -1, 0))]
        if kind == "sub":
            return at.add(-updates)
        return getattr(at, kind)(updates)
    return impl


def _scatter_scale(prim, x, indices, updates):
    check_scatter_operands(prim, x, indices, updates)
    return bprops.tensor_scatter_scale(x, indices, updates,
                                       "multiply" if prim.endswith("Mul") else "divide")


def _fill_kind(dtype) -> str:
    """The groups of dtypes MaskedFill's CPU kernel pairs a value with: Int16/Int32/Int64
    mix, Int8 and UInt8 stand alone, any float goes with any float."""
    dtype = np.dtype(dtype)
    if dtype.kind == "f" or dtype == jnp.bfloat16:
        return "float"
    return "int" if dtype.name in ("int16", "int32", "int64") else dtype.name


_NARROWER = {np.dtype(np.float64): np.dtype(np.float32), np.dtype(np.int64): np.dtype(np.int32)}


def fill_dtype(prim: str, dtype, value_dtype) -> np.dtype:
    """The dtype MaskedFill's CPU kernel (and IndexFill's) fills ``dtype`` with a value of
    ``value_dtype`` in: refused across ``_fill_kind`` groups; a 64-bit input filled with
    another dtype runs in its 32-bit type."""
    dtype, value_dtype = np.dtype(dtype), np.dtype(value_dtype)
    if _fill_kind(dtype) != _fill_kind(value_dtype):
        raise TypeError(f"Select CPU operator[{prim}] fail! Unsupported data type!")
    return dtype if value_dtype == dtype else _NARROWER.get(dtype, dtype)


def _masked_fill(input_x, mask, value):
    """``ops.masked_fill``: a Python value is a Bool, Int64 or Float32 Tensor; its dtype must
    be of ``input_x``'s group (``_fill_kind``). A value of another dtype than a 64-bit
    ``input_x`` makes MindSpore's CPU kernel selection run the fill in the 32-bit type
    (``input_x`` converted there and back: a Float64 input filled with a Python float keeps
    float32 precision), and the value is converted to the dtype the fill runs in."""
    if np.dtype(mask.dtype) != np.bool_:
        raise TypeError(f"For primitive[MaskedFill], the input argument[mask] must be a type "
                        f"of {{Bool}}, but got {dtypes.from_np(np.dtype(mask.dtype))}.")
    value = number_tensor(value)
    dtype = np.dtype(input_x.dtype)
    run = fill_dtype("MaskedFill", dtype, value.dtype)
    filled = jnp.where(mask, value.astype(run), input_x.astype(run))
    return filled.astype(dtype)


def _masked_fill_method(input_x, mask, value):
    """``Tensor.masked_fill``: a Python value is converted to the Tensor's dtype first, as a
    double converted by C (an Int32 Tensor filled with 2.5 holds 2, with 2**40 its minimum;
    an Int8 one with 300 holds 44); a Tensor value follows ``ops.masked_fill``."""
    if isinstance(value, (bool, int, float, np.generic)):
        value = bprops.cast(jnp.asarray(float(value), np.float32), input_x.dtype)
    return _masked_fill(input_x, mask, value)


def _masked_select(input, mask):
    return jnp.broadcast_to(input, jnp.broadcast_shapes(input.shape, mask.shape))[
        jnp.broadcast_to(mask, jnp.broadcast_shapes(input.shape, mask.shape))]


def _nonzero(input, *, as_tuple=False):
    if not input.ndim:
        raise RuntimeError("Launch kernel failed, name: NonZero")
    idx = jnp.nonzero(input)
    if as_tuple:
        return tuple(i.astype(_I64) for i in idx)
    return jnp.stack(idx, axis=-1).astype(_I64)


def _unique(input):
    values, first, inverse = np.unique(np.asarray(input), return_index=True,
                                       return_inverse=True)
    order = np.argsort(first, kind="stable")  # MindSpore keeps first-appearance order
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    index_dtype = np.int64 if input.dtype == np.int64 else _I32  # (MindSpore's kernel's)
    return (jnp.asarray(values[order]),
            jnp.asarray(rank[inverse.reshape(-1)].reshape(input.shape).astype(index_dtype)))


# -- sorting and selection -----------------------------------------------------------------
def _tensor_dot(x1, x2, axes):
    """``ops.tensor_dot``: MindSpore's MatMul underneath refuses operands of two dtypes."""
    if x1.dtype != x2.dtype:
        raise TypeError(f"For 'MatMul', the type of 'x2' should be same as 'x1', but got 'x1' "
                        f"with type Tensor[{dtypes.from_np(x1.dtype)}] and 'x2' with type "
                        f"Tensor[{dtypes.from_np(x2.dtype)}].")
    return jnp.tensordot(x1, x2, axes)


def _sort(input_x, axis=-1, descending=False, stable=False):
    """(sorted values, Int32 indices); equal values keep their order (``stable`` either way:
    MindSpore's ``Tensor.sort(dim, descending, stable)`` overload)."""
    if not input_x.ndim:
        raise ValueError("For Sort, the check range left must be smaller than right number "
                         "but got left: 0 and right: -1.")
    check_axis("Sort", input_x, axis, closed=True)
    key = -input_x if descending else input_x
    idx = jnp.argsort(key, axis=axis, stable=True)
    return jnp.take_along_axis(input_x, idx, axis=axis), idx.astype(_I32)


def _sort_prim(x, *, axis=-1, descending=False):
    return _sort(x, axis, descending)


def _argsort(input, axis=-1, descending=False, stable=False):
    return _sort(input, axis, descending)[1]


_TOPK_TYPES = ("BFloat16", "Float16", "Float32", "Float64", "Int16", "Int32", "Int64", "Int8",
               "UInt16", "UInt32", "UInt64", "UInt8")


def _topk(input, k, dim=None, largest=True, sorted=True):
    if not input.ndim:
        raise RuntimeError("For 'TopK', the dimension of input must be greater than 0, but "
                           "got empty input.")
    if input.dtype == np.bool_:
        raise TypeError("For primitive[TopK], the input argument[input_x] must be a type of {"
                        + ", ".join(f"Tensor[{t}]" for t in _TOPK_TYPES)
                        + "}, but got Tensor[Bool].")
    axis = -1 if dim is None else int(dim)
    x = jnp.moveaxis(input, axis, -1)
    vals, idx = jax.lax.top_k(x if largest else -x, int(k))
    vals = vals if largest else -vals
    return jnp.moveaxis(vals, -1, axis), jnp.moveaxis(idx, -1, axis).astype(_I32)


def _topk_prim(input_x, k, *, sorted=True):
    return _topk(input_x, k)


def _top_k_method(x, k, sorted=True):
    return _topk(x, k)


def _range(start, end, step, maxlen=1000000):
    """``ops.range`` and ``ops.Range(maxlen)``: Int64 for Python ints and integer Tensors,
    else the Tensors' float dtype (Float32 for Python floats); ``start + i * step`` in that
    dtype."""
    values = [v for v in (start, end, step)]
    if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        dtype = np.int64
    elif any(hasattr(v, "dtype") for v in values):
        dtype = next(np.dtype(v.dtype) for v in values if hasattr(v, "dtype"))
        dtype = np.int64 if dtype.kind in "iu" else dtype
    else:
        dtype = np.float32
    s, e, d = (float(np.asarray(v)) for v in values)
    if d == 0:
        raise ValueError("For 'range', the 'step' cannot be equal to zero.")
    n = max(int(np.ceil((e - s) / d)), 0)
    if n > maxlen:
        raise ValueError(f"For 'range', the number of elements {n} exceeds 'maxlen' {maxlen}.")
    return jnp.asarray((np.asarray(s, dtype) + np.arange(n, dtype=dtype) *
                        np.asarray(d, dtype)).astype(dtype))


def _depth_to_space(x, *, block_size):
    """NCHW: (N, C*b*b, H, W) -> (N, C, H*b, W*b), blocks ordered depth-column-row."""
    n, c, h, w = x.shape
    b = block_size
    y = x.reshape(n, b, b, c // (b * b), h, w).transpose(0, 3, 4, 1, 5, 2)
    return y.reshape(n, c // (b * b), h * b, w * b)


def _space_to_depth(x, *, block_size):
    n, c, h, w = x.shape
    b = block_size
    y = x.reshape(n, c, h // b, b, w // b, b).transpose(0, 3, 5, 1, 2, 4)
    return y.reshape(n, c * b * b, h // b, w // b)


def _scalar_to_tensor(x, dtype=None):
    if hasattr(x, "shape"):
        raise TypeError("For 'ScalarToTensor', the type of 'x' should be one of '['bool', "
                        "'int', 'float']', but got type 'Tensor'.")
    from .dtypes import to_np
    return jnp.asarray(x, to_np(dtype) if dtype is not None else np.float32)


def _tuple_to_array(input_x):
    """``ops.TupleToArray()(tuple)``: Int32 for ints, Float32 for floats; mixed element
    types are refused, as MindSpore."""
    kinds = {type(v) for v in input_x}
    if len(kinds) > 1:
        raise TypeError("For 'TupleToArray', all elements of 'input_x' must be have same type.")
    from .tensor import Tensor
    return Tensor._wrap(jnp.asarray(input_x, np.float32 if kinds == {float} else np.int32))


def _scalar_cast(input_x, input_t):
    """``ops.ScalarCast()(x, dtype)``: a Python scalar of that dtype (int truncates)."""
    from .dtypes import to_np
    kind = np.dtype(to_np(input_t)).kind
    return bool(input_x) if kind == "b" else (int(input_x) if kind in "iu" else
                                             float(input_x))


def _summary(name, value):
    """The summary primitives record for ``SummaryRecord``; mscompat writes no summary
    files (``docs/divergences.md``), so they return nothing, as in MindSpore."""
    if not isinstance(name, str) or not name:
        raise ValueError("For 'Summary', the name of summary must be a non-empty string.")


ROWS: list[OpDef] = [
    OpDef("TupleToArray", _tuple_to_array, extra=_META),
    OpDef("ScalarCast", _scalar_cast, extra=_META),
    *(OpDef(name, _summary, extra=_META) for name in (
        "ScalarSummary", "ImageSummary", "TensorSummary", "HistogramSummary")),
    # metadata
    OpDef("Shape", _shape, functional=("shape",), extra=_META),
    OpDef("DType", _dtype, functional=("dtype",), extra=_META),
    OpDef("Rank", lambda x: x.ndim, functional=("rank",), extra=_META),
    OpDef("Size", lambda x: int(np.prod(x.shape)), functional=("size", "numel"),
          extra=_META),
    OpDef("Identity", lambda x: jnp.asarray(x), functional=("identity",)),
    # creation
    OpDef(None, None, functional=("arange",), functional_impl=_arange),
    OpDef("Range", lambda start, limit, delta, *, maxlen=1000000: _range(start, limit, delta),
          attrs=(("maxlen", 1000000),), functional=("range",), functional_impl=_range),
    OpDef("DepthToSpace", _depth_to_space, attrs=(("block_size", REQUIRED),)),
    OpDef("SpaceToDepth", _space_to_depth, attrs=(("block_size", REQUIRED),)),
    OpDef("ScalarToTensor", _scalar_to_tensor, functional=("scalar_to_tensor",)),
    OpDef("LinSpace", _linspace, functional=("linspace",)),
    OpDef("Eye", _eye, functional=("eye",)),
    OpDef(None, None, functional=("fill",), functional_impl=_fill),
    OpDef(None, None, functional=("full",), functional_impl=_full),
    OpDef(None, None, functional=("full_like",), functional_impl=_full_like),
    OpDef(None, None, functional=("tuple_to_array",), functional_impl=_tuple_to_array),
    OpDef(None, None, functional=("scalar_to_tensor",), functional_impl=_scalar_to_tensor),
    OpDef(None, None, methods=("new_zeros",), method_impl=_new_filled(0)),
    OpDef(None, None, methods=("new_ones",), method_impl=_new_filled(1)),
    # shape
    OpDef("BroadcastTo", lambda x, *, shape: _broadcast_to(x, shape),
          attrs=(("shape", REQUIRED),), functional=("broadcast_to",),
          functional_impl=_broadcast_to, methods=("broadcast_to",),
          method_impl=_broadcast_to_method),
    OpDef(None, None, methods=("expand",), method_impl=_expand),
    OpDef(None, None, methods=("expand_as",),
          method_impl=lambda x, other: jnp.broadcast_to(x, other.shape)),
    OpDef(None, None, functional=("flatten",), functional_impl=_flatten_fn),
    OpDef(None, None, functional=("ravel",), functional_impl=jnp.ravel, methods=("ravel",)),
    OpDef(None, None, functional=("swapaxes",), functional_impl=_swapaxes,
          methods=("swapaxes",)),
    OpDef(None, None, functional=("moveaxis",), functional_impl=_moveaxis,
          methods=("moveaxis",)),
    OpDef(None, None, functional=("t",), functional_impl=_t, methods=("t",)),
    OpDef(None, None, methods=("resize",), method_impl=_resize),
    OpDef(None, None, methods=("view_as", "reshape_as"),
          method_impl=lambda x, other: jnp.reshape(x, other.shape)),
    OpDef("Split", _split_prim, attrs=(("axis", 0), ("output_num", 1)),
          functional=("split",), functional_impl=_split, methods=("split",)),
    OpDef(None, None, functional=("chunk",), functional_impl=_chunk, methods=("chunk",)),
    OpDef("Unstack", _unstack, attrs=(("axis", 0), ("num", None)),
          functional=("unstack",), functional_impl=_unstack_fn),
    OpDef(None, None, functional=("narrow",), functional_impl=_narrow, methods=("narrow",)),
    OpDef("Slice", _slice, functional=("slice",)),
    OpDef("StridedSlice", _strided_slice,
          attrs=(("begin_mask", 0), ("end_mask", 0), ("ellipsis_mask", 0),
                 ("new_axis_mask", 0), ("shrink_axis_mask", 0)),
          functional=("strided_slice",)),
    OpDef("Pad", _pad_prim, attrs=(("paddings", REQUIRED),), functional=("pad",),
          functional_impl=_pad_fn),
    OpDef("ReverseV2", _reverse_prim, attrs=(("axis", REQUIRED),), functional=("flip",),
          functional_impl=_flip, methods=("flip",)),
    OpDef(None, None, functional=("roll",), functional_impl=_roll, methods=("roll",)),
    OpDef(None, None, functional=("repeat_elements",), functional_impl=_repeat_elements),
    OpDef(None, None, functional=("repeat_interleave",), functional_impl=_repeat_interleave,
          methods=("repeat_interleave",)),
    OpDef("Meshgrid", _meshgrid_prim, attrs=(("indexing", "xy"),),
          functional=("meshgrid",), functional_impl=_meshgrid),
    OpDef(None, None, functional=("hstack",), functional_impl=_hstack),
    OpDef(None, None, functional=("vstack",), functional_impl=_vstack),
    OpDef("Tril", lambda x, *, diagonal=0: _tril(x, diagonal), attrs=(("diagonal", 0),),
          functional=("tril",),
          functional_impl=_tril, methods=("tril",)),
    OpDef("Triu", _tri_prim(jnp.triu), attrs=(("diagonal", 0),), functional=("triu",),
          functional_impl=_triu, methods=("triu",)),
    OpDef(None, None, functional=("diag",), functional_impl=_diag, methods=("diag",),
          method_impl=_diag_method),
    # gathering and scattering
    OpDef("GatherNd", _gather_nd, functional=("gather_nd",)),
    OpDef("GatherD", lambda x, dim, index: gather_d(x, dim, index),
          functional=("gather_elements", "gather_d"), functional_impl=gather_d,
          methods=("gather_elements",)),
    OpDef(None, None, functional=("index_select",), functional_impl=_index_select,
          methods=("index_select",)),
    OpDef("ScatterNd", _scatter_nd, functional=("scatter_nd",)),
    OpDef("TensorScatterUpdate", _tensor_scatter("set"),
          functional=("tensor_scatter_update",)),
    OpDef("TensorScatterAdd", _tensor_scatter("add"), functional=("tensor_scatter_add",)),
    OpDef("TensorScatterSub", _tensor_scatter("sub"), functional=("tensor_scatter_sub",)),
    OpDef("TensorScatterMul", lambda x, i, u: _scatter_scale("TensorScatterMul", x, i, u),
          functional=("tensor_scatter_mul",)),
    OpDef("TensorScatterDiv", lambda x, i, u: _scatter_scale("TensorScatterDiv", x, i, u),
          functional=("tensor_scatter_div",)),
    OpDef("TensorScatterMax", _tensor_scatter("max"), functional=("tensor_scatter_max",)),
    OpDef("TensorScatterMin", _tensor_scatter("min"), functional=("tensor_scatter_min",)),
    OpDef("MaskedFill", _masked_fill, functional=("masked_fill",), methods=("masked_fill",),
          method_impl=_masked_fill_method),
    OpDef("MaskedSelect", _masked_select, functional=("masked_select",),
          methods=("masked_select",)),
    OpDef(None, None, functional=("nonzero",), functional_impl=_nonzero,
          methods=("nonzero",)),
    OpDef("Unique", _unique, functional=("unique",)),
    # sorting and selection
    OpDef("Sort", _sort_prim, attrs=(("axis", -1), ("descending", False)),
          functional=("sort",), functional_impl=_sort, methods=("sort",)),
    OpDef(None, None, functional=("argsort",), functional_impl=_argsort,
          methods=("argsort",)),
    OpDef("TopK", _topk_prim, attrs=(("sorted", True),), functional=("topk",),
          functional_impl=_topk, methods=("topk",)),
    OpDef(None, None, methods=("top_k",), method_impl=_top_k_method),
    OpDef(None, None, methods=("repeat",), method_impl=_repeat_method),
    OpDef(None, None, methods=("gather",), method_impl=_tensor_gather),
    OpDef(None, None, methods=("prod",), method_impl=_prod_method),
    OpDef(None, None, methods=("type_as",), method_impl=lambda x, other:
          x.astype(jnp.asarray(other).dtype)),
    OpDef(None, None, methods=("take",), method_impl=_tensor_take),
    OpDef(None, None, methods=("scatter",), method_impl=_scatter_method),
    OpDef(None, None, methods=("diagonal",), method_impl=lambda x, offset=0, axis1=0, axis2=1:
          jnp.diagonal(x, offset, axis1, axis2)),
    OpDef(None, None, functional=("unbind",), functional_impl=lambda input, dim=0:
          tuple(jnp.moveaxis(input, int(dim), 0)), methods=("unbind",)),
    OpDef(None, None, functional=("dstack",), functional_impl=_dstack),
    OpDef(None, None, functional=("top_k",), functional_impl=lambda input_x, k, sorted=True:
          _topk(input_x, k)),
    OpDef(None, None, functional=("tensor_scatter_elements",),
          functional_impl=_tensor_scatter_elements),
    OpDef("ReverseSequence", _reverse_sequence, attrs=(("seq_dim", REQUIRED), ("batch_dim", 0)),
          functional=("reverse_sequence",),
          functional_impl=lambda x, seq_lengths, seq_dim, batch_dim=0: _reverse_sequence(
              x, seq_lengths, seq_dim=seq_dim, batch_dim=batch_dim),
          methods=("reverse_sequence",),
          method_impl=lambda x, seq_lengths, seq_dim=0, batch_dim=0: _reverse_sequence(
              x, seq_lengths, seq_dim=seq_dim, batch_dim=batch_dim)),
    # deprecated names MindSpore 2.10 still exports
    OpDef("GatherV2", _gather_v2),
    OpDef("TensorAdd", binary(jnp.add)),
    OpDef(None, None, functional=("tensor_dot",), functional_impl=_tensor_dot),
    OpDef(None, None, functional=("dot",), functional_impl=_dot),
]
