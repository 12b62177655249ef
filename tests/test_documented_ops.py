"""Ops MindSpore 2.10 runs only on Ascend or GPU (its CPU build raises "not supported on
this device"), so no golden can be recorded here: each is tested, in both modes, against the
examples of MindSpore's own documentation (the printed results in its docstrings) and the
errors the documentation names.
"""
import numpy as np
import pytest

import mscompat as ms

MODES = ["PYNATIVE", "GRAPH"]


@pytest.fixture(params=MODES)
def mode(request):
    ms.set_context(mode=getattr(ms, f"{request.param}_MODE"))
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _run(fn, *args):
    return ms.jit(fn)(*args) if ms.get_context("mode") == ms.GRAPH_MODE else fn(*args)


# Tensor.repeat docstring: a = Tensor([[0, 1, 2], [3, 4, 5]])
def test_tensor_repeat_documented_examples(mode):
    a = ms.Tensor([[0, 1, 2], [3, 4, 5]])
    out = _run(lambda t: t.repeat(3, 2), a)
    np.testing.assert_array_equal(out.asnumpy(), [[0, 1, 2, 0, 1, 2], [3, 4, 5, 3, 4, 5]] * 3)
    out = _run(lambda t: t.repeat(2, 1, 3), a)  # "a is treated as a shape [1, 2, 3]"
    np.testing.assert_array_equal(out.asnumpy(), [[[0, 1, 2] * 3, [3, 4, 5] * 3]] * 2)
    out = _run(lambda t: t.repeat((2, 1)), a)  # the tuple overload
    np.testing.assert_array_equal(out.asnumpy(), [[0, 1, 2], [3, 4, 5]] * 2)
    assert out.dtype == ms.int64


def test_tensor_repeat_documented_errors():
    a = ms.Tensor([[0, 1, 2], [3, 4, 5]])
    with pytest.raises(RuntimeError):  # fewer repeats than dimensions
        a.repeat(2)
    with pytest.raises(RuntimeError):  # a negative repeat
        a.repeat(-1, 2)
    with pytest.raises(TypeError, match="must be tuple of int but got int"):
        a.repeat(repeats=2, axis=0)  # MindSpore 2.10 has no NumPy-style axis
    with pytest.raises(TypeError):
        a.repeat(2.0, 1)


def test_tensor_repeat_gradient_sums_the_copies(mode):
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    g = ms.grad(lambda t: (t.repeat(3) * ms.Tensor(np.arange(6, dtype=np.float32))).sum())(x)
    np.testing.assert_allclose(g.asnumpy(), [0 + 2 + 4, 1 + 3 + 5])


# nn.InstanceNorm1d/2d/3d: y = (x - E[x]) / sqrt(Var[x] + eps) * gamma + beta over each
# sample's channel (biased variance), the same in training and evaluation (its docstring).
@pytest.mark.parametrize("cls, shape", [("InstanceNorm1d", (2, 3, 5)),
                                        ("InstanceNorm2d", (2, 3, 4, 3)),
                                        ("InstanceNorm3d", (1, 3, 2, 3, 2))])
@pytest.mark.parametrize("train", [False, True])
def test_instance_norm_definition(cls, shape, train, mode):
    rng = np.random.RandomState(5)
    x = rng.randn(*shape).astype(np.float32)
    net = getattr(ms.nn, cls)(3, eps=1e-3)
    gamma, beta = rng.rand(3).astype(np.float32) + 0.5, rng.randn(3).astype(np.float32)
    net.gamma.set_data(ms.Tensor(gamma))
    net.beta.set_data(ms.Tensor(beta))
    net.set_train(train)
    axes = tuple(range(2, x.ndim))
    bshape = (1, 3) + (1,) * (x.ndim - 2)
    want = (x - x.mean(axes, keepdims=True)) / np.sqrt(x.var(axes, keepdims=True) + 1e-3) \
        * gamma.reshape(bshape) + beta.reshape(bshape)
    np.testing.assert_allclose(net(ms.Tensor(x)).asnumpy(), want, rtol=1e-4, atol=1e-5)
    assert (net.moving_mean.asnumpy() == 0).all()  # kept, not updated (divergences.md)


def test_instance_norm_gradient_matches_finite_differences(mode):
    rng = np.random.RandomState(6)
    x = rng.randn(1, 2, 4).astype(np.float64)
    w = rng.randn(1, 2, 4)
    net = ms.nn.InstanceNorm1d(2)

    def loss(t):
        return (net(t) * ms.Tensor(w.astype(np.float32))).sum()
    g = ms.grad(loss)(ms.Tensor(x.astype(np.float32))).asnumpy()

    def f(v):
        m, s = v.mean(2, keepdims=True), v.var(2, keepdims=True)
        return ((v - m) / np.sqrt(s + 1e-5) * w).sum()
    num = np.zeros_like(x)
    for i in np.ndindex(*x.shape):
        d = np.zeros_like(x)
        d[i] = 1e-6
        num[i] = (f(x + d) - f(x - d)) / 2e-6
    np.testing.assert_allclose(g, num, rtol=1e-3, atol=1e-4)
