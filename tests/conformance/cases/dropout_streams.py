"""Dropout masks after ``set_seed``, as MindSpore's CPU kernel draws them: each
``nn.Dropout`` takes the next ``"dropout"`` seed pair when it is built and keeps its
generator from call to call (in GRAPH_MODE within the compiled graph); ``ops.dropout``
builds a kernel per call (eagerly); gradients use the forward's mask."""
import numpy as np

from ._registry import case


def _net(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(6, 6, weight_init="ones", bias_init="zeros")
            self.drop = nn.Dropout(p=0.3)
            self.drop2 = nn.Dropout(keep_prob=0.6)

        def construct(self, x):
            return self.drop2(self.drop(self.fc(x)))
    return Net()


def _x(ms):
    return ms.Tensor(np.arange(12, dtype=np.float32).reshape(2, 6) / 10)


@case(rtol=0, atol=0)
def dropout_layers_repeated_calls(ms):
    ms.set_seed(5)
    net = _net(ms)
    net.set_train()
    x = _x(ms)
    out = [net(x) for _ in range(3)]
    ms.set_seed(5)
    again = _net(ms)
    again.set_train()
    out.append(again(x))
    big = ms.nn.Dropout(p=0.25)
    big.set_train()
    out.append(big(ms.Tensor(np.ones((3, 40, 7), np.float32))))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def dropout_gradient_and_functional(ms):
    ms.set_seed(5)
    net = _net(ms)
    net.set_train()
    x = _x(ms)
    first = net(x)
    grad = ms.grad(net)(x)
    ones = ms.Tensor(np.ones(24, np.float32))
    functional = [ms.ops.dropout(ones, p=0.5), ms.ops.dropout(ones, p=0.5),
                  ms.ops.dropout(ones, p=0.2, seed=3), ms.ops.dropout(ones, p=0.5)]
    return first, grad, functional


@case(rtol=0, atol=0)
def dropout_kernel_per_input_shape(ms):
    """MindSpore keeps one Dropout kernel per input shape: a batch of a new shape starts from
    the seeds, and each shape's generator goes on when that shape comes back."""
    ms.set_seed(3)
    drop = ms.nn.Dropout(p=0.4)
    drop.set_train()
    a = ms.Tensor(np.ones((2, 8), np.float32))
    b = ms.Tensor(np.ones((3, 8), np.float32))
    return [drop(x) for x in (a, a, b, a, b, a)]


@case(rtol=1e-6, atol=1e-6)
def dropout_kernel_per_compiled_graph(ms):
    """In GRAPH_MODE each compiled graph (the forward Cell, its ``grad``, a ``jit`` function
    calling it) has Dropout kernels of its own, each starting from the seeds and going on
    from call to call; in PYNATIVE one kernel serves them all."""
    ms.set_seed(3)

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.d = ms.nn.Dense(8, 8, weight_init="ones")
            self.drop = ms.nn.Dropout(p=0.4)

        def construct(self, x):
            return self.drop(self.d(x)).sum()
    net = Net()
    net.set_train()
    x = ms.Tensor(np.ones((2, 8), np.float32) * 0.1)
    grad = ms.grad(net, grad_position=None, weights=net.trainable_params())
    out = []
    for _ in range(3):
        out += [net(x), grad(x)[1]]

    @ms.jit
    def twice(x):
        return net(x) * 2
    return out + [twice(x), twice(x), net(x)]


@case(rtol=0, atol=0)
def functional_dropout_in_compiled_functions(ms):
    """``ops.dropout`` builds its kernel from the ``"dropout"`` counter: per call eagerly,
    once per compiled graph (kept from call to call) inside ``jit`` or a GRAPH_MODE Cell.
    ``MultiheadAttention``'s own dropout takes no counter (its kernel is unseeded in
    MindSpore), so a Dropout built after it gets the same seeds either way."""
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(2)
    x = T(np.ones(24, np.float32))

    @ms.jit
    def f(x):
        return ops.dropout(x, p=0.5) + ops.dropout(x, p=0.3, seed=4)

    class Drop(ms.nn.Cell):
        def construct(self, a):
            return ops.dropout(a, p=0.4)
    cell = Drop()
    out = [f(x), f(x), cell(x), cell(x), ops.dropout(x)]
    attention = ms.nn.MultiheadAttention(4, 2, dropout=0.5)
    attention.set_train()
    q = T(np.ones((3, 1, 4), np.float32))
    attention(q, q, q)
    drop = ms.nn.Dropout(p=0.5)
    drop.set_train()
    return out + [drop(x)]
