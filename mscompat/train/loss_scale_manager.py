"""``mindspore.train.loss_scale_manager``: the loss-scale managers of ``mindspore.train``."""
from .._engine.unsupported import module_getattr as _module_getattr
from . import DynamicLossScaleManager as DynamicLossScaleManager
from . import FixedLossScaleManager as FixedLossScaleManager
from . import LossScaleManager as LossScaleManager

__all__ = ["DynamicLossScaleManager", "FixedLossScaleManager", "LossScaleManager"]
__getattr__ = _module_getattr("mindspore.train.loss_scale_manager")
