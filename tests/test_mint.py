"""``mindspore.mint`` where MindSpore's CPU build cannot be the oracle.

The mint specs in ``conformance/cases/mint_specs.py`` listed in ``CPU_UNREGISTERED`` cannot
run on MindSpore 2.10's CPU build (kernel unregistered, or a crash), so they have no
golden. Each is checked here, in both modes, against the mathematics MindSpore's
documentation gives for it (PyTorch's definitions), written with NumPy/SciPy; dtypes follow
the documentation (Int64 indices and integer reductions).
"""
import math
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy import special

import mscompat as ms

sys.path.insert(0, str(Path(__file__).parent / "conformance"))
from cases import load_all  # noqa: E402

load_all()
from cases import mint_specs, nn_specs, op_specs  # noqa: E402

_SPECS = {s.name: s for s in mint_specs.SPECS + mint_specs.LAYERS}


def _softplus(x, beta=1, threshold=20):
    return np.where(x * beta > threshold, x, np.log1p(np.exp(x * beta)) / beta)


def _log_softmax(x, axis):
    m = x.max(axis, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis, keepdims=True))


def _gelu(x, approximate="none"):
    if approximate == "tanh":
        return 0.5 * x * (1 + np.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))
    return 0.5 * x * (1 + special.erf(x / math.sqrt(2)))


def _selu(x):
    a, s = 1.6732632423543772, 1.0507009873554805
    return s * np.where(x > 0, x, a * np.expm1(x))


def _pool(x, k, s, pad, reduce, count_pad=True):
    n, c, h, w = x.shape
    fill = -np.inf if reduce is np.max else 0.0
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), constant_values=fill)
    ones = np.pad(np.ones((h, w)), pad) if not count_pad else None
    oh, ow = (h + 2 * pad - k) // s + 1, (w + 2 * pad - k) // s + 1
    out = np.empty((n, c, oh, ow), x.dtype)
    for i in range(oh):
        for j in range(ow):
            win = xp[:, :, i * s:i * s + k, j * s:j * s + k]
            out[:, :, i, j] = reduce(win, axis=(2, 3)) if reduce is np.max else \
                win.sum((2, 3)) / (k * k if count_pad else ones[i * s:i * s + k,
                                                                j * s:j * s + k].sum())
    return out


def _conv2d(x, w, b, pads, stride=(1, 1)):
    xp = np.pad(x, ((0, 0), (0, 0), pads[0], pads[1]))
    kh, kw = w.shape[2:]
    oh = (xp.shape[2] - kh) // stride[0] + 1
    ow = (xp.shape[3] - kw) // stride[1] + 1
    out = np.zeros((x.shape[0], w.shape[0], oh, ow), np.float64)
    for i in range(oh):
        for j in range(ow):
            win = xp[:, :, i * stride[0]:i * stride[0] + kh, j * stride[1]:j * stride[1] + kw]
            out[:, :, i, j] = np.einsum("nchw,ochw->no", win, w)
    return out if b is None else out + b.reshape(1, -1, 1, 1)


def _batch_norm(x, w, b, mean, var, eps=1e-5):
    shape = (1, -1) + (1,) * (x.ndim - 2)
    return (x - mean.reshape(shape)) / np.sqrt(var.reshape(shape) + eps) * w.reshape(shape) + \
        b.reshape(shape)


def _bn_train(x, w, b, momentum=0.1, eps=1e-5):
    axes = tuple(i for i in range(x.ndim) if i != 1)
    mean, var = x.mean(axes), x.var(axes)
    n = x.size // x.shape[1]
    y = _batch_norm(x, w, b, mean, var, eps)
    return (y, (momentum * mean, (1 - momentum) + momentum * var * n / (n - 1),
                np.array(1, np.int64)))


def _cummax(x, axis):
    values = np.maximum.accumulate(x, axis)
    n = x.shape[axis]
    pos = np.arange(n).reshape((n,) + (1,) * (x.ndim - axis - 1))
    return values, np.maximum.accumulate(np.where(x == values, pos, -1), axis)


def _adaptive_max_1d(x, n):
    length = x.shape[-1]
    bins = [(i * length // n, -(-(i + 1) * length // n)) for i in range(n)]
    values = np.stack([x[..., a:b].max(-1) for a, b in bins], -1)
    return values, np.stack([x[..., a:b].argmax(-1) + a for a, b in bins], -1)


def _conv_transpose2d(x, w, b=None, stride=1, padding=0, output_padding=0):
    n, _, h, wd = x.shape
    k = w.shape[2]
    full = np.zeros((n, w.shape[1], (h - 1) * stride + k + output_padding,
                     (wd - 1) * stride + k + output_padding))
    for i in range(h):
        for j in range(wd):  # each input pixel scatters its kernel-sized patch
            full[:, :, i * stride:i * stride + k, j * stride:j * stride + k] += np.einsum(
                "nc,cokl->nokl", x[:, :, i, j], w)
    out_h = (h - 1) * stride - 2 * padding + k + output_padding
    out_w = (wd - 1) * stride - 2 * padding + k + output_padding
    out = full[:, :, padding:padding + out_h, padding:padding + out_w]
    return out if b is None else out + b.reshape(1, -1, 1, 1)


def _bilinear_aligned(x, scale):
    def weights(size):
        out = int(size * scale)
        src = np.arange(out) * (size - 1) / (out - 1)
        lo = np.floor(src).astype(int).clip(0, size - 2)
        m = np.zeros((out, size))
        m[np.arange(out), lo] += 1 - (src - lo)
        m[np.arange(out), lo + 1] += src - lo
        return m
    return np.einsum("ih,nchw,jw->ncij", weights(x.shape[2]), x, weights(x.shape[3]))


def _norm_p(x, p, dim):
    return (np.abs(x) ** p).sum(dim, keepdims=True) ** (1 / p)


# name -> reference(*inputs_and_constants, **keywords) for functions; for layers
# reference(params, *inputs), params the Cell's Parameters as NumPy arrays in order.
REFERENCE = {
    "mint_F_normalize": lambda x: x / np.maximum(_norm_p(x, 2, 1), 1e-12),
    "mint_F_normalize_p1_dim0": lambda x, p, d: x / np.maximum(_norm_p(x, p, d), 1e-12),
    "mint_F_kl_div": lambda x, t, reduction: (t * (np.log(t) - x)).sum() / x.shape[0],
    "mint_F_kl_div_log_target": lambda x, t, reduction, log_target:
        (np.exp(t) * (t - x)).sum(),
    "mint_F_logsigmoid": lambda x: -np.logaddexp(0, -x),
    "mint_F_threshold": lambda x, t, v: np.where(x > t, x, v),
    "mint_F_relu6": lambda x: np.clip(x, 0, 6),
    "mint_F_hardtanh": np.clip,
    "mint_F_avg_pool1d": lambda x, k: x.reshape(x.shape[:-1] + (-1, k)).mean(-1),
    "mint_F_avg_pool3d": lambda x, k: x.reshape(1, 2, 2, k, 2, k, 2, k).mean((3, 5, 7)),
    "mint_F_adaptive_max_pool1d": lambda x, n, return_indices: _adaptive_max_1d(x, n),
    "mint_F_adaptive_avg_pool3d": lambda x, n: x.reshape(1, 2, n, 2, n, 2, n, 2).mean(
        (3, 5, 7)),
    "mint_F_conv_transpose2d": _conv_transpose2d,
    "mint_F_soft_margin_loss": lambda x, y: np.log1p(np.exp(-y * x)).mean(),
    "mint_special_expm1": np.expm1,
    "mint_special_round": np.round,
    "mint_ConvTranspose2d": lambda p, x: _conv_transpose2d(x, p[0], p[1], 2),
    "mint_AvgPool1d": lambda p, x: x.reshape(x.shape[:-1] + (-1, 2)).mean(-1),
    "mint_AdaptiveAvgPool1d": lambda p, x: x.reshape(x.shape[:-1] + (2, -1)).mean(-1),
    "mint_SoftMarginLoss": lambda p, x, y: np.log1p(np.exp(-y * x)).mean(),
    "mint_UpsamplingBilinear2d": lambda p, x: _bilinear_aligned(x, 2),
    "mint_full": lambda size, v: np.full(size, v, np.float32),
    "mint_full_int": lambda size, v: np.full(size, v, np.int64),
    "mint_zeros_like": lambda x: np.zeros_like(x),
    "mint_ones_like_dtype": lambda x, dtype: np.ones(x.shape, np.int32),
    "mint_cummax": _cummax,
    "mint_tril": np.tril,
    "mint_unbind": lambda x, d: tuple(np.moveaxis(x, d, 0)),
    "mint_stack": lambda a, b, dim: np.stack([a, b], dim),
    "mint_arange": lambda n: np.arange(n, dtype=np.int64),
    "mint_arange_float": lambda a, b, s: np.arange(a, b, s, dtype=np.float32),
    "mint_linspace": lambda a, b, n: np.linspace(a, b, n, dtype=np.float32),
    "mint_scatter_add": lambda x, d, i, s: _scatter_add(x, d, i, s),
    "mint_index_select": lambda x, d, i: np.take(x, i, d),
    "mint_topk": lambda x, k: (-np.sort(-x, -1)[..., :k], np.argsort(-x, -1)[..., :k]),
    "mint_argmax": lambda x, d: np.argmax(x, d).astype(np.int64),
    "mint_argmin_keep": lambda x, d, keep: np.argmin(x, d)[None].astype(np.int64),
    "mint_cumsum": lambda x, d: np.cumsum(x, d),
    "mint_cumsum_int": lambda x, d: np.cumsum(x, d, dtype=np.int64),
    "mint_repeat_interleave": lambda x, r, d: np.repeat(x, r, d),
    "mint_roll": lambda x, s, d: np.roll(x, s, d),
    "mint_trace": np.trace,
    "mint_inverse": np.linalg.inv,
    "mint_baddbmm": lambda x, a, b, beta, alpha: beta * x + alpha * a @ b,
    "mint_unique": lambda x: np.unique(x),
    "mint_bitwise_xor": np.bitwise_xor,
    "mint_linalg_norm": lambda x: np.linalg.norm(x),
    "mint_linalg_vector_norm": lambda x, ord, dim: (np.abs(x) ** ord).sum(dim) ** (1 / ord),
    "mint_linalg_inv": np.linalg.inv,
    "mint_F_gelu": _gelu,
    "mint_F_gelu_tanh": _gelu,
    "mint_F_elu": lambda x, alpha: np.where(x > 0, x, alpha * np.expm1(x)),
    "mint_F_selu": _selu,
    "mint_F_mish": lambda x: x * np.tanh(np.log1p(np.exp(x))),
    "mint_F_softplus": _softplus,
    "mint_F_log_softmax": lambda x, dim: _log_softmax(x, dim),
    "mint_F_one_hot": lambda i, n: np.eye(n, dtype=np.int64)[i],
    "mint_F_one_hot_infer": lambda i: np.eye(i.max() + 1, dtype=np.int64)[i],
    "mint_F_mse_loss": lambda a, b: np.mean((a - b) ** 2),
    "mint_F_mse_loss_none": lambda a, b, reduction: (a - b) ** 2,
    "mint_F_l1_loss_sum": lambda a, b, reduction: np.abs(a - b).sum(),
    "mint_F_embedding": lambda i, w: w[i],
    "mint_F_max_pool2d": lambda x, k: _pool(x, k, k, 0, np.max),
    "mint_F_avg_pool2d": lambda x, k, stride, padding: _pool(x, k, stride, padding, np.sum),
    "mint_F_batch_norm": lambda x, m, v: _batch_norm(x, np.ones(2), np.zeros(2), m, v),
    "mint_F_conv2d": lambda x, w, padding: _conv2d(x, w, None, ((1, 1), (1, 1))),
    "mint_Conv2d": lambda p, x: _conv2d(x, p[0], p[1], ((1, 1), (1, 1))),
    "mint_Conv2d_same_stride": lambda p, x: _conv2d(x, p[0], None, ((1, 1), (0, 1))),
    "mint_BatchNorm2d_train": lambda p, x: _bn_train(x, p[0], p[1]),
    "mint_BatchNorm2d_eval": lambda p, x: (_batch_norm(x, p[0], p[1], np.zeros(2),
                                                       np.ones(2)),
                                           (np.zeros(2), np.ones(2), np.array(0))),
    "mint_BatchNorm1d_train": lambda p, x: _bn_train(x, p[0], p[1], 0.3),
    "mint_LayerNorm": lambda p, x: (x - x.mean(-1, keepdims=True)) / np.sqrt(
        x.var(-1, keepdims=True) + 1e-5) * p[0] + p[1],
    "mint_Embedding": lambda p, i: p[0][i],
    "mint_GELU": lambda p, x: _gelu(x),
    "mint_Hardtanh": lambda p, x: np.clip(x, -0.5, 0.8),
    "mint_ELU": lambda p, x: np.where(x > 0, x, 0.3 * np.expm1(x)),
    "mint_LogSigmoid": lambda p, x: -np.log1p(np.exp(-x)),
    "mint_Mish": lambda p, x: x * np.tanh(np.log1p(np.exp(x))),
    "mint_SELU": lambda p, x: _selu(x),
    "mint_Threshold": lambda p, x: np.where(x > 0.1, x, 20.0),
    "mint_L1Loss": lambda p, a, b: np.abs(a - b).mean(),
    "mint_MSELoss_sum": lambda p, a, b: ((a - b) ** 2).sum(),
    "mint_KLDivLoss": lambda p, a, b: (special.xlogy(b, b) - b * a).sum() / a.shape[0],
    "mint_AvgPool2d": lambda p, x: _pool(x, 2, 2, 0, np.sum),
    "mint_MaxPool2d": lambda p, x: _pool(x, 3, 2, 1, np.max),
    "mint_ReflectionPad2d": lambda p, x: np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)),
                                                mode="reflect"),
    "mint_ReplicationPad1d": lambda p, x: np.pad(x, ((0, 0), (2, 1)), mode="edge"),
}


def _scatter_add(x, dim, index, src):
    out = x.copy()
    for pos in np.ndindex(*index.shape):
        target = list(pos)
        target[dim] = index[pos]
        out[tuple(target)] += src[pos]
    return out


def _forward(spec):
    if isinstance(spec, op_specs.S):
        op = op_specs._resolve_op(ms, spec)
        args = [ms.Tensor(a) if isinstance(a, np.ndarray) else op_specs._resolve_const(ms, a)
                for a in spec.args]
        kw = {k: op_specs._resolve_const(ms, v) for k, v in spec.kw.items()}
        if spec.name == "mint_stack":
            return op(args, **kw)
        return op(*args, **kw)
    cell = nn_specs._build(ms, spec)
    out = cell(*[ms.Tensor(a) for a in spec.inputs])
    state = tuple(cell.untrainable_params())
    return (out, state) if state else out


def _reference(spec):
    ref = REFERENCE[spec.name]
    if isinstance(spec, op_specs.S):
        args = [a for a in spec.args]
        if spec.name == "mint_ones_like_dtype":
            return ref(*args, None)
        return ref(*args, **spec.kw)
    cell = nn_specs._build(ms, spec)
    params = [p.asnumpy().astype(np.float64) for p in cell.trainable_params()]
    return ref(params, *[a.astype(np.float64) if a.dtype.kind == "f" else a
                         for a in spec.inputs])


def _compare(actual, expected, path="out"):
    if isinstance(expected, tuple):
        assert isinstance(actual, (tuple, list)) and len(actual) == len(expected), path
        for i, (a, e) in enumerate(zip(actual, expected)):
            _compare(a, e, f"{path}[{i}]")
        return
    a = actual.asnumpy()
    e = np.asarray(expected)
    assert a.shape == e.shape, f"{path}: {a.shape} != {e.shape}"
    if e.dtype.kind in "iub":
        assert a.dtype == e.dtype, f"{path}: {a.dtype} != {e.dtype}"
        np.testing.assert_array_equal(a, e, err_msg=path)
    else:
        np.testing.assert_allclose(a, e, rtol=1e-5, atol=1e-5, err_msg=path)


def test_every_unrecorded_spec_has_a_reference():
    assert set(REFERENCE) == mint_specs.CPU_UNREGISTERED


@pytest.mark.parametrize("mode", ["PYNATIVE", "GRAPH"])
@pytest.mark.parametrize("name", sorted(mint_specs.CPU_UNREGISTERED))
def test_mint_against_its_definition(name, mode):
    ms.set_context(mode=getattr(ms, f"{mode}_MODE"))
    try:
        spec = _SPECS[name]
        _compare(_forward(spec), _reference(spec))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_mint_distributed_before_init(monkeypatch):
    from mscompat._engine.parallel import GlobalComm
    from mscompat.mint import distributed
    monkeypatch.setattr(GlobalComm, "INITED", False)  # other tests may have called init()
    assert (distributed.get_rank(), distributed.get_world_size()) == (0, 1)
    assert distributed.is_initialized() is False


def test_mint_functions_without_a_mindspore_cpu_kernel_follow_their_documentation():
    """sort/argsort/count_nonzero/diag/dot/equal/median/logsumexp/norm/clone/bitwise_not
    have no CPU kernel in MindSpore 2.10; their values are the documented ones (NumPy's)."""
    import mscompat as ms
    from mscompat import mint
    x = np.array([[3.0, 1.0, 2.0, 1.0], [0.0, 0.0, 5.0, 2.0]], np.float32)
    t = ms.Tensor(x)
    values, indices = mint.sort(t, descending=True)
    np.testing.assert_array_equal(values.asnumpy(), -np.sort(-x, axis=-1))
    assert str(indices.dtype) == "Int64"
    np.testing.assert_array_equal(indices.asnumpy(), np.argsort(-x, axis=-1, kind="stable"))
    np.testing.assert_array_equal(mint.argsort(t, dim=0).asnumpy(),
                                  np.argsort(x, axis=0, kind="stable"))
    assert mint.count_nonzero(t).asnumpy() == 6 and str(mint.count_nonzero(t).dtype) == "Int64"
    np.testing.assert_array_equal(mint.count_nonzero(t, 1).asnumpy(), [4, 2])
    np.testing.assert_array_equal(mint.diag(t, 1).asnumpy(), np.diag(x, 1))
    v = np.array([1.0, -2.0, 0.5], np.float32)
    assert float(mint.dot(ms.Tensor(v), ms.Tensor(v)).asnumpy()) == float(v @ v)
    assert bool(mint.equal(t, ms.Tensor(x.copy()))) and not bool(mint.equal(t, t[0]))
    assert float(mint.median(t).asnumpy()) == 1.0  # the lower of the two middle values
    med, idx = mint.median(t, 1)
    np.testing.assert_array_equal(med.asnumpy(), [1.0, 0.0])
    np.testing.assert_allclose(mint.logsumexp(t, 1).asnumpy(),
                               np.log(np.exp(x).sum(1)), rtol=1e-6)
    np.testing.assert_allclose(mint.norm(t).asnumpy(), np.linalg.norm(x), rtol=1e-6)
    np.testing.assert_allclose(mint.norm(t, 1, 1).asnumpy(), np.abs(x).sum(1), rtol=1e-6)
    np.testing.assert_allclose(mint.norm(t, float("inf")).asnumpy(), np.abs(x).max())
    assert mint.squeeze(ms.Tensor(x[None]), (0, 1)).shape == (2, 4)  # size-4 axis kept
    np.testing.assert_array_equal(mint.clone(t).asnumpy(), x)
    np.testing.assert_array_equal(mint.bitwise_not(ms.Tensor(np.array([0, 5], np.int32)))
                                  .asnumpy(), [-1, -6])


def test_more_mint_functions_without_a_mindspore_cpu_kernel():
    """addbmm/addcdiv/addmm/addmv/bincount/full_like/histc/mm/mv/std_mean/var_mean/take/
    vdot/kthvalue/index_add(Int64 index) have no CPU kernel (or refuse the input) in
    MindSpore 2.10; their values are the documented ones (NumPy's)."""
    import mscompat as ms
    from mscompat import mint
    rs = np.random.RandomState(0)
    a, b, v = (rs.randn(3, 4).astype(np.float32), rs.randn(4, 5).astype(np.float32),
               rs.randn(4).astype(np.float32))
    c = rs.randn(3, 5).astype(np.float32)
    T = ms.Tensor
    np.testing.assert_allclose(mint.addmm(T(c), T(a), T(b), beta=0.5, alpha=2).asnumpy(),
                               0.5 * c + 2 * a @ b, rtol=1e-5)
    np.testing.assert_allclose(mint.mm(T(a), T(b)).asnumpy(), a @ b, rtol=1e-5)
    np.testing.assert_allclose(mint.mv(T(a), T(v)).asnumpy(), a @ v, rtol=1e-5)
    np.testing.assert_allclose(mint.vdot(T(v), T(v)).asnumpy(), v @ v, rtol=1e-5)
    np.testing.assert_allclose(mint.addcdiv(T(a), T(a), T(a + 5), value=0.5).asnumpy(),
                               a + 0.5 * a / (a + 5), rtol=1e-5)
    std, mean = mint.std_mean(T(a), 1)
    np.testing.assert_allclose(std.asnumpy(), a.std(1, ddof=1), rtol=1e-5)
    np.testing.assert_allclose(mean.asnumpy(), a.mean(1), rtol=1e-5)
    var, _ = mint.var_mean(T(a), correction=0)
    np.testing.assert_allclose(var.asnumpy(), a.var(), rtol=1e-5)
    np.testing.assert_array_equal(mint.take(T(a), T(np.array([0, 5, 11]))).asnumpy(),
                                  a.reshape(-1)[[0, 5, 11]])
    np.testing.assert_array_equal(mint.bincount(T(np.array([3, 1, 1, 0], np.int32))).asnumpy(),
                                  [1, 2, 0, 1])
    full = mint.full_like(T(a), 7, dtype=ms.int32)
    assert str(full.dtype) == "Int32" and (full.asnumpy() == 7).all()
    values, indices = mint.kthvalue(T(a), 2, 1)
    np.testing.assert_array_equal(values.asnumpy(), np.sort(a, 1)[:, 1])
    np.testing.assert_array_equal(indices.asnumpy(), np.argsort(a, 1, kind="stable")[:, 1])
    assert str(indices.dtype) == "Int64"
    added = mint.index_add(T(a), 0, T(np.array([0, 2, 0])), T(np.ones((3, 4), np.float32)),
                           alpha=2)
    want = a.copy()
    np.add.at(want, [0, 2, 0], 2 * np.ones((3, 4), np.float32))
    np.testing.assert_allclose(added.asnumpy(), want, rtol=1e-6)
    assert mint.allclose(T(a), T(a + 1e-9)) is True
    assert mint.allclose(T(a), T(a + 1e-3)) is False
    assert mint.empty(2, 3).shape == (2, 3) and str(mint.empty((2,), dtype=ms.int32).dtype) \
        == "Int32"


def test_threshold_forms_take_mindspore_keywords():
    """``threshold_op``/``threshold_`` (no MindSpore CPU kernel): ``threshold``/``value`` by
    keyword, as documented; ``threshold_`` writes into its input."""
    f = ms.mint.nn.functional
    x = np.array([1.0, 5.0, -2.0], np.float32)
    want = np.where(x > 2.0, x, np.float32(0.5))
    np.testing.assert_array_equal(f.threshold_op(ms.Tensor(x), threshold=2.0, value=0.5).asnumpy(),
                                  want)
    t = ms.Tensor(x)
    f.threshold_(t, threshold=2.0, value=0.5)
    np.testing.assert_array_equal(t.asnumpy(), want)
