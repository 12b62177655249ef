"""Optimizers (3 steps), WithLossCell, TrainOneStepCell, losses, ForwardValueAndGrad."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _run_opt(ms, make_opt, steps=3):
    """loss = sum(a * w) with a=[0.5, 3] so the gradient is constant; record w per step."""
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, -2.0], np.float32)), name="w")

        def construct(self, a):
            return (a * self.w).sum()
    net = Net()
    opt = make_opt(net.trainable_params())
    a = _t(ms, [0.5, 3.0])
    grad_fn = ms.value_and_grad(net, None, opt.parameters)
    out = []
    for _ in range(steps):
        _loss, grads = grad_fn(a)
        opt(grads)
        out.append(net.w.value().copy())
    return out


def _run_opt_quadratic(ms, make_opt, steps=3):
    """loss = sum((w - t)^2) so the gradient changes each step."""
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, -2.0, 0.5], np.float32)), name="w")
            self.t = ms.Tensor(np.array([0.3, 0.1, -1.0], np.float32))

        def construct(self):
            d = self.w - self.t
            return (d * d).sum()
    net = Net()
    opt = make_opt(net.trainable_params())
    train = ms.nn.TrainOneStepCell(net, opt)
    losses = []
    for _ in range(steps):
        losses.append(train())
    return losses, net.w.value().copy()


@case()
def sgd(ms):
    return _run_opt(ms, lambda p: ms.nn.SGD(p, learning_rate=0.1))


@case()
def sgd_weight_decay(ms):
    return _run_opt(ms, lambda p: ms.nn.SGD(p, learning_rate=0.1, weight_decay=0.1))


@case()
def sgd_momentum(ms):
    return _run_opt(ms, lambda p: ms.nn.SGD(p, learning_rate=0.1, momentum=0.9))


@case()
def sgd_momentum_nesterov(ms):
    return _run_opt(ms, lambda p: ms.nn.SGD(p, learning_rate=0.1, momentum=0.9, nesterov=True))


@case()
def sgd_momentum_dampening(ms):
    return _run_opt(ms, lambda p: ms.nn.SGD(p, learning_rate=0.1, momentum=0.9, dampening=0.5))


@case()
def sgd_loss_scale(ms):
    return _run_opt(ms, lambda p: ms.nn.SGD(p, learning_rate=0.1, loss_scale=2.0))


@case()
def sgd_default_lr(ms):
    return _run_opt(ms, lambda p: ms.nn.SGD(p))


@case()
def momentum(ms):
    return _run_opt(ms, lambda p: ms.nn.Momentum(p, learning_rate=0.1, momentum=0.9))


@case()
def momentum_weight_decay(ms):
    return _run_opt(ms, lambda p: ms.nn.Momentum(p, learning_rate=0.1, momentum=0.9,
                                                 weight_decay=0.1))


@case()
def momentum_nesterov(ms):
    return _run_opt(ms, lambda p: ms.nn.Momentum(p, learning_rate=0.1, momentum=0.9,
                                                 use_nesterov=True))


@case()
def adam(ms):
    return _run_opt(ms, lambda p: ms.nn.Adam(p, learning_rate=0.1))


@case()
def adam_default_lr(ms):
    return _run_opt(ms, lambda p: ms.nn.Adam(p))


@case()
def adam_weight_decay(ms):
    return _run_opt(ms, lambda p: ms.nn.Adam(p, learning_rate=0.1, weight_decay=0.1))


@case()
def adam_nesterov(ms):
    return _run_opt(ms, lambda p: ms.nn.Adam(p, learning_rate=0.1, use_nesterov=True))


@case()
def adam_custom_betas(ms):
    return _run_opt(ms, lambda p: ms.nn.Adam(p, learning_rate=0.01, beta1=0.5, beta2=0.6,
                                             eps=1e-3))


@case()
def sgd_quadratic_train_one_step(ms):
    return _run_opt_quadratic(ms, lambda p: ms.nn.SGD(p, learning_rate=0.2))


@case()
def momentum_quadratic_train_one_step(ms):
    return _run_opt_quadratic(ms, lambda p: ms.nn.Momentum(p, learning_rate=0.1, momentum=0.8))


@case(rtol=1e-4, atol=1e-5)
def adam_quadratic_train_one_step(ms):
    return _run_opt_quadratic(ms, lambda p: ms.nn.Adam(p, learning_rate=0.05))


@case()
def optimizer_call_returns(ms):
    p = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="q")
    opt = ms.nn.SGD([p], 0.1)
    r = opt((_t(ms, [1.0]),))
    return r, p.value()


def _dense_net(ms):
    class D(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = ms.nn.Dense(3, 2, weight_init=ms.Tensor(
                np.array([[0.1, 0.2, 0.3], [-0.1, 0.0, 0.5]], np.float32)),
                bias_init=ms.Tensor(np.array([0.1, -0.2], np.float32)))
            self.relu = ms.nn.ReLU()

        def construct(self, a):
            return self.relu(self.fc(a))
    return D()


def _data(ms):
    x = _t(ms, [[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
    y = _t(ms, [[1.0, 0.0], [0.0, 1.0]])
    return x, y


@case()
def with_loss_cell(ms):
    net = _dense_net(ms)
    return ms.nn.WithLossCell(net, ms.nn.MSELoss())(*_data(ms))


@case()
def train_one_step_returns_loss_before_update(ms):
    net = _dense_net(ms)
    tr = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                ms.nn.SGD(net.trainable_params(), 0.1))
    x, y = _data(ms)
    l1 = tr(x, y)
    l2 = tr(x, y)
    return l1, l2, net.fc.weight.value(), net.fc.bias.value()


@case()
def train_one_step_momentum_5_steps(ms):
    net = _dense_net(ms)
    tr = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                ms.nn.Momentum(net.trainable_params(), 0.05, 0.9))
    x, y = _data(ms)
    losses = [tr(x, y) for _ in range(5)]
    return losses, net.fc.weight.value()


@case()
def train_one_step_sens(ms):
    net = _dense_net(ms)
    tr = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                ms.nn.SGD(net.trainable_params(), 0.1), sens=2.0)
    x, y = _data(ms)
    return tr(x, y), net.fc.weight.value()


@case()
def train_one_step_set_train(ms):
    net = _dense_net(ms)
    tr = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()),
                                ms.nn.Adam(net.trainable_params(), 0.01))
    tr.set_train()
    x, y = _data(ms)
    for _ in range(3):
        tr(x, y)
    return net.fc.weight.value(), net.fc.bias.value()


@case()
def trainable_param_names(ms):
    net = _dense_net(ms)
    return [p.name for p in net.trainable_params()]


@case()
def ce_sparse_mean(ms):
    ce = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    logits = _t(ms, [[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
    return ce(logits, _t(ms, [1, 2], np.int32))


@case()
def ce_sparse_default_reduction_none(ms):
    ce = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True)
    logits = _t(ms, [[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
    return ce(logits, _t(ms, [1, 2], np.int32))


@case()
def ce_dense_sum(ms):
    ce = ms.nn.SoftmaxCrossEntropyWithLogits(reduction="sum")
    logits = _t(ms, [[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
    return ce(logits, _t(ms, [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]))


@case()
def ce_sparse_mean_grad(ms):
    ce = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    logits = _t(ms, [[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
    return ms.grad(ce)(logits, _t(ms, [1, 2], np.int32))


@case()
def ce_classifier_training(ms):
    class Clf(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = ms.nn.Dense(2, 3, weight_init=ms.Tensor(
                np.array([[0.2, -0.1], [0.0, 0.3], [-0.2, 0.1]], np.float32)),
                bias_init=ms.Tensor(np.zeros(3, np.float32)))

        def construct(self, a):
            return self.fc(a)
    net = Clf()
    loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    tr = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, loss),
                                ms.nn.SGD(net.trainable_params(), 0.5))
    x = _t(ms, [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-1.0, 0.5]])
    y = _t(ms, [0, 1, 2, 1], np.int32)
    losses = [tr(x, y) for _ in range(4)]
    return losses, net.fc.weight.value()


@case()
def mse_loss_reductions(ms):
    a = _t(ms, [[1.0, 2.0], [0.5, -1.0]])
    b = _t(ms, [[1.0, 0.0], [0.0, 1.0]])
    return (ms.nn.MSELoss()(a, b), ms.nn.MSELoss(reduction="sum")(a, b),
            ms.nn.MSELoss(reduction="none")(a, b))


@case()
def forward_value_and_grad_weights(ms):
    net = _dense_net(ms)
    wl = ms.nn.WithLossCell(net, ms.nn.MSELoss())
    return ms.nn.ForwardValueAndGrad(wl, weights=wl.trainable_params(), get_by_list=True)(
        *_data(ms))


@case()
def forward_value_and_grad_inputs(ms):
    net = _dense_net(ms)
    wl = ms.nn.WithLossCell(net, ms.nn.MSELoss())
    return ms.nn.ForwardValueAndGrad(wl, get_all=True)(*_data(ms))


@case()
def dense_forward(ms):
    net = _dense_net(ms)
    return net(_data(ms)[0])


@case()
def dense_default_shapes(ms):
    d = ms.nn.Dense(3, 2)
    return d.weight.shape, d.bias.shape, str(d.weight.dtype)


@case()
def relu_grad(ms):
    return ms.grad(ms.nn.ReLU())(_t(ms, [-1.0, 0.0, 2.0]))


@case()
def custom_training_loop_value_and_grad(ms):
    net = _dense_net(ms)
    loss_fn = ms.nn.MSELoss()
    opt = ms.nn.SGD(net.trainable_params(), 0.1)

    def forward(a, b):
        return loss_fn(net(a), b)
    grad_fn = ms.value_and_grad(forward, None, opt.parameters)
    x, y = _data(ms)
    losses = []
    for _ in range(3):
        loss, grads = grad_fn(x, y)
        opt(grads)
        losses.append(loss)
    return losses, net.fc.weight.value()


@case()
def sgd_weight_decay_with_loss_scale(ms):
    return _run_opt(ms, lambda p: ms.nn.SGD(p, learning_rate=0.1, weight_decay=0.1,
                                            loss_scale=4.0))


@case()
def momentum_loss_scale(ms):
    return _run_opt(ms, lambda p: ms.nn.Momentum(p, learning_rate=0.1, momentum=0.9,
                                                 loss_scale=2.0))


@case()
def adam_loss_scale_weight_decay(ms):
    return _run_opt(ms, lambda p: ms.nn.Adam(p, learning_rate=0.1, weight_decay=0.1,
                                             loss_scale=2.0))


@case()
def weight_decay_skips_beta_gamma_names(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, -2.0], np.float32)), name="w")
            self.beta = ms.Parameter(ms.Tensor(np.array([1.0, -2.0], np.float32)), name="beta")
            self.gamma = ms.Parameter(ms.Tensor(np.array([1.0, -2.0], np.float32)),
                                      name="gamma")

        def construct(self, a):
            return (a * self.w + a * self.beta + a * self.gamma).sum()
    net = Net()
    opt = ms.nn.SGD(net.trainable_params(), learning_rate=0.1, weight_decay=0.5)
    grad_fn = ms.value_and_grad(net, None, opt.parameters)
    _loss, grads = grad_fn(_t(ms, [0.5, 3.0]))
    opt(grads)
    return net.w.value(), net.beta.value(), net.gamma.value()


@case()
def optimizer_group_params(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0, -2.0], np.float32)), name="w")
            self.u = ms.Parameter(ms.Tensor(np.array([0.5], np.float32)), name="u")

        def construct(self, a):
            return (a * self.w).sum() + (self.u * self.u).sum()
    net = Net()
    groups = [{"params": [net.w], "lr": 0.01}, {"params": [net.u], "weight_decay": 0.1}]
    opt = ms.nn.SGD(groups, learning_rate=0.1)
    grad_fn = ms.value_and_grad(net, None, opt.parameters)
    for _ in range(2):
        _loss, grads = grad_fn(_t(ms, [0.5, 3.0]))
        opt(grads)
    return net.w.value(), net.u.value()



@case(modes=("PYNATIVE", "GRAPH"))
def model_train_step_counters(ms):
    """What ``Model.train`` tells callbacks: with ``initial_epoch`` the epochs count from it
    but ``cur_step_num`` from 0 and ``epoch_num`` is ``epoch - initial_epoch``; with
    ``dataset_sink_mode=True, sink_size=n`` (no sinking on the CPU) ``batch_num`` is ``n``."""
    seen = []

    class Probe(ms.train.Callback):
        def on_train_step_end(self, run_context):
            cb = run_context.original_args()
            seen.append(("step", cb.cur_epoch_num, cb.cur_step_num, cb.batch_num, cb.epoch_num,
                         cb.dataset_sink_mode))

        def on_train_epoch_end(self, run_context):
            cb = run_context.original_args()
            seen.append(("epoch_end", cb.cur_epoch_num, cb.cur_step_num))

    net = ms.nn.Dense(2, 1, weight_init="ones")
    data = ms.dataset.NumpySlicesDataset(
        (np.ones((6, 2), np.float32), np.ones((6, 1), np.float32)), column_names=["x", "y"],
        shuffle=False).batch(2)
    model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params()))
    model.train(3, data, callbacks=[Probe()], initial_epoch=1)
    model.train(2, data, callbacks=[Probe()], dataset_sink_mode=True, sink_size=2)
    model.train(1, data, callbacks=[Probe()], dataset_sink_mode=True)
    return seen


@case(modes=("PYNATIVE",))
def convert_to_thor_model_keeps_other_models(ms):
    """Training scripts import ConvertModelUtils unconditionally and call it; a Model whose
    optimizer is not THOR comes back as it was."""
    import importlib
    thor = importlib.import_module(ms.__name__ + ".train.train_thor")
    net = ms.nn.Dense(2, 1)
    opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
    loss = ms.nn.MSELoss()
    model = ms.train.Model(net, loss, opt)
    same = ms.train.ConvertModelUtils.convert_to_thor_model(
        model=model, network=net, loss_fn=loss, optimizer=opt, metrics={"acc"}, amp_level="O0")
    return same is model, type(same).__name__, thor.ConvertModelUtils is ms.train.ConvertModelUtils


@case(rtol=1e-5, atol=1e-6)
def train_one_step_cell_attributes_for_subclasses(ms):
    """Subclasses of TrainOneStepCell call MindSpore's attributes: ``grad`` (with a
    sensitivity), ``grad_no_sens``, ``grad_reducer`` (an identity outside data parallelism),
    ``sense_flag``; ``return_grad=True`` returns the gradients by Parameter name."""
    nn, ops, T = ms.nn, ms.ops, ms.Tensor

    class Step(nn.TrainOneStepCell):
        def construct(self, x, y):
            loss = self.network(x, y)
            sens = ops.fill(loss.dtype, loss.shape, 4.0)
            grads = self.grad(self.network, self.weights)(x, y, sens)
            grads = self.grad_reducer(grads)
            plain = self.grad_no_sens(self.network, self.weights)(x, y)
            self.optimizer(grads)
            return loss, plain[0], grads[1], self.sense_flag, self.reducer_flag

    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    x = T(np.arange(12, dtype=np.float32).reshape(4, 3) / 10)
    y = T(np.ones((4, 2), np.float32))
    step = Step(loss_net, nn.Momentum(net.trainable_params(), 0.01, 0.9))
    out = [step(x, y) for _ in range(2)]
    named = nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params(), 0.1),
                                return_grad=True)(x, y)
    flags = (nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params()), sens=2.0).sense_flag,
             nn.TrainOneStepCell(loss_net, nn.SGD(net.trainable_params())).sense_flag)
    return out, named[0], sorted(named[1]), named[1]["weight"], flags, net.weight.value()


@case(rtol=1e-5, atol=1e-6)
def learning_rate_schedule_with_python_control_flow(ms):
    """A LearningRateSchedule whose ``construct`` branches on the step in Python (warm-up,
    then cosine decay) drives Momentum through TrainOneStepCell; a per-step list read past
    its end by ``get_lr`` is Gather's RuntimeError."""
    nn, T = ms.nn, ms.Tensor
    schedule_base = __import__(ms.__name__ + ".nn.learning_rate_schedule",
                               fromlist=["LearningRateSchedule"]).LearningRateSchedule

    class WarmCosine(schedule_base):
        def __init__(self):
            super().__init__()
            self.warm = nn.WarmUpLR(0.1, 3)
            self.decay = nn.CosineDecayLR(0.0, 0.1, 10)

        def construct(self, step):
            if step < 3:
                return self.warm(step)
            return self.decay(step - 3)

    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    opt = nn.Momentum(net.trainable_params(), WarmCosine(), 0.9)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    x, y = T(np.ones((2, 2), np.float32)), T(np.zeros((2, 1), np.float32))
    out = []
    for _ in range(5):
        out.append((step(x, y), opt.get_lr(), net.weight.value(), net.bias.value()))
    listed = nn.SGD(net.trainable_params(), learning_rate=[0.1, 0.05])
    sgd = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), listed)
    for _ in range(2):
        out.append((sgd(x, y), net.weight.value()))
    try:
        out.append(listed.get_lr().asnumpy())
    except RuntimeError as e:
        out.append(type(e).__name__)
    return out


@case(modes=("PYNATIVE",))
def optimizer_and_train_cell_parameters(ms):
    """The Parameters optimizers and training Cells hold, as ``get_parameters`` and
    ``parameters_and_names`` list them (the order and names checkpoints and scripts see):
    trainable like any Parameter, ``global_step`` and ``learning_rate`` first, the optimized
    Parameters, the optimizer's own, then its state slots under the Cell's prefix."""
    nn = ms.nn
    net = nn.Dense(2, 1)
    ps = net.trainable_params()
    out = []
    for opt in (nn.Momentum(ps, 0.1, 0.9), nn.Adam(ps, 0.01), nn.SGD(ps, 0.1, momentum=0.9),
                nn.AdamWeightDecay(ps), nn.RMSProp(ps, centered=True), nn.FTRL(ps),
                nn.AdaMax(ps), nn.Lamb(ps, 0.01)):
        out.append([(p.name, p.requires_grad) for p in opt.get_parameters()])
    update = nn.DynamicLossScaleUpdateCell(2**10, 2, 100)
    step = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()),
                                            nn.Momentum(ps, 0.1, 0.9), update)
    out.append([(n, p.requires_grad) for n, p in step.parameters_and_names()])
    out.append([p.name for p in step.trainable_params()])
    return out
