"""MindSpore's refusal of input dtypes its kernels do not have, applied before computing.

``ms_dtypes`` (recorded from MindSpore by ``tools/record_dtypes.py``) lists, for each
functional op and Tensor method, the input dtypes (unary) or (first, second) operand pairs
(binary) MindSpore refuses, with the exception class it raises: ``ops.exp`` of an Int32
Tensor is a TypeError, ``ops.mean`` of a Bool Tensor a RuntimeError, ``ops.matmul`` of
Float32 and Int32 a TypeError, where JAX would compute. ``install`` wraps every recorded
name once (functions, Tensor methods and operators, Primitive classes; ``mint`` functions
through ``checked`` when ``mint_rows`` builds them); a name with nothing refused is left as
it is. A row's own kernel-selection TypeError (``Select CPU operator[...]``, raised by the
form called: ``x.max(axis=0)`` of Bool) wins over the class recorded for the plain call.

>>> import numpy as np
>>> import mscompat as ms
>>> try:
...     ms.ops.exp(ms.Tensor(np.array([1, 2], np.int32)))
... except TypeError as e:
...     print(type(e).__name__)
TypeError
"""
from __future__ import annotations

import functools
import inspect
from collections.abc import Callable

import jax.numpy as jnp
import numpy as np

from . import mixed_precision, ms_dtypes, ms_keywords
from .parameter import Parameter

_AMP = mixed_precision._ACTIVE

_CODES = {np.dtype(t): c for t, c in (
    (np.bool_, "b"), (np.int8, "i8"), (np.int16, "i16"), (np.int32, "i32"),
    (np.int64, "i64"), (np.uint8, "u8"), (np.uint16, "u16"), (np.uint32, "u32"),
    (np.uint64, "u64"), (np.float16, "f16"), (np.float32, "f32"), (np.float64, "f64"),
    (jnp.bfloat16, "bf16"), (np.complex64, "c64"), (np.complex128, "c128"))}
_NAMES = {"b": "Bool", "i8": "Int8", "i16": "Int16", "i32": "Int32", "i64": "Int64",
          "u8": "UInt8", "u16": "UInt16", "u32": "UInt32", "u64": "UInt64",
          "f16": "Float16", "f32": "Float32", "f64": "Float64", "bf16": "BFloat16",
          "c64": "Complex64", "c128": "Complex128", "pf": "float", "pi": "int", "pb": "bool",
          "z": "a 0-d Tensor"}
_TENSOR_CODES = ("b", "i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64", "f16", "f32", "f64",
                 "bf16", "c64", "c128")
_ERRORS = {"TypeError": TypeError, "RuntimeError": RuntimeError,
           "AttributeError": AttributeError}


def code(value) -> str | None:
    """The dtype code of an operand: a Tensor's dtype, or a Python scalar's type."""
    data = getattr(value, "_data", None)
    if data is not None:
        dtype = getattr(data, "dtype", None)
        return None if dtype is None else _CODES.get(dtype)
    if isinstance(value, bool):
        return "pb"
    if isinstance(value, int):
        return "pi"
    if isinstance(value, float):
        return "pf"
    return None


def _binary_table(recorded: dict[str, str]) -> dict[tuple[str, str], type]:
    table = {}
    for err, groups in recorded.items():
        for group in groups.split():
            first, _, seconds = group.partition(":")
            for second in seconds.split(","):
                table[(first, second)] = _ERRORS[err]
    return table


def _operand(args: tuple, kwargs: dict, index: int, params: tuple[str, ...]):
    if len(args) > index:
        return args[index]
    return kwargs.get(params[index]) if len(params) > index else None


def _refuse(qualname: str, err: type, codes: tuple[str, ...], params: tuple[str, ...],
            own_error: Callable | None = None):
    """Raise ``err``; with the row's own message when ``own_error`` (the row called on the
    refused operands) raises the same class (the row knows MindSpore's wording)."""
    if own_error is not None:
        try:
            own_error()
        except err:
            raise
        except (TypeError, RuntimeError) as e:
            if str(e).startswith("Select CPU operator["):
                raise  # the row's kernel-selection error: the form called picks its kernel
        except Exception:  # noqa: BLE001 - another failure: the recorded class wins
            pass
    names = params or ("input", "other")
    got = ", ".join(f"'{names[i] if i < len(names) else i}' {_NAMES[c]}"
                    for i, c in enumerate(codes))
    raise err(f"For '{qualname}', MindSpore's CPU kernels do not support the input dtype "
              f"({got}).")


def refuse_input(qualname: str, x) -> None:
    """Raise MindSpore's exception when the Tensor ``x`` has a dtype ``qualname`` refuses
    (the element-wise nn Cells: ``nn.Tanh``, ``nn.Softmax``...); under mixed precision the
    Cell's inputs are cast first, so nothing is refused there."""
    unary = ms_dtypes.UNARY.get(qualname)
    if unary is None or _AMP.get() is not None:
        return
    c = code(x)
    if c in unary and unary[c] in _ERRORS:
        _refuse(qualname, _ERRORS[unary[c]], (c,), ("input",))


_ZERO_D_AS_IS = frozenset(("ops.max", "ops.min", "Tensor.max", "Tensor.min"))
_PYTHON_MAX_KEYWORDS = frozenset(("axis", "keepdims", "initial", "where", "return_indices"))


def checked(qualname: str, fn: Callable, method: bool = False,
            primitive: bool = False) -> Callable:
    """``fn`` refusing the dtypes MindSpore refuses for ``qualname`` (``ops.exp``,
    ``Tensor.exp``, ``P.Exp`` for a Primitive's ``__call__``); ``fn`` itself when MindSpore
    refuses none. A ``dtype`` keyword (the op computes in another dtype) skips the check."""
    unary = ms_dtypes.UNARY.get(qualname)
    binary = ms_dtypes.BINARY.get(qualname)
    if (unary is None and binary is None) or not inspect.isfunction(fn):
        return fn  # nothing refused, or a Primitive instance (``ops.tensor_add``)
    recorded = ms_keywords.KEYWORDS.get(qualname, ())
    params = tuple(n for n, _ in recorded)
    if method:
        params = ("self", *params)
    if primitive:  # the operands follow the Primitive instance
        params = ("primitive", "x", "y")
    first = 1 if primitive else 0
    name = qualname.rpartition(".")[2]
    in_place = name.endswith("_") and not name.endswith("__")  # ``Tensor.exp_``

    def own(args, kwargs):
        """The row's own call, for its message; never for an in-place method or with a
        Parameter operand (``ops.assign``, ``P.AssignAdd`` would write before failing)."""
        if in_place or any(isinstance(a, Parameter) for a in (*args, *kwargs.values())):
            return None
        return lambda: fn(*args, **kwargs)

    if unary is not None:
        refused = {c: _ERRORS[e] for c, e in unary.items() if e in _ERRORS}

        def check(args, kwargs):
            c = code(_operand(args, kwargs, first, params))
            if c in refused:
                _refuse(qualname, refused[c], (c,), params[first:], own(args, kwargs))
    else:
        pairs = _binary_table(binary)
        # A second parameter no Tensor of the probe's shape fits (every Tensor dtype
        # refused: an axis, a depth) was probed with a 0-d Int64 Tensor too, refused as
        # ``z`` (``ops.expand_dims(x, Tensor(0))`` is taken, ``ops.split(x, Tensor(2))`` not)
        scalar_second = {a for a in _TENSOR_CODES
                         if all((a, b) in pairs for b in _TENSOR_CODES)}

        def check(args, kwargs):
            second = _operand(args, kwargs, first + 1, params)
            key = (code(_operand(args, kwargs, first, params)), code(second))
            if key[0] in scalar_second and getattr(second, "ndim", None) == 0 and \
                    np.dtype(getattr(second._data, "dtype", None)).kind in "iu":
                key = (key[0], "z")
            if key in pairs:
                _refuse(qualname, pairs[key], key, params[first:], own(args, kwargs))

    # MindSpore's Python ``max``/``min`` returns a 0-d input as it is, before any kernel:
    # ``ops.max`` always, the method when a keyword selects that overload (``x.max()`` and
    # ``x.max(0, True)`` are C++ overloads whose kernels refuse Bool)
    as_is = qualname in _ZERO_D_AS_IS

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        if as_is and (not method or not _PYTHON_MAX_KEYWORDS.isdisjoint(kwargs)) and \
                getattr(_operand(args, kwargs, first, params), "ndim", None) == 0:
            return fn(*args, **kwargs)
        # A Cell under mixed precision casts its ops' float inputs first (mixed_precision.
        # op_inputs, inside the call): the dtypes seen here are not the kernel's.
        if kwargs.get("dtype") is None and _AMP.get() is None:
            check(args, kwargs)
        return fn(*args, **kwargs)
    wrapper.unchecked = fn  # for aliases with other rules (``mint``'s PyTorch dtypes)
    return wrapper


def install(functionals: dict[str, Callable], tensor_cls: type,
            primitives: dict[str, type]) -> None:
    """Wrap the recorded ``ops.<name>`` in ``functionals``, ``Tensor.<name>`` methods and
    the ``__call__`` of the Primitive classes (``ops.Exp()(x)``)."""
    for name, fn in list(functionals.items()):
        functionals[name] = checked(f"ops.{name}", fn)
    for qualname in (*ms_dtypes.UNARY, *ms_dtypes.BINARY):
        owner, _, name = qualname.partition(".")
        if owner == "P" and name in primitives:
            cls = primitives[name]
            cls.__call__ = checked(qualname, cls.__call__, primitive=True)
    for name in {q.partition(".")[2] for q in (*ms_dtypes.UNARY, *ms_dtypes.BINARY)
                 if q.startswith("Tensor.")}:
        fn = tensor_cls.__dict__.get(name)
        if callable(fn):
            setattr(tensor_cls, name, checked(f"Tensor.{name}", fn, method=True))
