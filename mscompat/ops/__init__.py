"""``mindspore.ops``: primitives (``ops.MatMul``), functional ops (``ops.exp``), transforms.

Example:
    >>> import mscompat as ms
    >>> print(ms.ops.MatMul()(ms.Tensor([[1.0, 2.0]]), ms.Tensor([[3.0], [4.0]])))
    [[11.]]
"""
from .._engine.op_info import CustomRegOp as CustomRegOp
from .._engine.op_info import DataType as DataType
from .._engine.ops_build import FUNCTIONALS as FUNCTIONALS
from .._engine.ops_build import PRIMITIVES as PRIMITIVES
from .._engine.tensor import Tensor as Tensor
from .._engine.unsupported import module_getattr
from . import composite as composite
from . import function as function
from . import functional as functional
from . import operations as operations
from .composite import GradOperation as GradOperation
from .composite import get_grad as get_grad
from .composite import grad as grad
from .composite import jacfwd as jacfwd
from .composite import jacrev as jacrev
from .composite import jvp as jvp
from .composite import value_and_grad as value_and_grad
from .composite import vjp as vjp
from .composite import vmap as vmap

# the primitive classes and functional ops of the op table (typed in their .pyi stubs)
from .functional import *  # noqa: F403
from .operations import *  # noqa: F403

__all__ = sorted({*operations.__all__, *functional.__all__, "GradOperation", "get_grad",
                  "grad", "jacfwd", "jacrev", "jvp", "value_and_grad", "vjp", "vmap",
                  "composite", "function", "functional", "operations", "CustomRegOp", "DataType",
                  "Tensor"})
__getattr__ = module_getattr("mindspore.ops")
