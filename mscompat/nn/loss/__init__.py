"""Losses (``mindspore.nn.loss``)."""
from ..._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from .cells import (  # noqa: F401
    CTCLoss,
    FocalLoss,
    MultiMarginLoss,
    PoissonNLLLoss,
    TripletMarginWithDistanceLoss,
)
from .loss import L1Loss, LossBase, MSELoss, SoftmaxCrossEntropyWithLogits  # noqa: F401
from .table import *  # noqa: F401,F403
from .table import LOSSES  # noqa: F401
from .table import __all__ as _table_names

# explicit, so ``from .loss import *`` in ``nn`` does not bind the ``loss`` submodule over
# this package (``nn.loss.loss._Loss`` must resolve)
__all__ = ["L1Loss", "LossBase", "MSELoss", "SoftmaxCrossEntropyWithLogits", "CTCLoss",
           "FocalLoss", "MultiMarginLoss", "PoissonNLLLoss", "TripletMarginWithDistanceLoss",
           *_table_names]

__getattr__ = _module_getattr("mindspore.nn")
