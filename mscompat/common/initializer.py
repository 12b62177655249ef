"""``mindspore.common.initializer``."""
from .._engine.initializers import (  # noqa: F401
    Constant,
    HeNormal,
    HeUniform,
    Initializer,
    Normal,
    One,
    TruncatedNormal,
    Uniform,
    XavierNormal,
    XavierUniform,
    Zero,
    initializer,
)
