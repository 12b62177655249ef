"""``mindspore.scipy.linalg``: inverse (an integer matrix's in Float64), block_diag,
Cholesky factor and solve, LU (Int32 pivots and permutation), triangular solves, lstsq (as
MindSpore's CPU build returns it: empty residuals and singular values, Int64 rank), eigh's
eigenvalues and its eigenvectors up to sign, and the gradient of ``inv``."""
import importlib

import numpy as np

from ._registry import case


def _inputs(ms):
    rng = np.random.RandomState(0)
    m = rng.rand(3, 3).astype(np.float32)
    spd = (m @ m.T + 3 * np.eye(3)).astype(np.float32)
    return (ms.Tensor(spd), ms.Tensor(rng.rand(3, 2).astype(np.float32)),
            ms.Tensor(m + np.eye(3, dtype=np.float32)))


@case(rtol=1e-5, atol=1e-5)
def scipy_linalg_functions(ms):
    L = importlib.import_module(ms.__name__ + ".scipy.linalg")
    a, b, m = _inputs(ms)
    w, v = L.eigh(a)
    return [L.inv(m), L.inv(m.astype(ms.float64)), L.inv(ms.Tensor(np.eye(2, dtype=np.int32))),
            L.block_diag(a, b), L.cholesky(a), L.cholesky(a, lower=True), L.cho_factor(a),
            L.cho_solve(L.cho_factor(a), b), w, ms.ops.abs(v), L.eigh(a, eigvals_only=True),
            L.lu_factor(m), L.lu(m),
            L.solve_triangular(L.cholesky(a, lower=True), b, lower=True),
            L.solve_triangular(L.cholesky(a), b, trans=1), L.lstsq(m, b)]


@case(rtol=1e-5, atol=1e-5)
def scipy_linalg_inv_gradient(ms):
    L = importlib.import_module(ms.__name__ + ".scipy.linalg")
    _, _, m = _inputs(ms)

    def f(x):
        return L.inv(x).sum()

    return ms.grad(f)(m)
