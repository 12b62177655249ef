"""Op-table rows for ``ops.group_norm``, ``ops.stft`` and the sliding-window pair
``ops.unfold`` (image to columns) / ``ops.fold`` (columns back, overlaps summed), as
MindSpore 2.10 computes them (values in ``tests/conformance/cases/more_math.py``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
    >>> print(ms.ops.unfold(x, kernel_size=2, stride=2).shape)
    (1, 4, 4)
"""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from . import nn_kernels
from .op_table import OpDef, fn_row


def _group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    c = input.shape[1]
    if c % num_groups:
        raise ValueError(f"For 'group_norm', the number of channels {c} must be divisible by "
                         f"'num_groups' {num_groups}.")
    gamma = jnp.ones((c,), input.dtype) if weight is None else weight
    beta = jnp.zeros((c,), input.dtype) if bias is None else bias
    return nn_kernels.group_norm(input, num_groups, gamma, beta, eps)


def _pair(v):
    return (int(v), int(v)) if np.ndim(v) == 0 else tuple(int(i) for i in v)


def windows(image, kernel, stride, dilation, padding):
    """Every window of a (N, C, H, W) image: (N, C, kh * kw, out_h, out_w), the window's
    positions row-major. Strided slices of the zero-padded image (``padding`` is
    ``((top, bottom), (left, right))``), so any dtype is copied exactly: a product with a
    one-hot filter (``conv_general_dilated_patches``) turns an ``inf`` or ``nan`` into
    ``nan`` in every window beside it. The gradient sums each window back."""
    (kh, kw), (sh, sw), (dh, dw) = kernel, stride, dilation
    padded = jnp.pad(image, ((0, 0), (0, 0)) + tuple(padding))
    out_h = (padded.shape[2] - (kh - 1) * dh - 1) // sh + 1
    out_w = (padded.shape[3] - (kw - 1) * dw - 1) // sw + 1
    if out_h <= 0 or out_w <= 0:
        return jnp.zeros(image.shape[:2] + (kh * kw, max(out_h, 0), max(out_w, 0)),
                         image.dtype)
    taken = [jax.lax.slice(padded, (0, 0, r * dh, c * dw),
                           (padded.shape[0], padded.shape[1], r * dh + (out_h - 1) * sh + 1,
                            c * dw + (out_w - 1) * sw + 1), (1, 1, sh, sw))
             for r in range(kh) for c in range(kw)]
    return jnp.stack(taken, axis=2)


def _blocks(size, kernel_size, dilation, padding, stride) -> tuple[int, int]:
    """The number of windows along each spatial axis."""
    return tuple((n + 2 * p - d * (k - 1) - 1) // s + 1 for n, k, d, p, s in zip(
        size, _pair(kernel_size), _pair(dilation), _pair(padding), _pair(stride)))


def _unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """(N, C, H, W) -> (N, C * kh * kw, L): each column one window, channel-major."""
    ph, pw = _pair(padding)
    blocks = _blocks(input.shape[2:], kernel_size, dilation, padding, stride)
    if min(blocks) < 1:
        raise ValueError(f"For Im2Col, given input with spatial size {tuple(input.shape)}, "
                         f"ksizes={_pair(kernel_size)}, dilation={_pair(dilation)}, "
                         f"pads={(ph, pw)}, calculated shape of the array of sliding blocks as "
                         f"{blocks}, but its components must be at least one.")
    patches = windows(input, _pair(kernel_size), _pair(stride), _pair(dilation),
                      ((ph, ph), (pw, pw)))
    return patches.reshape(patches.shape[0], -1, patches.shape[3] * patches.shape[4])


def _fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """The adjoint of ``unfold``: columns (N, C * kh * kw, L) summed back into (N, C, H, W)."""
    h, w = (int(v) for v in np.asarray(output_size).reshape(-1))
    kh, kw = _pair(kernel_size)
    n, ckk = input.shape[:2]
    blocks = math.prod(_blocks((h, w), kernel_size, dilation, padding, stride))
    if input.shape[-1] != blocks:
        raise ValueError(f"For 'Col2Im', size of input's 4th dimension must be equal to "
                         f"calculated number of sliding blocks, but got input.size[3]: "
                         f"{input.shape[-1]}, calculated number of sliding blocks: {blocks}.")
    image = jnp.zeros((n, ckk // (kh * kw), h, w), input.dtype)
    _, adjoint = jax.vjp(lambda im: _unfold(im, kernel_size, dilation, padding, stride), image)
    return adjoint(input)[0]


def _stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True,
          pad_mode="REFLECT", normalized=False, onesided=None, return_complex=None):
    """Short-time Fourier transform of (L,) or (B, L) signals: (freq, frames), complex or
    with a trailing (real, imag) axis."""
    hop = n_fft // 4 if hop_length is None else hop_length
    win_length = n_fft if win_length is None else win_length
    win = jnp.ones((win_length,), jnp.float32) if window is None else window
    complex_in = jnp.iscomplexobj(x) or jnp.iscomplexobj(win)
    onesided = (not complex_in) if onesided is None else onesided
    return_complex = complex_in if return_complex is None else return_complex
    if x.ndim not in (1, 2):
        raise ValueError(f"Expected a 1-D tensor or a 2-D tensor, but got {x.ndim}")
    if center:
        pad = n_fft // 2
        mode = {"REFLECT": "reflect", "CONSTANT": "constant"}.get(str(pad_mode).upper(),
                                                                  "reflect")
        x = jnp.pad(x, [(0, 0)] * (x.ndim - 1) + [(pad, pad)], mode=mode)
    left = (n_fft - win_length) // 2
    win = jnp.pad(win, (left, n_fft - win_length - left))
    frames = 1 + (x.shape[-1] - n_fft) // hop
    idx = jnp.arange(frames)[:, None] * hop + jnp.arange(n_fft)[None]
    spec = (x[..., idx] * win).astype(jnp.complex64 if x.dtype != jnp.float64
                                      else jnp.complex128)
    out = jnp.fft.fft(spec, axis=-1)
    if onesided:
        out = out[..., : n_fft // 2 + 1]
    if normalized:
        out = out / jnp.sqrt(jnp.asarray(n_fft, out.real.dtype))
    out = jnp.swapaxes(out, -1, -2)
    return out if return_complex else jnp.stack([out.real, out.imag], axis=-1)


def lp_pool(x, norm_type, kernel_size, stride=None, ceil_mode=False, *, ndim=2):
    """MindSpore's LP pooling: ``(sign(a) * relu(|a|) * k) ** (1 / p)`` with ``a`` the average
    of ``x ** p`` over each window of ``k`` elements."""
    if not isinstance(norm_type, (float, int)) or isinstance(norm_type, bool):
        raise TypeError(f"For lp_pool{ndim}d, the type of 'norm_type' must be float or int, "
                        f"but got {type(norm_type)}")
    if norm_type == 0:
        raise ValueError(f"For lp_pool{ndim}d, the value of 'norm_type' can not be 0.")
    kernel = nn_kernels.pair(kernel_size, ndim)
    strides = kernel if stride is None else nn_kernels.pair(stride, ndim, "stride")
    pad = (1,) * (2 - ndim)
    avg = nn_kernels.avg_pool(jnp.power(x, float(norm_type)) if ndim == 2 else
                              jnp.power(x, float(norm_type))[..., None, :],
                              pad + tuple(kernel), pad + tuple(strides), "pad", 0, ceil_mode)
    if ndim == 1:
        avg = avg[..., 0, :]
    scaled = jnp.sign(avg) * jnp.maximum(jnp.abs(avg), 0) * math.prod(kernel)
    return jnp.power(scaled, 1.0 / float(norm_type))


def _lp_pool(ndim):
    def op(x, norm_type, kernel_size, stride=None, ceil_mode=False):
        return lp_pool(x, norm_type, kernel_size, stride, ceil_mode, ndim=ndim)
    return op


ROWS: list[OpDef] = [
    fn_row("lp_pool1d", _lp_pool(1)),
    fn_row("lp_pool2d", _lp_pool(2)),
    fn_row("group_norm", _group_norm),
    fn_row("unfold", _unfold),
    fn_row("fold", _fold),
    fn_row("stft", _stft),
]
