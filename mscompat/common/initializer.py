"""``mindspore.common.initializer``."""
from .._engine.initializers import (  # noqa: F401
    Constant,
    Dirac,
    HeNormal,
    HeUniform,
    Identity,
    Initializer,
    Normal,
    One,
    Orthogonal,
    Sparse,
    TruncatedNormal,
    Uniform,
    VarianceScaling,
    XavierNormal,
    XavierUniform,
    Zero,
    initializer,
)
from .._engine.unsupported import module_getattr as _module_getattr  # noqa: E402


def _calculate_fan_in_and_fan_out(shape) -> tuple[int, int]:
    """``(fan_in, fan_out)`` of a weight shape (2-D: ``(out, in)``; N-D: times the receptive
    field), the helper model code imports; ValueError below 2 dimensions, as MindSpore.

    Example:
        >>> _calculate_fan_in_and_fan_out((8, 3, 5, 5))
        (75, 200)
    """
    if len(shape) < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer "
                         f"than 2 dimensions, but got dimensions {len(shape)}.")
    receptive = 1
    for s in shape[2:]:
        receptive *= s
    return shape[1] * receptive, shape[0] * receptive


def _assignment(arr, num):
    """Fill the NumPy array ``arr`` with ``num`` (a scalar or an array) in place; returns it."""
    if arr.shape == ():
        arr = arr.reshape(1)
        arr[:] = num
        return arr.reshape(())
    arr[:] = num[:] if hasattr(num, "shape") else num
    return arr

__getattr__ = _module_getattr("mindspore.common.initializer")
