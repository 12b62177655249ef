"""Loss scaling: TrainOneStepWithLossScaleCell with the dynamic and fixed update Cells and
a fixed Tensor scale, amp's loss scalers and ``all_finite``.

MindSpore 2.10's CPU build has no overflow kernel (``FloatStatus``/``NPUGetFloatStatusV2``
raise "Unsupported op ... on CPU"), so the recording gives its TrainOneStepWithLossScaleCell
the GPU rule - an overflow is an inf or NaN in some gradient - written with
``amp.all_finite``; everything else is MindSpore's own code.
"""
import numpy as np

from ._registry import case

X = np.array([[0.5, -1.0, 2.0], [1.5, 0.3, -0.7]], np.float32)
Y = np.array([[1.0, 0.0], [0.0, 1.0]], np.float32)
W = np.array([[0.1, -0.2, 0.3], [0.05, 0.4, -0.1]], np.float32)


def _cell_class(ms):
    cls = ms.nn.TrainOneStepWithLossScaleCell
    if ms.__name__ != "mindspore":
        return cls

    class WithOverflowRule(cls):
        def get_overflow_status(self, status, compute_output):
            return ms.ops.logical_not(ms.amp.all_finite(compute_output))
    return WithOverflowRule


def _train(ms, scale_sense, steps=5, opt="Momentum", x_scale=1.0):
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(W), bias_init="zeros")
    params = net.trainable_params()
    opt = ms.nn.Momentum(params, 0.1, 0.9) if opt == "Momentum" else ms.nn.Adam(params, 0.01)
    step = _cell_class(ms)(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt, scale_sense(ms))
    out = []
    for i in range(steps):
        xs = X * (x_scale if i == 2 else 1.0)
        out.append(step(ms.Tensor(xs.astype(np.float32)), ms.Tensor(Y)))
    return out, net.weight, net.bias, step.scale_sense, opt.global_step


ROWS = {
    "dynamic_grows": (lambda ms: ms.nn.DynamicLossScaleUpdateCell(2.0 ** 12, 2, 2), {}),
    "dynamic_overflow_skips": (lambda ms: ms.nn.DynamicLossScaleUpdateCell(2.0 ** 100, 4, 2),
                               {"x_scale": 1e30}),
    "dynamic_window_1": (lambda ms: ms.nn.DynamicLossScaleUpdateCell(1024.0, 2, 1), {}),
    "dynamic_adam_overflow": (lambda ms: ms.nn.DynamicLossScaleUpdateCell(2.0 ** 20, 2, 3),
                              {"x_scale": 1e35, "opt": "Adam"}),
    "fixed_cell_overflow": (lambda ms: ms.nn.FixedLossScaleUpdateCell(128.0),
                            {"x_scale": 1e36}),
    "fixed_tensor": (lambda ms: ms.Tensor(np.float32(1000.0)), {}),
    "fixed_tensor_shape1_overflow": (lambda ms: ms.Tensor(np.array([64.0], np.float32)),
                                     {"x_scale": 1e37}),
}


def _register(name, scale_sense, kw):
    def fn(ms):
        return _train(ms, scale_sense, **kw)
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    case(rtol=1e-5, atol=1e-6)(fn)


for _name, (_sense, _kw) in ROWS.items():
    _register(_name, _sense, _kw)


@case(modes=("PYNATIVE",))
def loss_scale_parameter_names(ms):
    net = ms.nn.Dense(3, 2)
    opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
    step = ms.nn.TrainOneStepWithLossScaleCell(
        ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt,
        ms.nn.DynamicLossScaleUpdateCell(2.0 ** 10, 2, 100))
    return sorted(p.name for p in step.get_parameters()), step.scale_sense


@case(modes=("PYNATIVE",))
def loss_scale_bad_scale_sense(ms):
    net = ms.nn.WithLossCell(ms.nn.Dense(3, 2), ms.nn.MSELoss())
    opt = ms.nn.SGD(net.trainable_params(), 0.1)
    out = []
    for sense in (ms.Tensor(np.ones((2,), np.float32)), 3.0):
        try:
            ms.nn.TrainOneStepWithLossScaleCell(net, opt, sense)
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return out


@case()
def amp_scalers(ms):
    amp = ms.amp
    dyn = amp.DynamicLossScaler(1024, 2, 2)
    trace = []
    for finite in (True, True, False, True, True, True):
        dyn.adjust(ms.Tensor(finite))
        trace.append((ms.Tensor(dyn.scale_value.asnumpy()), ms.Tensor(dyn.counter.asnumpy())))
    big = amp.DynamicLossScaler(2.0 ** 127, 2, 1)
    big.adjust(ms.Tensor(True))
    static = amp.StaticLossScaler(8.0)
    grads = (ms.Tensor(np.array([1.0, 2.0], np.float32)), ms.Tensor(np.float32(3.0)))
    return (trace, ms.Tensor(big.scale_value.asnumpy()), static.scale(grads),
            static.unscale(ms.Tensor(np.float32(16.0))), static.adjust(ms.Tensor(False)),
            dyn.scale(grads), dyn.unscale(grads))


@case()
def amp_all_finite(ms):
    a = ms.Tensor(np.array([1.0, np.inf], np.float32))
    b = ms.Tensor(np.array([1.0, 2.0], np.float32))
    c = ms.Tensor(np.array([np.nan], np.float32))
    return (ms.amp.all_finite((a, b)), ms.amp.all_finite((b,)), ms.amp.all_finite([b, c]),
            ms.amp.all_finite((b, ms.Tensor(np.array([1, 2], np.int32)))))


@case(modes=("PYNATIVE",))
def amp_scaler_errors(ms):
    out = []
    for make in (lambda: ms.amp.DynamicLossScaler(0.5, 2, 2),
                 lambda: ms.amp.DynamicLossScaler("a", 2, 2),
                 lambda: ms.amp.DynamicLossScaler(8, 2, 0),
                 lambda: ms.amp.DynamicLossScaler(8, 2.5, 2),
                 lambda: ms.amp.StaticLossScaler(0.5)):
        try:
            make()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return out


def _model_weights(ms, manager, opt_loss_scale):
    net = ms.nn.Dense(3, 2, weight_init=ms.Tensor(W), bias_init="zeros")
    opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=opt_loss_scale)
    model = ms.train.Model(net, ms.nn.MSELoss(), opt, loss_scale_manager=manager)
    data = ms.dataset.NumpySlicesDataset((np.tile(X, (3, 1)), np.tile(Y, (3, 1))),
                                         column_names=["x", "y"], shuffle=False).batch(2)
    model.train(2, data)
    return net.weight, net.bias


@case()
def model_fixed_loss_scale_no_drop(ms):
    """FixedLossScaleManager(drop_overflow_update=False): sens = loss_scale, and the
    optimizer's loss_scale divides it out again."""
    return (_model_weights(ms, ms.amp.FixedLossScaleManager(128.0, False), 128.0),
            _model_weights(ms, ms.amp.FixedLossScaleManager(1000.0, False), 1000.0))


@case(modes=("PYNATIVE",))
def model_overflow_managers_on_cpu(ms):
    out = []
    for manager in (ms.amp.DynamicLossScaleManager(), ms.amp.FixedLossScaleManager(64.0)):
        try:
            _model_weights(ms, manager, 1.0)
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return out


@case(modes=("PYNATIVE",))
def loss_scale_managers(ms):
    m = ms.amp.DynamicLossScaleManager(16, 2, 2)
    trace = []
    for overflow in (False, False, True, False, False, False):
        m.update_loss_scale(overflow)
        trace.append((m.get_loss_scale(), m.cur_iter, m.last_overflow_iter))
    fixed = ms.amp.FixedLossScaleManager(8.0, False)
    errors = []
    for make in (lambda: ms.amp.FixedLossScaleManager(0.5),
                 lambda: ms.amp.DynamicLossScaleManager(0.5),
                 lambda: ms.amp.DynamicLossScaleManager(8, 2, 0),
                 lambda: ms.amp.DynamicLossScaleManager(8, 0, 2)):
        try:
            make()
            errors.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            errors.append(f"{type(e).__name__}: {e}")
    return (trace, m.get_drop_overflow_update(), type(m.get_update_cell()).__name__,
            m.get_update_cell().get_loss_scale(), fixed.get_update_cell() is None,
            fixed.get_drop_overflow_update(),
            type(ms.amp.FixedLossScaleManager(8.0).get_update_cell()).__name__,
            ms.train.DynamicLossScaleManager is ms.amp.DynamicLossScaleManager, errors)


@case()
def train_one_step_sens_seeds_a_half_precision_backward(ms):
    """``TrainOneStepCell(net, opt, sens)`` (what ``Model`` builds for
    ``FixedLossScaleManager(drop_overflow_update=False)``) starts the backward pass from
    ``sens``: an O2 (float16) network's weight gradient overflows to inf on the third step,
    where scaling the gradients afterwards would stay finite; a small float32 step is
    scaled the same either way."""
    out = []
    for level, sens in (("O2", 128.0), ("O0", 4.0)):
        net = ms.nn.Dense(4, 1, weight_init="ones", bias_init="zeros")
        model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.Momentum(
            net.trainable_params(), 0.01, 0.9), amp_level=level,
            loss_scale_manager=ms.train.FixedLossScaleManager(sens, False))
        step = model._train_network
        x, y = ms.Tensor(np.ones((4, 4), np.float32)), ms.Tensor(np.ones((4, 1), np.float32))
        for _ in range(3):
            out.append((step(x, y), net.weight.value()))
    return out
