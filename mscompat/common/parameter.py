"""``mindspore.common.parameter``."""
from .._engine.parameter import Parameter, ParameterTuple  # noqa: F401
