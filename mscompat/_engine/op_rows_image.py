"""Image resizing rows: ``ops.interpolate``/``ops.upsample``, the primitives
``ResizeNearestNeighbor`` and ``ResizeBilinearV2``, and ``ops.adaptive_avg_pool1d/2d``.

Coordinates follow MindSpore 2.10's CPU kernels (TensorFlow's resize rules), per spatial
axis with ``scale = in / out`` (``(in - 1) / (out - 1)`` with ``align_corners``), computed in
Float32:

* nearest: ``src = floor(d * scale)``; ``align_corners``: ``round(d * scale)`` (half away
  from zero); ``half_pixel_centers`` (``'nearest-exact'``): ``floor((d + 0.5) * scale)``.
* linear: ``src = d * scale``; half pixel: ``(d + 0.5) * scale - 0.5``; the two
  neighbours are ``max(floor(src), 0)`` and ``min(ceil(src), in - 1)``, blended as
  ``a + (b - a) * (src - floor(src))``, width first, then height.

``interpolate`` picks the kernel by mode and rank as MindSpore does (``'nearest'`` 3-D/4-D,
``'linear'`` 3-D, ``'bilinear'`` 4-D, ``'area'``, ``'nearest-exact'``) with its argument
errors; ``'bicubic'`` (4-D) as MindSpore's ResizeBicubic (``_cubic_weights``); 5-D inputs
(``'nearest'``, ``'trilinear'``, ``'area'``) as its 3-D kernels, a ``scale_factor`` mapping by
``1 / scale_factor``.

Example:
    >>> import mscompat as ms
    >>> import numpy as np
    >>> x = ms.Tensor(np.array([[[[0.0, 1.0], [2.0, 3.0]]]], np.float32))
    >>> print(ms.ops.interpolate(x, size=(3, 3), mode='bilinear', align_corners=True))
    [[[[0.  0.5 1. ]
       [1.  1.5 2. ]
       [2.  2.5 3. ]]]]
"""
from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from . import nn_kernels
from .op_table import REQUIRED, OpDef

_F32 = np.float32


def _scale(size_in: int, size_out: int, align_corners: bool) -> np.float32:
    if align_corners and size_out > 1:
        return _F32(size_in - 1) / _F32(size_out - 1)
    return _F32(size_in) / _F32(size_out)


def _nearest_axis(x, axis: int, size: int, align_corners: bool, half_pixel: bool,
                  scale=None):
    n = x.shape[axis]
    scale = _scale(n, size, align_corners) if scale is None else scale
    d = np.arange(size, dtype=_F32)
    if align_corners:
        src = np.floor(d * scale + _F32(0.5))
    elif half_pixel:
        src = np.floor((d + _F32(0.5)) * scale)
    else:
        src = np.floor(d * scale)
    return jnp.take(x, np.minimum(src, n - 1).astype(np.int32), axis=axis)


def _linear_axis(x, axis: int, size: int, align_corners: bool, half_pixel: bool,
                 scale=None):
    n = x.shape[axis]
    scale = _scale(n, size, align_corners) if scale is None else scale
    d = np.arange(size, dtype=_F32)
    src = (d + _F32(0.5)) * scale - _F32(0.5) if half_pixel else d * scale
    low = np.floor(src)
    lerp = (src - low).astype(_F32)
    lo = np.maximum(low, 0).astype(np.int32)
    hi = np.minimum(np.ceil(src), n - 1).astype(np.int32)
    a, b = jnp.take(x, lo, axis=axis), jnp.take(x, hi, axis=axis)
    shape = [1] * x.ndim
    shape[axis] = size
    return a + (b - a) * jnp.asarray(lerp.reshape(shape), x.dtype)


def _resize(x, size: tuple, kind: str, align_corners: bool, half_pixel: bool,
            scale_factor=None):
    """Resize the trailing ``len(size)`` axes; the last axis (width) first. With
    ``scale_factor`` (MindSpore's 5-D kernels, PyTorch's rule) each axis maps by
    ``1 / scale_factor`` instead of ``in / out``."""
    axis_fn = _nearest_axis if kind == "nearest" else _linear_axis
    for k in reversed(range(len(size))):
        axis = x.ndim - len(size) + k
        scale = None if scale_factor is None else _F32(1.0 / scale_factor[k])
        x = axis_fn(x, axis, int(size[k]), align_corners, half_pixel, scale)
    return x


def _check_float(name: str, x) -> None:
    if not jnp.issubdtype(x.dtype, jnp.floating):
        raise TypeError(f"For '{name}', the 'input' must be a Tensor of float16, float32 or "
                        f"float64, but got {x.dtype}.")


def _static_size(name: str, size) -> tuple:
    if hasattr(size, "shape") and not isinstance(size, np.ndarray):
        try:
            size = np.asarray(size)
        except Exception as e:  # noqa: BLE001 - a traced size
            raise NotImplementedError(f"mindspore.ops.{name} with a computed 'size' Tensor "
                                      f"is not supported by mscompat.") from e
    return tuple(int(s) for s in np.asarray(size).reshape(-1))


# mode -> {rank: options it accepts} (MindSpore's supported_dict)
_SUPPORTED = {
    "nearest": {3: (), 4: (), 5: ("scale_factor",)},
    "linear": {3: ("align_corners",)},
    "bilinear": {4: ("align_corners",)},
    "bicubic": {4: ("align_corners",)},
    "area": {3: ("scale_factor",), 4: ("scale_factor",), 5: ("scale_factor",)},
    "nearest-exact": {3: (), 4: ()},
    "trilinear": {5: ("align_corners", "scale_factor")},
}


def _positive_ints(size, name: str) -> None:
    values = size if isinstance(size, tuple) else (size,)
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or v <= 0:
            raise ValueError(f"For 'interpolate', the '{name}' must be positive int, but got "
                             f"{size}.")


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None):
    """``ops.interpolate`` (and ``ops.upsample``): MindSpore's checks, then the kernel."""
    if isinstance(size, list):
        size = tuple(size)
    if isinstance(scale_factor, list):
        scale_factor = tuple(scale_factor)
    rank = input.ndim
    if size is not None and scale_factor is not None:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be set "
                         "simultaneously")
    if size is not None:
        _positive_ints(size, "size")
        if isinstance(size, tuple):
            if len(size) != rank - 2:
                raise ValueError(f"For 'interpolate', 'input' and 'size' must have the same "
                                 f"spatial dimensions, but got 'input' is {rank - 2}D, "
                                 f"'size' is {len(size)}D")
        else:
            size = (size,) * (rank - 2)
    elif scale_factor is not None:
        sequence = isinstance(scale_factor, tuple)
        for i, v in enumerate(scale_factor if sequence else (scale_factor,)):
            name = f"scale_factor[{i}]" if sequence else "scale_factor"
            if not isinstance(v, float):  # MindSpore's check_positive_float: an int refused
                raise TypeError(f"For 'interpolate', the '{name}' must be float, but got "
                                f"'{type(v).__name__}'")
            if not v > 0:
                raise ValueError(f"For 'interpolate', the '{name}' must be float and must > "
                                 f"0, but got '{v}' with type 'float'.")
        if not isinstance(scale_factor, tuple):
            scale_factor = (scale_factor,) * (rank - 2)
        elif len(scale_factor) != rank - 2:
            raise ValueError(f"For 'interpolate', 'input' and 'scale_factor' must have the "
                             f"same spatial dimensions, but got 'input' is {rank - 2}D, "
                             f"'scale_factor' is {len(scale_factor)}D")
    else:
        raise ValueError("For 'interpolate', 'size' and 'scale_factor' cannot be both empty")
    if mode not in _SUPPORTED:
        raise ValueError(f"For 'interpolate', 'mode' must be in '{list(_SUPPORTED)}', but got "
                         f"{mode}")
    if rank not in _SUPPORTED[mode]:
        raise ValueError(f"For 'interpolate', {mode} only support "
                         f"'{[f'{r}D' for r in _SUPPORTED[mode]]}', but got {rank}D")
    if mode == "area" and size is None:
        recompute_scale_factor = True
    if recompute_scale_factor:
        if size is not None:
            raise ValueError("For 'interpolate', it is incorrect to set "
                             "'recompute_scale_factor' to True after specifying an explicit "
                             "'size'.")
        size = tuple(math.floor(input.shape[i + 2] * scale_factor[i])
                     for i in range(min(rank - 2, len(scale_factor))))
        scale_factor = None
    elif scale_factor is not None and "scale_factor" not in _SUPPORTED[mode][rank]:
        raise ValueError(f"For 'interpolate', 'scale_factor' option cannot currently be set "
                         f"with the mode = {mode} and dim = {rank}D.")
    if align_corners is not None:
        if not isinstance(align_corners, bool):
            raise TypeError(f"For 'interpolate', the 'align_corners' must be a bool, but got "
                            f"{type(align_corners).__name__}.")
        if "align_corners" not in _SUPPORTED[mode][rank]:
            raise ValueError(f"For 'interpolate', 'align_corners' option cannot currently be "
                             f"set with the mode = {mode}, and dim = {rank}D")
    align_corners = bool(align_corners)
    _check_float("interpolate", input)
    if mode == "bicubic":
        return _bicubic(input, size, align_corners)
    if rank == 5:
        factors = None
        if size is None:  # a scale factor the 5-D kernels map by (PyTorch's rule)
            factors = scale_factor
            size = tuple(math.floor(n * f) for n, f in zip(input.shape[2:], factors))
        if mode == "area":
            return nn_kernels.adaptive_avg_pool3d(input, size)
        if mode == "nearest":
            return _resize(input, size, "nearest", False, False, factors)
        return _resize(input, size, "linear", align_corners, not align_corners,
                       None if align_corners else factors)
    if mode == "area":
        if rank == 3:
            return _adaptive_avg_pool1d(input, size[0])
        return nn_kernels.adaptive_avg_pool2d(input, size)
    if mode == "nearest":
        return _resize(input, size, "nearest", False, False)
    if mode == "nearest-exact":
        return _resize(input, size, "nearest", False, True)
    return _resize(input, size, "linear", align_corners, not align_corners)


_CUBIC_TABLE_SIZE = 1024


def _cubic_table(a: float) -> np.ndarray:
    """The kernel's table of the cubic weights ``k(d)``, ``k(d + 1)`` at ``d = i / 1024``."""
    x = np.arange(_CUBIC_TABLE_SIZE + 1, dtype=np.float64) / _CUBIC_TABLE_SIZE
    near = ((a + 2) * x - (a + 3)) * x * x + 1
    far = ((a * (x + 1) - 5 * a) * (x + 1) + 8 * a) * (x + 1) - 4 * a
    return np.stack([near, far], axis=1).astype(_F32)


def _cubic_weights(n_in: int, n_out: int, align_corners: bool) -> np.ndarray:
    """``(n_out, n_in)`` weights of MindSpore's ResizeBicubic (TensorFlow's kernel): half
    pixel centres with Keys' ``a = -0.5``, taps outside the input dropped and the rest
    renormalised; with ``align_corners``, ``a = -0.75`` and edge taps clamped. The fraction
    is looked up in a 1024-step table, as the kernel does."""
    keys = not align_corners
    table = _cubic_table(-0.5 if keys else -0.75)
    scale = _scale(n_in, n_out, align_corners)
    w = np.zeros((n_out, n_in), _F32)
    for d in range(n_out):
        loc = (_F32(d) + _F32(0.5)) * scale - _F32(0.5) if keys else _F32(d) * scale
        start = int(np.floor(loc))
        off = int(np.rint(_F32(loc - _F32(start)) * _F32(_CUBIC_TABLE_SIZE)))
        back = _CUBIC_TABLE_SIZE - off
        taps = [table[off, 1], table[off, 0], table[back, 0], table[back, 1]]
        index = [start - 1 + j for j in range(4)]
        bound = [min(max(i, 0), n_in - 1) for i in index]
        if keys:
            taps = [t if b == i else _F32(0) for t, b, i in zip(taps, bound, index)]
            total = _F32(taps[0] + taps[1] + taps[2] + taps[3])
            if abs(total) >= 1000 * np.finfo(_F32).tiny:
                taps = [_F32(t * (_F32(1) / total)) for t in taps]
        for t, b in zip(taps, bound):
            w[d, b] += t
    return w


def _bicubic(x, size, align_corners: bool):
    """``interpolate(mode='bicubic')`` of a 4-D input: width first, then height."""
    wh = _cubic_weights(x.shape[2], size[0], align_corners).astype(x.dtype)
    ww = _cubic_weights(x.shape[3], size[1], align_corners).astype(x.dtype)
    rows = jnp.einsum("nchw,pw->nchp", x, ww, precision="highest")
    return jnp.einsum("oh,nchp->ncop", wh, rows, precision="highest")


def _resize_nearest_neighbor(x, *, size, align_corners=False, half_pixel_centers=False):
    # MindSpore 2.10's ResizeNearestNeighbor ignores half_pixel_centers (recorded)
    _check_float("ResizeNearestNeighbor", x)
    size = _static_size("ResizeNearestNeighbor", size)
    return _resize(x, size, "nearest", bool(align_corners), False)


def _resize_bilinear_v2(x, size, *, align_corners=False, half_pixel_centers=False):
    if align_corners and half_pixel_centers:
        raise ValueError("For 'ResizeBilinearV2', the 'half_pixel_centers' must be False when "
                         "'align_corners' is True, but got 'half_pixel_centers': True.")
    _check_float("ResizeBilinearV2", x)
    size = _static_size("ResizeBilinearV2", size)
    return _resize(x, size, "linear", bool(align_corners), bool(half_pixel_centers))


def _adaptive_avg_pool1d(input, output_size):
    if input.ndim != 3:
        raise ValueError(f"For adaptive_avg_pool1d input must have 3 dim, but got "
                         f"{input.ndim}.")
    if input.shape[-1] < output_size:
        raise ValueError(f"For adaptive_avg_pool1d input's last dimension must be greater or "
                         f"equal to output size {output_size}, but got {input.shape[-1]}.")
    if input.shape[-1] % output_size:
        raise ValueError(f"For adaptive_avg_pool1d input's last dimension must be divisible "
                         f"by output size {output_size}, but got {input.shape[-1]}.")
    return nn_kernels.adaptive_avg_pool2d(input[..., None, :], (1, output_size))[..., 0, :]


def _grid_coords(coord, size: int, align_corners: bool, padding_mode: str):
    """Normalised [-1, 1] grid coordinates -> pixel coordinates, padded as PyTorch and
    MindSpore do ('border' clips, 'reflection' reflects about the edges)."""
    if align_corners:
        x = (coord + 1) / 2 * (size - 1)
    else:
        x = ((coord + 1) * size - 1) / 2
    if padding_mode == "border":
        return jnp.clip(x, 0, size - 1)
    if padding_mode == "reflection":
        lo, span = (0.0, size - 1.0) if align_corners else (-0.5, float(size))
        if span <= 0:
            return jnp.zeros_like(x)
        y = jnp.abs(x - lo)
        flips = jnp.floor(y / span)
        extra = y - flips * span
        x = jnp.where(flips % 2 == 0, extra + lo, span - extra + lo)
        return jnp.clip(x, 0, size - 1)
    return x


def _tap_reader(input):
    """``tap(*indices)``: the (N, C, *out) values of ``input`` (N, C, *spatial) at integer
    (float-valued) spatial indices, 0 outside."""
    sizes = input.shape[2:]

    def tap(*indices):
        inside = functools.reduce(jnp.logical_and, [(i >= 0) & (i <= n - 1)
                                                    for i, n in zip(indices, sizes)])
        clipped = [jnp.clip(i, 0, n - 1).astype(jnp.int32) for i, n in zip(indices, sizes)]
        vals = jax.vmap(lambda img, *idx: img[(slice(None),) + idx])(input, *clipped)
        return vals * inside[:, None].astype(input.dtype)
    return tap


def grid_sample(input, grid, mode="bilinear", padding_mode="zeros", align_corners=None):
    """``ops.grid_sample`` on (N, C, H, W) input and an (N, H_out, W_out, 2) grid of (x, y)
    in [-1, 1] (or (N, C, D, H, W) and (N, D_out, H_out, W_out, 3) of (x, y, z)): 'bilinear'
    or 'nearest' (half to even), padding 'zeros', 'border' or 'reflection'."""
    if input.ndim not in (4, 5):
        raise ValueError(f"For 'grid_sample', the input must be 4-D or 5-D, but got "
                         f"{input.ndim}-D.")
    if mode not in ("bilinear", "nearest"):
        raise ValueError(f"For 'grid_sample', mode must be 'bilinear' or 'nearest' for "
                         f"{input.ndim}-D input, but got {mode}.")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("For 'grid_sample', padding_mode must be 'zeros', 'border' or "
                         f"'reflection', but got {padding_mode}.")
    if input.ndim == 5:
        return _grid_sample_3d(input, grid, mode, padding_mode, bool(align_corners))
    _n, _c, h, w = input.shape
    align = bool(align_corners)
    x = _grid_coords(grid[..., 0], w, align, padding_mode)
    y = _grid_coords(grid[..., 1], h, align, padding_mode)

    tap = _tap_reader(input)

    if mode == "nearest":
        return tap(jnp.round(y), jnp.round(x))
    x0, y0 = jnp.floor(x), jnp.floor(y)
    wx, wy = (x - x0)[:, None], (y - y0)[:, None]
    return (tap(y0, x0) * (1 - wx) * (1 - wy) + tap(y0, x0 + 1) * wx * (1 - wy)
            + tap(y0 + 1, x0) * (1 - wx) * wy + tap(y0 + 1, x0 + 1) * wx * wy)


def _grid_sample_3d(input, grid, mode, padding_mode, align):
    """(N, C, D, H, W) input, (N, Do, Ho, Wo, 3) grid of (x, y, z): trilinear or nearest
    (halves rounded away from zero, as MindSpore's 3-D kernel; the 2-D one rounds to even)."""
    _n, _c, d, h, w = input.shape
    x = _grid_coords(grid[..., 0], w, align, padding_mode)
    y = _grid_coords(grid[..., 1], h, align, padding_mode)
    z = _grid_coords(grid[..., 2], d, align, padding_mode)

    tap = _tap_reader(input)

    if mode == "nearest":  # (the 3-D kernel rounds halves away from zero)
        def away(v):
            return jnp.sign(v) * jnp.floor(jnp.abs(v) + 0.5)
        return tap(away(z), away(y), away(x))
    x0, y0, z0 = jnp.floor(x), jnp.floor(y), jnp.floor(z)
    wx, wy, wz = (x - x0)[:, None], (y - y0)[:, None], (z - z0)[:, None]
    out = 0
    for dz, fz in ((0, 1 - wz), (1, wz)):
        for dy, fy in ((0, 1 - wy), (1, wy)):
            for dx, fx in ((0, 1 - wx), (1, wx)):
                out = out + tap(z0 + dz, y0 + dy, x0 + dx) * fx * fy * fz
    return out


def affine_grid(theta, size, align_corners=False):
    """``ops.affine_grid(theta, size, align_corners=False)``: the sampling grid of an affine
    map ``theta`` (N, 2, 3) for ``size`` (N, C, H, W) -> (N, H, W, 2), or (N, 3, 4) for
    (N, C, D, H, W) -> (N, D, H, W, 3); coordinates in [-1, 1] (pixel centres unless
    ``align_corners``), as ``grid_sample`` reads them."""
    size = tuple(int(v) for v in size)
    spatial = size[2:]
    if len(spatial) not in (2, 3) or theta.shape != (size[0], len(spatial),
                                                     len(spatial) + 1):
        raise ValueError(f"For 'affine_grid', 'theta' of shape {tuple(theta.shape)} does not "
                         f"match 'size' {size}: expected (N, 2, 3) with a 4-D size or "
                         f"(N, 3, 4) with a 5-D size.")

    def axis(n):
        base = jnp.linspace(-1.0, 1.0, n, dtype=theta.dtype) if n > 1 else jnp.zeros(
            (1,), theta.dtype)
        return base if align_corners else base * (n - 1) / n
    # coordinates ordered (x, y[, z]): the last spatial axis first
    coords = jnp.meshgrid(*[axis(n) for n in spatial], indexing="ij")[::-1]
    base = jnp.stack([*coords, jnp.ones(spatial, theta.dtype)], axis=-1)
    return jnp.einsum("...k,njk->n...j", base, theta)


def _affine_grid_prim(theta, output_size, *, align_corners=False):
    return affine_grid(theta, output_size, align_corners)


def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear",
                    extrapolation_value=0.0):
    """``ops.crop_and_resize``: crops of the NHWC ``image`` given as normalised
    ``[y1, x1, y2, x2]`` boxes (``box_indices`` pick the image), resized to ``crop_size``
    with bilinear or nearest sampling on the corner-aligned grid; samples outside the
    image take ``extrapolation_value``. Float32 output."""
    if method not in ("bilinear", "nearest", "bilinear_v2"):
        raise ValueError(f"For 'CropAndResize', the 'method' must be 'bilinear', 'nearest' or "
                         f"'bilinear_v2', but got {method}.")
    if method == "bilinear_v2":
        raise NotImplementedError("mindspore.ops.CropAndResize(method='bilinear_v2') is not "
                                  "implemented in mscompat")
    if image.ndim != 4 or boxes.ndim != 2 or boxes.shape[-1] != 4:
        raise ValueError(f"For 'CropAndResize', 'image' must be 4-D (NHWC) and 'boxes' "
                         f"(num_boxes, 4), but got {tuple(image.shape)} and "
                         f"{tuple(boxes.shape)}.")
    ch, cw = (int(v) for v in crop_size)
    _, h, w, _ = image.shape
    image = image.astype(jnp.float32)
    boxes = boxes.astype(jnp.float32)

    def positions(lo, hi, n, size):
        if n > 1:
            return lo[:, None] * (size - 1) + jnp.arange(n) * ((hi - lo) * (size - 1)
                                                                / (n - 1))[:, None]
        return (0.5 * (lo + hi) * (size - 1))[:, None]
    ys = positions(boxes[:, 0], boxes[:, 2], ch, h)  # (num_boxes, ch)
    xs = positions(boxes[:, 1], boxes[:, 3], cw, w)
    inside = (((ys >= 0) & (ys <= h - 1))[:, :, None]
              & ((xs >= 0) & (xs <= w - 1))[:, None, :])[..., None]
    imgs = image[box_indices.astype(jnp.int32)]  # (num_boxes, H, W, C)

    def tap(yi, xi):
        yi = jnp.clip(yi, 0, h - 1).astype(jnp.int32)
        xi = jnp.clip(xi, 0, w - 1).astype(jnp.int32)
        return jax.vmap(lambda im, y, x: im[y[:, None], x[None, :]])(imgs, yi, xi)
    if method == "nearest":
        def half_away(v):
            return jnp.sign(v) * jnp.floor(jnp.abs(v) + 0.5)
        out = tap(half_away(ys), half_away(xs))
    else:
        y0, x0 = jnp.floor(ys), jnp.floor(xs)
        wy = (ys - y0)[:, :, None, None]
        wx = (xs - x0)[:, None, :, None]
        top = tap(y0, x0) + (tap(y0, jnp.ceil(xs)) - tap(y0, x0)) * wx
        bottom = tap(jnp.ceil(ys), x0) + (tap(jnp.ceil(ys), jnp.ceil(xs))
                                          - tap(jnp.ceil(ys), x0)) * wx
        out = top + (bottom - top) * wy
    return jnp.where(inside, out, jnp.float32(extrapolation_value))


def _crop_and_resize_prim(image, boxes, box_indices, crop_size, *, method="bilinear",
                          extrapolation_value=0.0):
    return crop_and_resize(image, boxes, box_indices, crop_size, method, extrapolation_value)


ROWS: list[OpDef] = [
    OpDef("AffineGrid", _affine_grid_prim, attrs=(("align_corners", False),),
          functional=("affine_grid",), functional_impl=affine_grid),
    OpDef("CropAndResize", _crop_and_resize_prim,
          attrs=(("method", "bilinear"), ("extrapolation_value", 0.0)),
          functional=("crop_and_resize",), functional_impl=crop_and_resize),
    OpDef(None, None, functional=("grid_sample",), functional_impl=grid_sample),
    OpDef(None, None, functional=("interpolate", "upsample"), functional_impl=interpolate),
    OpDef("ResizeNearestNeighbor", _resize_nearest_neighbor,
          attrs=(("size", REQUIRED), ("align_corners", False), ("half_pixel_centers", False))),
    OpDef("ResizeBilinearV2", _resize_bilinear_v2,
          attrs=(("align_corners", False), ("half_pixel_centers", False))),
    OpDef(None, None, functional=("adaptive_avg_pool2d",),
          functional_impl=lambda input, output_size: nn_kernels.adaptive_avg_pool2d(
              input, output_size)),
    OpDef(None, None, functional=("adaptive_avg_pool1d",), functional_impl=_adaptive_avg_pool1d),
    OpDef(None, None, functional=("pixel_shuffle",),
          functional_impl=lambda input, upscale_factor: _pixel("shuffle")(input,
                                                                          upscale_factor)),
    OpDef(None, None, functional=("pixel_unshuffle",),
          functional_impl=lambda input, downscale_factor: _pixel("unshuffle")(
              input, downscale_factor)),
]


def _pixel(kind: str):
    from ..nn.layer import image
    return image.pixel_shuffle if kind == "shuffle" else image.pixel_unshuffle
