"""``ops.embedding`` / ``mint.nn.functional.embedding`` / ``mint.nn.Embedding`` against the
rules MindSpore documents for them, written out in NumPy (its CPU build has no Embedding
kernel, so it cannot be the oracle): ``padding_idx`` rows get no gradient, ``max_norm``
renormalises the picked rows of ``weight`` in place, ``scale_grad_by_freq`` divides each
row's gradient by how often it is picked. Both modes."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import mint, nn, ops

W0 = np.array([[3.0, 4.0], [0.3, 0.4], [1.0, 1.0], [-2.0, 0.5]], np.float32)
IDX = np.array([[0, 1], [0, 2]], np.int32)
COEF = np.array([1.0, 2.0], np.float32)  # loss = sum(embedding(idx, w) * COEF)


def _expected(padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False):
    w = W0.astype(np.float64).copy()
    if max_norm is not None:
        for row in np.unique(IDX):
            norm = np.sum(np.abs(w[row]) ** norm_type) ** (1 / norm_type)
            if norm > max_norm:
                w[row] *= max_norm / (norm + 1e-7)
    out = w[IDX]
    grad = np.zeros_like(w)
    counts = np.bincount(IDX.ravel(), minlength=len(w))
    for i in IDX.ravel():
        g = COEF / (counts[i] if scale_grad_by_freq else 1)
        if i != (padding_idx if padding_idx is None else padding_idx % len(w)):
            grad[i] += g
    return out, grad, w


class _Net(nn.Cell):
    def __init__(self, weight, kw):
        super().__init__()
        self.weight, self.kw = weight, kw

    def construct(self, idx):
        return ops.embedding(idx, self.weight, **self.kw)


CASES = [{}, {"padding_idx": 2}, {"padding_idx": -4}, {"scale_grad_by_freq": True},
         {"max_norm": 1.0}, {"max_norm": 2.0, "norm_type": 1.0},
         {"max_norm": 1.0, "padding_idx": 0, "scale_grad_by_freq": True}]


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("kw", CASES, ids=str)
def test_embedding_rules(mode, kw):
    ms.set_context(mode=mode)
    try:
        weight = ms.Parameter(ms.Tensor(W0), name="w")
        net = _Net(weight, kw)
        out = net(ms.Tensor(IDX))
        want_out, want_grad, want_w = _expected(**kw)
        np.testing.assert_allclose(out.asnumpy(), want_out, rtol=1e-6)
        np.testing.assert_allclose(weight.asnumpy(), want_w, rtol=1e-6)
        weight.set_data(ms.Tensor(W0))

        def loss(idx):
            return (net(idx) * ms.Tensor(COEF)).sum()
        (grad,) = ms.grad(loss, grad_position=None, weights=[weight])(ms.Tensor(IDX))
        np.testing.assert_allclose(grad.asnumpy(), want_grad, rtol=1e-6)
        np.testing.assert_allclose(weight.asnumpy(), want_w, rtol=1e-6)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_mint_embedding_layer_and_functional():
    layer = mint.nn.Embedding(4, 2, padding_idx=1, _weight=ms.Tensor(W0))
    (grad,) = ms.grad(lambda i: layer(i).sum(), grad_position=None,
                      weights=layer.trainable_params())(ms.Tensor(IDX))
    assert grad.asnumpy()[1].tolist() == [0.0, 0.0]  # the padding row is not trained
    assert grad.asnumpy()[0].tolist() == [2.0, 2.0]
    out = mint.nn.functional.embedding(ms.Tensor(IDX), ms.Tensor(W0))
    np.testing.assert_array_equal(out.asnumpy(), W0[IDX])
    fresh = mint.nn.Embedding(5, 3, padding_idx=-1)
    assert not fresh.weight.asnumpy()[-1].any()  # initialised to zero


@pytest.mark.parametrize("call, error", [
    (lambda: ops.embedding(ms.Tensor(IDX), ms.Tensor(W0[0])), ValueError),
    (lambda: ops.embedding(ms.Tensor(IDX), ms.Tensor(W0), padding_idx=4), ValueError),
    (lambda: ops.embedding(ms.Tensor(IDX.astype(np.float32)), ms.Tensor(W0)), TypeError),
    (lambda: mint.nn.Embedding(4, 2, sparse=True), ValueError),
    (lambda: mint.nn.Embedding(4, 2, max_norm=1), TypeError),
    (lambda: mint.nn.Embedding(4, 2, padding_idx=4), ValueError),
    (lambda: mint.nn.Embedding(4, 2, _weight=ms.Tensor(W0[:3])), ValueError),
])
def test_embedding_refusals(call, error):
    with pytest.raises(error):
        call()
