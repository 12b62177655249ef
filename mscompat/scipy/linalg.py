"""``mindspore.scipy.linalg`` (``jax.scipy.linalg`` with MindSpore's result dtypes)."""
from .._engine.scipy_linalg import block_diag as block_diag
from .._engine.scipy_linalg import cho_factor as cho_factor
from .._engine.scipy_linalg import cho_solve as cho_solve
from .._engine.scipy_linalg import cholesky as cholesky
from .._engine.scipy_linalg import eigh as eigh
from .._engine.scipy_linalg import inv as inv
from .._engine.scipy_linalg import lstsq as lstsq
from .._engine.scipy_linalg import lu as lu
from .._engine.scipy_linalg import lu_factor as lu_factor
from .._engine.scipy_linalg import solve_triangular as solve_triangular
from .._engine.unsupported import module_getattr as _module_getattr

__all__ = ["block_diag", "cho_factor", "cho_solve", "cholesky", "eigh", "inv", "lstsq", "lu",
           "lu_factor", "solve_triangular"]
__getattr__ = _module_getattr("mindspore.scipy.linalg")
