"""``mindspore.common.sparse_tensor``."""
from .._engine.sparse_tensor import COOTensor as COOTensor
from .._engine.sparse_tensor import CSRTensor as CSRTensor
from .._engine.sparse_tensor import RowTensor as RowTensor
from .._engine.unsupported import module_getattr as _module_getattr

__all__ = ["COOTensor", "CSRTensor", "RowTensor"]
__getattr__ = _module_getattr("mindspore.common.sparse_tensor")
