"""The less common random ops (``bernoulli``, ``laplace``, ``gamma``, ``poisson``,
``random_gamma``, ``random_poisson``, ``random_categorical``) and the Tensor random methods
(``uniform``, ``normal_``, ``random_``, ``exponential_``, ``bernoulli``/``bernoulli_``,
``log_normal``, ``cauchy``, ``multinomial``, ``random_categorical``), on the seeded key
stream of ``random_ops``. Dtypes and shapes follow MindSpore 2.10 (recorded where its CPU
build has the kernel, ``tests/conformance/cases/random_more.py``); the draws are mscompat's,
except ``standard_laplace``, ``laplace``, ``choice_with_mask`` and ``random_categorical``
after a seed, which are MindSpore's kernels' (``ms_random``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> ms.set_seed(0)
    >>> b = ms.ops.bernoulli(ms.Tensor(np.zeros((3,), np.float32)), 1.0)
    >>> print(b)
    [1. 1. 1.]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes
from .ms_dropout import OPS_STREAM_ONLY
from .random_ops import (
    _check_shape_tuple,
    _functional,
    _host,
    _k,
    _kernel_shape,
    _normal,
    _run,
    _shape,
    _uniform,
    kernel_values,
)
from .tensor import Tensor

_F32 = np.dtype(np.float32)
_BERNOULLI_DTYPES = ("bool", "float32", "float64", "int16", "int32", "int64", "int8", "uint8")


def _value(v):
    return v._data if isinstance(v, Tensor) else v


def _shape_of(shape, name):
    if isinstance(shape, Tensor):
        return tuple(int(i) for i in np.asarray(shape.asnumpy()).reshape(-1))
    return _shape(shape, name)


# -- draws on (key data, ...) arrays -------------------------------------------------------
def _bernoulli(k, p, *, shape, dtype):
    return jax.random.bernoulli(_k(k), jnp.broadcast_to(p, shape), shape).astype(dtype)


def _laplace(k, mean, scale, *, shape):
    return (mean + scale * jax.random.laplace(_k(k), shape, jnp.float32)).astype(jnp.float32)


def _gamma(k, alpha, beta, *, shape, dtype):
    return (jax.random.gamma(_k(k), jnp.broadcast_to(alpha, shape), shape, dtype) /
            jnp.broadcast_to(beta, shape)).astype(dtype)


def _poisson(k, rate, *, shape, dtype):
    return jax.random.poisson(_k(k), jnp.broadcast_to(rate, shape), shape).astype(dtype)


def _categorical(k, logits, *, num_sample, dtype):
    out = jax.random.categorical(_k(k), logits, axis=-1, shape=(num_sample,) + logits.shape[:-1])
    return jnp.moveaxis(out, 0, -1).astype(dtype)


def _gumbel_softmax(k, logits, *, tau, hard, dim):
    y = jax.nn.softmax((logits + jax.random.gumbel(_k(k), logits.shape, logits.dtype)) / tau,
                       axis=dim)
    if not hard:
        return y
    one_hot = (y == jnp.max(y, axis=dim, keepdims=True)).astype(y.dtype)
    return one_hot - jax.lax.stop_gradient(y) + y  # straight-through: soft gradient


def _exponential(k, *, lambd, shape, dtype):
    return (jax.random.exponential(_k(k), shape, jnp.float32) / lambd).astype(dtype)


def _cauchy(k, *, median, sigma, shape, dtype):
    return (median + sigma * jax.random.cauchy(_k(k), shape, jnp.float32)).astype(dtype)


# -- ops.* ---------------------------------------------------------------------------------
def bernoulli(input, p=0.5, seed=None):
    """``ops.bernoulli(input, p=0.5, seed=None)``: 0/1 in ``input``'s dtype and shape, 1
    with probability ``p`` (a number or a Tensor broadcast to ``input``)."""
    name = str(np.dtype(input._data.dtype))
    if name not in _BERNOULLI_DTYPES:
        raise TypeError(f"For primitive[Bernoulli], the input argument[x] must be a type of "
                        f"{{Tensor[Bool], Tensor[Float32], Tensor[Float64], Tensor[Int16], "
                        f"Tensor[Int32], Tensor[Int64], Tensor[Int8], Tensor[UInt8]}}, but got "
                        f"Tensor[{input.dtype}].")
    return _run(_bernoulli, (jnp.asarray(_value(p), jnp.float32),),
                {"shape": tuple(input.shape), "dtype": input._data.dtype}, seed)


def _standard_laplace(shape: tuple, kernel) -> Tensor:
    """``StandardLaplace``'s Float32 values: MindSpore's kernel (``ms_random``) after a seed,
    else the stream."""
    if kernel is None:
        return _run(_laplace, (0.0, 1.0), {"shape": shape})
    return kernel_values(kernel, "standard_laplace", shape, _F32)


def standard_laplace(shape, seed=None):
    """``ops.standard_laplace``: ``StandardLaplace(shape)``."""
    kernel = _functional(seed, "standard_laplace")
    return _standard_laplace(_kernel_shape(shape, "StandardLaplace"), kernel)


def laplace(shape, mean, lambda_param, seed=None):
    """``ops.laplace``: ``StandardLaplace(shape) * lambda_param + mean`` (Float32 Tensors)."""
    for t in (mean, lambda_param):
        dtype = getattr(t, "dtype", None)
        if str(dtype) != "Float32":
            raise TypeError(f"For 'laplace', the value data type 'Float32' is not consistent "
                            f"with assigned tensor data type {dtype}.")
    kernel = _functional(seed, "laplace")
    _check_shape_tuple(shape)
    return _standard_laplace(shape, kernel) * lambda_param + mean


def gamma(shape, alpha, beta, seed=None):
    out = np.broadcast_shapes(_shape(shape, "gamma"), np.shape(_value(alpha)),
                              np.shape(_value(beta)))
    return _run(_gamma, (_value(alpha), _value(beta)), {"shape": out, "dtype": _F32}, seed)


def poisson(shape, mean, seed=None):
    out = np.broadcast_shapes(_shape(shape, "poisson"), np.shape(_value(mean)))
    return _run(_poisson, (_value(mean),), {"shape": out, "dtype": _F32}, seed)


def random_gamma(shape, alpha, seed=None):
    """``ops.random_gamma(shape, alpha, seed=None)``: ``shape + alpha.shape``, ``alpha``'s
    dtype."""
    out = _shape_of(shape, "random_gamma") + tuple(alpha.shape)
    return _run(_gamma, (alpha._data, 1.0), {"shape": out, "dtype": alpha._data.dtype}, seed)


def random_poisson(shape, rate, seed=None, dtype=None):
    out = _shape_of(shape, "random_poisson") + tuple(rate.shape)
    dt = dtypes.to_np(dtype) if dtype is not None else _F32
    return _run(_poisson, (rate._data,), {"shape": out, "dtype": dt}, seed)


def random_categorical(logits, num_sample, seed=0, dtype=None):
    """``ops.random_categorical(logits, num_sample, seed=0, dtype=int64)``: with a seed,
    MindSpore's ``RandomCategorical`` kernel for 2-D Float32 logits (a kernel per call,
    seeded ``(0, seed)``); seed 0 is the system's entropy in MindSpore, mscompat's stream
    here."""
    dt = dtypes.to_np(dtype) if dtype is not None else np.dtype(np.int64)
    if (not seed or OPS_STREAM_ONLY.get() or logits.ndim != 2
            or str(logits.dtype) != "Float32"):
        return _run(_categorical, (logits._data,), {"num_sample": int(num_sample),
                                                    "dtype": dt}, seed or None)
    from .ms_random import Kernel
    kernel, n = Kernel((0, int(seed))), int(num_sample)
    out = _host(lambda a: kernel.random_categorical(a, n), (logits.shape[0], n),
                np.dtype(np.int64), logits)
    return out if dt == np.dtype(np.int64) else out.astype(dtypes.to_mstype(dt))


def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    """``ops.gumbel_softmax(logits, tau=1.0, hard=False, dim=-1)``: softmax of
    ``(logits + Gumbel noise) / tau``; ``hard`` gives the one-hot of its maximum with the
    soft sample's gradient."""
    if tau <= 0:
        raise ValueError(f"For 'gumbel_softmax', the 'tau' must be greater than 0, but got "
                         f"{tau}.")
    return _run(_gumbel_softmax, (logits._data,), {"tau": float(tau), "hard": bool(hard),
                                                   "dim": int(dim)})


def _rrelu(k, x, lo, hi):
    """MindSpore's rrelu: ``(-clip(sign(x), max=0) * mask + clip(sign(x), min=0)) * x`` with
    ``mask`` uniform in ``[lower, upper)`` (drawn in float32, cast to ``x``'s dtype)."""
    mask = jax.random.uniform(_k(k), x.shape, jnp.float32, lo, hi).astype(x.dtype)
    sign = jnp.sign(x)
    return (jnp.minimum(sign, 0) * mask * -1 + jnp.maximum(sign, 0)) * x


def rrelu(input, lower=1.0 / 8, upper=1.0 / 3):
    """``ops.rrelu(input, lower=1/8, upper=1/3)``: negative values scaled by a slope drawn
    uniformly in ``[lower, upper)`` per element (mscompat's seeded stream), as MindSpore does
    in every mode (its ``nn.RReLU`` too)."""
    for name, v in (("upper", upper), ("lower", lower)):
        if isinstance(v, bool) or not isinstance(v, (float, int)):
            raise TypeError(f"For 'rrelu', '{name}' must be an int or a float, but got "
                            f"{type(v)}")
    if lower > upper:
        raise ValueError(f"For 'rrelu', the value of 'upper' must be greater than or equal to "
                         f"'lower', but got upper: {upper}, lower: {lower}. ")
    if not isinstance(input, Tensor):
        raise TypeError(f"For 'rrelu', the 'input' must be a Tensor but got {type(input)}.")
    return _run(_rrelu, (input, float(lower), float(upper)), {})


def choice_with_mask(input_x, count=256, seed=None):
    """``ops.choice_with_mask``: a ``RandomChoiceWithMask`` seeded from the
    ``"choice_with_mask"`` counter, MindSpore's kernel after a seed."""
    from .random_ops import RandomChoiceWithMask
    prim = RandomChoiceWithMask(count)  # its argument checks
    prim.check(input_x)
    return prim.draw(input_x, prim.count, _functional(seed, "choice_with_mask"))


FUNCTIONS = {f.__name__: f for f in (bernoulli, standard_laplace, laplace, gamma, poisson,
                                     random_gamma, random_poisson, random_categorical,
                                     gumbel_softmax, choice_with_mask, rrelu)}


# -- Tensor methods ------------------------------------------------------------------------
def _drawn(self, impl, args=(), generator=None, **kwargs):
    """A draw of ``self``'s shape: integers in its dtype, floats drawn in Float32 and cast
    (from ``generator``'s stream when one is given)."""
    dtype = self._data.dtype
    draw_dtype = dtype if jnp.issubdtype(dtype, jnp.integer) else _F32
    out = _run(impl, args, {"shape": tuple(self.shape), "dtype": draw_dtype, **kwargs},
               generator=generator)
    return out if draw_dtype == dtype else out.astype(dtypes.to_mstype(dtype))


def _written(self, value):
    self._data = value._data
    return self


def _tensor_uniform(self, from_=0.0, to=1.0, generator=None):
    return _drawn(self, _uniform, (float(from_), float(to)), generator)


def _normal_(self, mean=0, std=1, *, generator=None):
    return _written(self, _drawn(self, _normal, (float(mean), float(std)), generator))


def _random_(self, from_=0, to=None, *, generator=None):
    if to is None:
        to, from_ = from_, 0
    return _written(self, _drawn(self, _uniform, (int(from_), int(to)), generator))


def _exponential_(self, lambd=1, *, generator=None):
    return _written(self, _drawn(self, _exponential, generator=generator, lambd=float(lambd)))


def _tensor_bernoulli(self, *, generator=None):
    return _run(_bernoulli, (self._data,), {"shape": tuple(self.shape),
                                            "dtype": self._data.dtype}, generator=generator)


def _bernoulli_(self, p=0.5, *, generator=None):
    return _written(self, _run(_bernoulli, (jnp.asarray(_value(p), jnp.float32),),
                               {"shape": tuple(self.shape), "dtype": self._data.dtype},
                               generator=generator))


def _log_normal(self, mean=1.0, std=2.0):
    normal = _drawn(self, _normal, (float(mean), float(std)))
    return Tensor._wrap(jnp.exp(normal._data))


def _tensor_cauchy(self, median=0.0, sigma=1.0):
    return _drawn(self, _cauchy, median=float(median), sigma=float(sigma))


def _multinomial(self, num_samples, replacement=True, seed=None):
    from .random_ops import multinomial
    return multinomial(self, num_samples, replacement, seed)


def _tensor_random_categorical(self, num_sample, seed=0, dtype=None):
    return random_categorical(self, num_sample, seed, dtype)


METHODS = {
    "uniform": _tensor_uniform, "normal_": _normal_, "random_": _random_,
    "exponential_": _exponential_, "bernoulli": _tensor_bernoulli, "bernoulli_": _bernoulli_,
    "log_normal": _log_normal, "cauchy": _tensor_cauchy, "multinomial": _multinomial,
    "random_categorical": _tensor_random_categorical,
}
for _name, _fn in METHODS.items():
    if _name not in Tensor.__dict__:
        setattr(Tensor, _name, _fn)
