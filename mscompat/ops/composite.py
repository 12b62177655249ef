"""``mindspore.ops.composite`` (``C``): the differentiation transforms."""
from .._engine.composite_ops import (  # noqa: F401
    HyperMap,
    Map,
    MultitypeFuncGraph,
    ones_like,
    partial,
    zeros_like,
)
from .._engine.grad_ops import GradOperation, get_grad, grad, value_and_grad  # noqa: F401
from .._engine.jvp_vjp import jacfwd, jacrev, jvp, vjp, vmap  # noqa: F401
from .._engine.unsupported import module_getattr

__getattr__ = module_getattr("mindspore.ops.composite")
__all__ = ["GradOperation", "grad", "value_and_grad", "get_grad", "jvp", "vjp", "jacfwd",
           "jacrev", "vmap", "HyperMap", "Map", "MultitypeFuncGraph", "partial",
           "ones_like", "zeros_like"]
