"""``nn.Unfold`` (MindSpore's ExtractImagePatches, which has no CPU kernel in MindSpore
2.10) against its documented definition written as loops, and the ``mint.nn`` Unfold/Fold
Cells against ``ops.unfold``/``ops.fold`` (recorded in ``conformance/cases/windows.py``)."""
import numpy as np
import pytest

import mscompat as ms


def _patches_by_definition(x, k, s, d, padding):
    """out[n, (i * kw + j) * C + c, r, q] = x[n, c, r*s_h + i*d_h - top, q*s_w + j*d_w - left],
    zero outside the image."""
    n, c, h, w = x.shape
    eff = [(k[a] - 1) * d[a] + 1 for a in range(2)]
    if padding == "same":
        out = [-(-size // s[a]) for a, size in enumerate((h, w))]
        before = [max((out[a] - 1) * s[a] + eff[a] - size, 0) // 2
                  for a, size in enumerate((h, w))]
    else:
        out = [(size - eff[a]) // s[a] + 1 for a, size in enumerate((h, w))]
        before = [0, 0]
    y = np.zeros((n, k[0] * k[1] * c, out[0], out[1]), x.dtype)
    for i in range(k[0]):
        for j in range(k[1]):
            for r in range(out[0]):
                for q in range(out[1]):
                    row, col = r * s[0] + i * d[0] - before[0], q * s[1] + j * d[1] - before[1]
                    if 0 <= row < h and 0 <= col < w:
                        y[:, (i * k[1] + j) * c:(i * k[1] + j + 1) * c, r, q] = x[:, :, row, col]
    return y


@pytest.mark.parametrize("mode", ["PYNATIVE_MODE", "GRAPH_MODE"])
@pytest.mark.parametrize("k,s,d,padding,dtype", [
    ((2, 2), (1, 1), (1, 1), "valid", np.float32),
    ((2, 2), (2, 2), (2, 2), "valid", np.float16),
    ((3, 2), (2, 1), (1, 2), "same", np.float32),
    ((3, 3), (2, 3), (1, 1), "SAME", np.int32),
    ((1, 4), (3, 1), (2, 1), "same", np.float64),
])
def test_unfold_is_its_definition(mode, k, s, d, padding, dtype):
    ms.set_context(mode=getattr(ms, mode))
    x = (np.random.RandomState(0).uniform(-5, 5, (2, 3, 7, 6)) * 8).astype(dtype)
    net = ms.nn.Unfold([1, *k, 1], [1, *s, 1], [1, *d, 1], padding)
    y = net(ms.Tensor(x))
    want = _patches_by_definition(x, k, s, d, padding.lower())
    assert y.dtype == ms.Tensor(x).dtype
    np.testing.assert_array_equal(y.asnumpy(), want)


@pytest.mark.parametrize("mode", ["PYNATIVE_MODE", "GRAPH_MODE"])
def test_unfold_gradient_counts_each_pixel_use(mode):
    ms.set_context(mode=getattr(ms, mode))
    net = ms.nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])
    x = ms.Tensor(np.ones((1, 1, 3, 3), np.float32))
    g = ms.grad(lambda v: net(v).sum())(x)
    np.testing.assert_array_equal(g.asnumpy()[0, 0], [[1, 2, 1], [2, 4, 2], [1, 2, 1]])


def test_unfold_errors():
    with pytest.raises(ValueError, match="ksizes"):
        ms.nn.Unfold([1, 2, 2], [1, 1, 1, 1], [1, 1, 1, 1])
    with pytest.raises(ValueError, match="stride_row"):
        ms.nn.Unfold([1, 2, 2, 1], [1, 0, 1, 1], [1, 1, 1, 1])
    with pytest.raises(TypeError, match="padding"):
        ms.nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], padding=1)
    with pytest.raises(ValueError, match="padding"):
        ms.nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], "full")(
            ms.Tensor(np.ones((1, 1, 3, 3), np.float32)))
    with pytest.raises(ValueError, match="rank"):
        ms.nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1])(
            ms.Tensor(np.ones((1, 3, 3), np.float32)))


def test_mint_unfold_fold_are_the_ops():
    x = ms.Tensor(np.random.RandomState(1).rand(2, 3, 6, 5).astype(np.float32))
    kw = {"kernel_size": (2, 3), "dilation": (2, 1), "padding": 1, "stride": (1, 2)}
    cols = ms.mint.nn.Unfold(**kw)(x)
    np.testing.assert_array_equal(cols.asnumpy(), ms.ops.unfold(x, **kw).asnumpy())
    np.testing.assert_array_equal(ms.mint.nn.functional.unfold(x, **kw).asnumpy(),
                                  cols.asnumpy())
    back = ms.mint.nn.Fold((6, 5), **kw)(cols)
    np.testing.assert_array_equal(back.asnumpy(),
                                  ms.ops.fold(cols, ms.Tensor([6, 5]), **kw).asnumpy())
    assert repr(ms.mint.nn.Unfold(2)) == "UnfoldExt()"
