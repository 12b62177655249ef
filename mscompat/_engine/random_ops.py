"""Random ops on one stateful JAX key stream, seeded by ``mindspore.set_seed``.

The stream's key lives in a hidden, non-trainable Parameter (``_STREAM``). Every random op
splits it and writes the new key back, so the same functionalization that carries Parameter
writes through ``jax.jit`` and ``jax.vjp`` carries the stream: a compiled GRAPH_MODE call draws
new numbers on every call (it never bakes a key in as a constant), a failed call consumes
nothing, and the same seed gives the same numbers in GRAPH_MODE and PYNATIVE_MODE.
The ops whose MindSpore kernels are followed (``rand``, ``randn``, ``randint``, ``uniform``,
``normal``, ``standard_normal``, ``multinomial``, ``randperm``, ``shuffle``,
``standard_laplace``, ``laplace``, ``choice_with_mask``, the ``_like`` forms,
``mindspore.numpy``'s, the seeded ``UniformReal``/``UniformInt``/``StandardNormal``/
``Dropout``/``RandomChoiceWithMask`` primitives) draw MindSpore's numbers wherever
MindSpore's are reproducible (``ms_random``: a seed is set); the rest, and those without any
seed, draw from this stream: same distributions, other draws (``docs/divergences.md``).

Example:
    >>> import mscompat as ms
    >>> ms.set_seed(1)
    >>> a = ms.ops.rand(3)
    >>> ms.set_seed(1)
    >>> bool((ms.ops.rand(3) == a).all())
    True
    >>> print(a)  # MindSpore's UniformReal kernel
    [0.542962   0.80578625 0.367501  ]
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


def _count(shape: tuple) -> int:
    return int(np.prod(shape, dtype=np.int64))


def _kernel_shape(shape, primitive: str) -> tuple:
    """A random primitive's ``shape`` input; MindSpore refuses negative sizes (zero is kept)."""
    dims = _as_ints(shape)
    if any(d < 0 for d in dims):
        raise ValueError(f"For primitive[{primitive}], the attribute[shape] should be a vector "
                         f"with all positive item. but got [{''.join(f'{d}, ' for d in dims)}].")
    return _shape(dims, primitive)


def _as_ints(shape) -> tuple:
    if isinstance(shape, Tensor):
        return tuple(int(v) for v in shape.asnumpy().reshape(-1))
    return (shape,) if isinstance(shape, int) else tuple(shape)


def _host(draw, shape: tuple, dtype, *operands: Tensor) -> Tensor:
    """``draw(*arrays)`` on the host: now, or inside a trace on every run of the program."""
    from .ms_random import host_values
    from .ops_build import call
    from .scope import tracing
    if not tracing():
        return Tensor(draw(*(np.asarray(t.asnumpy()) for t in operands)))
    return call(lambda *a: host_values(draw, shape, dtype, *a), tuple(t._data for t in operands))


def kernel_values(kernel, draw: str, shape: tuple, dtype, *args) -> Tensor:
    """``shape`` values of ``kernel``'s ``draw`` method (``ms_random.Kernel``), on the host."""
    return _host(lambda: getattr(kernel, draw)(_count(shape), *args).reshape(shape), shape,
                 np.dtype(dtype))


def uniform_real(shape, kernel) -> Tensor:
    """``UniformReal``'s Float32 values on [0, 1): MindSpore's kernel where it is followed,
    else the stream."""
    if kernel is None:
        return _run(_uniform, (0.0, 1.0), {"shape": shape, "dtype": _F32})
    return kernel_values(kernel, "uniform_real", shape, _F32)


def normal_values(shape, kernel) -> Tensor:
    """``StandardNormal``'s Float32 values."""
    if kernel is None:
        return _run(_normal, (0.0, 1.0), {"shape": shape, "dtype": _F32})
    return kernel_values(kernel, "standard_normal", shape, _F32)


def uniform_ints(shape, low: int, high: int, kernel) -> Tensor:
    """``UniformInt``'s Int32 values on [low, high)."""
    if low >= high:
        raise RuntimeError(f"For 'Random', invalid min/max values: ({low}/{high})")
    if kernel is None:
        return _run(_randint, (), {"low": low, "high": high, "shape": shape,
                                   "dtype": np.dtype(np.int32)})
    return kernel_values(kernel, "uniform_int", shape, np.int32, low, high)


def _functional(seed, name: str):
    from .ms_random import functional_kernel
    if isinstance(seed, int) and seed < 0:
        raise ValueError(f"For '{name}', the 'seed' must be int and must >= 0, but got "
                         f"'{seed}' with type '{type(seed).__name__}'.")
    return functional_kernel(seed, name)


def _cast(t: Tensor, dtype) -> Tensor:
    from .ops_build import call
    np_dtype = np.dtype(dtypes.to_np(dtype))
    return t if t._data.dtype == np_dtype else call(lambda a: a.astype(np_dtype), (t._data,))


def _float_dtype(dtype, name: str, default=None):
    dtype = dtype if dtype is not None else (default or dtypes.ALL["float32"])
    if not np.issubdtype(dtypes.to_np(dtype), np.floating):
        raise ValueError(f"For '{name}', the 'dtype' must be a float type, but got {dtype}.")
    return dtype


def _int_dtype(dtype, name: str):
    if not np.issubdtype(dtypes.to_np(dtype), np.integer) or dtypes.to_np(dtype) == np.bool_:
        raise ValueError(f"For '{name}', the 'dtype' must be an int type, but got {dtype}.")
    return dtype


def uniform(shape, minval, maxval, seed=None, dtype=dtypes.ALL["float32"]):
    """``ops.uniform``: ``UniformInt`` for Int32, else ``UniformReal * (maxval - minval) +
    minval`` (broadcasting ``minval``/``maxval`` against ``shape``)."""
    if not isinstance(minval, Tensor) or not isinstance(maxval, Tensor):
        raise TypeError("For functional operator[uniform], the input[minval] and input[maxval] "
                        "must be a Tensor.")
    if str(dtype) not in ("Int32", "Float32"):
        raise TypeError(f"The 'uniform' doesn't support '{dtype}' and expect to receive "
                        f"[mindspore.int32, mindspore.float32].")
    for t in (minval, maxval):
        if str(t.dtype) != str(dtype):
            raise TypeError(f"For 'uniform', the value data type '{dtype}' is not consistent "
                            f"with assigned tensor data type {t.dtype}.")
    kernel = _functional(seed, "uniform")
    if str(dtype) == "Int32":
        return UniformInt._draw(shape, minval, maxval, kernel)
    return uniform_real(_kernel_shape(shape, "UniformReal"), kernel) * (maxval - minval) + minval


def standard_normal(shape, seed=None):
    """``ops.standard_normal``: ``StandardNormal(shape)``."""
    return normal_values(_kernel_shape(shape, "StandardNormal"),
                         _functional(seed, "standard_normal"))


def normal(shape, mean, stddev, seed=None):
    """``ops.normal``: ``StandardNormal(shape) * stddev + mean``."""
    for name, value in (("mean", mean), ("stddev", stddev)):
        if not isinstance(value, (Tensor, int, float, np.ndarray)):
            raise TypeError(f"For 'normal', the type of '{name}' must be Tensor, int, or float, "
                            f"but got: {type(value)}")
    mean, stddev = (v if isinstance(v, Tensor) else Tensor(v) for v in (mean, stddev))
    kernel = _functional(seed, "normal")
    _check_shape_tuple(shape)
    return normal_values(shape, kernel) * stddev + mean


def _check_shape_tuple(shape) -> None:
    if not isinstance(shape, tuple):
        raise TypeError(f"Type of 'shape' must be tuple, but got: {type(shape)}")
    for item in shape:
        if not isinstance(item, int):
            raise TypeError(f"Elements of 'shape' must be int, but got: {type(item)}")
        if item < 1:
            raise ValueError(f"Elements of 'shape' must be positive int, but got: {item}")


def _int_bounds(low, high) -> None:
    for name, v in (("low", low), ("high", high)):
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For 'randint_like', '{name}' must be an int, but got {type(v)}.")


def randint(low, high, size, seed=None, *, dtype=None):
    """``ops.randint``: ``UniformInt`` over [low, high), cast to ``dtype`` (Int64)."""
    dtype = _int_dtype(dtypes.ALL["int64"] if dtype is None else dtype, "randint")
    if not isinstance(size, tuple):
        raise ValueError(f"For 'randint', the input 'size' must be a tuple, but got {size}.")
    _int_bounds(low, high)
    kernel = _functional(seed, "randint")
    return _cast(uniform_ints(_kernel_shape(size, "UniformInt"), low, high, kernel), dtype)


_RANDPERM_DTYPES = ("Float16", "Float32", "Float64", "Int16", "Int32", "Int64", "Int8", "UInt8")


def randperm(n, seed=0, offset=0, dtype=None):
    """``ops.randperm(n, seed=0, offset=0, dtype=int64)``: MindSpore's ``RandpermV2`` kernel,
    ``std::shuffle`` of ``0..n-1`` with ``std::mt19937(offset or seed)`` (the global seed
    plays no part); a negative ``seed`` is drawn from the system's entropy in MindSpore, from
    mscompat's stream here."""
    dtype = dtypes.ALL["int64"] if dtype is None else dtype
    if isinstance(n, Tensor):
        n = int(n.asnumpy())
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f'Failed calling RandpermV2 with "RandpermV2(seed=int, offset=int, '
                        f'dtype=mindspore.dtype)(n={type(n).__name__})".')
    if str(dtype) not in _RANDPERM_DTYPES:
        raise TypeError(f"For primitive[RandpermV2], the input argument[dtype] must be a type "
                        f"of {{{', '.join(_RANDPERM_DTYPES)}}}, but got {dtype}.")
    if n <= 0:
        raise ValueError(f"For 'RandpermV2', the input 'n' must be greater than 0, but got "
                         f"data: {n}.")
    if offset < 0:
        raise ValueError(f"For 'RandpermV2', the input 'offset' must be greater than 0 or "
                         f"equal to 0, but got data: {offset}.")
    np_dtype = np.dtype(dtypes.to_np(dtype))
    limit = np.finfo(np_dtype).max if np_dtype.kind == "f" else np.iinfo(np_dtype).max
    if n > limit + 1:
        raise ValueError(f"For 'RandpermV2', the value of 'n' is {n}, it's too lagrge for "
                         f"input 'dtype'. ")
    if seed < 0:
        return _run(_permutation, (), {"n": n, "dtype": np_dtype})
    from .std_random import Mt19937, std_shuffle
    order = std_shuffle(list(range(n)), Mt19937(offset or seed))
    return Tensor(np.asarray(order).astype(np_dtype))


def shuffle(x, seed=None):
    """``ops.shuffle``: MindSpore's ``RandomShuffle`` kernel permutes the first axis."""
    kernel = _functional(seed, "shuffle")
    if kernel is None or x.ndim == 0:
        return _run(_shuffle, (x,), {}, seed) if x.ndim else x
    n = x.shape[0]
    order = _host(lambda: np.asarray(kernel.shuffle_order(n), np.int32), (n,),
                  np.dtype(np.int32))
    return x[order]


def multinomial(input, num_samples, replacement=True, seed=None):
    """``ops.multinomial``: with replacement MindSpore's ``Multinomial`` kernel; without,
    ``top_k(log(UniformReal) / (input + 1e-6), num_samples)``'s indices, as MindSpore
    composes it."""
    if input.ndim not in (1, 2):
        raise ValueError(f"For 'multinomial', the dimension of inputs must be 1d or 2d, but "
                         f"got {input.ndim}.")
    kernel = _functional(seed, "multinomial")
    num_samples = int(num_samples)
    if not replacement:
        if input.shape[-1] < num_samples:
            raise ValueError(f"For 'multinomial', the 'num_samples' must be less than the last "
                             f"dimension of input without 'replacement', but got "
                             f"'num_samples': {num_samples} and 'replacement': {replacement}")
        if kernel is None:
            return _run(_multinomial, (input,), {"num_samples": num_samples,
                                                 "replacement": False})
        from .. import ops  # the public ops: MindSpore composes these
        rows = input.shape[-2] if input.ndim > 1 else 1
        u = uniform_real((rows * input.shape[-1],), kernel)
        if rows != 1:
            u = u.reshape(rows, input.shape[-1])
        return ops.top_k(ops.log(u) / (input + 1e-6), num_samples)[1]
    if kernel is None:
        return _run(_multinomial, (input,), {"num_samples": num_samples, "replacement": True})
    shape = tuple(input.shape[:-1]) + (num_samples,)
    return _host(lambda p: kernel.multinomial(p, num_samples), shape, np.dtype(np.int32),
                 input)


def _size(size, shown=lambda v: f"{v}."):
    """``rand``/``randn``'s ``*size`` (MindSpore's ``_generate_shapes``; ``mindspore.numpy``'s
    shows the offending value's type)."""
    if not size:
        return (1,)
    if len(size) == 1:
        if isinstance(size[0], int):
            return tuple(size)
        if isinstance(size[0], (list, tuple)):
            return tuple(size[0])
        raise TypeError(f"If the length of the argument 'shape' is 1, the type of the argument "
                        f"'shape' must be one of ['int', 'list', 'tuple'], but got "
                        f"{shown(size[0])}")
    for value in size:
        if not isinstance(value, int):
            raise TypeError(f"If the length of the argument 'shape' is > 1, the type of the "
                            f"argument 'shape' must all be int, but got {shown(value)}")
    return tuple(size)


def rand(*size, dtype=None, seed=None):
    """``ops.rand``: ``UniformReal`` cast to ``dtype`` (a float type, Float32)."""
    dtype = _float_dtype(dtype, "rand")
    shape = _size(size)
    kernel = _functional(seed, "rand")
    return _cast(uniform_real(_kernel_shape(shape, "UniformReal"), kernel), dtype)


def randn(*size, dtype=None, seed=None):
    """``ops.randn``: ``StandardNormal`` cast to ``dtype`` (a float type, Float32)."""
    dtype = _float_dtype(dtype, "randn")
    shape = _size(size)
    kernel = _functional(seed, "randn")
    return _cast(normal_values(_kernel_shape(shape, "StandardNormal"), kernel), dtype)


def _check_input(input, name: str) -> None:
    if not isinstance(input, Tensor):
        raise TypeError(f"For '{name}', the 'input' must be a Tensor, but got {type(input)}")


def rand_like(input, seed=None, *, dtype=None):
    """``ops.rand_like``: ``dtype`` defaults to the input's and must be a float type."""
    _check_input(input, "rand_like")
    dtype = _float_dtype(input.dtype if dtype is None else dtype, "rand_like")
    kernel = _functional(seed, "rand_like")
    return _cast(uniform_real(tuple(input.shape), kernel), dtype)


def randn_like(input, seed=None, *, dtype=None):
    """``ops.randn_like``: Float32 unless ``dtype`` (a float type) is given."""
    _check_input(input, "randn_like")
    dtype = _float_dtype(dtype, "randn_like")
    kernel = _functional(seed, "randn_like")
    return _cast(normal_values(tuple(input.shape), kernel), dtype)


def randint_like(input, low, high, seed=None, *, dtype=None):
    """``ops.randint_like``: ``dtype`` defaults to the input's and must be an int type."""
    _check_input(input, "randint_like")
    dtype = _int_dtype(input.dtype if dtype is None else dtype, "randint_like")
    _int_bounds(low, high)
    kernel = _functional(seed, "randint_like")
    return _cast(uniform_ints(tuple(input.shape), low, high, kernel), dtype)


def _dropout_channels(k, x, *, p):
    """Whole channels (axis 1) zeroed with probability ``p``, the rest scaled by 1/(1-p)."""
    keep = jax.random.bernoulli(_k(k), 1.0 - p, x.shape[:2] + (1,) * (x.ndim - 2))
    return x * keep.astype(x.dtype) / (1.0 - p)


def dropout_channels(input, p: float, seed=None):
    """``nn.Dropout2d``/``Dropout3d`` and ``ops.dropout2d/3d`` in training mode."""
    return _run(_dropout_channels, (input,), {"p": float(p)}, seed)


def stream_dropout(input, p: float):
    """Dropout from mscompat's stream, taking no seed counter: where MindSpore's kernel has
    no seeds (``MultiheadAttention``'s attention dropout, an unseeded ``Dropout`` primitive)
    or draws from a ``Generator`` (``mint``)."""
    if p == 0:
        return input
    return _run(_dropout, (input,), {"p": float(p)})[0]


def dropout(input, p=0.5, training=True, seed=None):
    """``ops.dropout``: zeros with probability ``p``, the rest scaled by ``1 / (1 - p)``.
    MindSpore builds a Dropout kernel per call from the ``"dropout"`` counter (per compiled
    graph inside one, kept from call to call there): its masks, where a seed is set."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"For 'dropout', the 'p' must be in range [0, 1], but got {p}.")
    if not training:
        return input
    from .ms_random import functional_kernel
    kernel = functional_kernel(seed, "dropout")
    if kernel is None:
        if p == 0:
            return input
        return _run(_dropout, (input,), {"p": float(p)}, seed)[0]
    return _kernel_dropout(input, 1.0 - float(p), kernel)[0]


def _kernel_dropout(x, keep_prob: float, kernel):
    """``(output, mask)`` of MindSpore's Dropout ``kernel`` on ``x``: the host gives the
    ``minstd_rand0`` state the mask starts from (now, or on every run of a compiled program)
    and ``ms_dropout.masked`` draws it."""
    from . import ms_dropout
    from .ops_build import call
    n = _count(tuple(x.shape))
    start = _host(lambda: np.asarray(kernel.dropout_start(n), np.int32), (), np.dtype(np.int32))
    out, mask, _ = call(ms_dropout.masked, (start._data, x._data), {"keep_prob": keep_prob})
    return out, mask


class _RandomPrimitive:
    def __init__(self, *args, **kwargs) -> None:
        self.args, self.kwargs = args, kwargs


def _check_seeds(name: str, **seeds) -> None:
    for arg, value in seeds.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"For '{name}', the '{arg}' must be int and must >= 0, but got "
                             f"'{value}' with type '{type(value).__name__}'.")


class _SeededPrimitive(_RandomPrimitive):
    """A random Primitive built with ``(seed, seed2)``: with a seed, MindSpore's kernel and
    its engine, kept from call to call; without, MindSpore seeds from the system's entropy and
    mscompat draws from its stream."""

    def __init__(self, seed=0, seed2=0) -> None:
        super().__init__()
        _check_seeds(type(self).__name__, seed=seed, seed2=seed2)
        self.seed, self.seed2 = seed, seed2

    def _kernel(self, shape):
        from .ms_random import primitive_kernel
        return primitive_kernel(self, self.seed, self.seed2, shape)


class UniformReal(_SeededPrimitive):
    """``ops.UniformReal(seed=0, seed2=0)(shape)``: Float32 in [0, 1)."""

    def __call__(self, shape):
        shape = _kernel_shape(shape, "UniformReal")
        return uniform_real(shape, self._kernel(shape))


class StandardNormal(_SeededPrimitive):
    """``ops.StandardNormal(seed=0, seed2=0)(shape)``: Float32 standard normal values."""

    def __call__(self, shape):
        shape = _kernel_shape(shape, "StandardNormal")
        return normal_values(shape, self._kernel(shape))


class Dropout(_RandomPrimitive):
    """``ops.Dropout(keep_prob=0.5, Seed0=0, Seed1=0)(x)``: (output, mask). With seeds, the
    kernel's generator (``ms_dropout``) is kept from call to call, as MindSpore's is."""

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0) -> None:  # noqa: N803
        super().__init__()
        if not 0.0 < keep_prob <= 1.0:
            raise ValueError(f"For 'Dropout', the 'keep_prob' must be in range (0, 1], but "
                             f"got {keep_prob}.")
        self.keep_prob, self.seeds = keep_prob, (Seed0, Seed1)

    def __call__(self, x):
        from .ms_random import primitive_kernel
        kernel = primitive_kernel(self, *self.seeds, (tuple(x.shape), str(x.dtype)))
        if kernel is None:
            return _run(_dropout, (x,), {"p": 1.0 - float(self.keep_prob)})
        return _kernel_dropout(x, float(self.keep_prob), kernel)


# Not op-table rows: each consumes the key stream before its computation.
class UniformInt(_SeededPrimitive):
    """``ops.UniformInt(seed=0, seed2=0)(shape, minval, maxval)``: Int32 in
    [minval, maxval), ``minval``/``maxval`` Int32 scalar Tensors."""

    def __call__(self, shape, minval, maxval):
        return self._draw(shape, minval, maxval, lambda: self._kernel(
            _kernel_shape(shape, "UniformInt")))

    @staticmethod
    def _draw(shape, minval, maxval, kernel):
        for name, v in (("minval", minval), ("maxval", maxval)):
            if not isinstance(v, Tensor) or str(v.dtype) != "Int32":
                got = f"Tensor[{v.dtype}]" if isinstance(v, Tensor) else type(v).__name__
                raise TypeError(f"For primitive[UniformInt], the input argument[{name}] must "
                                f"be a type of {{Tensor[Int32]}}, but got {got}.")
        for name, v in (("min", minval), ("max", maxval)):
            if v.ndim:
                raise ValueError(f"For UniformInt, the {name} value should be a scalar tensor, "
                                 f"while the shape is: ({', '.join(map(str, v.shape))})")
        kernel = kernel() if callable(kernel) else kernel  # a Primitive's: after the checks
        return uniform_ints(_kernel_shape(shape, "UniformInt"), int(minval.asnumpy()),
                            int(maxval.asnumpy()), kernel)


def choice_coordinates(flat, shape: tuple, xp=np):
    """The coordinate rows MindSpore's ``RandomChoiceWithMask`` kernel writes for flat
    positions: it sees an input of two or more dimensions as rows of
    ``prod(shape[1:])`` elements and writes ``(row, 0, ..., 0, column)`` (the true
    coordinates for two dimensions)."""
    flat = xp.asarray(flat).astype(np.int32)
    if len(shape) == 1:
        return flat[:, None]
    inner = int(np.prod(shape[1:], dtype=np.int64))
    zeros = [xp.zeros_like(flat)] * (len(shape) - 2)
    return xp.stack([flat // inner, *zeros, flat % inner], axis=-1).astype(np.int32)


def _choice_with_mask(k, x, *, count):
    """``count`` positions of the True elements of ``x`` in random order (first the True
    ones, in a random permutation), then zero rows; the mask says which rows are real."""
    flat = x.reshape(-1)
    n = flat.shape[0]
    score = jnp.where(flat, jax.random.uniform(_k(k), (n,)), 2.0)
    order = jnp.argsort(score)[:min(count, n)]
    valid = flat[order]
    index = choice_coordinates(order, x.shape, jnp)
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
    With seeds it is MindSpore's kernel (``ms_random``), kept from call to call per input
    shape; without, MindSpore draws from the system's entropy and mscompat from its stream.

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
        self.check(input_x)
        from .ms_random import primitive_kernel
        kernel = primitive_kernel(self, self.seed, self.seed2, tuple(input_x.shape))
        return self.draw(input_x, self.count, kernel)

    @staticmethod
    def check(input_x) -> None:
        if not isinstance(input_x, Tensor) or input_x.dtype != dtypes.ALL["bool_"]:
            got = f"Tensor[{input_x.dtype}]" if isinstance(input_x, Tensor) else \
                type(input_x).__name__
            raise TypeError("For primitive[RandomChoiceWithMask], the input argument[input_x] "
                            f"must be a type of {{Tensor[Bool]}}, but got {got}.")
        if not 1 <= input_x.ndim <= 5:
            raise ValueError("For 'RandomChoiceWithMask', the dimension of 'input_x' must be "
                             f"in [1, 5], but got {input_x.ndim}.")

    @staticmethod
    def draw(input_x, count: int, kernel):
        if kernel is None:
            return _run(_choice_with_mask, (input_x,), {"count": count})
        both = _host(lambda x: kernel.choice_with_mask(x, count),
                     (count, input_x.ndim + 1), np.dtype(np.int32), input_x)
        return both[:, :-1], both[:, -1].astype(dtypes.ALL["bool_"])


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
