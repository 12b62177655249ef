"""Parameter names in a compiled graph: MindSpore refuses a graph (``jit``, a GRAPH_MODE
Cell) that uses two Parameters of one name, and a Cell whose Parameters share a name renames
them all to their attribute paths on its first call."""
import numpy as np

from ._registry import case


def _outcome(f):
    try:
        r = f()
        return ("OK", r.asnumpy().tolist() if hasattr(r, "asnumpy") else r)
    except Exception as e:  # noqa: BLE001 - the class is the result
        return ("ERR", type(e).__name__, "already exists" in str(e))


def _p(ms, name=None, v=1.0):
    return ms.Parameter(ms.Tensor(np.full(2, v, np.float32)), name=name)


def _x(ms):
    return ms.Tensor(np.ones(2, np.float32))


def _dense_pair(ms):
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self, a, b):
            super().__init__()
            self.net = nn.SequentialCell(nn.Dense(a, b, weight_init="ones", bias_init="zeros"))

        def construct(self, z):
            return self.net(z)
    return Net(2, 2), Net(2, 1)


@case(modes=("PYNATIVE",))
def jit_refuses_two_parameters_of_one_name(ms):
    g, d = _dense_pair(ms)
    x = ms.Tensor(np.ones((1, 2), np.float32))
    q1, q2 = _p(ms, "w"), _p(ms, "w", 2.0)
    u1, u2 = _p(ms), _p(ms, v=3.0)  # generated names differ

    @ms.jit
    def two_cells(x):
        return d(g(x))

    @ms.jit
    def one_cell(x):
        return g(x)

    @ms.jit
    def globals_same(x):
        return x * q1 + q2

    @ms.jit
    def globals_generated(x):
        return x * u1 + u2

    @ms.jit
    def grad_same(x):
        return ms.grad(lambda v: (v * q1 * q2).sum(), None, [q1, q2])(x)
    return [_outcome(lambda: two_cells(x)), _outcome(lambda: one_cell(x)),
            _outcome(lambda: globals_same(_x(ms))), _outcome(lambda: globals_generated(_x(ms))),
            _outcome(lambda: grad_same(_x(ms))),
            # outside a graph, the same calls run
            _outcome(lambda: d(g(x))), _outcome(lambda: _x(ms) * q1 + q2)]


@case(modes=("PYNATIVE",))
def two_optimizers_in_one_jit(ms):
    """Both optimizers own a Parameter named ``global_step`` (and ``learning_rate``...)."""
    nn = ms.nn
    a = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    b = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")

    class Both(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a, self.b = a, b
    Both()  # (unique weight names: a.weight, b.weight)
    oa = nn.SGD(a.trainable_params(), 0.1)
    ob = nn.SGD(b.trainable_params(), 0.1)
    x = ms.Tensor(np.ones((1, 2), np.float32))

    def fa(v):
        return a(v).sum()

    def fb(v):
        return b(v).sum()
    ga = ms.value_and_grad(fa, None, oa.parameters)
    gb = ms.value_and_grad(fb, None, ob.parameters)

    @ms.jit
    def both(v):
        la, da = ga(v)
        oa(da)
        lb, db = gb(v)
        ob(db)
        return la + lb

    @ms.jit
    def one(v):
        la, da = ga(v)
        oa(da)
        return la
    return [_outcome(lambda: both(x)), _outcome(lambda: one(x)), a.weight.asnumpy().tolist()]


@case(modes=("PYNATIVE", "GRAPH"))
def first_call_renames_shared_names(ms):
    nn = ms.nn
    q1, q2 = _p(ms, "w"), _p(ms, "w", 2.0)
    z1, z2 = _p(ms, "w"), _p(ms, "v", 2.0)

    class C(nn.Cell):
        def __init__(self, a, b):
            super().__init__()
            self.a, self.b = a, b

        def construct(self, x):
            return x * self.a + self.b
    c, d = C(q1, q2), C(z1, z2)
    before = [q1.name, q2.name, [p.name for p in c.get_parameters()]]
    out_c, out_d = c(_x(ms)), d(_x(ms))
    return [before, [q1.name, q2.name], [z1.name, z2.name], out_c, out_d]


@case(modes=("GRAPH",))
def graph_cell_reading_two_globals_of_one_name(ms):
    nn = ms.nn
    s1, s2 = _p(ms, "w"), _p(ms, "w", 2.0)

    class E(nn.Cell):
        def construct(self, x):
            return x * s1 + s2
    return _outcome(lambda: E()(_x(ms)))
