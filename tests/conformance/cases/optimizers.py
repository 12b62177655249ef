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
    # slot optimizers (nn/optim/slots.py)
    ("rmsprop", "RMSProp", {}, "const"),
    ("rmsprop_centered", "RMSProp", {"centered": True, "momentum": 0.5}, "const"),
    ("rmsprop_momentum_list", "RMSProp", {"momentum": 0.9, "decay": 0.5}, "list"),
    ("rmsprop_decay_exp", "RMSProp", {"weight_decay": 0.1, "epsilon": 1e-6}, "exp"),
    ("adagrad", "Adagrad", {}, "const"),
    ("adagrad_no_slots", "Adagrad", {"update_slots": False, "accum": 0.5}, "const"),
    ("adagrad_cosine_decay", "Adagrad", {"weight_decay": 0.05, "loss_scale": 2.0}, "cosine"),
    ("adadelta", "Adadelta", {}, "const"),
    ("adadelta_rho", "Adadelta", {"rho": 0.5, "epsilon": 1e-3}, "warmup"),
    ("proximal_adagrad", "ProximalAdagrad", {"l1": 0.01, "l2": 0.02}, "const"),
    ("proximal_adagrad_l1_large", "ProximalAdagrad", {"l1": 0.5, "accum": 0.3}, "const"),
    ("proximal_adagrad_l2_list", "ProximalAdagrad", {"l2": 0.5}, "list"),
    ("ftrl", "FTRL", {"l1": 0.01, "l2": 0.02}, "const"),
    ("ftrl_l1_large", "FTRL", {"l1": 0.3, "lr_power": -0.3, "initial_accum": 0.5}, "const"),
    ("ftrl_decay", "FTRL", {"weight_decay": 0.1, "loss_scale": 4.0}, "const"),
    ("adam_amsgrad", "Adam", {"use_amsgrad": True}, "const"),
    ("adam_amsgrad_decay_list", "Adam", {"use_amsgrad": True, "weight_decay": 0.05}, "list"),
    ("adamax", "AdaMax", {}, "const"),
    ("adamax_decay_exp", "AdaMax", {"weight_decay": 0.1, "beta2": 0.9}, "exp"),
    ("adamax_loss_scale", "AdaMax", {"loss_scale": 8.0, "eps": 1e-4}, "list"),
    ("lazyadam", "LazyAdam", {}, "const"),
    ("lazyadam_nesterov_decay", "LazyAdam", {"use_nesterov": True, "weight_decay": 0.1}, "exp"),
    # optimizers with state of their own (nn/optim/asgd_rprop.py)
    ("asgd", "ASGD", {}, "const"),
    ("asgd_averaging", "ASGD", {"lambd": 0.01, "alpha": 0.5, "t0": 2.0}, "const"),
    ("asgd_decay_exp", "ASGD", {"weight_decay": 0.1, "t0": 1.0, "lambd": 0.1}, "exp"),
    ("asgd_list", "ASGD", {"t0": 0.0}, "list"),
    ("rprop", "Rprop", {}, "const"),
    ("rprop_etas_sizes", "Rprop", {"etas": (0.3, 1.5), "step_sizes": (0.01, 0.12)}, "const"),
    ("rprop_decay_list", "Rprop", {"weight_decay": 0.05}, "list"),
    ("rprop_cosine", "Rprop", {"step_sizes": (1e-3, 0.2)}, "cosine"),
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


def _schedules(nn):
    return (nn.ExponentialDecayLR(0.1, 0.9, 3), nn.ExponentialDecayLR(0.05, 0.7, 2, True),
            nn.NaturalExpDecayLR(0.1, 0.3, 3), nn.NaturalExpDecayLR(0.1, 0.3, 3, True),
            nn.InverseDecayLR(0.1, 0.7, 3), nn.InverseDecayLR(0.1, 0.7, 3, True),
            nn.CosineDecayLR(0.0, 0.01, 7), nn.CosineDecayLR(0.001, 0.1, 10),
            nn.PolynomialDecayLR(0.1, 0.001, 7, 0.9),
            nn.PolynomialDecayLR(0.1, 0.001, 3, 2.0, True),
            nn.WarmUpLR(0.01, 3), nn.WarmUpLR(0.3, 7))


@case(modes=("PYNATIVE", "GRAPH"), rtol=1e-5, atol=0)
def schedule_float32_rounding(ms):
    """Every step 0..11 of each schedule (``1 + sin`` near -1 cancels: a last-bit difference
    of a compiled ``sin`` grows to ~1e-6 relative)."""
    scheds = _schedules(ms.nn)
    return [[s(ms.Tensor(np.array(i, np.int32))) for i in range(12)] for s in scheds]


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def schedule_rational_bit_exact(ms):
    """Schedules of + - * / only, bit for bit: the float32 rounding follows from the order of
    MindSpore's operations (``lr * (step / warmup)``, not ``lr * step / warmup``; ``lr / x``
    is ``x.reciprocal() * lr``). PYNATIVE only: XLA's compiled float32 division is not
    correctly rounded on CPU (docs/divergences.md)."""
    nn = ms.nn
    scheds = (nn.WarmUpLR(0.01, 3), nn.WarmUpLR(0.3, 7), nn.InverseDecayLR(0.1, 0.7, 3),
              nn.InverseDecayLR(0.1, 0.7, 3, True), nn.InverseDecayLR(0.03, 0.3, 5))
    return [[s(ms.Tensor(np.array(i, np.int32))) for i in range(12)] for s in scheds]


@case(modes=("PYNATIVE",))
def schedule_argument_errors(ms):
    nn, out = ms.nn, []
    for make in (lambda: nn.WarmUpLR(1, 3), lambda: nn.WarmUpLR(0.1, 0),
                 lambda: nn.CosineDecayLR(0.1, 0.01, 3), lambda: nn.CosineDecayLR(0, 0.1, 3),
                 lambda: nn.ExponentialDecayLR(0.1, 0.9, 2, 1),
                 lambda: nn.ExponentialDecayLR(0.1, 1, 2),
                 lambda: nn.NaturalExpDecayLR(-0.1, 0.9, 2),
                 lambda: nn.PolynomialDecayLR(0.1, 0, 3, 1.0),
                 lambda: nn.PolynomialDecayLR(0.1, 0.01, 3, 1.0, 1)):
        try:
            make()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return out


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


@case(modes=("PYNATIVE",))
def slot_optimizer_parameter_names(ms):
    net = ms.nn.Dense(2, 2)
    params = net.trainable_params()
    nn = ms.nn
    return [[(p.name, tuple(p.shape)) for p in opt.get_parameters()] for opt in (
        nn.RMSProp(params, centered=True), nn.Adagrad(params), nn.Adadelta(params),
        nn.ProximalAdagrad(params), nn.FTRL(params))]


def _group_run(ms, make_groups, opt_name, steps=3, **kwargs):
    """Train a Dense(16, 16) + Dense(16, 2) stack with parameter groups; losses and weights."""
    rng = np.random.RandomState(7)
    net = ms.nn.SequentialCell([
        ms.nn.Dense(16, 16, weight_init=ms.Tensor(rng.uniform(-0.3, 0.3, (16, 16))
                                                  .astype(np.float32)), bias_init="zeros"),
        ms.nn.Dense(16, 2, weight_init=ms.Tensor(rng.uniform(-0.3, 0.3, (2, 16))
                                                 .astype(np.float32)), bias_init="ones")])
    opt = getattr(ms.nn, opt_name)(make_groups(net), **kwargs)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt)
    x = ms.Tensor(rng.uniform(-1, 1, (4, 16)).astype(np.float32))
    y = ms.Tensor(rng.uniform(-1, 1, (4, 2)).astype(np.float32))
    losses = [step(x, y) for _ in range(steps)]
    return losses, tuple(p for p in net.trainable_params()), tuple(
        p.name for p in opt.parameters)


def _weights_and_biases(net, **weight_group):
    ws = [p for p in net.trainable_params() if "weight" in p.name]
    bs = [p for p in net.trainable_params() if "weight" not in p.name]
    return [{"params": ws, **weight_group}, {"params": bs}]


for _opt, _kw in (("AdamWeightDecay", {"learning_rate": 0.05}),
                  ("SGD", {"learning_rate": 0.1, "momentum": 0.9, "dampening": 0.3}),
                  ("Momentum", {"learning_rate": 0.1, "momentum": 0.9}),
                  ("Adam", {"learning_rate": 0.05, "use_amsgrad": True}),
                  ("AdaMax", {"learning_rate": 0.05})):
    def _groups_case(ms, _opt=_opt, _kw=_kw):
        return _group_run(ms, lambda net: _weights_and_biases(net, weight_decay=0.1), _opt,
                          **_kw)
    _groups_case.__name__ = _groups_case.__qualname__ = f"groups_{_opt.lower()}"
    case(modes=("PYNATIVE",), rtol=1e-5, atol=1e-6)(_groups_case)


for _name, _opt, _kw in (("groups_adam_plain", "Adam", {"learning_rate": 0.05}),
                         ("groups_adam_nesterov", "Adam",
                          {"learning_rate": 0.05, "use_nesterov": True}),
                         ("groups_lazyadam", "LazyAdam", {"learning_rate": 0.05}),
                         ("groups_rmsprop_centered", "RMSProp",
                          {"learning_rate": 0.05, "centered": True, "momentum": 0.5})):
    def _groups_lr_case(ms, _opt=_opt, _kw=_kw):
        def groups(net):  # each group its own learning rate and decay, as model zoos write
            g = _weights_and_biases(net, weight_decay=0.01, lr=0.02)
            return g + [{"order_params": net.trainable_params()}]
        return _group_run(ms, groups, _opt, **_kw)
    _groups_lr_case.__name__ = _groups_lr_case.__qualname__ = _name
    case(modes=("PYNATIVE", "GRAPH"), rtol=1e-5, atol=1e-6)(_groups_lr_case)


@case(modes=("PYNATIVE",), rtol=1e-5, atol=1e-6)
def groups_order_params_and_lr(ms):
    def groups(net):
        g = _weights_and_biases(net, lr=0.01)
        return g + [{"order_params": net.trainable_params()}]
    return _group_run(ms, groups, "SGD", learning_rate=0.1, momentum=0.5)


@case(modes=("PYNATIVE",))
def slot_optimizer_groups(ms):
    """Parameter groups: their own learning rate and weight decay."""
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(W), bias_init="zeros")
    groups = [{"params": [net.weight], "weight_decay": 0.1, "lr": 0.05},
              {"params": [net.bias]}]
    opt = ms.nn.RMSProp(groups, learning_rate=0.1, momentum=0.5)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt)
    losses = [step(ms.Tensor(X), ms.Tensor(Y)) for _ in range(3)]
    return losses, net.weight, net.bias, opt.moment[0], opt.ms[1]


@case(modes=("PYNATIVE",))
def slot_optimizer_argument_errors(ms):
    """MindSpore's exception class and message for each bad constructor argument."""
    params = ms.nn.Dense(3, 2).trainable_params()
    tries = [
        ("RMSProp", {"decay": 1}), ("RMSProp", {"decay": -0.1}), ("RMSProp", {"epsilon": 0.0}),
        ("RMSProp", {"momentum": -1.0}), ("RMSProp", {"centered": 1}),
        ("RMSProp", {"use_locking": 1}), ("Adagrad", {"accum": -0.1}),
        ("Adagrad", {"accum": 1}), ("Adagrad", {"update_slots": 1}),
        ("Adadelta", {"rho": 1.5}), ("Adadelta", {"rho": 1}), ("Adadelta", {"epsilon": -1.0}),
        ("Adadelta", {"epsilon": 1}), ("ProximalAdagrad", {"l1": -1.0}),
        ("ProximalAdagrad", {"accum": -1.0}), ("ProximalAdagrad", {"l2": 1}),
        ("ProximalAdagrad", {"use_locking": 1}), ("FTRL", {"l1": -1.0}),
        ("FTRL", {"lr_power": 0.5}), ("FTRL", {"initial_accum": -1.0}),
        ("FTRL", {"learning_rate": [0.1, 0.2]}), ("FTRL", {"lr_power": 1}),
        ("FTRL", {"l2": -0.5}), ("FTRL", {"use_locking": "no"}),
    ]
    out = []
    for name, kw in tries:
        try:
            getattr(ms.nn, name)(params, **kw)
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {str(e).splitlines()[0]}")
    return out


def _custom_optimizer_class(ms):
    class MySGD(ms.nn.Optimizer):
        """A MindSpore-style optimizer: its own ``construct`` over the base's helpers."""

        def __init__(self, params, lr, wd=0.0, loss_scale=1.0):
            super().__init__(lr, params, wd, loss_scale)

        def construct(self, gradients):
            gradients = self.scale_grad(gradients)
            gradients = self.decay_weight(gradients)
            gradients = self.gradients_centralization(gradients)
            lr = self.get_lr()
            for p, g in zip(self._parameters, gradients):
                ms.ops.assign_sub(p, lr * g)
            self.assignadd(self.global_step, self.global_step_increase_tensor)
            return True
    return MySGD


@case()
def custom_optimizer_subclass(ms):
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(np.array([[0.1, -0.2, 0.3],
                                                             [0.05, 0.4, -0.1]], np.float32)),
                      bias_init="zeros")
    opt = _custom_optimizer_class(ms)(net.trainable_params(), 0.1, 0.01, 4.0)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt, sens=4.0)
    x = ms.Tensor(np.array([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7]], np.float32))
    y = ms.Tensor(np.eye(2, dtype=np.float32))
    losses = [step(x, y) for _ in range(3)]
    return (losses, net.weight.value(), net.bias.value(), opt.global_step.value(),
            opt.exec_weight_decay, opt.need_scale, opt.get_weight_decay(),
            [p.name for p in opt.parameters])


@case(rtol=0, atol=0)
def sgd_kernel_state_and_checks(ms):
    """nn.SGD as MindSpore's SGD kernel: its ``accum`` buffer takes the first gradient as it
    is (``stat`` 1 until then), then ``accum * momentum + (1 - dampening) * g``; with
    momentum the state Parameters and the scalar ``momentum`` are the optimizer's Parameters
    (checkpoints list them); the constructor's checks. Bit for bit (the eager path)."""
    out = []
    for momentum, dampening, nesterov in ((0.9, 0.3, False), (0.9, 0.0, True), (0.0, 0.5, False)):
        w = ms.Parameter(ms.Tensor(np.array([1.0, -2.0, 3.0], np.float32)), name="w")
        opt = ms.nn.SGD([w], learning_rate=0.1, momentum=momentum, dampening=dampening,
                        nesterov=nesterov)
        for step in range(3):
            opt((ms.Tensor(np.array([0.5, -1.5, 2.0], np.float32) * (step + 1)),))
            out.append((w.value(), opt.accum[0].value(), opt.stat[0].value()) if momentum
                       else w.value())
        if momentum:  # (without momentum MindSpore's unused accum/stat are not kept)
            out.append(sorted(p.name for p in opt.get_parameters()))
    for kwargs in (dict(momentum=-0.1), dict(momentum="0.9"), dict(dampening=-1.0),
                   dict(dampening=None), dict(nesterov=1), dict(nesterov=True),
                   dict(nesterov=True, momentum=0.9, dampening=0.1)):
        try:
            ms.nn.SGD([ms.Parameter(ms.Tensor([1.0]), name="v")], **kwargs)
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return out
