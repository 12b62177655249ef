"""Activation Cells (``nn.ReLU``, ``nn.LeakyReLU(alpha=0.2)``, ...), generated from one table.

Each row: Cell name -> (``get_activation`` key, implementation, ``__init__`` arguments with
MindSpore's defaults). The implementation takes the input array and those arguments.

Example:
    >>> import mscompat as ms
    >>> print(ms.nn.LeakyReLU(0.5)(ms.Tensor([-2.0, 3.0])))
    [-1.  3.]
"""
from __future__ import annotations

import inspect

import jax
import jax.numpy as jnp
import numpy as np

from ... import _checkparam
from ..._engine import (
    accepted_dtypes,
    bprops,
    cpu_math,
    dtypes,
    op_rows_losses,
    op_table,
    random_more,
)
from ..._engine import init_args as init_args_
from ..._engine import op_rows_math as m
from ..._engine import op_rows_more_math as mm
from ..._engine.cell import Cell
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor


def _gelu(x, approximate=True):
    return cpu_math.gelu_tanh(x) if approximate else cpu_math.gelu(x)


_TABLE = {
    "ReLU": ("relu", bprops.relu, ()),
    "Tanh": ("tanh", cpu_math.tanh, ()),
    "Sigmoid": ("sigmoid", cpu_math.sigmoid, ()),
    "GELU": ("gelu", _gelu, (("approximate", True),)),  # nn.GELU: tanh form by default
    "FastGelu": ("fast_gelu", m._fast_gelu, ()),
    "SiLU": ("silu", cpu_math.silu, ()),
    "ReLU6": ("relu6", bprops.relu6, ()),
    "ELU": ("elu", m._elu, (("alpha", 1.0),)),
    "LeakyReLU": ("leakyrelu", m._leaky_relu, (("alpha", 0.2),)),
    "HSwish": ("hswish", m._hardswish, ()),
    "HSigmoid": ("hsigmoid", m._hsigmoid, ()),
    "Mish": ("mish", m._mish, ()),
    "SeLU": ("seLU", m._selu, ()),
    "Softsign": ("softsign", m._softsign, ()),
    "LogSigmoid": ("logsigmoid", mm.log_sigmoid_cell, ()),
    "Hardtanh": ("hardtanh", bprops.hardtanh, (("min_val", -1.0), ("max_val", 1.0))),
    "Threshold": ("threshold", lambda x, threshold, value: mm.threshold(x, threshold, value),
                  (("threshold", inspect.Parameter.empty), ("value", inspect.Parameter.empty))),
    "Tanhshrink": ("tanhshrink", mm.tanhshrink, ()),
    "Softmin": ("softmin", lambda x, axis: op_rows_losses._softmin(x, axis), (("axis", -1),)),
    "Softmax2d": ("softmax2d", lambda x: jax.nn.softmax(x, axis=-3), ()),
    "HShrink": ("hshrink", mm.hardshrink, (("lambd", 0.5),)),
    "SoftShrink": ("softshrink", mm.softshrink, (("lambd", 0.5),)),
}


# The Cells of the ops MindSpore computes in float32 for Float16 (op_table.HALF_IN_FLOAT32)
# (Tanh's Float16 is cpu_math.tanh's own)
_FLOAT16_IN_FLOAT32 = {"ELU", "HSigmoid", "Mish", "Softsign"}


# row key -> {argument: check} run on the constructor's arguments (MindSpore's validators;
# mint's classes of the same name take other values)
_ARG_CHECKS = {"gelu": {"approximate": lambda v: _checkparam.check_bool(v, "approximate",
                                                                       "GELU")}}


def _make(name: str, fn, init_args, key: str | None = None) -> type:
    names = [a for a, _ in init_args]
    if name in _FLOAT16_IN_FLOAT32:
        fn = op_table.float16_in_float32(fn, op_table.HALF_GRADS.get(key))

    def __init__(self, *args, **kwargs):
        Cell.__init__(self)
        for k, v in init_args_.values(name, init_args, args, kwargs,
                                      _ARG_CHECKS.get(key)).items():
            setattr(self, k, v)

    def construct(self, x):
        accepted_dtypes.refuse_input(f"nn.{name}", x)
        return call(fn, (x._data,), {k: getattr(self, k) for k in names})

    __init__.__signature__ = init_args_.signature(init_args)
    args = ", ".join(a if d is inspect.Parameter.empty else f"{a}={d!r}" for a, d in init_args)
    doc = f"``nn.{name}({args})``: element-wise activation."
    return type(name, (Cell,), {"construct": construct, "__doc__": doc,
                                "__init__": __init__})


ACTIVATIONS = {name: _make(name, fn, args, key) for name, (key, fn, args) in _TABLE.items()}
# MindSpore's nn.ReLU calls the ReLU Primitive: amp O1 lists it (``mixed_precision.Policy``).
ACTIVATIONS["ReLU"]._amp_primitive = "ReLU"
_BY_KEY = {key.lower(): ACTIVATIONS[name] for name, (key, _, _) in _TABLE.items()}
# not a get_activation key in MindSpore 2.10
ACTIVATIONS["CELU"] = _make("CELU", m._celu, (("alpha", 1.0),))
ACTIVATIONS["GLU"] = _make("GLU", op_rows_losses._glu, (("axis", -1),))


class Softmax(Cell):
    """``nn.Softmax(axis=-1)``."""

    def __init__(self, axis: int = -1) -> None:
        super().__init__()
        if not isinstance(axis, (int, tuple)) or isinstance(axis, bool):
            raise TypeError(f"For '{type(self).__name__}', the type of 'axis' should be one of "
                            f"'[int, tuple of int]', but got {type(axis)}.")
        self.axis = axis

    def construct(self, x):
        accepted_dtypes.refuse_input("nn.Softmax", x)
        return call(cpu_math.softmax, (x._data,), {"axis": self.axis})


class LogSoftmax(Softmax):
    """``nn.LogSoftmax(axis=-1)``."""

    def construct(self, x):
        accepted_dtypes.refuse_input("nn.LogSoftmax", x)
        return call(jax.nn.log_softmax, (x._data,), {"axis": self.axis})


class PReLU(Cell):
    """``nn.PReLU(channel=1, w=0.25)``: a learned slope per channel (Parameter ``alpha``)."""

    _amp_primitive = "PReLU"  # MindSpore's calls the PReLU Primitive (amp O1 lists it)

    def __init__(self, channel: int = 1, w=0.25) -> None:
        super().__init__()
        _checkparam.check_positive_int(channel, "channel", "PReLU")
        if isinstance(w, (int, float)):
            w = jnp.full((channel,), w, jnp.float32)
        else:
            w = w._data if isinstance(w, Tensor) else jnp.asarray(w)
        self.channel = channel
        self.w = Parameter(Tensor._wrap(w), name="a")

    def construct(self, x):
        accepted_dtypes.refuse_input("nn.PReLU", x)
        return call(m._prelu, (x._data, self.w._data), {"weight_first": True})


class RReLU(Cell):
    """``nn.RReLU(lower=1/8, upper=1/3)``: ``ops.rrelu`` as a Cell (a random slope for each
    negative element in every mode, as MindSpore's)."""

    def __init__(self, lower=1 / 8, upper=1 / 3) -> None:
        super().__init__()
        for name, v in (("upper", upper), ("lower", lower)):
            if isinstance(v, bool) or not isinstance(v, (float, int)):
                raise TypeError(f"For 'RReLU', the type of '{name}' should be one of "
                                f"'['float', 'int']', but got type '{type(v).__name__}'.")
        if lower > upper:
            raise ValueError(f"For RReLU, the value of 'upper' must be greater than or equal "
                             f"to 'lower', but got upper: {upper}, lower: {lower}. ")
        self.lower = Tensor(lower, dtype=dtypes.ALL["float32"])
        self.upper = Tensor(upper, dtype=dtypes.ALL["float32"])
        self._bounds = (float(np.float32(lower)), float(np.float32(upper)))  # read once

    def construct(self, x):
        if not isinstance(x, Tensor):
            raise TypeError(f"For 'rrelu', the input must be a Tensor, but got {type(x)}.")
        return random_more.rrelu(x, *self._bounds)


# MindSpore 2.10's activation registry, in its order (named by get_activation's error)
_MS_NAMES = ["softmin", "softmax", "softmax2d", "logsoftmax", "logsoftmaxExt", "relu", "relu6",
             "rrelu", "silu", "tanh", "tanhshrink", "hardtanh", "gelu", "fast_gelu", "elu",
             "sigmoid", "softsign", "prelu", "preluExt", "leakyrelu", "hswish", "hsigmoid",
             "logsigmoid", "softshrink", "hshrink", "threshold", "mish"]


def _registry() -> dict[str, type]:
    """MindSpore's ``nn.layer.activation._activation``: name -> Cell class (the names whose
    Cell mscompat has; ``logsoftmaxExt`` and ``preluExt`` it has not)."""
    extra = {"softmax": Softmax, "logsoftmax": LogSoftmax, "prelu": PReLU, "rrelu": RReLU}
    out = {}
    for name in _MS_NAMES:
        cls = extra.get(name) or _BY_KEY.get(name.lower())
        if cls is not None:
            out[name] = cls
    return out


_activation = _registry()


def get_activation(name: str | None, prim_name: str | None = None) -> Cell | None:
    """``nn.get_activation('relu')``: the Cell of a registry name (case-sensitive, as
    MindSpore's); None for None. ``prim_name`` names the caller in the KeyError."""
    if name is None:
        return None
    if name not in _MS_NAMES:
        prefix = f"For '{prim_name}', the" if prim_name else "The"
        raise KeyError(f"{prefix} 'name' must be in {_MS_NAMES}, but got {name}.")
    cls = _activation.get(name)
    if cls is None:
        from ..._engine.unsupported import missing
        raise missing(f"mindspore.nn.get_activation('{name}')")
    return cls()


globals().update(ACTIVATIONS)
__all__ = list(ACTIVATIONS) + ["Softmax", "LogSoftmax", "PReLU", "RReLU", "get_activation"]
