"""Random ops on one stateful JAX key stream, seeded by ``mindspore.set_seed``.

The stream's key lives in a hidden, non-trainable Parameter (``_STREAM``). Every random op
splits it and writes the new key back, so the same functionalization that carries Parameter
writes through ``jax.jit`` and ``jax.vjp`` carries the stream: a compiled GRAPH_MODE call draws
new numbers on every call (it never bakes a key in as a constant), a failed call consumes
nothing, and the same seed gives the same numbers in GRAPH_MODE and PYNATIVE_MODE.
MindSpore's own random numbers (Philox on its kernels) are not reproduced: same
distributions, other draws (``docs/divergences.md``).

Example:
    >>> import mscompat as ms
    >>> ms.set_seed(1)
    >>> a = ms.ops.rand(3)
    >>> ms.set_seed(1)
    >>> bool((ms.ops.rand(3) == a).all())
    True
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes, jaxconfig
from .errors import check_shape
from .parameter import Parameter
from .tensor import Tensor

_SEED = {"global": None}
_F32 = np.dtype(np.float32)


@jaxconfig.entry
def _key_data(seed: int):
    return jax.random.key_data(jax.random.PRNGKey(seed))


def _initial_key():
    # Importing mscompat must not start a JAX backend (jax.distributed.initialize and
    # platform settings must still be possible after ``import mindspore``): the default
    # threefry key of seed 0 is [0, 0], held as NumPy until the first draw replaces it.
    if jax.config.jax_default_prng_impl == "threefry2x32":
        return np.zeros(2, np.uint32)
    return _key_data(0)


_STREAM = Parameter(Tensor._wrap(_initial_key()), name="mscompat_random_stream",
                    requires_grad=False)


def set_seed(seed: int) -> None:
    """``mindspore.set_seed``: seeds the op stream, NumPy's global generator (where the
    initializers draw their seeds) and, through ``dataset.config.set_seed``, the datasets'
    shuffles and Python's ``random``, as MindSpore does."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"The argument 'seed' must be int, but got {type(seed).__name__}.")
    if seed < 0:
        raise ValueError(f"The argument 'seed' must be greater than or equal to 0, but got "
                         f"{seed}.")
    np.random.seed(seed % 2**32)
    from ..dataset import config as dataset_config  # MindSpore seeds the datasets too
    dataset_config.set_seed(seed)
    _SEED["global"] = seed
    from . import ms_dropout
    ms_dropout.reset_op_seeds()
    _STREAM.set_data(Tensor._wrap(_key_data(seed)))


def get_seed():
    """``mindspore.get_seed``: the seed last set, or None."""
    return _SEED["global"]


# compiled once: eagerly, each is a few JAX ops (hundreds of microseconds op by op)
@jax.jit
def _split(k):
    keys = jax.random.split(jax.random.wrap_key_data(k))
    return jax.random.key_data(keys[0]), jax.random.key_data(keys[1])


@jax.jit
def _fold_in(k, seed):
    return jax.random.key_data(jax.random.fold_in(jax.random.wrap_key_data(k), seed))


def next_key(seed=None, stream=None):
    """A fresh key from ``stream`` (default: the ops' stream; a ``Generator`` has its own),
    written back through the Parameter."""
    from .ops_build import call
    stream = _STREAM if stream is None else stream
    new, sub = call(_split, (stream._data,))
    stream._data = new._data
    if seed:
        return call(_fold_in, (sub._data, int(seed)))
    return sub


def _shape(shape, name: str) -> tuple:
    if isinstance(shape, Tensor):
        shape = tuple(int(v) for v in shape.asnumpy().reshape(-1))
    if isinstance(shape, int):
        shape = (shape,)
    return check_shape(name, tuple(int(s) for s in shape), 4)


def _dt(dtype, default=_F32):
    return default if dtype is None else np.dtype(dtypes.to_np(dtype))


# -- implementations on (key data, ...) arrays ---------------------------------------------
def _k(k):
    return jax.random.wrap_key_data(k)


def _uniform(k, lo, hi, *, shape, dtype):
    if jnp.issubdtype(dtype, jnp.integer):
        return jax.random.randint(_k(k), shape, lo, hi, dtype)
    return jax.random.uniform(_k(k), shape, dtype, lo, hi)


def _normal(k, mean, std, *, shape, dtype):
    return (mean + std * jax.random.normal(_k(k), shape, dtype)).astype(dtype)


def _randint(k, *, low, high, shape, dtype):
    return jax.random.randint(_k(k), shape, low, high, dtype)


def _permutation(k, *, n, dtype):
    return jax.random.permutation(_k(k), n).astype(dtype)


def _shuffle(k, x):
    return jax.random.permutation(_k(k), x, axis=0)


def _multinomial(k, probs, *, num_samples, replacement):
    logits = jnp.log(probs)
    batch = probs.shape[:-1]
    if replacement:
        out = jax.random.categorical(_k(k), logits, axis=-1,
                                     shape=(num_samples,) + batch)
        return jnp.moveaxis(out, 0, -1).astype(jnp.int32)
    gumbel = jax.random.gumbel(_k(k), probs.shape)
    return jax.lax.top_k(logits + gumbel, num_samples)[1].astype(jnp.int32)


def _dropout(k, x, *, p):
    keep = jax.random.bernoulli(_k(k), 1.0 - p, x.shape)
    mask = keep.astype(x.dtype)
    return x * mask / (1.0 - p), mask


# -- public functions ----------------------------------------------------------------------
def _run(impl, args, kwargs, seed=None, generator=None):
    from .ops_build import call
    key = next_key(seed, None if generator is None else generator._stream)
    return call(impl, (key._data,) + tuple(a._data if isinstance(a, Tensor) else a
                                           for a in args), kwargs)


def uniform(shape, minval, maxval, seed=None, dtype=None):
    dt = _dt(dtype)
    return _run(_uniform, (minval, maxval), {"shape": _shape(shape, "uniform"), "dtype": dt},
                seed)


def standard_normal(shape, seed=None):
    return _run(_normal, (0.0, 1.0), {"shape": _shape(shape, "standard_normal"),
                                      "dtype": _F32}, seed)


def normal(shape, mean, stddev, seed=None):
    return _run(_normal, (mean, stddev), {"shape": _shape(shape, "normal"), "dtype": _F32},
                seed)


def randint(low, high, size, seed=None, *, dtype=None):
    return _run(_randint, (), {"low": int(low), "high": int(high),
                               "shape": _shape(size, "randint"),
                               "dtype": _dt(dtype, np.dtype(np.int64))}, seed)


def randperm(n, seed=0, offset=0, dtype=None):
    return _run(_permutation, (), {"n": int(n), "dtype": _dt(dtype, np.dtype(np.int64))},
                seed)


def shuffle(x, seed=None):
    return _run(_shuffle, (x,), {}, seed)


def multinomial(input, num_samples, replacement=True, seed=None):
    return _run(_multinomial, (input,), {"num_samples": int(num_samples),
                                         "replacement": bool(replacement)}, seed)


def _size(size):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return size


def rand(*size, dtype=None, seed=None):
    return uniform(_size(size), 0.0, 1.0, seed, dtype)


def randn(*size, dtype=None, seed=None):
    return _run(_normal, (0.0, 1.0), {"shape": _shape(_size(size), "randn"),
                                      "dtype": _dt(dtype)}, seed)


def rand_like(input, seed=None, *, dtype=None):
    return rand(*input.shape, dtype=dtype or input.dtype, seed=seed)


def randn_like(input, seed=None, *, dtype=None):
    return randn(*input.shape, dtype=dtype or input.dtype, seed=seed)


def randint_like(input, low, high, seed=None, *, dtype=None):
    dt = dtype or input.dtype
    if not np.issubdtype(dtypes.to_np(dt), np.integer):
        raise ValueError(f"For 'randint_like', the 'dtype' must be an int type, but got "
                         f"{dt}.")
    return randint(low, high, input.shape, seed, dtype=dt)


def _dropout_channels(k, x, *, p):
    """Whole channels (axis 1) zeroed with probability ``p``, the rest scaled by 1/(1-p)."""
    keep = jax.random.bernoulli(_k(k), 1.0 - p, x.shape[:2] + (1,) * (x.ndim - 2))
    return x * keep.astype(x.dtype) / (1.0 - p)


def dropout_channels(input, p: float, seed=None):
    """``nn.Dropout2d``/``Dropout3d`` and ``ops.dropout2d/3d`` in training mode."""
    return _run(_dropout_channels, (input,), {"p": float(p)}, seed)


def dropout(input, p=0.5, training=True, seed=None):
    """``ops.dropout``: zeros with probability ``p``, the rest scaled by ``1 / (1 - p)``."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"For 'dropout', the 'p' must be in range [0, 1], but got {p}.")
    if not training:
        return input
    from . import ms_dropout
    if (get_seed() is not None and not isinstance(input._data, jax.core.Tracer)
            and not ms_dropout.OPS_STREAM_ONLY.get()):
        # MindSpore builds a Dropout kernel per call, seeded from the "dropout" counter:
        # eagerly its mask is reproduced (a compiled function keeps drawing from the stream)
        seeds = ms_dropout.graph_seed(seed or 0, "dropout")
        from .ops_build import call
        return call(ms_dropout.masked, (ms_dropout.initial_state(*seeds), input._data),
                    {"keep_prob": 1.0 - float(p)})[0]
    if p == 0:
        return input
    return _run(_dropout, (input,), {"p": float(p)}, seed)[0]


class _RandomPrimitive:
    def __init__(self, *args, **kwargs) -> None:
        self.args, self.kwargs = args, kwargs


class UniformReal(_RandomPrimitive):
    """``ops.UniformReal(seed=0, seed2=0)(shape)``: Float32 in [0, 1)."""

    def __call__(self, shape):
        return rand(*_shape(shape, "UniformReal"))


class StandardNormal(_RandomPrimitive):
    """``ops.StandardNormal(seed=0, seed2=0)(shape)``."""

    def __call__(self, shape):
        return standard_normal(shape)


class Dropout(_RandomPrimitive):
    """``ops.Dropout(keep_prob=0.5, Seed0=0, Seed1=0)(x)``: (output, mask)."""

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0) -> None:  # noqa: N803
        super().__init__()
        if not 0.0 < keep_prob <= 1.0:
            raise ValueError(f"For 'Dropout', the 'keep_prob' must be in range (0, 1], but "
                             f"got {keep_prob}.")
        self.keep_prob = keep_prob

    def __call__(self, x):
        return _run(_dropout, (x,), {"p": 1.0 - float(self.keep_prob)})


# Not op-table rows: each consumes the key stream before its computation.
class UniformInt(_RandomPrimitive):
    """``ops.UniformInt(seed=0, seed2=0)(shape, minval, maxval)``: Int32 in
    [minval, maxval) (mscompat's seeded stream)."""

    def __call__(self, shape, minval, maxval):
        lo, hi = (int(v.asnumpy()) if isinstance(v, Tensor) else int(v)
                  for v in (minval, maxval))
        if lo >= hi:
            raise ValueError(f"For 'UniformInt', 'minval' must be less than 'maxval', but got "
                             f"'minval': {lo}, 'maxval': {hi}.")
        return randint(lo, hi, _shape(shape, "UniformInt"), dtype=dtypes.ALL["int32"])


def _choice_with_mask(k, x, *, count):
    """``count`` positions of the True elements of ``x`` in random order (first the True
    ones, in a random permutation), then zero rows; the mask says which rows are real."""
    flat = x.reshape(-1)
    n = flat.shape[0]
    score = jnp.where(flat, jax.random.uniform(_k(k), (n,)), 2.0)
    order = jnp.argsort(score)[:min(count, n)]
    valid = flat[order]
    index = jnp.stack(jnp.unravel_index(order, x.shape), axis=-1).astype(np.int32)
    index = jnp.where(valid[:, None], index, 0)
    pad = count - index.shape[0]
    if pad > 0:
        index = jnp.concatenate([index, jnp.zeros((pad, x.ndim), np.int32)])
        valid = jnp.concatenate([valid, jnp.zeros((pad,), bool)])
    return index, valid


class RandomChoiceWithMask(_RandomPrimitive):
    """``ops.RandomChoiceWithMask(count=256, seed=0, seed2=0)(input_x)``: up to ``count``
    indices (Int32, one row per choice) of the True elements of a Bool tensor, chosen in
    random order, and the Bool mask of the rows that are real choices (the rest are zero).
    The choice is mscompat's seeded stream, not MindSpore's generator.

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> x = ms.Tensor(np.array([True, False, True]))
        >>> index, mask = ms.ops.RandomChoiceWithMask(count=3)(x)
        >>> sorted(index.asnumpy()[mask.asnumpy()].ravel().tolist()), int(mask.asnumpy().sum())
        ([0, 2], 2)
    """

    def __init__(self, count: int = 256, seed: int = 0, seed2: int = 0) -> None:
        super().__init__()
        from .. import _checkparam as validator
        self.count = validator.check_positive_int(count, "count", "RandomChoiceWithMask")
        self.seed, self.seed2 = seed, seed2

    def __call__(self, input_x):
        if not isinstance(input_x, Tensor) or input_x.dtype != dtypes.ALL["bool_"]:
            got = f"Tensor[{input_x.dtype}]" if isinstance(input_x, Tensor) else \
                type(input_x).__name__
            raise TypeError("For primitive[RandomChoiceWithMask], the input argument[input_x] "
                            f"must be a type of {{Tensor[Bool]}}, but got {got}.")
        if not 1 <= input_x.ndim <= 5:
            raise ValueError("For 'RandomChoiceWithMask', the dimension of 'input_x' must be "
                             f"in [1, 5], but got {input_x.ndim}.")
        return _run(_choice_with_mask, (input_x,), {"count": self.count},
                    self.seed2 or self.seed or None)


FUNCTIONS = {f.__name__: f for f in (uniform, standard_normal, normal, randint, randperm,
                                     shuffle, multinomial, rand, randn, rand_like,
                                     randn_like, randint_like, dropout)}
class Randperm(_RandomPrimitive):
    """``ops.Randperm(max_length=1, pad=-1, dtype=mstype.int32)(n)``: a random permutation
    of ``0..n-1`` followed by ``pad`` up to ``max_length`` (``n`` a 1-element Int32/Int64
    Tensor). MindSpore 2.10's CPU build has no kernel for it; the permutation is mscompat's
    seeded stream.

    Example:
        >>> import mscompat as ms, numpy as np
        >>> out = ms.ops.Randperm(max_length=5)(ms.Tensor(np.array([3], np.int32)))
        >>> print(sorted(out.asnumpy()[:3].tolist()), out.asnumpy()[3:].tolist(), out.dtype)
        [0, 1, 2] [-1, -1] Int32
    """

    def __init__(self, max_length=1, pad=-1, dtype=None) -> None:
        super().__init__()
        if isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 1:
            raise ValueError(f"For 'Randperm', the 'max_length' must be a positive int, but "
                             f"got {max_length}.")
        if isinstance(pad, bool) or not isinstance(pad, int):
            raise TypeError(f"For 'Randperm', the 'pad' must be an int, but got "
                            f"{type(pad).__name__}.")
        self.max_length, self.pad = max_length, pad
        self.dtype = _dt(dtype, np.dtype(np.int32))

    @jaxconfig.entry
    def __call__(self, n):
        if not isinstance(n, Tensor) or np.dtype(dtypes.to_np(n.dtype)).kind not in "iu":
            raise TypeError("For 'Randperm', the 'n' must be an Int32 or Int64 Tensor.")
        count = int(np.asarray(n.asnumpy()).reshape(-1)[0])
        if not 0 <= count <= self.max_length:
            raise ValueError(f"For 'Randperm', 'n' must be in [0, max_length "
                             f"{self.max_length}], but got {count}.")
        perm = randperm(count, dtype=dtypes.to_mstype(self.dtype)) if count else None
        tail = np.full(self.max_length - count, self.pad, self.dtype)
        if perm is None:
            return Tensor(tail)
        return Tensor._wrap(jnp.concatenate([perm._data.astype(self.dtype), jnp.asarray(tail)]))


PRIMITIVES = {c.__name__: c for c in (UniformReal, StandardNormal, Dropout,
                                       RandomChoiceWithMask, UniformInt, Randperm)}
