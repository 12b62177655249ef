"""Optimizers and learning-rate schedules from a table: each row trains a small Dense with
``TrainOneStepCell`` for a few steps and returns the losses, the learning rate seen at each
step and the final weights."""
import numpy as np

from ._registry import case

X = np.array([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7]], np.float32)
Y = np.array([[1.0, 0.0], [0.0, 1.0]], np.float32)
W = np.array([[0.1, -0.2, 0.3], [0.05, 0.4, -0.1]], np.float32)


def _lr(ms, kind):
    nn = ms.nn
    return {
        "const": 0.1,
        "list": [0.1, 0.05, 0.02, 0.01, 0.005],
        "exp": nn.ExponentialDecayLR(0.1, 0.9, 2),
        "exp_stair": nn.ExponentialDecayLR(0.1, 0.5, 2, is_stair=True),
        "natural": nn.NaturalExpDecayLR(0.1, 0.3, 1),
        "inverse": nn.InverseDecayLR(0.1, 0.5, 1),
        "cosine": nn.CosineDecayLR(0.01, 0.1, 3),
        "poly": nn.PolynomialDecayLR(0.1, 0.01, 3, 2.0),
        "warmup": nn.WarmUpLR(0.1, 2),
    }[kind]


ROWS = [
    ("sgd", "SGD", {}, "const"),
    ("sgd_momentum_decay", "SGD", {"momentum": 0.9, "weight_decay": 0.01}, "const"),
    ("momentum_list_lr", "Momentum", {"momentum": 0.9}, "list"),
    ("momentum_exp", "Momentum", {"momentum": 0.9}, "exp"),
    ("momentum_exp_stair", "Momentum", {"momentum": 0.5}, "exp_stair"),
    ("sgd_natural", "SGD", {}, "natural"),
    ("sgd_inverse", "SGD", {}, "inverse"),
    ("sgd_cosine", "SGD", {}, "cosine"),
    ("sgd_poly", "SGD", {}, "poly"),
    ("sgd_warmup", "SGD", {}, "warmup"),
    ("adam_list_lr", "Adam", {}, "list"),
    ("adamw", "AdamWeightDecay", {}, "const"),
    ("adamw_decay", "AdamWeightDecay", {"weight_decay": 0.1, "eps": 1e-8}, "const"),
    ("adamw_cosine", "AdamWeightDecay", {"weight_decay": 0.01}, "cosine"),
]


def _register(name, opt_name, kwargs, lr_kind):
    def fn(ms):
        net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(W), bias_init="zeros")
        opt = getattr(ms.nn, opt_name)(net.trainable_params(), learning_rate=_lr(ms, lr_kind),
                                       **kwargs)
        step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt)
        losses, lrs = [], []
        for _ in range(5):
            lrs.append(opt.get_lr())
            losses.append(step(ms.Tensor(X), ms.Tensor(Y)))
        return losses, lrs, net.weight, net.bias
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    case(rtol=1e-5, atol=1e-6)(fn)


for _row in ROWS:
    _register(*_row)


@case(modes=("PYNATIVE",))
def dynamic_lr_lists(ms):
    nn = ms.nn
    return (nn.piecewise_constant_lr([2, 5, 6], [0.1, 0.05, 0.01]),
            nn.exponential_decay_lr(0.1, 0.9, 6, 2, 1),
            nn.exponential_decay_lr(0.1, 0.9, 6, 2, 2, True),
            nn.natural_exp_decay_lr(0.1, 0.5, 6, 2, 2, True),
            nn.natural_exp_decay_lr(0.1, 0.5, 6, 2, 2),
            nn.inverse_decay_lr(0.1, 0.5, 6, 2, 2),
            nn.inverse_decay_lr(0.1, 0.5, 6, 2, 2, True),
            nn.cosine_decay_lr(0.01, 0.1, 6, 2, 2),
            nn.polynomial_decay_lr(0.1, 0.01, 6, 2, 2, 0.5),
            nn.polynomial_decay_lr(0.1, 0.01, 6, 1, 2, 0.5, True),
            nn.warmup_lr(0.1, 6, 2, 2))


@case(modes=("PYNATIVE",))
def schedule_values(ms):
    nn = ms.nn
    step = ms.Tensor(np.array(3, np.int32))
    return [s(step) for s in (nn.ExponentialDecayLR(0.1, 0.9, 2),
                              nn.ExponentialDecayLR(0.1, 0.9, 2, True),
                              nn.NaturalExpDecayLR(0.1, 0.9, 2),
                              nn.InverseDecayLR(0.1, 0.9, 2, True),
                              nn.CosineDecayLR(0.01, 0.1, 4),
                              nn.PolynomialDecayLR(0.1, 0.01, 2, 0.5),
                              nn.PolynomialDecayLR(0.1, 0.01, 2, 0.5, True),
                              nn.WarmUpLR(0.1, 5))]


@case(modes=("PYNATIVE",))
def optimizer_parameter_names(ms):
    net = ms.nn.Dense(2, 2)
    return ([(p.name, tuple(p.shape)) for p in
             ms.nn.AdamWeightDecay(net.trainable_params()).get_parameters()],
            sorted((p.name, tuple(p.shape)) for p in
                   ms.nn.Momentum(net.trainable_params(), [0.1, 0.05], 0.9).get_parameters()))


@case()
def list_lr_past_its_end(ms):
    """Runs last: MindSpore raises when a step has no learning rate left."""
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(W), bias_init="zeros")
    opt = ms.nn.SGD(net.trainable_params(), learning_rate=[0.1, 0.05])
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt)
    for _ in range(3):
        step(ms.Tensor(X), ms.Tensor(Y))
