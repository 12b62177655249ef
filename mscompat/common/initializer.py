"""``mindspore.common.initializer``."""
import math

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


_LINEAR = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
           "conv_transpose3d")


def _calculate_gain(nonlinearity: str, param=None) -> float:
    """The recommended gain of a nonlinearity (MindSpore's helper, as PyTorch's
    ``calculate_gain``): 1 for linear/conv/sigmoid, 5/3 for tanh, sqrt(2) for relu,
    ``sqrt(2 / (1 + slope^2))`` for leaky_relu (slope ``param``, default 0.01).

    Example:
        >>> round(_calculate_gain('leaky_relu', 0.2), 6)
        1.38675
    """
    if nonlinearity in _LINEAR or nonlinearity == "sigmoid":
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif isinstance(param, (int, float)) and not isinstance(param, bool):
            slope = param
        else:
            raise ValueError(f"For 'HeUniform', 'param' {param} must be int or float")
        return math.sqrt(2.0 / (1 + slope ** 2))
    raise ValueError(f"For 'HeUniform', the argument 'nonlinearity' should be one of "
                     f"['sigmoid', 'tanh', 'relu' or 'leaky_relu'], but got {nonlinearity}.")


def _calculate_correct_fan(shape, mode: str) -> int:
    """``fan_in`` or ``fan_out`` of a weight shape (``mode``).

    Example:
        >>> _calculate_correct_fan((3, 4, 5, 5), 'fan_out')
        75
    """
    mode = mode.lower()
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"For 'HeUniform', 'mode' must be one of ['fan_in', 'fan_out'], but "
                         f"got {mode}.")
    fan_in, fan_out = _calculate_fan_in_and_fan_out(shape)
    return fan_in if mode == "fan_in" else fan_out


def _assignment(arr, num):
    """Fill the NumPy array ``arr`` with ``num`` (a scalar or an array) in place; returns it."""
    if arr.shape == ():
        arr = arr.reshape(1)
        arr[:] = num
        return arr.reshape(())
    arr[:] = num[:] if hasattr(num, "shape") else num
    return arr

__getattr__ = _module_getattr("mindspore.common.initializer")
