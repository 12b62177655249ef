"""Dynamic-shape placeholders (``Tensor(shape=[None, 3], dtype=...)``), ``Cell.set_inputs``
and ``get_inputs``, and the argument checks of GRAPH_MODE calls (``_engine/dynamic_shape.py``).
Results are the class and first message line of each outcome."""
import numpy as np

from ._registry import case


def _outcome(f):
    try:
        r = f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"
    return f"ok {r.shape}" if hasattr(r, "shape") and not isinstance(r, tuple) else repr(r)


@case()
def placeholder_tensors(ms):
    ops, Tensor = ms.ops, ms.Tensor
    out = []
    for shape in (None, [None, 3], (-1, 3), [-2], (None, None), (2, -1), [None]):
        t = Tensor(shape=shape, dtype=ms.float32)
        out += [repr(t), t.shape, t.ndim, str(t.dtype), t.size]

        def ask(t=t):
            return t.asnumpy()

        def add(t=t):
            return t + 1

        def relu(t=t):
            return ops.relu(t)

        def text(t=t):
            return str(t)
        out += [_outcome(f) for f in (ask, add, relu, text)]
    ok = Tensor(shape=(), dtype=ms.int32)
    out += [repr(ok), ok.shape, ok.size]
    return out


@case()
def placeholder_refusals(ms):
    Tensor = ms.Tensor
    init = ms.common.initializer.One()

    def with_init():
        return Tensor(shape=[None, 2], dtype=ms.float32, init=init)

    def no_dtype():
        return Tensor(shape=[None, 2])

    def parameter():
        return ms.Parameter(Tensor(shape=[None, 2], dtype=ms.float32))

    def str_dim():
        return Tensor(shape=[None, "a"], dtype=ms.float32)
    return [_outcome(f) for f in (with_init, no_dtype, parameter, str_dim)]


def _net(ms):
    class Net(ms.nn.Cell):
        def construct(self, x, y):
            return x * 2
    return Net()


def _checks(ms):
    Tensor = ms.Tensor

    def t(*s, dt=np.float32):
        return Tensor(np.ones(s, dt))

    def d(s, dt=None):
        return Tensor(shape=s, dtype=dt or ms.float32)
    return [
        ((d([None, 3]), d([2])), (t(4, 3), t(2))),
        ((d([None, 3]), d([2])), (t(4, 3), t(3))),
        ((d([None, 3]), d([2])), (t(4, 3), t(2, dt=np.int32))),
        ((d([None, 3]), d([2])), (t(4, 3), 2)),
        ((d([None, 3]), 2), (t(4, 3), t(2))),
        ((d([None, 3]), 2), (t(4, 3), 2)),
        ((d([None, 3]), 2), (t(4, 3), 3)),
        ((d([None, 3]), 2.0), (t(4, 3), 2)),
        ((d([None, 3]), True), (t(4, 3), False)),
        ((d([None, 3]), 1), (t(4, 3), True)),
        ((d([None, 3]), None), (t(4, 3), None)),
        ((d([None, 3]), None), (t(4, 3), 1)),
        ((d([None, 3]), "a"), (t(4, 3), "b")),
        ((d([None, 3]), (1, 2)), (t(4, 3), (1, 2))),
        ((d([None, 3]), d(None)), (t(4, 3), t(2, 2, 2))),
        ((d([None, 3]), t(2)), (t(4, 3), t(3))),
        ((d([None, 3]), ms.mutable(2)), (t(4, 3), 3)),
        ((d([None, 3]), ms.mutable(2)), (t(4, 3), ms.mutable(3))),
        ((d([None, 3], ms.int32), 1), (t(4, 3, dt=np.float16), 1)),
        ((d([2, 3], ms.int32), 1), (t(4, 3, 1), 1)),
        ((d([2, 3], ms.int32), 1), (t(4, 3), 1)),
        ((d([None, 3]), 1), (t(4, 3), 1, 2)),
        ((d([None, 3]), 1), (t(4, 3),)),
    ]


@case()
def set_inputs_checks_calls(ms):
    """GRAPH_MODE checks each call against the declared inputs; PYNATIVE does not."""
    out = []
    for template, args in _checks(ms):
        net = _net(ms)

        def run(net=net, template=template, args=args):
            net.set_inputs(*template)
            return net(*args)
        out.append(_outcome(run))
    return out


@case()
def set_inputs_by_keyword(ms):
    Tensor = ms.Tensor
    net = _net(ms)
    d = Tensor(shape=[None], dtype=ms.float32)
    net.set_inputs(y=d)
    out = [str(net.get_inputs()), str(_net(ms).get_inputs())]

    def call_ok():
        return net(Tensor(np.ones((4, 3), np.float32)), Tensor(np.ones(2, np.float32)))

    def call_bad():
        return net(Tensor(np.ones((4, 3), np.float32)), Tensor(np.ones((2, 2), np.float32)))

    def both():
        return net.set_inputs(d, y=d)

    def too_few():
        return net.set_inputs(d)

    def unknown():
        return net.set_inputs(z=d)
    return out + [_outcome(f) for f in (call_ok, call_bad, both, too_few, unknown)]


@case()
def set_inputs_then_train(ms):
    """A declared dynamic batch: every batch size runs, values as without declaration."""
    nn, Tensor = ms.nn, ms.Tensor
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    net.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32))
    loss = nn.WithLossCell(net, nn.MSELoss())
    loss.set_inputs(Tensor(shape=[None, 3], dtype=ms.float32),
                    Tensor(shape=[None, 2], dtype=ms.float32))
    step = nn.TrainOneStepCell(loss, nn.SGD(net.trainable_params(), 0.1))
    out = []
    for n in (2, 5, 3):
        x = Tensor(np.arange(n * 3, dtype=np.float32).reshape(n, 3) / 10)
        y = Tensor(np.ones((n, 2), np.float32))
        out.append(step(x, y))
    out.append(net.weight.value())
    return out


@case()
def call_arity_errors(ms):
    """Wrong argument counts of a ``jit`` function and (in GRAPH_MODE) of a Cell."""
    nn, Tensor = ms.nn, ms.Tensor
    x = Tensor(np.ones((2, 3), np.float32))

    @ms.jit
    def g(a, b=1):
        return a * b

    class N(nn.Cell):
        def construct(self, a, b=1):
            return a * b

    def none():
        return g()

    def three():
        return g(x, 2, 3)

    def unknown_kw():
        return g(x, c=1)

    def missing_kw():
        return g(b=2)

    def twice():
        return g(x, a=x)

    def cell_none():
        return N()()

    def cell_three():
        return N()(x, 2, 3)
    return [_outcome(f) for f in (none, three, unknown_kw, missing_kw, twice, cell_none,
                                  cell_three)]
