"""``mindspore.nn.cell``: ``Cell`` (``mindspore.nn.Cell``)."""
from .._engine.cell import Cell as Cell
from .._engine.unsupported import module_getattr as _module_getattr

__all__ = ["Cell"]
__getattr__ = _module_getattr("mindspore.nn.cell")
