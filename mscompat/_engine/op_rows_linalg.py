"""Op rows: norms, inverses and decompositions (``ops.LpNorm``, ``ops.inverse`` /
``MatrixInverse``, ``ops.inv`` / ``Inv``, ``ops.svd`` / ``Svd``) and the truncated
remainder primitive ``ops.Mod``, with the rules settled against MindSpore 2.10
(``tests/conformance/cases/op_specs.py``).

Example:
    >>> import mscompat as ms, numpy as np
    >>> x = ms.Tensor(np.array([[3.0, 4.0], [0.0, -2.0]], np.float32))
    >>> print(ms.ops.LpNorm(axis=1, p=2)(x), ms.ops.Mod()(x, 2.5))
    [5. 2.] [[ 0.5  1.5]
     [ 0.  -2. ]]
"""
from __future__ import annotations

import jax
import jax.numpy as jnp

from .op_table import OpDef, _fmod, binary


@jax.custom_jvp
def _float_mod(x, y):
    return _fmod(x, y)


@_float_mod.defjvp
def _float_mod_jvp(primals, tangents):
    """MindSpore's ``Mod`` bprop: ``dx = dout``, ``dy = -dout * floor(x / y)`` (floor, not
    the truncation the forward uses)."""
    x, y = primals
    tx, ty = tangents
    out = _fmod(x, y)
    q = jnp.floor_divide(x, y)
    return out, jnp.broadcast_to(tx, out.shape) - jnp.broadcast_to(ty, out.shape) * q


def _mod(x, y):
    """``ops.Mod()(x, y)``: C's truncated remainder (the sign of ``x``)."""
    x, y = jnp.asarray(x), jnp.asarray(y)
    if jnp.issubdtype(jnp.result_type(x, y), jnp.floating):
        dtype = jnp.result_type(x, y)
        return _float_mod(x.astype(dtype), y.astype(dtype))
    return _fmod(x, y)


def _lp_norm(x, *, axis, p=2, keep_dims=False, epsilon=1e-12):
    """``ops.LpNorm(axis, p=2, keep_dims=False, epsilon=1e-12)``: ``p = 0`` counts the
    non-zero elements (MindSpore's kernel); ``epsilon`` only guards the backward pass."""
    axes = tuple(int(a) % x.ndim for a in (axis if isinstance(axis, (list, tuple))
                                           else (axis,)))
    if isinstance(p, bool) or not isinstance(p, int) or p < 0:
        raise ValueError(f"For 'LpNorm', the 'p' must be a non-negative int, but got {p}.")
    if p == 0:
        return jnp.sum((x != 0).astype(x.dtype), axis=axes, keepdims=keep_dims)
    if p == 1:
        return jnp.sum(jnp.abs(x), axis=axes, keepdims=keep_dims)
    if p == 2:
        return jnp.sqrt(jnp.sum(x * x, axis=axes, keepdims=keep_dims))
    return jnp.sum(jnp.abs(x) ** p, axis=axes, keepdims=keep_dims) ** (1.0 / p)


def _inverse(input):
    """``ops.inverse``/``MatrixInverse``: the inverse of each trailing square matrix."""
    if input.ndim < 2 or input.shape[-1] != input.shape[-2]:
        raise ValueError(f"For 'MatrixInverse', the last two dimensions of 'input' must be "
                         f"square, but got shape {tuple(input.shape)}.")
    if not jnp.issubdtype(input.dtype, jnp.floating):
        raise TypeError(f"For 'MatrixInverse', the 'input' must be a float Tensor, but got "
                        f"{input.dtype}.")
    return jnp.linalg.inv(input)


@jax.custom_vjp
def _inverse_adjoint(input):
    return jnp.swapaxes(jnp.linalg.inv(input), -1, -2)


def _inverse_adjoint_fwd(input):
    out = _inverse_adjoint(input)
    return out, out


def _inverse_adjoint_bwd(out, dout):
    # MindSpore's MatrixInverse bprop, ``-out^T @ dout @ out^T``, whatever ``adjoint`` is
    t = jnp.swapaxes(out, -1, -2)
    return (-(t @ dout @ t),)


_inverse_adjoint.defvjp(_inverse_adjoint_fwd, _inverse_adjoint_bwd)


def _matrix_inverse(input, *, adjoint=False):
    out = _inverse(input)
    return _inverse_adjoint(input) if adjoint else out


def _inv(x):
    """``ops.inv``/``Inv``: ``1 / x``; an integer input stays integer (truncated)."""
    if jnp.issubdtype(x.dtype, jnp.integer):  # truncated: 1 for 1, -1 for -1, else 0
        return jnp.where(jnp.abs(x) == 1, x, jnp.zeros_like(x))
    return 1 / x


def _svd(input, full_matrices=False, compute_uv=True):
    """``ops.svd``: ``(s, u, v)`` with ``input = u @ diag(s) @ v^T`` (``v``, not ``v^T``),
    or ``s`` alone. The signs of singular vectors are LAPACK's (see docs/divergences.md)."""
    if not compute_uv:
        return jnp.linalg.svd(input, compute_uv=False)
    u, s, vh = jnp.linalg.svd(input, full_matrices=full_matrices)
    return s, u, jnp.swapaxes(jnp.conj(vh), -1, -2)


ROWS: list[OpDef] = [
    OpDef("Mod", binary(_mod)),
    OpDef("LpNorm", _lp_norm, attrs=(("axis", None), ("p", 2), ("keep_dims", False),
                                     ("epsilon", 1e-12))),
    OpDef("MatrixInverse", _matrix_inverse, attrs=(("adjoint", False),),
          functional=("inverse",), functional_impl=_inverse),
    OpDef("Inv", _inv, functional=("inv",)),
    OpDef("Svd", lambda x, *, full_matrices=False, compute_uv=True: _svd(
        x, full_matrices, compute_uv), attrs=(("full_matrices", False), ("compute_uv", True)),
        functional=("svd",), functional_impl=_svd),
]
