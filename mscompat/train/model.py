"""``mindspore.train.model``: ``Model`` (``mindspore.train.Model``)."""
from .._engine.unsupported import module_getattr as _module_getattr
from .._train.model import Model as Model

__all__ = ["Model"]
__getattr__ = _module_getattr("mindspore.train.model")
