"""``mindspore.common``."""
from .._engine.jit_api import JitConfig, mutable  # noqa: F401
from .._engine.parameter import Parameter, ParameterTuple  # noqa: F401
from .._engine.random_ops import get_seed, set_seed  # noqa: F401
from .._engine.sparse_tensor import COOTensor, CSRTensor, RowTensor  # noqa: F401
from .._engine.tensor import Tensor  # noqa: F401
from .._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from . import api, dtype, initializer, parameter, seed, sparse_tensor, tensor  # noqa: F401

__getattr__ = _module_getattr("mindspore.common")
