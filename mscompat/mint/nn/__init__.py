"""``mindspore.mint.nn``: PyTorch-style layers (``Linear``, ``Conv2d``, ``BatchNorm2d`` with
``weight``/``bias``/``running_mean`` Parameters), activations and losses.

Activations and losses are rows of two tables over the functionals (``_ACTIVATIONS``,
``_LOSSES``); the classes MindSpore shares with ``mindspore.nn`` are those classes. Initial
weights equal MindSpore's after ``set_seed`` (``Linear`` and the convolutions draw as
``nn.Dense``/``nn.Conv2d``).

Example:
    >>> import mscompat as ms
    >>> from mscompat import mint
    >>> net = mint.nn.Linear(2, 1, weight_init="ones", bias_init="zeros")
    >>> print(net(ms.Tensor([[1.0, 2.0]])))
    [[3.]]
    >>> print(mint.nn.ReLU()(ms.Tensor([-1.0, 1.0])))
    [0. 1.]
"""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp

from ... import _checkparam as validator
from ..._engine import dtypes, nn_kernels
from ..._engine import mint_rows as _rows
from ..._engine import op_rows_math as _m
from ..._engine.cell import Cell as Cell
from ..._engine.embedding_op import embedding
from ..._engine.initializers import HeUniform, Normal, Uniform, initialize
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor
from ..._engine.unsupported import module_getattr as _module_getattr
from ...nn.layer.activation import HSigmoid as Hardsigmoid  # noqa: F401
from ...nn.layer.activation import HSwish as Hardswish  # noqa: F401
from ...nn.layer.activation import ReLU as ReLU
from ...nn.layer.activation import _make as _make_activation
from ...nn.layer.basic import Dense as _Dense
from ...nn.layer.basic import Identity as Identity
from ...nn.loss.table import LOSSES as _NN_LOSSES
from ...nn.loss.table import _make as _make_loss
from . import functional as functional
from .functional import _conv_nd

_F32 = dtypes.ALL["float32"]

# class name (MindSpore's, shown by repr) -> (mint name, implementation, init arguments)
_ACTIVATIONS = {
    "GELU": ("GELU", lambda x, approximate="none": jax.nn.gelu(x, approximate != "none"),
             (("approximate", "none"),)),
    "Mish": ("Mish", _rows._mish, ()),
    "SELU": ("SELU", jax.nn.selu, ()),
    "SiLU": ("SiLU", lambda x, inplace=False: _rows._silu(x), (("inplace", False),)),
    "Sigmoid": ("Sigmoid", jax.nn.sigmoid, ()),
    "Tanh": ("Tanh", jnp.tanh, ()),
    "ReLU6": ("ReLU6", lambda x, inplace=False: jax.nn.relu6(x), (("inplace", False),)),
    "ELU": ("ELU", lambda x, alpha=1.0, inplace=False: _rows._elu(x, alpha),
            (("alpha", 1.0), ("inplace", False))),
    "Hardtanh": ("Hardtanh", lambda x, min_val=-1.0, max_val=1.0, inplace=False:
                 jnp.clip(x, min_val, max_val),
                 (("min_val", -1.0), ("max_val", 1.0), ("inplace", False))),
    "LogSigmoid": ("LogSigmoid", jax.nn.log_sigmoid, ()),
    "Threshold": ("Threshold", lambda x, threshold, value, inplace=False:
                  jnp.where(x > threshold, x, value),
                  (("threshold", None), ("value", None), ("inplace", False))),
    "GLU": ("GLU", lambda x, dim=-1: jax.nn.glu(x, axis=dim), (("dim", -1),)),
    "SoftShrink": ("Softshrink", _rows._softshrink, (("lambd", 0.5),)),
    "HShrink": ("Hardshrink", lambda x, lambd=0.5:
                jnp.where(jnp.abs(x) > lambd, x, 0).astype(x.dtype), (("lambd", 0.5),)),
    "LogSoftmaxExt": ("LogSoftmax", _rows._log_softmax, (("dim", None),)),
    "SoftmaxExt": ("Softmax", _rows._softmax, (("dim", None),)),
}


# class name -> (mint name, init arguments, implementation, Tensor inputs, keyword arguments)
_LOSSES = {
    "L1LossExt": ("L1Loss", (("reduction", "mean"),), _m._l1_loss, (), ("reduction",)),
    "MSELoss": ("MSELoss", (("reduction", "mean"),), _m._mse_loss, (), ("reduction",)),
    "BCEWithLogitsLoss": ("BCEWithLogitsLoss", (("weight", None), ("reduction", "mean"),
                                                ("pos_weight", None)),
                          _m._bce_with_logits, ("weight", "pos_weight"), ("reduction",)),
    "SmoothL1Loss": ("SmoothL1Loss", (("reduction", "mean"), ("beta", 1.0)),
                     _m._smooth_l1_loss, (), ("beta", "reduction")),
    "KLDivLoss": ("KLDivLoss", (("reduction", "mean"), ("log_target", False)),
                  functional.kl_div_loss, (), ("reduction", "log_target")),
    "SoftMarginLoss": ("SoftMarginLoss", (("reduction", "mean"),), _m._soft_margin_loss, (),
                       ("reduction",)),
}

_CLASSES = {mint: _make_activation(cls, fn, args)
            for cls, (mint, fn, args) in _ACTIVATIONS.items()}
_CLASSES.update({mint: _make_loss(cls, args, impl, tensors, kws)
                 for cls, (mint, args, impl, tensors, kws) in _LOSSES.items()})
_CLASSES.update({name: _NN_LOSSES[name] for name in ("CrossEntropyLoss", "NLLLoss",
                                                     "BCELoss", "CosineEmbeddingLoss")})
globals().update(_CLASSES)


def _param(init, shape, dtype, name, requires_grad=True) -> Parameter:
    return Parameter(Tensor._wrap(initialize(init, shape, dtype or _F32)), name=name,
                     requires_grad=requires_grad)


class Linear(_Dense):
    """``mint.nn.Linear(in_features, out_features, bias=True, weight_init=None,
    bias_init=None, dtype=None)``: ``x @ weight.T + bias``, initialised as ``nn.Dense``."""

    def __init__(self, in_features: int, out_features: int, bias: bool = True,
                 weight_init=None, bias_init=None, dtype=None) -> None:
        super().__init__(in_features, out_features, weight_init, bias_init, bias,
                         dtype=dtype or _F32)

    def extend_repr(self) -> str:
        s = f"input_features={self.in_channels}, output_features={self.out_channels}"
        return s + (", has_bias=True" if self.has_bias else "")


class _ConvNd(Cell):
    _n = 2
    _transposed = False  # (the weight's shape: in, out/groups, *kernel)

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0,
                 dilation=1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 dtype=None) -> None:
        super().__init__()
        n = self._n
        if padding_mode != "zeros":
            raise NotImplementedError(f"mint.nn.Conv{n}d(padding_mode={padding_mode!r}) is "
                                      "not supported by mscompat yet.")
        self.kernel_size = nn_kernels.pair(kernel_size, n, "kernel_size")
        self.stride = nn_kernels.pair(stride, n, "stride")
        self.dilation = nn_kernels.pair(dilation, n, "dilation")
        self.padding = padding if isinstance(padding, str) else \
            nn_kernels.pair(padding, n, "padding")
        self.in_channels, self.out_channels, self.groups = in_channels, out_channels, groups
        shape = ((in_channels, out_channels // groups) if self._transposed else
                 (out_channels, in_channels // groups)) + self.kernel_size
        self.weight = _param(HeUniform(math.sqrt(5)), shape, dtype, "weight")
        fan_in = shape[1] * math.prod(self.kernel_size)
        self.bias = _param(Uniform(1 / math.sqrt(fan_in)), (out_channels,), dtype, "bias") \
            if bias else None

    def construct(self, x):
        args = (x._data, self.weight._data, None if self.bias is None else self.bias._data)
        return call(_conv_nd, args, {"stride": self.stride, "padding": self.padding,
                                     "dilation": self.dilation, "groups": self.groups})

    def extend_repr(self) -> str:
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, "
                f"padding={self.padding}, dilation={self.dilation}, groups={self.groups}, "
                f"bias={self.bias is not None}")


class Conv1d(_ConvNd):
    """``mint.nn.Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, ...)``."""

    _n = 1


class Conv2d(_ConvNd):
    """``mint.nn.Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    dilation=1, groups=1, bias=True, padding_mode='zeros', dtype=None)``; ``padding`` an
    int, a tuple, ``'same'`` or ``'valid'``."""


class Conv3d(_ConvNd):
    """``mint.nn.Conv3d(...)`` on (N, C, D, H, W)."""

    _n = 3


class ConvTranspose2d(_ConvNd):
    """``mint.nn.ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0,
    output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', dtype=None)``;
    ``construct(input, output_size=None)`` (an ``output_size`` sets the output padding)."""

    _transposed = True

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0,
                 output_padding=0, groups: int = 1, bias: bool = True, dilation=1,
                 padding_mode: str = "zeros", dtype=None) -> None:
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for '
                             f'{type(self).__name__}')
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         groups, bias, padding_mode, dtype)
        self.output_padding = nn_kernels.pair(output_padding, 2, "output_padding")

    def construct(self, input, output_size=None):
        output_padding = self.output_padding
        if output_size is not None:
            spatial = tuple(output_size)[-2:]
            low = [(n - 1) * s - 2 * p + d * (k - 1) + 1 for n, s, p, d, k in zip(
                input.shape[-2:], self.stride, self.padding, self.dilation, self.kernel_size)]
            high = [m + s - 1 for m, s in zip(low, self.stride)]
            if any(not lo <= n <= hi for n, lo, hi in zip(spatial, low, high)):
                raise ValueError(f"requested an output size of {list(spatial)}, but valid "
                                 f"sizes range from {low} to {high} (for an input of "
                                 f"{list(input.shape[-2:])})")
            output_padding = tuple(n - lo for n, lo in zip(spatial, low))
        return functional.conv_transpose2d(input, self.weight, self.bias, self.stride,
                                           self.padding, output_padding, self.groups,
                                           self.dilation)


class GroupNorm(Cell):
    """``mint.nn.GroupNorm(num_groups, num_channels, eps=1e-05, affine=True, dtype=None)``
    (Parameters ``weight`` and ``bias``)."""

    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-05,
                 affine: bool = True, dtype=None) -> None:
        super().__init__()
        if num_channels % num_groups:
            raise ValueError("For 'GroupNorm', the 'num_channels' must be divided by "
                             f"'num_groups', but got {num_channels} and {num_groups}.")
        self.num_groups, self.num_channels, self.eps, self.affine = \
            num_groups, num_channels, eps, affine
        self.weight = _param("ones", (num_channels,), dtype, "weight", affine)
        self.bias = _param("zeros", (num_channels,), dtype, "bias", affine)

    def construct(self, x):
        return call(nn_kernels.group_norm, (x._data, self.num_groups, self.weight._data,
                                            self.bias._data, self.eps))

    def extend_repr(self) -> str:
        return (f"num_groups={self.num_groups}, num_channels={self.num_channels}, "
                f"eps={self.eps}, affine={self.affine}")


class _BatchNorm(Cell):
    _ranks: tuple[int, ...] = (2, 3)

    def __init__(self, num_features: int, eps: float = 1e-05, momentum: float = 0.1,
                 affine: bool = True, track_running_stats: bool = True, dtype=None) -> None:
        super().__init__()
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        self.affine, self.track_running_stats = affine, track_running_stats
        shape = (num_features,)
        self.weight = _param("ones", shape, dtype, "weight", affine)
        self.bias = _param("zeros", shape, dtype, "bias", affine)
        self.running_mean = _param("zeros", shape, dtype, "running_mean", False)
        self.running_var = _param("ones", shape, dtype, "running_var", False)
        self.num_batches_tracked = _param("zeros", (), dtypes.ALL["int64"],
                                          "num_batches_tracked", False)

    def construct(self, x):
        if x.ndim not in self._ranks:
            raise ValueError(f"For '{type(self).__name__}', expected "
                             f"{' or '.join(f'{r}D' for r in self._ranks)} input, but got "
                             f"{x.ndim}D.")
        args = (x._data, self.weight._data, self.bias._data, self.running_mean._data,
                self.running_var._data)
        if not (self.training or not self.track_running_stats):
            return call(nn_kernels.batch_norm_infer, args + (self.eps,))
        y, mean, var = call(nn_kernels.batch_norm_train, args + (self.eps, 1 - self.momentum))
        if self.training and self.track_running_stats:
            self.running_mean = mean
            self.running_var = var
            self.num_batches_tracked = self.num_batches_tracked + 1
        return y

    def extend_repr(self) -> str:
        return (f"num_features={self.num_features}, eps={self.eps}, "
                f"momentum={self.momentum}, affine={self.affine}, "
                f"track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    """``mint.nn.BatchNorm1d(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True, dtype=None)``: PyTorch's momentum
    (``running = (1 - momentum) * running + momentum * batch``)."""


class BatchNorm2d(_BatchNorm):
    """``mint.nn.BatchNorm2d(num_features, ...)`` on (N, C, H, W)."""

    _ranks = (4,)


class BatchNorm3d(_BatchNorm):
    """``mint.nn.BatchNorm3d(num_features, ...)`` on (N, C, D, H, W)."""

    _ranks = (5,)


class EmbeddingExt(Cell):
    """``mint.nn.Embedding(num_embeddings, embedding_dim, padding_idx=None, ...,
    _weight=None, _freeze=False, dtype=None)``: rows of ``weight`` (initialised N(0, 1)),
    the ``padding_idx`` row zero."""

    def __init__(self, num_embeddings: int, embedding_dim: int, padding_idx=None,
                 max_norm=None, norm_type: float = 2.0, scale_grad_by_freq: bool = False,
                 sparse: bool = False, _weight=None, _freeze: bool = False,
                 dtype=None) -> None:
        super().__init__()
        cls = "EmbeddingExt"
        self.sparse = validator.check_value_type("sparse", sparse, [bool], cls)
        if sparse:
            raise ValueError("For Embedding, the scenerio, where `sparse` is True, has not be "
                             "supported.")
        self.num_embeddings = validator.check_value_type("num_embeddings", num_embeddings,
                                                         [int], cls)
        self.embedding_dim = validator.check_value_type("embedding_dim", embedding_dim,
                                                        [int], cls)
        self.dtype = dtype or _F32
        self.padding_idx = padding_idx
        if _weight is None:
            w = initialize(Normal(1.0), (num_embeddings, embedding_dim), self.dtype)
            if padding_idx is not None:
                self.padding_idx = validator.check_int_range(
                    padding_idx, -num_embeddings, num_embeddings, validator.INC_LEFT,
                    "padding_idx", cls)
                w = w.at[padding_idx].set(0)
        else:
            if tuple(_weight.shape) != (num_embeddings, embedding_dim):
                raise ValueError(f"For Embedding, shape of weight should be match with "
                                 f"num_embeddings and embedding_dim, but got weight.shape: "
                                 f"{tuple(_weight.shape)}, and (num_embeddings, embedding_dim): "
                                 f"({num_embeddings}, {embedding_dim})")
            w = _weight._data if isinstance(_weight, Tensor) else jnp.asarray(_weight)
        self.weight = Parameter(Tensor._wrap(w), name="weight", requires_grad=not _freeze)
        self.max_norm = max_norm if max_norm is None else \
            validator.check_value_type("max_norm", max_norm, [float], cls)
        self.norm_type = norm_type if norm_type is None else \
            validator.check_value_type("norm_type", norm_type, [float], cls)
        self.scale_grad_by_freq = scale_grad_by_freq if scale_grad_by_freq is None else \
            validator.check_value_type("scale_grad_by_freq", scale_grad_by_freq, [bool], cls)

    def construct(self, input):
        return embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                         self.scale_grad_by_freq)

    def extend_repr(self) -> str:
        return (f"num_embeddings={self.num_embeddings}, embedding_dim={self.embedding_dim}, "
                f"padding_idx={self.padding_idx}, max_norm={self.max_norm}, "
                f"norm_type={self.norm_type}, scale_grad_by_freq={self.scale_grad_by_freq}, "
                f"dtype={self.dtype}")


class PReLUExt(Cell):
    """``mint.nn.PReLU(num_parameters=1, init=0.25, dtype=None)`` (Parameter ``weight``)."""

    def __init__(self, num_parameters: int = 1, init: float = 0.25, dtype=None) -> None:
        super().__init__()
        self.num_parameters = num_parameters
        self.weight = _param(init, (num_parameters,), dtype, "weight")

    def construct(self, x):
        return call(_m._prelu, (x._data, self.weight._data))


class LayerNormExt(Cell):
    """``mint.nn.LayerNorm(normalized_shape, eps=1e-05, elementwise_affine=True, bias=True,
    dtype=None)`` (Parameters ``weight`` and ``bias``)."""

    def __init__(self, normalized_shape, eps: float = 1e-05, elementwise_affine: bool = True,
                 bias: bool = True, dtype=None) -> None:
        super().__init__()
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else \
            tuple(normalized_shape)
        self.normalized_shape, self.eps, self.elementwise_affine = shape, eps, \
            elementwise_affine
        self.weight = _param("ones", shape, dtype, "weight", elementwise_affine)
        self.bias = _param("zeros", shape, dtype, "bias", elementwise_affine and bias)

    def construct(self, x):
        axis = x.ndim - len(self.normalized_shape)
        return call(nn_kernels.layer_norm, (x._data, self.weight._data, self.bias._data,
                                            axis, axis, self.eps))

    def extend_repr(self) -> str:
        return (f"normalized_shape={self.normalized_shape}, eps={self.eps}, "
                f"elementwise_affine={self.elementwise_affine}")


class Flatten(Cell):
    """``mint.nn.Flatten(start_dim=1, end_dim=-1)``."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x):
        return call(_rows._flatten, (x._data, self.start_dim, self.end_dim))


class DropoutExt(Cell):
    """``mint.nn.Dropout(p=0.5, inplace=False)``: active in training mode only."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if not 0 <= p <= 1:
            raise ValueError(f"For 'Dropout', the 'p' must be a number in range [0, 1], but "
                             f"got {p}.")
        self.p = p

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        return functional.dropout(x, self.p, True)


class _Pool(Cell):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True, divisor_override=None) -> None:
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad
        self.divisor_override = divisor_override


class AvgPool2dExt(_Pool):
    """``mint.nn.AvgPool2d(kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)``."""

    def construct(self, x):
        return functional.avg_pool2d(x, self.kernel_size, self.stride, self.padding,
                                     self.ceil_mode, self.count_include_pad,
                                     self.divisor_override)


class MaxPool2dExt(Cell):
    """``mint.nn.MaxPool2d(kernel_size=1, stride=None, padding=0, dilation=1,
    return_indices=False, ceil_mode=False)``."""

    def __init__(self, kernel_size=1, stride=None, padding=0, dilation=1,
                 return_indices=False, ceil_mode=False) -> None:
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.dilation, self.return_indices, self.ceil_mode = dilation, return_indices, \
            ceil_mode

    def construct(self, x):
        return functional.max_pool2d(x, self.kernel_size, self.stride, self.padding,
                                     self.dilation, self.ceil_mode, self.return_indices)


class AvgPool1dExt(_Pool):
    """``mint.nn.AvgPool1d(kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True)``."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True) -> None:
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad)

    def construct(self, x):
        return functional.avg_pool1d(x, self.kernel_size, self.stride, self.padding,
                                     self.ceil_mode, self.count_include_pad)


class AvgPool3dExt(_Pool):
    """``mint.nn.AvgPool3d(kernel_size, stride=None, padding=0, ceil_mode=False,
    count_include_pad=True, divisor_override=None)``."""

    def construct(self, x):
        return functional.avg_pool3d(x, self.kernel_size, self.stride, self.padding,
                                     self.ceil_mode, self.count_include_pad,
                                     self.divisor_override)


class MaxUnpool2d(Cell):
    """``mint.nn.MaxUnpool2d(kernel_size, stride=None, padding=0)``;
    ``construct(input, indices, output_size=None)``."""

    def __init__(self, kernel_size, stride=None, padding=0) -> None:
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding

    def construct(self, input, indices, output_size=None):
        return functional.max_unpool2d(input, indices, self.kernel_size, self.stride,
                                       self.padding, output_size)


class AdaptiveAvgPool1d(Cell):
    """``mint.nn.AdaptiveAvgPool1d(output_size)``."""

    def __init__(self, output_size) -> None:
        super().__init__()
        self.output_size = output_size

    def construct(self, x):
        return functional.adaptive_avg_pool1d(x, self.output_size)

    def extend_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool3d(AdaptiveAvgPool1d):
    """``mint.nn.AdaptiveAvgPool3d(output_size)``."""

    def construct(self, x):
        return functional.adaptive_avg_pool3d(x, self.output_size)

    def extend_repr(self) -> str:
        return ""


class AdaptiveMaxPool1d(Cell):
    """``mint.nn.AdaptiveMaxPool1d(output_size, return_indices=False)``."""

    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size, self.return_indices = output_size, return_indices

    def construct(self, x):
        return functional.adaptive_max_pool1d(x, self.output_size, self.return_indices)

    def extend_repr(self) -> str:
        return f"output_size={self.output_size}, return_indices={self.return_indices}"


class UpsampleExt(Cell):
    """``mint.nn.Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None,
    recompute_scale_factor=None)``: ``functional.interpolate``."""

    def __init__(self, size=None, scale_factor=None, mode: str = "nearest",
                 align_corners=None, recompute_scale_factor=None) -> None:
        super().__init__()
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, input):
        return functional.interpolate(input, self.size, self.scale_factor, self.mode,
                                      self.align_corners, self.recompute_scale_factor)


class UpsamplingBilinear2d(Cell):
    """``mint.nn.UpsamplingBilinear2d(size=None, scale_factor=None)``: bilinear with aligned
    corners."""

    def __init__(self, size=None, scale_factor=None) -> None:
        super().__init__()
        self.size, self.scale_factor = size, scale_factor

    def construct(self, input):
        return functional.interpolate(input, self.size, self.scale_factor, "bilinear", True)


class AdaptiveAvgPool2d(Cell):
    """``mint.nn.AdaptiveAvgPool2d(output_size)``."""

    def __init__(self, output_size) -> None:
        super().__init__()
        self.output_size = output_size

    def construct(self, x):
        return functional.adaptive_avg_pool2d(x, self.output_size)


class AdaptiveMaxPool2d(Cell):
    """``mint.nn.AdaptiveMaxPool2d(output_size, return_indices=False)``."""

    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size, self.return_indices = output_size, return_indices

    def construct(self, x):
        return functional.adaptive_max_pool2d(x, self.output_size, self.return_indices)


class PixelShuffle(Cell):
    """``mint.nn.PixelShuffle(upscale_factor)``."""

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, x):
        return functional.pixel_shuffle(x, self.upscale_factor)


class UpsamplingNearest2d(Cell):
    """``mint.nn.UpsamplingNearest2d(size=None, scale_factor=None)``: nearest-neighbour
    ``interpolate`` of an (N, C, H, W) input."""

    def __init__(self, size=None, scale_factor=None) -> None:
        super().__init__()
        self.size, self.scale_factor = size, scale_factor

    def construct(self, x):
        if self.scale_factor is not None and not isinstance(self.scale_factor, (tuple, list)):
            # MindSpore passes it on as UpsampleNearest2D's ``scales``, which takes a sequence
            raise TypeError(
                f'Failed calling UpsampleNearest2D with "UpsampleNearest2D()(x=Tensor, '
                f'output_size=None, scales={type(self.scale_factor).__name__})".')
        return functional.interpolate(x, self.size, self.scale_factor, "nearest")


class Dropout2d(Cell):
    """``mint.nn.Dropout2d(p=0.5, inplace=False)``: whole channels zeroed with probability
    ``p`` in training mode (``nn.Dropout2d``'s stream), the identity otherwise."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if not 0 <= p <= 1:
            raise ValueError(f"For 'Dropout2d', the 'p' must be a number in range [0, 1], "
                             f"but got {p}.")
        self.p = p

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        if self.p == 1:
            return x * 0
        from ..._engine import random_ops
        return random_ops.dropout_channels(x, self.p)


class SyncBatchNorm(_BatchNorm):
    """``mint.nn.SyncBatchNorm(num_features, eps=1e-05, momentum=0.1, affine=True,
    track_running_stats=True, process_group=None, dtype=None)``: BatchNorm over 2-D to 5-D
    inputs; on one device the statistics are the local batch's."""

    _ranks = (2, 3, 4, 5)

    def __init__(self, num_features: int, eps: float = 1e-05, momentum: float = 0.1,
                 affine: bool = True, track_running_stats: bool = True, process_group=None,
                 dtype=None) -> None:
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = process_group


class UnfoldExt(Cell):
    """``mint.nn.Unfold(kernel_size, dilation=1, padding=0, stride=1)``: the sliding windows
    of (N, C, H, W) as columns (N, C * kh * kw, L) (``ops.unfold``)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1) -> None:
        super().__init__()
        self.kernel_size, self.dilation, self.padding, self.stride = \
            kernel_size, dilation, padding, stride

    def construct(self, input):
        return functional.unfold(input, self.kernel_size, self.dilation, self.padding,
                                 self.stride)


class Fold(Cell):
    """``mint.nn.Fold(output_size, kernel_size, dilation=1, padding=0, stride=1)``: columns
    summed back into (N, C, H, W) (``ops.fold``)."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1) -> None:
        super().__init__()
        self.output_size, self.kernel_size = output_size, kernel_size
        self.dilation, self.padding, self.stride = dilation, padding, stride

    def construct(self, input):
        return functional.fold(input, self.output_size, self.kernel_size, self.dilation,
                               self.padding, self.stride)


def _pad_cell(name: str, mode: str, n: int, constant: bool = False) -> type:
    def __init__(self, padding, value=0.0):
        Cell.__init__(self)
        self.padding = (padding,) * (2 * n) if isinstance(padding, int) else tuple(padding)
        self.value = value

    def construct(self, x):
        return functional.pad(x, self.padding, mode, self.value if mode == "constant"
                              else None)
    doc = f"``mint.nn.{name}(padding{', value' if constant else ''})``: {mode} padding " \
          f"of the last {n} dimensions."
    return type(name, (Cell,), {"__init__": __init__, "construct": construct, "__doc__": doc})


_PADS = {f"{kind}Pad{n}d": _pad_cell(f"{kind}Pad{n}d", mode, n, kind == "Constant")
         for kind, mode in (("Constant", "constant"), ("Zero", "constant"),
                            ("Reflection", "reflect"), ("Replication", "replicate"))
         for n in (1, 2, 3)}
globals().update(_PADS)

Embedding = EmbeddingExt
PReLU = PReLUExt
LayerNorm = LayerNormExt
Dropout = DropoutExt
AvgPool2d = AvgPool2dExt
MaxPool2d = MaxPool2dExt
Unfold = UnfoldExt
AvgPool1d = AvgPool1dExt
AvgPool3d = AvgPool3dExt
Upsample = UpsampleExt

__all__ = sorted([*_CLASSES, *_PADS, "AdaptiveAvgPool1d", "AdaptiveAvgPool2d",
                  "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AvgPool1d",
                  "AvgPool2d", "AvgPool3d", "ConvTranspose2d", "MaxUnpool2d", "Upsample",
                  "UpsamplingBilinear2d",
                  "BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "Cell", "Conv1d", "Conv2d",
                  "Conv3d", "Dropout", "Dropout2d", "Embedding", "Flatten", "Fold",
                  "GroupNorm", "Hardsigmoid", "Hardswish", "Identity", "LayerNorm", "Linear",
                  "MaxPool2d", "PReLU", "PixelShuffle", "ReLU", "SyncBatchNorm", "Unfold",
                  "UpsamplingNearest2d", "functional"])
__getattr__ = _module_getattr("mindspore.mint.nn")
