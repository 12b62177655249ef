"""``mindspore.mint``'s random functions (``rand``, ``randn``, ``randint``, ``randperm``,
``normal``, ``multinomial``, ``bernoulli`` and the ``*_like`` forms), with ``generator=``.

They draw from the ops' key stream or from the ``Generator`` given (``generator.py``), with
MindSpore's documented signatures and dtypes (Float32 draws, Int64 integers and samples).
MindSpore 2.10's CPU build has no kernels for them (they raise there), so the conventions
follow its documentation; MindSpore's own numbers (Philox) are not reproduced.

Example:
    >>> import mscompat as ms
    >>> g = ms.Generator().manual_seed(0)
    >>> x = ms.mint.randint(0, 10, (2, 3), generator=g)
    >>> x.shape, x.dtype
    ((2, 3), mindspore.int64)
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import dtypes
from .random_more import _bernoulli
from .random_ops import _dt, _multinomial, _normal, _permutation, _run, _shape, _uniform
from .tensor import Tensor

_I64 = np.dtype(np.int64)


def _size(size: tuple) -> tuple:
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return size


def rand(*size, generator=None, dtype=None, device=None) -> Tensor:
    """Uniform draws in [0, 1) (Float32 unless ``dtype``)."""
    return _run(_uniform, (0.0, 1.0), {"shape": _shape(_size(size), "rand"),
                                       "dtype": _dt(dtype)}, generator=generator)


def randn(*size, generator=None, dtype=None, device=None) -> Tensor:
    """Standard normal draws (Float32 unless ``dtype``)."""
    return _run(_normal, (0.0, 1.0), {"shape": _shape(_size(size), "randn"),
                                      "dtype": _dt(dtype)}, generator=generator)


def _int_range(args: tuple, name: str) -> tuple:
    if len(args) == 2:
        return (0,) + tuple(args)
    if len(args) == 3:
        return tuple(args)
    raise TypeError(f"{name}() takes (low=0, high, size) but got {len(args)} positional "
                    f"arguments.")


def randint(*args, generator=None, dtype=None, device=None) -> Tensor:
    """``randint(low=0, high, size, *, generator=None, dtype=None)``: integers in
    [low, high) (Int64 unless ``dtype``)."""
    low, high, size = _int_range(args, "randint")
    return _run(_uniform, (int(low), int(high)), {"shape": _shape(size, "randint"),
                                                  "dtype": _dt(dtype, _I64)},
                generator=generator)


def randperm(n, *, generator=None, dtype=None) -> Tensor:
    """A random permutation of ``0..n-1`` (Int64 unless ``dtype``)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"For 'randperm', 'n' must be a non-negative int, but got {n}.")
    return _run(_permutation, (), {"n": n, "dtype": _dt(dtype, _I64)}, generator=generator)


def _normal_of(k, mean, std, *, shape):
    dtype = jnp.result_type(mean, std, jnp.float32)
    return mean + std * jax.random.normal(jax.random.wrap_key_data(k), shape, dtype)


def normal(mean=0.0, std=1.0, size=None, generator=None) -> Tensor:
    """``normal(mean, std, size=None, generator=None)``: ``mean``/``std`` numbers (then
    ``size`` gives the shape) or Tensors (the result takes their broadcast shape)."""
    tensors = [v for v in (mean, std) if isinstance(v, Tensor)]
    if tensors:
        shape = np.broadcast_shapes(*(tuple(t.shape) for t in tensors))
    elif size is None:
        raise TypeError("For 'normal', 'size' must be given when 'mean' and 'std' are "
                        "numbers.")
    else:
        shape = _shape(size, "normal")
    return _run(_normal_of, (mean, std), {"shape": tuple(shape)}, generator=generator)


def _multinomial_i64(k, probs, *, num_samples, replacement):
    return _multinomial(k, probs, num_samples=num_samples,
                        replacement=replacement).astype(jnp.int64)


def multinomial(input, num_samples, replacement=False, *, generator=None) -> Tensor:
    """Indices sampled from the rows of ``input`` (weights), Int64."""
    if not replacement and num_samples > input.shape[-1]:
        raise ValueError(f"For 'multinomial', 'num_samples' must be at most the number of "
                         f"categories ({input.shape[-1]}) when 'replacement' is False, but "
                         f"got {num_samples}.")
    return _run(_multinomial_i64, (input,), {"num_samples": int(num_samples),
                                             "replacement": bool(replacement)},
                generator=generator)


def bernoulli(input, *, generator=None) -> Tensor:
    """0/1 draws, 1 with probability ``input``, in ``input``'s dtype and shape."""
    return _run(_bernoulli, (input,), {"shape": tuple(input.shape),
                                       "dtype": input._data.dtype}, generator=generator)


def _like_dtype(input, dtype):
    return dtypes.to_mstype(input._data.dtype) if dtype is None else dtype


def rand_like(input, *, dtype=None, device=None) -> Tensor:
    return rand(*input.shape, dtype=_like_dtype(input, dtype))


def randn_like(input, *, dtype=None, device=None) -> Tensor:
    return randn(*input.shape, dtype=_like_dtype(input, dtype))


def randint_like(*args, dtype=None, device=None) -> Tensor:
    """``randint_like(input, low=0, high, *, dtype=None)``."""
    if len(args) not in (2, 3):
        raise TypeError(f"randint_like() takes (input, low=0, high) but got {len(args)} "
                        f"positional arguments.")
    input, rest = args[0], args[1:]
    low, high = (0, rest[0]) if len(rest) == 1 else rest
    out_dtype = _like_dtype(input, dtype)
    drawn = randint(int(low), int(high), tuple(input.shape))
    return drawn.astype(out_dtype)


FUNCTIONS = {f.__name__: f for f in (rand, randn, randint, randperm, normal, multinomial,
                                     bernoulli, rand_like, randn_like, randint_like)}
