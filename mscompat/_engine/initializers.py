"""``mindspore.common.initializer``: initializers as a table of NumPy samplers.

Random draws come from one NumPy generator seeded by ``mindspore.set_seed``; values are
reproducible within mscompat but are not bit-identical to MindSpore's own random streams.

Example:
    >>> import mscompat as ms
    >>> from mscompat.common.initializer import initializer, One
    >>> print(initializer(One(), [2], ms.float32))
    [1. 1.]
"""
from __future__ import annotations

import math

import jax.numpy as jnp
import numpy as np

from . import dtypes, jaxconfig
from .errors import check_shape

_rng = {"gen": np.random.default_rng(0)}


def reseed(seed: int) -> None:
    """Called by ``mindspore.set_seed`` (``random_ops.set_seed``)."""
    _rng["gen"] = np.random.default_rng(seed)


def _fans(shape) -> tuple[int, int]:
    if len(shape) < 2:
        n = shape[0] if shape else 1
        return n, n
    receptive = int(np.prod(shape[2:])) if len(shape) > 2 else 1
    return shape[1] * receptive, shape[0] * receptive


class Initializer:
    """Base class: ``init(shape) -> np.ndarray`` in float64, cast by the caller."""

    def __init__(self, **kwargs) -> None:
        self._kwargs = kwargs

    def sample(self, shape, gen) -> np.ndarray:
        raise NotImplementedError

    def __call__(self, arr):  # MindSpore fills an array in place
        arr[...] = self.sample(arr.shape, _rng["gen"])


class Zero(Initializer):
    def sample(self, shape, gen):
        return np.zeros(shape)


class One(Initializer):
    def sample(self, shape, gen):
        return np.ones(shape)


class Constant(Initializer):
    def __init__(self, value) -> None:
        super().__init__(value=value)
        self.value = value

    def sample(self, shape, gen):
        return np.full(shape, self.value)


class Normal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0) -> None:
        super().__init__(sigma=sigma, mean=mean)
        self.sigma, self.mean = sigma, mean

    def sample(self, shape, gen):
        return gen.normal(self.mean, self.sigma, shape)


class Uniform(Initializer):
    def __init__(self, scale: float = 0.07) -> None:
        super().__init__(scale=scale)
        self.scale = scale

    def sample(self, shape, gen):
        return gen.uniform(-self.scale, self.scale, shape)


class TruncatedNormal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0, a: float = -2.0,
                 b: float = 2.0) -> None:
        super().__init__(sigma=sigma)
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def sample(self, shape, gen):
        out = gen.normal(self.mean, self.sigma, shape)
        bad = (out < self.a) | (out > self.b)
        while bad.any():
            out[bad] = gen.normal(self.mean, self.sigma, int(bad.sum()))
            bad = (out < self.a) | (out > self.b)
        return out


class XavierUniform(Initializer):
    def __init__(self, gain: float = 1.0) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def sample(self, shape, gen):
        fan_in, fan_out = _fans(shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        return gen.uniform(-bound, bound, shape)


class XavierNormal(Initializer):
    def __init__(self, gain: float = 1.0) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def sample(self, shape, gen):
        fan_in, fan_out = _fans(shape)
        return gen.normal(0.0, self.gain * math.sqrt(2.0 / (fan_in + fan_out)), shape)


def _gain(nonlinearity: str, slope: float) -> float:
    if nonlinearity == "leaky_relu":
        return math.sqrt(2.0 / (1 + slope ** 2))
    return {"relu": math.sqrt(2.0), "tanh": 5.0 / 3, "linear": 1.0,
            "sigmoid": 1.0}.get(nonlinearity, 1.0)


class HeUniform(Initializer):
    def __init__(self, negative_slope: float = 0, mode: str = "fan_in",
                 nonlinearity: str = "leaky_relu") -> None:
        super().__init__(negative_slope=negative_slope)
        self.slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def sample(self, shape, gen):
        fan_in, fan_out = _fans(shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        bound = _gain(self.nonlinearity, self.slope) * math.sqrt(3.0 / fan)
        return gen.uniform(-bound, bound, shape)


class HeNormal(HeUniform):
    def sample(self, shape, gen):
        fan_in, fan_out = _fans(shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        return gen.normal(0.0, _gain(self.nonlinearity, self.slope) / math.sqrt(fan), shape)


_BY_NAME = {"zeros": Zero, "zero": Zero, "ones": One, "one": One, "normal": Normal,
            "uniform": Uniform, "truncatednormal": TruncatedNormal,
            "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
            "xavier_normal": XavierNormal, "he_uniform": HeUniform, "heuniform": HeUniform,
            "he_normal": HeNormal, "henormal": HeNormal}


@jaxconfig.entry
def initialize(init, shape, dtype=None):
    """Sample ``init`` (an Initializer, its name, a number or an array) as a jax array."""
    from .tensor import Tensor
    np_dtype = dtypes.to_np(dtype if dtype is not None else dtypes.ALL["float32"])
    shape = check_shape("initializer", shape, np.dtype(np_dtype).itemsize)
    if isinstance(init, Tensor):
        return init._data.astype(np_dtype)
    if isinstance(init, np.ndarray):
        return jnp.asarray(init.astype(np_dtype))
    if isinstance(init, str):
        cls = _BY_NAME.get(init.lower())
        if cls is None:
            raise ValueError(f"The initializer '{init}' is not supported.")
        init = cls()
    elif isinstance(init, (int, float)) and not isinstance(init, bool):
        init = Constant(init)
    if not isinstance(init, Initializer):
        raise TypeError(f"The argument 'init' must be a Tensor, str, Initializer or number, "
                        f"but got {type(init).__name__}.")
    return jnp.asarray(np.asarray(init.sample(shape, _rng["gen"])).astype(np_dtype))


@jaxconfig.entry
def initializer(init, shape=None, dtype=None):
    """``mindspore.common.initializer.initializer``: a Tensor filled by ``init``."""
    from .tensor import Tensor
    if shape is None:
        shape = init.shape if isinstance(init, (Tensor, np.ndarray)) else ()
    return Tensor._wrap(initialize(init, shape, dtype))
