"""More ``mindspore.numpy`` rows: rounding, matrix powers, convolutions, 2-D and N-D
histograms and index ravelling, as MindSpore's numpy computes them (``around`` is
``tensor_div(round(a * 10**d), 10**d)``, the histograms count in Float32,
``ravel_multi_index`` returns Float32 indices).

Example:
    >>> import mscompat as ms
    >>> import mscompat.numpy as mnp
    >>> print(mnp.around(ms.Tensor([1.25, 2.5, -0.5]), 1))
    [ 1.2  2.5 -0.5]
"""
from __future__ import annotations

from builtins import range as builtins_range
from collections.abc import Callable

import jax.numpy as jnp
import numpy as np

from .op_table import _real_div

_F32 = np.dtype(np.float32)


def _around(a, decimals=0):
    if isinstance(decimals, bool) or not isinstance(decimals, (int, np.integer)):
        raise TypeError("decimals must be an integer")
    if decimals < 0:
        raise ValueError("decimals < 0 is not supported now.")
    if decimals == 0:
        return jnp.round(a)
    scale = 10 ** int(decimals)
    return _real_div(jnp.round(a * jnp.asarray(scale, a.dtype)), jnp.asarray(scale, a.dtype))


def _edges(values, bins, span):
    """Bin edges of one coordinate: given, or ``lo + i * ((hi - lo) / bins)`` in float32
    (MindSpore's; NumPy's linspace rounds differently in the last bit)."""
    if not isinstance(bins, (int, np.integer)):
        return jnp.asarray(bins, _F32)
    lo, hi = (jnp.min(values), jnp.max(values)) if span is None else span
    lo, hi = jnp.asarray(lo, _F32), jnp.asarray(hi, _F32)
    step = (hi - lo) / jnp.asarray(int(bins), _F32)
    return lo + jnp.arange(int(bins) + 1, dtype=_F32) * step


def _in_dtype(fn: Callable, default_mode: str) -> Callable:
    """``convolve``/``correlate(a, v, mode)`` in the operands' dtype (integers stay)."""
    def impl(a, v, mode=default_mode):
        return fn(a, v, mode).astype(jnp.result_type(a, v))
    impl.__name__ = fn.__name__
    return impl


def _matrix_power(a, n):
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError("exponent must be an integer")
    if n < 0:
        raise ValueError("n < 0 is not supported now.")
    return jnp.linalg.matrix_power(a, int(n))


def _histogramdd(sample, bins=10, range=None, weights=None, density=False):  # noqa: A002
    sample = jnp.asarray(sample, _F32)
    dims = sample.shape[1]
    bins = [bins] * dims if isinstance(bins, (int, np.integer)) else list(bins)
    spans = [None] * dims if range is None else list(range)
    edges = [_edges(sample[:, d], bins[d], spans[d]) for d in builtins_range(dims)]
    counts, _ = jnp.histogramdd(sample, edges, weights=weights, density=density)
    return counts.astype(_F32), edges


def _histogram2d(x, y, bins=10, range=None, weights=None, density=False):  # noqa: A002
    counts, (xedges, yedges) = _histogramdd(jnp.stack([x, y], axis=1), bins, range, weights,
                                            density)
    return counts, xedges, yedges


def _ravel_multi_index(multi_index, dims, mode="clip", order="C"):
    return jnp.ravel_multi_index(tuple(multi_index), tuple(dims), mode=mode,
                                 order=order).astype(_F32)


# name: (implementation, keep Int64 results)
TABLE: dict[str, tuple[Callable, bool]] = {
    "around": (_around, False),
    "matrix_power": (_matrix_power, False),
    "convolve": (_in_dtype(jnp.convolve, "full"), False),
    "correlate": (_in_dtype(jnp.correlate, "valid"), False),
    "histogram2d": (_histogram2d, False),
    "histogramdd": (_histogramdd, False),
    "ravel_multi_index": (_ravel_multi_index, False),
}
