"""Op-table rows for MindSpore 2.10's smaller math ops: ``addmm`` and friends, element-wise
special functions, NaN-aware and order reductions, ``cummax``/``cummin``, determinants,
``histc``/``bincount``/``searchsorted``. Each row names the functional op and the Tensor
method where MindSpore has one; values, dtypes and gradients are recorded from MindSpore
(``tests/conformance/cases/more_math.py``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.array([1.0, -2.0, 3.0], np.float32))
    >>> print(ms.ops.logaddexp(x, x))
    [ 1.6931472 -1.3068528  3.6931472]
"""
from __future__ import annotations

import functools
import math
from dataclasses import replace

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp
import numpy as np

from . import bessel, bprops, cpu_math, dtypes, exact_div, kernel_grads
from .errors import check_axis, check_reduce_axis
from .op_table import (
    OpDef,
    _argmax_nan,
    _argmin_nan,
    _is_intlike,
    _log1p,
    _max,
    _min,
    _multiply,
    _np_or_none,
    _pow,
    _tensor_power,
    at_arg,
    binary,
    fn_row,
    numbers_as_tensors,
    same_dtype,
)

_F32 = jnp.float32


def _float(x):
    """Integers and booleans compute in float32, as MindSpore's float ops do."""
    return x if jnp.issubdtype(x.dtype, jnp.inexact) else x.astype(_F32)


def _zeta(input, other):
    """Hurwitz zeta; a Python number operand takes the Tensor's dtype."""
    if not hasattr(input, "dtype"):
        input = jnp.asarray(input, _float(other).dtype)
    if not hasattr(other, "dtype"):
        other = jnp.asarray(other, _float(input).dtype)
    return _zeta_ms(_float(input), _float(other))


@jax.custom_jvp
def _zeta_ms(x, q):
    return jsp.zeta(x, q)


@_zeta_ms.defjvp
def _zeta_ms_jvp(primals, tangents):
    """MindSpore's Zeta bprop: no gradient for ``x``; ``-x * zeta(x + 1, q)`` for ``q``."""
    (x, q), (_, tq) = primals, tangents
    return _zeta_ms(x, q), -x * jsp.zeta(x + 1, q) * tq


def _log_base(base):
    """MindSpore's ``log2``/``log10``: its ``Log`` of ``x`` divided by its ``Log`` of the
    base (a one-element Tensor of ``x``'s dtype)."""
    def impl(x):
        return exact_div.divide(cpu_math.log(x), cpu_math.log(jnp.full((), base, x.dtype)),
                                x.dtype)
    impl.__name__ = f"log{base}"
    return impl


_log2 = _log_base(2)


def _logaddexp(x, y):
    """MindSpore's composite ``max(x, y) + log1p(exp(-|x - y|))``: two infinities of the
    same sign give NaN, as there (JAX: the infinity); the gradient is the composite's."""
    return bprops.maximum(x, y) + _log1p(cpu_math.exp(-bprops.abs(x - y)))


def _logaddexp2(x, y):
    """MindSpore's composite ``max(x, y) + log2(1 + 2 ** -|x - y|)``."""
    return bprops.maximum(x, y) + _log2(1 + _pow(jnp.asarray(2, x.dtype), -bprops.abs(x - y)))


def _shift(op):
    """MindSpore's CPU shifts of 32- and 64-bit integers take the count modulo the width
    (x86's rule: ``3 << 33`` is 6, ``3 << -1`` is ``3 << 31``); narrower types shift as
    int32 and keep their bits, which JAX's shifts already give."""
    def impl(x, y):
        x, y = same_dtype(x, y)
        if jnp.issubdtype(x.dtype, jnp.integer) and x.dtype.itemsize >= 4:
            y = y & (x.dtype.itemsize * 8 - 1)
        return op(x, y)
    impl.__name__ = op.__name__
    return impl


def _copysign(x, other):
    """The magnitude's float dtype is kept (Float16 stays Float16); integers give Float32."""
    x = _float(jnp.asarray(x))
    return bprops.copysign(x, jnp.asarray(other).astype(x.dtype))


def _heaviside(x, values):
    """0 below 0, ``values`` at 0, 1 above, in the promoted dtype (integers stay integers)."""
    dt = jnp.result_type(x, values)
    x = jnp.asarray(x)
    # (NaN is neither: 0, as MindSpore's kernel tests ``x > 0`` then ``x == 0``)
    return jnp.where(x > 0, 1, jnp.where(x == 0, values, 0)).astype(dt)


_POW, _MUL = binary(_pow), binary(_multiply)  # the Pow and Mul rows' rules


def _ldexp(x, other):
    """``x * 2.0 ** other`` as MindSpore composes it with its Pow and Mul (a Float16 ``x``
    with an integer ``other`` gives Float32)."""
    return _MUL(x, 2.0 ** other if isinstance(other, (int, float)) else _POW(2.0, other))


def _xlogy(x, y):
    """``x * log(y)`` as MindSpore's kernel computes it: 0 * log(0) and 0 * log(-1) are NaN
    (``jax.scipy.special.xlogy`` returns 0 wherever x is 0). A Python number is a Float32
    Tensor (``xlogy(float16, 1.5)`` is Float32), an integer Tensor takes the other's float
    dtype (``xlogy(float16, int32)`` is Float16), two Bool Tensors give Float32."""
    x, y = (jnp.asarray(v, np.float32) if isinstance(v, (int, float)) else v for v in (x, y))
    if _is_intlike(x) and _is_intlike(y):
        x, y = x.astype(np.float32), y.astype(np.float32)
    dt = jnp.result_type(x, y)
    return bprops.xlogy(x.astype(dt), y.astype(dt))


def _nansum(input, axis=None, keepdims=False, *, dtype=None):
    """Integers sum in their own dtype (wrapping), Bool in Int64, as MindSpore's NanSum."""
    if dtype is None and input.dtype != np.bool_ and jnp.issubdtype(input.dtype, jnp.integer):
        dtype = input.dtype
    dtype = np.dtype(np.int64) if dtype is None and input.dtype == np.bool_ else dtype
    if dtype is not None and jnp.issubdtype(input.dtype, jnp.floating):
        # a float input sums in its own dtype, then the total is cast (MindSpore's NanSum)
        return jnp.nansum(input, axis=axis, keepdims=keepdims).astype(_np_or_none(dtype))
    return jnp.nansum(input, axis=axis, keepdims=keepdims, dtype=_np_or_none(dtype))


def _aminmax(input, *, axis=0, keepdims=False):
    """(min, max) along ``axis``: each the element at its argmin/argmax, so the gradient goes
    to that one element (the first of ties, a NaN where there is one), as MindSpore's
    ArgMinWithValue/ArgMaxWithValue send it."""
    if axis is None or not input.ndim:
        return (_min(input, axis=axis, keepdims=keepdims),
                _max(input, axis=axis, keepdims=keepdims))
    return tuple(at_arg(input, arg, axis, keepdims)[0] for arg in (_argmin_nan, _argmax_nan))


def _check_cum_axis(primitive: str, rank: int, axis: int) -> None:
    """MindSpore's checks of a ``Cummax``/``Cummin``/``CumminExt`` axis (``Cummin``'s own
    words: a 0-d input, an axis below the range, and an IndexError above it)."""
    if primitive == "Cummin":
        if rank == 0:
            raise ValueError("For primitive[Cummin], the rank of 'x' must be greater than 0, "
                             "but got 0.")
        if axis < -rank:
            raise ValueError(f"The value of axis must be in [{-rank}, {rank}], but got {axis}.")
        if axis >= rank:
            raise IndexError("list assignment index out of range")
    elif not -rank <= axis < rank:
        raise ValueError(f"For primitive[{primitive}], the axis must be in [{-rank},{rank}), "
                         f"but got {axis}.")


def _cum_extreme(better, index_dtype):
    """``cummax``/``cummin``: (running extreme, index of the element holding it; a tie
    moves the index to the later element; a NaN is kept from where it appears, its index
    moved by each later NaN, as MindSpore's CPU kernel). MindSpore's indices: Int64 for
    cummax, Int32 for cummin."""
    def op(input, axis, primitive=None):
        _check_cum_axis(primitive or ("Cummax" if better is jnp.greater else "Cummin"),
                        input.ndim, axis)
        axis = axis % input.ndim
        idx = jax.lax.broadcasted_iota(index_dtype, input.shape, axis)

        def pick(a, b):
            (va, ia), (vb, ib) = a, b
            take_b = better(vb, va) | (vb == va)
            if jnp.issubdtype(vb.dtype, jnp.inexact):
                take_b = take_b | jnp.isnan(vb)  # a NaN holds from where it appears
            return jnp.where(take_b, vb, va), jnp.where(take_b, ib, ia)
        return jax.lax.associative_scan(pick, (input, idx), axis=axis)
    return op


def logsigmoid(x):
    """``ops.logsigmoid``: MindSpore's ``log(sigmoid(x))`` (-inf once the sigmoid underflows,
    below about -88; its gradient composed from Sigmoid's and Log's)."""
    # (stored: XLA would turn Log's dy / sigmoid into dy * (1 + exp(-x)))
    return cpu_math.log(cpu_math.stored(cpu_math.sigmoid(x)))


def log_sigmoid_cell(x):
    """``nn.LogSigmoid``: MindSpore's ``log(1 / (exp(-x) + 1))``, gradient composed."""
    return cpu_math.log(cpu_math.stored(kernel_grads.reciprocal(cpu_math.exp(-x) + 1)))


def _diff(x, n=1, axis=-1, prepend=None, append=None):
    if not x.ndim:
        raise TypeError("For 'diff', the dimension 'x' must be at least 1, but got 0")
    if n != 1:  # MindSpore 2.10 supports the first difference only
        raise RuntimeError(f"For 'diff', 'n' must be 1, but got {n}")
    return jnp.diff(x, n=n, axis=axis, prepend=prepend, append=append)


def _polygamma(n, input):
    if not isinstance(n, jax.Array):
        raise TypeError(f"For primitive[Polygamma], the input[0] should be a Tensor, but got "
                        f"{type(n).__name__}.")
    return jsp.polygamma(n, _float(input))


def _histc(input, bins=100, min=0.0, max=0.0):
    x = _float(input)
    lo, hi = float(min), float(max)
    if lo == hi:
        lo, hi = float(jnp.min(x)), float(jnp.max(x))
    if not (np.isfinite(lo) and np.isfinite(hi)):
        raise ValueError(f"For 'Histogram', range of [{lo:g}, {hi:g}] is not finite.")
    if lo > hi:
        raise ValueError(f"For 'histc', the 'min' must be less than or equal to 'max', but got "
                         f"min: {lo}, max: {hi}.")
    counts, _ = jnp.histogram(x, bins=bins, range=(lo, hi))
    # MindSpore's Histogram counts in Int32 for Int32, else in Float32 (Float16 too)
    return counts.astype(input.dtype if jnp.issubdtype(input.dtype, jnp.integer) else _F32)


def _bincount(input, weights=None, minlength=0):
    data = np.asarray(input)
    if data.size and data.min() < 0:
        raise ValueError("For 'bincount', elements of 'input' should be non-negative.")
    length = max(int(data.max()) + 1 if data.size else 0, int(minlength))
    out = jnp.bincount(input, weights=weights, length=length)
    return out.astype(_F32) if weights is None else out


def _searchsorted(sorted_sequence, values, *, out_int32=False, right=False, side=None,
                  sorter=None):
    side = side or ("right" if right else "left")
    if sorter is not None:
        sorted_sequence = jnp.take_along_axis(sorted_sequence, sorter, axis=-1)
    if sorted_sequence.ndim == 1:
        out = jnp.searchsorted(sorted_sequence, values, side=side)
    else:
        search = jax.vmap(lambda s, v: jnp.searchsorted(s, v, side=side))
        lead = sorted_sequence.shape[:-1]
        out = search(sorted_sequence.reshape(-1, sorted_sequence.shape[-1]),
                     values.reshape(-1, values.shape[-1])).reshape(lead + values.shape[-1:])
    return out.astype(jnp.int32 if out_int32 else jnp.int64)


def _median(input, axis=-1, keepdims=False, ignore_nan=False):
    """(lower median along ``axis``, its index): NaN-first like MindSpore unless
    ``ignore_nan`` (``nanmedian``). A 0-d input is its own median, at index 0."""
    check_axis("Median", input if input.ndim else input.reshape(1), axis)  # (0-d: as 1-d)
    if not input.ndim:
        return input, jnp.zeros((), jnp.int64)
    axis = axis % input.ndim
    order = jnp.argsort(input, axis=axis, stable=True)
    ranked = jnp.take_along_axis(input, order, axis=axis)
    n = input.shape[axis]
    if ignore_nan:
        count = jnp.sum(~jnp.isnan(input), axis=axis, keepdims=True)
        k = jnp.maximum((count - 1) // 2, 0)
    else:
        k = jnp.full(input.shape[:axis] + (1,) + input.shape[axis + 1:], (n - 1) // 2)
        has_nan = jnp.any(jnp.isnan(input), axis=axis, keepdims=True)
        k = jnp.where(has_nan, jnp.argmax(jnp.isnan(ranked), axis=axis, keepdims=True), k)
    values = jnp.take_along_axis(ranked, k, axis=axis)
    index = jnp.take_along_axis(order, k, axis=axis).astype(jnp.int64)
    if not keepdims:
        values, index = jnp.squeeze(values, axis), jnp.squeeze(index, axis)
    return values, index


def _check_matrix(input):
    if input.ndim != 2:
        raise RuntimeError(f"For Primitive[Trace], the rank of the input must be 2, but got "
                           f"{input.ndim}!")


def _trace(input):
    """The sum of the main diagonal of a matrix, in the input's dtype (integers wrap, as
    MindSpore's kernel sums them)."""
    _check_matrix(input)
    return jnp.trace(input, dtype=input.dtype)


def _trace_method(input, offset=0, axis1=0, axis2=1, dtype=None):
    """``Tensor.trace(offset=0, axis1=0, axis2=1, dtype=None)``: NumPy's (a diagonal of any
    two axes; of 3-D and more, one sum per remaining index), with NumPy's dtypes but Int64
    for every integer (UInt8 too) and Bool kept (whether the diagonal holds a True)."""
    if input.ndim < 2:
        _check_matrix(input)
    if dtype is not None:
        return jnp.trace(input, offset, axis1, axis2).astype(_np_or_none(dtype))
    if input.dtype == np.bool_:
        return jnp.any(jnp.diagonal(input, offset, axis1, axis2), axis=-1)
    if jnp.issubdtype(input.dtype, jnp.integer):
        return jnp.trace(input.astype(np.int64), offset, axis1, axis2)
    return jnp.trace(input, offset, axis1, axis2)


def _nan_to_num(input, nan=None, posinf=None, neginf=None):
    return jnp.nan_to_num(input, nan=0.0 if nan is None else nan, posinf=posinf, neginf=neginf)


def _quantile(ignore_nan):
    def op(input, q, axis=None, keepdims=False):
        fn = jnp.nanquantile if ignore_nan else jnp.quantile
        return fn(input, q, axis=axis, keepdims=keepdims).astype(input.dtype)
    return op


def _renorm(input, p, axis, maxnorm):
    if not jnp.issubdtype(input.dtype, jnp.inexact):
        raise TypeError(
            "For primitive[Renorm], the input argument[x] must be a type of {Tensor[Complex128]"
            ", Tensor[Complex64], Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got "
            f"Tensor[{dtypes.from_np(input.dtype)}].")
    if input.ndim == 0:
        raise RuntimeError("The Renorm input shape is zero.")
    if input.ndim == 1:
        return _renorm_1d(input, p, axis, maxnorm)
    return _renorm_values(input, p, axis, maxnorm)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2, 3))
def _renorm_1d(input, p, axis, maxnorm):
    return _renorm_values(input, p, axis, maxnorm)


@_renorm_1d.defjvp
def _renorm_1d_jvp(p, axis, maxnorm, primals, tangents):
    # MindSpore's bprop takes the norm over the axes other than ``axis``: none for 1-D
    raise ValueError("Bprop \"Renorm\" encounter a problem: [For primitive[LpNorm], the "
                     "axis size must be in (0,2), but got 0.]")


def _renorm_values(input, p, axis, maxnorm):
    if input.dtype == jnp.float16:  # (the kernel computes a Float16 input in float32)
        return _renorm_values(input.astype(jnp.float32), p, axis, maxnorm).astype(
            input.dtype)
    axes = tuple(i for i in range(input.ndim) if i != axis % input.ndim)
    norm = jnp.sum(jnp.abs(input) ** p, axis=axes, keepdims=True) ** (1.0 / p)
    # (Div's bprop: JAX's -dout * x * y**-2 overflows a Float16 gradient)
    scale = jnp.where(norm > maxnorm, exact_div.divide(maxnorm, norm + 1e-7), 1.0)
    return input * scale


def _logit(input, eps=None):
    return bprops.logit(input, None if eps is None else float(eps))


def reduce_std_variance(input, axis=None, ddof=0, keepdims=False):
    """``ops.var``/``ops.var_mean``'s variance: with ``ddof`` 0 or 1, MindSpore squares
    ``ReduceStd``'s deviation (its value one ulp from the mean square at times, its gradient
    NaN where the deviation is 0: a constant row); other ``ddof``, the mean square."""
    if isinstance(ddof, (bool, np.bool_)) or ddof in (0, 1):
        std = jnp.std(input, axis=axis, ddof=int(ddof), keepdims=keepdims)
        return std * std
    return jnp.var(input, axis=axis, ddof=ddof, keepdims=keepdims)


def _reduce_std(x, *, axis=(), unbiased=True, keep_dims=False):
    """``ops.ReduceStd(axis=(), unbiased=True, keep_dims=False)(x)``: ``(std, mean)`` over
    ``axis`` (``()``: every axis), computed in float64 on the CPU; the deviation's
    gradient is NaN where it is 0 (a constant row), as MindSpore's."""
    if isinstance(axis, bool) or not isinstance(axis, (int, tuple, list)) or (
            not isinstance(axis, int) and not all(isinstance(a, int) for a in axis)):
        raise TypeError(f"For 'ReduceStd', the type of 'axis' should be one of '[list of int, "
                        f"int, Tensor, tuple of int]', but got {type(axis)}.")
    if not jnp.issubdtype(x.dtype, jnp.floating):
        raise TypeError(f"Kernel select failed: ReduceStd takes a Float16 or Float32 input, "
                        f"not {x.dtype}.")
    axes = (axis,) if isinstance(axis, int) else tuple(axis)
    check_reduce_axis("ReduceStd", x, axes)
    axes = tuple(a % x.ndim for a in axes) if axes else None
    # (the CPU kernel's float64 steps, each result rounded once; else float32 for Float16)
    wide_dtype = np.float64 if exact_div.wide_on_cpu() else _F32
    wide = x.astype(wide_dtype) if x.dtype in (jnp.float16, jnp.float32) else x
    var = jnp.var(wide, axis=axes, ddof=int(bool(unbiased)), keepdims=keep_dims)
    std = jnp.sqrt(var.astype(jnp.promote_types(x.dtype, _F32)))  # (the root in float32)
    mean = exact_div.mean(wide, axis=axes, keepdims=keep_dims)
    return std.astype(x.dtype), mean.astype(x.dtype)


def _std_var_mean(stat):
    def op(input, axis=None, ddof=0, keepdims=False):
        axis = tuple(axis) if isinstance(axis, list) else axis
        return (stat(input, axis=axis, ddof=ddof, keepdims=keepdims),
                jnp.mean(input, axis=axis, keepdims=keepdims))
    return op


def _count_nonzero(x, axis=(), keep_dims=False, dtype=None):
    from .dtypes import to_np
    axis = None if axis == () else axis
    out = jnp.sum(x != 0, axis=axis, keepdims=keep_dims)
    return out.astype(to_np(dtype) if dtype is not None else jnp.int32)


def sinc(x):
    """``sin(pi x) / (pi x)``; a float32 ``x`` on the CPU differentiates by MindSpore's
    bprop, ``(cos(pi x) - out) / x`` (0 at 0; libm's cos of the float32 ``pi x``), bit for
    bit: JAX's derivative differs in the last bits of about half the values and is infinite
    at ``x`` = 1e-30, where MindSpore's is 0."""
    if x.dtype == np.float32 and cpu_math.cpu_float32(x):
        return _sinc_f32(x)
    return jnp.sinc(x)


@jax.custom_jvp
def _sinc_f32(x):
    return jnp.sinc(x)


@_sinc_f32.defjvp
def _sinc_f32_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    out = _sinc_f32(x)
    angle = cpu_math.stored(np.float32(np.pi) * x)
    slope = jnp.where(x == 0, np.float32(0), (kernel_grads.libm_kernel(jnp.cos)(angle) - out) / x)
    return out, slope * t


def hardshrink(input, lambd=0.5):
    return _shrink(input, float(lambd), False)


def softshrink(input, lambd=0.5):
    return _shrink(input, float(lambd), True)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2))
def _shrink(input, lambd, soft):
    if soft:
        return jnp.where(input > lambd, input - lambd,
                         jnp.where(input < -lambd, input + lambd, 0))
    return jnp.where(jnp.abs(input) > lambd, input, 0)


@_shrink.defjvp
def _shrink_jvp(lambd, soft, primals, tangents):
    # HShrinkGrad/SoftShrinkGrad: 0 inside [-lambd, lambd], dout elsewhere (NaN included)
    (x,), (t,) = primals, tangents
    inside = (x >= -lambd) & (x <= lambd)
    return _shrink(x, lambd, soft), jnp.where(inside, jnp.zeros_like(t), t)


def tanhshrink(input):
    """MindSpore's ``input - tanh(input)``, with its ``Tanh`` kernel."""
    return input - cpu_math.tanh(input)


def threshold(input, thr, value):
    return jnp.where(input > thr, input, value)


def _unary(name, fn, method=True):
    return fn_row(name, fn, method)


def angle(x, times, over):
    """MindSpore's ``x * times / over`` (``rad2deg``: 180, pi; ``deg2rad``: pi, 180): the
    Python constants taken as float32 numbers, the division exact; Float16 multiplies by
    ``times / over`` rounded to Float16."""
    if x.dtype == np.float16:
        return x * np.float16(times / over)
    return exact_div.divide(x * np.float32(times).astype(x.dtype),
                            np.float32(over).astype(x.dtype), x.dtype)


@jax.custom_jvp
def _digamma(x):
    """``digamma``, with its poles at +-0 as MindSpore gives them: -inf at +0, inf at -0
    (JAX: NaN); differentiated as MindSpore's bprop, ``polygamma(1, x)`` (inf at 0; JAX's
    derivative differs in the 6th digit)."""
    return jnp.where(x == 0, -1 / x, jsp.digamma(x))


@_digamma.defjvp
def _digamma_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _digamma(x), jsp.polygamma(1, x) * t


@jax.custom_jvp
def _lgamma(x):
    """``lgamma``, differentiated as MindSpore's bprop: ``digamma(x)`` (its value, -inf/inf
    at +0/-0; JAX's derivative differs in the 6th digit and is NaN at 0)."""
    return jsp.gammaln(x)


@_lgamma.defjvp
def _lgamma_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return _lgamma(x), _digamma(x) * t


def _frac(x):
    """MindSpore's ``Mod(x, 1)`` (the sign of ``x``, -0 kept); a Bool input gives Int64
    zeros, as MindSpore's."""
    if x.dtype == np.bool_:
        return jnp.zeros(x.shape, np.int64)
    if not jnp.issubdtype(x.dtype, jnp.floating):
        return x - x
    from .op_rows_linalg import _mod
    return _mod(x, jnp.ones((), x.dtype))


ROWS: list[OpDef] = [
    OpDef("ReduceStd", _reduce_std, attrs=(("axis", ()), ("unbiased", True),
                                           ("keep_dims", False))),
    _unary("adjoint", lambda x: jnp.conj(jnp.swapaxes(x, -1, -2))),
    _unary("aminmax", _aminmax),
    _unary("angle", jnp.angle),
    _unary("bitwise_left_shift", binary(_shift(jnp.left_shift))),
    _unary("bitwise_right_shift", binary(_shift(jnp.right_shift))),
    _unary("bitwise_xor", binary(jnp.bitwise_xor)),
    _unary("copysign", binary(_copysign)),
    _unary("cov", lambda input, *, correction=1, fweights=None, aweights=None: jnp.cov(
        input.astype(_F32) if input.dtype == np.float16 else input, ddof=correction,
        fweights=fweights, aweights=aweights)),  # Float16 computed (and given) in float32
    _unary("cummax", _cum_extreme(jnp.greater, jnp.int64)),
    _unary("cummin", _cum_extreme(jnp.less, jnp.int32)),
    _unary("det", jnp.linalg.det),
    _unary("logdet", lambda input: jnp.log(jnp.linalg.det(input))),
    _unary("slogdet", lambda input: tuple(jnp.linalg.slogdet(input))),
    _unary("diagflat", lambda input, offset=0: jnp.diagflat(input, k=offset)),
    _unary("diff", _diff),
    _unary("digamma", lambda input: _digamma(_float(input))),
    _unary("lgamma", lambda input: _lgamma(_float(input))),
    _unary("i0", lambda input: bessel.bessel_i0(_float(input))),
    _unary("fliplr", jnp.fliplr),
    _unary("flipud", jnp.flipud),
    _unary("float_power", lambda input, exponent: _tensor_power(  # (``pow``'s gradients)
        jnp.asarray(input, jnp.float64), jnp.asarray(exponent, jnp.float64))),
    _unary("fmax", binary(bprops.fmax)),
    _unary("fmin", binary(bprops.fmin)),
    _unary("frac", _frac),
    _unary("gcd", jnp.gcd),
    _unary("lcm", jnp.lcm),
    _unary("heaviside", binary(_heaviside)),
    _unary("histc", _histc),
    _unary("bincount", _bincount),
    _unary("hypot", binary(bprops.hypot)),
    _unary("inner", jnp.inner),
    _unary("isneginf", jnp.isneginf),
    _unary("isposinf", jnp.isposinf),
    _unary("isreal", jnp.isreal),
    _unary("ldexp", numbers_as_tensors(_ldexp)),
    _unary("logaddexp", binary(_logaddexp)),
    _unary("logaddexp2", binary(_logaddexp2)),
    _unary("logcumsumexp", lambda input, axis: jax.lax.cumlogsumexp(input, axis=axis)),
    _unary("logit", _logit),
    _unary("matrix_power", lambda input, n: jnp.linalg.matrix_power(input, n)),
    _unary("median", _median),
    _unary("nanmedian", lambda input, axis=-1, keepdims=False: _median(input, axis, keepdims,
                                                                       True)),
    _unary("mvlgamma", lambda input, p: jsp.multigammaln(input, p)),
    _unary("nan_to_num", _nan_to_num),
    _unary("nanmean", lambda input, axis=None, keepdims=False, *, dtype=None: jnp.nanmean(
        input, axis=axis, keepdims=keepdims)),
    _unary("nansum", _nansum),
    _unary("positive", lambda input: input),
    _unary("quantile", _quantile(False)),
    _unary("nanquantile", _quantile(True)),
    _unary("rad2deg", lambda x: angle(x, 180.0, math.pi)),
    _unary("renorm", _renorm),
    # (the Tensor method is NumPy's: Int32 indices)
    replace(_unary("searchsorted", _searchsorted), method_impl=lambda input, v, side="left",
            sorter=None: _searchsorted(input, v, side=side, sorter=sorter, out_int32=True)),
    _unary("sgn", lambda x: jnp.sign(x) if jnp.iscomplexobj(x) else bprops.sign(x)),
    _unary("signbit", lambda input: input < 0),  # MindSpore: -0.0 is not signed
    _unary("sinc", lambda input: sinc(_float(input))),
    replace(_unary("trace", _trace), method_impl=_trace_method),
    _unary("xlogy", binary(_xlogy)),
    _unary("msort", lambda input: jnp.sort(input, axis=0)),
    _unary("hardshrink", hardshrink),
    _unary("softshrink", softshrink, False),
    _unary("tanhshrink", tanhshrink, False),
    _unary("threshold", threshold, False),
    _unary("logsigmoid", logsigmoid, False),
    _unary("count_nonzero", _count_nonzero),
    _unary("std_mean", _std_var_mean(jnp.std), False),
    _unary("var_mean", _std_var_mean(reduce_std_variance), False),
    _unary("polygamma", _polygamma, False),
    _unary("zeta", _zeta, False),
]
