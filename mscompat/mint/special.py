"""``mindspore.mint.special``: ``erfc``, ``exp2``, ``expm1``, ``log1p``, ``log_softmax``,
``round``, ``sinc`` (the ``mint`` functions of those names).

Example:
    >>> import mscompat as ms
    >>> print(ms.mint.special.expm1(ms.Tensor([0.0])))
    [0.]
"""
from __future__ import annotations

from .._engine.unsupported import module_getattr as _module_getattr
from . import erfc as erfc
from . import exp2 as exp2
from . import expm1 as expm1
from . import log1p as log1p
from . import round as _round
from . import sinc as sinc
from .nn.functional import log_softmax as log_softmax


def round(input):  # noqa: A001  (MindSpore's name)
    """``mint.special.round(input)``: to the nearest integer, halves to even."""
    return _round(input)


round_op = _round

__all__ = ["erfc", "exp2", "expm1", "log1p", "log_softmax", "round", "round_op", "sinc"]
__getattr__ = _module_getattr("mindspore.mint.special")
