"""A Cell generated from a table row binds its ``__init__`` arguments as Python does: an
unknown keyword or an extra positional argument is a TypeError (MindSpore's ``__init__``
is a plain Python function), a known one is taken."""
from ._registry import case


def _built(make):
    cell = make()
    return type(cell).__name__


@case()
def dice_loss_reduction_keyword(ms):
    return _built(lambda: ms.nn.DiceLoss(reduction="sum"))


@case()
def rmse_loss_positional(ms):
    return _built(lambda: ms.nn.RMSELoss(1))


@case()
def relu_unknown_keyword(ms):
    return _built(lambda: ms.nn.ReLU(alpha=0.1))


@case()
def leaky_relu_extra_positional(ms):
    return _built(lambda: ms.nn.LeakyReLU(0.2, 3))


@case()
def known_arguments_taken(ms):
    cells = (ms.nn.LeakyReLU(alpha=0.3), ms.nn.L1Loss("sum"), ms.nn.DiceLoss(1e-3),
             ms.nn.GELU(False), ms.nn.Threshold(0.1, 2.0))
    return [type(c).__name__ for c in cells]
