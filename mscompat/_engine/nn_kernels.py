"""Convolution, pooling and normalisation kernels shared by the ops rows (``ops.conv2d``,
``ops.Conv2D``, ``ops.max_pool2d`` ...) and the layers (``nn.Conv2d``, ``nn.MaxPool2d``,
``nn.BatchNorm2d`` ...). Layout is MindSpore's NCHW; padding follows MindSpore's
``pad_mode`` ('same', 'valid', 'pad').

Example:
    >>> import jax.numpy as jnp
    >>> conv2d(jnp.ones((1, 1, 3, 3)), jnp.ones((1, 1, 2, 2)), pad_mode="valid").shape
    (1, 1, 2, 2)
"""
from __future__ import annotations

import functools
import math

import jax
import jax.numpy as jnp
import numpy as np

from . import exact_div, jaxconfig, linear_rounding
from .errors import check_dtype


def pair(v, n: int = 2, name: str = "kernel_size") -> tuple:
    """An int or a tuple as an ``n``-tuple of ints (MindSpore's ``_check_tuple``)."""
    if isinstance(v, (list, tuple)):
        if len(v) != n:
            raise ValueError(f"The length of '{name}' must be {n}, but got {len(v)}.")
        return tuple(int(i) for i in v)
    return (int(v),) * n


def same_pads(size: int, k: int, stride: int, dilation: int = 1) -> tuple[int, int]:
    """MindSpore's 'same': output ceil(size / stride), the smaller half of the padding first."""
    eff = (k - 1) * dilation + 1
    out = -(-size // stride)
    total = max((out - 1) * stride + eff - size, 0)
    return total // 2, total - total // 2


def pads_2d(pad_mode: str, padding, spatial, kernel, stride, dilation) -> list:
    """(lo, hi) pairs for the spatial dims from ``pad_mode`` and ``padding``."""
    mode = pad_mode.lower()
    n = len(spatial)
    if mode == "same":
        return [same_pads(s, k, st, d) for s, k, st, d in zip(spatial, kernel, stride,
                                                                 dilation)]
    if mode == "valid":
        return [(0, 0)] * n
    if mode != "pad":
        raise ValueError(f"The 'pad_mode' must be 'same', 'valid' or 'pad', but got "
                         f"{pad_mode!r}.")
    if isinstance(padding, int):
        return [(padding, padding)] * n
    padding = tuple(int(p) for p in padding)
    if len(padding) == n:
        return [(p, p) for p in padding]
    if len(padding) == 2 * n:
        return [(padding[2 * i], padding[2 * i + 1]) for i in range(n)]
    raise ValueError(f"The 'padding' must be an int or a tuple of {n} or {2 * n} ints, "
                     f"but got {padding}.")


def _add_bias(out, bias):
    return out if bias is None else out + jnp.reshape(bias, (1, -1) + (1,) * (out.ndim - 2))


def ms_window(name: str, pad_mode: str, pads, spatial, kernel, stride, dilation) -> list:
    """A 'valid' or 'pad' window past the (padded) input, as MindSpore's CPU kernels see it;
    returns the pads to convolve with.

    The output length is ``ceil((padded - dilation * (kernel - 1)) / stride)``: 0 gives an
    empty output where oneDNN's truncating length agrees (the dilated window ends exactly
    one stride past the input), the kernel's RuntimeError where it does not; ``Conv2D``
    refuses a kernel longer than the padded input (ValueError), -1 (the dynamic-shape
    marker) fails at the kernel's resize (RuntimeError) and lower values in the shape check
    (ValueError). ``Conv3D`` fails at the resize for every negative length, and in 'pad'
    mode takes oneDNN's truncating length ``(padded - reach) / stride + 1``: a last window
    that reaches past the input sees zeros there (XLA would drop it)."""
    mode = pad_mode.lower()
    if mode == "same":
        return pads
    size = [m + lo + hi for m, (lo, hi) in zip(spatial, pads)]
    if name == "Conv2D" and any(m < k for m, k in zip(size, kernel)):
        raise ValueError("For 'Conv2d', input shape's h and w after padding must be greater "
                         "than or equal to kernel_size's h and w respectively.")
    extended = list(pads)
    for axis, (m, k, d, s) in enumerate(zip(size, kernel, dilation, stride)):
        reach = d * (k - 1) + 1
        truncated = int((m - reach) / s) + 1  # C++ integer division
        if name == "Conv3D" and mode == "pad":
            if truncated < 0:
                raise RuntimeError(f"Resize failed for kernel: {name} (the dilated kernel is "
                                   "longer than the padded input).")
            if truncated > 0 and m < reach:
                extended[axis] = (pads[axis][0], pads[axis][1] + reach - m)
            continue
        length = math.ceil((m - reach + 1) / s)
        if length == 0 and truncated != 0:
            raise RuntimeError("could not create a primitive descriptor for the convolution "
                               f"forward propagation primitive ({name}: the empty output's "
                               "window does not end a stride before the input).")
        if length == -1 or (length < 0 and name == "Conv3D"):
            raise RuntimeError(f"Resize failed for kernel: {name} (the dilated kernel is "
                               "longer than the padded input).")
        if length < 0:
            raise ValueError(f"For '{name} output_shape',  shape element [{axis + 2}] must be "
                             f"positive integer or -1, but got: {length}.")
    return extended


def conv2d(x, w, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1, groups=1,
           ms_kernel=True):
    """Convolution over the ``w.ndim - 2`` trailing axes (NCHW/OIHW, NCDHW/OIDHW); an input
    of another dtype than the weight, or whose channels do not match it, is MindSpore's
    TypeError / RuntimeError; ``ms_kernel``: windows past the input as MindSpore's CPU
    kernels take them (``ms_window``)."""
    n = w.ndim - 2
    name = "Conv3D" if n == 3 else "Conv2D"
    if x.dtype != w.dtype:
        raise TypeError(f"For primitive[{name}], the input type must be same.")
    if x.ndim == w.ndim and x.shape[1] != w.shape[1] * groups:
        raise RuntimeError(f"For '{name}', 'C_in' of input 'x' shape divide by parameter "
                           f"'group' must be equal to 'C_in' of input 'weight' shape: "
                           f"{w.shape[1]}, but got 'C_in' of input 'x' shape: {x.shape[1]}, "
                           f"and 'group': {groups}.")
    stride, dilation = pair(stride, n, "stride"), pair(dilation, n, "dilation")
    pads = pads_2d(pad_mode, padding, x.shape[2:], w.shape[2:], stride, dilation)
    if ms_kernel:
        pads = ms_window(name, pad_mode, pads, x.shape[2:], w.shape[2:], stride, dilation)
    if any(s > 1 for s in stride) and any(lo or hi for lo, hi in pads):
        # XLA's CPU simplifier aborts the process on the input gradient of some strided,
        # padded windows over two or more axes (an invalid window with a negative low
        # padding); padding first gives the same numbers and it compiles
        x = jnp.pad(x, [(0, 0), (0, 0)] + [tuple(p) for p in pads])
        pads = [(0, 0)] * len(pads)
    out = jax.lax.conv_general_dilated(
        x, w, window_strides=stride, padding=pads, rhs_dilation=dilation,
        feature_group_count=groups, precision=jaxconfig.conv_precision())
    return _add_bias(out, bias)


def conv2d_transpose(x, w, bias=None, stride=1, pad_mode="same", padding=0,
                     output_padding=0, dilation=1, groups=1):
    """The transpose of ``conv2d`` (``w``: in, out/groups, *kernel)."""
    n = w.ndim - 2
    stride, dilation = pair(stride, n, "stride"), pair(dilation, n, "dilation")
    output_padding = pair(output_padding, n, "output_padding")
    k = w.shape[2:]
    eff = [(kk - 1) * d + 1 for kk, d in zip(k, dilation)]
    mode = pad_mode.lower()
    if mode == "same":
        # output = input * stride: the overlap is cropped (its odd element at the end), or,
        # where the stride is longer than the window, zeros are added at the end
        crops = [(t // 2, t - t // 2) if t >= 0 else (0, t)
                 for t in (e - s for e, s in zip(eff, stride))]
    elif mode == "valid":  # output = max(input * stride, the full transpose): zeros added
        crops = [(0, min(e - s, 0)) for e, s in zip(eff, stride)]
    else:
        crops = pads_2d("pad", padding, x.shape[2:], k, stride, dilation)
    pads = [(e - 1 - lo, e - 1 - hi + op) for e, (lo, hi), op in zip(eff, crops,
                                                                     output_padding)]
    cin, cout_g = w.shape[0], w.shape[1]
    # (in, out/g, kh, kw) -> (out, in/g, kh, kw), spatially flipped
    wg = jnp.reshape(w, (groups, cin // groups, cout_g) + tuple(k))
    wg = jnp.swapaxes(wg, 1, 2).reshape((groups * cout_g, cin // groups) + tuple(k))
    wg = jnp.flip(wg, axis=tuple(range(2, 2 + n)))
    out = jax.lax.conv_general_dilated(
        x, wg, window_strides=(1,) * n, padding=pads, lhs_dilation=stride,
        rhs_dilation=dilation, feature_group_count=groups, precision=jaxconfig.conv_precision())
    return _add_bias(out, bias)


def _pool_pads(pad_mode, padding, spatial, kernel, stride, ceil_mode, dilation=None):
    dilation = dilation or (1,) * len(kernel)
    pads = pads_2d(pad_mode, padding, spatial, kernel, stride, dilation)
    if ceil_mode:
        new = []
        for s, k, st, d, (lo, hi) in zip(spatial, kernel, stride, dilation, pads):
            eff = (k - 1) * d + 1
            out = math.ceil((s + lo + hi - eff) / st) + 1
            if (out - 1) * st >= s + lo:  # the last window must start inside the input
                out -= 1
            new.append((lo, max(hi, (out - 1) * st + eff - s - lo)))
        pads = new
    return pads


def max_pool(x, kernel, stride, pad_mode="valid", padding=0, dilation=1, ceil_mode=False,
             floor=False):
    """Max pooling; ``floor``: the MaxPool kernels that start each window at the lowest
    float32 (-3.4e38): a window of ``-inf`` gives that, in Float32 and Float64."""
    n = len(kernel)
    dilation = pair(dilation, n, "dilation")
    pads = _pool_pads(pad_mode, padding, x.shape[2:], kernel, stride, ceil_mode, dilation)
    init = -np.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min
    if any(d > 1 for d in dilation):  # JAX has no VJP for a dilated max window: gather
        found = max_pool_indices(x, kernel, stride, pad_mode, padding, dilation, ceil_mode)
        flat = x.reshape(x.shape[:2] + (-1,))
        out = jnp.take_along_axis(flat, found.reshape(found.shape[:2] + (-1,)), axis=2,
                                  mode="clip").reshape(found.shape)
        return _lowest_float32_floor(out) if floor and x.dtype in (np.float32, np.float64) \
            else out
    # A NumPy (concrete) init value: JAX differentiates reduce_window max/add only then.
    out = jax.lax.reduce_window(x, np.array(init, x.dtype), jax.lax.max,
                                (1, 1) + tuple(kernel), (1, 1) + tuple(stride),
                                [(0, 0), (0, 0)] + pads,
                                window_dilation=(1, 1) + tuple(dilation))
    return _lowest_float32_floor(out) if floor and x.dtype in (np.float32, np.float64) \
        else out


def valid_max_kernel(spatial, kernel, stride) -> tuple:
    """The window MindSpore's MaxPool kernel runs in 'valid' mode: a window longer than its
    axis by 2 up to ``stride`` elements covers the whole axis once (its shape inference
    rounds that output length to -0, which passes); every other length is
    ``(axis - kernel) // stride + 1``, an error when not positive (``check_valid_windows``)."""
    return tuple(m if 2 <= k - m <= s else k for m, k, s in zip(spatial, kernel, stride))


def check_valid_windows(kind: str, shape: tuple, kernel: tuple, stride: tuple) -> None:
    """MindSpore's error for a 'valid' MaxPool or AvgPool (2-D, NCHW ``shape``) whose window
    does not fit its input (JAX would return an empty array)."""
    out = tuple((m - k) // s + 1 for m, k, s in zip(shape[2:], kernel, stride))
    if min(out) <= 0:
        raise window_error(kind, shape, kernel, stride, out)


def window_error(kind: str, shape: tuple, kernel: tuple, stride: tuple,
                 out: tuple) -> Exception:
    """The 2-D MaxPool/AvgPool kernels' error for the output lengths ``out`` of an NCHW
    ``shape`` (the pooling layers' messages too)."""
    from .errors import const_vector
    if kind == "avg":
        return RuntimeError(f"For 'AvgPool' op, H_out/W_out must be positive, but H_out/W_out "
                            f"is {next(o for o in out if o <= 0)}, please check input and "
                            f"parameters of op")
    return ValueError(
        f"For 'MaxPool', the each element of the output shape must be larger than 0, but got "
        f"output shape: {const_vector(tuple(shape[:2]) + tuple(out))}. The input shape: "
        f"{const_vector(tuple(shape))}, kernel size: {const_vector((1, 1) + tuple(kernel))}, "
        f"strides: {const_vector((1, 1) + tuple(stride))}. Please check the official api "
        f"documents for more information about the output.")


def avg3d_too_small(padded: tuple, kernel: tuple) -> RuntimeError:
    """``AvgPool3D``'s error for a padded (D, H, W) input smaller than its kernel."""
    d, h, w = padded
    return RuntimeError(f"For 'AvgPool3D, size of input with the padding is (D:{d}, H:{h}, "
                        f"W:{w}) smaller than kernel size [const initializer_list]"
                        f"{{{', '.join(str(k) for k in kernel)}}}")


def argmax3d_empty(shape) -> ValueError:
    """``MaxPool3DWithArgmax``'s error for an output ``shape`` with an empty axis."""
    return ValueError(f"for MaxPool3DWithArgmax, shape of out is {list(shape)}. It should be "
                      f"not less than zero.")


@jax.custom_jvp
def _lowest_float32_floor(out):
    """``max(out, -3.4e38)``, differentiated as the identity (the window's gradient still
    goes to its first element, as MaxPoolGrad sends it)."""
    return jnp.maximum(out, np.array(-np.finfo(np.float32).max, out.dtype))


_lowest_float32_floor.defjvp(lambda primals, tangents: (_lowest_float32_floor(*primals),
                                                       tangents[0]))


def max_pool_indices(x, kernel, stride, pad_mode="valid", padding=0, dilation=1,
                     ceil_mode=False):
    """The flat index (over the spatial axes of its plane) of the first maximum of each
    window of ``max_pool``: MaxPoolWithArgmax's, the earliest element among tied maxima."""
    n = len(kernel)
    dilation = pair(dilation, n, "dilation")
    pads = _pool_pads(pad_mode, padding, x.shape[2:], kernel, stride, ceil_mode, dilation)
    spatial = x.shape[2:]
    index = jnp.broadcast_to(jnp.arange(math.prod(spatial), dtype=jnp.int32).reshape(spatial),
                             x.shape)
    low = -np.inf if jnp.issubdtype(x.dtype, jnp.floating) else jnp.iinfo(x.dtype).min

    def first_max(a, b):
        (va, ia), (vb, ib) = a, b
        take = (vb > va) | ((vb == va) & (ib < ia))
        return jnp.where(take, vb, va), jnp.where(take, ib, ia)
    _, found = jax.lax.reduce_window(
        (jax.lax.stop_gradient(x), index),
        (np.array(low, x.dtype), np.array(np.iinfo(np.int32).max, np.int32)), first_max,
        (1, 1) + tuple(kernel), (1, 1) + tuple(stride), [(0, 0), (0, 0)] + pads,
        window_dilation=(1, 1) + tuple(dilation))
    return found


def adaptive_max_indices(x, output_size):
    """The flat index (over the last ``len(output_size)`` axes) of the first maximum of each
    adaptive window ``[floor(i * n / out), ceil((i + 1) * n / out))``."""
    spatial = x.shape[-len(output_size):]
    flat = np.arange(math.prod(spatial)).reshape(spatial)
    x = jax.lax.stop_gradient(x)
    lead = x.shape[:-len(spatial)]
    cells = []
    for cell in np.ndindex(*output_size):
        window = tuple(slice((i * n) // o, -(-((i + 1) * n) // o))
                       for i, n, o in zip(cell, spatial, output_size))
        values = x[(...,) + window].reshape(lead + (-1,))
        cells.append(jnp.asarray(flat[window].ravel(), jnp.int32)[jnp.argmax(values, axis=-1)])
    return jnp.stack(cells, axis=-1).reshape(lead + tuple(output_size))


def avg_pool(x, kernel, stride, pad_mode="valid", padding=0, ceil_mode=False,
             count_include_pad=True, divisor_override=None):
    """Average pooling. The divisor counts the input elements under the window; with
    ``count_include_pad`` the explicit padding (``pad_mode='pad'``, or the 'same' padding
    of 3-D pools and when ``ceil_mode``) counts too; the extra ``ceil_mode`` padding never does."""
    if divisor_override and not count_include_pad:
        # MindSpore's AvgPool3DGrad here: the gradient of the count-divided average (each
        # window divided by the input elements under it), times kernel size / override
        scale = math.prod(kernel) / divisor_override

        def counted(x):
            return avg_pool(x, kernel, stride, pad_mode, padding, ceil_mode, False) * scale

        @jax.custom_vjp
        def overridden(x):
            return avg_pool(x, kernel, stride, pad_mode, padding, ceil_mode, True,
                            divisor_override)

        def forward(x):
            return overridden(x), jax.vjp(counted, x)[1]

        overridden.defvjp(forward, lambda vjp, g: vjp(g))
        return overridden(x)
    ones1 = (1,) * len(kernel)
    pads = _pool_pads(pad_mode, padding, x.shape[2:], kernel, stride, ceil_mode)
    win, strides = (1, 1) + tuple(kernel), (1, 1) + tuple(stride)
    total = jax.lax.reduce_window(x, np.array(0, x.dtype), jax.lax.add, win, strides,
                                  [(0, 0), (0, 0)] + pads)
    if divisor_override:  # (a division, not XLA's multiplication by the reciprocal)
        return exact_div.divide(total, divisor_override)
    ones = jnp.ones((1, 1) + x.shape[2:], x.dtype)
    rest = pads
    mode = pad_mode.lower()
    # MindSpore counts the padding with count_include_pad for pad_mode='pad', and for
    # pad_mode='same' in its padded (AvgPool3D) kernel: 3-D pools, and 2-D ones ceil_mode
    # routes there.
    padded_kernel = len(kernel) == 3 or ceil_mode
    if count_include_pad and (mode == "pad" or (mode == "same" and padded_kernel)):
        explicit = pads_2d(mode, padding, x.shape[2:], kernel, stride, ones1)
        ones = jnp.pad(ones, [(0, 0), (0, 0)] + explicit, constant_values=1)
        rest = [(lo - a, hi - b) for (lo, hi), (a, b) in zip(pads, explicit)]
    count = jax.lax.reduce_window(ones, np.array(0, x.dtype), jax.lax.add, win, strides,
                                  [(0, 0), (0, 0)] + rest)
    return total / count


def adaptive_size(output_size, spatial: tuple) -> tuple:
    """An adaptive pool's output size: an int for every axis; None keeps the input's."""
    out = (output_size,) * len(spatial) if not isinstance(output_size, (tuple, list)) else \
        tuple(output_size)
    if len(out) != len(spatial):
        raise ValueError(f"The length of 'output_size' must be {len(spatial)}, but got "
                         f"{len(out)}.")
    return tuple(n if o is None else int(o) for o, n in zip(out, spatial))


def adaptive_avg_pool2d(x, output_size):
    h, w = x.shape[-2:]
    out = adaptive_size(output_size, (h, w))
    rows = []
    for i in range(out[0]):
        h0, h1 = (i * h) // out[0], -(-((i + 1) * h) // out[0])
        cols = []
        for j in range(out[1]):
            w0, w1 = (j * w) // out[1], -(-((j + 1) * w) // out[1])
            cols.append(jnp.mean(x[..., h0:h1, w0:w1], axis=(-2, -1)))
        rows.append(jnp.stack(cols, axis=-1))
    return jnp.stack(rows, axis=-2)


def _adaptive_pool3d(x, output_size, reduce):
    """Windows ``[floor(i * D / out), ceil((i + 1) * D / out))`` on the last three axes."""
    size = adaptive_size(output_size, x.shape[-3:])
    for axis, out in zip((-3, -2, -1), size):
        n = x.shape[axis]
        parts = [reduce(jnp.take(x, jnp.arange((i * n) // out, -(-((i + 1) * n) // out)),
                                 axis=axis), axis=axis, keepdims=True) for i in range(out)]
        x = jnp.concatenate(parts, axis=axis)
    return x


def adaptive_avg_pool3d(x, output_size):
    return _adaptive_pool3d(x, output_size, jnp.mean)


def adaptive_max_pool3d(x, output_size):
    return _adaptive_pool3d(x, output_size, jnp.max)


def adaptive_max_pool2d(x, output_size):
    h, w = x.shape[-2:]
    out = adaptive_size(output_size, (h, w))
    rows = []
    for i in range(out[0]):
        h0, h1 = (i * h) // out[0], -(-((i + 1) * h) // out[0])
        cols = [jnp.max(x[..., h0:h1, (j * w) // out[1]:-(-((j + 1) * w) // out[1])],
                        axis=(-2, -1)) for j in range(out[1])]
        rows.append(jnp.stack(cols, axis=-1))
    return jnp.stack(rows, axis=-2)


def _widened(x, stats):
    """A float16/bfloat16 input with float32 statistics is normalised in float32 and the
    result given back in the input's type (MindSpore's BatchNorm kernels)."""
    if x.dtype in (jnp.float16, jnp.bfloat16) and stats.dtype == jnp.float32:
        return x.astype(jnp.float32), x.dtype
    return x, None


def batch_norm_train(x, gamma, beta, mean, var, eps, momentum):
    """Batch statistics over every axis but 1; returns (y, new moving mean, new moving var).
    The moving variance takes the unbiased batch variance (MindSpore, as PyTorch)."""
    _check_batch_norm(x, gamma, beta, mean, var)
    x, out = _widened(x, mean)
    axes = tuple(i for i in range(x.ndim) if i != 1)
    bm = jax.lax.stop_gradient(exact_div.mean(x, axis=axes))
    bv = jax.lax.stop_gradient(exact_div.var(x, axis=axes))
    n = x.size // x.shape[1]
    y = _normalized_by_batch(x, gamma, beta, float(eps))
    # (one value a channel: MindSpore's n / (n - 1) is infinite and 0 * inf a NaN variance)
    unbiased = bv * (n / (n - 1)) if n > 1 else jnp.full_like(bv, np.nan)
    sg = jax.lax.stop_gradient
    new_mean = momentum * mean + (1 - momentum) * sg(bm)
    new_var = momentum * var + (1 - momentum) * sg(unbiased)
    return (y if out is None else y.astype(out)), new_mean, new_var


def _batch_frame(x):
    axes = tuple(i for i in range(x.ndim) if i != 1)
    shape = [1] * x.ndim
    shape[1] = -1
    return axes, shape


@functools.partial(jax.custom_jvp, nondiff_argnums=(3,))
def _normalized_by_batch(x, gamma, beta, eps):
    """Training BatchNorm's output with the batch statistics. Its derivative is written
    with the per-channel scale ``gamma / std`` applied to ``dx`` first, so that the
    gradient (the transpose) centres the incoming gradient before scaling it, as
    BatchNormGrad does: exactly 0 where the gradient is uniform over a constant channel
    (scaling first would leave an ulp of ``1 / std`` there)."""
    axes, shape = _batch_frame(x)
    return _batch_norm_affine(x, gamma, beta, exact_div.mean(x, axis=axes),
                              exact_div.var(x, axis=axes), eps, shape)


@_normalized_by_batch.defjvp
def _normalized_by_batch_jvp(eps, primals, tangents):
    (x, gamma, beta), (dx, dgamma, dbeta) = primals, tangents
    axes, shape = _batch_frame(x)
    y = _normalized_by_batch(x, gamma, beta, eps)
    mean, var = exact_div.mean(x, axis=axes), exact_div.var(x, axis=axes)
    centred = x - mean.reshape(shape)
    inv_std = 1 / jnp.sqrt(var + eps)
    t = dx * (gamma * inv_std).reshape(shape)
    dy = (t - exact_div.mean(t, axis=axes).reshape(shape)
          - centred * (exact_div.mean(t * centred, axis=axes) * inv_std * inv_std)
          .reshape(shape)
          + centred * (dgamma * inv_std).reshape(shape) + dbeta.reshape(shape))
    return y, dy


def _check_batch_norm(x, gamma, beta, mean, var) -> None:
    """MindSpore's BatchNorm takes Float16/Float32 inputs and parameters (its check names
    the bias first)."""
    for arg, value in (("input_x", x), ("bias", beta), ("scale", gamma), ("mean", mean),
                       ("variance", var)):
        check_dtype("BatchNorm", arg, value, ("float16", "float32"))


def batch_norm_infer(x, gamma, beta, mean, var, eps):
    _check_batch_norm(x, gamma, beta, mean, var)
    x, out = _widened(x, mean)
    shape = [1] * x.ndim
    shape[1] = -1
    y = _batch_norm_affine(x, gamma, beta, mean, var, eps, shape)
    return y if out is None else y.astype(out)


def _batch_norm_affine(x, gamma, beta, mean, var, eps, shape):
    """MindSpore's CPU BatchNorm output: ``(x - mean) * scale + beta`` with the per-channel
    ``scale = gamma / sqrt(var + eps)`` (the root stored: XLA would turn the quotient into
    ``gamma * rsqrt(...)``), the product stored before the sum."""
    scale = gamma / jax.lax.optimization_barrier(jnp.sqrt(var + eps))
    return (linear_rounding.product(x - mean.reshape(shape), scale.reshape(shape))
            + beta.reshape(shape))


def layer_norm_stats(x, axes):
    """LayerNorm's mean and variance over ``axes`` (kept), as MindSpore's CPU kernel computes
    them: a float32 input's (and a float16 input's, as float32 statistics) in float64 (its
    mean, and the mean squared deviation from it), each rounded once to float32; otherwise
    one pass, ``var = E[x^2] - mean^2``, each mean divided exactly."""
    if x.dtype == np.float16:
        x = x.astype(np.float32)
    if x.dtype == np.float32 and exact_div.wide_on_cpu():
        wide = x.astype(np.float64)
        mean = jnp.mean(wide, axis=axes, keepdims=True)
        var = jnp.mean(jnp.square(wide - mean), axis=axes, keepdims=True)
        return mean.astype(x.dtype), var.astype(x.dtype)
    mean = exact_div.mean(x, axis=axes, keepdims=True)
    return mean, exact_div.mean(x * x, axis=axes, keepdims=True) - mean * mean


def layer_norm(x, gamma, beta, begin_norm_axis, begin_params_axis, eps):
    """The result has the input's dtype whatever the parameters' (MindSpore's kernel, which
    has no BFloat16 input)."""
    if x.dtype == jnp.bfloat16:
        raise TypeError("Select CPU operator[LayerNorm] fail! Unsupported data type! The "
                        "supported data types are Float16, Float32 and Float64 inputs.")
    dtype = x.dtype
    x, _ = _widened(x, gamma)  # a Float16 input with Float32 parameters: computed in Float32
    axis = begin_norm_axis % x.ndim
    axes = tuple(range(axis, x.ndim))
    p = begin_params_axis % x.ndim
    shape = (1,) * p + x.shape[p:]
    gamma, beta = jnp.reshape(gamma, shape), jnp.reshape(beta, shape)
    if x.dtype == np.float16:  # (Float16 parameters too)
        return _layer_norm_half(x, gamma, beta, axes, float(eps))
    mean, var = layer_norm_stats(x, axes)
    y = exact_div.divide(x - mean, jnp.sqrt(var + eps))
    # (the product stored before beta is added, as the kernel computes it)
    return (linear_rounding.product(y, gamma) + beta).astype(dtype)


def _layer_norm_half_values(x, gamma, beta, axes, eps):
    """The Float16 LayerNorm kernel: float32 statistics rounded to Float16, then each step in
    Float16, ``(x - mean) / sqrt(var + eps) * gamma + beta`` (the root taken in float32)."""
    mean, var = layer_norm_stats(x, axes)
    z = exact_div.divide(x - mean.astype(x.dtype), jnp.sqrt(var + eps).astype(x.dtype))
    return linear_rounding.product(z, gamma) + beta


@functools.partial(jax.custom_vjp, nondiff_argnums=(3, 4))
def _layer_norm_half(x, gamma, beta, axes, eps):
    return _layer_norm_half_values(x, gamma, beta, axes, eps)


def _layer_norm_half_fwd(x, gamma, beta, axes, eps):
    return _layer_norm_half_values(x, gamma, beta, axes, eps), (x, gamma, beta)


def _layer_norm_half_bwd(axes, eps, res, dy):
    """LayerNormGrad's Float16 kernel: in float32 from the float32 statistics, but ``dy *
    gamma`` taken in Float16; ``dx = dyg r + s1 (2 / n) xm + (s3 s1 / n - r s2) / n`` with
    ``xm = x - mean``, ``r = (var + eps)^-1/2``, ``s1 = sum(dyg xm) (-1/2) (var + eps)^-3/2``,
    ``s2 = sum(dyg)``, ``s3 = -2 sum(xm)`` over the normalised axes."""
    x, gamma, beta = res
    f32 = np.float32
    mean, var = layer_norm_stats(x, axes)
    n = f32(math.prod(x.shape[a] for a in axes))
    xm = x.astype(f32) - mean
    r = jax.lax.rsqrt(var + f32(eps))
    dyg = (dy * gamma).astype(f32)
    s1 = jnp.sum(dyg * xm, axis=axes, keepdims=True) * f32(-0.5) * r * r * r
    s2 = jnp.sum(dyg, axis=axes, keepdims=True)
    s3 = f32(-2.0) * jnp.sum(xm, axis=axes, keepdims=True)
    dx = dyg * r + s1 * f32(2.0) / n * xm + (s3 * s1 / n - r * s2) / n
    param_axes = tuple(i for i in range(x.ndim) if gamma.shape[i] == 1)
    dgamma = jnp.sum(dy.astype(f32) * xm * r, axis=param_axes, keepdims=True)
    dbeta = jnp.sum(dy.astype(f32), axis=param_axes, keepdims=True)
    return (dx.astype(x.dtype), dgamma.reshape(gamma.shape).astype(gamma.dtype),
            dbeta.reshape(beta.shape).astype(beta.dtype))


_layer_norm_half.defvjp(_layer_norm_half_fwd, _layer_norm_half_bwd)


def group_norm(x, num_groups, gamma, beta, eps):
    """The result has the input's dtype whatever the parameters' (MindSpore's kernel, which
    has no BFloat16 input)."""
    if x.dtype == jnp.bfloat16:
        raise RuntimeError("KernelMod Init Failed: GroupNorm (For 'GroupNorm' does not support "
                           "this kernel type: BFloat16 input).")
    if x.dtype in (np.float32, np.float16):
        # MindSpore's CPU kernel computes in float64 throughout and rounds the result once
        # (a Float16 input too, whatever its parameters' dtype)
        wide = np.float64 if exact_div.wide_on_cpu() else np.float32
        if x.dtype != wide:
            out = group_norm(x.astype(wide), num_groups, gamma.astype(wide),
                             beta.astype(wide), eps)
            return out.astype(x.dtype)
    dtype = x.dtype
    n, c = x.shape[:2]
    g = jnp.reshape(x, (n, num_groups, -1))
    mean = exact_div.mean(g, axis=-1, keepdims=True)
    var = exact_div.var(g, axis=-1, keepdims=True)
    y = jnp.reshape((g - mean) / jnp.sqrt(var + eps), x.shape)
    shape = (1, c) + (1,) * (x.ndim - 2)
    y = y * jnp.reshape(gamma, shape) + jnp.reshape(beta, shape)
    return y.astype(dtype)
