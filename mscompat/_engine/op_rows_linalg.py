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

import functools

import jax
import jax.numpy as jnp
import numpy as np

from . import bprops, cpu_math
from .errors import INDEX_16_64, check_dtype
from .op_table import REQUIRED, OpDef, _fmod, _max, _min, binary


@jax.custom_jvp
def _float_mod(x, y):
    """(A zero result is +0, but a zero ``x`` is kept with its sign: MindSpore's kernel.)"""
    r = _fmod(x, y)
    return jnp.where((r == 0) & (x == 0), x, r)


@_float_mod.defjvp
def _float_mod_jvp(primals, tangents):
    """MindSpore's ``Mod`` bprop: ``dx = dout``, ``dy = -dout * floor(x / y)`` (floor, not
    the truncation the forward uses)."""
    x, y = primals
    tx, ty = tangents
    out = _float_mod(x, y)
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
    non-zero elements (MindSpore's kernel); ``epsilon`` only guards the backward pass
    (``bprops.vector_norm``: a zero vector has a zero gradient)."""
    axes = tuple(int(a) % x.ndim for a in (axis if isinstance(axis, (list, tuple))
                                           else (axis,)))
    if isinstance(p, bool) or not isinstance(p, int) or p < 0:
        raise ValueError(f"For 'LpNorm', the 'p' must be a non-negative int, but got {p}.")
    return bprops.vector_norm(x, p, axes, keep_dims, eps=epsilon)


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
    if jnp.issubdtype(x.dtype, jnp.integer):
        # truncated: 1 for 1, -1 for -1, else 0; 1 / 0 is the kernel's float infinity
        # converted to the integer type, its lowest value
        low = jnp.full_like(x, jnp.iinfo(x.dtype).min)
        return jnp.where(jnp.abs(x) == 1, x, jnp.where(x == 0, low, jnp.zeros_like(x)))
    return 1 / x


def _erfc(input):
    if not jnp.issubdtype(input.dtype, jnp.floating):
        raise TypeError(f"For 'Erfc', the 'input' must be a float Tensor, but got "
                        f"{input.dtype}.")
    return _erfc_kernel(input)


_erfc_kernel = cpu_math.libm(jax.scipy.special.erfc, "Erfc")


def _svd(input, full_matrices=False, compute_uv=True):
    """``ops.svd``: ``(s, u, v)`` with ``input = u @ diag(s) @ v^T`` (``v``, not ``v^T``),
    or ``s`` alone. The signs of singular vectors are LAPACK's (see docs/divergences.md)."""
    if not compute_uv:
        return jnp.linalg.svd(input, compute_uv=False)
    u, s, vh = jnp.linalg.svd(input, full_matrices=full_matrices)
    return s, u, jnp.swapaxes(jnp.conj(vh), -1, -2)


def _pinv(x, *, atol=None, rtol=None, hermitian=False):
    """``ops.pinv(x, *, atol=None, rtol=None, hermitian=False)``: the Moore-Penrose
    pseudo-inverse; singular values below ``max(atol, rtol * largest)`` count as zero."""
    if atol is None and rtol is None:
        return jnp.linalg.pinv(x, hermitian=hermitian)
    u, s, vh = jnp.linalg.svd(x, full_matrices=False, hermitian=hermitian)
    big = jnp.max(s, axis=-1, keepdims=True)
    cut = jnp.maximum(jnp.asarray(atol or 0.0, s.dtype), (rtol or 0.0) * big)
    inv = jnp.where(s > cut, 1 / jnp.where(s > cut, s, 1), 0)
    return jnp.swapaxes(vh, -1, -2) @ (inv[..., None] * jnp.swapaxes(u, -1, -2))


def _cdist(x1, x2, p=2.0):
    """``ops.cdist(x1, x2, p=2.0)``: the p-norm distance of every row pair, batched (a zero
    distance has a zero gradient: ``bprops.vector_norm``)."""
    if x1.ndim != x2.ndim:
        raise ValueError("For Primitive[Cdist], rank of input_x and input_y must be equal, but "
                         f"got rank of input_x: {x1.ndim}, rank of input_y: {x2.ndim}.")
    return bprops.vector_norm(x1[..., :, None, :] - x2[..., None, :, :], p, (-1,))


def _diag_embed(input, offset=0, dim1=-2, dim2=-1):
    """``ops.diag_embed``: the last axis of ``input`` on the ``offset`` diagonal of two new
    axes placed at ``dim1`` and ``dim2``."""
    k = input.shape[-1]
    n = k + abs(offset)
    rows = jnp.arange(k) + max(-offset, 0)
    out = jnp.zeros(input.shape[:-1] + (n, n), input.dtype)
    out = out.at[..., rows, rows + offset].set(input)
    nd = out.ndim
    d1, d2 = dim1 % nd, dim2 % nd
    others = iter(range(nd - 2))
    order = [nd - 2 if i == d1 else nd - 1 if i == d2 else next(others) for i in range(nd)]
    return jnp.transpose(out, order)


def _rms_norm(x, gamma, epsilon=1e-6):
    """``ops.rms_norm(x, gamma, epsilon=1e-6)``: ``(x * rstd * gamma, rstd)`` with ``rstd``
    the reciprocal root mean square over ``gamma``'s trailing axes (Ascend-only in
    MindSpore 2.10; built from its documentation)."""
    axes = tuple(range(x.ndim - gamma.ndim, x.ndim))
    rstd = jax.lax.rsqrt(jnp.mean(x * x, axis=axes, keepdims=True) + epsilon)
    return x * rstd * gamma, rstd


@functools.partial(jax.custom_vjp, nondiff_argnums=(2,))
def _segment_prod(data, ids, n):
    return jax.ops.segment_prod(data, ids, n + 1)[:n]


def _segment_prod_fwd(data, ids, n):
    return _segment_prod(data, ids, n), (data, ids)


def _segment_prod_bwd(n, res, dout):
    """d x_i = dout[s] * (product of the other rows of segment s), zeros included (defined
    for repeated ids, where JAX's scatter-multiply has no gradient)."""
    data, ids = res
    zero = data == 0
    nonzero_prod = jax.ops.segment_prod(jnp.where(zero, 1, data), ids, n + 1)
    zeros = jax.ops.segment_sum(zero.astype(jnp.int32), ids, n + 1)
    dout = jnp.concatenate([dout, jnp.zeros((1,) + dout.shape[1:], dout.dtype)])
    own_zeros = zeros[ids] - zero.astype(jnp.int32)
    others = jnp.where(own_zeros > 0, 0, nonzero_prod[ids] / jnp.where(zero, 1, data))
    return (dout[ids] * others, None)


_segment_prod.defvjp(_segment_prod_fwd, _segment_prod_bwd)


def _segment(kind: str):
    """``ops.unsorted_segment_<kind>(input_x, segment_ids, num_segments)``: rows with a
    negative id are dropped; an empty segment holds 0 (sum), 1 (prod), or the dtype's
    lowest/highest value (max/min) as MindSpore's kernels."""
    prim = f"UnsortedSegment{kind.capitalize()}"

    def impl(input_x, segment_ids, num_segments):
        if np.dtype(input_x.dtype) == np.bool_:
            raise TypeError(f"For primitive[{prim}], the input argument[input_x] must not be "
                            f"Bool.")
        check_dtype(prim, "segment_ids type", segment_ids, INDEX_16_64)
        n = int(num_segments)
        if not isinstance(segment_ids, jax.core.Tracer) and segment_ids.size and int(
                segment_ids.max()) >= n:
            raise RuntimeError(f"For 'UnsortedSegment{kind.capitalize()}', segment_ids value "
                               f"should be [0, {n})")
        ids = segment_ids.reshape(-1) if segment_ids.ndim > 1 else segment_ids
        data = input_x.reshape((-1,) + input_x.shape[segment_ids.ndim:])
        ids = jnp.where(ids < 0, n, ids)  # out of range: dropped
        if kind == "sum":
            return jax.ops.segment_sum(data, ids, n + 1)[:n]
        if kind == "prod":
            return _segment_prod(data, ids, n)
        fn = jax.ops.segment_max if kind == "max" else jax.ops.segment_min
        out = fn(data, ids, n + 1)[:n]
        info = (jnp.finfo if jnp.issubdtype(input_x.dtype, jnp.floating) else jnp.iinfo)(
            input_x.dtype)
        count = jax.ops.segment_sum(jnp.ones(ids.shape, jnp.int32), ids, n + 1)[:n]
        empty = (count == 0).reshape((n,) + (1,) * (out.ndim - 1))
        return jnp.where(empty, info.min if kind == "max" else info.max, out)
    impl.__name__ = f"unsorted_segment_{kind}"
    return impl


def _mirror_pad(x, paddings, *, mode="REFLECT"):
    """``ops.MirrorPad(mode)(x, paddings)``: ``REFLECT`` (edge not repeated) or
    ``SYMMETRIC`` (edge repeated)."""
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"For 'MirrorPad', the 'mode' must be 'REFLECT' or 'SYMMETRIC', but "
                         f"got {mode}.")
    pads = [tuple(int(v) for v in row) for row in np.asarray(paddings).tolist()]
    return jnp.pad(x, pads, mode="reflect" if mode == "REFLECT" else "symmetric")


def _lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
         norm_region="ACROSS_CHANNELS"):
    """``ops.lrn``: ``x / (bias + alpha * sum of x^2 over channels c-r..c+r) ** beta``
    (NCHW)."""
    if norm_region != "ACROSS_CHANNELS":
        raise ValueError(f"For 'LRN', the 'norm_region' must be 'ACROSS_CHANNELS', but got "
                         f"{norm_region}.")
    if x.ndim != 4:
        raise ValueError(f"For primitive[LRN], the rank of input  must be equal to 4 , but got "
                         f"{x.ndim}.")
    r = int(depth_radius)
    sq = jnp.pad(x * x, [(0, 0), (r, r)] + [(0, 0)] * (x.ndim - 2))
    window = sum(sq[:, i:i + x.shape[1]] for i in range(2 * r + 1))
    return x / (bias + alpha * window) ** beta


def _complex(real, imag):
    """``ops.Complex()(real, imag)``: Complex64 from Float32 parts, Complex128 from
    Float64."""
    if real.dtype != imag.dtype or real.dtype not in (jnp.float32, jnp.float64):
        raise TypeError(f"For 'Complex', 'real' and 'imag' must be both float32 or both "
                        f"float64, but got {real.dtype} and {imag.dtype}.")
    return jax.lax.complex(real, imag)


def _float_status(x):
    """``ops.FloatStatus``: ``[1.]`` when ``x`` holds a NaN or an infinity, else ``[0.]``
    (Float32, shape ``(1,)``). MindSpore runs it on GPU only (its CPU build has no kernel):
    this follows the documentation; the type check is MindSpore's (recorded)."""
    if x.dtype not in (jnp.float16, jnp.float32, jnp.float64):
        from .dtypes import to_mstype
        raise TypeError("For primitive[FloatStatus], the input argument[x] must be a type of "
                        "{Tensor[Float16], Tensor[Float32], Tensor[Float64]}, but got "
                        f"Tensor[{to_mstype(x.dtype)}].")
    return jnp.any(~jnp.isfinite(x)).astype(jnp.float32).reshape(1)


def _ascend_only(name: str):
    """A Primitive MindSpore constructs everywhere but runs on Ascend only: calling it is
    its CPU build's RuntimeError (loss-scale Cells written for Ascend build them in
    ``__init__`` and call them on Ascend paths only)."""
    def impl(*args, **kwargs):
        raise RuntimeError(f"\n----------------------------------------------------\n"
                           f"- Kernel select failed:\n"
                           f"----------------------------------------------------\n"
                           f"Unsupported op [{name}] on CPU, Please confirm whether the device "
                           f"target setting is correct, or refer to 'mindspore.ops' at "
                           f"https://www.mindspore.cn to query the operator support list.")
    impl.__name__ = name
    return impl


# name: the constructor's arguments (MindSpore's defaults)
_ASCEND_ONLY = {
    "NPUAllocFloatStatus": (), "NPUClearFloatStatus": (), "NPUGetFloatStatus": (),
    "DropoutGenMask": (("Seed0", 0), ("Seed1", 0)),
    "DynamicRNN": (("cell_type", "LSTM"), ("direction", "UNIDIRECTIONAL"), ("cell_depth", 1),
                   ("use_peephole", False), ("keep_prob", 1.0), ("cell_clip", -1.0),
                   ("num_proj", 0), ("time_major", True), ("activation", "tanh"),
                   ("forget_bias", 0.0), ("is_training", True)),
    "DynamicGRUV2": (("direction", "UNIDIRECTIONAL"), ("cell_depth", 1), ("keep_prob", 1.0),
                     ("cell_clip", -1.0), ("num_proj", 0), ("time_major", True),
                     ("activation", "tanh"), ("gate_order", "rzh"), ("reset_after", True),
                     ("is_training", True)),
}

ROWS: list[OpDef] = [
    *(OpDef(name, _ascend_only(name), attrs=attrs) for name, attrs in _ASCEND_ONLY.items()),
    OpDef("FloatStatus", _float_status),
    OpDef("Mod", binary(_mod)),
    OpDef("Complex", _complex),
    OpDef("Real", jnp.real, functional=("real",), methods=("real",)),
    OpDef("Imag", jnp.imag, functional=("imag",), methods=("imag",)),
    OpDef("Conj", jnp.conj, functional=("conj",), methods=("conj",)),
    OpDef(None, None, functional=("pinv",), functional_impl=_pinv),
    OpDef(None, None, functional=("cdist",), functional_impl=_cdist),
    OpDef(None, None, functional=("diag_embed",), functional_impl=_diag_embed),
    OpDef("RmsNorm", lambda x, gamma, *, epsilon=1e-6: _rms_norm(x, gamma, epsilon),
          attrs=(("epsilon", 1e-6),), functional=("rms_norm",), functional_impl=_rms_norm),
    OpDef("Rint", jnp.rint),
    OpDef("Erfc", _erfc, functional=("erfc",), methods=("erfc",)),
    OpDef(None, None, functional=("reduce_max",), functional_impl=lambda x, axis=(): _max(
        x, axis=None if axis == () else axis)),
    OpDef(None, None, functional=("reduce_min",), functional_impl=lambda x, axis=(): _min(
        x, axis=None if axis == () else axis)),
    *(OpDef(f"UnsortedSegment{k.capitalize()}", _segment(k),
            functional=(f"unsorted_segment_{k}",)) for k in ("sum", "max", "min", "prod")),
    OpDef("MirrorPad", _mirror_pad, attrs=(("mode", "REFLECT"),), functional=("mirror_pad",),
          functional_impl=lambda input_x, paddings, mode: _mirror_pad(input_x, paddings,
                                                                       mode=mode)),
    OpDef("LRN", lambda x, *, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
          norm_region="ACROSS_CHANNELS": _lrn(x, depth_radius, bias, alpha, beta, norm_region),
          attrs=(("depth_radius", 5), ("bias", 1.0), ("alpha", 1.0), ("beta", 0.5),
                 ("norm_region", "ACROSS_CHANNELS")), functional=("lrn",),
          functional_impl=_lrn),
    OpDef("LpNorm", _lp_norm, attrs=(("axis", REQUIRED), ("p", 2), ("keep_dims", False),
                                     ("epsilon", 1e-12))),
    OpDef("MatrixInverse", _matrix_inverse, attrs=(("adjoint", False),),
          functional=("inverse",), functional_impl=_inverse),
    OpDef("Inv", _inv, functional=("inv",)),
    OpDef("Svd", lambda x, *, full_matrices=False, compute_uv=True: _svd(
        x, full_matrices, compute_uv), attrs=(("full_matrices", False), ("compute_uv", True)),
        functional=("svd",), functional_impl=_svd),
]
