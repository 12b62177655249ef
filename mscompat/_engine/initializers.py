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
    """Base class: ``sample(shape, gen) -> np.ndarray``, cast by the caller; or, as in
    MindSpore, a subclass's ``_initialize(arr)`` that fills a NumPy array in place."""

    def __init__(self, **kwargs) -> None:
        self._kwargs = kwargs
        self._seed = None

    def sample(self, shape, gen) -> np.ndarray:
        arr = np.zeros(shape, np.float32)
        self._initialize(arr)
        return arr

    def _initialize(self, arr):
        raise NotImplementedError("Must be overridden!")

    def __repr__(self) -> str:
        """Python's default repr under MindSpore's module path for its own initializers
        (``<mindspore.common.initializer.HeUniform object at 0x...>``)."""
        cls = type(self)
        module = "mindspore.common.initializer" if cls.__module__ == __name__ else \
            cls.__module__
        return f"<{module}.{cls.__qualname__} object at {hex(id(self))}>"

    def __call__(self, arr):  # MindSpore fills an array in place
        if type(self)._initialize is not Initializer._initialize:
            return self._initialize(arr)
        arr[...] = self.sample(arr.shape, _rng["gen"])
        return None

    @property
    def seed(self):
        return (0, 0) if self._seed is None else (self._seed + 1, 0)

    @seed.setter
    def seed(self, value) -> None:
        self._seed = value


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


class Identity(Initializer):
    """``Identity()``: the 2-D identity (``np.eye``)."""

    def sample(self, shape, gen):
        if len(shape) != 2:
            raise ValueError(f"For Identity initializer, the dimension of the initialized "
                             f"tensor should be 2, but got {len(shape)}.")
        return np.eye(shape[0], shape[1])


class Dirac(Initializer):
    """``Dirac(groups=1)``: a convolution kernel that passes its input through (a 1 at the
    centre tap of channel ``i`` of filter ``i`` in each group)."""

    def __init__(self, groups: int = 1) -> None:
        super().__init__()
        self.groups = groups

    def sample(self, shape, gen):
        if len(shape) not in (3, 4, 5):
            raise ValueError(f"For Dirac initializer, only support to initialize tensor with "
                             f"dimension of 3, 4 or 5, but got {len(shape)}.")
        if shape[0] % self.groups != 0:
            raise ValueError(f"For Dirac initializer, the first dimension ofthe initialized "
                             f"tensor must be divisible by groups, but got first "
                             f"dimension{shape[0]}, groups{self.groups}.")
        data = np.zeros(shape)
        per_group = shape[0] // self.groups
        centre = tuple(s // 2 for s in shape[2:])
        for group in range(self.groups):
            for dim in range(min(per_group, shape[1])):
                data[(group * per_group + dim, dim) + centre] = 1
        return data


class Orthogonal(Initializer):
    """``Orthogonal(gain=1.0)``: ``gain`` times the Q of a QR decomposition of a normal
    draw, signs fixed by R's diagonal (MindSpore's rule; the draw is mscompat's)."""

    def __init__(self, gain: float = 1.0) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def sample(self, shape, gen):
        if len(shape) < 2:
            raise ValueError(f"For Orthogonal initializer, the dimension of the initialized "
                             f"tensor should be no less than 2, but got {len(shape)}.")
        rows = shape[0]
        cols = int(np.prod(shape)) // rows
        data = gen.normal(0.0, 1.0, (rows, cols)).astype(np.float32)
        if rows < cols:
            data = data.T
        q, r = np.linalg.qr(data)
        q = q * np.sign(np.diag(r))
        if rows < cols:
            q = q.T
        return (q * self.gain).reshape(shape)


class Sparse(Initializer):
    """``Sparse(sparsity, sigma=0.01)``: a 2-D normal draw with ``ceil(sparsity * rows)``
    zeros in each column."""

    def __init__(self, sparsity: float, sigma: float = 0.01) -> None:
        super().__init__()
        self.sparsity, self.sigma = sparsity, sigma

    def sample(self, shape, gen):
        if len(shape) != 2:
            raise ValueError(f"For Sparse initializer, the dimension of the initialized "
                             f"tensor should be 2, but got {len(shape)}.")
        rows, cols = shape
        zeros = int(np.ceil(self.sparsity * rows))
        data = gen.normal(0.0, self.sigma, shape)
        for col in range(cols):
            data[gen.permutation(rows)[:zeros], col] = 0.0
        return data


class VarianceScaling(Initializer):
    """``VarianceScaling(scale=1.0, mode='fan_in', distribution='truncated_normal')``.

    MindSpore 2.10 compares ``distribution`` with ``'truncated_norm'``, so its default
    ``'truncated_normal'`` draws from the uniform distribution ``[-sqrt(3 * s), sqrt(3 * s))``
    (``s = scale / fan``), as ``'uniform'`` does; mscompat follows."""

    def __init__(self, scale: float = 1.0, mode: str = "fan_in",
                 distribution: str = "truncated_normal") -> None:
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        if scale <= 0.0:
            raise ValueError(f"For VarianceScaling initializer, the argument 'scale' must be "
                             f"greater than 0, but got {scale}.")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(f"For VarianceScaling initializer, the argument 'mode' must be "
                             f"fan_in, fan_out or fan_avg, but got {mode}.")
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(f"For VarianceScaling initializer, the argument 'distribution' "
                             f"must be uniform, truncated_norm or untruncated_norm, but got "
                             f"{distribution}.")
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def sample(self, shape, gen):
        fan_in, fan_out = _fans(shape)
        fan = {"fan_in": fan_in, "fan_out": fan_out,
               "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, fan)
        if self.distribution == "untruncated_normal":
            return gen.normal(0.0, np.sqrt(scale), shape)
        limit = np.sqrt(3.0 * scale)
        return gen.uniform(-limit, limit, shape)


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
            "he_normal": HeNormal, "henormal": HeNormal, "identity": Identity,
            "xaviernormal": XavierNormal, "orthogonal": Orthogonal, "sparse": Sparse,
            "dirac": Dirac, "variancescaling": VarianceScaling}


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
            raise ValueError(f"For 'initializer', the class corresponding to '{init}' was not "
                             "found.")
        init = cls()
    elif isinstance(init, (int, float)):  # a bool too: True fills ones, as in MindSpore
        init = Constant(int(init) if isinstance(init, bool) else init)
    if not isinstance(init, Initializer):
        raise TypeError("For 'initializer', the type of the 'init' argument should be "
                        "'Tensor', 'number', 'string' or 'initializer', but got "
                        f"{type(init)}.")
    if type(init)._initialize is not Initializer._initialize:
        arr = np.zeros(shape, np_dtype)  # a user's subclass fills the array in place
        init._initialize(arr)
        return jnp.asarray(arr)
    return jnp.asarray(np.asarray(init.sample(shape, _rng["gen"])).astype(np_dtype))


@jaxconfig.entry
def initializer(init, shape=None, dtype=None):
    """``mindspore.common.initializer.initializer``: a Tensor filled by ``init``."""
    from .tensor import Tensor
    if shape is None:
        shape = init.shape if isinstance(init, (Tensor, np.ndarray)) else ()
    return Tensor._wrap(initialize(init, shape, dtype))
