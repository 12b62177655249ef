"""Idioms of hand-written training loops: gradient accumulation into a ParameterTuple with
``HyperMap`` and ``ops.assign_add`` inside ``jit``, ``ops.partial`` with a keyword,
``ops.depend``, averaging and clipping the accumulated gradients, resetting them with
``ops.assign``."""
import numpy as np

from ._registry import case

X = np.random.RandomState(0).randn(8, 3).astype(np.float32)
Y = np.random.RandomState(1).randn(8, 2).astype(np.float32)


def _net(ms):
    net = ms.nn.Dense(3, 2)
    rng = np.random.RandomState(2)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(rng.randn(*p.shape).astype(np.float32)))
    return net


@case()
def accumulate_then_apply(ms):
    ops = ms.ops
    net = _net(ms)
    opt = ms.nn.SGD(net.trainable_params(), 0.1, momentum=0.9)
    accum = ms.ParameterTuple([ms.Parameter(ops.zeros_like(p), name="acc." + p.name,
                                            requires_grad=False)
                               for p in net.trainable_params()])
    loss_fn = ms.nn.MSELoss()

    def forward(x, y):
        return loss_fn(net(x), y)
    grad_fn = ms.value_and_grad(forward, None, net.trainable_params())
    hyper_map = ops.HyperMap()

    @ms.jit
    def accumulate(x, y):
        loss, grads = grad_fn(x, y)
        done = hyper_map(ops.partial(ops.assign_add), accum, grads)
        return ops.depend(loss, done), type(done).__name__ == "tuple"

    @ms.jit
    def apply():
        grads = hyper_map(ops.partial(ops.div, other=2.0), tuple(accum))
        grads = ops.clip_by_global_norm(grads, 0.5)
        done = opt(grads)
        for a in accum:
            ops.assign(a, ops.zeros_like(a))
        return done

    losses = []
    for i in range(0, 8, 2):
        loss, is_tuple = accumulate(ms.Tensor(X[i:i + 2]), ms.Tensor(Y[i:i + 2]))
        losses.append((loss, bool(is_tuple)))
        if i % 4 == 2:
            apply()
    return losses, [p for p in net.get_parameters()], list(accum), list(opt.accum)
