"""Rows of ``mindspore.mint``: MindSpore's PyTorch-style functions, as array functions.

``mint`` functions take ``dim``/``keepdim`` where ``ops`` takes ``axis``/``keep_dims``, return
Int64 indices, and follow PyTorch's conventions in the places MindSpore 2.10 documents
(``split`` by chunk size, ``max(input, dim)`` returning ``(values, indices)``, ``narrow``,
``select``...). Functions identical to an ``ops`` function are listed in ``ALIASES`` and are
that function; the rest are rows here, turned into functionals by ``ops_build`` exactly as
the op table's rows (one recording/compilation path). Conventions settled with MindSpore
2.10 are recorded in ``tests/conformance/cases/mint_specs.py``; the ones MindSpore's CPU
build cannot run (``TopkExt``, ``ArgMaxExt``, ``CumsumExt``... "kernel unregistered") follow
its documentation and are tested against the ``ops`` function they equal.
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import bprops, cpu_math, exact_div, matmul_shapes, nn_kernels, op_table
from .op_rows_array import _nonzero, _topk, check_same_dtype, gather_d
from .op_rows_math import _INF, _kept_uint8, svd_norm, thresholded_softplus
from .op_rows_more_array import _cross as _cross_broadcast
from .op_rows_more_math import _cum_extreme as _cum_extreme_rule
from .op_rows_more_math import sinc
from .op_table import (
    ALL_AXES,
    _alpha_ext,
    _argmax_nan,
    _argmin_nan,
    _axis,
    _float_unary,
    _matmul,
    _max,
    _min,
    _np_or_none,
    _same_dtypes,
    _subtract_method,
    at_arg,
    binary,
    flatten_axes,
    mean_keeping_dtype,
    refuse_bool_kernel,
)

_I64, _F32 = np.dtype(np.int64), np.dtype(np.float32)

# mint name -> the ``ops`` functional it is (same signature and results)
ALIASES: dict[str, str] = {
    "xlogy": "xlogy",  # (mint.xlogy is the Xlogy kernel)
    "matmul": "matmul", "sqrt": "sqrt", "pow": "pow",
    "exp": "exp", "flip": "flip", "isclose": "isclose", "sin": "sin", "rsqrt": "rsqrt",
    "eq": "eq", "tril": "tril", "triu": "triu", "abs": "abs", "where": "where",
    "broadcast_to": "broadcast_to", "cos": "cos", "acos": "acos", "arccos": "arccos",
    "lerp": "lerp", "reciprocal": "reciprocal", "roll": "roll", "tile": "tile", "eye": "eye",
    "log": "log", "neg": "neg", "negative": "negative", "logical_xor": "logical_xor",
    "floor": "floor", "expm1": "expm1", "sigmoid": "sigmoid", "ne": "ne", "sign": "sign",
    "sinh": "sinh", "arctanh": "arctanh", "atanh": "atanh", "asin": "asin", "arcsin": "arcsin",
    "asinh": "asinh", "arcsinh": "arcsinh", "atan": "atan", "arctan": "arctan",
    "atan2": "atan2", "arctan2": "arctan2", "acosh": "acosh", "arccosh": "arccosh",
    "greater_equal": "greater_equal", "gt": "gt", "le": "le",
    "lt": "lt", "greater": "greater", "ceil": "ceil", "cosh": "cosh", "erf": "erf",
    "isfinite": "isfinite", "remainder": "remainder", "square": "square", "tan": "tan",
    "tanh": "tanh", "trunc": "trunc", "fix": "trunc", "erfinv": "erfinv",
    "masked_select": "masked_select", "permute": "permute", "bitwise_and": "bitwise_and",
    "bitwise_or": "bitwise_or", "logical_and": "logical_and", "logical_or": "logical_or",
    "logical_not": "logical_not", "floor_divide": "floor_divide", "log1p": "log1p",
    "maximum": "maximum", "minimum": "minimum", "isnan": "isnan", "outer": "outer",
    "std": "std", "var": "var", "softmax": "softmax", "round": "round",
}


def _dims(size) -> tuple:
    """``zeros(2, 3)``-style sizes given as one tuple/list or as an int."""
    if isinstance(size, (tuple, list)):
        return tuple(int(s) for s in size)
    return (int(size),)


def _dtype_or(dtype, default=_F32):
    return _np_or_none(dtype) or default


_ADD = binary(jnp.add)


def _add(input, other, *, alpha=1):
    """``mint.add(input, other, *, alpha=1)``: ``input + alpha * other`` (``AddExt``: two
    Bool Tensors stay Bool, a float ``alpha`` needs a float operand)."""
    if type(alpha) is int and alpha == 1:
        return _ADD(input, other)
    return _alpha_ext(input, other, alpha, subtract=False)


def _cat(tensors, dim=0):
    _same_dtypes("Concat", tensors)
    return jnp.concatenate(list(tensors), axis=int(dim))


def _stack(tensors, dim=0):
    return jnp.stack(list(tensors), axis=int(dim))


def _reduce_dtype(input, dtype):
    if dtype is not None:
        return input.astype(_np_or_none(dtype))
    if jnp.issubdtype(input.dtype, jnp.integer) or input.dtype == jnp.bool_:
        return input.astype(_I64)  # integer sums and products widen to Int64
    return input


def _sum(input, dim=None, keepdim=False, *, dtype=None):
    x = _reduce_dtype(input, dtype)  # (in its own dtype: JAX would widen Int32 to Int64)
    return jnp.sum(x, axis=_axis(dim), keepdims=keepdim, dtype=x.dtype)


def _prod(input, dim=None, keepdim=False, *, dtype=None):
    x = _reduce_dtype(input, dtype)
    return jnp.prod(x, axis=_axis(dim), keepdims=keepdim, dtype=x.dtype)


def _mean(input, dim=None, keepdim=False, *, dtype=None):
    """The input cast to ``dtype`` first; an integer input or ``dtype`` gives MindSpore's
    integer mean (the sum divided by the count, truncated: ``[3, 4]`` is 3), as ``ops.mean``
    (PyTorch refuses integers)."""
    x = input if dtype is None else input.astype(_np_or_none(dtype))
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        return mean_keeping_dtype(x, axis=_axis(dim), keepdims=keepdim)
    return exact_div.mean(x, axis=_axis(dim), keepdims=keepdim)


def _fill(value):
    def impl(size, *, dtype=None):
        return jnp.full(_dims(size), value, _dtype_or(dtype))
    return impl


def _like(value):
    def impl(input, *, dtype=None):
        return jnp.full(input.shape, value, _np_or_none(dtype) or input.dtype)
    return impl


def _full(size, fill_value, *, dtype=None):
    if dtype is None:
        v = np.asarray(fill_value)
        dtype = {"b": np.bool_, "i": _I64, "u": _I64}.get(v.dtype.kind, _F32)
    return jnp.full(_dims(size), fill_value, _np_or_none(dtype))


def _split(tensor, split_size_or_sections, dim=0):
    dim = int(dim)
    n = tensor.shape[dim]
    if isinstance(split_size_or_sections, int):
        step = split_size_or_sections
        cuts = list(range(step, n, step))
    else:
        cuts = list(np.cumsum(split_size_or_sections)[:-1])
    return tuple(jnp.split(tensor, cuts, axis=dim))


def _arange(start=0, end=None, step=1, *, dtype=None):
    if end is None:
        start, end = 0, start
    if dtype is None:
        ints = all(isinstance(v, (int, np.integer)) for v in (start, end, step))
        dtype = _I64 if ints else _F32
    return jnp.arange(start, end, step, dtype=_np_or_none(dtype))


def _index_select(input, dim, index):
    return jnp.take(input, index, axis=int(dim))


def _flatten(input, start_dim=0, end_dim=-1):
    return flatten_axes(input, start_dim, end_dim)


def _narrow(input, dim, start, length):
    return jax.lax.slice_in_dim(input, int(start), int(start) + int(length), axis=int(dim))


def _topk_ext(input, k, dim=-1, largest=True, sorted=True):
    values, indices = _topk(input, k, dim, largest, sorted)
    return values, indices.astype(_I64)


def _argmax(input, dim=None, keepdim=False):
    return _argmax_nan(input, axis=dim, keepdims=keepdim).astype(_I64)


def _argmin(input, dim=None, keepdim=False):
    return _argmin_nan(input, axis=dim, keepdims=keepdim).astype(_I64)


def _scatter_add(input, dim, index, src):
    idx = bprops.element_index(index, int(dim))
    return input.at[idx].add(src[tuple(slice(0, s) for s in index.shape)])


def _scatter(input, dim, index, src):
    """``mint.scatter``; MindSpore's backward: the input's gradient is zero where written,
    ``src``'s is ``dout`` gathered at ``index`` (every duplicate gets it, not one winner)."""
    check_same_dtype("Scatter", input, src)
    dim = int(dim)
    if not (hasattr(src, "shape") and src.ndim):
        return input.at[bprops.element_index(index, dim)].set(jnp.asarray(src, input.dtype))
    return bprops.scatter_set(input, index, src[tuple(slice(0, s) for s in index.shape)], dim)


def _gather(input, dim, index):
    return gather_d(input, dim, index)


def _repeat_interleave(input, repeats, dim=None, *, output_size=None):
    if hasattr(repeats, "shape"):
        repeats = np.asarray(repeats)
        repeats = int(repeats) if repeats.ndim == 0 else repeats
    if dim is None:
        input, dim = input.reshape(-1), 0
    return jnp.repeat(input, repeats, axis=int(dim), total_repeat_length=output_size)


def _cumsum(input, dim, dtype=None):
    return jnp.cumsum(_reduce_dtype(input, dtype), axis=int(dim))


def _cum_extreme(better):
    """``mint.cummax``/``cummin(input, dim)``: ``ops.cummax``'s rule (ties and NaN), Int64
    indices for both."""
    op = _cum_extreme_rule(better, jnp.int64)
    primitive = "Cummax" if better is jnp.greater else "CumminExt"

    def impl(input, dim):
        return op(input, int(dim), primitive)
    return impl


def _linspace(start, end, steps, *, dtype=None):
    return jnp.linspace(start, end, int(steps), dtype=_dtype_or(dtype))


def _bool_reduce(f):
    def impl(input, dim=None, keepdim=False):
        return _kept_uint8(f, input, f(input, axis=_axis(dim), keepdims=keepdim))
    return impl


def _searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None,
                  sorter=None):
    side = side or ("right" if right else "left")
    seq = sorted_sequence if sorter is None else jnp.take_along_axis(sorted_sequence, sorter,
                                                                     -1)
    if seq.ndim == 1:
        out = jnp.searchsorted(seq, values, side=side)
    else:
        out = jax.vmap(lambda s, v: jnp.searchsorted(s, v, side=side))(
            seq.reshape(-1, seq.shape[-1]), values.reshape(-1, values.shape[-1]))
        out = out.reshape(values.shape)
    return out.astype(np.int32 if out_int32 else _I64)


def _trace(input):
    return jnp.trace(_reduce_dtype(input, None))


def _inverse(input):
    return jnp.linalg.inv(input)


def _bmm(input, mat2):
    matmul_shapes.check_batch_matmul_ext(input, mat2)
    return _matmul(input, mat2)


def _baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    return beta * input + alpha * jnp.matmul(batch1, batch2)


def _max_min(reduce, arg):
    """``mint.max``/``min``: ``(input)`` over everything, ``(input, dim, keepdim=False)``
    (values, Int64 indices), ``(input, other)`` the element-wise extreme (``other`` a Tensor
    by position, or a Tensor or number by keyword)."""
    extreme = binary(bprops.maximum if reduce is _max else bprops.minimum)

    def impl(input, dim=None, keepdim=False, *, other=None):
        if other is not None:
            return extreme(input, other)
        if dim is None:
            return ALL_AXES[reduce](input)
        if hasattr(dim, "shape"):  # max(input, other): the element-wise extreme
            return extreme(input, dim)
        refuse_bool_kernel(input, "MaxDim" if reduce is _max else "MinDim")
        if not input.ndim:
            return reduce(input, axis=int(dim), keepdims=keepdim), jnp.zeros((), _I64)
        return at_arg(input, arg, int(dim), keepdim)  # (MaxDim's: ties not shared)
    return impl


def _select(input, dim, index):
    return jnp.take(input, int(index), axis=int(dim))


def _unsqueeze(input, dim):
    return jnp.expand_dims(input, int(dim))


def _unbind(input, dim=0):
    return tuple(jnp.moveaxis(input, int(dim), 0))


def _cdist(x1, x2, p=2.0, compute_mode="use_mm_for_euclid_dist_if_necessary"):
    return bprops.vector_norm(x1[..., :, None, :] - x2[..., None, :, :], p, (-1,))


def _einsum(equation, *operands):
    if len(operands) == 1 and isinstance(operands[0], (tuple, list)):
        operands = tuple(operands[0])
    return jnp.einsum(equation, *operands)


def _vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):  # noqa: A002
    x = x if dtype is None else x.astype(_np_or_none(dtype))
    dim = _axis(dim)
    axes = dim if isinstance(dim, tuple) or dim is None else (dim,)
    # the 2-norm is a plain square root (NaN gradient at zero); the others LpNorm's rules
    return bprops.vector_norm(x, ord, axes, keepdim, guarded=ord != 2)


def _matrix_norm(A, ord="fro", dim=(-2, -1), keepdim=False, *, dtype=None):  # noqa: A002
    """``mint.linalg.matrix_norm``: 'fro', 'nuc', and 2, -2, 1, -1, inf, -inf as matrix
    norms (MindSpore's ``matrix_norm_ext``; the SVD norms in Float32)."""
    if not isinstance(dim, (list, tuple)):
        raise TypeError(f"For matrix_norm , the axis should be tuple of int, but got "
                        f"{type(dim)}")
    if len(dim) != 2:
        raise ValueError(f"For matrix_norm, the length of axis should be 2, but got "
                         f"{len(dim)}.")
    rank = max(A.ndim, 1)
    rows, cols = (int(d) % rank for d in dim)
    if rows == cols:
        raise ValueError("For matrix_norm, the elements of axis can not be duplicate.")
    if not any(ord == o for o in (2, -2, 1, -1, _INF, -_INF, "fro", "nuc")):
        raise ValueError(f"For matrix_norm, the ord mode must be in [2, -2, 1, -1, "
                         f"float('inf'), float('-inf'), 'fro', 'nuc'] but got {ord}.")
    if ord == "fro":
        return _vector_norm(A, 2, tuple(dim), keepdim, dtype=dtype)
    if ord in ("nuc", 2, -2):
        out = svd_norm(A, ord, (rows, cols))
        if keepdim:
            out = jnp.reshape(out, tuple(1 if i in (rows, cols) else n
                                         for i, n in enumerate(A.shape)))
        return out
    if ord in (_INF, -_INF):
        rows, cols = cols, rows
    if not keepdim and cols > rows:
        cols -= 1
    sums = _vector_norm(A, 1, rows, keepdim, dtype=dtype)
    return (jnp.min if ord < 0 else jnp.max)(sums, axis=cols, keepdims=keepdim)


def _linalg_norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):  # noqa: A002
    """``mint.linalg.norm``: a matrix norm over two dims (or of a 2-D Tensor with an
    ``ord``: ``ord=2.0`` is the largest singular value), else a vector norm."""
    if dim is None:
        if ord is not None and A.ndim > 2:
            raise ValueError("For `linalg.norm`, the input must be 1D or 2D when `ord` is "
                             "specified but `dim` is None.")
        dims = tuple(range(A.ndim))
        if ord is None or (ord == "fro" and A.ndim == 2) or (ord == 2 and A.ndim == 1):
            return _vector_norm(A, 2, dims, keepdim, dtype=dtype)
    elif isinstance(dim, int):
        dims = (dim,)
    elif isinstance(dim, (list, tuple)):
        if len(dim) > 2:
            raise ValueError(f"For `linalg.norm`, the length of `dim` must be 1 or 2 when dim "
                             f"is not None but got {len(dim)}.")
        dims = tuple(dim)
    else:
        raise TypeError(f"For `linalg.norm`, the dim should be int, list of int or tuple of "
                        f"int, but got {type(dim)}")
    if ord is None:
        return _vector_norm(A, 2, dims, keepdim, dtype=dtype)
    if ord in ("fro", "nuc") or len(dims) == 2:
        return _matrix_norm(A, ord, dims, keepdim, dtype=dtype)
    return _vector_norm(A, ord, dims, keepdim, dtype=dtype)


def _unique_ext(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    if dim is not None:
        raise NotImplementedError("mint.unique(dim=...) is not supported by mscompat yet.")
    values, inverse, counts = np.unique(np.asarray(input), return_inverse=True,
                                        return_counts=True)
    out = (jnp.asarray(values), jnp.asarray(inverse.reshape(input.shape), _I64),
           jnp.asarray(counts, _I64))
    picked = (out[0],) + ((out[1],) if return_inverse else ()) + \
        ((out[2],) if return_counts else ())
    return picked if len(picked) > 1 else picked[0]


def _nan_to_num(input, nan=None, posinf=None, neginf=None):
    return jnp.nan_to_num(input, nan=0.0 if nan is None else nan, posinf=posinf,
                          neginf=neginf)


# -- mint.nn.functional ---------------------------------------------------------------------
def _one_hot(tensor, num_classes=-1):
    n = int(jnp.max(tensor)) + 1 if num_classes == -1 else int(num_classes)
    return jax.nn.one_hot(tensor, n, dtype=_I64)


def _log_softmax(input, dim=None, *, dtype=None):
    x = input if dtype is None else input.astype(_np_or_none(dtype))
    return jax.nn.log_softmax(x, axis=-1 if dim is None else int(dim))


def _softmax(input, dim=None, dtype=None):
    x = input if dtype is None else input.astype(_np_or_none(dtype))
    return cpu_math.softmax(x, axis=-1 if dim is None else int(dim))


def _linear(input, weight, bias=None):
    out = jnp.matmul(input, weight.T)
    return out if bias is None else out + bias


def _reduce_loss(loss, reduction):
    if reduction == "mean":
        return exact_div.mean(loss)
    if reduction == "sum":
        return jnp.sum(loss)
    if reduction == "none":
        return loss
    raise ValueError(f"For 'reduction', it should be 'none', 'mean' or 'sum', but got "
                     f"{reduction}.")


def _bce(input, target, weight=None, reduction="mean"):
    log_p = jnp.maximum(jnp.log(input), -100.0)
    log_q = jnp.maximum(jnp.log1p(-input), -100.0)
    loss = -(target * log_p + (1 - target) * log_q)
    return bprops.bce_reduced(loss if weight is None else loss * weight, reduction,
                              _reduce_loss)


def _bce_logits(input, target, weight=None, reduction="mean", pos_weight=None):
    log_sig, log_one_minus = jax.nn.log_sigmoid(input), jax.nn.log_sigmoid(-input)
    pos = target * log_sig * (1 if pos_weight is None else pos_weight)
    loss = -(pos + (1 - target) * log_one_minus)
    return _reduce_loss(loss if weight is None else loss * weight, reduction)


def _elu(input, alpha=1.0, inplace=False):
    return cpu_math.elu(input, alpha)


def _group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """MindSpore's GroupNorm kernel (``ops.group_norm``'s, ``nn_kernels.group_norm``);
    no weight or bias is ones or zeros."""
    c = (input.shape[1],)
    weight = jnp.ones(c, input.dtype) if weight is None else weight
    bias = jnp.zeros(c, input.dtype) if bias is None else bias
    return nn_kernels.group_norm(input, num_groups, weight, bias, eps)


def _softshrink(input, lambd=0.5):
    return jnp.where(input > lambd, input - lambd, jnp.where(input < -lambd, input + lambd, 0))


def _relu(input, inplace=False):
    return bprops.relu(input)


def _silu(input, inplace=False):
    return cpu_math.silu(input)


def _softplus(input, beta=1, threshold=20):
    """MindSpore's float32 CPU kernel for Float16/Float32 (``cpu_math``), Float64 computed
    as the mathematics."""
    exact = input.dtype == np.float64
    return thresholded_softplus(input, beta, threshold,
                                jax.nn.softplus if exact else cpu_math.softplus)


def _mish(input):
    return cpu_math.mish(input)


ROWS: dict[str, object] = {
    # (a Python number first is a 0-d Float32/Int64 Tensor, after a Tensor a weak number)
    "mul": op_table.numbers_as_tensors(op_table._MUL, (0,)),
    "div": op_table.numbers_as_tensors(op_table._div, (0,)),
    "divide": op_table.numbers_as_tensors(op_table._div, (0,)),
    "add": _add, "sub": _subtract_method, "cat": _cat, "concat": _cat, "stack": _stack,
    "sum": _sum, "prod": _prod,
    "mean": _mean, "zeros": _fill(0), "ones": _fill(1), "zeros_like": _like(0),
    "ones_like": _like(1), "full": _full, "split": _split, "arange": _arange,
    "index_select": _index_select, "flatten": _flatten, "narrow": _narrow, "topk": _topk_ext,
    "argmax": _argmax, "argmin": _argmin, "scatter_add": _scatter_add, "scatter": _scatter,
    "gather": _gather, "repeat_interleave": _repeat_interleave, "cumsum": _cumsum,
    "cummax": _cum_extreme(jnp.greater), "cummin": _cum_extreme(jnp.less),
    "linspace": _linspace, "any": _bool_reduce(jnp.any), "all": _bool_reduce(jnp.all),
    "searchsorted": _searchsorted, "trace": _trace, "inverse": _inverse,
    "baddbmm": _baddbmm, "bmm": _bmm, "clamp": bprops.clip, "cross": _cross_broadcast,
    "max": _max_min(_max, _argmax_nan),
    "min": _max_min(_min, _argmin_nan), "select": _select, "unsqueeze": _unsqueeze,
    "unbind": _unbind, "cdist": _cdist, "einsum": _einsum, "nonzero": _nonzero,
    "bitwise_xor": binary(jnp.bitwise_xor), "unique": _unique_ext,
    "exp2": _float_unary(cpu_math.libm(jnp.exp2)),
    "erfc": _float_unary(cpu_math.libm(jax.scipy.special.erfc)),
    "sinc": _float_unary(sinc), "nan_to_num": _nan_to_num,
}

LINALG_ROWS: dict[str, object] = {"norm": _linalg_norm, "inv": _inverse,
                                  "vector_norm": _vector_norm, "matrix_norm": _matrix_norm}

FUNCTIONAL_ROWS: dict[str, object] = {
    "relu": _relu, "silu": _silu, "one_hot": _one_hot, "log_softmax": _log_softmax,
    "softmax": _softmax, "linear": _linear, "mse_loss":
        lambda input, target, reduction="mean": _reduce_loss((input - target) ** 2, reduction),
    "l1_loss": lambda input, target, reduction="mean":
        _reduce_loss(jnp.abs(input - target), reduction),
    "binary_cross_entropy": _bce, "binary_cross_entropy_with_logits": _bce_logits,
    "elu": _elu, "group_norm": _group_norm, "softshrink": _softshrink,
    "mish": _mish,
    "selu": jax.nn.selu, "tanh": jnp.tanh, "sigmoid": jax.nn.sigmoid,
    "softplus": _softplus,
    "hardsigmoid": lambda input, inplace=False: jnp.clip(input / 6 + 0.5, 0, 1),
    "hardswish": lambda input, inplace=False: input * jnp.clip(input / 6 + 0.5, 0, 1),
    "leaky_relu": lambda input, negative_slope=0.01, inplace=False:
        jnp.where(input > 0, input, input * negative_slope),
}


def _keyword_names(qualname: str) -> set:
    from .ms_keywords import KEYWORDS, OVERLOADS
    names = {n for n, _ in KEYWORDS.get(qualname, ())}
    return names.union(*({n for n, _ in params} for params in OVERLOADS.get(qualname, ())))


def _alias(ops_fn, target: str, qualname: str):
    """The ``ops`` function a ``mint`` name is, or, where MindSpore's ``mint`` signature names
    its parameters otherwise (``mint.sqrt(input)``, ``mint.softmax(input, dim)``,
    ``mint.isnan(tensor)``), that row's function under the ``mint`` keywords."""
    from .ops_build import FUNCTIONAL_IMPLS, _make_functional
    fn = getattr(ops_fn, "unchecked", ops_fn)
    if _keyword_names(qualname) <= _keyword_names(f"ops.{target}") or \
            target not in FUNCTIONAL_IMPLS or not hasattr(fn, "shape_error"):
        return fn
    return _make_functional(qualname.rpartition(".")[2], FUNCTIONAL_IMPLS[target],
                            fn.shape_error, fn.meta, qualname=qualname)


def functions(rows: dict, module: str, aliases: dict | None = None) -> dict:
    """The functionals of ``mindspore.<module>``: each row built as the op table's rows are
    (``ops_build._make_functional``), each alias the ``ops`` function itself."""
    from . import accepted_dtypes
    from .ops_build import FUNCTIONALS, _make_functional
    # mint refuses the dtypes recorded for its own names (``mint.max`` of Bool...), not the
    # ops' (its functions take PyTorch's dtypes where the ops' kernels do not)
    out = {name: _alias(FUNCTIONALS[target], target, f"{module}.{name}")
           for name, target in (aliases or {}).items()}
    for name, impl in rows.items():
        out[name] = _make_functional(name, impl, qualname=f"{module}.{name}")
    return {name: accepted_dtypes.checked(f"{module}.{name}", fn) for name, fn in out.items()}
