"""``nn.Conv2dBnAct`` and ``nn.DenseBnAct``: a convolution (dense) layer, an optional
BatchNorm and an optional activation, as MindSpore composes them (parameter names
``conv.weight``, ``batchnorm.gamma`` ...).

Example:
    >>> import mscompat as ms
    >>> net = ms.nn.DenseBnAct(2, 1, weight_init="ones", activation="relu")
    >>> print(net(ms.Tensor([[1.0, -3.0]])))
    [[0.]]
"""
from __future__ import annotations

from ... import _checkparam as validator
from ..._engine.cell import Cell
from ..._engine.ops_build import Primitive
from .activation import LeakyReLU, get_activation
from .basic import Dense
from .conv import Conv2d
from .normalization import BatchNorm1d, BatchNorm2d


class _BnAct(Cell):
    def _finish(self, out_channels, has_bn, momentum, eps, activation, alpha, after_fake,
                norm) -> None:
        self.has_bn = validator.check_bool(has_bn, "has_bn", type(self).__name__)
        self.has_act = activation is not None
        self.after_fake = validator.check_bool(after_fake, "after_fake", type(self).__name__)
        if has_bn:
            self.batchnorm = norm(out_channels, eps, momentum)
        if activation == "leakyrelu":
            self.activation = LeakyReLU(alpha)
        else:
            self.activation = get_activation(activation) if isinstance(activation, str) \
                else activation
            if activation is not None and not isinstance(self.activation, (Cell, Primitive)):
                raise TypeError(f"For '{type(self).__name__}', the 'activation' must be str or "
                                f"Cell or Primitive, but got {type(activation).__name__}.")

    def _tail(self, x):
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x


class Conv2dBnAct(_BnAct):
    """``nn.Conv2dBnAct(in_channels, out_channels, kernel_size, stride=1, pad_mode='same',
    padding=0, dilation=1, group=1, has_bias=False, weight_init='normal',
    bias_init='zeros', has_bn=False, momentum=0.997, eps=1e-5, activation=None,
    alpha=0.2, after_fake=True)``."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same",
                 padding=0, dilation=1, group=1, has_bias=False, weight_init="normal",
                 bias_init="zeros", has_bn=False, momentum=0.997, eps=1e-5, activation=None,
                 alpha=0.2, after_fake=True) -> None:
        super().__init__()
        self.conv = Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride,
                           pad_mode=pad_mode, padding=padding, dilation=dilation, group=group,
                           has_bias=has_bias, weight_init=weight_init, bias_init=bias_init)
        self._finish(out_channels, has_bn, momentum, eps, activation, alpha, after_fake,
                     BatchNorm2d)

    def construct(self, x):
        return self._tail(self.conv(x))


class DenseBnAct(_BnAct):
    """``nn.DenseBnAct(in_channels, out_channels, weight_init='normal', bias_init='zeros',
    has_bias=True, has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2,
    after_fake=True)``."""

    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros",
                 has_bias=True, has_bn=False, momentum=0.9, eps=1e-5, activation=None,
                 alpha=0.2, after_fake=True) -> None:
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self._finish(out_channels, has_bn, momentum, eps, activation, alpha, after_fake,
                     BatchNorm1d)

    def construct(self, x):
        return self._tail(self.dense(x))
