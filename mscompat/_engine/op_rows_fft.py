"""Op-table rows for MindSpore 2.10's FFT family (``ops.fft``... ``irfftn``, ``hfft``,
``ihfft``, ``fftshift``, ``fftfreq``) and window functions (``hann_window``...
``kaiser_window``), on ``jax.numpy.fft``. Real Float32 inputs give Complex64 spectra, as in
MindSpore; values are recorded from MindSpore (``tests/conformance/cases/more_functional.py``).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.array([1.0, 0.0, 0.0, 0.0], np.float32))
    >>> print(ms.ops.fft(x).dtype)
    Complex64
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from .op_table import REQUIRED, OpDef, fn_row

_F32 = jnp.float32


def _inexact(x):
    """Integers, booleans and Float16 transform in float32 (Complex64 results), as
    MindSpore's FFT kernels do."""
    if jnp.issubdtype(x.dtype, jnp.inexact) and x.dtype != jnp.float16:
        return x
    return x.astype(_F32)


def _axes(dim):
    return tuple(dim) if isinstance(dim, (list, tuple)) else dim


def _one_dim(transform):
    def op(input, n=None, dim=-1, norm=None):
        return transform(_inexact(input), n=n, axis=dim, norm=norm)
    return op


def _many_dims(transform, default_dim):
    def op(input, s=None, dim=default_dim, norm=None):
        s = tuple(s) if s is not None else None
        return transform(_inexact(input), s=s, axes=_axes(dim), norm=norm)
    return op


def _freq(transform):
    def op(n, d=1.0, dtype=None):
        from .dtypes import to_np
        return jnp.asarray(transform(n, d), to_np(dtype) if dtype is not None else _F32)
    return op


def _window(formula, default_dtype=_F32, tensor_length=False):
    """``formula(n, N)`` over ``n = 0..N-1`` of a symmetric window of length ``N``; a periodic
    window is the symmetric one of length ``N + 1`` without its last point."""
    def op(window_length, periodic=True, *args, dtype=None):
        from .dtypes import to_np
        if tensor_length and isinstance(window_length, (int, float)):
            raise TypeError(f"For Primitive[{formula.__name__[1:].capitalize()}Window], the "
                            f"type of input argument[window_length] must be Tensor but got "
                            f"{type(window_length).__name__}.")
        length = int(np.asarray(window_length))
        out_dtype = to_np(dtype) if dtype is not None else default_dtype
        if length <= 1:
            return jnp.ones((max(length, 0),), out_dtype)
        total = length + 1 if periodic else length
        n = np.arange(total, dtype=np.float64)
        values = formula(n, total, *args)[:length]
        return jnp.asarray(values, out_dtype)
    return op


def _hamming(n, total, alpha=0.54, beta=0.46):
    return alpha - beta * np.cos(2 * np.pi * n / (total - 1))


def _hann(n, total):
    return _hamming(n, total, 0.5, 0.5)


def _blackman(n, total):
    x = 2 * np.pi * n / (total - 1)
    return 0.42 - 0.5 * np.cos(x) + 0.08 * np.cos(2 * x)


def _bartlett(n, total):
    return 1 - np.abs(2 * n / (total - 1) - 1)


def _kaiser(n, total, beta=12.0):
    return np.i0(beta * np.sqrt(1 - (2 * n / (total - 1) - 1) ** 2)) / np.i0(beta)


def _fft_with_size(x, *, signal_ndim=1, inverse=False, real=False, norm="backward",
                   onesided=True, signal_sizes=()):
    """``FFTWithSize(signal_ndim, inverse, real, norm='backward', onesided=True,
    signal_sizes=())``: over the last ``signal_ndim`` axes, complex to complex, real to
    complex (the half spectrum when ``onesided``) or complex to real (``signal_sizes``, else
    the last axis ``2 * (n - 1)``)."""
    axes = tuple(range(-int(signal_ndim), 0))
    x = _inexact(x)
    if not real:
        return (jnp.fft.ifftn if inverse else jnp.fft.fftn)(x, axes=axes, norm=norm)
    if not inverse:
        return (jnp.fft.rfftn if onesided else jnp.fft.fftn)(x, axes=axes, norm=norm)
    sizes = tuple(signal_sizes) or None
    return jnp.fft.irfftn(x, s=sizes, axes=axes, norm=norm)


ROWS: list[OpDef] = [
    OpDef("FFTWithSize", _fft_with_size, attrs=(
        ("signal_ndim", REQUIRED), ("inverse", REQUIRED), ("real", REQUIRED), ("norm", "backward"),
        ("onesided", True), ("signal_sizes", ()))),
    *(fn_row(name, _one_dim(getattr(jnp.fft, name)))
      for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft")),
    *(fn_row(name, _many_dims(getattr(jnp.fft, name), (-2, -1)))
      for name in ("fft2", "ifft2", "rfft2", "irfft2")),
    *(fn_row(name, _many_dims(getattr(jnp.fft, name), None))
      for name in ("fftn", "ifftn", "rfftn", "irfftn")),
    fn_row("fftshift", lambda input, dim=None: jnp.fft.fftshift(input, axes=_axes(dim))),
    fn_row("ifftshift", lambda input, dim=None: jnp.fft.ifftshift(input, axes=_axes(dim))),
    fn_row("fftfreq", _freq(np.fft.fftfreq)),
    fn_row("rfftfreq", _freq(np.fft.rfftfreq)),
    fn_row("hann_window", _window(_hann, jnp.float64)),
    fn_row("hamming_window", _window(_hamming)),
    fn_row("blackman_window", _window(_blackman, tensor_length=True)),
    fn_row("bartlett_window", _window(_bartlett, tensor_length=True)),
    fn_row("kaiser_window", _window(_kaiser, jnp.float64)),
]
