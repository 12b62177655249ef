"""``nn.Roll``, ``nn.MatDet``, ``nn.MatInverse``, ``nn.LayerNormExt`` and
``nn.LogSoftmaxExt`` against their definitions: MindSpore's CPU build has no kernel for
them (Roll, DetTriangle, LayerNormExt, LogSoftmaxExt), so nothing could be recorded."""
import numpy as np
import pytest

import mscompat as ms

X = np.random.RandomState(3).uniform(-2, 2, (2, 3, 4)).astype(np.float32)
SPD = np.array([[[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]],
                [[2.0, -0.3, 0.0], [-0.3, 1.5, 0.4], [0.0, 0.4, 1.0]]], np.float32)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_roll_is_numpy_roll(mode):
    ms.set_context(mode=mode)
    try:
        out = ms.nn.Roll((1, -1), (0, 2))(ms.Tensor(X)).asnumpy()
        np.testing.assert_array_equal(out, np.roll(X, (1, -1), (0, 2)))
        with pytest.raises(ValueError, match="the length of 'shift' 2"):
            ms.nn.Roll((1, 2), 0)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_cholesky_determinant_and_inverse(mode):
    ms.set_context(mode=mode)
    try:
        det = ms.nn.MatDet()(ms.Tensor(SPD)).asnumpy()
        np.testing.assert_allclose(det, np.linalg.det(SPD.astype(np.float64)), rtol=1e-5)
        inv = ms.nn.MatInverse()(ms.Tensor(SPD)).asnumpy()
        np.testing.assert_allclose(inv, np.linalg.inv(SPD.astype(np.float64)), rtol=1e-5,
                                   atol=1e-6)
        with pytest.raises(TypeError, match="Float16"):
            ms.nn.MatDet()(ms.Tensor(SPD.astype(np.float64)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_ext_layers_compute_their_definitions():
    x = ms.Tensor(X)
    out = ms.nn.LayerNormExt((4,))(x).asnumpy()
    mean, var = X.mean(-1, keepdims=True), X.var(-1, keepdims=True)
    np.testing.assert_allclose(out, (X - mean) / np.sqrt(var + 1e-5), rtol=1e-5, atol=1e-6)
    soft = ms.nn.LogSoftmaxExt(1)(x).asnumpy()
    shifted = X - X.max(1, keepdims=True)
    np.testing.assert_allclose(soft, shifted - np.log(np.exp(shifted).sum(1, keepdims=True)),
                               rtol=1e-5, atol=1e-6)
    assert ms.nn.EmbeddingExt is ms.mint.nn.Embedding
