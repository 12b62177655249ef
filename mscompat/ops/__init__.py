"""``mindspore.ops``: primitives (``ops.MatMul``), functional ops (``ops.exp``), transforms.

Example:
    >>> import mscompat as ms
    >>> print(ms.ops.MatMul()(ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0], [4.0]])))
    [[11.]]
"""
from .._engine.ops_build import (  # noqa: F401
    FUNCTIONALS,
    PRIMITIVES,
    Primitive,
    PrimitiveWithCheck,
    PrimitiveWithInfer,
)
from .._engine.unsupported import module_getattr
from . import composite, functional, operations  # noqa: F401
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

globals().update(PRIMITIVES)
globals().update(FUNCTIONALS)
__getattr__ = module_getattr("mindspore.ops")
