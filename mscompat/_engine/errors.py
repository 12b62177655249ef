"""The error contract: which exception class MindSpore raises for which fault.

Settled against MindSpore 2.10 and applied by the checks in the engine:

| fault | class |
| --- | --- |
| an argument of the wrong Python type (a str where a Tensor goes, a float axis) | TypeError |
| a Tensor of an unsupported dtype for the op (``check_dtype``) | TypeError |
| a bad value or shape (negative dimension, mismatched shapes, an out-of-range axis) | ValueError |
| ``ops.matmul`` with mismatched shapes (the functional form) | RuntimeError |
| an integer index past the end | IndexError |
| a Tensor index past the end | RuntimeError (a concrete index is checked, ``concrete``; |
| | a traced one reads NaN) |
| a shape whose size overflows ``size_t`` | ValueError (checked before XLA sees it) |
| out of device memory | RuntimeError (XLA's RESOURCE_EXHAUSTED) |
| a MindSpore API mscompat lacks | NotImplementedError (``unsupported.MissingAPIError``) |

JAX's TypeError/IndexError for shapes and axes are translated by ``translate``.
``check_shape`` is called where a shape comes from the user (creation ops, ``Tensor(shape=...)``,
initializers, ``tile``), so XLA never aborts the process on an impossible allocation.

Example:
    >>> try:
    ...     check_shape("Zeros", (2**33, 2**33), 4)
    ... except ValueError as e:
    ...     print(type(e).__name__)
    ValueError
"""
from __future__ import annotations

import operator
import re
from functools import reduce

_SIZE_T_MAX = 2**64 - 1
# XLA refuses (by aborting the process) shapes whose byte size does not fit in int64.
_XLA_MAX_BYTES = 2**63 - 1


def check_shape(op: str, shape, itemsize: int) -> tuple:
    """``shape`` as a tuple of ints, or MindSpore's ValueError/TypeError for a bad one."""
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    for i, d in enumerate(shape):
        if isinstance(d, bool) or not isinstance(d, int):
            try:
                d = operator.index(d)
            except TypeError:
                raise TypeError(f"For '{op}', the shape must be a tuple of int, but got "
                                f"{type(d).__name__} at position {i}.") from None
        if d < 0:
            raise ValueError(f"For primitive[{op}], the {i}th dimension of input shape must be "
                             f"greater than or equal to 0, but got {d}.")
    size = reduce(operator.mul, (int(d) for d in shape), 1)
    if size * itemsize > _SIZE_T_MAX:
        raise ValueError(f"The product value of shape {shape} exceeds the maximum value of "
                         f"size_t: {_SIZE_T_MAX}")
    if size * itemsize > _XLA_MAX_BYTES:
        raise ValueError(f"For '{op}', the shape {shape} needs {size * itemsize} bytes, more "
                         f"than can be allocated.")
    return tuple(int(d) for d in shape)


# JAX reports shape mismatches as TypeError (and out-of-range axes as IndexError); MindSpore
# raises ValueError for both. ``translate`` maps them; ``ops_build.call`` applies it to every op.
_SHAPE_TYPE_ERROR = re.compile(
    r"incompatible shapes|contracting dimensions|cannot reshape|permutation|"
    r"Cannot concatenate|same shape|must have shape|broadcast|\brank\b", re.IGNORECASE)
_ARGUMENT_ERROR = re.compile(r"required positional argument|unexpected keyword argument")
_AXIS_ERROR = re.compile(r"axis .* out of bounds|out of bounds for axis|axis .* is out of "
                         r"range|tuple index out of range", re.IGNORECASE)
_INDEXING_OPS = ("getitem", "setitem")  # their IndexErrors are MindSpore's IndexErrors


_TENSOR_AS_PYTHON_VALUE = ("Non-hashable static arguments are not supported",
                           "Passing an array as a dtype argument is no longer supported")


def translate(e: Exception, op: str, shape_error: type = ValueError,
              label: str | None = None) -> Exception | None:
    """MindSpore's exception for the JAX exception ``e`` raised by ``op`` (called as
    ``label``: ``ops.add``, ``Tensor.__add__``, ``prim.Add``), or None."""
    text = str(e).split("\n")[0]
    if isinstance(e, ValueError) and text.startswith(_TENSOR_AS_PYTHON_VALUE):
        # a Tensor where the op needs a Python value (an int ``k``, an axis, a dtype):
        # MindSpore checks the argument's type, a TypeError
        return TypeError(f"For '{label or op}', an argument that must be a Python value (an "
                         f"int, a tuple of ints or a dtype) got a Tensor.")
    if isinstance(e, ValueError):  # JAX's own broadcast check: only MindSpore's wording
        from .broadcast_errors import message
        found = message(label, text)
        return None if found is None else ValueError(found)
    if isinstance(e, TypeError) and _SHAPE_TYPE_ERROR.search(text) and \
            not _ARGUMENT_ERROR.search(text):
        from .broadcast_errors import message
        return shape_error(message(label, text) or f"For '{op}', {text}")
    if isinstance(e, IndexError) and op not in _INDEXING_OPS and _AXIS_ERROR.search(text):
        return ValueError(f"For '{op}', {text}")
    return None


def require_sequence(value, message: str, error: type = TypeError) -> None:
    """MindSpore's refusal of one Tensor where a list or tuple of Tensors is required;
    ``{type}`` in ``message`` is MindSpore's rendering of the value's class."""
    if not isinstance(value, (list, tuple)):
        kind = "<class 'mindspore.common.tensor.Tensor'>" if hasattr(value, "shape") \
            else str(type(value))
        raise error(message.format(type=kind))


def const_vector(values) -> str:
    """MindSpore's C++ rendering of a shape or index in its messages (``[const vector]{2, 3}``)."""
    return "[const vector]{" + ", ".join(str(v) for v in values) + "}"


def check_axis(prim: str, x, axis: int, closed: bool = False) -> None:
    """MindSpore's ValueError for an ``axis`` outside ``[-rank, rank)`` of ``x`` (a 0-d
    ``x`` allows none: ``[0,0)``); ``closed``: the range printed ``[-rank, rank-1]``, as
    Sort's check prints it."""
    rank = len(getattr(x, "shape", ()))
    if isinstance(axis, int) and not (-rank <= axis < rank):
        if closed:
            raise ValueError(f"For primitive[{prim}], the axis must be in [{-rank},{rank - 1}], "
                             f"but got {axis}.")
        low = -rank if rank else 0
        raise ValueError(f"For primitive[{prim}], the axis must be in [{low},{rank}), but got "
                         f"{axis}.")


def check_reduce_axis(prim: str, x, axis) -> None:
    """MindSpore's ValueError for a reduction ``axis`` (an int, a sequence or None)
    outside ``[-rank, rank)``: ``For primitive[SumExt], the axis value must be in [-2,2),
    but got 4.``"""
    if axis is None:
        return
    rank = len(getattr(x, "shape", ()))
    for a in (axis if isinstance(axis, (tuple, list)) else (axis,)):
        if isinstance(a, int) and not (-max(rank, 1) <= a < max(rank, 1)):
            raise ValueError(f"For primitive[{prim}], the axis value must be in "
                             f"[{-max(rank, 1)},{max(rank, 1)}), but got {a}.")


def check_reshape(shape, size: int) -> None:
    """MindSpore's ValueError for a shape (with at most one -1) that cannot hold ``size``
    elements."""
    known = 1
    for d in shape:
        known *= d if d != -1 else 1
    if (-1 in shape and (known == 0 or size % known)) or (-1 not in shape and known != size):
        raise ValueError(f"proposed_shape '{const_vector(shape)}' is invalid for input of "
                         f"size {size}")


def _ms_name(dtype) -> str:
    import numpy as np

    from . import dtypes  # errors is imported by dtypes' dependents
    return str(dtypes.from_np(np.dtype(dtype)))


def check_dtype(prim: str, arg: str, x, allowed: tuple[str, ...]) -> None:
    """Refuse a Tensor ``x`` whose dtype (NumPy name) is not in ``allowed``, with MindSpore's
    TypeError: ``For primitive[Gather], the input argument[index] must be a type of
    {Tensor[Int32], Tensor[Int64]}, but got Tensor[Int8].``"""
    import numpy as np
    dtype = np.dtype(x.dtype)
    if dtype.name in allowed:
        return
    names = ", ".join(sorted(f"Tensor[{_ms_name(n)}]" for n in allowed))
    raise TypeError(f"For primitive[{prim}], the input argument[{arg}] must be a type of "
                    f"{{{names}}}, but got Tensor[{_ms_name(dtype)}].")


INDEX_16_64 = ("int16", "int32", "int64")
INDEX_32_64 = ("int32", "int64")


def concrete(x):
    """``x`` as a NumPy array when its value is known (not traced), else None: index checks
    run on concrete indices only (inside ``jit`` an index past the end reads a fill value)."""
    import jax
    import numpy as np
    if isinstance(x, jax.core.Tracer) or not hasattr(x, "dtype"):
        return None
    return np.asarray(x)


def out_of_range(indices, low: int, high: int):
    """The first of the concrete ``indices`` outside ``[low, high)``, or None (also when they
    are traced): the one range check of the index-taking ops."""
    idx = concrete(indices)
    if idx is None or not idx.size:
        return None
    bad = idx[(idx < low) | (idx >= high)]
    return int(bad.ravel()[0]) if bad.size else None
