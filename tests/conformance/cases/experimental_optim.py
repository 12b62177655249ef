"""``experimental.optim``: Adam, AdamW and SGD over several steps (parameter groups, weight
decay, maximize, momentum/nesterov, amsgrad), their state Parameters, and the learning-rate
schedulers writing the groups' rates."""
import numpy as np

from ._registry import case


def _net(ms):
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(np.array(
        [[0.5, -0.3, 0.8], [0.1, 0.2, -0.6]], np.float32)), bias_init=ms.Tensor(
        np.array([0.05, -0.1], np.float32)))
    return net


X = np.array([[1.0, 2.0, -1.0], [0.5, -1.5, 2.0], [-0.3, 0.7, 0.2], [1.2, 0.1, -0.4]],
             np.float32)
Y = np.array([[0.2, -0.4], [1.0, 0.5], [-0.3, 0.1], [0.6, 0.6]], np.float32)


def _train(ms, make_opt, steps=4, scheduler=None):
    net = _net(ms)
    opt = make_opt(ms, net)
    loss_fn = ms.nn.MSELoss()

    def forward(x, y):
        return loss_fn(net(x), y)
    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    sched = scheduler(ms, opt) if scheduler else None
    losses = []
    for _ in range(steps):
        loss, grads = grad_fn(ms.Tensor(X), ms.Tensor(Y))
        opt(grads)
        if sched is not None:
            sched.step()
        losses.append(loss)
    lrs = [lr.value() * 1 for lr in opt.lrs]
    return losses, net.weight.value() * 1, net.bias.value() * 1, lrs


def _opt(ms):
    return ms.experimental.optim


@case(atol=1e-5)  # float32 rounding of the Adam kernels
def adam_steps(ms):
    out = _train(ms, lambda ms, net: _opt(ms).Adam(net.trainable_params(), lr=0.05))
    out2 = _train(ms, lambda ms, net: _opt(ms).Adam(net.trainable_params(), lr=0.02,
                                                     betas=(0.8, 0.99), eps=1e-6,
                                                     weight_decay=0.1, maximize=True))
    return out, out2


@case(atol=1e-5)  # float32 rounding of the Adam kernels
def adamw_steps(ms):
    out = _train(ms, lambda ms, net: _opt(ms).AdamW(net.trainable_params(), lr=0.05))
    out2 = _train(ms, lambda ms, net: _opt(ms).AdamW(net.trainable_params(), lr=0.03,
                                                      weight_decay=0.2, amsgrad=True))
    return out, out2


@case()
def sgd_steps(ms):
    return (_train(ms, lambda ms, net: _opt(ms).SGD(net.trainable_params(), lr=0.1)),
            _train(ms, lambda ms, net: _opt(ms).SGD(net.trainable_params(), lr=0.1,
                                                     momentum=0.9, dampening=0.2,
                                                     weight_decay=0.05)),
            _train(ms, lambda ms, net: _opt(ms).SGD(net.trainable_params(), lr=0.05,
                                                     momentum=0.8, nesterov=True)))


@case(atol=1e-5)  # float32 rounding of the Adam kernels
def parameter_groups(ms):
    def make(ms, net):
        return _opt(ms).Adam([{"params": [net.weight], "lr": 0.1, "weight_decay": 0.01},
                              {"params": [net.bias]}], lr=0.01)
    out = _train(ms, make, steps=3)
    net = _net(ms)
    opt = make(ms, net)
    names = [p.name for p in opt.parameters] + [p.name for p in opt.exp_avg] + [
        lr.name for lr in opt.lrs]
    return out, names, len(opt.param_groups), list(opt.group_start_id)


@case(modes=("PYNATIVE",))
def schedulers(ms):
    sch = _opt(ms).lr_scheduler
    makers = (
        lambda ms, o: sch.StepLR(o, step_size=2, gamma=0.5),
        lambda ms, o: sch.ExponentialLR(o, gamma=0.9),
        lambda ms, o: sch.MultiStepLR(o, milestones=[1, 3, 3], gamma=0.5),
        lambda ms, o: sch.LinearLR(o, start_factor=0.5, total_iters=3),
        lambda ms, o: sch.ConstantLR(o, factor=0.5, total_iters=2),
        lambda ms, o: sch.PolynomialLR(o, total_iters=4, power=2.0),
        lambda ms, o: sch.LambdaLR(o, lr_lambda=lambda e: 1.0 / (e + 1)),
        lambda ms, o: sch.MultiplicativeLR(o, lr_lambda=lambda e: 0.8),
    )
    out = []
    for make in makers:
        out.append(_train(ms, lambda ms, net: _opt(ms).SGD(net.trainable_params(), lr=0.1),
                          steps=5, scheduler=make))
    return out


@case(modes=("PYNATIVE",))
def reduce_on_plateau_and_sequential(ms):
    sch = _opt(ms).lr_scheduler
    net = _net(ms)
    opt = _opt(ms).SGD(net.trainable_params(), lr=0.1)
    plateau = sch.ReduceLROnPlateau(opt, factor=0.5, patience=1)
    lrs = []
    for metric in (1.0, 0.9, 0.95, 0.96, 0.97, 0.5, 0.6, 0.7, 0.8):
        plateau.step(ms.Tensor(metric, ms.float32))
        lrs.append(plateau.get_last_lr()[0] * 1)
    opt2 = _opt(ms).SGD(_net(ms).trainable_params(), lr=0.1)
    seq = sch.SequentialLR(opt2, [sch.ConstantLR(opt2, factor=0.5, total_iters=2),
                                  sch.ExponentialLR(opt2, gamma=0.9)], milestones=[2])
    seq_lrs = []
    for _ in range(5):
        seq.step()
        seq_lrs.append(seq.get_last_lr()[0] * 1)
    return lrs, seq_lrs


@case(modes=("PYNATIVE",))
def optimizer_errors(ms):
    out = []
    w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    for make in (lambda: _opt(ms).Adam([w], lr=-1.0), lambda: _opt(ms).Adam([w], betas=(1.0, 0.9)),
                 lambda: _opt(ms).SGD([w], lr=0.1, nesterov=True),
                 lambda: _opt(ms).SGD([], lr=0.1), lambda: _opt(ms).AdamW([ms.Tensor(1.0)]),
                 lambda: _opt(ms).lr_scheduler.StepLR(object(), 2)):
        try:
            make()
            out.append("no error")
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            out.append(type(e).__name__)
    return out


@case(modes=("PYNATIVE",))
def cell_state_dict_round_trip(ms):
    net = ms.nn.SequentialCell(_net(ms), ms.nn.BatchNorm1d(2))
    sd = net.state_dict()
    keys = list(sd)
    other = ms.nn.SequentialCell(ms.nn.Dense(3, 2), ms.nn.BatchNorm1d(2))
    result = other.load_state_dict(sd)
    values = [other.state_dict()[k].value() * 1 for k in keys]
    partial = other.load_state_dict({"0.weight": ms.Tensor(np.ones((2, 3), np.float32)),
                                     "extra": ms.Tensor(1.0)}, strict=False)
    errors = []
    for bad in ({"0.weight": ms.Tensor(np.ones((2, 3), np.float32))},
                {"0.weight": ms.Tensor(np.ones((3, 3), np.float32))}):
        try:
            other.load_state_dict(bad)
            errors.append("no error")
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            errors.append(type(e).__name__)
    return (keys, str(result), values, list(partial.missing_keys),
            list(partial.unexpected_keys), other.state_dict()["0.weight"].value() * 1, errors)
