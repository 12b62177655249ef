"""The op table: every MindSpore op described once.

Each ``OpDef`` row names a primitive class (``ops.MatMul``), its ``__init__`` attributes,
its functional names (``ops.matmul``), its Tensor method names (``Tensor.matmul``) and the
JAX implementations. ``ops.operations``, ``ops.functional`` and the Tensor methods are
generated from ``TABLE`` by ``ops_build.py``; nothing else defines an op.

Implementations take arrays (Tensors already unwrapped) and return arrays.
"""
from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from . import (
    bprops,
    cpu_math,
    dtypes,
    exact_div,
    jaxconfig,
    kernel_grads,
    lazy,
    linear_rounding,
    matmul_shapes,
    mixed_precision,
    reductions,
    scope,
    softmax_ce,
)
from .errors import (
    INDEX_16_64,
    INDEX_32_64,
    check_axis,
    check_dtype,
    check_reduce_axis,
    check_reshape,
    check_shape,
    concrete,
    const_vector,
    out_of_range,
    require_sequence,
)

REQUIRED = inspect.Parameter.empty  # an ``attrs`` default: the Primitive requires the argument


@dataclass(frozen=True)
class OpDef:
    name: str | None  # primitive class name; None for functional-only ops
    impl: Callable  # primitive call: impl(*inputs, **attrs)
    attrs: tuple[tuple[str, Any], ...] = ()  # primitive __init__ (name, default)
    functional: tuple[str, ...] = ()
    functional_impl: Callable | None = None  # when the functional signature differs
    methods: tuple[str, ...] = ()
    method_impl: Callable | None = None  # when the method signature differs
    extra: dict = field(default_factory=dict)


def fn_row(name: str, impl: Callable, method: bool = False) -> OpDef:
    """A functional op ``ops.<name>`` with no primitive class; ``method``: also
    ``Tensor.<name>`` with the same signature."""
    return OpDef(None, None, functional=(name,), functional_impl=impl,
                 methods=(name,) if method else ())


_F32 = np.dtype(np.float32)


def _is_intlike(x) -> bool:
    dt = getattr(x, "dtype", None)
    return dt is not None and (jnp.issubdtype(dt, jnp.integer) or dt == np.bool_)


def _scalar_fix(a, b):
    """MindSpore: a NumPy scalar operand acts like a Python number (a Float32 Tensor times
    ``np.float64(2)`` stays Float32), and an integer/bool Tensor with a Python float gives
    float32 (JAX: float64)."""
    a = a.item() if isinstance(a, np.generic) else a
    b = b.item() if isinstance(b, np.generic) else b
    if isinstance(b, float) and _is_intlike(a):
        return a, jnp.float32(b)
    if isinstance(a, float) and _is_intlike(b):
        return jnp.float32(a), b
    return a, b


def _kind(dtype) -> int:
    """Bool 0, integers 1, floats 2, complex 3: MindSpore's promotion categories."""
    if dtype == np.bool_:
        return 0
    return 1 if jnp.issubdtype(dtype, jnp.integer) else 2 if jnp.issubdtype(
        dtype, jnp.floating) else 3


def dims_first_dtype(x, y):
    """The result dtype of MindSpore's ``Mul``, ``Div`` and ``fmod`` (and what is built on
    them: the ``*`` and ``/`` operators, ``outer``, ``ldexp``) where it is not the usual
    promotion's: a 0-d Tensor beside a Tensor with dimensions of the same kind takes that
    Tensor's dtype (``float16[n] * float32[]`` is Float16, ``int8[n] * int64[]`` Int8;
    ``Add`` promotes both: Float32). None where the usual promotion decides (two 0-d
    Tensors, Tensors of different kinds). The kernel computes in the promoted dtype and
    rounds the result to this one (``float16(3.3) * float32(1.7)`` is 5.61, not 5.613)."""
    if hasattr(x, "ndim") and hasattr(y, "ndim") and (x.ndim == 0) != (y.ndim == 0) \
            and x.dtype != y.dtype and _kind(x.dtype) == _kind(y.dtype):
        return x.dtype if y.ndim == 0 else y.dtype
    return None


def _number_tensor(v):
    v = v.item() if isinstance(v, np.generic) else v
    if isinstance(v, bool):
        return jnp.asarray(v)
    if isinstance(v, int):
        return jnp.asarray(v, np.int64)
    return jnp.asarray(v, np.float32) if isinstance(v, float) else v


def numbers_as_tensors(f: Callable, positions: tuple = (0, 1)) -> Callable:
    """``ops.mul``, ``ops.div``, ``ops.fmod``, ``ops.ldexp`` and the ``Mul``/``Div``
    Primitives: a Python number operand is a 0-d Tensor of its default dtype (float
    Float32, int Int64, bool Bool) before the promotion (``dims_first_dtype``), so
    ``ops.mul(float16 0-d, 1.5)`` is Float32 while ``float16 0-d * 1.5`` and
    ``x.mul(1.5)`` keep Float16 (there the number is weak, as in JAX)."""
    try:  # (the operands may come by keyword: the wrapped function's own names)
        names = list(inspect.signature(f).parameters)[:2]
    except (TypeError, ValueError):
        names = []

    @functools.wraps(f)
    def impl(*args, **kwargs):
        args = [_number_tensor(a) if i in positions else a for i, a in enumerate(args)]
        for i, name in enumerate(names):
            if i in positions and name in kwargs:
                kwargs[name] = _number_tensor(kwargs[name])
        return f(*args, **kwargs)
    return impl


def binary(f: Callable) -> Callable:
    def impl(x, y):
        x, y = _scalar_fix(x, y)
        x, y = reductions.half_operands(x, y)  # (a Float16 operand's gradient sums in float32)
        return f(x, y)
    impl.__name__ = f.__name__
    return impl


def _int_operand(x) -> bool:
    """An integer or Bool Tensor, or a Python int or bool."""
    return _is_intlike(x) or isinstance(x, int)


def _true_div(x, y, primitive="Div"):
    x, y = _scalar_fix(x, y)
    if primitive == "Div" and (dt := dims_first_dtype(x, y)) is not None and \
            jnp.issubdtype(dt, jnp.floating):  # (RealDiv promotes; integers give Float32)
        if scope.FORWARD_MODE.get():
            return _true_div(x, y, "RealDiv").astype(dt)
        return _dims_first_div(x, y)
    if _int_operand(x) and _int_operand(y):
        return exact_div.divide(x, y, _F32, primitive, kernel_zero=True)
    if jnp.issubdtype(jnp.result_type(x, y), jnp.inexact):
        # (XLA's reciprocal rewrite is off by an ulp)
        return exact_div.divide(x, y, primitive=primitive, kernel_zero=True)
    return jnp.true_divide(x, y)




def _div(x, y, rounding_mode=None):
    """``ops.div(input, other, rounding_mode=None)``: true division, or rounded toward minus
    infinity (``"floor"``) or zero (``"trunc"``); integer inputs stay integers when rounded.
    The rounded quotient is piecewise constant: zero gradient, as MindSpore's."""
    if rounding_mode is None:
        return _true_div(x, y)
    if rounding_mode not in ("floor", "trunc"):
        raise ValueError("For ops.div, rounding_mode value should be None, 'floor' or 'trunc'.")
    x, y = _scalar_fix(x, y)
    if _int_operand(x) and _int_operand(y):
        a, b = same_dtype(x, y)
        if rounding_mode == "floor":
            return _by_zero(jnp.floor_divide, "floor")(a, b)
        return _by_zero(jax.lax.div, "min")(a, b)
    if rounding_mode == "floor":  # MindSpore's FloorDiv (5 // 0.1 is 49, not floor(50.))
        return _floor_divide(x, y)
    return jnp.trunc(_true_div(x, y))  # (the Div kernel's quotient: 1 / -0.0 is inf)


def _real_div(x, y):
    """The ``RealDiv`` primitive (``ops.tensor_div``): of two integer Tensors the quotient
    truncated toward zero in their dtype, by zero the type's max, min or 0 (``_by_zero``'s
    "floor" rule), as MindSpore's CPU kernel; else true division."""
    if _is_intlike(x) and _is_intlike(y) and not (x.dtype == np.bool_ or y.dtype == np.bool_):
        return _by_zero(jax.lax.div, "floor")(*same_dtype(x, y))
    for tensor, number in ((x, y), (y, x)):  # an integer Tensor and a Python int: Int too
        if _is_intlike(tensor) and isinstance(number, int) and not isinstance(number, bool):
            dt = np.int64 if tensor.dtype == np.bool_ else tensor.dtype
            a, b = (tensor.astype(dt), jnp.asarray(number, dt)) if tensor is x else (
                jnp.asarray(number, dt), tensor.astype(dt))
            return _by_zero(jax.lax.div, "floor")(a, b)
    return _true_div(x, y, "RealDiv")


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def _binary_power(x, n: int):
    """``x ** n`` for an integral ``n`` in [-3, 7], as MindSpore's CPU Pow kernel computes
    it: right-to-left binary exponentiation (of ``1 / x`` for negative ``n``), every product
    rounded; differentiated as its bprop is, ``n * x ** (n - 1)`` by the same kernel (NaN
    at ``0 ** 0``, as there)."""
    base = 1 / x if n < 0 else x
    result, k = None, abs(n)
    if k == 0:
        return jnp.ones_like(x)
    while k:
        if k & 1:
            result = base if result is None else linear_rounding.product(result, base)
        k >>= 1
        if k:
            base = linear_rounding.product(base, base)
    return result


@_binary_power.defjvp
def _binary_power_jvp(n, primals, tangents):
    (x,), (t,) = primals, tangents
    slope = _binary_power(x, n - 1) if n - 1 >= -3 else jnp.power(x, n - 1.0)
    return _binary_power(x, n), t * (n * slope)


def _pow(x, y):
    """``x ** y``; for integers as MindSpore's CPU kernel: the power in float64, then C's
    conversion back (``bprops.cast``: 2 ** -1 is 0, 0 ** -1 and overflows the type's
    minimum through int32/int64, narrower types wrap). A Float32 ``x`` to a Python integral
    exponent in [-3, 7] (``x ** 2``, ``ops.pow(x, 3.0)``) is the kernel's binary
    exponentiation (``_binary_power``); other exponents are JAX's ``pow`` (MindSpore's
    differs from it by an ulp in about a quarter of the elements)."""
    if (isinstance(y, (int, float)) and not isinstance(y, bool) and float(y).is_integer()
            and -3 <= y <= 7 and getattr(x, "dtype", None) == np.float32):
        return _binary_power(x, int(y))
    if _int_operand(x) and _int_operand(y) and not (
            isinstance(x, (int, bool)) and isinstance(y, (int, bool))):
        dt = jnp.result_type(x, y)
        if jnp.issubdtype(dt, jnp.integer):
            wide = jnp.power(jnp.asarray(x).astype(np.float64), jnp.asarray(y).astype(np.float64))
            return bprops.cast(wide, dt)
    if not isinstance(y, (int, float)) and jnp.issubdtype(jnp.result_type(x, y), jnp.floating):
        return _tensor_power(*bprops.scalars_as_arrays(x, y))
    return jnp.power(x, y)


@jax.custom_jvp
def _tensor_power(x, y):
    return jnp.power(x, y)


@_tensor_power.defjvp
def _tensor_power_jvp(primals, tangents):
    """JAX's derivative for the base; for the exponent MindSpore's ``out * log(x)``, 0
    where the base is 0 and the power finite (``0 ** -1`` gives ``-inf``, not NaN)."""
    (x, y), (tx, ty) = primals, tangents
    out, dx = jax.jvp(lambda a: jnp.power(a, y), (x,), (tx,))
    dy = jnp.where((x == 0) & jnp.isfinite(out), jnp.zeros_like(out), out * jnp.log(x))
    return out, dx + ty * dy


def same_dtype(x, y):
    """``x`` and ``y`` broadcast together in their promoted dtype."""
    dt = jnp.result_type(x, y)
    return jnp.broadcast_arrays(jnp.asarray(x).astype(dt), jnp.asarray(y).astype(dt))


def _float_unary(f: Callable) -> Callable:
    """Transcendental ops: MindSpore accepts floating-point inputs only."""
    def impl(x):
        if _is_intlike(x):
            raise TypeError(f"For '{f.__name__}', the input must be a Tensor of float "
                            f"dtype, but got {np.dtype(x.dtype).name}.")
        return f(x)
    impl.__name__ = f.__name__
    return impl


def _int_as_float32(f: Callable) -> Callable:
    """Ops MindSpore computes in Float32 for integer and Bool inputs (``Reciprocal``,
    ``exp2``)."""
    def impl(x):
        return f(x.astype(_F32) if _is_intlike(x) else x)
    impl.__name__ = f.__name__
    return impl


def _axis(axis):
    if axis is None:
        return None
    if isinstance(axis, (list, tuple)):
        return tuple(int(a) for a in axis) or None
    return int(axis)


def _reduce(f: Callable, name: str = "ReduceSum") -> Callable:
    """A Reduce* primitive: the result keeps the input's dtype (MindSpore's ReduceSum of
    Int8 is Int8, of Bool is Bool), unlike the functional ``ops.sum`` (Int64)."""
    def prim(x, axis=(), *, keep_dims=False, skip_mode=False):
        axes = _axis(axis)
        check_reduce_axis(name, x, axes)
        if skip_mode and x.ndim and (axes is None or len(
                {a % x.ndim for a in (axes if isinstance(axes, tuple) else (axes,))}) == x.ndim):
            raise NotImplementedError(
                "mindspore.ops.ReduceSum(skip_mode=True) over every axis (or an empty axis) is "
                "not supported by mscompat: MindSpore's CPU kernel answers with the input, "
                "the total in the input's shape or a scalar, depending on earlier calls.")
        return f(x, axis=_axis(axis), keepdims=keep_dims).astype(x.dtype)
    return prim


def mean_keeping_dtype(x, axis=None, keepdims=False):
    """MindSpore's mean keeps an integer dtype: the sum accumulates in that dtype (wrapping)
    and is divided by the count, truncated toward zero."""
    if x.dtype == np.bool_:
        raise RuntimeError("For 'ReduceMean', unsupported reduce operation for bool.")
    if jnp.issubdtype(x.dtype, jnp.floating):
        return reductions.average(x, axis=axis, keepdims=keepdims)
    if not jnp.issubdtype(x.dtype, jnp.integer):
        return jnp.mean(x, axis=axis, keepdims=keepdims)
    total = jnp.sum(x, axis=axis, keepdims=keepdims, dtype=x.dtype)
    count = max(1, x.size // max(1, total.size))
    return jax.lax.div(total, jnp.asarray(count, x.dtype))


_WIDENED = {np.dtype(t) for t in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8)}


def int_total_dtype(x):
    """The dtype of MindSpore's ``ops.sum``/``ops.prod`` of ``x``: Int64 for Bool, signed
    integers and UInt8; the other unsigned types keep theirs (wrapping); floats keep theirs."""
    dt = np.dtype(x.dtype)
    return np.dtype(np.int64) if dt in _WIDENED else (dt if dt.kind == "u" else None)


def _sum_fn(input, dim=None, keepdim=False, *, dtype=None):
    check_reduce_axis("SumExt", input, dim)
    dtype = int_total_dtype(input) if dtype is None else _np_or_none(dtype)
    if dtype is None:  # (a float keeps its dtype: MindSpore's order of the additions)
        return reductions.total(input, axis=_axis(dim), keepdims=keepdim)
    return jnp.sum(input, axis=_axis(dim), keepdims=keepdim, dtype=dtype)


def _prod_fn(x, axis=None, keepdims=False, keep_dtype=False, prim="ProdExt"):
    """``ops.prod``: integers widen to Int64 unless a ``dtype`` was asked for."""
    check_reduce_axis(prim, x, axis)
    return jnp.prod(x, axis=axis, keepdims=keepdims,
                    dtype=x.dtype if keep_dtype else int_total_dtype(x))


def _sum_method(x, axis=None, dtype=None, keepdims=False, initial=None):
    """``Tensor.sum``'s two overloads: ``sum(dim=None, keepdim=False, *, dtype=None)`` (a
    bool second argument: ``x.sum(1, True)``) and ``sum(axis=None, dtype=None,
    keepdims=False, initial=None)``."""
    if isinstance(dtype, (bool, np.bool_)):
        if keepdims is not False or initial is not None:
            raise TypeError('Failed calling sum with "sum(int, bool, mindspore.dtype)".\n'
                            "The valid calling should be:\n"
                            '"Tensor.sum(dim=None, keepdim=False, *, dtype=None)" or '
                            '"Tensor.sum(axis=None, dtype=None, keepdims=False, initial=None)"')
        dtype, keepdims = None, bool(dtype)
    check_reduce_axis("SumExt", x, axis)
    dtype = int_total_dtype(x) if dtype is None else _np_or_none(dtype)
    out = (reductions.total(x, axis=_axis(axis), keepdims=keepdims) if dtype is None
           else jnp.sum(x, axis=_axis(axis), keepdims=keepdims, dtype=dtype))
    return out if initial is None else out + initial


def _mean_fn(input, axis=None, keep_dims=False):
    check_reduce_axis("ReduceMean", input, axis)
    return mean_keeping_dtype(input, axis=_axis(axis), keepdims=keep_dims)


def _mean_method(x, axis=None, keep_dims=False, *, dtype=None):
    """``Tensor.mean(dim=None, keepdim=False, *, dtype=None)``: the input cast to ``dtype``
    first, as MindSpore's method does."""
    check_reduce_axis("MeanExt", x, axis)
    return _mean_fn(_cast_to(x, dtype), axis, keep_dims)


def _first_along(x, axis, keepdims):
    """The first element of ``x`` along the reduced ``axis`` (an int, a tuple or None)."""
    axes = range(x.ndim) if axis is None else (
        (axis,) if np.ndim(axis) == 0 else tuple(axis))
    axes = {int(a) % x.ndim for a in axes}
    first = x[tuple(slice(0, 1) if d in axes else slice(None) for d in range(x.ndim))]
    return first if keepdims else jnp.squeeze(first, tuple(axes))


def _skip_nan(f: Callable, fill: float, arg: bool = False) -> Callable:
    """MindSpore's CPU max/min and argmax/argmin start from the first element and compare
    with ``>``/``<``: a NaN after the first element never wins (``max([1, nan, 3])`` is 3;
    JAX's is nan), a NaN first always does (``max([nan, 3])`` is nan, its argmax 0)."""
    def impl(x, *args, **kwargs):
        if not jnp.issubdtype(x.dtype, jnp.floating) or "where" in kwargs:
            return f(x, *args, **kwargs)
        out = f(jnp.where(jnp.isnan(x), jnp.asarray(fill, x.dtype), x), *args, **kwargs)
        if not x.size or not x.ndim:
            return out
        axis = kwargs.get("axis", args[0] if args else None)
        first = jnp.isnan(_first_along(x, axis, kwargs.get("keepdims", False)))
        return jnp.where(first, 0 if arg else jnp.asarray(np.nan, out.dtype), out)
    impl.__name__ = f.__name__
    return impl


def _chooser(values: Callable, nan_equal: bool) -> Callable:
    """``values(x, axis=, keepdims=, initial=)`` (a max or min reduction) differentiated as
    MindSpore's ReduceMax/ReduceMin bprop: ``dout * (x == out) / count`` (ties share; a NaN
    result matches nothing, so its gradient is NaN everywhere: 0 / 0). With ``nan_equal``
    (the all-axes ``Max``/``Min`` of ``Tensor.max()``, ``ops.max(x)``, ``mint.max(x)``) a
    NaN element matches a NaN result: the gradient goes to it."""
    @functools.partial(jax.custom_jvp, nondiff_argnums=(1, 2, 3))
    def chooser(x, axis, keepdims, initial):
        return values(x, axis=axis, keepdims=keepdims, initial=initial)

    @chooser.defjvp
    def _jvp(axis, keepdims, initial, primals, tangents):
        (x,), (t,) = primals, tangents
        wide = values(x, axis=axis, keepdims=True, initial=initial)  # (one reduction)
        out = wide if keepdims else jnp.squeeze(wide, axis)
        match = x == wide
        if nan_equal:
            match = match | (jnp.isnan(x) & jnp.isnan(wide))
        count = jnp.sum(match.astype(x.dtype), axis=axis, keepdims=True)
        # (the mask as data, NaN where nothing matches: XLA folds a product with a 0/1 mask
        # into a select, which would turn MindSpore's 0 / 0 into 0)
        mask = jnp.where(match, 1, jnp.where(count == 0, np.nan, 0)).astype(x.dtype)
        return out, jnp.sum((t / count) * mask, axis=axis, keepdims=keepdims)

    def impl(x, axis=None, keepdims=False, initial=None, **kwargs):
        if (kwargs or not jnp.issubdtype(x.dtype, jnp.floating)
                or not (initial is None or isinstance(initial, (int, float)))):
            return values(x, axis=axis, keepdims=keepdims, initial=initial, **kwargs)
        if isinstance(axis, list):
            axis = tuple(axis)
        return chooser(x, axis, bool(keepdims), initial)
    impl.__name__ = values.__name__
    return impl


_max_values, _min_values = _skip_nan(jnp.max, -np.inf), _skip_nan(jnp.min, np.inf)
_max, _min = _chooser(_max_values, False), _chooser(_min_values, False)
# ``Max``/``Min`` over every axis (``Tensor.max()``, ``ops.max(x)``, ``mint.max(x)``)
ALL_AXES = {_max: _chooser(_max_values, True), _min: _chooser(_min_values, True)}
WITH_VALUE = {_max: "ArgMaxWithValue", _min: "ArgMinWithValue"}  # (the kernel along an axis)
_argmax_nan = _skip_nan(jnp.argmax, -np.inf, arg=True)
_argmin_nan = _skip_nan(jnp.argmin, np.inf, arg=True)


def selected(x, index, axis, keepdims):
    """The elements of ``x`` at ``index`` (an argmax/argmin along ``axis``): their gradient
    goes to the selected element only, as MindSpore's ArgMaxWithValue/ArgMinWithValue
    bprop sends it (ties are not shared, unlike ReduceMax's)."""
    axis = int(axis) % x.ndim
    idx = index if keepdims else jnp.expand_dims(index, axis)
    values = jnp.take_along_axis(x, idx.astype(np.int64), axis=axis)
    return values if keepdims else jnp.squeeze(values, axis)


def at_arg(x, arg: Callable, axis, keepdims):
    """(the elements of ``x`` at ``arg``'s index along ``axis``, that Int64 index): the
    ``ArgMaxWithValue``/``MaxDim`` form of max and min, whose gradient goes to the index."""
    index = arg(x, axis=axis, keepdims=keepdims).astype(np.int64)
    return selected(x, index, axis, keepdims), index


def refuse_bool_kernel(x, kernel: str) -> None:
    """The TypeError of MindSpore's CPU kernel selection for a Bool input (``ArgMaxWithValue``
    of ``x.max(axis=0)``, ``MaxDim`` of ``mint.max(x, 0)``; over all axes its RuntimeError is
    the recorded refusal, ``accepted_dtypes``)."""
    if x.dtype == np.bool_:
        raise TypeError(f"Select CPU operator[{kernel}] fail! Unsupported data type!")


_OLD_OVERLOAD = frozenset({"axis", "keepdims", "initial", "where", "return_indices"})


def with_index(reduce: Callable, arg: Callable, x, axis=None, keepdims=False, initial=None,
               where=None):
    """MindSpore's ``ops.max``/``ops.min`` (and ``Tensor.max``/``min`` with one axis or
    none): over every axis the whole-tensor extreme and index 0, with ``initial``, ``where``
    and ``keepdims`` ignored (a 0-d input is returned as it is); along one axis
    ``ArgMaxWithValue`` of the input first raised to ``initial`` (``maximum(input, initial)``)
    and, where a ``where`` mask is False, replaced by ``initial``: (values, Int64 indices),
    the gradient to the selected elements."""
    name = "max" if reduce is _max else "min"
    if not x.ndim:
        return x, jnp.zeros((), np.int64)
    if axis is None:
        if x.size == 0:
            raise ValueError(f"{name.title()} cannot deal with empty input. Please try other "
                             "inputs")
        values = ALL_AXES[reduce](x)
        return values, jnp.zeros(values.shape, np.int64)
    if initial is not None and not isinstance(initial, (int, float, np.number)):
        raise TypeError(f"For '{name}', 'initial' must be a scalar, but got {type(initial)}")
    if not isinstance(axis, (int, np.integer)):
        raise TypeError(f"For '{name}', 'axis' must be int, but got {type(axis)}")
    refuse_bool_kernel(x, WITH_VALUE[reduce])
    check_axis(WITH_VALUE[reduce], x, axis)
    if x.size == 0:
        raise ValueError(f"{WITH_VALUE[reduce]} cannot deal with empty input. Please try "
                         "other inputs")
    if initial is not None:
        extreme = bprops.maximum if reduce is _max else bprops.minimum
        x = extreme(x, jnp.full(x.shape, initial, x.dtype))
    if where is not None and (jnp.ndim(where) or not isinstance(where, (bool, np.bool_))
                              or not where):
        if initial is None:
            raise ValueError("initial value must be provided for where masks")
        x = jnp.where(jnp.broadcast_to(jnp.asarray(where, bool), x.shape), x,
                      jnp.asarray(initial, x.dtype))
    return at_arg(x, arg, axis, keepdims)


def _extreme_method(reduce: Callable, arg: Callable, overloaded: bool = False) -> Callable:
    """``Tensor.max``/``Tensor.min(axis=None, keepdims=False, *, initial=None, where=None,
    return_indices=False)``; with ``overloaded`` also MindSpore 2.10's second overload
    ``max(dim, keepdim=False)``, chosen by a positional ``dim`` (or ``dim=``/``keepdim=``)
    without the first overload's keywords: a (values, Int64 indices) pair whose gradient
    goes to the selected elements (``x.max(0)`` is a pair, ``x.max(axis=0)`` a Tensor; in
    GRAPH_MODE a positional ``dim`` selects the first overload, as there)."""
    def first(x, axis=None, keepdims=False, *, initial=None, where=None,
              return_indices=False):
        if overloaded and not isinstance(axis, (list, tuple)):
            values, index = with_index(reduce, arg, x, axis, keepdims, initial, where)
            return (values, index) if return_indices else values
        # amax/amin, or Tensor.max/min over a tuple of axes (MindSpore's reduction)
        where = None if where is True else where  # (every element: no mask)
        kw = {} if where is None else {"where": where}
        check_reduce_axis("ReduceMax" if reduce is _max else "ReduceMin", x, _axis(axis))
        out = reduce(x, axis=_axis(axis), keepdims=keepdims, initial=initial, **kw)
        if return_indices and not overloaded:
            return out, arg(x, axis=axis, keepdims=keepdims).astype(np.int64)
        return out  # (MindSpore's reduction over a tuple of axes returns no indices)

    def second(x, dim, keepdim=False):
        refuse_bool_kernel(x, WITH_VALUE[reduce])
        check_axis(WITH_VALUE[reduce], x, dim)
        return at_arg(x, arg, dim, keepdim)

    def method(x, *args, **kwargs):
        # a positional dim picks the second overload in PYNATIVE only: a GRAPH_MODE or
        # ``jit`` program resolves x.max(0) to the first
        positional = args and isinstance(args[0], (int, np.integer)) and not (
            lazy.in_program())  # (a tuple of axes: the first)
        if overloaded and x.ndim and not (_OLD_OVERLOAD & set(kwargs)) and (
                "dim" in kwargs or "keepdim" in kwargs or positional):
            return second(x, *args, **kwargs)
        return first(x, *args, **kwargs)
    return method


def _np_or_none(dtype):
    return None if dtype is None else dtypes.to_np(dtype)


def _matmul_prim(x, y, *, transpose_a=False, transpose_b=False):
    matmul_shapes.check_matmul(x, y, transpose_a, transpose_b)
    return _matmul(x, y, transpose_a=transpose_a, transpose_b=transpose_b)


def _batch_matmul(x, y, *, transpose_a=False, transpose_b=False):
    matmul_shapes.check_batch_matmul(x, y, transpose_a, transpose_b)
    return _matmul(x, y, transpose_a=transpose_a, transpose_b=transpose_b)


def matmul_ext(input, other):
    """``ops.matmul``/``Tensor.matmul``/``@``: NumPy's matmul with MindSpore's shape errors."""
    matmul_shapes.check_matmul_ext(input, other)
    return _matmul(input, other)


def _matmul(x, y, *, transpose_a=False, transpose_b=False):
    if transpose_a:
        x = jnp.swapaxes(x, -1, -2)
    if transpose_b:
        y = jnp.swapaxes(y, -1, -2)
    return jnp.matmul(x, y, precision=jaxconfig.matmul_precision())


def _like(f):
    def impl(x, dtype=None):
        return f(x, dtype=_np_or_none(dtype))
    return impl


def _fill(f, name: str):
    def impl(shape, dtype=None):
        np_dtype = dtypes.to_np(dtype) if dtype is not None else _F32
        return f(check_shape(name, shape, np.dtype(np_dtype).itemsize), np_dtype)
    return impl


def _full(dtype, shape, value):
    np_dtype = dtypes.to_np(dtype)
    return jnp.full(check_shape("Fill", shape, np.dtype(np_dtype).itemsize), value, np_dtype)


def _tile(x, *multiples, dims=None, reps=None):
    """``Tile``/``ops.tile(input, dims)``/``Tensor.tile(*dims)`` (an int, a tuple, or ints;
    by keyword ``dims``, or ``reps``, the method's deprecated name)."""
    for named in (dims, reps):
        if named is not None:
            multiples = (*multiples, named)
    if len(multiples) == 1:
        multiples = multiples[0]
    multiples = (multiples,) if isinstance(multiples, int) else tuple(multiples)
    out = tuple(d * m for d, m in zip((1,) * (len(multiples) - x.ndim) + tuple(x.shape),
                                      multiples))
    check_shape("Tile", out, x.dtype.itemsize)
    return jnp.tile(x, multiples)


def _concat_fn(tensors, axis=0):
    require_sequence(tensors, 'Failed calling Concat with "Concat(axis=int)(tensors=Tensor)".')
    return _concat(tensors, axis=axis)


def _view_dtype(x, dtype):
    """``Tensor.view(dtype)``: the same bytes read as ``dtype``; a different element size
    scales the last dimension (MindSpore's ViewDtype)."""
    target = dtypes.to_np(dtype)
    src, dst = np.dtype(x.dtype), np.dtype(target)
    names = f"{dtypes.from_np(src)} as {dtypes.from_np(dst)}"
    raw = x.astype(np.uint8) if src == np.bool_ else x
    as_bytes = dst == np.bool_
    dst_read = np.dtype(np.uint8) if as_bytes else dst
    if src.itemsize != dst.itemsize and x.ndim == 0:
        raise ValueError(f"For ViewDtype, scalar tensor (shape: ()) cannot be viewed {names} "
                         f"(different element sizes)")
    if src.itemsize > dst.itemsize:
        out = jax.lax.bitcast_convert_type(raw, dst_read)
        out = out.reshape(x.shape[:-1] + (x.shape[-1] * (src.itemsize // dst.itemsize),))
    elif src.itemsize < dst.itemsize:
        ratio = dst.itemsize // src.itemsize
        if x.shape[-1] % ratio:
            raise ValueError(f"For ViewDtype, last dimension must be divisible by {ratio} to "
                             f"view {names} (different element sizes), but got "
                             f"{x.shape[-1]}")
        grouped = raw.reshape(x.shape[:-1] + (x.shape[-1] // ratio, ratio))
        out = jax.lax.bitcast_convert_type(grouped, dst_read)
    else:
        out = jax.lax.bitcast_convert_type(raw, dst_read)
    return out != 0 if as_bytes else out


def _reshape_method(x, *shape):
    if not shape:  # (MindSpore's message; Tensor.view's reads 'Failed calling view')
        raise TypeError("reshape() missing 1 required positional argument: shape.")
    if len(shape) == 1 and isinstance(shape[0], dtypes.Type):
        return _view_dtype(x, shape[0])
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    return _reshape(x, shape)


def _reshape(x, shape):
    shape = tuple(int(d) for d in shape)
    check_reshape(shape, x.size)
    return jnp.reshape(x, shape)


def _dim_in_range(dim, ndim: int) -> int:
    if not -max(ndim, 1) <= dim < max(ndim, 1):
        raise ValueError(f"Dimension out of range (expected to be in range of "
                         f"[{-max(ndim, 1)}, {max(ndim, 1)}), but got {dim})")
    return dim % max(ndim, 1)


def _permute_method(x, *axes):
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    return jnp.transpose(x, axes or None)


def _transpose_method(x, *axes, dim0=None, dim1=None):
    """``Tensor.transpose``: in PYNATIVE MindSpore 2.10's ``transpose(dim0, dim1)`` (two
    int dims, by position or keyword, are swapped - ``x.transpose(0, 1)`` of a 2-D Tensor
    is its transpose) or ``transpose(*axes)`` (a permutation: a tuple or three or more
    ints); a GRAPH_MODE or ``jit`` program takes every form as a permutation (there
    ``x.transpose(0, 1)`` of a 2-D Tensor is the Tensor itself, and two dims of a 3-D Tensor
    are an error)."""
    if dim0 is not None or dim1 is not None:
        axes = (dim0, dim1)
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    if lazy.in_program():
        if axes and len(axes) != x.ndim:
            raise ValueError(f"'For Tensor.transpose, the number of axes must be equal to the "
                             f"dimension of Tensor, but got {len(axes)} in the number of "
                             f"axes.'")
        return jnp.transpose(x, axes or None)
    if len(axes) == 2 and all(isinstance(a, (int, np.integer)) for a in axes):
        if x.ndim == 0:
            return x
        a, b = (_dim_in_range(int(d), x.ndim) for d in axes)
        return jnp.swapaxes(x, a, b)
    return jnp.transpose(x, axes or None)


def _softmax(x, *, axis=-1):
    check_axis("Softmax", x, axis)
    return cpu_math.softmax(x, axis=axis)


def _softmax_method(x, axis, dtype=None):
    """``Tensor.softmax(axis, dtype=None)``: ``axis`` has no default in MindSpore."""
    return _softmax(_cast_to(x, dtype), axis=axis)


def _cast_to(x, dtype):
    """MindSpore's ``dtype=`` of softmax/prod: the input is cast before the operation."""
    return x if dtype is None else jnp.asarray(x).astype(dtypes.to_np(dtype))


def _extreme_fn(f: Callable) -> Callable:
    """``ops.amax/amin(input, axis=None, keepdims=False, *, initial=None, where=None)``."""
    def impl(input, axis=None, keepdims=False, *, initial=None, where=None):
        where = None if where is True else where  # (every element: no mask)
        if initial is None and where is None:
            return f(input, axis=_axis(axis), keepdims=keepdims)
        return f(input, axis=_axis(axis), keepdims=keepdims, initial=initial, where=where)
    return impl


def _log_softmax(x, *, axis=-1):
    check_axis("LogSoftmax", x, axis)
    return jax.nn.log_softmax(x, axis=axis)


@mixed_precision.keep()  # a Cell's type does not cast the input of ops.cast first
def _cast(x, dtype):
    if not isinstance(dtype, dtypes.Type):
        raise TypeError(f"For 'Cast', the input 'dtype' should be mindspore dtype, but got "
                        f"{dtype}.")
    return bprops.cast(jnp.asarray(x), dtypes.to_np(dtype))


def _same_dtypes(op: str, tensors) -> None:
    """Concat's kernel (behind ``concat``, ``hstack``, ``vstack``, ``dstack``,
    ``column_stack``, ``mint.cat``) takes one dtype: no promotion."""
    kinds = {jnp.result_type(t) for t in tensors}
    if len(kinds) > 1:
        raise RuntimeError(f"KernelMod Init Failed: {op} (all inputs must have the same "
                           f"dtype, but got {sorted(str(k) for k in kinds)}).")


def _concat(tensors, *, axis=0):
    _same_dtypes("Concat", tensors)
    shapes = [tuple(jnp.shape(t)) for t in tensors]
    if shapes and all(len(sh) == len(shapes[0]) for sh in shapes) and shapes[0]:
        rank = len(shapes[0])
        a = int(axis) % rank if -rank <= int(axis) < rank else None
        bad = next((d for sh in shapes for d in range(rank)
                    if a is not None and d != a and sh[d] != shapes[0][d]), None)
        if bad is not None:
            listed = "[const vector]{" + ", ".join(const_vector(sh) for sh in shapes) + "}"
            raise ValueError(f"For primitive[Concat], shapes of tensors must match except in "
                             f"given concat axis {a}, but got mismatch in {bad}(all input "
                             f"shapes are {listed})!")
    return jnp.concatenate(tensors, axis=axis)


def _stack(tensors, *, axis=0):
    first = dtypes.from_np(np.dtype(jnp.result_type(tensors[0]))) if len(tensors) else None
    for i, t in enumerate(tensors):
        if (dt := dtypes.from_np(np.dtype(jnp.result_type(t)))) != first:
            raise TypeError(f"All input must have the same data type!input[{i}] data type = "
                            f"Tensor[{dt}]infer_type0= Tensor[{first}]")
    return jnp.stack(tensors, axis=axis)


def flatten_axes(x, start_dim=0, end_dim=-1):
    """The axes of ``x`` from ``start_dim`` to ``end_dim`` merged into one (a 0-d ``x``
    becomes 1-d): ``ops.flatten``, ``mint.flatten`` and ``Tensor.flatten``."""
    if x.ndim == 0:
        return jnp.reshape(x, (1,))
    if x.ndim == 1:  # MindSpore returns a vector as it is (ops.flatten's start_dim=1 too)
        return x
    if not all(-x.ndim <= int(d) < x.ndim for d in (start_dim, end_dim)):
        raise ValueError("'start_dim' or 'end_dim' out of range.")
    start, end = int(start_dim) % x.ndim, int(end_dim) % x.ndim
    if start > end:
        raise ValueError("For 'flatten', 'start_dim' cannot come after 'end_dim'.")
    merged = math.prod(x.shape[start:end + 1])  # (not -1: an empty Tensor has no -1)
    return jnp.reshape(x, x.shape[:start] + (merged,) + x.shape[end + 1:])


def _flatten_method(x, start_dim=0, end_dim=-1, *, order="C"):
    """``Tensor.flatten(start_dim=0, end_dim=-1)`` (MindSpore 2.10's overload; a string
    first argument is the older ``order``, 'C' or 'F')."""
    if isinstance(start_dim, str):
        order, start_dim = start_dim, 0
    return flatten_axes(jnp.transpose(x) if order == "F" else x, start_dim, end_dim)


def _squeeze(x, *, axis=()):
    return jnp.squeeze(x, axis=_axis(axis))


def _squeeze_fn(x, axis=None):
    """``ops.squeeze``: dimensions named in ``axis`` that are not 1 are left alone."""
    axis = _axis(axis)
    if axis is None:
        return jnp.squeeze(x)
    axes = (axis,) if isinstance(axis, int) else axis
    keep = tuple(a for a in axes if x.shape[a] == 1)
    return jnp.squeeze(x, keep) if keep else x


def index_output_type(name: str, output_type) -> np.dtype:
    """``Argmax``/``Argmin``'s ``output_type``: Int32 (the default) or Int64."""
    dt = np.dtype(np.int32) if output_type is None else dtypes.to_np(output_type)
    if dt not in (np.int32, np.int64):
        raise ValueError(f"{name} error: dtype should be Int32 or Int64 but got "
                         f"{dtypes.from_np(dt)}")
    return dt


def _argmax_fn(input, axis=None, keepdims=False):
    """``ops.argmax``/``Tensor.argmax``: of a 0-d Tensor ``Tensor(0)`` whatever the axis;
    over every axis (``None``) a 0-d index, ``keepdims`` or not."""
    if not input.ndim:
        return jnp.zeros((), jnp.int64)
    return _argmax_nan(input, axis=axis, keepdims=keepdims and axis is not None)


def _argmax(x, *, axis=-1, output_type=None):
    return _argmax_nan(x, axis=axis).astype(index_output_type("Argmax", output_type))


@jax.custom_vjp
def _sparse_loss(rows, at, one_hot):
    return softmax_ce.sparse_loss(softmax_ce.sparse_probabilities(rows), at)


def _sparse_loss_fwd(rows, at, one_hot):
    p = softmax_ce.sparse_probabilities(rows)
    return softmax_ce.sparse_loss(p, at), softmax_ce.sparse_gradient(p, one_hot)


def _sparse_loss_bwd(gradient, ct):
    return gradient * ct, None, jnp.zeros_like(gradient)


_sparse_loss.defvjp(_sparse_loss_fwd, _sparse_loss_bwd)


def sparse_softmax_cross_entropy(logits, labels, *, is_grad=False):
    """``SparseSoftmaxCrossEntropyWithLogits``: the mean over the rows of ``-log
    softmax(logits)[label]``, gradient ``(softmax - one_hot) / rows`` (MindSpore's bprop;
    ``is_grad=True`` returns that gradient), as the CPU kernel computes them
    (``softmax_ce``). Labels must lie in ``[0, classes]`` (MindSpore's RuntimeError,
    checked when concrete): the kernel reads the flat position ``row * classes + label``,
    so a label equal to ``classes`` reads the next row's first class, and past the end on
    the last row (a probability of 0 there: an infinite loss)."""
    check_dtype("SparseSoftmaxCrossEntropyWithLogits", "labels", labels, INDEX_32_64)
    check_dtype("SparseSoftmaxCrossEntropyWithLogits", "logits_type(features_type)", logits,
                ("float16", "float32"))
    classes = logits.shape[-1]
    values = concrete(labels)
    if values is not None and values.size:
        flat = values.ravel()
        for bad, rule in ((flat < 0, ">= 0"), (flat > classes, "<= class_num")):
            if bad.any():
                i = int(np.argmax(bad))
                raise RuntimeError(f"For 'SparseSoftmaxCrossEntropyWithLogits' got error "
                                   f"label! label[index] must {rule}, but got index = {i} "
                                   f"label[index] = {flat[i]}")
    rows = logits.reshape(-1, classes)
    n = rows.shape[0]
    at = jnp.arange(n) * classes + labels.reshape(-1).astype(np.int32)
    # the labels' flat positions counted (a label equal to ``classes`` marks the next row's
    # first class, as the loss reads it; past the end on the last row, dropped)
    one_hot = jnp.zeros(n * classes + 1, logits.dtype).at[at].add(1)[:-1].reshape(n, classes)
    if is_grad:
        p = softmax_ce.sparse_probabilities(jax.lax.stop_gradient(rows))
        return softmax_ce.sparse_gradient(p, one_hot).reshape(logits.shape)
    return _sparse_loss(rows, at, one_hot)


def number_tensor(v):
    """A Python (or NumPy) number as MindSpore's primitives take it: a Bool, Int64 or Float32
    Tensor; anything else unchanged."""
    v = v.item() if isinstance(v, np.generic) else v
    if isinstance(v, (bool, int, float)):
        return jnp.asarray(v, np.bool_ if isinstance(v, bool) else
                           np.int64 if isinstance(v, int) else np.float32)
    return v


def _one_hot(indices, depth, on_value, off_value, *, axis=-1):
    """``ops.one_hot``: Int32/Int64 indices; on/off values of one dtype among Float16,
    Float32, Int32, Int64 (Python floats are Float32, ints Int64)."""
    check_dtype("OneHot", "indices", indices, INDEX_32_64)
    on_value, off_value = number_tensor(on_value), number_tensor(off_value)
    for arg, v in (("off_value", off_value), ("on_value", on_value)):
        check_dtype("OneHot", arg, v, ("float16", "float32", "int32", "int64"))
    if np.dtype(on_value.dtype) != np.dtype(off_value.dtype):
        raise TypeError("For primitive[OneHot], the input type must be same.")
    if int(depth) < 0:
        raise ValueError(f"For primitive[OneHot], the depth value must be greater than or "
                         f"equal to 0, but got {int(depth)}.")
    oh = jax.nn.one_hot(indices, int(depth), axis=axis, dtype=jnp.asarray(on_value).dtype)
    return oh * on_value + (1 - oh) * off_value


def _select_scalar(v, other):
    """A Python number beside ``other`` in ``ops.where``/``select``: a float is Float32 unless
    ``other`` is a float Tensor (whose dtype it takes); an int takes an integer Tensor's dtype,
    wrapping as a C cast does (2**40 in Int32 is 0)."""
    v = v.item() if isinstance(v, np.generic) else v
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return v
    odt = getattr(other, "dtype", None)
    if isinstance(v, float):
        if odt is not None and jnp.issubdtype(odt, jnp.floating):
            return jnp.asarray(v, odt)
        return jnp.float32(v)
    if odt is not None and jnp.issubdtype(odt, jnp.integer):
        return jnp.asarray(np.array(v, np.int64).astype(odt))
    if (odt is not None and jnp.issubdtype(odt, jnp.floating)) or isinstance(other, float):
        return v
    return jnp.asarray(v, np.int64)


def _select(cond, x, y):
    x, y = _select_scalar(x, y), _select_scalar(y, x)
    return jnp.where(cond, x, y)


def _gather(params, indices, axis, batch_dims=0):
    """``ops.gather``: slices of ``params`` along ``axis``; the first ``batch_dims`` axes of
    ``params`` and ``indices`` are shared batch axes (each batch gathers from its own slice)."""
    if hasattr(indices, "dtype"):
        check_dtype("Gather", "input_indices", indices, INDEX_16_64)
    axis, batch_dims = int(axis), int(batch_dims)
    if batch_dims < 0:
        batch_dims += indices.ndim
    if axis < 0:
        axis += params.ndim
    if axis < params.ndim:
        # MindSpore's kernel refuses an index out of range (traced ones read NaN: JAX's fill)
        n = params.shape[axis]
        if (bad := out_of_range(indices, -n, n)) is not None:
            raise RuntimeError(f"For 'Gather', the 'input_indices' should be in the range "
                               f"[0, {n}), but got {bad}.")
    if batch_dims == 0:
        return bprops.negative_indices_dropped(jnp.take(params, indices, axis=axis), indices,
                                               axis)
    if axis < batch_dims or batch_dims > indices.ndim:
        raise ValueError(f"For 'Gather', 'axis' should be greater than or equal to "
                         f"'batch_dims', but got axis: {axis}, batch_dims: {batch_dims}.")
    if params.shape[:batch_dims] != indices.shape[:batch_dims]:
        raise ValueError(f"For 'Gather', params.shape[:batch_dims] and "
                         f"indices.shape[:batch_dims] must be equal, but got "
                         f"{params.shape[:batch_dims]} and {indices.shape[:batch_dims]}.")
    take = functools.partial(jnp.take, axis=axis - batch_dims)
    for _ in range(batch_dims):
        take = jax.vmap(take)
    return take(params, indices)


# Ops whose Float16 results MindSpore's CPU kernels compute in float32 and round once (JAX
# evaluates their formulas in float16: 6% to 60% of the values 1-2 ulp off, exp2 up to 8);
# settled with 501 inputs per op against MindSpore 2.10.
HALF_IN_FLOAT32 = frozenset(
    "asin arcsin acos arccos asinh arcsinh acosh arccosh atanh arctanh softsign exp2 i0 "
    "elu hardsigmoid log_softmax mish softplus celu".split())


# Ops whose Float64 inputs MindSpore 2.10's CPU kernels compute in float32 (no float64
# kernel: its kernel selection converts to float32 and the results back), so their Float64
# results hold float32 values (``ops.sort`` of 1 + 1e-10 and 1 is [1, 1], the indices
# of a tie); settled against MindSpore with inputs that float32 cannot hold.
DOUBLE_IN_FLOAT32 = frozenset(
    "sort argsort msort std std_mean celu digamma log_softmax mish avg_pool2d".split())
# (``softplus`` too, in ``cpu_math.softplus``, but its ``threshold`` compares the Float64 input)
# (their Tensor methods too, but ``Tensor.std``, whose kernel computes Float64 in float64)
_DOUBLE_METHODS_IN_FLOAT64 = frozenset({"std"})


def computed_in(f: Callable, wide, narrow) -> Callable:
    """``f`` computing its ``wide``-dtype inputs in ``narrow``, its ``narrow`` results
    converted back to ``wide`` once."""
    wide, narrow = np.dtype(wide), np.dtype(narrow)

    def has(x, dtype) -> bool:  # (np.dtype("float64") == None is True: compare real dtypes)
        dt = getattr(x, "dtype", None)
        return dt is not None and dt == dtype

    @functools.wraps(f)
    def impl(*args, **kwargs):
        if not any(has(a, wide) for a in args):
            return f(*args, **kwargs)
        args = [a.astype(narrow) if has(a, wide) else a for a in args]
        return jax.tree.map(lambda r: r.astype(wide) if has(r, narrow) else r,
                            f(*args, **kwargs))
    return impl


# The Float16 gradient rules (``kernel_grads.with_half_rule``) of ops in HALF_IN_FLOAT32
HALF_GRADS = {"asinh": "Asinh", "arcsinh": "Asinh", "acosh": "Acosh",
              "arccosh": "Acosh", "atanh": "Atanh", "arctanh": "Atanh",
              "softsign": "Softsign", "exp2": "Exp2", "elu": "Elu"}


def float16_in_float32(f: Callable, grad: str | None = None) -> Callable:
    """``f`` computing Float16 inputs in float32, its float32 results rounded to Float16
    once (the rule of the ops in ``HALF_IN_FLOAT32``), differentiated by MindSpore's
    Float16 rule ``grad`` (``kernel_grads.half_graded``) if given."""
    narrowed = computed_in(f, np.float16, np.float32)
    return kernel_grads.half_graded(narrowed, grad) if grad else narrowed


def computed_in_float32(op: OpDef) -> OpDef:
    """``op`` computing Float16 in float32 when one of its functional names is in
    ``HALF_IN_FLOAT32``, Float64 in float32 when in ``DOUBLE_IN_FLOAT32``."""
    names = set(op.functional)
    grad = next((HALF_GRADS[n] for n in op.functional if n in HALF_GRADS), None)
    for table, wide in ((HALF_IN_FLOAT32, np.float16), (DOUBLE_IN_FLOAT32, np.float64)):
        if table & names:
            def wrap(f, wide=wide):
                if f is None:
                    return None
                return float16_in_float32(f, grad) if wide == np.float16 else computed_in(
                    f, wide, np.float32)
            method = op.method_impl or op.functional_impl or op.impl  # as ops_build's
            if not (wide == np.float64 and _DOUBLE_METHODS_IN_FLOAT64 & set(op.methods)):
                method = wrap(method)
            op = replace(op, impl=wrap(op.impl), functional_impl=wrap(op.functional_impl),
                         method_impl=method)
    return op


def _elementwise(name, jfn, fn=(), method=(), float_only=False, binop=False):
    impl = binary(jfn) if binop else (_float_unary(jfn) if float_only else jfn)
    return OpDef(name, impl, functional=fn, methods=method)


_U = _elementwise


def _by_zero(op, rule):
    """Integer ``op(x, y)`` with MindSpore's CPU results where ``y`` is 0 (XLA's are
    unspecified): ``"floor"`` the type's max for x > 0, min for x < 0, 0 for 0; ``"min"`` the
    type's minimum for 32- and 64-bit types, 0 for narrower ones; ``"zero"`` 0; ``"x"`` the
    dividend."""
    def impl(x, y):
        r = op(x, y)
        if not jnp.issubdtype(r.dtype, jnp.integer):
            return r
        info = jnp.iinfo(r.dtype)
        x, y = jnp.broadcast_arrays(jnp.asarray(x, r.dtype), jnp.asarray(y, r.dtype))
        if rule == "floor":
            special = jnp.where(x > 0, info.max, jnp.where(x < 0, info.min, 0))
        elif rule in ("min", "zero"):
            special = jnp.full(r.shape, info.min if rule == "min" and info.bits >= 32 else 0)
        else:
            special = x
        return jnp.where(y == 0, special.astype(r.dtype), r)
    impl.__name__ = getattr(op, "__name__", "div")
    return impl


def _rsqrt_values(x):
    return 1 / cpu_math.stored(jnp.sqrt(x))


# MindSpore's ``Rsqrt`` kernel: ``1 / sqrt(x)``, each rounded (XLA's ``rsqrt`` is not
# correctly rounded, and it would fuse the two)
_rsqrt = kernel_grads.on_cpu_float32(_rsqrt_values, "Rsqrt")


def _log1p(x):
    """MindSpore's ``Log1p`` kernel: ``log`` of ``1 + x`` rounded to the dtype first (0 for
    -0 and for ``x`` below half an ulp of 1), the logarithm itself correctly rounded."""
    if not jnp.issubdtype(x.dtype, jnp.floating):
        return jnp.log1p(x)
    one_plus = cpu_math.stored(1 + x)
    wide = np.float64 if x.dtype != np.float64 else x.dtype
    return positive_zero(jnp.log(one_plus.astype(wide)).astype(x.dtype))


def _expm1(x):
    """MindSpore's ``Expm1`` kernel: ``exp(x) - 1`` (Float32: the exponential correctly
    rounded, then the subtraction); +0 at -0."""
    if x.dtype in (np.float32, np.float16):  # (Float16: its exponential rounded to Float16)
        return _expm1_float32(x)
    return positive_zero(jnp.expm1(x))


def _expm1_values(x):
    e = cpu_math.stored(jnp.exp(x.astype(np.float64)).astype(np.float32).astype(x.dtype))
    return positive_zero(e - 1)


_expm1_float32 = kernel_grads.on_cpu_float32(_expm1_values, "Expm1")


@jax.custom_jvp
def _zeros_made_positive(r):
    return jnp.where(r == 0, jnp.zeros((), r.dtype), r)


_zeros_made_positive.defjvp(lambda primals, tangents: (_zeros_made_positive(*primals),
                                                        tangents[0]))


def positive_zero(r):
    """``r`` with its float zeros made +0, its derivative passed through (a select: XLA
    folds ``r + 0.0`` into ``r`` inside a compiled function, which would keep -0)."""
    return _zeros_made_positive(r) if jnp.issubdtype(r.dtype, jnp.floating) else r


def _floor_mod_values(x, y):
    """Floor modulo (the sign of ``y``); a zero result is +0 as in MindSpore (JAX: -0 for a
    negative ``x``); an infinite divisor gives NaN, as MindSpore's kernel (JAX: ``x``)."""
    r = positive_zero(jnp.mod(x, y))
    if jnp.issubdtype(r.dtype, jnp.floating):
        r = jnp.where(jnp.isinf(y), jnp.asarray(jnp.nan, r.dtype), r)
    return r


def _ptp(x, axis=None, keepdims=False):
    """``max - min``, each with MindSpore's NaN rule (``_skip_nan``): ``Tensor.ptp`` and
    ``mindspore.numpy.ptp``."""
    return _max(x, axis=axis, keepdims=keepdims) - _min(x, axis=axis, keepdims=keepdims)


def _is_bool(x) -> bool:
    return isinstance(x, bool) or getattr(x, "dtype", None) == np.bool_


def _bool_kept(f: Callable) -> Callable:
    """Two Bool operands (a Bool Tensor and a Bool Tensor or Python bool) give a Bool
    result (computed as Int8), as MindSpore's floor_div, remainder, fmod and the ``-``
    operator do; JAX's would be an integer or an error."""
    def impl(x, y):
        if _is_bool(x) and _is_bool(y) and not (isinstance(x, bool) and isinstance(y, bool)):
            return f(jnp.asarray(x, np.int8), jnp.asarray(y, np.int8)).astype(np.bool_)
        return f(x, y)
    impl.__name__ = f.__name__
    return impl


@_bool_kept
def _floor_divide(x, y):
    """Python's floor division: a zero quotient carries the sign of ``x / y`` (JAX: -0.0
    for -0.0 // -3); integers by zero as ``_by_zero``'s "floor"."""
    dt = jnp.result_type(x, y)
    if dt in (jnp.float16, jnp.bfloat16):  # the kernel divides in float32
        return _floor_divide(jnp.asarray(x, jnp.float32), jnp.asarray(y, jnp.float32)).astype(dt)
    r = _by_zero(jnp.floor_divide, "floor")(x, y)
    if jnp.issubdtype(r.dtype, jnp.floating):
        quotient = jax.lax.stop_gradient(jnp.true_divide(x, y))
        r = jnp.where(r == 0, jnp.copysign(jnp.zeros_like(r), quotient), r)
        # an infinite operand gives the quotient, as MindSpore's kernel (inf // 2 is inf,
        # -1 // inf is -0; NumPy's and JAX's: nan and -1)
        r = jnp.where(jnp.isinf(x) | jnp.isinf(y), quotient, r)
        # by a zero of either sign: +inf for a positive x, -inf otherwise (NaN too), 0 / 0
        # NaN, as the Div kernel (``1 // -0.0`` is inf)
        r = exact_div.by_zero(x, y, r)
    return r


def _multiply(x, y):
    """``Mul``: of a Float Tensor with dimensions and a 0-d one of another Float dtype the
    result in the first's dtype, with MindSpore's backward (``_dims_first_mul``)."""
    dt = dims_first_dtype(x, y)
    if dt is None:
        return _multiply_promoted(x, y)
    if jnp.issubdtype(dt, jnp.floating) and not scope.FORWARD_MODE.get():
        return _dims_first_mul(x, y)
    return _multiply_promoted(x, y).astype(dt)


def _multiply_promoted(x, y):
    """A Bool operand is cast to the other's dtype first, as MindSpore does (False * -2.0 is
    -0.0; JAX's multiply selects 0.0, and so does XLA for a cast Bool inside a compiled
    function unless the cast value is kept opaque)."""
    kinds = (getattr(x, "dtype", None), getattr(y, "dtype", None))
    if np.bool_ in kinds and (dt := jnp.result_type(x, y)) != np.bool_:  # rare: no cost else
        x, y = (cpu_math.stored(v.astype(dt)) if kind == np.bool_ else v
                for v, kind in zip((x, y), kinds))
    return linear_rounding.product(x, y)  # (stored: not fused into a following addition)


_MUL = binary(_multiply)  # the Mul row's rule (``x * y``, ``x.mul(y)``)


def _sum_to(v, shape: tuple, dtype):
    """``v`` summed over what broadcasting added to ``shape`` (in ``v``'s dtype, as
    MindSpore's ``binop_grad_common``), then cast to ``dtype``."""
    lead = v.ndim - len(shape)
    if v.shape != tuple(shape):  # (the product is stored in its dtype before the sum)
        v = cpu_math.stored(v)
    if lead:
        v = jnp.sum(v, axis=tuple(range(lead)))
    axes = tuple(i for i, n in enumerate(shape) if n == 1 and v.shape[i] != 1)
    if axes:
        v = jnp.sum(v, axis=axes, keepdims=True)
    return v.astype(dtype)


@jax.custom_vjp
def _dims_first_mul(x, y):
    """MindSpore's Mul of a Float16 Tensor and a 0-d Float32 one (``dims_first_dtype``):
    the product computed in Float32 and rounded to Float16; backward its bprop,
    ``dout * y`` and ``dout * x`` by the same rule, each summed to its input's shape in
    its own dtype (a Float32 scale's gradient is a Float16 sum, cast)."""
    return _multiply_promoted(x, y).astype(dims_first_dtype(x, y))


def _dims_first_mul_fwd(x, y):
    return _dims_first_mul(x, y), (x, y)


def _dims_first_mul_bwd(res, g):
    x, y = res
    return (_sum_to(_multiply(g, y), x.shape, x.dtype),
            _sum_to(_multiply(g, x), y.shape, y.dtype))


_dims_first_mul.defvjp(_dims_first_mul_fwd, _dims_first_mul_bwd)


@jax.custom_vjp
def _dims_first_div(x, y):
    """MindSpore's Div by the ``dims_first_dtype`` rule; backward its bprop, ``dout / y``
    and ``-(dout * out) / y`` by the same rules, summed to the inputs' shapes."""
    return _true_div(x, y, "RealDiv").astype(dims_first_dtype(x, y))


def _dims_first_div_fwd(x, y):
    out = _dims_first_div(x, y)
    return out, (x, y, out)


def _dims_first_div_bwd(res, g):
    x, y, out = res
    bc_x = _true_div(g, y)
    bc_y = -_true_div(_multiply(g, out), y)
    return _sum_to(bc_x, x.shape, x.dtype), _sum_to(bc_y, y.shape, y.dtype)


_dims_first_div.defvjp(_dims_first_div_fwd, _dims_first_div_bwd)


def _square(x):
    """``x * x``, the product stored (not fused into a following addition) as ``Mul``."""
    if jnp.issubdtype(x.dtype, jnp.floating):
        return linear_rounding.product(x, x)
    return jnp.square(x)


def _relu(x):
    """``x > 0 ? x : 0`` (a NaN becomes 0; gradient 0 at 0); a Bool input is its own
    result (JAX: an integer)."""
    return x if x.dtype == np.bool_ else bprops.relu(x)


_floor_mod = _by_zero(_floor_mod_values, "min")  # ``x % y`` and the FloorMod primitive


def _remainder_values(x, y):
    """``ops.remainder``: MindSpore's composite ``x - floor_divide(x, y) * y`` for floats,
    each step rounded (``remainder(5., .1)`` is 0.0999999 where FloorMod's ``5. % .1`` is
    0.09999993); the gradient w.r.t. ``y`` is ``-floor_divide(x, y)``."""
    if jnp.issubdtype(jnp.result_type(x, y), jnp.floating):
        return x - linear_rounding.product(_floor_divide(x, y), y)
    return _floor_mod_values(x, y)


_remainder = _by_zero(_remainder_values, "x")  # ``ops.remainder``


def _fmod_values(x, y):
    """``ops.fmod``: for floats MindSpore's composite ``x - div(x, y, rounding_mode="trunc")
    * y``, each step rounded (C's ``fmod``, exact, differs in the last bits of a third of
    float32 results; by a zero or an infinite divisor NaN); integers C's truncated remainder
    (the sign of ``x``), +0 for a zero result."""
    x, y = _scalar_fix(x, y)
    if jnp.issubdtype(jnp.result_type(x, y), jnp.floating):
        return x - linear_rounding.product(_div(x, y, "trunc"), y)
    return positive_zero(jnp.fmod(x, y))


_fmod = _by_zero(_fmod_values, "x")


_FMOD = binary(_bool_kept(_fmod))


def _fmod_op(input, other):
    """``ops.fmod``/``Tensor.fmod``/``mint.fmod``: a Python number is a 0-d Float32/Int64
    Tensor. A 0-d ``other``, or a number ``input``, beside a Tensor with dimensions of the
    same kind takes its dtype (``fmod(float16[n], float32[])`` and ``fmod(1.5,
    float16[n])`` are Float16); a 0-d Tensor ``input`` is promoted as usual
    (``fmod(float32[], float16[n])`` is Float32)."""
    x, y = _number_tensor(input), _number_tensor(other)
    dt = dims_first_dtype(x, y)
    if dt is None or (x.ndim == 0 and not isinstance(input, (int, float, np.generic))):
        return _FMOD(x, y)
    if x.ndim and jnp.issubdtype(dt, jnp.floating):
        # each step of the composite in x's dtype: 7.5 fmod 2.1 in Float16 is 1.199
        quotient = jnp.trunc(_true_div(x, y, "RealDiv")).astype(dt)
        return x - _multiply(quotient, y)
    return _FMOD(x, y).astype(dt)

def _subtract_rows(x, y):
    return jnp.subtract(*reductions.row_operands(x, y))


def _add_rows(x, y):
    """``x + y``; a row operand's gradient sums the rows in MindSpore's order."""
    return jnp.add(*reductions.row_operands(x, y))


_sub = binary(_bool_kept(_subtract_rows))  # ``ops.sub`` refuses Bool (ms_dtypes), ``-`` not


def _alpha_ext(input, other, alpha, subtract: bool):
    """MindSpore's ``AddExt``/``SubExt``: ``input + alpha * other`` (``-``) in the operands'
    promoted dtype. A Bool ``alpha`` needs a Bool promoted dtype (where the CPU build has no
    kernel), a float ``alpha`` a float or Bool one, else a TypeError naming the promoted
    dtype; a Bool result counts ``other`` where ``alpha`` is not 0, added as a logical or,
    subtracted as an exclusive or."""
    name = "SubExt" if subtract else "AddExt"
    x, y = _scalar_fix(input, other)
    promoted = jnp.result_type(x, y)
    got = dtypes.from_np(promoted)
    if isinstance(alpha, bool):
        if promoted != np.bool_:
            raise TypeError(f"For '{name}', boolean alpha need boolean input and other, but "
                            f"got {got} and {got}")
        raise TypeError(f"Select CPU operator[{name}] fail! Unsupported data type!")
    if promoted == np.bool_:
        scaled = jnp.logical_and(y, alpha != 0)
        return (jnp.logical_xor if subtract else jnp.logical_or)(x, scaled)
    if isinstance(alpha, float) and not jnp.issubdtype(promoted, jnp.inexact):
        raise TypeError(f"For '{name}', floating alpha need floating input and other, but got "
                        f"{got} and {got}")
    if alpha == 1:
        return _sub(x, y) if subtract else jnp.add(x, y)
    scaled = jnp.multiply(y, alpha)
    return _sub(x, scaled) if subtract else jnp.add(x, scaled)


def _add_method(input, other, *, alpha=1):
    """``Tensor.add(other, *, alpha=1)`` (``mint.add``): ``AddExt``, ``_alpha_ext``."""
    return _alpha_ext(input, other, alpha, subtract=False)


def _subtract(input, other, *, alpha=1):
    """``ops.subtract(input, other, *, alpha=1)``: ``input - alpha * other``; a float
    ``alpha`` with integer operands gives Float32, as MindSpore's. ``alpha * other`` is a
    Tensor product: a Bool ``other`` becomes Int64 (and a Python bool an int)."""
    if isinstance(other, bool):
        other = int(other)
    elif getattr(other, "dtype", None) == np.bool_ and not isinstance(alpha, float):
        other = jnp.asarray(other, np.int64)
    if alpha == 1 and not isinstance(alpha, float):
        return _sub(input, other)
    if isinstance(alpha, float) and _int_operand(input) and _int_operand(other):
        input, other = jnp.asarray(input, _F32), jnp.asarray(other, _F32)
    return _sub(input, jnp.multiply(other, alpha))


def _subtract_method(input, other, *, alpha=1):
    """``ops.sub``, ``Tensor.sub/subtract(other, *, alpha=1)`` and ``mint.sub``:
    ``SubExt`` (``_alpha_ext``); a Bool ``other`` keeps its dtype in the promotion (Int8 -
    Bool is Int8)."""
    if type(alpha) is int and alpha == 1 and not (
            getattr(input, "dtype", None) == np.bool_ and getattr(other, "dtype", None) ==
            np.bool_):
        return _sub(input, other)
    return _alpha_ext(input, other, alpha, subtract=True)


def sub(input, other):
    """``ops.sub(input, other)``: no ``alpha`` (``Tensor.sub`` and ``mint.sub`` have it;
    a TypeError names this function, as MindSpore's names its own)."""
    return _subtract_method(input, other)


def _libm_row(name, fn, functional, methods) -> OpDef:
    """A float op computed as libm's correctly rounded float32 function on the CPU and
    differentiated by MindSpore's gradient kernel of the same name (``kernel_grads``)."""
    return _U(name, cpu_math.libm(fn, name), functional, methods, float_only=True)


TABLE: list[OpDef] = [
    # element-wise unary
    _U("Neg", jnp.negative, ("neg", "negative"), ("neg", "negative")),
    _U("Abs", bprops.abs, ("abs", "absolute"), ("abs",)),
    _U("Square", _square, ("square",), ("square",)),
    OpDef("Sqrt", lambda x: kernel_grads.sqrt(x.astype(_F32) if _is_intlike(x) else x),
          functional=("sqrt",), methods=("sqrt",)),  # integer input: a Float32 result
    _U("Rsqrt", _rsqrt, ("rsqrt",), ("rsqrt",), float_only=True),
    _U("Exp", cpu_math.exp, ("exp",), ("exp",), float_only=True),
    _U("Log", cpu_math.log, ("log",), ("log",), float_only=True),
    # (-0 in, +0 out: MindSpore's kernels)
    _U("Log1p", _log1p, ("log1p",), ("log1p",), float_only=True),
    _U("Expm1", _expm1, ("expm1",), ("expm1",), float_only=True),
    _libm_row("Sin", jnp.sin, ("sin",), ("sin",)),
    _libm_row("Cos", jnp.cos, ("cos",), ("cos",)),
    _libm_row("Tan", jnp.tan, ("tan",), ("tan",)),
    _libm_row("Asin", jnp.arcsin, ("asin", "arcsin"), ("asin",)),
    _libm_row("ACos", jnp.arccos, ("acos", "arccos"), ("acos",)),
    _libm_row("Atan", jnp.arctan, ("atan", "arctan"), ("atan",)),
    _libm_row("Sinh", jnp.sinh, ("sinh",), ("sinh",)),
    _libm_row("Cosh", jnp.cosh, ("cosh",), ("cosh",)),
    _U("Tanh", cpu_math.tanh, ("tanh",), ("tanh",), float_only=True),
    _libm_row("Asinh", jnp.arcsinh, ("asinh", "arcsinh"), ("asinh",)),
    _libm_row("Acosh", jnp.arccosh, ("acosh", "arccosh"), ("acosh",)),
    _libm_row("Atanh", jnp.arctanh, ("atanh", "arctanh"), ("atanh",)),
    _U("Sigmoid", cpu_math.sigmoid, ("sigmoid",), ("sigmoid",), float_only=True),
    _U("ReLU", _relu, ("relu",), ("relu",)),
    _libm_row("Erf", jax.scipy.special.erf, ("erf",), ("erf",)),
    _U("Sign", bprops.sign, ("sign",), ("sign",)),
    _U("Floor", jnp.floor, ("floor",), ("floor",), float_only=True),
    _U("Ceil", jnp.ceil, ("ceil",), ("ceil",), float_only=True),
    # integer and Bool inputs: a Float32 result (MindSpore 2.10, all modes)
    OpDef("Reciprocal", _int_as_float32(kernel_grads.reciprocal), functional=("reciprocal",),
          methods=("reciprocal",)),
    _U("LogicalNot", jnp.logical_not, ("logical_not",), ("logical_not",)),
    _U("IsNan", jnp.isnan, ("isnan",), ("isnan",)),
    _U("IsFinite", jnp.isfinite, ("isfinite",), ("isfinite",)),
    # element-wise binary
    replace(_U("Add", _add_rows, ("add",), ("add",), binop=True),
            method_impl=_add_method),
    OpDef("Sub", _sub, functional=("sub",), methods=("sub", "subtract"),
          functional_impl=sub, method_impl=_subtract_method),
    fn_row("subtract", _subtract),
    OpDef("Mul", numbers_as_tensors(_MUL), functional=("mul", "multiply"),
          methods=("mul", "multiply"), functional_impl=numbers_as_tensors(_MUL),
          method_impl=_MUL),
    OpDef("Div", numbers_as_tensors(_true_div), functional=("div", "divide", "true_divide"),
          methods=("div", "divide", "true_divide"), functional_impl=numbers_as_tensors(_div),
          method_impl=_div),
    OpDef("RealDiv", _real_div),
    _U("FloorDiv", _floor_divide, ("floor_divide", "floor_div", "floordiv"),
       ("floor_divide",), binop=True),
    _U("FloorMod", _floor_mod, ("floor_mod", "floormod"), binop=True),
    OpDef(None, None, functional=("remainder",), functional_impl=binary(_bool_kept(_remainder)),
          methods=("remainder",)),
    OpDef(None, None, functional=("fmod",), functional_impl=_fmod_op, methods=("fmod",)),
    _U("Pow", _pow, ("pow", "power"), ("pow", "power"), binop=True),
    _U("Maximum", bprops.maximum, ("maximum",), ("maximum",), binop=True),
    _U("Minimum", bprops.minimum, ("minimum",), ("minimum",), binop=True),
    _U("Atan2", cpu_math.libm(jnp.arctan2, "Atan2"), ("atan2", "arctan2"), ("atan2",),
       binop=True),
    _U("Equal", jnp.equal, ("equal", "eq"), ("equal", "eq"), binop=True),
    _U("NotEqual", jnp.not_equal, ("not_equal", "ne"), ("not_equal", "ne"), binop=True),
    _U("Greater", jnp.greater, ("greater", "gt"), ("greater", "gt"), binop=True),
    _U("GreaterEqual", jnp.greater_equal, ("greater_equal", "ge"), ("greater_equal", "ge"),
       binop=True),
    _U("Less", jnp.less, ("less", "lt"), ("less", "lt"), binop=True),
    _U("LessEqual", jnp.less_equal, ("less_equal", "le"), ("less_equal", "le"), binop=True),
    _U("LogicalAnd", jnp.logical_and, ("logical_and",), ("logical_and",), binop=True),
    _U("LogicalOr", jnp.logical_or, ("logical_or",), ("logical_or",), binop=True),
    OpDef("MatMul", _matmul_prim, attrs=(("transpose_a", False), ("transpose_b", False)),
          functional=("matmul",), functional_impl=matmul_ext,
          methods=("matmul",), extra={"functional_shape_error": RuntimeError}),
    OpDef("BatchMatMul", _batch_matmul, attrs=(("transpose_a", False), ("transpose_b", False)),
          functional=("bmm",), functional_impl=lambda input, mat2: _batch_matmul(input, mat2)),
    # reductions
    OpDef("ReduceSum", _reduce(reductions.total),
          attrs=(("keep_dims", False), ("skip_mode", False)),
          functional=("sum",), functional_impl=_sum_fn,
          methods=("sum",), method_impl=_sum_method),
    OpDef(None, None, functional=("reduce_sum",),
          functional_impl=lambda x, axis=(): _reduce(reductions.total)(x, axis)),
    OpDef(None, None, functional=("reduce_mean",),
          functional_impl=lambda x, axis=(): _reduce(mean_keeping_dtype, "ReduceMean")(x, axis)),
    OpDef("ReduceMean", _reduce(mean_keeping_dtype, "ReduceMean"), attrs=(("keep_dims", False),),
          functional=("mean",), functional_impl=_mean_fn,
          methods=("mean",), method_impl=_mean_method),
    OpDef("ReduceMax", _reduce(_max, "ReduceMax"), attrs=(("keep_dims", False),),
          functional=("amax",), functional_impl=_extreme_fn(_max),
          methods=("amax",), method_impl=_extreme_method(_max, _argmax_nan)),
    OpDef(None, None, methods=("max",), method_impl=_extreme_method(_max, _argmax_nan, True)),
    OpDef("ReduceMin", _reduce(_min, "ReduceMin"), attrs=(("keep_dims", False),),
          functional=("amin",), functional_impl=_extreme_fn(_min),
          methods=("amin",), method_impl=_extreme_method(_min, _argmin_nan)),
    OpDef(None, None, methods=("min",), method_impl=_extreme_method(_min, _argmin_nan, True)),
    OpDef("ReduceProd", _reduce(jnp.prod, "ReduceProd"), attrs=(("keep_dims", False),),
          functional=("prod",), functional_impl=lambda input, axis=None, keep_dims=False,
          dtype=None: _prod_fn(_cast_to(input, dtype), axis=_axis(axis), keepdims=keep_dims,
                               prim="ProdExt",
                               keep_dtype=dtype is not None)),
    OpDef("Argmax", _argmax, attrs=(("axis", -1), ("output_type", dtypes.ALL["int32"])),
          functional=("argmax",), functional_impl=lambda input, dim=None, keepdim=False:
          _argmax_fn(input, dim, keepdim),
          methods=("argmax",), method_impl=lambda x, axis=None, keepdims=False:
          _argmax_fn(x, axis, keepdims)),
    # creation / like
    OpDef("OnesLike", jnp.ones_like, functional=("ones_like",),
          functional_impl=_like(jnp.ones_like)),
    OpDef("ZerosLike", jnp.zeros_like, functional=("zeros_like",),
          functional_impl=_like(jnp.zeros_like)),
    OpDef("Ones", _fill(jnp.ones, "Ones"), functional=("ones",)),
    OpDef("Zeros", _fill(jnp.zeros, "Zeros"), functional=("zeros",)),
    OpDef("Fill", _full),
    # gradient control
    OpDef("StopGradient", jax.lax.stop_gradient, functional=("stop_gradient",)),
    # shape and dtype
    OpDef("Reshape", _reshape, functional=("reshape",),
          methods=("reshape", "view"), method_impl=_reshape_method),
    OpDef("Transpose", lambda x, perm: jnp.transpose(x, tuple(perm)),
          functional=("transpose", "permute"), methods=("transpose",),
          method_impl=_transpose_method),
    OpDef(None, None, methods=("permute",), method_impl=_permute_method),
    OpDef("ExpandDims", lambda x, axis: jnp.expand_dims(x, int(axis)),
          functional=("expand_dims", "unsqueeze"), methods=("expand_dims", "unsqueeze")),
    OpDef("Squeeze", _squeeze, attrs=(("axis", ()),), functional=("squeeze",),
          functional_impl=lambda input, axis=None: _squeeze_fn(input, axis),
          # (as ``ops.squeeze``: a named axis that is not 1 is left alone)
          methods=("squeeze",), method_impl=lambda x, axis=None: _squeeze_fn(x, axis)),
    OpDef("Flatten", lambda x: jnp.reshape(x, (x.shape[0], math.prod(x.shape[1:]))),
          methods=("flatten",), method_impl=_flatten_method),
    OpDef("Tile", _tile, functional=("tile",),
          methods=("tile",)),
    OpDef("Cast", _cast, functional=("cast",)),
    OpDef("Concat", _concat, attrs=(("axis", 0),), functional=("concat", "cat"),
          functional_impl=_concat_fn),
    OpDef("Stack", _stack, attrs=(("axis", 0),), functional=("stack",),
          # (one Tensor is one element, as MindSpore takes it: a new leading axis)
          functional_impl=lambda tensors, axis=0: _stack(
              [tensors] if hasattr(tensors, "shape") else tensors, axis=axis)),
    OpDef("Select", _select, functional=("select", "where")),
    OpDef("Gather", _gather, attrs=(("batch_dims", 0),), functional=("gather",)),
    OpDef("OneHot", _one_hot, attrs=(("axis", -1),), functional=("one_hot",),
          functional_impl=lambda indices, depth, on_value=1, off_value=0, axis=-1:
          _one_hot(indices, depth, on_value, off_value, axis=axis)),
    # nn ops
    OpDef("Softmax", _softmax, attrs=(("axis", -1),), functional=("softmax",),
          functional_impl=lambda input, axis=-1, *, dtype=None:
          _softmax(_cast_to(input, dtype), axis=axis),
          methods=("softmax",), method_impl=_softmax_method),
    OpDef("LogSoftmax", _log_softmax, attrs=(("axis", -1),), functional=("log_softmax",),
          functional_impl=lambda logits, axis=-1: _log_softmax(logits, axis=axis)),
    OpDef("SoftmaxCrossEntropyWithLogits", bprops.softmax_cross_entropy),
    OpDef("SparseSoftmaxCrossEntropyWithLogits", sparse_softmax_cross_entropy,
          attrs=(("is_grad", False),)),
    OpDef(None, None, functional=("clip", "clamp"), functional_impl=bprops.clip_functional,
          methods=("clip", "clamp"), method_impl=bprops.clip),
]
