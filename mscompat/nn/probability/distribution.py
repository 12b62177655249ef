"""``mindspore.nn.probability.distribution``: ``Normal``, ``Uniform``, ``Bernoulli`` and
``Categorical`` as Cells, with MindSpore's method set (``prob``, ``log_prob``, ``cdf``,
``log_cdf``, ``survival_function``, ``log_survival``, ``mean``, ``sd``, ``var``, ``mode``,
``entropy``, ``kl_loss``, ``cross_entropy``, ``sample``) and parameters given at
construction or per call. ``prob`` is ``exp(log_prob)``, as MindSpore computes it. Samples
come from mscompat's seeded stream.

Example:
    >>> import mscompat as ms
    >>> from mscompat.nn.probability import distribution as msd
    >>> n = msd.Normal(3.0, 4.0)
    >>> print(n.mean(), n.cdf(ms.Tensor([3.0])))
    3.0 [0.5]
"""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from ..._engine import dtypes, random_ops
from ..._engine.cell import Cell
from ..._engine.ops_build import call
from ..._engine.tensor import Tensor
from ..._engine.unsupported import module_getattr as _module_getattr

_F32 = dtypes.ALL["float32"]


def _show(v) -> str:
    if v is None:
        return "None"
    a = np.asarray(v, np.float32)
    return str(a if a.ndim else np.float32(a))


def _arr(v, dtype=np.float32):
    if isinstance(v, Tensor):
        return v._data.astype(dtype)
    return jnp.asarray(v, dtype)


class Distribution(Cell):
    """The base: parameters (``self._params``: name -> default array or None) and the
    shared methods; subclasses give ``_log_prob``, ``_cdf``, moments and ``_sample``."""

    _names: tuple[str, ...] = ()

    def __init__(self, seed, dtype, name: str, params: dict) -> None:
        super().__init__()
        self.seed, self.dtype, self._name = seed, dtype, name
        self._params = {k: (None if v is None else _arr(v)) for k, v in params.items()}

    def _get(self, given):
        out = []
        for name, value in zip(self._names, list(given) + [None] * len(self._names)):
            if value is None:
                value = self._params[name]
            if value is None:
                raise ValueError(f"For '{self._name}', the parameter '{name}' must be given "
                                 "at construction or in the call.")
            out.append(_arr(value))
        return out

    def _run(self, fn, *args):
        return call(fn, tuple(args))

    # element-wise functions of a value
    def log_prob(self, value, *params):
        return self._run(self._log_prob, _arr(value), *self._get(params))

    def prob(self, value, *params):
        return self._run(lambda x, *p: jnp.exp(self._log_prob(x, *p)), _arr(value),
                         *self._get(params))

    def cdf(self, value, *params):
        return self._run(self._cdf, _arr(value), *self._get(params))

    def log_cdf(self, value, *params):
        return self._run(lambda x, *p: jnp.log(self._cdf(x, *p)), _arr(value),
                         *self._get(params))

    def survival_function(self, value, *params):
        return self._run(lambda x, *p: 1.0 - self._cdf(x, *p), _arr(value),
                         *self._get(params))

    def log_survival(self, value, *params):
        return self._run(lambda x, *p: jnp.log(1.0 - self._cdf(x, *p)), _arr(value),
                         *self._get(params))

    # moments
    def mean(self, *params):
        return self._run(self._mean, *self._get(params))

    def sd(self, *params):
        return self._run(lambda *p: jnp.sqrt(self._var(*p)), *self._get(params))

    def var(self, *params):
        return self._run(self._var, *self._get(params))

    def mode(self, *params):
        return self._run(self._mode, *self._get(params))

    def entropy(self, *params):
        return self._run(self._entropy, *self._get(params))

    def kl_loss(self, dist: str, *params):
        n = len(self._names)
        other, mine = [_arr(p) for p in params[:n]], self._get(params[n:])
        if dist != type(self).__name__:
            raise NotImplementedError(f"{type(self).__name__}.kl_loss against '{dist}' is not "
                                      "supported by mscompat yet.")
        return self._run(lambda *a: self._kl(a[n:], a[:n]), *other, *mine)

    def cross_entropy(self, dist: str, *params):
        n = len(self._names)
        return self.entropy(*params[n:]) + self.kl_loss(dist, *params)

    def sample(self, shape=(), *params):
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        args = self._get(params)
        batch = jnp.broadcast_shapes(*(a.shape for a in args))
        key = random_ops.next_key(self.seed if self.seed else None)
        return self._run(lambda k, *p: self._sample(k, shape + batch, *p), key._data, *args)

    def construct(self, name: str, *args):
        return getattr(self, name)(*args)

    def extend_repr(self) -> str:
        return self._describe()


class Normal(Distribution):
    """``Normal(mean=None, sd=None, seed=None, dtype=mstype.float32, name='Normal')``."""

    _names = ("mean", "sd")

    def __init__(self, mean=None, sd=None, seed=None, dtype=_F32, name: str = "Normal"):
        super().__init__(seed, dtype, name, {"mean": mean, "sd": sd})

    def _describe(self) -> str:
        return (f"mean = {_show(self._params['mean'])}, standard deviation = "
                f"{_show(self._params['sd'])}")

    @staticmethod
    def _log_prob(x, m, s):
        return -jnp.square(x - m) / (2 * jnp.square(s)) - jnp.log(s) - 0.5 * math.log(2 * math.pi)

    @staticmethod
    def _cdf(x, m, s):
        return 0.5 * (1 + jax.scipy.special.erf((x - m) / (s * math.sqrt(2.0))))

    @staticmethod
    def _mean(m, s):
        return m * jnp.ones_like(s)

    _mode = _mean

    @staticmethod
    def _var(m, s):
        return jnp.square(s) * jnp.ones_like(m)

    @staticmethod
    def _entropy(m, s):
        return jnp.log(s) + 0.5 * math.log(2 * math.pi * math.e) + jnp.zeros_like(m)

    @staticmethod
    def _kl(a, b):
        (ma, sa), (mb, sb) = a, b
        return jnp.log(sb / sa) + (jnp.square(sa) + jnp.square(ma - mb)) / (
            2 * jnp.square(sb)) - 0.5

    @staticmethod
    def _sample(key, shape, m, s):
        return m + s * jax.random.normal(key, shape, jnp.float32)


class Uniform(Distribution):
    """``Uniform(low=None, high=None, seed=None, dtype=mstype.float32, name='Uniform')``."""

    _names = ("low", "high")

    def __init__(self, low=None, high=None, seed=None, dtype=_F32, name: str = "Uniform"):
        super().__init__(seed, dtype, name, {"low": low, "high": high})

    def _describe(self) -> str:
        return f"low = {_show(self._params['low'])}, high = {_show(self._params['high'])}"

    @staticmethod
    def _log_prob(x, lo, hi):
        inside = (x >= lo) & (x <= hi)
        return jnp.where(inside, -jnp.log(hi - lo), -jnp.inf)

    @staticmethod
    def _cdf(x, lo, hi):
        return jnp.clip((x - lo) / (hi - lo), 0.0, 1.0)

    @staticmethod
    def _mean(lo, hi):
        return (lo + hi) / 2

    @staticmethod
    def _var(lo, hi):
        return jnp.square(hi - lo) / 12

    @staticmethod
    def _mode(lo, hi):
        return jnp.full(jnp.broadcast_shapes(lo.shape, hi.shape), jnp.nan, jnp.float32)

    @staticmethod
    def _entropy(lo, hi):
        return jnp.log(hi - lo)

    @staticmethod
    def _kl(a, b):
        (la, ha), (lb, hb) = a, b
        inside = (lb <= la) & (ha <= hb)
        return jnp.where(inside, jnp.log((hb - lb) / (ha - la)), jnp.inf)

    @staticmethod
    def _sample(key, shape, lo, hi):
        return lo + (hi - lo) * jax.random.uniform(key, shape, jnp.float32)


class Bernoulli(Distribution):
    """``Bernoulli(probs=None, seed=None, dtype=mstype.int32, name='Bernoulli')``: values
    0/1 (samples of ``dtype``)."""

    _names = ("probs",)

    def __init__(self, probs=None, seed=None, dtype=dtypes.ALL["int32"],
                 name: str = "Bernoulli"):
        super().__init__(seed, dtype, name, {"probs": probs})

    def _describe(self) -> str:
        return f"probs = {_show(self._params['probs'])}"

    @staticmethod
    def _log_prob(x, p):
        return x * jnp.log(p) + (1 - x) * jnp.log1p(-p)

    @staticmethod
    def _cdf(x, p):
        return jnp.where(x < 0, 0.0, jnp.where(x < 1, 1 - p, 1.0))

    @staticmethod
    def _mean(p):
        return p

    @staticmethod
    def _var(p):
        return p * (1 - p)

    @staticmethod
    def _mode(p):
        return jnp.where(p > 0.5, 1.0, 0.0)

    @staticmethod
    def _entropy(p):
        return -(p * jnp.log(p) + (1 - p) * jnp.log1p(-p))

    @staticmethod
    def _kl(a, b):
        (pa,), (pb,) = a, b
        return pa * (jnp.log(pa) - jnp.log(pb)) + (1 - pa) * (jnp.log1p(-pa) - jnp.log1p(-pb))

    def _sample(self, key, shape, p):
        return jax.random.bernoulli(key, p, shape).astype(dtypes.to_np(self.dtype))


class Categorical(Distribution):
    """``Categorical(probs=None, seed=None, dtype=mstype.int32, name='Categorical')``: the
    category indices 0..K-1 with ``probs`` (the last axis)."""

    _names = ("probs",)

    def __init__(self, probs=None, seed=None, dtype=dtypes.ALL["int32"],
                 name: str = "Categorical"):
        super().__init__(seed, dtype, name, {"probs": probs})

    def _describe(self) -> str:
        return f"probs = {_show(self._params['probs'])}"

    @staticmethod
    def _log_prob(x, p):
        return jnp.log(jnp.take(p, x.astype(jnp.int32), axis=-1))

    @staticmethod
    def _cdf(x, p):
        cum = jnp.cumsum(p, axis=-1)
        idx = jnp.clip(jnp.floor(x).astype(jnp.int32), 0, p.shape[-1] - 1)
        return jnp.where(x < 0, 0.0, jnp.take(cum, idx, axis=-1))

    @staticmethod
    def _mean(p):
        return jnp.sum(p * jnp.arange(p.shape[-1], dtype=p.dtype), axis=-1)

    @staticmethod
    def _var(p):
        k = jnp.arange(p.shape[-1], dtype=p.dtype)
        m = jnp.sum(p * k, axis=-1, keepdims=True)
        return jnp.sum(p * jnp.square(k - m), axis=-1)

    @staticmethod
    def _mode(p):
        return jnp.argmax(p, axis=-1).astype(jnp.float32)

    @staticmethod
    def _entropy(p):
        return -jnp.sum(p * jnp.log(p), axis=-1)

    @staticmethod
    def _kl(a, b):
        (pa,), (pb,) = a, b
        return jnp.sum(pa * (jnp.log(pa) - jnp.log(pb)), axis=-1)

    def _sample(self, key, shape, p):
        # ``shape`` ends with the parameters' shape: the last axis is the categories
        out = jax.random.categorical(key, jnp.log(p), shape=shape[:-1])
        return out.astype(dtypes.to_np(self.dtype))


__all__ = ["Bernoulli", "Categorical", "Distribution", "Normal", "Uniform"]
__getattr__ = _module_getattr("mindspore.nn.probability.distribution")
