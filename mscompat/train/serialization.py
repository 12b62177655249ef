"""``mindspore.train.serialization``: checkpoints in MindSpore's ``.ckpt`` format."""
from .. import context as context
from .._engine.ckpt.convert import async_ckpt_thread_status as async_ckpt_thread_status
from .._engine.ckpt.convert import ckpt_to_safetensors as ckpt_to_safetensors
from .._engine.ckpt.convert import load_checkpoint_async as load_checkpoint_async
from .._engine.ckpt.convert import merge_sliced_parameter as merge_sliced_parameter
from .._engine.ckpt.convert import safetensors_to_ckpt as safetensors_to_ckpt
from .._engine.ckpt.serialization import load_checkpoint as load_checkpoint
from .._engine.ckpt.serialization import load_param_into_net as load_param_into_net
from .._engine.ckpt.serialization import save_checkpoint as save_checkpoint
from .._engine.export_api import export as export
from .._engine.export_api import load as load
from .._engine.unsupported import module_getattr

__all__ = ["save_checkpoint", "load_checkpoint", "load_param_into_net", "load_checkpoint_async",
           "async_ckpt_thread_status", "ckpt_to_safetensors", "safetensors_to_ckpt",
           "merge_sliced_parameter", "export", "load"]
__getattr__ = module_getattr("mindspore.train.serialization")
