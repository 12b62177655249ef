"""Optimizer steps to the last bit, and the state Parameters MindSpore's optimizers hold.

The gradients are given (no forward pass), so the weights depend on the update kernels
alone: MindSpore's CPU kernels round each product they store (SGD, ApplyMomentum,
Adadelta, FTRL, the centered RMSProp, AdaMax, the amsgrad kernel), fuse named steps
(Adam's moments and its nesterov numerator, Adadelta's averages) or compute in double
(AdamWeightDecay's update), and Adam's and AdaMax's
bias corrections read the running products ``beta1_power``/``beta2_power``, which drift
from ``beta ** t`` from the third step on. Two Parameters: 19 elements (past Adam's 8-wide
vector loop: its last 3 in double) and 4 x 4.
"""
import numpy as np

from ._registry import case

_R = np.random.RandomState(0)
_G1, _G2 = _R.randn(12, 19).astype(np.float32), _R.randn(12, 4, 4).astype(np.float32)
_W1, _W2 = _R.randn(19).astype(np.float32), _R.randn(4, 4).astype(np.float32)

EXACT = [
    ("SGD", {"learning_rate": 0.1}),
    ("SGD", {"learning_rate": 0.1, "momentum": 0.9, "dampening": 0.1, "weight_decay": 0.01}),
    ("SGD", {"learning_rate": 0.1, "momentum": 0.9, "nesterov": True}),
    ("Momentum", {"learning_rate": 0.1, "momentum": 0.9, "weight_decay": 0.01}),
    ("Adam", {"learning_rate": 0.01}),
    ("Adam", {"learning_rate": 0.01, "use_nesterov": True, "weight_decay": 0.1}),
    ("Adam", {"learning_rate": 0.01, "use_amsgrad": True}),
    ("Adam", {"learning_rate": 0.01, "beta2": 0.98, "loss_scale": 3.0, "weight_decay": 0.1}),
    ("SGD", {"learning_rate": 0.1, "momentum": 0.9, "loss_scale": 3.0, "weight_decay": 0.1}),
    ("LazyAdam", {"learning_rate": 0.01}),
    ("AdaMax", {"learning_rate": 0.01}),
    ("RMSProp", {"learning_rate": 0.01, "momentum": 0.9, "centered": True}),
    ("Adadelta", {}),
    ("FTRL", {"learning_rate": 0.1, "l1": 0.01, "l2": 0.01}),
    ("AdamWeightDecay", {"learning_rate": 0.01, "weight_decay": 0.01}),
]


def _run(ms, name, kwargs, steps=12):
    a = ms.Parameter(ms.Tensor(_W1), name="a")
    b = ms.Parameter(ms.Tensor(_W2), name="b")
    opt = getattr(ms.nn, name)([a, b], **kwargs)
    for t in range(steps):
        opt((ms.Tensor(_G1[t]), ms.Tensor(_G2[t])))
    return a, b


@case(rtol=0, atol=0)
def optimizer_steps_bit_exact(ms):
    return [_run(ms, name, kwargs) for name, kwargs in EXACT]


@case(rtol=1e-6, atol=1e-7)
def optimizer_steps_fused_kernels(ms):
    """RMSProp, Adagrad and ProximalAdagrad: exact but for a few elements MindSpore's vector
    kernels take through their scalar tails."""
    rows = [("RMSProp", {"learning_rate": 0.01}), ("Adagrad", {"learning_rate": 0.1}),
            ("ProximalAdagrad", {"learning_rate": 0.1, "l1": 0.01, "l2": 0.02})]
    return [_run(ms, name, kwargs) for name, kwargs in rows]


_STATE_ATTRS = ("moments", "moment1", "moment2", "moments1", "moments2", "vhat", "accum",
                "stat", "ms", "moment", "mg", "linear", "accum_update", "beta1_power",
                "beta2_power", "learning_rate", "global_step", "momentum")


@case(modes=("PYNATIVE",))
def optimizer_state_attributes(ms):
    """Which state each optimizer holds, under which attribute, name, shape and dtype (a
    model-zoo optimizer or callback reads ``opt.moments``, ``opt.beta1_power``...)."""
    nn = ms.nn
    net = nn.Dense(2, 2)
    rows = [(nn.Momentum, {"learning_rate": 0.1, "momentum": 0.9}), (nn.Adam, {}),
            (nn.Adam, {"use_amsgrad": True}), (nn.AdamWeightDecay, {}), (nn.LazyAdam, {}),
            (nn.AdaMax, {}), (nn.SGD, {"momentum": 0.9}), (nn.RMSProp, {"centered": True}),
            (nn.Adagrad, {}), (nn.FTRL, {}), (nn.ProximalAdagrad, {}), (nn.Adadelta, {})]
    out = []
    for cls, kwargs in rows:
        opt = cls(net.trainable_params(), **kwargs)
        attrs = []
        for key in _STATE_ATTRS:
            value = getattr(opt, key, None)
            if isinstance(value, ms.Parameter):
                attrs.append((key, value.name, tuple(value.shape), str(value.dtype)))
            elif isinstance(value, tuple) and value and isinstance(value[0], ms.Parameter):
                attrs.append((key, [p.name for p in value]))
        out.append((cls.__name__, attrs, sorted(p.name for p in opt.get_parameters())))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def primitive_steps_bit_exact(ms):
    """The in-place primitives over 12 steps: the same kernels as the nn optimizers."""
    ops, f32 = ms.ops, np.float32

    def params(*names):
        return [ms.Parameter(ms.Tensor(np.zeros(19, f32) if n != "w" else _W1), name=n)
                for n in names]

    out = []
    for nesterov in (False, True):
        w, m, v = params("w", "m", "v")
        adam = ops.Adam(use_nesterov=nesterov)
        p1, p2 = f32(1), f32(1)
        for t in range(12):
            p1, p2 = f32(p1 * f32(0.9)), f32(p2 * f32(0.999))
            adam(w, m, v, ms.Tensor(p1), ms.Tensor(p2), ms.Tensor(f32(0.01)),
                 ms.Tensor(f32(0.9)), ms.Tensor(f32(0.999)), ms.Tensor(f32(1e-8)),
                 ms.Tensor(_G1[t]))
        out.append((w, m, v))
    w, m, v = params("w", "m", "v")
    for t in range(12):
        ops.AdamWeightDecay()(w, m, v, ms.Tensor(f32(0.01)), ms.Tensor(f32(0.9)),
                              ms.Tensor(f32(0.999)), ms.Tensor(f32(1e-6)),
                              ms.Tensor(f32(0.01)), ms.Tensor(_G1[t]))
    out.append((w, m, v))
    w, acc = params("w", "acc")
    for t in range(12):
        ops.ApplyMomentum()(w, acc, ms.Tensor(f32(0.1)), ms.Tensor(_G1[t]), ms.Tensor(f32(0.9)))
    out.append((w, acc))
    w, acc = params("w", "acc")
    stat = ms.Parameter(ms.Tensor(np.ones(19, f32)), name="stat")
    sgd = ops.SGD(dampening=0.1, weight_decay=0.01)
    for t in range(12):
        sgd(w, ms.Tensor(_G1[t]), ms.Tensor(f32(0.1)), acc, ms.Tensor(f32(0.9)), stat)
    out.append((w, acc))
    return out
