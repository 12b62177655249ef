"""Op rows: element-wise math, reductions, activations, normalisation and losses.

Conventions settled with MindSpore 2.10 (``tests/conformance/cases/op_specs.py``) are noted
next to the implementations: index dtypes (``ops.max`` Int64, ``argmin`` Int32), integer
inputs, reductions that treat ``axis=None`` specially.
"""
from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from . import (
    bprops,
    cpu_math,
    dtypes,
    errors,
    exact_div,
    jaxconfig,
    kernel_grads,
    matmul_shapes,
    op_table,
    reductions,
)
from .errors import check_dtype, check_reduce_axis, concrete, require_sequence
from .op_rows_more_math import _log2, _log_base, angle, reduce_std_variance
from .op_table import (
    REQUIRED,
    OpDef,
    _argmax_nan,
    _argmin_nan,
    _axis,
    _float_unary,
    _int_as_float32,
    _max,
    _min,
    _np_or_none,
    binary,
    index_output_type,
)

_I32, _I64, _F32 = np.dtype(np.int32), np.dtype(np.int64), np.dtype(np.float32)


# -- reductions -----------------------------------------------------------------------------
def _extreme_fn(reduce, arg):
    """``ops.max``/``ops.min(input, axis=None, keepdims=False, *, initial, where)``: a
    (values, Int64 indices) pair."""
    def impl(input, axis=None, keepdims=False, *, initial=None, where=None):
        return op_table.with_index(reduce, arg, input, axis, keepdims, initial, where)
    return impl


def _arg_with_value(arg, reduce):
    """``ArgMaxWithValue(axis=0, keep_dims=False)(x)``: (Int64 index, value)."""
    def impl(x, *, axis=0, keep_dims=False):
        index = arg(x, axis=axis, keepdims=keep_dims).astype(_I64)
        if not x.ndim:
            return index, reduce(x, axis=axis, keepdims=keep_dims)
        return index, op_table.selected(x, index, axis, keep_dims)
    return impl


def _arg_with_value_method(prim):
    """``Tensor.argmax_with_value``: (value, index), the primitive's order reversed."""
    def method(x, axis=0, keep_dims=False):
        index, value = prim(x, axis=axis, keep_dims=keep_dims)
        return value, index
    return method


def _argmin(input, axis=None, keepdims=False):
    if not input.ndim:  # MindSpore returns ``Tensor(0)`` before looking at the arguments
        return jnp.zeros((), _I64)
    keepdims = keepdims and axis is not None  # over every axis: a 0-d index
    return _argmin_nan(input, axis=axis, keepdims=keepdims).astype(_I32)


def _argmin_prim(x, *, axis=-1, output_type=None):
    return _argmin_nan(x, axis=axis).astype(index_output_type("Argmin", output_type))


def _moment(f):
    """``std``/``var``. An integer input (``Tensor.std``; ``ops.std`` refuses it) is
    MindSpore's: deviations from the integer mean (``ops.mean``'s, truncated) and their
    squares in the input's dtype (wrapping, as Int8's do in MindSpore), summed in float32,
    divided by ``n - ddof`` (Float32 result; JAX: float64 for Int64). MindSpore's UInt8
    kernel wraps in a way of its own (docs/divergences.md)."""
    def impl(input, axis=None, ddof=0, keepdims=False):
        axis = _axis(axis)
        if input.dtype == jnp.float16:  # (the kernels compute a Float16 input in float32)
            return f(input.astype(_F32), axis=axis, ddof=int(ddof),
                     keepdims=keepdims).astype(input.dtype)
        if not jnp.issubdtype(input.dtype, jnp.integer):
            return f(input, axis=axis, ddof=int(ddof), keepdims=keepdims)
        dev = input - op_table.mean_keeping_dtype(input, axis, keepdims=True).astype(input.dtype)
        total = jnp.sum((dev * dev).astype(_F32), axis=axis, keepdims=keepdims)
        var = total / (input.size // max(1, total.size) - int(ddof))
        return jnp.sqrt(var) if f is jnp.std else var
    return impl


_INF = float("inf")
_MATRIX_ORDS = (2, -2, 1, -1, _INF, -_INF, "fro", "nuc", None)


def _norm_axes(dim, ord, ndim):
    """MindSpore's ``_check_axis``/``_check_ord``: the reduced axes, and whether the norm
    is the plain root of the sum of squares."""
    immediate = False
    if dim is None:
        axes = tuple(range(ndim))
        immediate = ord is None or (ord == "fro" and ndim == 2) or (ord == 2 and ndim == 1)
    elif isinstance(dim, int):
        axes = (dim,)
    elif isinstance(dim, (tuple, list)):
        if len(dim) > 2:
            raise ValueError("For norm, the dimensions is out of range.")
        axes = tuple(dim)
    else:
        raise TypeError(f"For norm, the dim should be int or tuple of int, but got "
                        f"{type(dim)}")
    if len(axes) == 1 and isinstance(ord, str):
        raise TypeError(f"For norm, ord mode can not be str for vectors, but got {ord}.")
    if len(axes) == 2 and not any(ord == o and type(ord) is not bool for o in _MATRIX_ORDS):
        raise ValueError(f"For norm, the ord mode must be in [2, -2, 1, -1, float('inf'), "
                         f"-float('inf'), 'fro', 'nuc', None] for matrices, but got {ord}.")
    return axes, immediate


def _extreme_of(v, axis, largest, keepdims=False):
    """``ops.max/min(v, axis)[0]``: the gradient goes to one selected element."""
    index = (jnp.argmax if largest else jnp.argmin)(v, axis=axis, keepdims=keepdims)
    return op_table.selected(v, index, axis, keepdims)


def _norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """``ops.norm``/``Tensor.norm`` as MindSpore 2.10 dispatches it: over two axes an int
    ``ord`` (1, -1, 2, -2) is a matrix norm and a float one (``2.0``) the Frobenius norm;
    over one axis an int ``ord`` > 0 is ``LpNorm``, other orders the sum of powers; with
    no ``dim`` a 3-D or larger Tensor and an ``ord`` give None, as there."""
    x = A if dtype is None else A.astype(_np_or_none(dtype))
    if not jnp.issubdtype(x.dtype, jnp.inexact) and x.dtype != np.bool_:
        return _norm_integer(x, ord, _axis(dim), keepdim)
    axes, immediate = _norm_axes(dim, ord, x.ndim)
    rank = max(x.ndim, 1)
    axes = tuple(int(a) % rank for a in axes)
    if immediate:
        out = jnp.sqrt(jnp.sum(jnp.square(x), axis=axes))
        return jnp.reshape(out, (1,) * x.ndim) if keepdim else out
    if len(axes) == 2:
        return _matrix_norm(x, ord, axes, keepdim)
    if len(axes) == 1:
        if isinstance(ord, int) and ord > 0:  # MindSpore's LpNorm (its gradient at 0)
            return bprops.vector_norm(x, ord, axes, keepdim)
        if ord in (_INF, -_INF):
            return _extreme_of(bprops.abs(x), axes[0], ord > 0, keepdim)
        if ord == 0:
            return jnp.sum((x != 0).astype(x.dtype), axis=axes, keepdims=keepdim)
        if ord is None:
            return jnp.sqrt(jnp.sum(jnp.square(x), axis=axes, keepdims=keepdim))
        total = jnp.sum(bprops.abs(x) ** ord, axis=axes, keepdims=keepdim)
        return total ** (1.0 / ord)
    return None


def svd_norm(x, ord, axes):
    """The largest (``ord=2``) or smallest (``-2``) singular value, or their sum
    (``'nuc'``), of the matrices over ``axes``: MindSpore's ``_multi_svd_norm``, computed and
    answered in Float32 whatever the input's dtype."""
    values = jnp.linalg.svd(jnp.moveaxis(x.astype(_F32), axes, (-2, -1)), compute_uv=False)
    return {2: jnp.max, -2: jnp.min}.get(ord, jnp.sum)(values, axis=-1)


def _matrix_norm(x, ord, axes, keepdim):
    rows, cols = axes
    if rows == cols:
        raise ValueError("For norm, the elements of dim can not be duplicate.")
    if isinstance(ord, int) and ord in (1, -1):
        sums = jnp.sum(bprops.abs(x), axis=rows)
        out = _extreme_of(sums, cols - (cols > rows), ord == 1)
    elif isinstance(ord, int) or ord == "nuc":  # 2, -2, 'nuc'
        out = svd_norm(x, ord, axes)
    elif ord in (_INF, -_INF):
        sums = jnp.sum(bprops.abs(x), axis=cols)
        out = _extreme_of(sums, rows - (rows > cols), ord > 0)
    else:  # None, 'fro' and every float order: the Frobenius norm
        out = jnp.sqrt(jnp.sum(jnp.square(x), axis=axes))
    if keepdim:
        out = jnp.reshape(out, tuple(1 if i in axes else d for i, d in enumerate(x.shape)))
    return out


def _norm_integer(x, ord, dim, keepdim):
    """``ops.norm`` of an integer Tensor, through MindSpore's own steps and their dtypes:
    ``sqrt(reduce_sum(square(x)))`` (the sum in the input's dtype, the root in Float32) for
    the default and Frobenius norms; ``Tensor.sum`` (Int64) for the count of nonzeros and
    the matrix 1-norms; ``reduce_sum`` (the input's dtype) for the matrix inf-norms; the
    vector p-norms' ``LpNorm`` kernel refuses integers (TypeError); SVD norms in Float32."""
    axes = tuple(range(x.ndim)) if dim is None else dim if isinstance(dim, tuple) else (dim,)
    rank = max(x.ndim, 1)
    check_reduce_axis("ReduceSum", x, axes)
    axes = tuple(a % rank for a in axes)
    in_dtype = x.dtype

    def keep(r):
        return jnp.reshape(r, tuple(1 if i in axes else d for i, d in enumerate(x.shape))) \
            if keepdim else r

    if ord is None or ord == "fro" or (dim is None and ord == 2 and x.ndim == 1):
        total = jnp.sum(jnp.square(x), axis=axes, dtype=in_dtype)
        return keep(jnp.sqrt(total.astype(_F32)))
    if len(axes) == 1:
        if ord == 0:
            return jnp.sum((x != 0).astype(in_dtype), axis=axes, keepdims=keepdim, dtype=_I64)
        if ord in (float("inf"), -float("inf")):
            pick = jnp.max if ord > 0 else jnp.min
            return pick(jnp.abs(x), axis=axes[0], keepdims=keepdim)
        if isinstance(ord, int) and ord > 0:
            raise TypeError(f"For primitive[LpNorm], the input argument[input] must be a type "
                            f"of {{Tensor[Float16], Tensor[Float32]}}, but got "
                            f"Tensor[{dtypes.from_np(in_dtype)}].")
        if ord < 0:
            raise NotImplementedError("ops.norm of an integer Tensor with a negative ord "
                                      "(MindSpore's integer Pow of 0 to a negative power)")
        powered = jnp.abs(x).astype(_F32) ** np.float32(ord)
        total = jnp.sum(powered, axis=axes, keepdims=keepdim)
        return total ** np.float32(1.0 / ord)
    if len(axes) > 2:
        return None  # (MindSpore's norm with an ord and no dim of a 3-D Tensor)
    rows, cols = axes
    if not isinstance(ord, int) and ord not in (_INF, -_INF, "nuc"):  # a float ord: Frobenius
        total = jnp.sum(jnp.square(x), axis=axes, dtype=in_dtype)
        return keep(jnp.sqrt(total.astype(_F32)))
    if ord in (1, -1):
        sums = jnp.sum(jnp.abs(x), axis=rows, dtype=_I64)
        out = (jnp.max if ord == 1 else jnp.min)(sums, axis=cols - (cols > rows))
    elif ord in (float("inf"), -float("inf")):
        sums = jnp.sum(jnp.abs(x), axis=cols, dtype=in_dtype)
        out = (jnp.max if ord > 0 else jnp.min)(sums, axis=rows - (rows > cols))
    else:  # 2, -2, 'nuc'
        out = svd_norm(x, ord, axes)
    return keep(out)


def _bool_reduce(f):
    def impl(input, axis=None, keep_dims=False):
        check_reduce_axis("ReduceAll" if f is jnp.all else "ReduceAny", input, _axis(axis))
        return _kept_uint8(f, input, f(input, axis=_axis(axis), keepdims=keep_dims))
    return impl


def _bool_reduce_prim(f):
    def impl(x, axis=(), *, keep_dims=False):
        return _kept_uint8(f, x, f(x, axis=_axis(axis), keepdims=keep_dims))
    return impl


def _kept_uint8(f, x, out):
    """MindSpore's ``ReduceAny`` kernel of a UInt8 Tensor answers in UInt8 (0 or 1);
    ``ReduceAll`` and every other dtype answer in Bool."""
    return out.astype(jnp.uint8) if f is jnp.any and x.dtype == jnp.uint8 else out


def _cumsum(x, axis, dtype=None):
    if x.dtype == jnp.bool_ and dtype is None:
        raise TypeError("For 'CumSum', the type of 'input' should not be Bool.")
    if dtype is not None:
        x = x.astype(_np_or_none(dtype))
    return reductions.running(x, int(axis))


def _cumsum_method(x, axis=None, dtype=None):
    """``Tensor.cumsum``: Bool/Int8/Int16/UInt8 accumulate in Int32 (MindSpore's method; the
    functional ``ops.cumsum`` keeps the type); with ``dtype`` the running sums are taken
    first and cast after (``[0.5, 0.7]`` to Int32 is ``[0, 1]``; ``ops.cumsum`` casts the
    input first)."""
    if x.ndim == 0 and axis is not None:
        raise ValueError(f"The 'axis' must be in the range of [-0, 0), but got {axis}.")
    if x.dtype in (jnp.bool_, jnp.int8, jnp.int16, jnp.uint8):
        x = x.astype(jnp.int32)
    out = (reductions.running(x.reshape(-1), 0) if axis is None
           else reductions.running(x, int(axis)))
    return out if dtype is None else bprops.cast(out, _np_or_none(dtype))


def _cumprod_method(x, dim, dtype=None):
    """``ops.cumprod``/``Tensor.cumprod``: integers and Bool multiply in Int64, as
    MindSpore's functional and method do (the ``CumProd`` Primitive keeps the dtype)."""
    if dtype is None and (jnp.issubdtype(x.dtype, jnp.integer) or x.dtype == jnp.bool_):
        dtype = jnp.int64
    return _cumprod(x, dim, dtype)


def _running_sum(x, axis):
    return reductions.running(x, axis)


def _running_product(x, axis):
    return reductions.running(x, axis, multiply=True)


def _cum_prim(f):
    def impl(x, axis, *, exclusive=False, reverse=False):
        axis = int(axis)
        if x.ndim == 0:
            name = "CumSum" if f is _running_sum else "CumProd"
            raise ValueError(f"For primitive[{name}], the rank of 'x' must be greater than 0, "
                             f"but got 0.")
        if reverse:
            x = jnp.flip(x, axis)
        out = f(x, axis=axis)
        if exclusive:
            ident = 0 if f is _running_sum else 1
            pad = [(0, 0)] * x.ndim
            pad[axis] = (1, 0)
            out = jnp.pad(jax.lax.slice_in_dim(out, 0, x.shape[axis] - 1, axis=axis), pad,
                          constant_values=ident)
        return jnp.flip(out, axis) if reverse else out
    return impl


_CUMSUM, _CUMPROD = _cum_prim(_running_sum), _cum_prim(_running_product)


def cumprod(x, axis, *, exclusive=False, reverse=False):
    """``CumProd`` of ``x`` along ``axis``; a float ``x`` differentiates by MindSpore's
    rule, ``d x = cumsum(out * dout, exclusive, not reverse) / x`` (a zero in ``x`` gives
    NaN or infinity there, where the derivative itself is finite)."""
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return _cumprod_ms(x, int(axis), bool(exclusive), bool(reverse))
    return _CUMPROD(x, axis, exclusive=exclusive, reverse=reverse)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2, 3))
def _cumprod_ms(x, axis, exclusive, reverse):
    return _CUMPROD(x, axis, exclusive=exclusive, reverse=reverse)


@_cumprod_ms.defjvp
def _cumprod_ms_jvp(axis, exclusive, reverse, primals, tangents):
    # out * cumsum(t / x): transposed, the backward pass is MindSpore's bprop in its order
    # (out * dout, the reversed running sum, the division by x)
    (x,), (t,) = primals, tangents
    out = _cumprod_ms(x, axis, exclusive, reverse)
    summed = _CUMSUM(t / x, axis, exclusive=exclusive, reverse=reverse)
    return out, out * summed


def _cumprod(input, dim, dtype=None):
    if dtype is not None:
        input = input.astype(_np_or_none(dtype))
    return cumprod(input, dim)


def _logsumexp(input, dim, keepdim=False):
    """MindSpore's composite ``log(sum(exp(x - max))) + max`` (an infinite maximum gives
    NaN, as there; JAX's ``logsumexp`` keeps the infinity), differentiated as composed."""
    axis = _axis(dim)
    top = jnp.max(input, axis=axis, keepdims=True)
    total = reductions.total(cpu_math.exp(input - top), axis=axis, keepdims=keepdim)
    return cpu_math.log(total) + (top if keepdim else jnp.squeeze(top, axis))


def _count_nonzero(x, axis=(), keep_dims=False, dtype=None):
    dt = _I32 if dtype is None else _np_or_none(dtype)
    return jnp.sum(x != 0, axis=_axis(axis), keepdims=keep_dims).astype(dt)


def _addn(x):
    require_sequence(x, 'Failed calling AddN with "AddN()(x=Tensor)".')
    out = x[0]
    for t in x[1:]:
        out = out + t
    return out


def _isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return jnp.isclose(input, other, rtol=rtol, atol=atol, equal_nan=equal_nan)


# -- element-wise ---------------------------------------------------------------------------
def _round(input, *, decimals=0):
    if decimals:  # MindSpore 2.10's Round kernel
        raise RuntimeError(f"For Round only support decimals equal 0, but got decimals "
                           f"equal {decimals}")
    return input if input.dtype == jnp.bool_ else jnp.round(input)


def _round_prim(input, decimals=0):
    return _round(input, decimals=decimals)


def _clip_by_value(x, clip_value_min=None, clip_value_max=None):
    if clip_value_min is None and clip_value_max is None:
        raise ValueError("For 'clip_by_value', at least one of 'clip_value_min' or "
                         "'clip_value_max' must not be None")
    def one(t):
        out = t
        # MindSpore's Maximum/Minimum: a NaN in ``t`` gives the bound (JAX's: NaN)
        if clip_value_min is not None:
            out = bprops.maximum(out, jnp.asarray(clip_value_min).astype(t.dtype))
        if clip_value_max is not None:
            out = bprops.minimum(out, jnp.asarray(clip_value_max).astype(t.dtype))
        return out
    if isinstance(x, (list, tuple)):
        return tuple(one(t) for t in x)
    return one(x)


def _clip_by_global_norm(x, clip_norm=1.0, use_norm=None):
    if hasattr(x, "shape"):  # one Tensor: clipped as one, returned as a Tensor
        return _clip_by_global_norm((x,), clip_norm, use_norm)[0]
    x = tuple(x)
    if use_norm is None:
        use_norm = jnp.sqrt(sum(jnp.sum(jnp.square(t.astype(_F32))) for t in x))
    # MindSpore's select(norm >= clip_norm, norm, clip_norm): a NaN norm selects clip_norm
    # (the inputs come back as they were), then x * clip_norm / norm
    norm = jnp.where(use_norm >= clip_norm, use_norm, jnp.asarray(clip_norm, use_norm.dtype))
    return tuple(exact_div.divide(t * clip_norm, norm).astype(t.dtype) for t in x)


def _clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    """``ops.clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False)``: ``x`` (a
    Tensor or a sequence) times ``max_norm / (total_norm + 1e-6)`` when that is below 1, the
    total norm being MindSpore's ``(sum x^p)^(1/p)`` of the inputs' (so without absolute
    values: an odd ``norm_type`` can give a negative total)."""
    single = not isinstance(x, (list, tuple))
    xs = (x,) if single else tuple(x)
    p = float(norm_type)
    if p == float("inf"):
        total = jnp.max(jnp.stack([jnp.max(jnp.abs(t)) for t in xs]))
    else:
        def norm(v):  # MindSpore's (sum x^p)^(1/p): no absolute value (for odd p either)
            return jnp.power(jnp.sum(jnp.power(v, p)), 1.0 / p).astype(v.dtype)
        total = norm(jnp.stack([norm(t) for t in xs]))
    if error_if_nonfinite:
        value = concrete(total)
        if value is not None and not np.isfinite(value):
            raise RuntimeError(f"For clip_by_norm, the total norm of order {norm_type} from "
                               f"input is non-finite.")
    coef = exact_div.divide(jnp.asarray(max_norm, total.dtype), total + 1e-6)
    if not jnp.issubdtype(total.dtype, jnp.inexact):
        # integers: MindSpore branches on the value; a clipped integer input is multiplied
        # by the float32 coefficient (a Float32 result), an unclipped one comes back as is
        coef = coef.astype(np.float32)
        known = concrete(coef)
        if known is None or known < 1:
            out = tuple(t.astype(np.float32) * coef if known is not None else
                        jnp.where(coef < 1, t * coef, t.astype(np.float32)) for t in xs)
        else:
            out = xs
        return out[0] if single else out
    out = tuple(jnp.where(coef < 1, t * coef.astype(t.dtype), t) for t in xs)
    return out[0] if single else out


_ADDCMUL_TYPES = ("bfloat16", "float16", "float32", "float64", "int32", "int64", "int8", "uint8")
_ADDCDIV_TYPES = ("float16", "float32", "float64", "int64")
_ADDCDIV_VALUE_TYPES = ("bfloat16", "float16", "float32", "float64", "int32", "int64")
_LERP_TYPES = ("float16", "float32", "bfloat16")


def _addc_operands(prim, types, value_types, input, tensor1, tensor2, value):
    """``ops.addcmul``/``addcdiv``: the three Tensors share one dtype of ``types``; ``value``
    (a Python number or a Tensor of ``value_types``; a Python float is Float32) is converted
    to that dtype first, so an integer ``input`` truncates a float ``value`` and a Float16
    one rounds it, as MindSpore's kernels do (the result keeps ``input``'s dtype)."""
    dts = {np.dtype(t.dtype) for t in (input, tensor1, tensor2)}
    if len(dts) > 1:
        raise TypeError(f"For primitive[{prim}], the input type must be same.")
    dtype = np.dtype(input.dtype)
    check_dtype(prim, "input", input, types)
    if isinstance(value, (bool, np.bool_)) or hasattr(value, "dtype"):
        check_dtype(prim, "value", np.asarray(value) if isinstance(value, bool) else value,
                    value_types)
    if isinstance(value, float):  # a Python float becomes a Float32 Tensor first
        value = np.float32(value)
    return dtype, jnp.asarray(value).astype(dtype)


def _arg_type(value) -> str:
    """An argument as MindSpore's "Failed calling" messages name it."""
    return "Tensor" if hasattr(value, "shape") and not isinstance(value, np.generic) \
        else type(value).__name__


def _lerp(input, end, weight):
    """``ops.lerp``: ``input + weight * (end - input)`` for Float16/Float32 ``input`` and
    ``end`` of one dtype; a Float16 pair is computed in float32 with the weight as given
    (a Float32 weight is not rounded to Float16 first) and rounded once, as MindSpore's CPU
    kernel does."""
    for value in (input, end):
        if not hasattr(value, "dtype") or isinstance(value, np.generic):
            names = [_arg_type(v) for v in (input, end, weight)]
            raise TypeError(f'Failed calling Lerp with "Lerp()(input={names[0]}, '
                            f'end={names[1]}, weight={names[2]})".')
    dtype = np.dtype(input.dtype)
    if dtype.name not in _LERP_TYPES:
        raise TypeError(f"For primitive[Lerp], the input[start] supports types: Float16, "
                        f"Float32, BFloat16. But got {dtypes.from_np(dtype)}.")
    if np.dtype(end.dtype) != dtype:
        raise TypeError(f"For primitive[Lerp], the input[tensors] elements should have same "
                        f"type, but got: {dtypes.from_np(dtype)}, "
                        f"{dtypes.from_np(np.dtype(end.dtype))}.")
    if isinstance(weight, (bool, int, np.integer, np.bool_)):
        raise TypeError(f'Failed calling Lerp with "Lerp()(input=Tensor, end=Tensor, '
                        f'weight={type(weight).__name__})".')
    if hasattr(weight, "dtype") and not jnp.issubdtype(weight.dtype, jnp.floating):
        raise TypeError("Select CPU operator[Lerp] fail! Unsupported data type!")
    s, e = input.astype(_F32), end.astype(_F32)
    return (s + jnp.asarray(weight).astype(_F32) * (e - s)).astype(dtype)


def _addcmul(input, tensor1, tensor2, value=1):
    dtype, value = _addc_operands("Addcmul", _ADDCMUL_TYPES, _ADDCMUL_TYPES,
                                  input, tensor1, tensor2, value)
    return input + value * (tensor1 * tensor2)  # the kernel's order (bitwise in Float16)


def _addcdiv_method(input, tensor1, tensor2, *, value=1):
    """``Tensor.addcdiv(tensor1, tensor2, *, value=1)`` (``value`` is keyword-only there)."""
    return _addcdiv(input, tensor1, tensor2, value)


def _addcdiv(input, tensor1, tensor2, value=1):
    """``ops.addcdiv``; of Int64 Tensors ``value * tensor1`` divided toward zero and added,
    and where ``tensor2`` is 0 the result is the type's max, min or 0 by the sign of
    ``value * tensor1`` (``input`` is not added), as MindSpore's CPU kernel gives."""
    dtype, value = _addc_operands("Addcdiv", _ADDCDIV_TYPES, _ADDCDIV_VALUE_TYPES,
                                  input, tensor1, tensor2, value)
    if jnp.issubdtype(dtype, jnp.integer):
        numer = value * tensor1
        info = jnp.iinfo(dtype)
        special = jnp.where(numer > 0, info.max, jnp.where(numer < 0, info.min, 0))
        safe = jnp.where(tensor2 == 0, 1, tensor2).astype(dtype)
        return jnp.where(tensor2 == 0, special.astype(dtype),
                         input + jax.lax.div(*jnp.broadcast_arrays(numer, safe)))
    return input + value * tensor1 / tensor2  # (value * tensor1) / tensor2, the kernel's


def _dense(input, weight, bias=None):
    matmul_shapes.check_dense(input, weight, bias)
    out = jnp.matmul(input, jnp.swapaxes(weight, -1, -2) if weight.ndim > 1 else weight,
                     precision=jaxconfig.matmul_precision())
    return out if bias is None else jnp.add(*reductions.row_operands(out, bias))


def _bias_add(input_x, bias, data_format="NCHW"):
    if input_x.ndim < 2 or bias.shape[0] != input_x.shape[1 if data_format != "NHWC" else -1]:
        raise ValueError(f"For 'BiasAdd', bias shape {tuple(bias.shape)} must equal the "
                         f"channel dimension of input_x {tuple(input_x.shape)}.")
    if data_format == "NHWC" or input_x.ndim == 2:  # (BiasAddGrad: Float16 in float32)
        return jnp.add(*reductions.row_operands(input_x, bias, bias_grad=True))
    return jnp.add(*reductions.half_operands(
        input_x, jnp.reshape(bias, (-1,) + (1,) * (input_x.ndim - 2)), bias_grad=True))


def _bias_add_prim(input_x, bias, *, data_format="NCHW"):
    return _bias_add(input_x, bias, data_format)


def _einsum(equation, *operands):
    return jnp.einsum(equation, *operands, precision=jaxconfig.matmul_precision())


def _outer(input, vec2):
    """``ops.outer(input, vec2)``: MindSpore's ``input.reshape(-1, 1) * vec2``, broadcast as
    a product is (a 2-D ``vec2`` is not flattened: its shape must broadcast)."""
    for name, value in (("input", input), ("vec2", vec2)):
        if not hasattr(value, "shape"):
            raise TypeError(f"the input {name} must be Tensor!")
    return op_table._multiply(jnp.reshape(input, (-1, 1)), vec2)


def _ger(input, other):
    """``ops.ger(input, other)``: the outer product of two 1-D Tensors of one dtype."""
    if jnp.result_type(input) != jnp.result_type(other):
        raise TypeError(f"For primitive[Ger], the input type must be same, but got "
                        f"{jnp.result_type(input)} and {jnp.result_type(other)}.")
    return jnp.outer(input, other)


def _mm(input, mat2):
    matmul_shapes.check_matmul(input, mat2, False, False)
    return jnp.matmul(input, mat2, precision=jaxconfig.matmul_precision())


# -- activations ----------------------------------------------------------------------------
def _softplus(input, beta=1, threshold=20):
    return thresholded_softplus(input, beta, threshold, cpu_math.softplus)


def thresholded_softplus(input, beta, threshold, inner):
    """``input`` where ``input * beta`` passes ``threshold``, ``inner(input * beta) / beta``
    elsewhere (MindSpore's threshold compares the input itself, in its own dtype)."""
    bx = input * beta
    return jnp.where(bx > threshold, input, inner(bx) / beta)


def _gelu(input, approximate="none"):
    if approximate == "tanh":
        return cpu_math.gelu_tanh(input)
    return cpu_math.gelu(input)


def _fast_gelu(x):
    return x / (1 + jnp.exp(-1.702 * jnp.abs(x))) * jnp.exp(0.851 * (x - jnp.abs(x)))


def _leaky_relu(input, alpha=0.2):
    """``maximum(alpha * input, input)`` (``minimum`` for ``alpha > 1``) as MindSpore writes
    it: at 0 the gradient is the mean of the two slopes (a tie of ``maximum``)."""
    a = jnp.asarray(alpha, np.float32).astype(input.dtype)
    return (bprops.minimum if alpha > 1 else bprops.maximum)(a * input, input)


def _elu(input_x, alpha=1.0):
    """``ops.elu``/``nn.ELU``/``ops.Elu``: MindSpore's ``Elu`` takes a float ``alpha`` of 1 only."""
    if not isinstance(alpha, float):
        raise TypeError(f'Failed calling Elu with "Elu(alpha={type(alpha).__name__})'
                        '(input_x=Tensor)".')
    if alpha != 1.0:
        raise ValueError(f"For 'Elu', alpha must be 1.0, but got {alpha}.")
    return cpu_math.elu(input_x)


def _elu_prim(x, *, alpha=1.0):
    return _elu(x, alpha)


def _celu(x, alpha=1.0):
    """``ops.celu(x, alpha=1.0)``: ``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``."""
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
        raise TypeError(f"For 'CeLU', the 'alpha' must be a float, but got "
                        f"{type(alpha).__name__}.")
    if alpha == 0:
        raise ValueError("For 'CeLU', the 'alpha' can not be equal to 0.")
    if not jnp.issubdtype(x.dtype, jnp.floating):
        raise TypeError(f"For 'CeLU', the 'x' must be a float16 or float32 Tensor, but got "
                        f"{x.dtype}.")
    return jax.nn.celu(x, alpha)


def _hardswish(x):
    """``x * relu6(x + 3) / 6``; for an integer ``x`` computed in float32 and truncated to
    the input's dtype, as MindSpore's integer kernel."""
    if jnp.issubdtype(x.dtype, jnp.integer):
        return _hardswish(x.astype(np.float32)).astype(x.dtype)
    return bprops.hardswish(x)  # HSwishGrad: (2x + 3) / 6 on [-3, 3], bounds included


def _selu(x):
    """SeLU; MindSpore's integer kernel truncates ``scale`` and ``alpha`` to 1:
    ``x`` where positive, else ``exp(x) - 1`` in float32 truncated (0 down to -16, then
    -1)."""
    if jnp.issubdtype(x.dtype, jnp.integer):
        neg = (jnp.exp(x.astype(np.float32)) - 1).astype(x.dtype)
        return jnp.where(x > 0, x, neg)
    return bprops.selu(x)


def _hsigmoid(x):
    return bprops.hardsigmoid(x)  # HSigmoidGrad: 1/6 inside (-3, 3), 0 at the bounds


def _hardtanh(input, min_val=-1.0, max_val=1.0):
    return bprops.hardtanh(input, min_val, max_val)


def _mish(x):
    return cpu_math.mish(x)


def _softsign_values(x):
    return x / (1 + jnp.abs(x))


_softsign = kernel_grads.on_cpu_float32(_softsign_values, "Softsign")


def _prelu(input, weight, *, weight_first: bool = False):
    """The result keeps the input's dtype: the product is computed in the wider dtype and
    rounded once (``ops.prelu``), or, ``weight_first`` (``nn.PReLU``), the weight is cast
    to the input's dtype first. MindSpore's kernel takes a Float16 or Float32 weight."""
    check_dtype("PReLU", "weight", weight, ("float16", "float32"))
    w = jnp.reshape(weight, (-1,) + (1,) * (input.ndim - 2)) if input.ndim > 1 else weight
    if weight_first:
        w = w.astype(input.dtype)
    return jnp.where(input > 0, input, (input * w).astype(input.dtype))


def _l2_normalize(x, *, axis=0, epsilon=1e-4):
    axis = _axis(axis)
    return bprops.l2_normalize(x, axis if isinstance(axis, tuple) or axis is None
                               else (axis,), epsilon)


def _cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """MindSpore's ``sum(x1 * x2) / clip(norm(x1) * norm(x2), min=eps)`` with its norm's
    gradient (zero at a zero vector: there the gradient is ``x2 / eps``)."""
    dot = jnp.sum(x1 * x2, axis=dim)
    n1, n2 = (bprops.vector_norm(v, 2, (dim,)) for v in (x1, x2))
    # (Tensor.clip's gradient, bound included; Div's bprop: JAX's -dout * x * y**-2
    # overflows a Float16 gradient)
    return exact_div.divide(dot, bprops.clip(n1 * n2, eps))


# -- losses ---------------------------------------------------------------------------------
def _grad_to(k, f):
    """MindSpore's loss primitives have bprops that return zeros for the inputs from
    position ``k`` on: labels and weights of SigmoidCrossEntropyWithLogits, NLLLoss and
    KLDivLoss (``k=1``), the weight of BinaryCrossEntropy (``k=2``; its labels do get the
    derivative)."""
    def impl(*args, **kw):
        args = [a if i < k or not hasattr(a, "dtype") else jax.lax.stop_gradient(a)
                for i, a in enumerate(args)]  # (a positional reduction is a str)
        return f(*args, **kw)
    impl.__name__ = getattr(f, "__name__", "loss")
    return impl


def _soft_margin_loss(input, target, reduction="mean"):
    """``ops.soft_margin_loss``: ``log(1 + exp(-target * input))``, reduced (MindSpore runs
    it on Ascend/GPU only; built from its documentation)."""
    if input.shape != target.shape:
        raise ValueError(f"For 'SoftMarginLoss', the shape of 'logits' {tuple(input.shape)} "
                         f"must be the same as 'labels' {tuple(target.shape)}.")
    return _reduce_loss(jax.nn.softplus(-target * input), reduction)


def _reduce_loss(loss, reduction):
    if reduction == "mean":  # (MindSpore's ReduceMean/ReduceSum of every axis)
        return reductions.average(loss)
    if reduction == "sum":
        return reductions.total(loss)
    if reduction == "none":
        return loss
    raise ValueError(f"For loss functions, 'reduction' must be 'mean', 'sum' or 'none', "
                     f"but got {reduction!r}.")


def _get_loss(loss, reduction):
    """The reduction of MindSpore's functional losses built in Python (``l1_loss``,
    ``huber_loss``, ``margin_ranking_loss``, ``cosine_embedding_loss``,
    ``multilabel_soft_margin_loss``): in float32, the result converted back to the loss's
    dtype (a Float16 mean is taken in float32, a Float64 one holds a float32 value)."""
    dtype = loss.dtype
    return _reduce_loss(loss.astype(_F32), reduction).astype(dtype)


def _mse_loss(input, target, reduction="mean"):
    return _reduce_loss(jnp.square(input - target), reduction)


def _l1_loss(input, target, reduction="mean"):
    """``|input - target|`` (MindSpore's Abs: the gradient is 0 where they are equal)."""
    return _get_loss(bprops.abs(input - target), reduction)


def _smooth_l1_loss(input, target, beta=1.0, reduction="none"):
    return _reduce_loss(_smooth_l1_values(input, target, beta), reduction)


@functools.partial(jax.custom_jvp, nondiff_argnums=(2,))
def _smooth_l1_values(input, target, beta):
    d = jnp.abs(input - target)
    return jnp.where(d < beta, 0.5 * jnp.square(d) / beta, d - 0.5 * beta)


@_smooth_l1_values.defjvp
def _smooth_l1_jvp(beta, primals, tangents):
    # MindSpore's SmoothL1LossGrad: 1 above beta, -1 below -beta, else diff / beta (so an
    # infinite difference gives +-1, where the composed derivative is NaN)
    (x, y), (tx, ty) = primals, tangents
    diff = x - y
    slope = jnp.where(diff > beta, 1, jnp.where(diff < -beta, -1, diff / beta)).astype(
        diff.dtype)
    return _smooth_l1_values(x, y, beta), slope * (tx - ty)


def _smooth_l1_prim(prediction, target, *, beta=1.0, reduction="none"):
    return _smooth_l1_loss(prediction, target, beta, reduction)


def _bce(logits, labels, weight=None, reduction="mean"):
    check_dtype("BinaryCrossEntropy", "logits", logits, ("bfloat16", "float16", "float32"))
    if not isinstance(logits, jax.core.Tracer):  # MindSpore's kernel checks the values
        outside = np.asarray(logits, np.float64)
        outside = outside[(outside < 0) | (outside > 1)]
        if outside.size:
            raise RuntimeError(f"For 'BinaryCrossEntropy', the value of 'input_x' must be "
                               f"between 0 and 1, but got value: {float(outside[0]):g}")
    loss = bprops.binary_cross_entropy(logits, labels)
    if weight is not None:
        loss = loss * weight
    return bprops.bce_reduced(loss, reduction, _reduce_loss)


def _bce_prim(input, target, weight=None, *, reduction="mean"):
    return _bce(input, target, weight, reduction)


def _sigmoid_ce(logits, labels):
    return jnp.maximum(logits, 0) - logits * labels + jnp.log1p(jnp.exp(-jnp.abs(logits)))


def _bce_logits_derivable(x, y, pw):
    return -(pw * y * jax.nn.log_sigmoid(x) + (1 - y) * jax.nn.log_sigmoid(-x))


@jax.custom_jvp
def _bce_logits_terms(x, y, pw):
    """The kernel's ``(1 - y) x + ((pw - 1) y + 1) (log(e^-m + e^(-x - m)) + m)``,
    ``m = max(-x, 0)`` (NaN at ``x = -inf`` where ``1 - y`` is 0, where the mathematics
    has inf), differentiated as its grad kernel is (``_bce_logits_derivable``)."""
    m = jnp.maximum(-x, 0)
    return (1 - y) * x + ((pw - 1) * y + 1) * (jnp.log(jnp.exp(-m) + jnp.exp(-x - m)) + m)


@_bce_logits_terms.defjvp
def _bce_logits_terms_jvp(primals, tangents):
    return _bce_logits_terms(*primals), jax.jvp(_bce_logits_derivable, primals, tangents)[1]


def _bce_with_logits(input, target, weight=None, pos_weight=None, reduction="mean"):
    # MindSpore's BCEWithLogitsLoss bprop: no gradient for weight and pos_weight.
    weight, pos_weight = (None if w is None else jax.lax.stop_gradient(w)
                          for w in (weight, pos_weight))
    pw = jnp.ones((), input.dtype) if pos_weight is None else pos_weight
    loss = _bce_logits_terms(input, target, pw)
    if weight is not None:
        loss = loss * weight
    return _reduce_loss(loss, reduction)


def _nll(logp, target, weight, ignore_index, reduction):
    """Negative log-likelihood over class axis 1 (or 0 for 1-D input). A target outside
    ``[-classes, classes)`` (other than ``ignore_index``) is MindSpore's GatherD
    RuntimeError when concrete; a negative one counts from the end, as GatherD does."""
    axis = 1 if logp.ndim > 1 else 0
    classes = logp.shape[axis]
    values = errors.concrete(target)
    if values is not None:
        bad = errors.out_of_range(values[values != ignore_index], -classes, classes)
        if bad is not None:
            raise RuntimeError(f"For 'GatherD', the value of 'index' must be in "
                               f"[{-classes}, {classes}), but got: {bad}")
    w = jnp.ones((classes,), logp.dtype) if weight is None else weight
    valid = target != ignore_index
    safe = jnp.where(valid, target, 0).astype(_I32)
    picked = jnp.take_along_axis(logp, jnp.expand_dims(safe, axis), axis=axis)
    picked = jnp.squeeze(picked, axis)
    wt = jnp.where(valid, w[safe], 0)
    loss = -picked * wt
    if reduction == "mean":
        return _over_total_weight(reductions.total(loss), jnp.sum(wt)), jnp.sum(wt)
    return _reduce_loss(loss, reduction), jnp.sum(wt)


def _over_total_weight(total, weight_sum):
    """``total / weight_sum`` (NaN when every target is ignored, as MindSpore's value is),
    differentiated as MindSpore's NLLLoss bprop does: the ignored targets' gradient is 0,
    also when the weight sum is 0 (not 0 / 0)."""
    safe = total / jnp.where(weight_sum == 0, 1, weight_sum)
    return jnp.where(weight_sum == 0, jax.lax.stop_gradient(total / weight_sum), safe)


def _nll_loss(inputs, target, weight=None, ignore_index=-100, reduction="mean",
              label_smoothing=0.0):
    if label_smoothing:
        return _cross_entropy(inputs, target, weight, ignore_index, reduction,
                              label_smoothing, log_probs=True)
    return _nll(inputs, target, weight, ignore_index, reduction)[0]


def _nll_prim(logits, labels, weight, *, reduction="mean", ignore_index=-100):
    return _nll(logits, labels, weight, ignore_index, reduction)


def _cross_entropy(input, target, weight=None, ignore_index=-100, reduction="mean",
                   label_smoothing=0.0, log_probs=False):
    axis = 1 if input.ndim > 1 else 0
    # (MindSpore's composite: ``input - logsumexp(input, axis, True)``, MindSpore's Exp and
    # Log kernels inside; not the LogSoftmax kernel)
    logp = input if log_probs else input - _logsumexp(input, axis, True)
    classes = logp.shape[axis]
    if jnp.issubdtype(target.dtype, jnp.floating):  # class probabilities
        probs = target * (1 - label_smoothing) + label_smoothing / classes
        if weight is not None:
            shape = [1] * logp.ndim
            shape[axis] = classes
            logp = logp * jnp.reshape(weight, shape)
        loss = -jnp.sum(logp * probs, axis=axis)
        return _reduce_loss(loss, reduction)
    nll, wsum = _nll(logp, target, weight, ignore_index, "none")
    if not label_smoothing:  # (MindSpore's ReduceSum order: ``reductions.total``)
        return _over_total_weight(reductions.total(nll), wsum) if reduction == "mean" else \
            _reduce_loss(nll, reduction)
    w = jnp.ones((classes,), logp.dtype) if weight is None else weight
    shape = [1] * logp.ndim
    shape[axis] = classes
    valid = target != ignore_index
    smooth = -jnp.sum(logp * jnp.reshape(w, shape), axis=axis) * valid
    if reduction == "mean":
        return _over_total_weight(jnp.sum(nll), wsum) * (1 - label_smoothing) + \
            _over_total_weight(jnp.sum(smooth), wsum) * label_smoothing / classes
    return _reduce_loss(nll * (1 - label_smoothing) + smooth * label_smoothing / classes,
                        reduction)


def _kl_div(logits, labels, reduction="mean"):
    """0 where ``labels <= 0``; the gradient for ``logits`` is ``-labels`` everywhere, as
    MindSpore's KLDivLossGrad gives it (also where the loss is 0)."""
    loss = jnp.where(labels > 0, labels * (jnp.log(jnp.where(labels > 0, labels, 1))
                                           - logits), 0)
    linear = -labels * logits
    loss = jax.lax.stop_gradient(loss) + (linear - jax.lax.stop_gradient(linear))
    if reduction == "batchmean":
        return jnp.sum(loss) / logits.shape[0]
    return _reduce_loss(loss, reduction)


def _kl_div_prim(logits, labels, *, reduction="mean"):
    return _kl_div(logits, labels, reduction)


_F = _float_unary


def _u(name, fn, functional=(), methods=()):
    return OpDef(name, fn, functional=functional, methods=methods)


ROWS: list[OpDef] = [
    OpDef("L2Loss", lambda x: jnp.sum(jnp.square(x)) / 2),
    # reductions
    OpDef(None, None, functional=("max",), functional_impl=_extreme_fn(_max, _argmax_nan)),
    OpDef(None, None, functional=("min",), functional_impl=_extreme_fn(_min, _argmin_nan)),
    OpDef("ArgMaxWithValue", _arg_with_value(_argmax_nan, _max),
          attrs=(("axis", 0), ("keep_dims", False)), methods=("argmax_with_value",),
          method_impl=_arg_with_value_method(_arg_with_value(_argmax_nan, _max))),
    OpDef("ArgMinWithValue", _arg_with_value(_argmin_nan, _min),
          attrs=(("axis", 0), ("keep_dims", False)), methods=("argmin_with_value",),
          method_impl=_arg_with_value_method(_arg_with_value(_argmin_nan, _min))),
    OpDef("Argmin", _argmin_prim, attrs=(("axis", -1), ("output_type", dtypes.ALL["int32"])),
          functional=("argmin",), functional_impl=_argmin, methods=("argmin",)),
    OpDef(None, None, functional=("std",), functional_impl=_moment(jnp.std),
          methods=("std",)),
    OpDef(None, None, functional=("var",), functional_impl=_moment(reduce_std_variance),
          methods=("var",), method_impl=_moment(jnp.var)),
    OpDef(None, None, functional=("norm",), functional_impl=_norm, methods=("norm",)),
    OpDef("ReduceAll", _bool_reduce_prim(jnp.all), attrs=(("keep_dims", False),),
          functional=("all",), functional_impl=_bool_reduce(jnp.all), methods=("all",)),
    OpDef("ReduceAny", _bool_reduce_prim(jnp.any), attrs=(("keep_dims", False),),
          functional=("any",), functional_impl=_bool_reduce(jnp.any), methods=("any",)),
    OpDef("CumSum", _CUMSUM, attrs=(("exclusive", False), ("reverse", False)),
          functional=("cumsum",), functional_impl=_cumsum, methods=("cumsum",),
          method_impl=_cumsum_method),
    OpDef("CumProd", cumprod, attrs=(("exclusive", False), ("reverse", False)),
          functional=("cumprod",), functional_impl=_cumprod_method, methods=("cumprod",),
          method_impl=_cumprod_method),
    OpDef(None, None, functional=("logsumexp",), functional_impl=_logsumexp,
          methods=("logsumexp",)),
    OpDef(None, None, functional=("count_nonzero",), functional_impl=_count_nonzero),
    OpDef("AddN", _addn, functional=("addn",)),
    OpDef(None, None, functional=("isclose",), functional_impl=_isclose,
          methods=("isclose",)),
    # element-wise
    OpDef("Round", _round_prim, functional=("round",), functional_impl=_round,
          methods=("round",), method_impl=_round_prim),  # (x.round(0): positional there)
    _u("Trunc", jnp.trunc, ("trunc",), ("trunc",)),
    _u(None, _F(_log2), ("log2",), ("log2",)),
    _u(None, _F(_log_base(10)), ("log10",), ("log10",)),
    _u(None, _int_as_float32(cpu_math.libm(jnp.exp2, "Exp2")), ("exp2",)),
    _u(None, lambda x: angle(x, math.pi, 180.0), ("deg2rad",)),
    _u("Erfinv", _F(jax.scipy.special.erfinv), ("erfinv",), ("erfinv",)),
    _u("IsInf", jnp.isinf, ("isinf",), ("isinf",)),
    _u("LogicalXor", binary(jnp.logical_xor), ("logical_xor",), ("logical_xor",)),
    _u("BitwiseAnd", binary(jnp.bitwise_and), ("bitwise_and",), ("bitwise_and",)),
    _u("BitwiseOr", binary(jnp.bitwise_or), ("bitwise_or",), ("bitwise_or",)),
    _u("SquaredDifference", binary(lambda x, y: jnp.square(x - y))),
    _u("DivNoNan", binary(lambda x, y: jnp.where(y == 0, 0, x / jnp.where(y == 0, 1, y)))),
    OpDef(None, None, functional=("clip_by_value",), functional_impl=_clip_by_value),
    OpDef(None, None, functional=("clip_by_global_norm",),
          functional_impl=_clip_by_global_norm),
    OpDef(None, None, functional=("clip_by_norm",), functional_impl=_clip_by_norm),
    OpDef(None, None, functional=("lerp",), functional_impl=_lerp, methods=("lerp",)),
    OpDef(None, None, functional=("addcmul",), functional_impl=_addcmul,
          methods=("addcmul",)),
    OpDef(None, None, functional=("addcdiv",), functional_impl=_addcdiv,
          methods=("addcdiv",), method_impl=_addcdiv_method),
    OpDef(None, None, functional=("dense",), functional_impl=_dense),
    OpDef("BiasAdd", _bias_add_prim, attrs=(("data_format", "NCHW"),),
          functional=("bias_add",), functional_impl=lambda input_x, bias:
          _bias_add(input_x, bias)),
    OpDef(None, None, functional=("einsum",), functional_impl=_einsum),
    OpDef("Einsum", lambda inputs, equation: _einsum(equation, *inputs),
          attrs=(("equation", REQUIRED),)),
    OpDef(None, None, functional=("mm",), functional_impl=_mm),
    OpDef(None, None, functional=("outer",), functional_impl=_outer, methods=("outer",)),
    OpDef("Ger", _ger, functional=("ger",), methods=("ger",)),
    # activations
    OpDef("Softplus", cpu_math.softplus, functional=("softplus",), functional_impl=_softplus),
    # The GeLU primitive is the tanh approximation; ops.gelu defaults to the erf form.
    OpDef("GeLU", lambda x: _gelu(x, "tanh"), functional=("gelu",), functional_impl=_gelu),
    _u("FastGeLU", _fast_gelu, ("fast_gelu",)),
    OpDef(None, None, functional=("silu",), functional_impl=cpu_math.silu),
    OpDef(None, None, functional=("leaky_relu",), functional_impl=_leaky_relu),
    OpDef("CeLU", lambda x, *, alpha=1.0: _celu(x, alpha), attrs=(("alpha", 1.0),),
          functional=("celu",), functional_impl=_celu),
    OpDef("Elu", _elu_prim, attrs=(("alpha", 1.0),), functional=("elu",),
          functional_impl=_elu),
    _u("ReLU6", bprops.relu6, ("relu6",)),
    _u("HSwish", _hardswish, ("hardswish",)),
    _u("HSigmoid", _hsigmoid, ("hardsigmoid",)),
    _u("SeLU", _selu, ("selu",)),
    _u("Softsign", _softsign, ("softsign",)),
    _u("Mish", _mish, ("mish",)),
    OpDef(None, None, functional=("hardtanh",), functional_impl=_hardtanh),
    OpDef("PReLU", _prelu, functional=("prelu",)),
    OpDef("L2Normalize", _l2_normalize, attrs=(("axis", 0), ("epsilon", 1e-4))),
    OpDef(None, None, functional=("cosine_similarity",), functional_impl=_cosine_similarity),
    # losses
    OpDef(None, None, functional=("mse_loss",), functional_impl=_mse_loss),
    OpDef(None, None, functional=("l1_loss",), functional_impl=_l1_loss),
    OpDef(None, None, functional=("soft_margin_loss",), functional_impl=_soft_margin_loss),
    OpDef("SmoothL1Loss", _smooth_l1_prim, attrs=(("beta", 1.0), ("reduction", "none")),
          functional=("smooth_l1_loss",), functional_impl=_smooth_l1_loss),
    OpDef("BinaryCrossEntropy", _grad_to(2, _bce_prim), attrs=(("reduction", "mean"),),
          functional=("binary_cross_entropy",), functional_impl=_grad_to(2, _bce)),
    OpDef("SigmoidCrossEntropyWithLogits", _grad_to(1, _sigmoid_ce)),
    OpDef(None, None, functional=("binary_cross_entropy_with_logits",),
          functional_impl=_bce_with_logits),
    OpDef(None, None, functional=("cross_entropy",), functional_impl=_cross_entropy),
    OpDef("NLLLoss", _grad_to(1, _nll_prim), attrs=(("reduction", "mean"), ("ignore_index", -100)),
          functional=("nll_loss",), functional_impl=_nll_loss),
    OpDef("KLDivLoss", _grad_to(1, _kl_div_prim), attrs=(("reduction", "mean"),),
          functional=("kl_div",), functional_impl=_grad_to(1, _kl_div)),
]


# MindSpore's ``ops.operations._inner_ops`` primitives (``ops_build.INNER_PRIMITIVES``).
INNER_ROWS: list[OpDef] = [
    _u("SiLU", cpu_math.silu),
]
