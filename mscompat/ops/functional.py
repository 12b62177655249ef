"""``mindspore.ops.functional`` (``F``): functional ops generated from the op table."""
from .._engine.ops_build import FUNCTIONALS
from .._engine.unsupported import module_getattr
from .composite import (  # noqa: F401
    GradOperation,
    get_grad,
    grad,
    jacfwd,
    jacrev,
    jvp,
    value_and_grad,
    vjp,
    vmap,
)

globals().update(FUNCTIONALS)
__getattr__ = module_getattr("mindspore.ops.functional")
__all__ = sorted(FUNCTIONALS)
