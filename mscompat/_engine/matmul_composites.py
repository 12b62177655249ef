"""``ops.addmm``, ``addbmm``, ``addmv``, ``addr``, ``baddbmm`` and ``mv`` (and the Tensor
methods of the same names): in MindSpore these are Python compositions of ``MatMul`` /
``BatchMatMul`` with ``beta * input + alpha * product``, so their dtype rules are those of
the pieces (an Int8 ``addmm`` stays Int8, a Bool ``input`` scaled by the Python int
``beta`` is Int64, Bool matrices are refused by MatMul) plus each function's own checks,
written here as MindSpore writes them. They are composed from mscompat's own Tensor
operations, so the pieces' rules, gradients and recording apply unchanged.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.ones((2, 2), np.float32))
    >>> print(ms.ops.addmm(x, x, x, beta=0.5, alpha=2))
    [[4.5 4.5]
     [4.5 4.5]]
"""
from __future__ import annotations

import functools
import math

from .. import _checkparam as validator
from . import dtypes
from .tensor import Tensor

_MV_TYPES = ("Float16", "Float32", "Float64", "Int16", "Int32", "Int64")


@functools.cache
def _prim(name: str):
    """One instance per Primitive (made on first use: the tables import this module)."""
    from .ops_build import PRIMITIVES

    return PRIMITIVES[name]()


def _number_scales(name: str, alpha, beta) -> None:
    for arg, v in (("alpha", alpha), ("beta", beta)):
        if not isinstance(v, (int, float)):
            raise TypeError(f"For '{name}', parameter '{arg}' must be an int or float, but "
                            f"got {type(v)}.")


def _all_tensors(name: str, *xs) -> None:
    if not all(isinstance(x, Tensor) for x in xs):
        raise TypeError(f"For {name}, inputs must be all tensors.")


def _vector_input(name: str, arg: str, x, alpha, beta):
    """Addmv/Addr's checks; integer inputs take the scales as Int64 (truncated)."""
    if str(x.dtype) not in _MV_TYPES:
        allowed = ", ".join(f"mindspore.{t.lower()}" for t in _MV_TYPES)
        raise TypeError(f"For '{name}', the '{arg}' should be one of [{allowed}], but got "
                        f"'mindspore.{str(x.dtype).lower()}'.")
    validator.check_value_type("alpha", alpha, [int, float, bool], name)
    validator.check_value_type("beta", beta, [int, float, bool], name)
    if str(x.dtype).startswith("Int"):
        alpha, beta = math.trunc(alpha), math.trunc(beta)
    return alpha, beta


def _flat(x) -> int:
    return math.prod(x.shape)


def mv(mat, vec):
    """``ops.mv(mat, vec)``: ``mat @ vec`` as MindSpore writes it (MatMul with a column)."""
    if not isinstance(mat, Tensor):
        raise TypeError("The input mat must be Tensor.")
    if not isinstance(vec, Tensor):
        raise TypeError("The input vec must be Tensor.")
    return _prim("MatMul")(mat, vec.reshape((_flat(vec), 1))).T[0]


def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    """``ops.addmm``: ``beta * input + alpha * (mat1 @ mat2)``."""
    _number_scales("addmm", alpha, beta)
    return beta * input + alpha * _prim("MatMul")(mat1, mat2)


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """``ops.addbmm``: ``beta * input + alpha * sum_i(batch1[i] @ batch2[i])``."""
    _number_scales("addbmm", alpha, beta)
    return beta * input + alpha * _prim("BatchMatMul")(batch1, batch2).sum(axis=0)


def addmv(input, mat, vec, *, beta=1, alpha=1):
    """``ops.addmv``: ``beta * input + alpha * (mat @ vec)``."""
    _all_tensors("Addmv", input, mat, vec)
    if mat.dtype != vec.dtype:
        raise TypeError("For Addmv, the mat and vec should be the same dtype.")
    alpha, beta = _vector_input("Addmv", "input", input, alpha, beta)
    return beta * input + alpha * mv(mat, vec)


def addr(x, vec1, vec2, *, beta=1, alpha=1):
    """``ops.addr``: ``beta * x + alpha * outer(vec1, vec2)``."""
    _all_tensors("Addr", x, vec1, vec2)
    if vec1.dtype != vec2.dtype:
        raise TypeError("For Addr, the vec1 and vec2 should be the same dtype.")
    alpha, beta = _vector_input("Addr", "x", x, alpha, beta)
    column = vec1.reshape((_flat(vec1), 1))
    row = vec2.reshape((1, _flat(vec2)))
    return beta * x + alpha * _prim("MatMul")(column, row)


def baddbmm(input, batch1, batch2, beta=1, alpha=1):
    """``ops.baddbmm``: ``beta * input + alpha * (batch1 @ batch2)`` of one dtype."""
    _all_tensors("Baddbmm", input, batch1, batch2)
    if not input.dtype == batch1.dtype == batch2.dtype:
        raise TypeError("For Baddbmm, the inputs should be the same dtype.")
    if dtypes.to_np(input.dtype).kind == "f" and str(input.dtype) != "BFloat16":
        if not (isinstance(alpha, (int, float)) and isinstance(beta, (int, float))):
            raise TypeError("For attributes alpha and beta should be real numbers.")
    elif not (isinstance(alpha, int) and isinstance(beta, int)):
        raise TypeError("For inputs of type not FloatTensor or DoubleTensor, arguments beta "
                        "and alpha must be integers.")
    return beta * input + alpha * _prim("BatchMatMul")(batch1, batch2)


FUNCTIONS = {"mv": mv, "addmm": addmm, "addbmm": addbmm, "addmv": addmv, "addr": addr,
             "baddbmm": baddbmm}


def _method(fn):
    def method(self, *args, **kwargs):
        return fn(self, *args, **kwargs)
    method.__name__ = fn.__name__
    method.__doc__ = fn.__doc__
    return method


for _name in ("addmm", "addbmm", "addmv", "addr", "baddbmm"):
    setattr(Tensor, _name, _method(FUNCTIONS[_name]))
