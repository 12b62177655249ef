"""Mixed precision beyond the recorded cases (``conformance/cases/amp_specs.py``): compiled
programs follow a changed type, Parameters keep their dtype, a user's type wins inside O1.
Every test runs in both modes."""
import numpy as np
import pytest

import mscompat as ms

MODES = [ms.PYNATIVE_MODE, ms.GRAPH_MODE]


@pytest.fixture(params=MODES, ids=["PYNATIVE", "GRAPH"])
def mode(request):
    old = ms.get_context("mode")
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=old)


def _dense():
    return ms.nn.Dense(2, 2, weight_init=ms.Tensor(np.array([[1.0001, 0.5], [0.25, 1.0]],
                                                             np.float32)), bias_init="zeros")


def test_a_compiled_call_follows_a_later_to_float(mode):
    net = _dense()
    x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
    assert net(x).dtype == ms.float32
    net.to_float(ms.float16)
    assert net(x).dtype == ms.float16
    net.to_float(ms.float32)
    out = net(x)
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), [[2.0001, 2.25]], rtol=1e-6)


def test_parameters_keep_their_dtype_through_o3_training(mode):
    net = _dense()
    step = ms.amp.build_train_network(net, ms.nn.SGD(net.trainable_params(), 0.1),
                                      ms.nn.MSELoss(), level="O3")
    before = net.weight.asnumpy().copy()
    loss = step(ms.Tensor(np.array([[1.0, 2.0]], np.float32)),
                ms.Tensor(np.array([[0.0, 1.0]], np.float32)))
    assert loss.dtype == ms.float32
    assert all(p.dtype == ms.float32 for p in net.get_parameters())
    assert not np.allclose(net.weight.asnumpy(), before)


def test_a_users_type_wins_inside_o1(mode):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = _dense()

        def construct(self, x):
            return self.fc(x)

    net = Net()
    net.fc.to_float(ms.float32)  # set by the user: O1 leaves it alone
    net = ms.amp.auto_mixed_precision(net, "O1")
    out = net(ms.Tensor(np.array([[1.0, 2.0]], np.float32)))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), [[2.0001, 2.25]], rtol=1e-6)


def test_a_failed_float16_call_writes_nothing(mode):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="p")

        def construct(self, x):
            ms.ops.assign(self.p, x * 2)
            return x.reshape((3, 7))  # fails after the write

    net = Net().to_float(ms.float16)
    with pytest.raises((ValueError, TypeError)):
        net(ms.Tensor(np.array([4.0], np.float32)))
    assert net.p.dtype == ms.float32
    np.testing.assert_array_equal(net.p.asnumpy(), [1.0])


def test_recompute_keeps_values_gradients_and_writes(mode):
    """``Cell.recompute()`` (``jax.checkpoint`` in a compiled step): the same loss, weights
    and BatchNorm statistics as without it, over three Momentum steps; the compiled backward
    of GRAPH_MODE contains the rematerialisation."""
    def train(recompute):
        class Net(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.fc = _dense()
                self.bn = ms.nn.BatchNorm1d(2)
                self.out = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")

            def construct(self, x):
                return self.out(ms.ops.tanh(self.bn(self.fc(x))))

        net = Net()
        if recompute:
            net.fc.recompute()
            net.bn.recompute()
        step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                      ms.nn.Momentum(net.trainable_params(), 0.1, 0.9))
        step.set_train()
        x = ms.Tensor(np.array([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0]], np.float32))
        y = ms.Tensor(np.array([[1.0], [0.0], [2.0]], np.float32))
        losses = [float(step(x, y).asnumpy()) for _ in range(3)]
        return losses, [p.asnumpy() for p in net.get_parameters()]

    import jax

    from mscompat._engine import recompute as recompute_mod
    used = []
    real = jax.checkpoint

    def counting(f, **kw):
        used.append(f)
        return real(f, **kw)

    plain = train(False)
    recompute_mod.jax.checkpoint = counting
    try:
        checked = train(True)
    finally:
        recompute_mod.jax.checkpoint = real
    assert bool(used) == (mode == ms.GRAPH_MODE)  # compiled steps rematerialise
    np.testing.assert_allclose(plain[0], checked[0], rtol=1e-6)
    for a, b in zip(plain[1], checked[1]):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)


def test_recompute_refuses_unknown_keywords():
    with pytest.raises(ValueError, match="recompute"):
        ms.nn.Dense(2, 2).recompute(fast=True)
