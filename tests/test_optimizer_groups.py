"""Parameter-group options that MindSpore's CPU build cannot run (its ``Centralization`` and
``Lamb`` kernels are Ascend/GPU only), checked against the rule written in MindSpore's
``nn/optim/optimizer.py``: gradient centralization subtracts from a gradient its mean over
every axis but the first, for gradients of 2 or more axes whose axis 1 is a multiple of 16."""
import numpy as np
import pytest

import mscompat as ms


@pytest.mark.parametrize("mode", ["PYNATIVE_MODE", "GRAPH_MODE"])
def test_grad_centralization_group(mode):
    ms.set_context(mode=getattr(ms, mode))
    rng = np.random.RandomState(3)
    w16, w8 = (rng.uniform(-0.5, 0.5, s).astype(np.float32) for s in ((3, 16), (16, 8)))
    x = rng.uniform(-1, 1, (4, 16)).astype(np.float32)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = ms.Parameter(ms.Tensor(w16), name="a")  # axis 1 = 16: centralised
            self.b = ms.Parameter(ms.Tensor(w8), name="b")  # axis 1 = 8: unchanged

        def construct(self, x):
            return ((x @ self.a.T).sum() + (x @ self.b).sum()) * 0.5

    net = Net()
    opt = ms.nn.SGD([{"params": net.trainable_params(), "grad_centralization": True}],
                    learning_rate=0.1)
    grads = ms.grad(net, grad_position=None, weights=net.trainable_params())(ms.Tensor(x))
    ga, gb = (g.asnumpy() for g in grads)
    opt(grads)
    expect_a = w16 - 0.1 * (ga - ga.mean(axis=1, keepdims=True))
    np.testing.assert_allclose(net.a.asnumpy(), expect_a, rtol=1e-6, atol=1e-6)
    assert not np.allclose(expect_a, w16 - 0.1 * ga)  # centralising changed this step
    np.testing.assert_allclose(net.b.asnumpy(), w8 - 0.1 * gb, rtol=1e-6, atol=1e-6)
    assert opt.grad_centralization == (True, True)
