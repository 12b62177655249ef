"""More of ``mindspore.mint``: the reductions, sorts and shape functions MindSpore 2.10
exports there with PyTorch's signatures (``dim``/``keepdim``, Int64 indices).

Several have no CPU kernel in MindSpore 2.10 (``sort``, ``argsort``, ``count_nonzero``,
``diag``, ``equal``, ``frac``, ``log2``, ``log10``, ``isneginf``, ``logaddexp``,
``logsumexp``, ``median``, ``norm`` but ``'nuc'``: "The kernel ... unregistered"); they
compute what their documentation describes, as on the devices that have them
(docs/divergences.md). The rest are recorded against MindSpore's CPU build (``mint_more``).

Example:
    >>> import mscompat as ms
    >>> values, indices = ms.mint.sort(ms.Tensor([[3.0, 1.0, 2.0]]), descending=True)
    >>> print(values, indices)
    [[3. 2. 1.]] [[0 2 1]]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from . import bprops
from .mint_rows import _vector_norm
from .op_rows_array import _chunk
from .op_rows_math import _cumprod_method
from .op_rows_more_math import _median, _nansum, _std_var_mean
from .op_table import _axis, _max, _min, _np_or_none
from .tensor_methods_more import _index_add_dim, _kthvalue

_I64 = np.dtype(np.int64)

# mint name -> the ``ops`` functional it is (same signature and results)
ALIASES: dict[str, str] = {
    # (the ops function has mint's signature)
    "addbmm": "addbmm", "addmm": "addmm", "addmv": "addmv", "addcmul": "addcmul",
    "addcdiv": "addcdiv",
    "bincount": "bincount", "dstack": "dstack", "hstack": "hstack", "float_power": "float_power",
    "full_like": "full_like", "histc": "histc", "mm": "mm", "take": "take",
    "unique_consecutive": "unique_consecutive",
    "isinf": "isinf", "log2": "log2", "log10": "log10", "frac": "frac",
    "logaddexp": "logaddexp", "logaddexp2": "logaddexp2", "ravel": "ravel", "gcd": "gcd",
    "real": "real", "polar": "polar", "ge": "ge", "less": "less", "less_equal": "less_equal",
    "not_equal": "not_equal", "fmod": "fmod", "isneginf": "isneginf", "swapaxes": "swapaxes",
}


def _extreme(reduce):
    def impl(input, dim=(), keepdim=False):
        return reduce(input, axis=_axis(dim), keepdims=keepdim)
    return impl


def _sort(input, *, dim=-1, descending=False, stable=False):
    """(sorted values, their Int64 indices); ties keep their order."""
    idx = jnp.argsort(input, axis=dim, stable=True, descending=descending)
    return jnp.take_along_axis(input, idx, axis=dim), idx.astype(_I64)


def _argsort(input, dim=-1, descending=False, stable=False):
    return _sort(input, dim=dim, descending=descending)[1]


def _count_nonzero(input, dim=None):
    return jnp.sum(input != 0, axis=_axis(dim)).astype(_I64)


def _cumprod(input, dim, dtype=None):
    """``Tensor.cumprod``'s rule (integers and Bool multiply in Int64, as PyTorch's) under
    MindSpore's ``mint`` parameter name ``input``."""
    return _cumprod_method(input, dim, dtype)


def _diag(input, diagonal=0):
    return jnp.diag(input, k=int(diagonal))


def _dot(input, other):
    if input.ndim != 1 or other.ndim != 1:
        raise RuntimeError(f"For 'dot', both inputs must be 1-D, but got {input.ndim}-D and "
                           f"{other.ndim}-D.")
    return jnp.dot(input, other)


def _equal(input, other):
    """Whether the two have one shape and equal elements (a Bool)."""
    if input.shape != other.shape:
        return jnp.asarray(False)
    return jnp.all(input == other)


def _imag(input):
    return jnp.imag(input) if jnp.iscomplexobj(input) else jnp.zeros_like(input)


def _logsumexp(input, dim, keepdim=False):
    return jax.nn.logsumexp(input, axis=_axis(dim), keepdims=keepdim)


def _median_ext(input, dim=None, keepdim=False):
    """The lower median of all elements (``dim`` None), else (values, Int64 indices)."""
    if dim is None:
        return _median(input.reshape(-1), 0)[0]
    return _median(input, int(dim), keepdim)


def _nansum_ext(input, dim=None, keepdim=False, *, dtype=None):
    return _nansum(input, _axis(dim), keepdim, dtype=dtype)


def _norm(input, p="fro", dim=None, keepdim=False, *, dtype=None):
    """``'fro'`` (the 2-norm of the elements over ``dim``), ``'nuc'`` (of a matrix), or a
    number (``linalg.vector_norm``'s p-norm over ``dim``, all elements when None)."""
    if p == "nuc":
        x = input if dtype is None else input.astype(_np_or_none(dtype))
        return jnp.linalg.norm(x, "nuc", axis=_axis(dim), keepdims=keepdim)
    return _vector_norm(input, 2 if p == "fro" else p, dim, keepdim, dtype=dtype)


def _reshape(input, shape):
    return jnp.reshape(input, tuple(int(s) for s in shape))


def _squeeze(input, dim):
    """The axes in ``dim`` of size 1 removed (others kept, as PyTorch's)."""
    axes = (dim,) if isinstance(dim, int) else tuple(dim)
    keep = tuple(a % input.ndim for a in axes if input.shape[a] == 1) if input.ndim else ()
    return jnp.squeeze(input, axis=keep) if keep else input


def _clone(input):
    return jnp.array(input, copy=True)


def _moments(stat):
    """``std_mean``/``var_mean(input, dim=None, *, correction=1, keepdim=False)``: the ops'
    ``std_mean``/``var_mean`` with PyTorch's argument names."""
    op = _std_var_mean(stat)

    def impl(input, dim=None, *, correction=1, keepdim=False):
        return op(input, _axis(dim), correction, keepdim)
    return impl


ROWS: dict[str, object] = {
    "chunk": lambda input, chunks, dim=0: _chunk(input, chunks, int(dim)),
    "kthvalue": _kthvalue,  # (Tensor.kthvalue's)
    "clip": bprops.clip,  # (mint.clamp: MindSpore's NaN rule)
    "diff": lambda input, n=1, dim=-1, prepend=None, append=None: jnp.diff(
        input, n, axis=int(dim), prepend=prepend, append=append),
    "index_add": _index_add_dim,  # (Tensor.index_add(dim, ...)'s)
    "meshgrid": lambda *tensors, indexing=None: tuple(jnp.meshgrid(*tensors,
                                                                   indexing=indexing or "ij")),
    "mv": lambda input, vec: jnp.matmul(input, vec),
    "std_mean": _moments(jnp.std), "var_mean": _moments(jnp.var),
    "transpose": lambda input, dim0, dim1: jnp.swapaxes(input, int(dim0), int(dim1)),
    "vdot": lambda input, other: jnp.vdot(input, other),
    "amax": _extreme(_max), "amin": _extreme(_min), "sort": _sort,
    "argsort": _argsort, "count_nonzero": _count_nonzero, "cumprod": _cumprod,
    "diag": _diag, "dot": _dot, "equal": _equal, "imag": _imag, "logsumexp": _logsumexp,
    "median": _median_ext, "nansum": _nansum_ext, "norm": _norm, "reshape": _reshape,
    "squeeze": _squeeze, "clone": _clone, "bitwise_not": jnp.invert,
    "t": lambda input: input if input.ndim < 2 else jnp.swapaxes(input, 0, 1),
}
