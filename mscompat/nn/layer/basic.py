"""``nn.Dense``, ``nn.Flatten``, ``nn.Dropout`` (MindSpore's defaults, shapes and names)."""
from __future__ import annotations

import logging
import math

import jax.numpy as jnp
import numpy as np

from ... import _checkparam
from ..._engine import dtypes, exact_div, jaxconfig, ms_dropout, op_table, random_ops, reductions
from ..._engine.cell import Cell
from ..._engine.initializers import HeUniform, Uniform, initialize
from ..._engine.matmul_shapes import check_dense_layer
from ..._engine.op_rows_array import _flatten_fn
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor
from .activation import get_activation


def _dense(x, w, b=None):
    if x.dtype != w.dtype:  # MindSpore's MatMul takes one dtype
        raise TypeError(f"For 'MatMul', the type of 'x2' should be same as 'x1', but got 'x1' "
                        f"with type Tensor[{dtypes.from_np(x.dtype)}] and 'x2' with type "
                        f"Tensor[{dtypes.from_np(w.dtype)}].")
    out = jnp.matmul(x, w.T, precision="highest")
    # (the bias's gradient sums the rows in order, as MindSpore's BiasAddGrad)
    return out if b is None else jnp.add(*reductions.row_operands(out, b))


class Dense(Cell):
    """``nn.Dense(in_channels, out_channels, weight_init=None, bias_init=None,
    has_bias=True, activation=None, dtype=mstype.float32)``: ``x @ weight.T + bias``.

    Example:
        >>> import mscompat as ms
        >>> net = ms.nn.Dense(3, 2, weight_init='ones', bias_init='zeros')
        >>> print(net(ms.Tensor([[1.0, 2.0, 3.0]])))
        [[6. 6.]]
    """

    def __init__(self, in_channels: int, out_channels: int, weight_init=None, bias_init=None,
                 has_bias: bool = True, activation=None, dtype=dtypes.ALL["float32"]) -> None:
        super().__init__()
        for name, v in (("in_channels", in_channels), ("out_channels", out_channels)):
            _checkparam.check_positive_int(v, name, "Dense")
        self.in_channels, self.out_channels, self.has_bias = in_channels, out_channels, has_bias
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        shape = (out_channels, in_channels)
        if isinstance(weight_init, Tensor) and weight_init.shape != shape:
            raise ValueError(f"For 'Dense', weight init shape error. The ndim of 'weight_init' "
                             f"must be equal to 2, and the first dim must be equal to "
                             f"'out_channels', and the second dim must be equal to "
                             f"'in_channels'. But got 'weight_init': {weight_init}, "
                             f"'out_channels': {out_channels}, 'in_channels': {in_channels}.")
        self.weight = Parameter(Tensor._wrap(initialize(weight_init, shape, dtype)),
                                name="weight")
        self.bias = None
        if has_bias:
            if isinstance(bias_init, Tensor) and bias_init.shape != (out_channels,):
                raise ValueError(f"For 'Dense', bias init shape error. The ndim of 'bias_init' "
                                 f"must be equal to 1, and the first dim must be equal to "
                                 f"'out_channels'. But got 'bias_init': {bias_init}, "
                                 f"'out_channels': {out_channels}.")
            if bias_init is None:
                bias_init = Uniform(1.0 / math.sqrt(in_channels))
            self.bias = Parameter(Tensor._wrap(initialize(bias_init, (out_channels,), dtype)),
                                  name="bias")
        self.activation = get_activation(activation) if isinstance(activation, str) \
            else activation
        self.activation_flag = self.activation is not None

    def construct(self, x):
        check_dense_layer(x, self.in_channels)
        if self.has_bias:
            out = call(_dense, (x._data, self.weight._data, self.bias._data))
        else:
            out = call(_dense, (x._data, self.weight._data))
        return self.activation(out) if self.activation_flag else out

    def extend_repr(self) -> str:
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}"
        if self.has_bias:  # MindSpore names has_bias only when it is True
            s += f", has_bias={self.has_bias}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s


class Linear(Dense):
    """``nn.Linear(in_features, out_features, bias=True, weight_init=None, bias_init=None,
    dtype=None)``: ``x @ weight.T + bias`` (MindSpore's mint-style name for ``Dense``, with
    the same default initialisation).

    Example:
        >>> import mscompat as ms
        >>> net = ms.nn.Linear(3, 2, weight_init='ones', bias_init='zeros')
        >>> print(net, net(ms.Tensor([[1.0, 2.0, 3.0]])))
        Linear(input_features=3, output_features=2, has_bias=True) [[6. 6.]]
    """

    def __init__(self, in_features: int, out_features: int, bias: bool = True,
                 weight_init=None, bias_init=None, dtype=None) -> None:
        for name, v in (("in_features", in_features), ("out_features", out_features)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Linear', the '{name}' must be int, but got "
                                f"{type(v).__name__}.")
            if v <= 0:
                raise ValueError(f"For 'Linear', the '{name}' must be a positive int, but "
                                 f"got {v}.")
        if not isinstance(bias, bool):
            raise TypeError(f"For 'Linear', the 'has_bias' must be bool, but got "
                            f"{type(bias).__name__}.")
        if isinstance(bias_init, Tensor) and tuple(bias_init.shape) != (out_features,):
            raise ValueError(f"For 'Linear', bias init shape error. The ndim of 'bias_init' "
                             f"must be equal to 1, and the first dim must be equal to "
                             f"'out_features'. But got 'bias_init': {bias_init}.")
        super().__init__(in_features, out_features, weight_init, bias_init, bias,
                         dtype=dtypes.ALL["float32"] if dtype is None else dtype)
        self.in_features, self.out_features = in_features, out_features

    def extend_repr(self) -> str:
        s = f"input_features={self.in_features}, output_features={self.out_features}"
        return s + (f", has_bias={self.has_bias}" if self.has_bias else "")


def _triangle(fn):
    def impl(x, k):
        return fn(jnp.ones(x.shape[-2:], jnp.float32), k) * x.astype(jnp.float32)
    return impl


class Tril(Cell):
    """``nn.Tril()(x, k=0)``: the lower triangle of ``x`` (entries above diagonal ``k``
    zeroed), computed in Float32 and cast back, as MindSpore's."""

    def __init__(self) -> None:  # MindSpore's takes no arguments
        super().__init__()

    def construct(self, x, k=0):
        return call(_triangle(jnp.tril), (x._data, int(k))).astype(x.dtype)


class Triu(Cell):
    """``nn.Triu()(x, k=0)``: the upper triangle of ``x`` (entries below diagonal ``k``
    zeroed)."""

    def __init__(self) -> None:  # MindSpore's takes no arguments
        super().__init__()

    def construct(self, x, k=0):
        return call(_triangle(jnp.triu), (x._data, int(k))).astype(x.dtype)


class Flatten(Cell):
    """``nn.Flatten(start_dim=1, end_dim=-1)``."""

    def __init__(self, start_dim: int = 1, end_dim: int = -1) -> None:
        super().__init__()
        self.start_dim, self.end_dim = start_dim, end_dim

    def construct(self, x):
        ndim = x.ndim or 1  # MindSpore's checks: both dims within the rank (1 for 0-d)
        for axis in (self.start_dim, self.end_dim):
            if axis < -ndim or axis >= ndim:
                raise ValueError("'start_dim' or 'end_dim' out of range.")
        return call(_flatten_fn, (x._data,), {"start_dim": self.start_dim,
                                              "end_dim": self.end_dim})


class Dropout(Cell):
    """``nn.Dropout(keep_prob=0.5, p=None)``: identity in eval mode; in training mode zeros
    with probability ``p`` and scales the rest by ``1 / (1 - p)``. After ``set_seed`` the
    masks are MindSpore's (``ms_dropout``: its kernel's seeds and generator); without a
    seed they come from the seeded stream of ``random_ops``."""

    def __init__(self, keep_prob=0.5, p=None, dtype=None) -> None:
        super().__init__()
        if p is None:
            if not isinstance(keep_prob, float):
                raise TypeError(f"For 'Dropout', the type of 'keep_prob' should be 'float', "
                                f"but got type '{type(keep_prob).__name__}'.")
            if not 0.0 < keep_prob <= 1.0:
                raise ValueError(f"For 'Dropout', the 'keep_prob' must be a number in range "
                                 f"(0, 1], but got {keep_prob}.")
        elif isinstance(p, bool) or not isinstance(p, (float, int)):
            raise TypeError(f"For 'Dropout', the type of 'p' should be one of '['float', "
                            f"'int']', but got type '{type(p).__name__}'.")
        elif not 0.0 <= p < 1.0:
            raise ValueError(f"For 'Dropout', the 'p' must be a number in range [0, 1), but "
                             f"got {p}.")
        # MindSpore keeps both as given: p None when keep_prob is used, keep_prob its
        # default when p is; the drop probability is p, else 1 - keep_prob
        self.p, self.keep_prob = p, keep_prob
        self._drop = 1.0 - keep_prob if p is None else p
        seeds = ms_dropout.graph_seed(0, "dropout")
        self._mask_stream = ms_dropout.MaskStream(seeds) if seeds != (0, 0) else None

    def construct(self, x):
        if not self.training or self.keep_prob == 1 or self.p == 0:
            return x
        if self._mask_stream is None:
            return random_ops.stream_dropout(x, self._drop)  # unseeded: entropy
        return self._mask_stream.apply(x, 1.0 - self._drop)

    def extend_repr(self) -> str:
        return f"keep_prob={self.keep_prob}" if self.p is None else f"p={self.p}"


class Dropout2d(Cell):
    """``nn.Dropout2d(p=0.5)``: in training mode each channel of an (N, C, H, W) input is
    zeroed with probability ``p`` and the rest scaled by ``1 / (1 - p)``; identity in eval
    mode. Draws come from the seeded stream of ``random_ops`` (not MindSpore's)."""

    _rank = 4

    def __init__(self, p: float = 0.5) -> None:
        super().__init__()
        if not isinstance(p, float) or not 0.0 <= p <= 1.0:
            raise ValueError(f"For '{type(self).__name__}', the 'p' must be a number in range "
                             f"[0, 1], but got {p}.")
        self.p, self.keep_prob = p, 1.0 - p

    def construct(self, x):
        if x.ndim != self._rank:
            raise ValueError(f"For '{type(self).__name__}', the dimension of input must be "
                             f"{self._rank}D, but got {x.ndim}D.")
        if not self.training or self.p == 0:
            return x
        if self.p == 1:
            return x * 0
        return random_ops.dropout_channels(x, self.p)

    def extend_repr(self) -> str:
        return f"p={self.keep_prob}"  # (sic) MindSpore shows the keep probability as p


class Dropout1d(Dropout2d):
    """``nn.Dropout1d(p=0.5)``: ``Dropout2d`` over the channels of (N, C, L), or of an
    unbatched (C, L) input.

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> ms.nn.Dropout1d(0.5)(ms.Tensor(np.ones((2, 3, 4), np.float32))).shape
        (2, 3, 4)
    """

    def __init__(self, p: float = 0.5) -> None:
        super().__init__(p)
        del self.keep_prob  # MindSpore's Dropout1d has no keep_prob attribute

    def extend_repr(self) -> str:
        return ""

    _rank = 3

    def construct(self, x):
        if x.ndim == 2:
            return super().construct(x.expand_dims(0)).squeeze(0)
        return super().construct(x)


class Dropout3d(Dropout2d):
    """``nn.Dropout3d(p=0.5)``: ``Dropout2d`` over the channels of (N, C, D, H, W)."""

    _rank = 5


class Identity(Cell):
    """``nn.Identity()``: returns its input."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__()

    def construct(self, x):
        return x


def _pad(x, *, paddings, mode):
    np_mode = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}[mode]
    return jnp.pad(x, paddings, mode=np_mode)


class Pad(Cell):
    """``nn.Pad(paddings, mode='CONSTANT')``: ``paddings`` is ((before, after), ...) per
    dimension; mode 'CONSTANT', 'REFLECT' or 'SYMMETRIC'."""

    def __init__(self, paddings, mode: str = "CONSTANT") -> None:
        super().__init__()
        if mode.upper() not in ("CONSTANT", "REFLECT", "SYMMETRIC"):
            raise ValueError(f"For 'Pad', the 'mode' must be 'CONSTANT', 'REFLECT' or "
                             f"'SYMMETRIC', but got {mode}.")
        self.paddings = tuple(tuple(int(v) for v in p) for p in paddings)
        self.mode = mode.upper()

    def construct(self, x):
        return call(_pad, (x._data,), {"paddings": self.paddings, "mode": self.mode})


class Range(Cell):
    """``nn.Range(start, limit=None, delta=1)``: the constant ``arange`` (Int32, or Float32
    when a bound is a float), returned by every call; deprecated in MindSpore for
    ``ops.range``.

    Example:
        >>> import mscompat as ms
        >>> print(ms.nn.Range(1, 8, 2)())
        [1 3 5 7]
    """

    def __init__(self, start, limit=None, delta=1) -> None:
        super().__init__()
        logging.getLogger("mscompat").warning(
            "The Range class will be deprecated in the future,this function can be replaced "
            "by :func:`ops.range`")
        if delta == 0:
            raise ValueError("For 'Range', the 'delta' can not be zero.")
        data = np.arange(start, limit, delta)
        dtype = np.float32 if data.dtype == np.float64 else np.int32
        self.result_tensor = Tensor(data.astype(dtype))

    def construct(self):
        return self.result_tensor


class ZeroPad2d(Cell):
    """``nn.ZeroPad2d(padding)``: an int or (left, right, top, bottom)."""

    def __init__(self, padding) -> None:
        super().__init__()
        self.padding = (padding,) * 4 if isinstance(padding, int) else tuple(padding)

    def construct(self, x):
        left, right, top, bottom = self.padding
        pads = ((0, 0),) * (x.ndim - 2) + ((top, bottom), (left, right))
        return call(_pad, (x._data,), {"paddings": pads, "mode": "CONSTANT"})


def _clip_by_norm(x, clip_norm, *, axis):
    l2 = jnp.sqrt(jnp.sum(jnp.square(x), axis=axis, keepdims=True))
    clip_norm = jnp.asarray(clip_norm, x.dtype)
    return exact_div.divide(x * clip_norm, jnp.maximum(l2, clip_norm))


class ClipByNorm(Cell):
    """``nn.ClipByNorm(axis=None)``: ``x * clip_norm / max(||x||_2, clip_norm)``."""

    def __init__(self, axis=None) -> None:
        super().__init__()
        if axis is not None:
            _checkparam.check_value_type("axis", axis, [int, tuple, list], "ClipByNorm")
        self.axis = axis

    def construct(self, x, clip_norm):
        axis = None if self.axis is None else (tuple(self.axis) if isinstance(
            self.axis, (list, tuple)) else int(self.axis))
        cn = clip_norm._data if isinstance(clip_norm, Tensor) else clip_norm
        return call(_clip_by_norm, (x._data, cn), {"axis": axis})


def _norm(x, *, axis, keep_dims):
    return jnp.sqrt(jnp.sum(jnp.square(x), axis=axis, keepdims=keep_dims))


class ReduceLogSumExp(Cell):
    """``nn.ReduceLogSumExp(axis, keep_dims=False)``: ``log(sum(exp(x)))`` over ``axis``,
    computed stably.

    Example:
        >>> import mscompat as ms
        >>> print(ms.nn.ReduceLogSumExp(1)(ms.Tensor([[0.0, 0.0]])))
        [0.6931472]
    """

    def __init__(self, axis, keep_dims: bool = False) -> None:
        super().__init__()
        if not isinstance(axis, (int, list, tuple)) or isinstance(axis, bool):
            raise TypeError(f"For 'ReduceLogSumExp', the 'axis' must be int, list or tuple, "
                            f"but got {type(axis).__name__}.")
        self.axis, self.keep_dims = axis, keep_dims

    def construct(self, x):
        axis = tuple(self.axis) if isinstance(self.axis, (list, tuple)) else self.axis
        axis = None if axis == () else axis
        return call(_logsumexp, (x._data,), {"axis": axis, "keepdims": self.keep_dims})


def _logsumexp(x, *, axis, keepdims):
    import jax
    return jax.nn.logsumexp(x, axis=axis, keepdims=keepdims)


class Norm(Cell):
    """``nn.Norm(axis=(), keep_dims=False)``: the L2 norm (over every axis for ``()``)."""

    def __init__(self, axis=(), keep_dims: bool = False) -> None:
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def construct(self, x):
        axis = tuple(self.axis) if isinstance(self.axis, (list, tuple)) else (self.axis,)
        return call(_norm, (x._data,), {"axis": axis or None, "keep_dims": self.keep_dims})

    def extend_repr(self) -> str:
        return f"axis={self.axis}, keep_dims={self.keep_dims}"


def _one_hot(ids, *, depth, on_value, off_value, axis, dtype):
    return op_table._one_hot(ids, depth, on_value, off_value, axis=axis).astype(dtype)


class OneHot(Cell):
    """``nn.OneHot(axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32)``."""

    def __init__(self, axis: int = -1, depth: int = 1, on_value=1.0, off_value=0.0,
                 dtype=dtypes.ALL["float32"]) -> None:
        super().__init__()
        self.axis, self.depth = axis, depth
        self.on_value, self.off_value, self.dtype = on_value, off_value, dtype

    def construct(self, indices):
        return call(_one_hot, (indices._data,),
                    {"depth": self.depth, "on_value": self.on_value,
                     "off_value": self.off_value, "axis": self.axis,
                     "dtype": dtypes.to_np(self.dtype)})


def _nn_matmul(x1, x2, *, transpose_x1, transpose_x2):
    if transpose_x1 and x1.ndim > 1:
        x1 = jnp.swapaxes(x1, -1, -2)
    if transpose_x2 and x2.ndim > 1:
        x2 = jnp.swapaxes(x2, -1, -2)
    return jnp.matmul(x1, x2, precision=jaxconfig.matmul_precision())


class MatMul(Cell):
    """``nn.MatMul(transpose_x1=False, transpose_x2=False)``: a broadcasting matrix product
    of the two inputs (1-D inputs as vectors)."""

    def __init__(self, transpose_x1: bool = False, transpose_x2: bool = False) -> None:
        super().__init__()
        self.transpose_x1, self.transpose_x2 = transpose_x1, transpose_x2

    def construct(self, x1, x2):
        return call(_nn_matmul, (x1._data, x2._data),
                    {"transpose_x1": self.transpose_x1, "transpose_x2": self.transpose_x2})
