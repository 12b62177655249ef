"""``mindspore.amp``: loss scalers, ``all_finite`` and the loss-scale managers.

``DynamicLossScaler.adjust`` follows MindSpore 2.10: with finite gradients the counter
advances and the scale is multiplied by ``scale_factor`` every ``scale_window`` steps (if the
product is finite); otherwise the scale is divided (not below 1) and the counter resets.
Mixed precision: ``auto_mixed_precision`` (O0-O3), ``custom_mixed_precision``,
``build_train_network`` (``_train/amp_levels.py``) over ``Cell.to_float``.

Example:
    >>> import mscompat as ms
    >>> scaler = ms.amp.DynamicLossScaler(1024, 2, 1)
    >>> grads = scaler.unscale((ms.Tensor([2048.0]),))
    >>> finite = ms.amp.all_finite(grads)
    >>> _ = scaler.adjust(finite)
    >>> print(grads[0], finite, scaler.scale_value.asnumpy())
    [2.] True 2048.0
"""
from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from . import _checkparam as validator
from ._engine.ops_build import call
from ._engine.parameter import Parameter
from ._engine.tensor import Tensor, unwrap
from ._engine.unsupported import module_getattr as _module_getattr
from ._train.amp_levels import auto_mixed_precision as auto_mixed_precision
from ._train.amp_levels import build_train_network as build_train_network
from ._train.amp_levels import custom_mixed_precision as custom_mixed_precision
from ._train.amp_levels import get_black_list as get_black_list
from ._train.amp_levels import get_white_list as get_white_list
from ._train.loss_scale import DynamicLossScaleManager as DynamicLossScaleManager
from ._train.loss_scale import FixedLossScaleManager as FixedLossScaleManager
from ._train.loss_scale import LossScaleManager as LossScaleManager


def _leaves(inputs) -> list:
    if isinstance(inputs, (tuple, list)):
        return [leaf for x in inputs for leaf in _leaves(x)]
    return [inputs]


def all_finite(inputs) -> Tensor:
    """A scalar Bool Tensor: True when no element of ``inputs`` (a Tensor or nested
    tuple/list of Tensors) is inf or NaN."""
    arrays = [unwrap(x) for x in _leaves(inputs)]
    return Tensor._wrap(call(lambda *xs: jnp.all(jnp.stack(
        [jnp.all(jnp.isfinite(x)) for x in xs])) if xs else jnp.asarray(True), arrays)._data)


def _map(fn, inputs):
    if isinstance(inputs, (tuple, list)):
        return tuple(_map(fn, x) for x in inputs)
    return Tensor._wrap(call(fn, (unwrap(inputs),))._data)


class LossScaler:
    """Base class: ``scale``, ``unscale`` and ``adjust``."""

    def scale(self, inputs):
        raise NotImplementedError

    def unscale(self, inputs):
        raise NotImplementedError

    def adjust(self, grads_finite):
        raise NotImplementedError


def _check_scale_value(scale_value) -> None:
    validator.check_value_type("scale_value", scale_value, [float, int])
    if scale_value < 1.0:
        raise ValueError(f"The argument 'scale_value' must be > 1, but got {scale_value}")


class StaticLossScaler(LossScaler):
    """``amp.StaticLossScaler(scale_value)``: a fixed scale; ``adjust`` returns False."""

    def __init__(self, scale_value) -> None:
        _check_scale_value(scale_value)
        self.scale_value = Parameter(Tensor(np.float32(scale_value)), name="scale_value")

    def scale(self, inputs):
        """``inputs * scale_value`` (a Tensor or a tuple of Tensors)."""
        s = self.scale_value._data
        return _map(lambda x: x * s.astype(x.dtype), inputs)

    def unscale(self, inputs):
        """``inputs * (1 / scale_value)``."""
        s = self.scale_value._data
        return _map(lambda x: x * (1 / s).astype(x.dtype), inputs)

    def adjust(self, grads_finite) -> bool:
        return False


class DynamicLossScaler(StaticLossScaler):
    """``amp.DynamicLossScaler(scale_value, scale_factor, scale_window)``."""

    def __init__(self, scale_value, scale_factor, scale_window) -> None:
        super().__init__(scale_value)
        self.scale_window = validator.check_positive_int(scale_window, "scale_window")
        self.scale_factor = validator.check_positive_int(scale_factor, "scale_factor")
        self.counter = Parameter(Tensor(np.int32(0)), name="counter")

    def adjust(self, grads_finite) -> bool:
        """Grow or shrink ``scale_value`` by whether the gradients were finite."""
        factor, window = self.scale_factor, self.scale_window

        def rule(finite, scale, counter):
            grown = scale * factor
            keep_or_grow = jnp.where(counter == window - 1,
                                     jnp.where(jnp.isfinite(grown), grown, scale), scale)
            new_scale = jnp.where(finite, keep_or_grow, jnp.maximum(1.0, scale / factor))
            new_counter = ((counter + 1) % window) * finite.astype(counter.dtype)
            return new_scale.astype(scale.dtype), new_counter

        args = (unwrap(grads_finite), self.scale_value._data, self.counter._data)
        self.scale_value._data = call(lambda *a: rule(*a)[0], args)._data
        self.counter._data = call(lambda *a: rule(*a)[1], args)._data
        return True


__all__ = ["all_finite", "LossScaler", "StaticLossScaler", "DynamicLossScaler",
           "auto_mixed_precision", "DynamicLossScaleManager", "FixedLossScaleManager",
           "LossScaleManager", "build_train_network", "custom_mixed_precision",
           "get_white_list", "get_black_list"]
__getattr__ = _module_getattr("mindspore.amp")
