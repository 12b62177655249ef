"""``dataset.vision.Resize``'s kernels, as MindSpore runs them (OpenCV's ``cv::resize``):
the same sampling positions, weights, pass order and rounding (UInt8 in OpenCV's fixed point),
so UInt8 images come out bit for bit as MindSpore's.

Example:
    >>> import numpy as np
    >>> img = np.arange(16, dtype=np.uint8).reshape(4, 4)
    >>> resize_linear(img, 2, 2).tolist()
    [[3, 5], [11, 13]]
"""
from __future__ import annotations

import math

import numpy as np


def _linear_taps(n_out: int, n_in: int, clamp: bool):
    """OpenCV's INTER_LINEAR sampling: half-pixel centres in float32. Columns (``clamp``)
    past either edge take the edge pixel alone; rows keep their weights and read the edge
    row twice (OpenCV clips the row index only, which its fixed point rounds differently)."""
    src = ((np.arange(n_out) + 0.5) * _inverse_scale(n_out, n_in) - 0.5).astype(np.float32)
    lo = np.floor(src).astype(int)
    return _two_taps(lo, src - lo.astype(np.float32), n_in, clamp)


def _two_taps(lo, frac, n_in: int, clamp: bool):
    """(first index, second index, weight of the second): with ``clamp`` (OpenCV's column
    rule) a position past either edge takes the edge pixel alone; indices clipped."""
    if clamp:
        low, high = lo < 0, lo >= n_in - 1
        lo = np.where(low, 0, np.where(high, n_in - 1, lo))
        frac = np.where(low | high, np.float32(0), frac)
    return np.clip(lo, 0, n_in - 1), np.clip(lo + 1, 0, n_in - 1), frac


def _work_type(dtype):
    """OpenCV's float working type: double for Float64 images, float otherwise."""
    return np.float64 if dtype == np.float64 else np.float32


def _fixed(weight):
    """OpenCV's ``saturate_cast<short>(w * INTER_RESIZE_COEF_SCALE)``: rounded half to even."""
    return np.rint(weight.astype(np.float32) * np.float32(2048)).astype(np.int64)


def resize_linear(img, h, w):
    """OpenCV's INTER_LINEAR (MindSpore's kernel)."""
    return _two_tap(img, _linear_taps(h, img.shape[0], clamp=False),
                    _linear_taps(w, img.shape[1], clamp=True))


def _two_tap(img, rows, cols):
    """OpenCV's two-tap pass pair (INTER_LINEAR, and INTER_AREA when enlarging). UInt8 in
    its fixed point: weights scaled by 2048 and rounded, an exact horizontal pass, then the
    vertical pass shifted as OpenCV's ``VResizeLinear`` shifts it; other dtypes in floating
    point."""
    (y0, y1, fy), (x0, x1, fx) = rows, cols
    extra = (1,) * (img.ndim - 2)
    col = (1, -1) + extra
    if img.dtype == np.uint8:
        f = img.astype(np.int64)
        a0, a1 = _fixed(1 - fx).reshape(col), _fixed(fx).reshape(col)
        rows0 = f[y0][:, x0] * a0 + f[y0][:, x1] * a1
        rows1 = f[y1][:, x0] * a0 + f[y1][:, x1] * a1
        b0, b1 = (_fixed(1 - fy).reshape((-1, 1) + extra),
                  _fixed(fy).reshape((-1, 1) + extra))
        out = (((b0 * (rows0 >> 4)) >> 16) + ((b1 * (rows1 >> 4)) >> 16) + 2) >> 2
        return np.clip(out, 0, 255).astype(np.uint8)
    # other dtypes: OpenCV's float passes (double for Float64), results rounded half to even
    wt = _work_type(img.dtype)
    f = img.astype(wt)  # the weights are float32 in every case (OpenCV's ``1.f - fx``)
    a0, a1 = (1 - fx).astype(wt).reshape(col), fx.astype(wt).reshape(col)
    rows0 = f[y0][:, x0] * a0 + f[y0][:, x1] * a1
    rows1 = f[y1][:, x0] * a0 + f[y1][:, x1] * a1
    out = rows0 * (1 - fy).astype(wt).reshape((-1, 1) + extra) + \
        rows1 * fy.astype(wt).reshape((-1, 1) + extra)
    return _saturate(out, img.dtype)


def _cubic_taps(n_out: int, n_in: int):
    """OpenCV's INTER_CUBIC taps (A = -0.75, float32 as ``interpolateCubic``): four source
    indices per output pixel (border replicated) and their weights."""
    src = ((np.arange(n_out) + 0.5) * _inverse_scale(n_out, n_in) - 0.5).astype(np.float32)
    x0 = np.floor(src).astype(int)
    weights = cubic_coefficients(src - x0.astype(np.float32))
    index = np.clip(x0[:, None] + np.arange(-1, 3)[None], 0, n_in - 1)
    return index, weights


def cubic_coefficients(t: np.ndarray) -> np.ndarray:
    """OpenCV's ``interpolateCubic`` (A = -0.75) in float32: the 4 weights at offsets t."""
    a, one = np.float32(-0.75), np.float32(1)
    c0 = ((a * (t + one) - 5 * a) * (t + one) + 8 * a) * (t + one) - 4 * a
    c1 = ((a + 2) * t - (a + 3)) * t * t + one
    c2 = ((a + 2) * (one - t) - (a + 3)) * (one - t) * (one - t) + one
    return np.stack([c0, c1, c2, one - c0 - c1 - c2], -1).astype(np.float32)


def _taps_sum(values, index, weights, axis):
    """``sum_k values[index[:, k]] * weights[:, k]`` along ``axis``, term by term in order
    (OpenCV's scalar rounding; its vectorised float32 passes can differ in the last bit)."""
    shape = [1] * values.ndim
    shape[axis] = -1
    out = None
    for k in range(index.shape[1]):
        term = np.take(values, index[:, k], axis=axis) * weights[:, k].reshape(shape)
        out = term if out is None else out + term
    return out


def resize_cubic(img, h, w):
    """OpenCV's INTER_CUBIC (MindSpore's kernel), horizontal pass then vertical: UInt8 with
    its fixed-point weights (scaled by 2048 and rounded; exact sums, the result taken to
    float32, scaled and rounded half to even), other
    dtypes in float32 (float64 for Float64), integers rounded half to even and saturated."""
    yi, yw = _cubic_taps(h, img.shape[0])
    xi, xw = _cubic_taps(w, img.shape[1])
    if img.dtype == np.uint8:
        yw, xw = np.rint(yw * 2048).astype(np.int64), np.rint(xw * 2048).astype(np.int64)
        out = _taps_sum(_taps_sum(img.astype(np.int64), xi, xw, 1), yi, yw, 0)
        # the exact sum taken to float32 and scaled by 2^-22, rounded half to even
        out = out.astype(np.float32) * np.float32(1.0 / (1 << 22))
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)
    wt = _work_type(img.dtype)
    out = _taps_sum(_taps_sum(img.astype(wt), xi, xw.astype(wt), 1), yi, yw.astype(wt), 0)
    return _saturate(out, img.dtype)


def _inverse_scale(n_out: int, n_in: int) -> float:
    """OpenCV's ``1. / ((double)n_out / n_in)`` (not ``n_in / n_out``: the two can differ in
    the last bit, and ``floor(d * scale)`` then picks another pixel)."""
    return 1.0 / (n_out / n_in)


def resize_nearest(img, h, w):
    ys = np.minimum(np.floor(np.arange(h) * _inverse_scale(h, img.shape[0])).astype(int),
                    img.shape[0] - 1)
    xs = np.minimum(np.floor(np.arange(w) * _inverse_scale(w, img.shape[1])).astype(int),
                    img.shape[1] - 1)
    return img[ys][:, xs]


def _area_tab(n_out: int, n_in: int):
    """OpenCV's ``computeResizeAreaTab``: per output pixel, the source pixels it covers and
    their float32 shares (partial cells at both ends), padded to one width."""
    scale = _inverse_scale(n_out, n_in)
    taps = []
    for d in range(n_out):
        f1 = d * scale
        f2 = f1 + scale
        cell = min(scale, n_in - f1)
        s2 = min(math.floor(f2), n_in - 1)
        s1 = min(math.ceil(f1), s2)
        row = []
        if s1 - f1 > 1e-3:
            row.append((s1 - 1, (s1 - f1) / cell))
        row += [(s, 1.0 / cell) for s in range(s1, s2)]
        if f2 - s2 > 1e-3:
            row.append((s2, min(min(f2 - s2, 1.0), cell) / cell))
        taps.append(row)
    width = max(len(r) for r in taps)
    index = np.zeros((n_out, width), int)
    weight = np.zeros((n_out, width), np.float32)
    for d, row in enumerate(taps):
        for k, (s, a) in enumerate(row):
            index[d, k], weight[d, k] = s, a
    return index, weight


def _area_enlarge_taps(n_out: int, n_in: int, clamp: bool):
    """OpenCV's INTER_AREA positions when not shrinking both sides: ``floor(d * scale)`` and
    the fraction of the next source pixel, then as INTER_LINEAR's taps."""
    lo = np.floor(np.arange(n_out) * _inverse_scale(n_out, n_in)).astype(int)
    frac = ((np.arange(n_out) + 1) - (lo + 1) * (n_out / n_in)).astype(np.float32)
    frac = np.where(frac <= 0, np.float32(0), frac - np.floor(frac)).astype(np.float32)
    return _two_taps(lo, frac, n_in, clamp)


def _saturate(out, dtype):
    """OpenCV's ``saturate_cast``: integers rounded half to even and clipped."""
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(dtype)
    return out.astype(dtype)


def resize_area(img, h, w):
    """OpenCV's INTER_AREA: shrinking both sides, each output pixel the area-weighted mean of
    the source pixels it covers (an integer factor sums whole blocks; 2x2 rounds as OpenCV's
    ``(sum + 2) >> 2``); otherwise OpenCV's two-tap area positions."""
    H, W = img.shape[:2]
    if H < h or W < w:
        return _two_tap(img, _area_enlarge_taps(h, H, clamp=False),
                        _area_enlarge_taps(w, W, clamp=True))
    wt = _work_type(img.dtype)
    sy, sx = H / h, W / w
    if sy == int(sy) and sx == int(sx):  # OpenCV's resizeAreaFast
        ky, kx = int(sy), int(sx)
        blocks = img[:h * ky, :w * kx].reshape((h, ky, w, kx) + img.shape[2:])
        if np.issubdtype(img.dtype, np.integer):
            total = blocks.astype(np.int64).sum(axis=(1, 3))
            channels = 1 if img.ndim == 2 else img.shape[2]
            if ky == kx == 2 and channels in (1, 3, 4):
                return ((total + 2) >> 2).astype(img.dtype)
            return _saturate(total.astype(np.float32) * np.float32(1 / (ky * kx)), img.dtype)
        total = blocks.astype(wt).sum(axis=(1, 3))
        return (total * wt(1 / (ky * kx))).astype(img.dtype)
    yi, yw = _area_tab(h, H)
    xi, xw = _area_tab(w, W)
    out = _taps_sum(_taps_sum(img.astype(wt), xi, xw.astype(wt), 1), yi, yw.astype(wt), 0)
    return _saturate(out, img.dtype)
