"""``mint.optim`` against its update rules written out in float64 NumPy (MindSpore's CPU
build cannot be the oracle here: its SGD and Adam leave the Parameters unchanged and it has
no AdamW kernel). One table: each row an optimizer and the rule it must follow, run for four
compiled and eager steps of a small regression, in PYNATIVE_MODE and GRAPH_MODE."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import Tensor, mint, nn

W0 = np.array([[0.1, 0.2, 0.3], [-0.1, 0.5, 0.2]])
B0 = np.array([0.0, 0.1])
X = np.array([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])


def _grads(w, b):
    dy = 2 * (X @ w.T + b)  # d/dy of sum(y ** 2)
    return dy.T @ X, dy.sum(0)


def _sgd(lr, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False):
    def run(steps):
        params, buf = [W0.copy(), B0.copy()], [None, None]
        for _ in range(steps):
            for i, g in enumerate(_grads(*params)):
                g = g + weight_decay * params[i]
                if momentum:
                    buf[i] = g if buf[i] is None else momentum * buf[i] + (1 - dampening) * g
                    g = g + momentum * buf[i] if nesterov else buf[i]
                params[i] = params[i] - lr * g
        return params
    return run


def _adam(lr, weight_decay=0.0, decoupled=False, amsgrad=False, b1=0.9, b2=0.999, eps=1e-8):
    def run(steps):
        params = [W0.copy(), B0.copy()]
        m, v, top = [0.0, 0.0], [0.0, 0.0], [0.0, 0.0]
        for t in range(1, steps + 1):
            for i, g in enumerate(_grads(*params)):
                if decoupled:
                    params[i] = params[i] * (1 - lr * weight_decay)
                else:
                    g = g + weight_decay * params[i]
                m[i] = b1 * m[i] + (1 - b1) * g
                v[i] = b2 * v[i] + (1 - b2) * g * g
                top[i] = np.maximum(top[i], v[i])
                denom = np.sqrt(top[i] if amsgrad else v[i]) / np.sqrt(1 - b2 ** t) + eps
                params[i] = params[i] - lr / (1 - b1 ** t) * m[i] / denom
        return params
    return run


ROWS = {
    "sgd": (lambda p: mint.optim.SGD(p, lr=0.05), _sgd(0.05)),
    "sgd_momentum_dampening": (lambda p: mint.optim.SGD(p, lr=0.01, momentum=0.9,
                                                        dampening=0.3, weight_decay=0.01),
                               _sgd(0.01, 0.9, 0.3, 0.01)),
    "sgd_nesterov": (lambda p: mint.optim.SGD(p, lr=0.01, momentum=0.8, nesterov=True),
                     _sgd(0.01, 0.8, nesterov=True)),
    "adam_l2": (lambda p: mint.optim.Adam(p, lr=0.01, weight_decay=0.1), _adam(0.01, 0.1)),
    "adam_amsgrad": (lambda p: mint.optim.Adam(p, lr=0.01, amsgrad=True),
                     _adam(0.01, amsgrad=True)),
    "adamw": (lambda p: mint.optim.AdamW(p, lr=0.01), _adam(0.01, 1e-2, decoupled=True)),
    "adamw_amsgrad": (lambda p: mint.optim.AdamW(p, lr=0.02, weight_decay=0.1, amsgrad=True),
                      _adam(0.02, 0.1, decoupled=True, amsgrad=True)),
    "fused_adamw": (lambda p: mint.optim.FusedAdamW(p, lr=0.01, betas=(0.8, 0.99)),
                    _adam(0.01, 1e-2, decoupled=True, b1=0.8, b2=0.99)),
}


@pytest.mark.parametrize("mode", ["PYNATIVE_MODE", "GRAPH_MODE"])
@pytest.mark.parametrize("row", sorted(ROWS))
def test_mint_optimizer_follows_its_rule(row, mode):
    make, rule = ROWS[row]
    ms.set_context(mode=getattr(ms, mode))
    try:
        net = nn.Dense(3, 2)
        net.weight.set_data(Tensor(W0.astype(np.float32)))
        net.bias.set_data(Tensor(B0.astype(np.float32)))
        opt = make(net.trainable_params())
        x = Tensor(X.astype(np.float32))
        grad_fn = ms.value_and_grad(lambda x: (net(x) ** 2).sum(), None, opt.parameters)

        def step(x):
            loss, grads = grad_fn(x)
            opt(grads)
            return loss
        compiled = ms.jit(step)
        for i in range(4):
            (compiled if i % 2 else step)(x)
        want_w, want_b = rule(4)
        np.testing.assert_allclose(net.weight.asnumpy(), want_w, rtol=2e-5, atol=1e-6)
        np.testing.assert_allclose(net.bias.asnumpy(), want_b, rtol=2e-5, atol=1e-6)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_mint_optimizer_state_names_and_errors():
    net = nn.Dense(2, 2)
    adam = mint.optim.AdamW(net.trainable_params())
    assert [p.name for p in adam.exp_avg] == ["exp_avg.weight", "exp_avg.bias"]
    sgd = mint.optim.SGD(net.trainable_params(), lr=0.1, momentum=0.9)
    assert [p.name for p in sgd.momentum_buf] == ["momentum_buf.weight", "momentum_buf.bias"]
    with pytest.raises(TypeError, match="'lr'"):
        mint.optim.Adam(net.trainable_params(), lr=1)
    with pytest.raises(ValueError, match="Invalid beta parameter at index 1: 1.0"):
        mint.optim.AdamW(net.trainable_params(), betas=(0.9, 1.0))
    with pytest.raises(ValueError, match="'nesterov' is true"):
        mint.optim.SGD(net.trainable_params(), lr=0.1, nesterov=True)
