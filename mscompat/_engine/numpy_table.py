"""``mindspore.numpy`` from one table: each name maps to a ``jax.numpy`` function, or, where
MindSpore's numpy computes with an op (``sin`` is ``_apply_tensor_op(ops.sin, x)``, ``sum``
is ``ReduceSum``, ``divide`` is ``RealDiv``, ``remainder`` is ``x1 - x2 * floor(x1 / x2)``),
to that op's implementation: the same kernels, numbers and gradients as ``mindspore.ops``.

MindSpore's dtype policy is applied around the JAX call: Python ints and lists of ints are
Int32 and Python floats Float32 (not NumPy's 64-bit defaults), a 64-bit result that no 64-bit
input asked for comes back in 32 bits, and the rows marked ``keep64`` (``sum``/``argmax`` of
integers...) keep MindSpore's Int64. Every call goes through ``ops_build.call``, so it is
recorded and differentiated like any op.

Example:
    >>> import mscompat.numpy as mnp
    >>> print(mnp.arange(3).dtype, mnp.sum(mnp.arange(3)).dtype)
    Int32 Int64
"""
from __future__ import annotations

import inspect
from collections.abc import Callable

import jax
import jax.numpy as jnp
import numpy as np

from . import accepted_dtypes, bprops, cpu_math, dtypes, ms_keywords, reductions
from .numpy_dtype_rules import KEEP_INT64, RULES, THROUGH_FLOAT32, is_float, through_float32
from .op_rows_array import _tensor_take
from .op_rows_math import _cumsum_method, _moment, cumprod
from .op_table import (
    _argmax_nan,
    _argmin_nan,
    _max,
    _min,
    _real_div,  # (ops.tensor_div: RealDiv, with its own bprop)
    _squeeze_fn,
)
from .ops_build import FUNCTIONAL_IMPLS as _OPS
from .ops_build import call
from .tensor import Tensor

_I32, _F32 = np.dtype(np.int32), np.dtype(np.float32)
_WIDE = {np.dtype(np.int64): _I32, np.dtype(np.float64): _F32}


def _as_array(v):
    """Tensors to arrays; Python numbers and lists with MindSpore's 32-bit defaults."""
    if isinstance(v, Tensor):
        return v._data
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int):
        return np.int32(v) if -2**31 <= v < 2**31 else np.int64(v)
    if isinstance(v, float):
        return np.float32(v)
    if isinstance(v, (list, tuple)) and v and all(isinstance(i, Tensor) for i in v):
        return type(v)(i._data for i in v)
    if isinstance(v, dtypes.Type):
        return dtypes.to_np(v)
    if isinstance(v, tuple) and all(isinstance(i, int) for i in v):
        return v  # a shape or axes: stays static
    if isinstance(v, (list, tuple)) and v and all(isinstance(i, (int, float, bool, list,
                                                                  tuple, np.ndarray,
                                                                  np.generic)) for i in v):
        arr = np.asarray(v)
        return arr.astype(_WIDE.get(arr.dtype, arr.dtype))
    return v


def _narrow(out, wide_in: bool, keep64: bool):
    def fix(a):
        dt = getattr(a, "dtype", None)
        if dt is None or wide_in or np.dtype(dt) not in _WIDE:
            return a
        if keep64 and np.dtype(dt) == np.int64:
            return a
        return a.astype(_WIDE[np.dtype(dt)])
    if isinstance(out, (tuple, list)):
        return type(out)(fix(a) for a in out)
    return fix(out)


def _leaves(args, kwargs):
    for v in list(args) + list(kwargs.values()):
        if isinstance(v, (list, tuple)):
            yield from v
        else:
            yield v


def _impl(fn: Callable, keep64: bool) -> Callable:
    def impl(*args, **kwargs):
        wide = any(np.dtype(getattr(a, "dtype", _I32)) in _WIDE
                   for a in _leaves(args, kwargs) if hasattr(a, "dtype"))
        return _narrow(fn(*args, **kwargs), wide, keep64)
    impl.__name__ = getattr(fn, "__name__", "numpy_op")
    return impl


_ARRAY_INPUT = "input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, but got "


def _check_array_input(obj) -> None:
    """MindSpore's ``numpy.array``/``asarray`` take Python numbers, Tensors, lists and
    tuples; a NumPy array or scalar, a string or None is a TypeError."""
    if not isinstance(obj, (int, float, bool, Tensor, list, tuple)):
        raise TypeError(_ARRAY_INPUT + ("" if obj is None else f"{type(obj)}"))


def _positional_names(fn: Callable) -> list[str] | None:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return None
    return [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]


# implementations taking ``*args`` for a JAX function's parameters: that function's
_FORWARDS_TO = {"amax": jnp.max, "amin": jnp.min, "max": jnp.max, "min": jnp.min,
                "nanstd": jnp.nanstd, "nanvar": jnp.nanvar}


def _by_ms_position(name: str, ms_names: list[str], own: list[str] | None):
    """Bind positional arguments by MindSpore's signature of ``numpy.<name>`` (recorded in
    ``ms_keywords``), not the implementation's (``own``, its positional parameters):
    ``std(x, 0, 1)`` is ``ddof=1`` there, NumPy's (and JAX's) third parameter is ``dtype``.
    An argument the implementation takes at another position is passed by name; one it
    lacks stays positional (an error)."""
    if not ms_names or own is None:
        return None

    def bind(args: tuple, kwargs: dict) -> tuple[tuple, dict]:
        if len(args) > len(ms_names):
            raise TypeError(f"{name}() takes from 1 to {len(ms_names)} positional arguments "
                            f"but {len(args)} were given")
        kept = []
        for i, value in enumerate(args):
            ms_name = ms_names[i]
            in_place = i < len(own) and own[i] == ms_name
            if len(kept) == i and (i == 0 or in_place or ms_name not in own):
                kept.append(value)
            elif ms_name in kwargs:
                raise TypeError(f"{name}() got multiple values for argument '{ms_name}'")
            else:
                kwargs[ms_name] = value
        return tuple(kept), kwargs
    return bind


def _dtype_position(ms_names: list[str], target: Callable) -> int | None:
    """Where MindSpore's function takes a ``dtype`` the implementation (``target``) does not
    take by position (the element-wise functions: ``sin(x, dtype)``, ``add(x1, x2,
    dtype)``): its position, the result being cast to it afterwards, as MindSpore's
    ``_apply_tensor_op`` does."""
    if "dtype" not in ms_names:
        return None
    try:
        params = inspect.signature(target).parameters
    except (TypeError, ValueError):
        params = {}
    takes = "dtype" in params and params["dtype"].kind != inspect.Parameter.KEYWORD_ONLY
    return None if takes else ms_names.index("dtype")


def make(name: str, fn: Callable, keep64: bool = False) -> Callable:
    impl = _impl(fn, keep64)
    # MindSpore's parameter names, and the function whose signature the implementation takes
    ms_names = [n for n, _ in ms_keywords.KEYWORDS.get(f"numpy.{name}", ())]
    target = _FORWARDS_TO.get(name, fn)
    own = _positional_names(target)
    bind = _by_ms_position(name, ms_names, own)
    dtype_at = _dtype_position(ms_names, target)

    def public(*args, **kwargs):
        # leading arguments given by MindSpore's names the implementation calls otherwise
        # (``sqrt(x=t)``, ``subtract(x1=a, x2=b)``): by position
        while kwargs and len(args) < len(ms_names) and ms_names[len(args)] in kwargs and (
                not args or own is None or ms_names[len(args)] not in own):
            args = (*args, kwargs.pop(ms_names[len(args)]))
        if name in ("array", "asarray"):
            _check_array_input(args[0] if args else kwargs.get("obj", kwargs.get("a")))
        cast = None
        if dtype_at is not None:
            if len(args) > dtype_at:  # (the arguments after it: by MindSpore's names)
                kwargs = {**kwargs, **dict(zip(ms_names[dtype_at + 1:], args[dtype_at + 1:]))}
                cast, args = args[dtype_at], args[:dtype_at]
            else:
                cast = kwargs.pop("dtype", None)
        if cast is not None and not isinstance(cast, (dtypes.Type, type, np.dtype, str)):
            raise TypeError(f"For 'Cast', the input 'dtype' should be mindspore dtype, but "
                            f"got {cast}.")
        if bind is not None and len(args) > 1:
            args, kwargs = bind(args, dict(kwargs))
        out = call(impl, [_as_array(a) for a in args],
                   {k: _as_array(v) for k, v in kwargs.items()})
        return out if cast is None else out.astype(cast)
    public.__name__ = public.__qualname__ = name
    public.__doc__ = f"``mindspore.numpy.{name}`` (``jax.numpy.{getattr(fn, '__name__', name)}``"\
        " with MindSpore's dtype policy)."
    # the input dtypes MindSpore's function refuses (recorded, ``ms_dtypes``)
    return accepted_dtypes.checked(f"numpy.{name}", public)


def one_tensor(stack: Callable) -> Callable:
    """``hstack``/``vstack``/``dstack``/``column_stack``: one Tensor in place of the
    sequence is returned as it is, as MindSpore's (NumPy would iterate it)."""
    def impl(tup):
        return tup if hasattr(tup, "shape") else stack(tup)
    impl.__name__ = stack.__name__
    return impl


def _unique(x, return_inverse=False):
    """The unique values of ``x`` flattened, in the order they first appear (MindSpore's
    Unique kernel; not sorted as NumPy's), and the flat inverse indices."""
    from .op_rows_array import _unique as unique_op
    values, inverse = unique_op(jnp.ravel(x))
    return (values, inverse) if return_inverse else values


def _full(shape, fill_value, dtype=None):
    """A Python number is filled in ``dtype``; a Tensor, list or tuple ``fill_value`` is
    broadcast to ``shape`` in its own dtype, ``dtype`` unused (MindSpore's ``full``)."""
    shape = tuple(shape) if isinstance(shape, (list, tuple)) else (shape,)
    if not isinstance(fill_value, (bool, int, float, np.generic)) and 0 not in shape:
        return jnp.broadcast_to(jnp.asarray(fill_value), shape)
    return jnp.full(shape, fill_value, dtype)


def _full_like(a, fill_value, dtype=None, shape=None):
    """``full(shape or a.shape, fill_value, dtype or a.dtype)``, as MindSpore's."""
    shape = jnp.shape(a) if shape is None or shape == () or shape == [] else shape
    return _full(shape, fill_value, jnp.result_type(a) if dtype is None else dtype)


def _where(condition, x=None, y=None):
    """Both ``x`` and ``y`` are required (MindSpore's has no one-argument form)."""
    if x is None or y is None:
        raise TypeError("Expect input to be array like.")
    return jnp.where(condition, x, y)


def _array(obj, dtype=None, copy=True, ndmin=0):
    arr = jnp.asarray(obj, dtype)
    return arr.reshape((1,) * (ndmin - arr.ndim) + arr.shape) if arr.ndim < ndmin else arr


def _zeros(shape, dtype=None):
    return jnp.zeros(shape, _F32 if dtype is None else dtype)


def _ones(shape, dtype=None):
    return jnp.ones(shape, _F32 if dtype is None else dtype)


def _eye(N, M=None, k=0, dtype=None):  # noqa: N803 (NumPy's names)
    return jnp.eye(N, M, k, _F32 if dtype is None else dtype)


def _split(x, indices_or_sections, axis=0):
    return tuple(jnp.split(x, indices_or_sections, axis))


def _static_axis(axis):
    """An axis argument as the table passes it (NumPy ints and arrays) as Python ints."""
    if isinstance(axis, (np.ndarray, list, tuple)):
        return tuple(int(v) for v in np.ravel(axis))
    return None if axis is None else int(axis)


def _mean(a, axis=None, dtype=None, keepdims=False):
    """MindSpore's ``ReduceMean`` (a float mean in its CPU order, ``reductions``); a mean of
    integers stays an integer (truncated), as ``ops.mean``."""
    if dtype is None and jnp.issubdtype(a.dtype, jnp.floating):
        return reductions.average(a, axis=_static_axis(axis), keepdims=keepdims)
    out = jnp.mean(a, axis=axis, dtype=dtype, keepdims=keepdims)
    return out.astype(a.dtype) if jnp.issubdtype(a.dtype, jnp.integer) else out


def _sum(a, axis=None, dtype=None, keepdims=False, initial=None):
    """MindSpore's ``ReduceSum`` (a float sum in its CPU order, ``reductions``)."""
    if dtype is None and jnp.issubdtype(a.dtype, jnp.floating):
        out = reductions.total(a, axis=_static_axis(axis), keepdims=keepdims)
        return out if initial is None else out + initial
    if dtype is None and jnp.issubdtype(a.dtype, jnp.unsignedinteger):
        dtype = np.int64  # (``Tensor.sum`` of UInt8 is Int64)
    return jnp.sum(a, axis=axis, dtype=dtype, keepdims=keepdims, initial=initial)


def _argmin_int32(a, axis=None):
    """MindSpore numpy's ``argmin`` answers in Int32 (its ``argmax`` in Int64)."""
    return _argmin_nan(a, axis=axis).astype(np.int32)


def _count_nonzero(x, axis=None, keepdims=False):
    """``ops.count_nonzero``'s Int32 count."""
    return jnp.count_nonzero(x, axis=axis, keepdims=keepdims).astype(np.int32)


def _nancumsum(a, axis=None, dtype=None):
    """NaNs as zeros, then ``Tensor.cumsum`` (Int8/Int16/UInt8/Bool sum in Int32)."""
    if jnp.issubdtype(a.dtype, jnp.inexact):
        a = jnp.where(jnp.isnan(a), jnp.zeros_like(a), a)
    return _cumsum(a, axis, dtype)


def _cumsum(a, axis=None, dtype=None):
    """``Tensor.cumsum`` (``CumSum``: element after element for floats; with ``dtype`` the
    sums cast after, as the method does); no axis: the flattened Tensor."""
    axis = None if axis is None else _static_axis(axis)
    return _cumsum_method(a, axis, None if dtype is None else dtypes.from_np(dtype))


def _cumprod(a, axis=None, dtype=None):
    """``cumprod``: MindSpore's numpy multiplies in float32 (Float64 in float64), integers
    too, and casts back (Int8/Int16/Bool to Int32, UInt8/UInt16 to UInt32); ``CumProd``'s
    gradient rule (a zero input gives NaN)."""
    if isinstance(axis, (np.integer, np.ndarray)) and np.ndim(axis) == 0:
        axis = int(axis)  # (as the table passes a Python int)
    if axis is not None and not isinstance(axis, int):
        raise TypeError(f"integer axis is expected, but got {axis}")
    if axis is None:
        a, axis = a.reshape(-1), 0
    if not -a.ndim <= axis < a.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {a.ndim}")
    original = a.dtype
    if dtype is None:
        dtype = (np.int32 if original in (np.int8, np.int16, np.bool_) else
                 np.uint32 if original in (np.uint8, np.uint16) else original)
    work = a if original == np.float64 else a.astype(np.float32)
    return bprops.cast(cumprod(work, axis), dtype)


def _extremum(op: Callable) -> Callable:
    """``maximum``/``minimum(x1, x2, dtype=None)``: NaN wins; beside a 0-d operand (a
    Python number) the result takes the other operand's dtype (``maximum(Int32, 1.5)`` is
    Int32), as MindSpore's numpy casts it."""
    def impl(x1, x2, dtype=None):
        a, b = jnp.asarray(x1), jnp.asarray(x2)
        if a.ndim == 0 and b.ndim != 0:
            dtype = b.dtype
        elif b.ndim == 0 and a.ndim != 0:
            dtype = a.dtype
        out = op(a, b)
        return out if dtype is None else out.astype(dtype)
    impl.__name__ = op.__name__
    return impl


_maximum, _minimum = _extremum(jnp.maximum), _extremum(jnp.minimum)


def _clip(x, xmin, xmax, dtype=None):
    """``clip``: ``maximum`` with ``xmin`` then ``minimum`` with ``xmax`` (an Int32 Tensor
    clipped to 0.5..2.5 stays Int32, as MindSpore's numpy computes it)."""
    if xmin is None and xmax is None:
        raise ValueError("One of max or min must be given.")
    if xmin is not None:
        x = _maximum(x, xmin, dtype)
    if xmax is not None:
        x = _minimum(x, xmax, dtype)
    return x


# name: (jax function, keep Int64 results)
def _tensordot(a, b, axes=2):
    """``axes`` arrives as arrays (the table converts lists); JAX wants ints/tuples."""
    if isinstance(axes, (np.integer, np.ndarray)) and np.ndim(axes) == 0:
        axes = int(axes)
    if not isinstance(axes, int):
        axes = tuple(np.asarray(x).tolist() if not isinstance(x, int) else x for x in axes)
    return jnp.tensordot(a, b, axes=axes)


def _blackman(M):  # noqa: N803 (NumPy's name)
    """The Blackman window, computed in float32 as MindSpore does."""
    if M < 1:
        return jnp.zeros((0,), jnp.float32)
    if M == 1:
        return jnp.ones((1,), jnp.float32)
    n = jnp.arange(M, dtype=jnp.float32)
    step = jnp.float32(2 * np.pi) / jnp.float32(M - 1)
    return (jnp.float32(0.42) - jnp.float32(0.5) * jnp.cos(step * n)
            + jnp.float32(0.08) * jnp.cos(2 * step * n))


def _bincount(x, weights=None, minlength=0, length=None):
    """Counts (Float32, as MindSpore returns them) of each value of a 1-D non-negative int
    array; the output length needs the values unless ``length`` is given."""
    if length is None:
        if isinstance(x, jax.core.Tracer):
            raise NotImplementedError("mindspore.numpy.bincount without 'length' inside a "
                                      "compiled function is not supported by mscompat (the "
                                      "output length depends on the values).")
        length = max(int(np.max(np.asarray(x))) + 1 if x.size else 0, int(minlength))
    return jnp.bincount(x, weights, minlength=int(minlength), length=int(length)).astype(
        jnp.float32)


def _rot90(a, k=1, axes=(0, 1)):
    """``numpy.rot90(a, k=1, axes=(0, 1))`` with MindSpore's argument errors. MindSpore
    2.10's gradient through it fails (a negative stride in its bprop); mscompat gives the
    derivative (docs/divergences.md)."""
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)):
        raise TypeError(f"integer argument expected, but got {type(k)}")
    axes = tuple(int(v) for v in axes)
    if len(axes) != 2:
        raise ValueError("len(axes) must be 2.")
    for axis in axes:
        if not -a.ndim <= axis < a.ndim:
            raise ValueError(f"axis {axis} is out of bounds for array of dimension {a.ndim}")
    if axes[0] % a.ndim == axes[1] % a.ndim:
        raise ValueError("Axes must be different.")
    return jnp.rot90(a, int(k), axes)


TABLE: dict[str, tuple[Callable, bool]] = {
    "arange": (jnp.arange, False), "zeros": (_zeros, False), "ones": (_ones, False),
    "empty": (_zeros, False), "full": (_full, False), "eye": (_eye, False),
    "identity": (lambda n, dtype=None: _eye(n, dtype=dtype), False),
    "array": (_array, False), "asarray": (_array, False),
    "zeros_like": (jnp.zeros_like, False), "ones_like": (jnp.ones_like, False),
    "full_like": (_full_like, False), "empty_like": (jnp.zeros_like, False),
    "where": (_where, False), "concatenate": (jnp.concatenate, False),
    "stack": (jnp.stack, False), "hstack": (one_tensor(jnp.hstack), False),
    "vstack": (one_tensor(jnp.vstack), False),
    "tile": (jnp.tile, False), "repeat": (jnp.repeat, False),
    "expand_dims": (jnp.expand_dims, False),
    "squeeze": (lambda a, axis=None: _squeeze_fn(a, axis), False),
    "reshape": (jnp.reshape, False), "ravel": (jnp.ravel, False),
    "transpose": (jnp.transpose, False), "swapaxes": (jnp.swapaxes, False),
    "moveaxis": (jnp.moveaxis, False), "broadcast_to": (jnp.broadcast_to, False),
    "flip": (jnp.flip, False), "rot90": (_rot90, False), "split": (_split, False),
    "append": (jnp.append, False),
    "pad": (jnp.pad, False),
    # (inputs of more than one axis are flattened, as MindSpore's meshgrid does)
    "meshgrid": (lambda *a, **k: tuple(jnp.meshgrid(*(jnp.ravel(v) for v in a), **k)), False),
    "diag": (jnp.diag, False), "outer": (jnp.outer, False),
    "sum": (_sum, True), "mean": (_mean, False), "std": (_moment(jnp.std), False),
    # (MindSpore's CPU max/min: a NaN after the first element never wins; argmin is Int32)
    "var": (_moment(jnp.var), False), "amax": (_max, False), "amin": (_min, False),
    "max": (_max, False), "min": (_min, False), "argmax": (_argmax_nan, True),
    "argmin": (_argmin_int32, False), "cumsum": (_cumsum, False),
    "sqrt": (jnp.sqrt, False), "square": (jnp.square, False), "exp": (cpu_math.exp, False),
    "log": (jnp.log, False), "log1p": (jnp.log1p, False), "log2": (jnp.log2, False),
    "abs": (bprops.abs, False), "absolute": (bprops.abs, False),
    "floor": (jnp.floor, False), "round": (jnp.round, False),
    "roll": (jnp.roll, False),
    "tensordot": (_tensordot, False), "cross": (jnp.cross, False),
    "tanh": (cpu_math.tanh, False), "sin": (jnp.sin, False), "cos": (jnp.cos, False),
    "power": (jnp.power, False), "add": (jnp.add, False), "subtract": (jnp.subtract, False),
    "multiply": (jnp.multiply, False), "divide": (jnp.true_divide, False),
    "true_divide": (jnp.true_divide, False), "maximum": (_maximum, False),
    "minimum": (_minimum, False), "clip": (_clip, False), "dot": (jnp.dot, False),
    "matmul": (jnp.matmul, False), "isnan": (jnp.isnan, False), "isinf": (jnp.isinf, False),
    "isclose": (jnp.isclose, False), "logical_and": (jnp.logical_and, False),
    "logical_or": (jnp.logical_or, False), "logical_not": (jnp.logical_not, False),
    "unique": (_unique, False), "equal": (jnp.equal, False),
    "greater": (jnp.greater, False), "less": (jnp.less, False),
    "take_along_axis": (jnp.take_along_axis, False),
    "count_nonzero": (_count_nonzero, False),
    "multi_dot": (lambda arrays: jnp.linalg.multi_dot(list(arrays)), False),
    "logaddexp": (jnp.logaddexp, False),
    "copy": (jnp.array, False), "take": (_tensor_take, False),
    "greater_equal": (jnp.greater_equal, False), "less_equal": (jnp.less_equal, False),
    "cumprod": (_cumprod, False),
    "arctan": (jnp.arctan, False), "arcsin": (jnp.arcsin, False),
    "arccos": (jnp.arccos, False),
    "trapz": (jnp.trapezoid, False),
    "log10": (jnp.log10, False), "logical_xor": (jnp.logical_xor, False),
    "broadcast_arrays": (lambda *a: tuple(jnp.broadcast_arrays(*a)), False),
    "array_split": (lambda x, indices_or_sections, axis=0:
                    tuple(jnp.array_split(x, indices_or_sections, axis=axis)), False),
    "blackman": (_blackman, False),
    "bincount": (_bincount, False),
}
CONSTANTS = {"pi": np.pi, "e": np.e, "inf": np.inf, "nan": np.nan, "newaxis": None}


# MindSpore's numpy computes these with the op (``_apply_tensor_op(ops.sin, x, dtype)``):
# the same kernels, so the same numbers and gradients as ``mindspore.ops``
_SAME_AS_OPS = {
    "sqrt": "sqrt", "square": "square", "exp": "exp", "log": "log", "log2": "log2",
    "log10": "log10", "sin": "sin", "cos": "cos", "tan": "tan", "arcsin": "asin",
    "arccos": "acos", "arctan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
    "expm1": "expm1", "arctan2": "atan2", "multiply": "mul", "power": "pow",
    "arcsinh": "asinh", "arccosh": "acosh", "arctanh": "atanh",
}


def _op_kernel(fn: Callable) -> Callable:
    """``fn`` (an op's implementation) with MindSpore numpy's ``dtype=``: a cast of the
    result."""
    def run(*args, dtype=None):
        # (a Python number is a Tensor there: ``power(int8, 2)`` is Int32)
        out = fn(*(jnp.asarray(a) if isinstance(a, np.generic) else a for a in args))
        return out if dtype is None else out.astype(dtype)
    run.__name__ = getattr(fn, "__name__", "op")
    return run


# MindSpore numpy's trigonometric functions cast their input first (rule_for_trigonometric)
_TRIGONOMETRIC = frozenset({"sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh",
                            "cosh", "tanh", "arctan2", "arcsinh", "arccosh", "arctanh"})
_TRIG_DTYPE = {np.dtype(np.int8): np.float16, np.dtype(np.uint8): np.float16,
               np.dtype(np.bool_): np.float16}


def _trigonometric(fn: Callable) -> Callable:
    def run(*xs):
        xs = [x.astype(_TRIG_DTYPE.get(np.dtype(x.dtype), _F32))
              if not jnp.issubdtype(x.dtype, jnp.inexact) else x for x in map(jnp.asarray, xs)]
        return fn(*xs)
    return run


def _float32_pair(x1, x2):
    """Two operands neither of which is Float16/Float32, cast to Float32 (MindSpore numpy's
    rule for divisions: two Float64 Tensors divide in float32)."""
    if not (is_float(jnp.result_type(x1)) or is_float(jnp.result_type(x2))):
        return jnp.asarray(x1, _F32), jnp.asarray(x2, _F32)
    return x1, x2


def _divide(x1, x2):
    """RealDiv (``ops.tensor_div``), two integer operands in Float32 first."""
    return _real_div(*_float32_pair(x1, x2))


def _remainder(x1, x2, c_style=False):
    """``x1 - x2 * floor(x1 / x2)`` (``fmod``: the quotient truncated), integers in Float32,
    0 where an integer ``x2`` is 0."""
    dtype = jnp.result_type(x1, x2)
    if not is_float(dtype):  # (the promoted dtype decides here)
        x1, x2 = jnp.asarray(x1, _F32), jnp.asarray(x2, _F32)
    quotient = _real_div(x1, x2)
    floored = _OPS["floor"](quotient)
    if c_style:
        floored = jnp.where(quotient < 0, -_OPS["floor"](-quotient), floored)
    res = _OPS["sub"](x1, _OPS["mul"](x2, floored))
    if jnp.issubdtype(dtype, jnp.integer):
        res = jnp.where(x2 == 0, jnp.zeros_like(res), res)
    return res.astype(dtype)


def _cbrt(x):
    """``|x| / x * pow(|x|, 1/3)`` (NaN at 0, as MindSpore's), at least Float32."""
    x = x.astype(jnp.promote_types(x.dtype, _F32))
    magnitude = _OPS["abs"](x)
    return _OPS["mul"](_OPS["div"](magnitude, x), _OPS["pow"](magnitude, np.float32(1 / 3)))


# name -> the op composition MindSpore's numpy computes (the ops' implementations on arrays)
_COMPOSED: dict[str, Callable] = {
    "divide": _divide, "true_divide": _divide,
    "log1p": lambda x: _OPS["log"](x + 1),
    "exp2": lambda x: _OPS["pow"](2, x),
    "hypot": lambda a, b: _OPS["sqrt"](_OPS["square"](a) + _OPS["square"](b)),
    "remainder": _remainder, "mod": _remainder,
    "fmod": lambda a, b: _remainder(a, b, c_style=True),
    "cbrt": _cbrt,
    "float_power": lambda a, b: _OPS["pow"](jnp.asarray(a, _F32), jnp.asarray(b, _F32)),
}


def _kernels() -> dict[str, tuple[Callable, bool]]:
    rows = {name: (_op_kernel(_trigonometric(_OPS[op]) if name in _TRIGONOMETRIC
                              else _OPS[op]), False) for name, op in _SAME_AS_OPS.items()}
    rows.update((name, (_op_kernel(fn), name in KEEP_INT64)) for name, fn in _COMPOSED.items())
    return rows


def _functions() -> dict[str, Callable]:
    from .numpy_table_extra import TABLE as EXTRA
    from .numpy_table_more import TABLE as MORE
    rows = {**TABLE, **MORE, **EXTRA, **_kernels(),
            **{name: (fn, name in KEEP_INT64) for name, fn in RULES.items()}}
    for name, operands in THROUGH_FLOAT32.items():
        fn, keep = rows[name]
        rows[name] = (through_float32(fn, operands), keep)
    return {name: make(name, fn, keep) for name, (fn, keep) in rows.items()}


FUNCTIONS = _functions()
