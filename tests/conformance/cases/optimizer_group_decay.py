"""Weight decay in parameter groups: MindSpore leaves BatchNorm's gamma/beta undecayed only
for a plain list of Parameters; in groups every Parameter takes its group's weight decay
(the default one when the group sets none). One step of several optimizers from the same
weights and gradients, and the per-Parameter group attributes."""
import numpy as np

from ._registry import case


def _net(ms):
    nn = ms.nn
    net = nn.SequentialCell([nn.Dense(3, 2), nn.BatchNorm1d(2)])
    rs = np.random.RandomState(4)
    for p in net.trainable_params():
        p.set_data(ms.Tensor(rs.uniform(0.5, 1.5, p.shape).astype(np.float32)))
    return net


@case()
def grouped_parameters_all_decay(ms):
    nn = ms.nn
    out = []
    for make in (lambda g: nn.Momentum(g, 0.1, 0.9, weight_decay=0.5),
                 lambda g: nn.Adam(g, 0.01, weight_decay=0.3),
                 lambda g: nn.SGD(g, 0.1, weight_decay=0.2),
                 lambda g: nn.AdamWeightDecay(g, 0.01, weight_decay=0.4)):
        for grouped in (False, True):
            net = _net(ms)
            params = net.trainable_params()
            bn = [p for p in params if "gamma" in p.name or "beta" in p.name]
            dense = [p for p in params if not ("gamma" in p.name or "beta" in p.name)]
            groups = [{"params": dense}, {"params": bn}] if grouped else params
            opt = make(groups)
            grads = tuple(ms.Tensor(np.full(p.shape, 0.1, np.float32)) for p in opt.parameters)
            opt(grads)
            out.append((opt.decay_flags, tuple(p for p in opt.parameters)))
    return out


@case(modes=("PYNATIVE",))
def group_attributes(ms):
    nn = ms.nn
    net = _net(ms)
    params = net.trainable_params()
    opt = nn.Momentum([{"params": params[:2], "lr": 0.05, "weight_decay": 0.01},
                       {"params": params[2:], "grad_centralization": True}], 0.1, 0.9,
                      weight_decay=0.2)
    return ([p.name for p in opt.group_params], [p.name for p in opt.group_lr],
            opt.group_weight_decay, opt.group_grad_centralization, opt.is_group,
            opt.is_group_lr)
