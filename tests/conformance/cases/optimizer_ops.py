"""The optimizer primitives that write Parameters (``ops.Adam``, ``AdamWeightDecay``,
``SGD``, ``ApplyMomentum``): the Parameters after several calls, inside a Cell in both modes.
The Adam primitives' own outputs are zero placeholders on MindSpore's CPU build and are not
compared."""
import numpy as np

from ._registry import case


def _p(ms, v, name):
    return ms.Parameter(ms.Tensor(np.array(v, np.float32)), name=name)


G = np.array([[0.5, -0.3, 0.0], [1.5, 0.2, -2.0]], np.float32)


class _Steps:
    def __init__(self, ms, prim, n_state, call):
        class Net(ms.nn.Cell):
            def __init__(self):
                super().__init__()
                self.op = prim
                self.w = _p(ms, [[1.0, -2.0, 0.5], [0.3, 0.0, -1.0]], "w")
                self.s = ms.ParameterTuple(tuple(
                    _p(ms, np.full((2, 3), init, np.float32), f"s{i}")
                    for i, init in enumerate(n_state)))

            def construct(self, g):
                call(ms, self.op, self.w, self.s, g)
                return self.w * 1
        self.net = Net()

    def run(self, ms, steps=3):
        outs = [self.net(ms.Tensor(G * (k + 1))) for k in range(steps)]
        return outs, tuple(s.value() * 1 for s in self.net.s)


def _f32(ms, v):
    return ms.Tensor(np.float32(v))


@case()
def adam_primitive(ms):
    def call(ms, op, w, s, g):
        op(w, s[0], s[1], _f32(ms, 0.9), _f32(ms, 0.999), _f32(ms, 0.01), 0.9, 0.999, 1e-8, g)
    plain = _Steps(ms, ms.ops.Adam(), (0.1, 0.01), call).run(ms)
    nesterov = _Steps(ms, ms.ops.Adam(use_nesterov=True), (0.1, 0.01), call).run(ms)
    return plain, nesterov


@case()
def adam_weight_decay_primitive(ms):
    def call(ms, op, w, s, g):
        op(w, s[0], s[1], 0.01, 0.9, 0.999, 1e-8, 0.1, g)
    return _Steps(ms, ms.ops.AdamWeightDecay(), (0.1, 0.01), call).run(ms)


@case()
def sgd_primitive(ms):
    def call(ms, op, w, s, g):
        op(w, g, _f32(ms, 0.1), s[0], _f32(ms, 0.9), s[1])
    return (_Steps(ms, ms.ops.SGD(0.1, 0.01, False), (0.3, 1.0), call).run(ms),
            _Steps(ms, ms.ops.SGD(0.0, 0.0, True), (0.0, 1.0), call).run(ms))


@case()
def apply_momentum_primitive(ms):
    def call(ms, op, w, s, g):
        op(w, s[0], _f32(ms, 0.1), g, _f32(ms, 0.9))
    return (_Steps(ms, ms.ops.ApplyMomentum(), (0.3,), call).run(ms),
            _Steps(ms, ms.ops.ApplyMomentum(use_nesterov=True), (0.3,), call).run(ms))


@case(modes=("PYNATIVE",))
def optimizer_primitive_errors(ms):
    out = []
    w = ms.Tensor(np.ones(2, np.float32))
    for make in (lambda: ms.ops.SGD(0.1, 0.0, True),
                 lambda: ms.ops.ApplyMomentum()(w, w, 0.1, w, 0.9)):
        try:
            make()
            out.append("no error")
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            out.append(type(e).__name__)
    return out
