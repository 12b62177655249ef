"""The error contract: which exception class MindSpore raises for which fault.

Settled against MindSpore 2.10 and applied by the checks in the engine:

| fault | class |
| --- | --- |
| an argument of the wrong Python type (a str where a Tensor goes, a float axis) | TypeError |
| a Tensor of an unsupported dtype for the op | TypeError |
| a bad value or shape (negative dimension, mismatched shapes, an out-of-range axis) | ValueError |
| a shape whose size overflows ``size_t`` | ValueError (checked before XLA sees it) |
| an index past the end | IndexError |
| out of device memory | RuntimeError (XLA's RESOURCE_EXHAUSTED) |
| a MindSpore API mscompat lacks | NotImplementedError (``unsupported.MissingAPIError``) |

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
