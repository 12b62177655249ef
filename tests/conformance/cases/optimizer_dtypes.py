"""Optimizers on Float16, Float64 and BFloat16 Parameters: a Float16 Parameter's update is
computed in float32 and stored (with its Float16 state) rounded back, as MindSpore's kernels
do; the Parameter dtypes each optimizer's kernel refuses (none takes BFloat16; SGD, Adam,
LazyAdam and ProximalAdagrad no Float64, FTRL no Float16) raise TypeError at the step."""
import numpy as np

from ._registry import case

W0 = np.array([[0.5, -0.3], [0.2, 0.9]], np.float32)
B0 = np.array([0.1, -0.2], np.float32)
G = np.array([[0.1, -0.2], [0.3, 0.05]], np.float32)
GB = np.array([0.01, -0.4], np.float32)


def _optimizers(ms):
    nn = ms.nn
    return [("sgd", lambda p: nn.SGD(p, 0.1, momentum=0.9, nesterov=True, weight_decay=0.01)),
            ("momentum", lambda p: nn.Momentum(p, 0.1, 0.9, weight_decay=0.01)),
            ("adam", lambda p: nn.Adam(p, 0.01)),
            ("adam_decay", lambda p: nn.Adam(p, 0.01, weight_decay=0.05)),
            ("rmsprop", lambda p: nn.RMSProp(p, 0.01, centered=True, momentum=0.5)),
            ("rmsprop_plain", lambda p: nn.RMSProp(p, 0.01)),
            ("adagrad", lambda p: nn.Adagrad(p, learning_rate=0.1)),
            ("adamax", lambda p: nn.AdaMax(p, 0.01)),
            ("adadelta", lambda p: nn.Adadelta(p, 1.0)),
            ("proximal", lambda p: nn.ProximalAdagrad(p, 0.1)),
            ("lazyadam", lambda p: nn.LazyAdam(p, 0.01)),
            ("ftrl", lambda p: nn.FTRL(p)),
            ("adamw", lambda p: nn.AdamWeightDecay(p, 0.01, weight_decay=0.1))]


def _run(ms, dtype, names):
    out = []
    for name, make in _optimizers(ms):
        if name not in names:
            continue
        w = ms.Parameter(ms.Tensor(W0).astype(dtype), name="w")
        b = ms.Parameter(ms.Tensor(B0).astype(dtype), name="b")
        try:
            opt = make([w, b])
            for i in range(3):
                opt((ms.Tensor(G * (i + 1)).astype(dtype), ms.Tensor(GB).astype(dtype)))
            out.append((name, str(w.dtype), w.astype(ms.float32), b.astype(ms.float32)))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append((name, type(e).__name__))
    return out


@case(modes=("PYNATIVE",))
def float16_parameters(ms):
    return _run(ms, ms.float16, ("sgd", "momentum", "adam", "adam_decay", "rmsprop",
                                 "rmsprop_plain", "adagrad", "adamax", "adadelta", "proximal",
                                 "lazyadam", "ftrl"))


@case(modes=("PYNATIVE",))
def float64_parameters(ms):
    return _run(ms, ms.float64, ("sgd", "momentum", "adam", "rmsprop", "adagrad", "adamax",
                                 "adadelta", "proximal", "lazyadam", "ftrl", "adamw"))


@case(modes=("PYNATIVE",))
def bfloat16_parameters(ms):
    return _run(ms, ms.bfloat16, [name for name, _ in _optimizers(ms)])


@case()
def float16_adam_weight_decay(ms):
    """``AdamWeightDecay``'s kernel on a Float16 Parameter reads beta1, beta2, eps, the rate
    and the decay in Float16 (beta1 0.8999) and rounds every operation to Float16 (the
    other optimizers compute in float32): the weights and both moments, step by step."""
    w = ms.Parameter(ms.Tensor(np.array([0.5, -1.25, 2.0], np.float16)), name="w")
    opt = ms.nn.AdamWeightDecay([w], 0.01, weight_decay=0.1)
    g = ms.Tensor(np.array([0.3, -0.2, 0.7], np.float16))
    steps = []
    for _ in range(3):
        opt((g,))
        steps.append((w.value(), opt.moments1[0].value(), opt.moments2[0].value()))
    return steps
