"""``nn.MaxPool2d``, ``nn.AvgPool2d``, their 1-D and 3-D forms and the adaptive pools.

Example:
    >>> import mscompat as ms
    >>> pool = ms.nn.MaxPool2d(kernel_size=2, stride=2)
    >>> print(pool(ms.ops.ones((1, 1, 4, 4), ms.float32)).shape)
    (1, 1, 2, 2)
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ..._engine import dtypes, nn_kernels, op_table
from ..._engine.cell import Cell
from ..._engine.errors import check_dtype, const_vector
from ..._engine.ops_build import FUNCTIONALS, call


def _check_pool(cls: str, kernel, stride, pad_mode) -> None:
    for name, v in (("kernel_size", kernel), ("stride", stride)):
        if any((not isinstance(i, int)) or isinstance(i, bool) or i <= 0 for i in v):
            raise ValueError(f"For '{cls}', the '{name}' must be positive int or tuple of "
                             f"positive ints, but got {v}.")
    if not isinstance(pad_mode, str) or pad_mode.lower() not in ("same", "valid", "pad"):
        raise ValueError(f"For '{cls}', the 'pad_mode' must be in ['same', 'valid', 'pad'], "
                         f"but got {pad_mode}.")


class _Pool(Cell):
    _ndim = 2
    _name = "Pool"

    def __init__(self, kernel_size, stride, pad_mode, padding=0, ceil_mode=False) -> None:
        super().__init__()
        n = self._ndim
        self._given = (kernel_size, stride)  # repr shows the arguments as given
        self.kernel_size = nn_kernels.pair(kernel_size, n) if not isinstance(
            kernel_size, (tuple, list)) else tuple(kernel_size)
        self.stride = nn_kernels.pair(stride, n, "stride") if not isinstance(
            stride, (tuple, list)) else tuple(stride)
        _check_pool(type(self).__name__, self.kernel_size, self.stride, pad_mode)
        self.pad_mode, self.padding, self.ceil_mode = pad_mode.upper(), padding, ceil_mode

    def _check_defaults(self, **nondefault) -> None:
        """Padding-related arguments need ``pad_mode='pad'`` (MindSpore's ValueError)."""
        if self.pad_mode != "PAD" and any(nondefault.values()):
            names = ", ".join(f"'{k}'" for k in nondefault)
            raise ValueError(f"For {type(self).__name__}, the parameter {names} can not be "
                             f"set to non-default value when pad_mode is not 'pad', but got "
                             f"pad_mode:{self.pad_mode.lower()}.")

    def _check_avg_padding(self) -> None:
        """Average pools take ``ceil_mode``, ``count_include_pad`` and ``divisor_override`` in
        every pad mode; only ``padding`` needs ``pad_mode='pad'`` (MindSpore's message)."""
        pads = self.padding if isinstance(self.padding, (tuple, list)) else (self.padding,)
        if self.pad_mode != "PAD" and any(pads):
            raise ValueError("For 'AvgPool3D', the 'pad' must be zero or (0, 0, 0, 0, 0, 0) "
                             f"when 'pad_mode' is not \"PAD\", but got {self.padding}.")

    def _prepare(self, x):
        want = self._ndim + 2
        if x.ndim not in (want, want - 1):
            raise ValueError(f"For '{type(self).__name__}', the dimension of input must be "
                             f"{want - 1}D or {want}D, but got {x.ndim}D.")
        # (MindSpore's pooling kernels are float only: an integer input is a TypeError)
        check_dtype(type(self).__name__, "x", x._data, ("float16", "float32", "float64"))
        return x.ndim == want - 1

    def _shown(self) -> tuple:
        """(kernel_size, stride) as the repr shows them: as given."""
        return self._given

    def _check_window(self, x, unbatched: bool) -> None:
        """A 'valid' window larger than the input: MindSpore's error of each pool (JAX would
        return an empty Tensor)."""
        if self.pad_mode != "VALID" or self.ceil_mode or getattr(self, "dilation", 1) not in (
                1, (1,) * self._ndim):
            return
        spatial = tuple(x.shape[-self._ndim:])
        out = tuple((i - k) // st + 1 for i, k, st in zip(spatial, self._kernel_for(x),
                                                         self.stride))
        if min(out) > 0:
            return
        lead = ((1,) if unbatched else ()) + tuple(x.shape[:-self._ndim])
        raise self._window_error(lead, spatial, out)

    def _kernel_for(self, x) -> tuple:
        """The window run on ``x`` (MaxPool's kernel shortens some 'valid' windows longer
        than the input: ``nn_kernels.valid_max_kernel``)."""
        return self.kernel_size

    def _pads_3d(self) -> list:
        """(lo, hi) per axis of the 3-D kernel MindSpore runs (1-D and 2-D pools lead with
        unpadded axes)."""
        n, p = self._ndim, self.padding
        if isinstance(p, int):
            pairs = [(p, p)] * n
        elif n == 3 and len(p) == 6:
            pairs = [(p[2 * i], p[2 * i + 1]) for i in range(n)]
        elif len(p) == 1:
            pairs = [(p[0], p[0])] * n
        else:
            pairs = [(v, v) for v in p[-n:]]
        return [(0, 0)] * (3 - n) + pairs

    def _lengths(self, pads, spatial, kernel, stride, dilation=(1, 1, 1)) -> list:
        """The 3-D kernel's output lengths (``ceil_mode`` grows the tail padding)."""
        grown = nn_kernels._pool_pads("pad", tuple(v for pair in pads for v in pair), spatial,
                                      kernel, stride, self.ceil_mode, dilation)
        return [(m + lo + hi - (k - 1) * d - 1) // st + 1 for m, (lo, hi), k, st, d in
                zip(spatial, grown, kernel, stride, dilation)]

    def _shape_3d(self, x, out, vector=True):
        """The 3-D kernel's (N, C, D, H, W) output shape, as its messages print it."""
        lead = (1,) if x.ndim == self._ndim + 1 else ()
        shape = lead + tuple(x.shape[:-self._ndim]) + tuple(out)
        return const_vector(shape) if vector else shape

    def _check_3d_kernel(self, x, kind: str) -> None:
        """The checks of the 3-D kernel a pool runs on: ``AvgPool3D`` (each axis' two pads
        at most its kernel, the padded input at least the kernel), ``MaxPool3DWithArgmax``
        (each pad at most half its kernel, every output length positive) and ``MaxPool3D``
        in 'pad' mode (each axis' two pads at most its kernel)."""
        n = self._ndim
        kernel = (1,) * (3 - n) + tuple(self.kernel_size)
        stride = (1,) * (3 - n) + tuple(self.stride)
        spatial = (1,) * (3 - n) + tuple(x.shape[-n:])
        pads = self._pads_3d() if self.pad_mode == "PAD" else [(0, 0)] * 3
        if kind == "avg":
            if any(lo + hi > k for (lo, hi), k in zip(pads, kernel)):
                flat = ",".join(str(v) for pair in pads for v in pair)
                raise ValueError(f"For 'AvgPool3D the sum of the pads in the two directions "
                                 f"should be less than or equal to the corresponding kernel "
                                 f"size, but got pads: ({flat}) and kernel size: "
                                 f"{const_vector(kernel)}.")
            padded = [m + lo + hi for m, (lo, hi) in zip(spatial, pads)]
            if self.pad_mode != "SAME" and not self.ceil_mode and any(
                    m < k for m, k in zip(padded, kernel)):
                raise nn_kernels.avg3d_too_small(padded, kernel)
            out = self._lengths(pads, spatial, kernel, stride)
            if self.pad_mode == "PAD" and min(out) <= 0:
                raise RuntimeError(f"For 'AvgPool3D', output shape's all elements must be "
                                   f"positive, but got shape: {self._shape_3d(x, out)}.")
        elif kind == "argmax":
            half = [lo for lo, _ in pads]
            if any(2 * q > k for q, k in zip(half, kernel)):
                raise ValueError(f"For Maxpool3DWithArgmax, pads should be less equal to the "
                                 f"half of ksize, but got ksize is[{const_vector(kernel)}], "
                                 f"pads is[{const_vector(tuple(half))}].")
            dilation = nn_kernels.pair(self.dilation, n, "dilation") if isinstance(
                self.dilation, int) else tuple(self.dilation)[-n:]
            dilation = (1,) * (3 - n) + tuple(dilation)
            out = self._lengths(pads, spatial, kernel, stride, dilation)
            if min(out) <= 0:
                raise nn_kernels.argmax3d_empty(self._shape_3d(x, out, vector=False))
        elif self.pad_mode == "PAD":
            out = self._lengths(pads, spatial, kernel, stride)
            if min(out) <= 0:
                raise ValueError(f"For 'MaxPool3D', output shape's all elements must be "
                                 f"positive, but got shape: {self._shape_3d(x, out)}.")
            for (lo, hi), k, (ends, axis) in zip(pads, kernel, (("head and tail", "depth"),
                                                                ("top and bottom", "height"),
                                                                ("left and right", "width"))):
                if lo + hi > k:
                    raise ValueError(f"For 'MaxPool3D', the summation of padding on {ends} "
                                     f"must be smaller than, or equal to the kernel size on "
                                     f"{axis}, but got padding: [{lo}, {hi}], kernel size: "
                                     f"{k}.")

    def _window_error(self, lead: tuple, spatial: tuple, out: tuple) -> Exception:
        one = (1,) * (2 - self._ndim) if self._ndim < 2 else ()  # 1-D runs as 2-D
        return nn_kernels.window_error("max", lead + one + spatial,
                                       one + tuple(self.kernel_size), one + tuple(self.stride),
                                       one + out)

    def extend_repr(self) -> str:
        kernel, stride = self._shown()
        return f"kernel_size={kernel}, stride={stride}, pad_mode={self.pad_mode}"


def _max_kernel_for(pool, x) -> tuple:
    """The window MaxPool1d/2d run on ``x`` ('valid': ``nn_kernels.valid_max_kernel``)."""
    if pool.pad_mode != "VALID":
        return pool.kernel_size
    return nn_kernels.valid_max_kernel(x.shape[-pool._ndim:], pool.kernel_size, pool.stride)


def _batched(fn, unbatched: bool, one_d: bool):
    """Run a 2-D NCHW kernel on (C, H, W) or 1-D (N, C, W) inputs."""
    def impl(x, **kw):
        if unbatched:
            x = x[None]
        if one_d:
            x = x[:, :, None, :]
        out = fn(x, **kw)
        if one_d:
            out = out[:, :, 0, :]
        return out[0] if unbatched else out
    return impl


def _max2d(x, *, kernel, stride, pad_mode, padding, dilation, ceil_mode):
    return nn_kernels.max_pool(x, kernel, stride, pad_mode, padding, dilation, ceil_mode,
                               floor=pad_mode.lower() in ("valid", "same"))


def _with_indices(x, *, unbatched, one_d=False, **kw):
    """``return_indices=True`` (MaxPool3DWithArgmax, ``pad_mode='pad'`` only): the maxima and
    the Int64 flat indices of each window's first maximum."""
    x = x[None] if unbatched else x
    x = x[:, :, None, :] if one_d else x
    args = (kw["kernel"], kw["stride"], kw["pad_mode"], kw["padding"], kw["dilation"],
            kw["ceil_mode"])
    out = nn_kernels.max_pool(x, *args)
    found = nn_kernels.max_pool_indices(x, *args).astype(np.int64)
    if one_d:
        out, found = out[:, :, 0, :], found[:, :, 0, :]
    return (out[0], found[0]) if unbatched else (out, found)


def _avg2d(x, *, kernel, stride, pad_mode, padding, ceil_mode, count_include_pad,
           divisor_override):
    return nn_kernels.avg_pool(x, kernel, stride, pad_mode, padding, ceil_mode,
                               count_include_pad, divisor_override)


_KERNELS = {(k, u, d): _batched(f, u, d) for k, f in (("max", _max2d), ("avg", _avg2d))
            for u in (False, True) for d in (False, True)}
# AvgPool2d has no float64 kernel in MindSpore: Float64 is averaged in float32
_KERNELS.update({("avg", u, d): op_table.computed_in(f, np.float64, np.float32)
                 for (k, u, d), f in _KERNELS.items() if k == "avg"})


class MaxPool2d(_Pool):
    """``nn.MaxPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False, data_format='NCHW')``."""

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0,
                 dilation=1, return_indices: bool = False, ceil_mode: bool = False,
                 data_format: str = "NCHW") -> None:
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        self.dilation = dilation
        self.return_indices = return_indices
        self._check_defaults(padding=padding != 0, dilation=dilation != 1,
                             return_indices=return_indices, ceil_mode=ceil_mode)

    def _pool_padding(self):
        if isinstance(self.padding, int):
            return self.padding
        return tuple(self.padding)

    _kernel_for = _max_kernel_for

    def construct(self, x):
        unbatched = self._prepare(x)
        kw = {"kernel": self._kernel_for(x), "stride": self.stride,
              "pad_mode": self.pad_mode, "padding": self._pool_padding(),
              "dilation": self.dilation, "ceil_mode": self.ceil_mode}
        if self.pad_mode == "PAD":
            self._check_3d_kernel(x, "argmax")
        self._check_window(x, unbatched)
        if self.return_indices:
            return call(_with_indices, (x._data,), dict(kw, unbatched=unbatched))
        return call(_KERNELS["max", unbatched, False], (x._data,), kw)


class AvgPool2d(_Pool):
    """``nn.AvgPool2d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None, data_format='NCHW')``."""

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0,
                 ceil_mode: bool = False, count_include_pad: bool = True,
                 divisor_override=None, data_format: str = "NCHW") -> None:
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override
        self._check_avg_padding()

    def construct(self, x):
        unbatched = self._prepare(x)
        kw = {"kernel": self.kernel_size, "stride": self.stride, "pad_mode": self.pad_mode,
              "padding": self.padding if isinstance(self.padding, int) else
              tuple(self.padding), "ceil_mode": self.ceil_mode,
              "count_include_pad": self.count_include_pad,
              "divisor_override": self.divisor_override}
        if self.pad_mode == "PAD" or self.padding != 0 or self.ceil_mode or \
                not self.count_include_pad or self.divisor_override is not None:
            self._check_3d_kernel(x, "avg")
        self._check_window(x, unbatched)
        return call(_KERNELS["avg", unbatched, False], (x._data,), kw)

    def _window_error(self, lead, spatial, out) -> Exception:
        return nn_kernels.window_error("avg", lead + spatial, self.kernel_size, self.stride,
                                       out)


class MaxPool1d(_Pool):
    """``nn.MaxPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)`` on (N, C, L)."""

    _ndim = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0,
                 dilation=1, return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        self.dilation = dilation
        self.return_indices = return_indices
        self._check_defaults(padding=padding != 0, dilation=dilation != 1,
                             return_indices=return_indices, ceil_mode=ceil_mode)

    def _shown(self) -> tuple:
        # MindSpore's attributes: the 2-D (or, with 'pad', 3-D) kernel it runs on
        lead = (1, 1) if self.pad_mode == "PAD" else (1,)
        return lead + self.kernel_size, lead + self.stride

    _kernel_for = _max_kernel_for

    def construct(self, x):
        unbatched = self._prepare(x)
        pad = self.padding if isinstance(self.padding, int) else self.padding[0]
        kw = {"kernel": (1,) + self._kernel_for(x), "stride": (1,) + self.stride,
              "pad_mode": self.pad_mode, "padding": (0, 0, pad, pad),
              "dilation": (1, self.dilation if isinstance(self.dilation, int)
                           else self.dilation[0]), "ceil_mode": self.ceil_mode}
        if self.pad_mode == "PAD":
            self._check_3d_kernel(x, "argmax")
        self._check_window(x, unbatched)
        if self.return_indices:
            return call(_with_indices, (x._data,), dict(kw, unbatched=unbatched, one_d=True))
        return call(_KERNELS["max", unbatched, True], (x._data,), kw)


class AvgPool1d(_Pool):
    """``nn.AvgPool1d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True)`` on (N, C, L)."""

    _ndim = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0,
                 ceil_mode: bool = False, count_include_pad: bool = True) -> None:
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        self.count_include_pad = count_include_pad
        self._check_avg_padding()

    def _shown(self) -> tuple:
        if self.pad_mode == "PAD":  # MindSpore keeps the arguments as given here
            return self._given
        return (1,) + self.kernel_size, (1,) + self.stride

    def construct(self, x):
        unbatched = self._prepare(x)
        pad = self.padding if isinstance(self.padding, int) else self.padding[0]
        kw = {"kernel": (1,) + self.kernel_size, "stride": (1,) + self.stride,
              "pad_mode": self.pad_mode, "padding": (0, 0, pad, pad),
              "ceil_mode": self.ceil_mode, "count_include_pad": self.count_include_pad,
              "divisor_override": None}
        if self.pad_mode == "PAD" or self.padding != 0 or self.ceil_mode or \
                not self.count_include_pad:
            self._check_3d_kernel(x, "avg")
        else:  # MindSpore's 2-D path: one window short of a second stride is one mean
            width, k = x.shape[-1], self.kernel_size[0]
            if width < k:
                raise self._window_error(None, None, None)
            if width - k < self.stride[0]:
                kw = dict(kw, pad_mode="VALID", stride=(1, width))
        self._check_window(x, unbatched)
        return call(_KERNELS["avg", unbatched, True], (x._data,), kw)

    def _window_error(self, lead, spatial, out) -> Exception:
        return ValueError("For Slice, the sum of begin_shape[2] and size_shape[2] must be no "
                          "greater than input_x_shape[2].")


def _adaptive_avg(x, *, output_size):
    return nn_kernels.adaptive_avg_pool2d(x, output_size)


def _adaptive_max(x, *, output_size):
    return nn_kernels.adaptive_max_pool2d(x, output_size)


class AdaptiveAvgPool2d(Cell):
    """``nn.AdaptiveAvgPool2d(output_size)``: windows ``[floor(i*H/out), ceil((i+1)*H/out))``."""

    def __init__(self, output_size) -> None:
        super().__init__()
        self.output_size = output_size

    def construct(self, x):
        size = self.output_size if isinstance(self.output_size, int) else \
            tuple(self.output_size)
        return call(_adaptive_avg, (x._data,), {"output_size": size})


class AdaptiveMaxPool2d(AdaptiveAvgPool2d):
    """``nn.AdaptiveMaxPool2d(output_size)``."""

    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__(output_size)
        self.return_indices = return_indices

    def construct(self, x):
        size = self.output_size if isinstance(self.output_size, int) else \
            tuple(self.output_size)
        if self.return_indices:
            return FUNCTIONALS["adaptive_max_pool2d"](x, size, True)
        return call(_adaptive_max, (x._data,), {"output_size": size})


def _adaptive_1d(x, *, output_size, kind):
    n, c, width = x.shape
    stride = width // output_size
    kernel = width - (output_size - 1) * stride
    windows = jnp.stack([x[..., i * stride:i * stride + kernel] for i in range(output_size)],
                        axis=-2)
    if kind == "avg":
        return windows.mean(-1)
    return nn_kernels.max_pool(windows, (1, kernel), (1, kernel), floor=True)[..., 0]


class AdaptiveAvgPool1d(Cell):
    """``nn.AdaptiveAvgPool1d(output_size)`` on (N, C, L): windows of ``L - (out - 1) *
    (L // out)`` elements every ``L // out`` (``L`` must be divisible by ``output_size``,
    as MindSpore checks).

    Example:
        >>> import mscompat as ms, numpy as np
        >>> x = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 8))
        >>> print(ms.nn.AdaptiveAvgPool1d(2)(x))
        [[[1.5 5.5]]]
    """

    _kind = "avg"

    def __init__(self, output_size: int) -> None:
        super().__init__()
        if isinstance(output_size, bool) or not isinstance(output_size, int):
            raise TypeError(f"For '{type(self).__name__}', the 'output_size' must be int, but "
                            f"got {type(output_size).__name__}.")
        if output_size < 1:
            raise ValueError(f"For '{type(self).__name__}', the 'output_size' must be >= 1, "
                             f"but got {output_size}.")
        self.output_size = output_size

    def construct(self, input):
        name = type(self).__name__
        if input.ndim != 3:
            raise ValueError(f"For {name}, the input must be a 3-D Tensor, but got "
                             f"{input.ndim}-D.")
        if input.shape[-1] < self.output_size:
            raise ValueError(f"For {name}, the input's last dimension must be greater or "
                             f"equal to output size {self.output_size}, but got "
                             f"{input.shape[-1]}.")
        if input.shape[-1] % self.output_size:
            raise ValueError(f"For {name}, the input's last dimension must be divisible by "
                             f"output size {self.output_size}, but got {input.shape[-1]}.")
        if input.dtype not in (dtypes.ALL["float16"], dtypes.ALL["float32"]):
            raise TypeError(f"For {name}, the input dtype must be float16 or float32, but got "
                            f"{input.dtype}.")
        return call(_adaptive_1d, (input._data,), {"output_size": self.output_size,
                                                   "kind": self._kind})


class AdaptiveMaxPool1d(AdaptiveAvgPool1d):
    """``nn.AdaptiveMaxPool1d(output_size)``: as ``AdaptiveAvgPool1d`` with the maximum."""

    _kind = "max"


def _pool3d(x, *, kind, unbatched, **kw):
    x = x[None] if unbatched else x
    if kind == "max":
        out = nn_kernels.max_pool(x, kw["kernel"], kw["stride"], kw["pad_mode"],
                                  kw["padding"], kw["dilation"], kw["ceil_mode"], floor=True)
    else:
        out = nn_kernels.avg_pool(x, kw["kernel"], kw["stride"], kw["pad_mode"],
                                  kw["padding"], kw["ceil_mode"], kw["count_include_pad"],
                                  kw["divisor_override"])
    return out[0] if unbatched else out


class MaxPool3d(_Pool):
    """``nn.MaxPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, dilation=1,
    return_indices=False, ceil_mode=False)`` on (N, C, D, H, W) or (C, D, H, W)."""

    _ndim = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0,
                 dilation=1, return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        if (dilation != 1 or return_indices) and self.pad_mode != "PAD":
            raise ValueError(f"For MaxPool3d, the pad_mode must be 'pad' when dilation is not 1 "
                             f"or return_indices is True, but got pad_mode:{pad_mode}.")
        self.return_indices = return_indices
        if self.pad_mode != "PAD" and padding not in (0, (0, 0, 0), (0,) * 6):
            raise ValueError(f"For 'MaxPool3D', the 'pad_list' must be zero or (0, 0, 0, 0, "
                             f"0, 0) when 'pad_mode' is not \"pad\", but got 'pad_list' is "
                             f"{nn_kernels.pair(padding, 3, 'padding')} and 'pad_mode' is "
                             f"{self.pad_mode.lower()}.")
        self.dilation = dilation

    def construct(self, x):
        unbatched = self._prepare(x)
        kw = {"kernel": self.kernel_size, "stride": self.stride, "pad_mode": self.pad_mode,
              "padding": self.padding if isinstance(self.padding, int) else
              tuple(self.padding), "dilation": self.dilation, "ceil_mode": self.ceil_mode}
        self._check_3d_kernel(x, "argmax" if self.dilation != 1 or self.return_indices
                              else "max")
        self._check_window(x, unbatched)
        if self.return_indices:
            return call(_with_indices, (x._data,), dict(kw, unbatched=unbatched))
        return call(_pool3d, (x._data,), dict(kw, kind="max", unbatched=unbatched))

    def _window_error(self, lead, spatial, out) -> Exception:
        return ValueError(f"For 'MaxPool3D', output shape's all elements must be positive, but "
                          f"got shape: {const_vector(lead + out)}.")


class AvgPool3d(_Pool):
    """``nn.AvgPool3d(kernel_size=1, stride=1, pad_mode='valid', padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)`` on (N, C, D, H, W) or (C, D, H, W)."""

    _ndim = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode: str = "valid", padding=0,
                 ceil_mode: bool = False, count_include_pad: bool = True,
                 divisor_override=None) -> None:
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def construct(self, x):
        unbatched = self._prepare(x)
        kw = {"kernel": self.kernel_size, "stride": self.stride, "pad_mode": self.pad_mode,
              "padding": self.padding if isinstance(self.padding, int) else
              tuple(self.padding), "ceil_mode": self.ceil_mode,
              "count_include_pad": self.count_include_pad,
              "divisor_override": self.divisor_override}
        self._check_3d_kernel(x, "avg")
        self._check_window(x, unbatched)
        return call(_pool3d, (x._data,), dict(kw, kind="avg", unbatched=unbatched))

    def _window_error(self, lead, spatial, out) -> Exception:
        return nn_kernels.avg3d_too_small(spatial, self.kernel_size)
