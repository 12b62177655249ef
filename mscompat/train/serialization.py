"""``mindspore.train.serialization``: checkpoints in MindSpore's ``.ckpt`` format."""
from .._engine.ckpt.serialization import load_checkpoint as load_checkpoint
from .._engine.ckpt.serialization import load_param_into_net as load_param_into_net
from .._engine.ckpt.serialization import save_checkpoint as save_checkpoint
from .._engine.unsupported import module_getattr

__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net"]
__getattr__ = module_getattr("mindspore.train.serialization")
