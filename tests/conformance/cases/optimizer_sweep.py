"""Optimizers as a sweep builds them: each with options off the beaten path (nesterov,
dampening, amsgrad, centered, group weight decay and learning rates, loss scale, every
schedule Cell and list helper as the learning rate) training a two-layer network for three
``TrainOneStepCell`` steps: the losses, every weight after each step, and the optimizer's
state Parameter names and shapes; ``AdamOffload`` among them."""
import numpy as np

from ._registry import case

BOTH = ("PYNATIVE", "GRAPH")

_SPECS = [
    lambda nn, ms, p, g: nn.SGD(p, learning_rate=0.1, momentum=0.9, nesterov=True,
                                weight_decay=0.01),
    lambda nn, ms, p, g: nn.SGD(p, learning_rate=0.1, momentum=0.9, dampening=0.1),
    lambda nn, ms, p, g: nn.SGD(g, learning_rate=0.1, momentum=0.5),
    lambda nn, ms, p, g: nn.Momentum(g, 0.1, 0.9, weight_decay=0.001, loss_scale=2.0),
    lambda nn, ms, p, g: nn.Adam(p, learning_rate=0.01, use_nesterov=True),
    lambda nn, ms, p, g: nn.Adam(p, learning_rate=0.01, use_amsgrad=True),
    lambda nn, ms, p, g: nn.Adam(p, learning_rate=0.01, weight_decay=0.1, eps=1e-6, beta1=0.8,
                                 beta2=0.99),
    lambda nn, ms, p, g: nn.Adam(g, learning_rate=0.01),
    lambda nn, ms, p, g: nn.Adam(p, learning_rate=nn.ExponentialDecayLR(0.01, 0.5, 1)),
    lambda nn, ms, p, g: nn.Adam(p, learning_rate=[0.01, 0.02, 0.03]),
    lambda nn, ms, p, g: nn.AdamOffload(p, learning_rate=0.01),
    lambda nn, ms, p, g: nn.AdamOffload(g, learning_rate=0.02, use_nesterov=True,
                                        weight_decay=0.01),
    lambda nn, ms, p, g: nn.AdamWeightDecay(g, learning_rate=0.01),
    lambda nn, ms, p, g: nn.LazyAdam(p, learning_rate=0.01),
    lambda nn, ms, p, g: nn.RMSProp(p, learning_rate=0.01, centered=True, momentum=0.5,
                                    weight_decay=0.01),
    lambda nn, ms, p, g: nn.Adagrad(g, learning_rate=0.1, weight_decay=0.1,
                                    update_slots=False),
    lambda nn, ms, p, g: nn.Adadelta(p, learning_rate=1.0, rho=0.8, epsilon=1e-4),
    lambda nn, ms, p, g: nn.FTRL(p, learning_rate=0.1, l1=0.01, l2=0.01),
    lambda nn, ms, p, g: nn.ProximalAdagrad(p, learning_rate=0.1, l1=0.01, l2=0.01),
    lambda nn, ms, p, g: nn.ASGD(p, learning_rate=0.1),
    lambda nn, ms, p, g: nn.Rprop(p, learning_rate=0.1),
    lambda nn, ms, p, g: nn.SGD(p, learning_rate=nn.PolynomialDecayLR(0.1, 0.01, 2, 2.0),
                                momentum=0.5),
    lambda nn, ms, p, g: nn.SGD(p, learning_rate=nn.NaturalExpDecayLR(0.1, 0.9, 1, True),
                                momentum=0.5),
    lambda nn, ms, p, g: nn.Momentum(p, learning_rate=nn.polynomial_decay_lr(
        0.1, 0.01, 3, 1, 2, 0.5, update_decay_epoch=True), momentum=0.9),
    lambda nn, ms, p, g: nn.Momentum(p, learning_rate=nn.inverse_decay_lr(
        0.1, 0.5, 3, 1, 1, is_stair=True), momentum=0.9),
    lambda nn, ms, p, g: nn.AdamWeightDecay(p, learning_rate=nn.CosineDecayLR(0.0, 0.01, 3),
                                            weight_decay=0.05),
]


def _train(ms, make):
    nn = ms.nn
    rng = np.random.RandomState(0)
    net = nn.SequentialCell(nn.Dense(4, 3), nn.ReLU(), nn.Dense(3, 2))
    for p in net.get_parameters():
        p.set_data(ms.Tensor(rng.uniform(-0.5, 0.5, p.shape).astype(np.float32)))
    params = net.trainable_params()
    groups = [{"params": [p for p in params if "weight" in p.name], "weight_decay": 0.01},
              {"params": [p for p in params if "bias" in p.name], "lr": 0.05}]
    opt = make(nn, ms, params, groups)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x = ms.Tensor(rng.randn(5, 4).astype(np.float32))
    y = ms.Tensor(rng.randn(5, 2).astype(np.float32))
    history = [(step(x, y), [p.value() for p in params]) for _ in range(3)]
    names = {p.name for p in params}
    state = sorted((p.name, tuple(p.shape)) for p in opt.get_parameters() if p.name not in names)
    return history, state


@case(modes=BOTH, rtol=1e-5, atol=1e-6)
def optimizers_three_steps(ms):
    return [_train(ms, make) for make in _SPECS]
