"""``mindspore.common.tensor``."""
from .._engine.tensor import Tensor  # noqa: F401
