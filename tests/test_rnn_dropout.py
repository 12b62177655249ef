"""Stacked RNN layers with ``dropout`` in training apply ``dropout_op`` to each layer's
output but the last (MindSpore's rule). MindSpore draws its masks from its own generator,
so these tests check the rule rather than recorded numbers: with the dropout made the
identity the layer-by-layer path equals the one-call path, and a real dropout changes the
result only through the layers after the first."""
import numpy as np
import pytest

import mscompat as ms


@pytest.fixture(params=["PYNATIVE", "GRAPH"])
def mode(request):
    ms.set_context(mode=getattr(ms, f"{request.param}_MODE"))
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _x():
    return ms.Tensor(np.random.RandomState(0).randn(2, 5, 4).astype(np.float32))


@pytest.mark.parametrize("cls", ["LSTM", "GRU", "RNN"])
def test_layer_by_layer_path_equals_one_call_when_dropout_is_identity(mode, cls):
    ms.set_seed(3)
    net = getattr(ms.nn, cls)(4, 3, num_layers=3, dropout=0.5, batch_first=True,
                              bidirectional=True)
    net.set_train(False)
    expected = net(_x())
    net.dropout_op = ms.nn.Dropout(p=0.0)  # the identity, on the training path
    net.set_train(True)
    got = net(_x())
    for a, b in zip(_leaves(got), _leaves(expected)):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6, atol=1e-6)


def _leaves(out):
    if isinstance(out, (tuple, list)):
        return [leaf for o in out for leaf in _leaves(o)]
    return [out]


def test_dropout_applies_between_layers_in_training(mode):
    ms.set_seed(3)
    net = ms.nn.LSTM(4, 3, num_layers=2, dropout=0.9, batch_first=True)
    net.set_train(False)
    evaluated = net(_x())
    net.set_train(True)
    trained = net(_x())
    # the first layer's final state is dropout-free; the second layer sees dropped inputs
    np.testing.assert_allclose(trained[1][0].asnumpy()[0], evaluated[1][0].asnumpy()[0],
                               rtol=1e-6, atol=1e-6)
    assert not np.allclose(trained[0].asnumpy(), evaluated[0].asnumpy())
    grad = ms.grad(lambda x: net(x)[0].sum())(_x())
    assert grad.shape == (2, 5, 4) and np.isfinite(grad.asnumpy()).all()
