"""``ConvertModelUtils`` / ``ConvertNetUtils``: the THOR conversion helpers training scripts
import unconditionally. A Model whose optimizer is not THOR comes back unchanged, as in
MindSpore; THOR itself (its layers and second-order optimizer) is not provided, so converting
for it raises NotImplementedError naming it.

Example:
    >>> import mscompat as ms
    >>> net = ms.nn.Dense(2, 1)
    >>> opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
    >>> model = ms.train.Model(net, ms.nn.MSELoss(), opt)
    >>> ms.train.ConvertModelUtils.convert_to_thor_model(model, net, optimizer=opt) is model
    True
"""
from __future__ import annotations

from typing import Any

_THOR = ("ThorAscend", "ThorGpu")


def _no_thor(what: str):
    return NotImplementedError(f"{what} (the THOR second-order optimizer and its layers) is not "
                               "supported by mscompat yet.")


class ConvertNetUtils:
    """``mindspore.train.ConvertNetUtils``: replaces layers by their THOR versions."""

    def convert_to_thor_net(self, net) -> None:
        raise _no_thor("mindspore.train.ConvertNetUtils.convert_to_thor_net")


class ConvertModelUtils:
    """``mindspore.train.ConvertModelUtils``: a THOR Model from a Model (others unchanged)."""

    @staticmethod
    def convert_to_thor_model(model, network, loss_fn=None, optimizer=None, metrics=None,
                              amp_level: str = "O0", loss_scale_manager=None,
                              keep_batchnorm_fp32: bool = False) -> Any:
        if type(optimizer).__name__ in _THOR:
            raise _no_thor("mindspore.train.ConvertModelUtils.convert_to_thor_model")
        return model
