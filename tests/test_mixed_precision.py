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
