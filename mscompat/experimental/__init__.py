"""``mindspore.experimental``: the PyTorch-style optimizers and learning-rate schedulers
(``experimental.optim``)."""
from .._engine.unsupported import module_getattr as _module_getattr
from . import optim as optim

__all__ = ["optim"]
__getattr__ = _module_getattr("mindspore.experimental")
