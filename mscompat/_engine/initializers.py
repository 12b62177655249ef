"""``mindspore.common.initializer``: initializers as a table of NumPy samplers.

Each random initializer draws its seed from NumPy's global generator, as MindSpore does
(one draw per array; ``mindspore.set_seed`` seeds that generator), and fills the array from
MindSpore's own streams (``init_streams``), so the same seed gives MindSpore's values bit for
bit. The bounds and deviations are computed with MindSpore's formulas, in its order.

Example:
    >>> import mscompat as ms
    >>> from mscompat.common.initializer import initializer, One
    >>> t = initializer(One(), [2], ms.float32)
    >>> print(t)
    Tensor(shape=[2], dtype=Float32, value=<uninitialized>)
    >>> print(t.init_data())
    [1. 1.]
"""
from __future__ import annotations

import math

import jax.numpy as jnp
import numpy as np

from . import dtypes, init_streams, jaxconfig
from .errors import check_shape


def _draw(stream, shape, *args) -> np.ndarray:
    """``stream`` (an ``init_streams`` sampler) for one array, seeded as MindSpore seeds it."""
    size = int(np.prod(shape, dtype=np.int64))
    return stream(init_streams.numpy_seed(), size, *args).reshape(shape)


def _uniform(shape, a: float, b: float) -> np.ndarray:
    return _draw(init_streams.uniform, shape, a, b)


def _normal(shape, mean: float, sigma: float) -> np.ndarray:
    if sigma < 0:
        raise ValueError("sigma < 0")
    return _draw(init_streams.normal, shape, mean, sigma)


def _truncated_normal(shape, a: float, b: float, mean: float, sigma: float) -> np.ndarray:
    if sigma < 0:
        raise ValueError("sigma < 0")
    return _draw(init_streams.truncated_normal, shape, a, b, mean, sigma)


def _fans(shape) -> tuple[int, int]:
    """MindSpore's ``_calculate_fan_in_and_fan_out``."""
    if len(shape) < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer "
                         f"than 2 dimensions, but got dimensions {len(shape)}.")
    receptive = 1
    for size in shape[2:]:
        receptive *= size
    return shape[1] * receptive, shape[0] * receptive


def _fan(shape, mode: str) -> int:
    """MindSpore's ``_calculate_correct_fan``."""
    mode = mode.lower()
    valid = ["fan_in", "fan_out"]
    if mode not in valid:
        raise ValueError(f"'mode' {mode} not supported, please use one of {valid}")
    fan_in, fan_out = _fans(shape)
    return fan_in if mode == "fan_in" else fan_out


class Initializer:
    """Base class: ``sample(shape) -> np.ndarray``, cast by the caller; or, as in
    MindSpore, a subclass's ``_initialize(arr)`` that fills a NumPy array in place."""

    def __init__(self, **kwargs) -> None:
        self._kwargs = kwargs
        self._seed = None

    def sample(self, shape) -> np.ndarray:
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
        arr[...] = self.sample(arr.shape)
        return None

    @property
    def seed(self):
        return (0, 0) if self._seed is None else (self._seed + 1, 0)

    @seed.setter
    def seed(self, value) -> None:
        self._seed = value


class Zero(Initializer):
    def sample(self, shape):
        return np.zeros(shape)


class One(Initializer):
    def sample(self, shape):
        return np.ones(shape)


class Constant(Initializer):
    def __init__(self, value) -> None:
        super().__init__(value=value)
        self.value = value

    def sample(self, shape):
        return np.full(shape, self.value)


class Normal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0) -> None:
        super().__init__(sigma=sigma, mean=mean)
        self.sigma, self.mean = sigma, mean

    def sample(self, shape):
        return _normal(shape, self.mean, self.sigma)


class Uniform(Initializer):
    def __init__(self, scale: float = 0.07) -> None:
        super().__init__(scale=scale)
        self.scale = scale

    def sample(self, shape):
        return _uniform(shape, -self.scale, self.scale)


class TruncatedNormal(Initializer):
    def __init__(self, sigma: float = 0.01, mean: float = 0.0, a: float = -2.0,
                 b: float = 2.0) -> None:
        super().__init__(sigma=sigma)
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def sample(self, shape):
        return _truncated_normal(shape, self.a, self.b, self.mean, self.sigma)


class XavierUniform(Initializer):
    def __init__(self, gain: float = 1.0) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def sample(self, shape):
        fan_in, fan_out = _fans(shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        return _uniform(shape, -bound, bound)


class XavierNormal(Initializer):
    def __init__(self, gain: float = 1.0) -> None:
        super().__init__(gain=gain)
        self.gain = gain

    def sample(self, shape):
        fan_in, fan_out = _fans(shape)
        return _normal(shape, 0, self.gain * math.sqrt(2.0 / float(fan_in + fan_out)))


class Identity(Initializer):
    """``Identity()``: the 2-D identity (``np.eye``)."""

    def sample(self, shape):
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

    def sample(self, shape):
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

    def sample(self, shape):
        if len(shape) < 2:
            raise ValueError(f"For Orthogonal initializer, the dimension of the initialized "
                             f"tensor should be no less than 2, but got {len(shape)}.")
        rows = shape[0]
        cols = int(np.prod(shape)) // rows
        data = _normal((rows, cols), 0, 1)
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

    def sample(self, shape):
        if len(shape) != 2:
            raise ValueError(f"For Sparse initializer, the dimension of the initialized "
                             f"tensor should be 2, but got {len(shape)}.")
        rows, cols = shape
        zeros = int(np.ceil(self.sparsity * rows))
        data = _normal(shape, 0, self.sigma)
        for col in range(cols):
            data[np.random.permutation(list(range(rows)))[:zeros], col] = 0.0
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

    def sample(self, shape):
        scale = self.scale
        fan_in, fan_out = _fans(shape)
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution == "untruncated_normal":
            return _normal(shape, 0, np.sqrt(scale))
        limit = np.sqrt(3.0 * scale)
        return _uniform(shape, -limit, limit)


_LINEAR = ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
           "conv_transpose3d", "sigmoid")


def _gain(nonlinearity: str, param=None) -> float:
    """MindSpore's ``_calculate_gain``."""
    if nonlinearity in _LINEAR:
        return 1
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, (int, float)):
            slope = param
        else:
            raise ValueError(f"For 'HeUniform', 'negative_slope' {param} is not a valid "
                             "number.When 'nonlinearity' has been set to 'leaky_relu', "
                             "'negative_slope' should be int or float type, but got "
                             f"{type(param)}.")
        return math.sqrt(2.0 / (1 + slope ** 2))
    raise ValueError("For 'HeUniform', the argument 'nonlinearity' should be one of "
                     "['sigmoid', 'tanh', 'relu' or 'leaky_relu'], but got "
                     f"{nonlinearity}.")


class HeUniform(Initializer):
    def __init__(self, negative_slope: float = 0, mode: str = "fan_in",
                 nonlinearity: str = "leaky_relu") -> None:
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _std(self, shape) -> float:
        fan = _fan(shape, self.mode)
        return _gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan)

    def sample(self, shape):
        boundary = math.sqrt(3.0) * self._std(shape)
        return _uniform(shape, -boundary, boundary)


class HeNormal(HeUniform):
    def sample(self, shape):
        return _normal(shape, 0, self._std(shape))


_BY_NAME = {"zeros": Zero, "zero": Zero, "ones": One, "one": One, "normal": Normal,
            "uniform": Uniform, "truncatednormal": TruncatedNormal,
            "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
            "xavier_normal": XavierNormal, "he_uniform": HeUniform, "heuniform": HeUniform,
            "he_normal": HeNormal, "henormal": HeNormal, "identity": Identity,
            "xaviernormal": XavierNormal, "orthogonal": Orthogonal, "sparse": Sparse,
            "dirac": Dirac, "variancescaling": VarianceScaling}


def _resolve(init, shape, dtype):
    """``(value, None, None)`` for an array ``init``, else ``(None, initializer, shape)``."""
    from .tensor import Tensor
    np_dtype = dtypes.to_np(dtype if dtype is not None else dtypes.ALL["float32"])
    shape = check_shape("initializer", shape, np.dtype(np_dtype).itemsize)
    if isinstance(init, Tensor):  # taken as it is: its own dtype, not ``dtype`` (MindSpore)
        if shape is not None and tuple(init.shape) != tuple(shape):
            raise ValueError(f"For 'initializer', the shape of the 'init' argument should be "
                             f"same as the argument 'shape', but got the 'init' shape "
                             f"{list(init.shape)} and the 'shape' {list(shape)}.")
        return init._data, None, None
    if isinstance(init, np.ndarray):
        return jnp.asarray(init.astype(np_dtype)), None, None
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
    return None, init, shape


def _fill(init: Initializer, shape, np_dtype):
    if type(init)._initialize is not Initializer._initialize:
        arr = np.zeros(shape, np_dtype)  # a user's subclass fills the array in place
        init._initialize(arr)
        return jnp.asarray(arr)
    return jnp.asarray(np.asarray(init.sample(shape)).astype(np_dtype))


@jaxconfig.entry
def initialize(init, shape, dtype=None):
    """Sample ``init`` (an Initializer, its name, a number or an array) as a jax array."""
    value, init, shape = _resolve(init, shape, dtype)
    if value is not None:
        return value
    return _fill(init, shape, dtypes.to_np(dtype if dtype is not None
                                           else dtypes.ALL["float32"]))


class Uninitialized:
    """What a Tensor made by ``initializer(...)`` or ``Tensor(shape=, dtype=, init=)``
    holds until its values are needed: MindSpore draws them (and the seed, from NumPy's
    generator) only at ``init_data()``, ``asnumpy()`` or when a Parameter takes the Tensor;
    an op that reads the Tensor before raises MindSpore's RuntimeError."""

    __slots__ = ("init", "shape", "dtype")

    def __init__(self, init: Initializer, shape: tuple, dtype: np.dtype) -> None:
        self.init, self.shape, self.dtype = init, tuple(shape), np.dtype(dtype)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    @property
    def size(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64))

    @jaxconfig.entry
    def values(self):
        return _fill(self.init, self.shape, self.dtype)

    def _refuse(self, *args, **kwargs):
        shape = str(list(self.shape))
        raise RuntimeError(f"The Tensor(shape={shape}, dtype={dtypes.from_np(self.dtype)}, "
                           "value=\n<uninitialized>) is uninitialized. Maybe the Tensor is "
                           "create by initializer. You need to call Tensor.init_data before "
                           "using this Tensor. For more detail with 'Tensor', Please refer to "
                           "https://www.mindspore.cn/docs/zh-CN/master/api_python/mindspore/"
                           "mindspore.Tensor.html")

    __array__ = __jax_array__ = astype = _refuse

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        self._refuse()


def refuse_uninitialized(args, kwargs) -> None:
    """MindSpore's RuntimeError if an op (which failed) was given an unfilled Tensor."""
    import jax
    leaves = jax.tree_util.tree_leaves((list(args), kwargs or {}),
                                       is_leaf=lambda x: isinstance(x, Uninitialized))
    for leaf in leaves:
        if isinstance(leaf, Uninitialized):
            leaf._refuse()


def uninitialized(init, shape, dtype):
    """The ``_data`` of a Tensor whose ``init`` runs later (or the array, for an array)."""
    value, init, shape = _resolve(init, shape, dtype)
    if value is not None:
        return value
    return Uninitialized(init, shape, dtypes.to_np(dtype if dtype is not None
                                                    else dtypes.ALL["float32"]))


@jaxconfig.entry
def initializer(init, shape=None, dtype=None):
    """``mindspore.common.initializer.initializer``: a Tensor that ``init`` fills when its
    values are first needed (``init_data()``, ``asnumpy()``, a Parameter taking it), as in
    MindSpore; given a Tensor, that Tensor."""
    from .tensor import Tensor
    if isinstance(init, Tensor) and (shape is None or tuple(init.shape) == tuple(
            shape if isinstance(shape, (tuple, list)) else [shape])):
        return init
    if shape is None:
        shape = init.shape if isinstance(init, (Tensor, np.ndarray)) else ()
    return Tensor._wrap(uninitialized(init, shape, dtype))
