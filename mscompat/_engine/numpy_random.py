"""``mindspore.numpy``'s random functions: ``rand``, ``randn`` and ``randint`` build a
``UniformReal``/``StandardNormal``/``UniformInt`` Primitive seeded ``_get_seed(global seed,
name)`` when a global seed is set (MindSpore's kernels then, ``ms_random``), unseeded
otherwise (mscompat's stream), and check their arguments as MindSpore's do.

Example:
    >>> import mscompat as ms
    >>> ms.set_seed(2)
    >>> print(ms.numpy.randint(0, 50, (4,)))
    [20  9 32 11]
"""
from __future__ import annotations

from . import dtypes
from .random_ops import (
    UniformInt,
    _cast,
    _kernel_shape,
    _size,
    get_seed,
    normal_values,
    uniform_real,
)
from .tensor import Tensor


def _numpy_shape(shape) -> tuple:
    """``mindspore.numpy``'s ``_check_shape``."""
    if isinstance(shape, Tensor):
        shape = shape.asnumpy().tolist()
    if not isinstance(shape, (int, tuple, list)):
        raise TypeError(f"only int, tuple, list and tensor are allowed for shape, but got "
                        f"{type(shape)}")
    shape = (shape,) if isinstance(shape, int) else tuple(shape)
    for d in shape:
        if not isinstance(d, int):
            raise TypeError("each entry in shape should be int.")
        if d < 0:
            raise ValueError("each entry in shape should no less than 0.")
    return shape


def _numpy_kernel(name: str):
    """``mindspore.numpy``'s random functions build their Primitive with
    ``_get_seed(global seed, name)`` when a global seed is set (unseeded otherwise)."""
    from .ms_random import functional_kernel
    seed = get_seed()
    return None if seed is None else functional_kernel(seed, name)


def _numpy_float(dtype) -> None:
    if isinstance(dtype, str):
        if dtype not in ("float", "float16", "float32", "float64"):
            raise ValueError(f"If the argument 'dtype' is str, it must be one of ['float', "
                             f"'float16', 'float32', 'float64'], but got {dtype}")
    elif str(dtype) not in ("Float64", "Float32", "Float16"):
        raise ValueError(f"The argument 'dtype' must be 'mindspore.float64', "
                         f"'mindspore.float32' or 'mindspore.float16', but got {dtype}")


def rand(*shape, dtype=dtypes.ALL["float32"]):
    """``mindspore.numpy.rand(*shape, dtype=float32)``: ``UniformReal``."""
    _numpy_float(dtype)
    shape = _size(shape, lambda v: f"{type(v)}")
    return _cast(uniform_real(_kernel_shape(shape, "UniformReal"),
                              _numpy_kernel("UniformReal")), dtype)


def randn(*shape, dtype=dtypes.ALL["float32"]):
    """``mindspore.numpy.randn(*shape, dtype=float32)``: ``StandardNormal``."""
    _numpy_float(dtype)
    shape = _size(shape, lambda v: f"{type(v)}")
    return _cast(normal_values(_kernel_shape(shape, "StandardNormal"),
                               _numpy_kernel("StandardNormal")), dtype)


def randint(minval, maxval=None, shape=None, dtype=dtypes.ALL["int32"]):
    """``mindspore.numpy.randint(minval, maxval=None, shape=None, dtype=int32)``:
    ``UniformInt`` over [minval, maxval) (``maxval`` None: [0, minval)), shape (1,) unless
    given."""
    where = "mindspore.numpy.randint"
    if not isinstance(minval, int):
        raise TypeError(f"For {where}, the type of the argument 'minval' must be int, but got "
                        f"{type(minval)}")
    if maxval is None:
        if minval <= 0:
            raise ValueError(f"For {where}, the argument 'minval' must be > 0 when the "
                             f"argument 'maxval' is None, but got {minval}")
        minval, maxval = 0, minval
    elif not isinstance(maxval, int):
        raise TypeError(f"For {where}, the type of the argument 'maxval' must be int, but got "
                        f"{type(maxval)}")
    elif minval >= maxval:
        raise ValueError(f"For {where}, the value of 'minval' must be greater than the value "
                         f"of 'maxval'.")
    if isinstance(dtype, str):
        if dtype not in ("int", "int8", "int16", "int32", "int64"):
            raise ValueError(f"For '{where}', if the argument 'dtype' is str, it must be one "
                             f"of ['int', 'int8', 'int16', 'int32', 'int64'], but got {dtype}")
        dtype = dtypes.ALL["int32" if dtype == "int" else dtype]
    elif str(dtype) not in ("Int64", "Int32", "Int16", "Int8"):
        raise ValueError(f"For '{where}', the argument 'dtype' must be 'mindspore.int64', "
                         f"'mindspore.int32', 'mindspore.int16' or 'mindspore.int8', but got "
                         f"{dtype}")
    shape = (1,) if shape is None else _numpy_shape(shape)
    bounds = [_cast(Tensor(v), dtype) for v in (minval, maxval)]
    kernel = _numpy_kernel("UniformInt")
    return _cast(UniformInt._draw(shape, bounds[0], bounds[1], kernel), dtype)
