"""mscompat: MindSpore's Python API on JAX.

``import mscompat as mindspore`` and MindSpore code runs on JAX/XLA: GRAPH_MODE compiles
with ``jax.jit``; gradients come from ``jax.vjp``/``jax.jvp``.

Example:
    >>> import mscompat as ms
    >>> x = ms.Tensor([1.0, 2.0])
    >>> print(ms.grad(lambda x: (x * x).sum())(x))
    [2. 4.]
"""
# JAX's x64 mode and full matmul precision are scoped to mscompat's own calls
# (``_engine/jaxconfig.py``): importing mscompat changes no JAX global.
from . import common, context, dataset, dtype, nn, numpy, ops, train  # noqa: F401
from ._engine import ops_build as _ops_build  # noqa: E402,F401  (installs Tensor methods)
from ._engine.compile import compile_count  # noqa: E402,F401
from ._engine.context import (  # noqa: E402,F401
    GRAPH_MODE,
    PYNATIVE_MODE,
    ParallelMode,
    get_context,
    set_context,
    set_device,
)
from ._engine.dtypes import PUBLIC as _DTYPES  # noqa: E402
from ._engine.dtypes import Type, dtype_to_nptype, pytype_to_dtype  # noqa: E402,F401
from ._engine.export_api import export, load  # noqa: E402,F401
from ._engine.grad_ops import GradOperation, get_grad, grad, value_and_grad  # noqa: E402,F401
from ._engine.jit_api import jit, ms_function  # noqa: E402,F401
from ._engine.jvp_vjp import jacfwd, jacrev, jvp, vjp, vmap  # noqa: E402,F401
from ._engine.parameter import Parameter, ParameterTuple  # noqa: E402,F401
from ._engine.random_ops import get_seed, set_seed  # noqa: E402,F401
from ._engine.tensor import Tensor  # noqa: E402,F401
from ._engine.unsupported import install_stubs as _install_stubs  # noqa: E402
from ._engine.unsupported import module_getattr as _module_getattr  # noqa: E402
from .train import Model  # noqa: E402,F401
from .train.serialization import (  # noqa: E402,F401
    load_checkpoint,
    load_param_into_net,
    save_checkpoint,
)

globals().update(_DTYPES)
__version__ = "2.10.0"
__getattr__ = _module_getattr("mindspore")
_install_stubs(__name__)
