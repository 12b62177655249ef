"""``mindspore.train``: checkpoints (``save_checkpoint``, ``load_checkpoint``, ...)."""
from .._engine.unsupported import module_getattr
from . import serialization as serialization
from .serialization import load_checkpoint as load_checkpoint
from .serialization import load_param_into_net as load_param_into_net
from .serialization import save_checkpoint as save_checkpoint

__getattr__ = module_getattr("mindspore.train")
