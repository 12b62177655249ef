"""The rest of ``mindspore.mint`` MindSpore 2.10's CPU build runs (``amax``/``amin``,
``cumprod`` with integers in Int64, ``nansum``, ``norm(p='nuc')``, ``fmod``, ``gcd``,
comparisons, ``isinf``, ``item``, ``real``/``imag``, ``ravel``/``reshape``/
``squeeze`` (``dim`` required)/``swapaxes``/``t``), forward values and dtypes, both
modes. The mint functions without a CPU kernel in MindSpore 2.10 (``sort``, ``median``,
``norm`` of numbers, ...) compute their documented results (``_engine/mint_rows_more.py``)."""
import numpy as np

from ._registry import case

_RNG = np.random.RandomState(3)
_X = _RNG.uniform(-2, 2, (3, 4)).astype(np.float32)
_X[0, 1] = 0.0
_XI = _RNG.randint(-3, 4, (3, 4)).astype(np.int32)
_XN = np.array([[1.0, np.nan, 2.0], [np.nan, np.nan, 3.0]], np.float32)
_V = _RNG.uniform(-1, 1, (5,)).astype(np.float32)
_DIV = np.array([1, 0, 1, 1], np.float32)


def _inputs(ms):
    T = ms.Tensor
    return T(_X), T(_XI), T(_XN), T(_V)


_CASES = {
    "amax": lambda m, X, XI, XN, V: m.amax(X),
    "amax_dim": lambda m, X, XI, XN, V: m.amax(X, 1, True),
    "amax_dims": lambda m, X, XI, XN, V: m.amax(X, (0, 1)),
    "amin_dim": lambda m, X, XI, XN, V: m.amin(XI, 0),
    "cumprod": lambda m, X, XI, XN, V: m.cumprod(X, 1),
    "cumprod_int": lambda m, X, XI, XN, V: m.cumprod(XI, 0),
    "nansum": lambda m, X, XI, XN, V: m.nansum(XN),
    "nansum_dim": lambda m, X, XI, XN, V: m.nansum(XN, 1),
    "nansum_keep": lambda m, X, XI, XN, V: m.nansum(XN, 0, True),
    "norm_nuc": lambda m, X, XI, XN, V: m.norm(X, "nuc"),
    "fmod": lambda m, X, XI, XN, V: m.fmod(X, 0.7),
    "ge": lambda m, X, XI, XN, V: m.ge(X, 0.5),
    "less": lambda m, X, XI, XN, V: m.less(X, 0.0),
    "less_equal": lambda m, X, XI, XN, V: m.less_equal(XI, 0),
    "not_equal": lambda m, X, XI, XN, V: m.not_equal(XI, 1),
    "ravel": lambda m, X, XI, XN, V: m.ravel(X),
    "real": lambda m, X, XI, XN, V: m.real(X),
    "imag_of_real": lambda m, X, XI, XN, V: m.imag(X),
    "reshape": lambda m, X, XI, XN, V: m.reshape(X, (-1, 3)),
    "squeeze_dim": lambda m, X, XI, XN, V: m.squeeze(X[None, :, None], 2),
    "squeeze_dims": lambda m, X, XI, XN, V: m.squeeze(X[None, :, None], (0, 2)),
    "swapaxes": lambda m, X, XI, XN, V: m.swapaxes(X, 0, 1),
    "t": lambda m, X, XI, XN, V: m.t(X),
    "t_1d": lambda m, X, XI, XN, V: m.t(V),
}


def _register(name):
    def run(ms):
        return _CASES[name](ms.mint, *_inputs(ms))
    run.__name__ = run.__qualname__ = f"mint_{name}"
    case()(run)


for _name in _CASES:
    _register(_name)


@case(modes=("PYNATIVE",))
def mint_cumprod_dtype(ms):
    return ms.mint.cumprod(ms.Tensor(_XI), 1, dtype=ms.float32)


@case(modes=("PYNATIVE",))
def mint_fmod_gcd_isinf(ms):
    T, m = ms.Tensor, ms.mint
    return (m.fmod(T(_XI), T(np.array([2, -3, 4, 1], np.int32))),
            m.gcd(T(_XI), T(np.array([2, 6, 4, 3], np.int32))), m.isinf(T(_X) / T(_DIV)))


@case(modes=("PYNATIVE",))
def mint_item(ms):
    return ms.mint.item(ms.Tensor(_X)[0, 0]), ms.mint.item(ms.Tensor(_XI)[1, 1])


@case(modes=("PYNATIVE",))
def mint_squeeze_needs_dim(ms):
    return ms.mint.squeeze(ms.Tensor(_X)[None])


def _mint_runs(ms):
    """The mint functions of the second batch that MindSpore 2.10's CPU build runs."""
    T, m = ms.Tensor, ms.mint
    rs = np.random.RandomState(1600)
    a = T(rs.randn(3, 4).astype(np.float32))
    v = T(rs.randn(4).astype(np.float32))
    return {
        "chunk": m.chunk(a, 3, 1), "chunk_rows": m.chunk(T(rs.randn(10, 2).astype(np.float32)), 4),
        "clip": m.clip(a, -0.5, 0.5), "clip_min": m.clip(a, min=-0.5),
        "diff_dim0": m.diff(a, dim=0), "diff_n2": m.diff(a, 2),
        "dstack": m.dstack([a, a]), "hstack": m.hstack([a, a]),
        "float_power": m.float_power(a, 2),
        "meshgrid": m.meshgrid(v, T(np.arange(3, dtype=np.float32))),
        "meshgrid_xy": m.meshgrid(v, T(np.arange(3, dtype=np.float32)), indexing="xy"),
        "transpose": m.transpose(a, 0, 1),
        "transpose_3d": m.transpose(T(rs.randn(2, 3, 4).astype(np.float32)), -1, 0),
        "unique_consecutive": m.unique_consecutive(T(np.array([1, 1, 2, 2, 3, 1], np.int32)),
                                                   return_counts=True),
        "index_add_int32": m.index_add(a + 0, 0, T(np.array([0, 2], np.int32)),
                                       T(np.ones((2, 4), np.float32)), alpha=2),
        "empty_like": (m.empty_like(a).shape, str(m.empty_like(a).dtype)),
    }


@case(modes=("PYNATIVE",))
def mint_second_batch(ms):
    return _mint_runs(ms)
