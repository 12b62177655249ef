"""``nn.BatchNorm1d/2d``, ``nn.LayerNorm``, ``nn.GroupNorm``.

BatchNorm in training mode normalises with the batch statistics (biased variance) and
writes the moving statistics: ``moving = momentum * moving + (1 - momentum) * batch``, the
moving variance taking the unbiased batch variance (MindSpore's rule, recorded in
``tests/conformance/cases/nn_specs.py``).

Example:
    >>> import mscompat as ms
    >>> bn = ms.nn.BatchNorm1d(2)
    >>> print(bn(ms.Tensor([[1.0, 2.0], [3.0, 4.0]])))
    [[0.999995 1.99999 ]
     [2.999985 3.99998 ]]
"""
from __future__ import annotations

import numbers

import jax.numpy as jnp

from ... import _checkparam as validator
from ..._engine import dtypes, exact_div, mixed_precision, nn_kernels
from ..._engine.cell import Cell
from ..._engine.errors import const_vector
from ..._engine.initializers import Initializer, initialize
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor

_F32 = dtypes.ALL["float32"]


def _param(init, shape, dtype, name, requires_grad=True) -> Parameter:
    return Parameter(Tensor._wrap(initialize(init, shape, dtype)), name=name,
                     requires_grad=requires_grad)


@mixed_precision.keep(1, 2, 3, 4)  # MindSpore's BatchNorm writes them (RW_WRITE): not cast
def _bn_train(x, g, b, m, v, *, eps, momentum):
    return nn_kernels.batch_norm_train(x, g, b, m, v, eps, momentum)


@mixed_precision.keep(1, 2, 3, 4)
def _bn_infer(x, g, b, m, v, *, eps):
    return nn_kernels.batch_norm_infer(x, g, b, m, v, eps)


class _BatchNorm(Cell):
    _ranks: tuple[int, ...] = (2, 4)
    _rank_message = "For '{cls}', the input must be 2D or 4D, but got {dim}D."

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.9,
                 affine: bool = True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, data_format: str = "NCHW", dtype=_F32) -> None:
        super().__init__()
        cls = type(self).__name__
        if not isinstance(num_features, int) or isinstance(num_features, bool) or \
                num_features < 1:
            raise ValueError(f"For '{cls}', the 'num_features' must be at least 1, but got "
                             f"{num_features}.")
        if not 0.0 <= momentum <= 1.0:
            raise ValueError(f"For '{cls}', the 'momentum' must be a number in range [0, 1], "
                             f"but got {momentum}.")
        validator.check_string(data_format, ["NCHW", "NHWC"], "format", cls)
        if data_format != "NCHW":
            raise NotImplementedError(f"nn.{cls}(data_format={data_format!r}) is not "
                                      "supported by mscompat.")
        # MindSpore's attribute holds 1 - momentum (the BatchNorm kernel's momentum)
        self.num_features, self.eps, self.momentum = num_features, eps, 1.0 - momentum
        self.use_batch_statistics = use_batch_statistics
        shape = (num_features,)
        self.moving_mean = _param(moving_mean_init, shape, dtype, "mean", False)
        self.moving_variance = _param(moving_var_init, shape, dtype, "variance", False)
        self.gamma = _param(gamma_init, shape, dtype, "gamma", affine)
        self.beta = _param(beta_init, shape, dtype, "beta", affine)

    def construct(self, x):
        if x.ndim not in self._ranks:
            raise ValueError(self._rank_message.format(cls=type(self).__name__, dim=x.ndim))
        if x.shape[1] != self.num_features:
            raise ValueError(f"For BatchNorm, scale.shape[0] should be equal to input_x's "
                             f"channel dimension: {x.shape[1]}, bug got scale.shape[0]: "
                             f"{self.num_features}.")
        args = (x._data, self.gamma._value, self.beta._value, self.moving_mean._value,
                self.moving_variance._value)
        batch = self.training if self.use_batch_statistics is None else \
            self.use_batch_statistics
        if not batch:
            return call(_bn_infer, args, {"eps": self.eps})
        y, mean, var = call(_bn_train, args, {"eps": self.eps, "momentum": 1.0 - self.momentum})
        self.moving_mean = mean
        self.moving_variance = var
        return y

    def extend_repr(self) -> str:
        return (f"num_features={self.num_features}, eps={self.eps}, "
                f"momentum={1.0 - self.momentum}, gamma={self.gamma}, beta={self.beta}, "
                f"moving_mean={self.moving_mean}, moving_variance={self.moving_variance}")


class BatchNorm1d(_BatchNorm):
    """``nn.BatchNorm1d(num_features, eps=1e-5, momentum=0.9, affine=True, ...)`` on (N, C)
    or (N, C, L)."""

    _ranks = (2, 3)
    _rank_message = "For '{cls}', the must have 2 dims or 3 dims, but got {dim}."


class BatchNorm2d(_BatchNorm):
    """``nn.BatchNorm2d(num_features, eps=1e-5, momentum=0.9, affine=True, ...)`` on
    (N, C, H, W)."""

    _ranks = (4,)
    _rank_message = "For '{cls}', the in_shape must have 4 dims, but got {dim}."


class BatchNorm3d(Cell):
    """``nn.BatchNorm3d(num_features, ...)`` on (N, C, D, H, W): as MindSpore builds it, a
    ``BatchNorm2d`` child ``bn2d`` (so its Parameters are ``bn2d.gamma``... in checkpoints)
    over the input seen as (N, C, D*H, W).

    Example:
        >>> import mscompat as ms
        >>> [name for name, _ in ms.nn.BatchNorm3d(2).parameters_and_names()]
        ['bn2d.moving_mean', 'bn2d.moving_variance', 'bn2d.gamma', 'bn2d.beta']
    """

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.9,
                 affine: bool = True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones",
                 use_batch_statistics=None, dtype=_F32) -> None:
        super().__init__()
        self.bn2d = BatchNorm2d(num_features, eps, momentum, affine, gamma_init, beta_init,
                                moving_mean_init, moving_var_init, use_batch_statistics,
                                "NCHW", dtype)

    def construct(self, x):
        if x.ndim != 5:
            raise ValueError(f"For 'BatchNorm3d', the in_shape must have 5 dims, but got "
                             f"{x.ndim}.")
        n, c, d, h, w = x.shape
        return self.bn2d(x.reshape((n, c, d * h, w))).reshape((n, c, d, h, w))


class SyncBatchNorm(_BatchNorm):
    """``nn.SyncBatchNorm(num_features, eps=1e-5, momentum=0.9, affine=True, ...,
    process_groups=None)`` on (N, C) or (N, C, H, W): batch statistics over the whole
    batch of every device. In one process (also DATA_PARALLEL over a mesh, where the batch is
    one global array) that is ``BatchNorm``; per-rank programs across processes would see
    their own shard only, so training mode raises NotImplementedError there."""

    _ranks = (2, 4)

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.9,
                 affine: bool = True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None,
                 process_groups=None, dtype=_F32) -> None:
        if process_groups is not None:
            raise NotImplementedError("nn.SyncBatchNorm(process_groups=...) is not supported "
                                      "by mscompat yet.")
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init,
                         moving_mean_init, moving_var_init, use_batch_statistics, dtype=dtype)

    def construct(self, x):
        from ..._engine import parallel
        if self.training and parallel.in_rank_program():
            raise NotImplementedError("nn.SyncBatchNorm in training mode across processes is "
                                      "not supported by mscompat yet.")
        return super().construct(x)


def _layer_norm(x, g, b, *, begin_norm_axis, begin_params_axis, eps):
    # (MindSpore's construct casts gamma and beta to the input's dtype)
    return nn_kernels.layer_norm(x, g.astype(x.dtype), b.astype(x.dtype), begin_norm_axis,
                                 begin_params_axis, eps)


class LayerNorm(Cell):
    """``nn.LayerNorm(normalized_shape, begin_norm_axis=-1, begin_params_axis=-1,
    gamma_init='ones', beta_init='zeros', epsilon=1e-7, dtype=mstype.float32)``."""

    def __init__(self, normalized_shape, begin_norm_axis: int = -1,
                 begin_params_axis: int = -1, gamma_init="ones", beta_init="zeros",
                 epsilon: float = 1e-7, dtype=_F32) -> None:
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For 'LayerNorm', the type of 'normalized_shape' must be tuple "
                            f"or list, but got {type(normalized_shape).__name__}.")
        self.normalized_shape = tuple(normalized_shape)
        self.begin_norm_axis, self.begin_params_axis = begin_norm_axis, begin_params_axis
        self.epsilon = epsilon
        self.gamma = _param(gamma_init, self.normalized_shape, dtype, "gamma")
        self.beta = _param(beta_init, self.normalized_shape, dtype, "beta")

    def construct(self, x):
        for name in ("begin_norm_axis", "begin_params_axis"):
            axis = getattr(self, name)
            if not -1 <= axis < x.ndim:  # the LayerNorm kernel takes -1 as its only negative
                raise RuntimeError(f"For primitive[LayerNorm], input_x's rank is {x.ndim}, "
                                   f"while the '{name}' value should be in the range "
                                   f"[-1, {x.ndim}), but got {axis}")
        self._check_params_shape(x)
        return call(_layer_norm, (x._data, self.gamma._data, self.beta._data),
                    {"begin_norm_axis": self.begin_norm_axis,
                     "begin_params_axis": self.begin_params_axis, "eps": self.epsilon})

    def _check_params_shape(self, x) -> None:
        """The LayerNorm kernel's checks: gamma and beta span the input's axes from
        ``begin_params_axis`` on, with its shape there."""
        axis = self.begin_params_axis % x.ndim
        gamma, beta = tuple(self.gamma.shape), tuple(self.beta.shape)
        if len(gamma) + axis < x.ndim or len(beta) + axis < x.ndim:
            raise ValueError(
                f"For 'LayerNorm', begin_params_axis must be less than or equal to input_x "
                f"shape size, gamma shape size add begin_params_axis must be equal to or "
                f"greater than input_x shape size, and beta shape size add begin_params_axis "
                f"must be equal to or greater than input_x shape size, But got "
                f"begin_params_axis: {axis}, input_x shape size: {x.ndim}, gamma shape size: "
                f"{len(gamma)}, beta shape size: {len(beta)}.")
        if tuple(x.shape[axis:]) != gamma or tuple(x.shape[axis:]) != beta:
            raise ValueError(
                f"For 'LayerNorm', gamma or beta shape must match input shape, but got input "
                f"shape: {const_vector(tuple(x.shape))}, gamma shape: {const_vector(gamma)}, "
                f"beta shape: {const_vector(beta)}.")

    def extend_repr(self) -> str:
        return (f"normalized_shape={self.normalized_shape}, "
                f"begin_norm_axis={self.begin_norm_axis}, "
                f"begin_params_axis={self.begin_params_axis}, gamma{self.gamma}, "
                f"beta={self.beta}")


def _group_norm(x, g, b, *, num_groups, eps):
    # (MindSpore's construct casts gamma and beta to the input's dtype)
    return nn_kernels.group_norm(x, num_groups, g.astype(x.dtype), b.astype(x.dtype), eps)


class GroupNorm(Cell):
    """``nn.GroupNorm(num_groups, num_channels, eps=1e-5, affine=True, gamma_init='ones',
    beta_init='zeros', dtype=mstype.float32)``."""

    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5,
                 affine: bool = True, gamma_init="ones", beta_init="zeros",
                 dtype=_F32) -> None:
        super().__init__()
        validator.check_positive_int(num_groups, "num_groups", "GroupNorm")
        validator.check_positive_int(num_channels, "num_channels", "GroupNorm")
        if num_channels % num_groups:
            raise ValueError(f"For 'GroupNorm', the 'num_channels' must be divided by "
                             f"'num_groups', but got 'num_channels': {num_channels}, "
                             f"'num_groups': {num_groups}.")
        self.num_groups, self.num_channels, self.eps = num_groups, num_channels, eps
        self.gamma = _param(gamma_init, (num_channels,), dtype, "gamma", affine)
        self.beta = _param(beta_init, (num_channels,), dtype, "beta", affine)

    def construct(self, x):
        return call(_group_norm, (x._data, self.gamma._data, self.beta._data),
                    {"num_groups": self.num_groups, "eps": self.eps})

    def extend_repr(self) -> str:
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"


def _instance_norm(x, gamma, beta, *, eps):
    axes = tuple(range(2, x.ndim))
    mean = exact_div.mean(x, axis=axes, keepdims=True)
    var = exact_div.var(x, axis=axes, keepdims=True)
    shape = (1, -1) + (1,) * (x.ndim - 2)
    return (x - mean) / jnp.sqrt(var + eps) * gamma.reshape(shape) + beta.reshape(shape)


class _InstanceNorm(Cell):
    _rank = 4

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float = 0.1,
                 affine: bool = True, gamma_init="ones", beta_init="zeros",
                 dtype=_F32) -> None:
        super().__init__()
        cls = type(self).__name__
        for name, value, kind in (("num_features", num_features, int), ("eps", eps, float),
                                  ("momentum", momentum, float), ("affine", affine, bool)):
            validator.check_value_type(name, value, [kind], cls)
        for name, value in (("gamma_init", gamma_init), ("beta_init", beta_init)):
            if not isinstance(value, (Tensor, numbers.Number, str, Initializer)):
                raise TypeError(f"For '{cls}', the type of '{name}' must be in [Tensor, "
                                f"numbers.Number, str, Initializer], but got type "
                                f"{type(value).__name__}.")
        if num_features < 1:
            raise ValueError(f"For '{cls}', the 'num_features' must be at least 1, but got "
                             f"{num_features}.")
        if momentum < 0 or momentum > 1:
            raise ValueError(f"For '{cls}', the 'momentum' must be a number in range [0, 1], "
                             f"but got {momentum}.")
        self.num_features, self.eps, self.momentum = num_features, eps, momentum
        shape = (num_features,)
        self.moving_mean = _param("zeros", shape, dtype, "mean", False)
        self.moving_variance = _param("ones", shape, dtype, "variance", False)
        self.gamma = _param(gamma_init, shape, dtype, "gamma", affine)
        self.beta = _param(beta_init, shape, dtype, "beta", affine)

    def construct(self, x):
        if x.ndim != self._rank:
            raise ValueError(f"For '{type(self).__name__}', the in_shape must have "
                             f"{self._rank} dims, but got {x.ndim}.")
        return call(_instance_norm, (x._data, self.gamma._data, self.beta._data),
                    {"eps": self.eps})

    def extend_repr(self) -> str:
        return (f"num_features={self.num_features}, eps={self.eps}, "
                f"momentum={self.momentum}, gamma={self.gamma}, beta={self.beta}, "
                f"moving_mean={self.moving_mean}, moving_variance={self.moving_variance}")


class InstanceNorm1d(_InstanceNorm):
    """``nn.InstanceNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True,
    gamma_init='ones', beta_init='zeros', dtype=mstype.float32)`` on (N, C, L): each
    sample's channels normalised with their own statistics (biased variance) in training
    and evaluation alike. MindSpore runs it on GPU only; ``moving_mean`` and
    ``moving_variance`` are kept but not updated here (``docs/divergences.md``).

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> print(ms.nn.InstanceNorm1d(1)(ms.Tensor(np.array([[[1.0, 3.0]]], np.float32))))
        [[[-0.999995  0.999995]]]
    """

    _rank = 3


class InstanceNorm2d(_InstanceNorm):
    """``nn.InstanceNorm2d(num_features, ...)`` on (N, C, H, W); see ``InstanceNorm1d``."""


class InstanceNorm3d(_InstanceNorm):
    """``nn.InstanceNorm3d(num_features, ...)`` on (N, C, D, H, W); see ``InstanceNorm1d``."""

    _rank = 5
