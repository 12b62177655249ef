"""``mindspore.common``."""
from .._engine.initializers import set_seed  # noqa: F401
from .._engine.parameter import Parameter, ParameterTuple  # noqa: F401
from .._engine.tensor import Tensor  # noqa: F401
from . import dtype, initializer, parameter, tensor  # noqa: F401
