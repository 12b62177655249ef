"""``nn.Lamb`` and ``nn.LARS`` against the formulas of MindSpore's documentation (MindSpore's
CPU build has no kernel for either, so there is nothing to record): three training steps
of a Dense layer, in both modes, compared with a NumPy transcription of each formula."""
import numpy as np
import pytest

import mscompat as ms

X = np.array([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7]], np.float32)
Y = np.eye(2, dtype=np.float32)
W = np.array([[0.1, -0.2, 0.3], [0.05, 0.4, -0.1]], np.float32)
B = np.array([0.2, -0.1], np.float32)


@pytest.fixture(params=[ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["PYNATIVE", "GRAPH"])
def mode(request):
    old = ms.get_context("mode")
    ms.set_context(mode=request.param)
    yield request.param
    ms.set_context(mode=old)


def _grads(w, b):
    """MSELoss(mean) of x @ w.T + b against Y: its gradients."""
    out = X @ w.T + b
    d = 2 * (out - Y) / out.size
    return d.T @ X, d.sum(0)


def _train(make_opt, steps=3):
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(W), bias_init=ms.Tensor(B))
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                  make_opt(net.trainable_params()))
    for _ in range(steps):
        step(ms.Tensor(X), ms.Tensor(Y))
    return net.weight.asnumpy(), net.bias.asnumpy()


def _lamb_reference(lr, b1, b2, eps, wd, steps=3):
    params = [W.astype(np.float64), B.astype(np.float64)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    for t in range(1, steps + 1):
        grads = _grads(*params)
        for i, g in enumerate(grads):
            m[i] = b1 * m[i] + (1 - b1) * g
            v[i] = b2 * v[i] + (1 - b2) * g * g
            r = (m[i] / (1 - b1 ** t)) / (np.sqrt(v[i] / (1 - b2 ** t)) + eps)
            u = r + wd * params[i]  # 'weight' and 'bias' are both decayed (no beta/gamma)
            ratio = np.linalg.norm(params[i]) / np.linalg.norm(u)
            params[i] = params[i] - lr * ratio * u
    return params


@pytest.mark.parametrize("wd", [0.0, 0.01])
def test_lamb_follows_the_documented_update(mode, wd):
    got = _train(lambda p: ms.nn.Lamb(p, 0.1, 0.9, 0.999, 1e-6, wd))
    for g, e in zip(got, _lamb_reference(0.1, 0.9, 0.999, 1e-6, wd)):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-6)


def _lars_reference(lr, momentum, wd, eps, coef, steps=3):
    params = [W.astype(np.float64), B.astype(np.float64)]
    vel = [np.zeros_like(p) for p in params]
    for _ in range(steps):
        grads = _grads(*params)
        for i, g in enumerate(grads):
            # the default lars_filter leaves out 'bias', which the wrapped optimizer no
            # longer decays either
            if i == 0:
                wn, gn = np.linalg.norm(params[i]), np.linalg.norm(g)
                g = coef * wn / (gn + wd * wn + eps) * (g + wd * params[i])
            vel[i] = momentum * vel[i] + g
            params[i] = params[i] - lr * vel[i]
    return params


def test_lars_scales_the_wrapped_optimizers_gradients(mode):
    got = _train(lambda p: ms.nn.LARS(ms.nn.Momentum(p, 0.1, 0.9, weight_decay=0.01),
                                      epsilon=1e-5, coefficient=0.001))
    for g, e in zip(got, _lars_reference(0.1, 0.9, 0.01, 1e-5, 0.001)):
        np.testing.assert_allclose(g, e, rtol=1e-5, atol=1e-7)


def test_lamb_state_and_lars_names():
    net = ms.nn.Dense(3, 2)
    lamb = ms.nn.Lamb(net.trainable_params(), 0.1)
    assert [p.name for p in lamb.moments1] == ["lamb_m.weight", "lamb_m.bias"]
    assert [p.name for p in lamb.moments2] == ["lamb_v.weight", "lamb_v.bias"]
    inner = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
    lars = ms.nn.LARS(inner)
    assert lars.global_step is inner.global_step
    assert lars.lars_flag == (True, False)


@pytest.mark.parametrize("kwargs, error", [
    ({"beta1": 1.0}, ValueError), ({"beta2": 0}, TypeError), ({"eps": 0.0}, ValueError),
    ({"eps": 1}, TypeError)])
def test_lamb_checks_its_arguments(kwargs, error):
    with pytest.raises(error):
        ms.nn.Lamb(ms.nn.Dense(2, 2).trainable_params(), 0.1, **kwargs)


def test_lars_checks_its_arguments():
    with pytest.raises(TypeError, match="optimizer"):
        ms.nn.LARS(3)
    with pytest.raises(TypeError, match="epsilon"):
        ms.nn.LARS(ms.nn.SGD(ms.nn.Dense(2, 2).trainable_params()), epsilon=1)
