"""Mixed precision: ``Cell.to_float`` in each mode, ``amp.auto_mixed_precision`` O1-O3,
``custom_mixed_precision``, ``build_train_network`` and ``Model(amp_level=...)``.

The two modes cast in different places (GRAPH at the Cell's boundary, PYNATIVE at each op),
and the goldens differ accordingly. Float16 results carry float16 rounding, and the order in
which a kernel accumulates float16 sums is the kernel's own: float16 outputs are compared to
about one float16 ulp, trained weights to a relative 2e-3.
"""
import numpy as np

from ._registry import case

X2 = np.array([[1.0001, 2.0003]], np.float32)
W2 = np.array([[1.0001, 0.5], [0.25, 1.0003]], np.float32)
F16 = {"rtol": 2e-3, "atol": 2e-3}


def _typed(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([1.0001, 2.0, 3.0], np.float32)),
                                  name="w")
            self.c = ms.Tensor(np.array([0.1, 0.2, 0.3], np.float32))

        def construct(self, x, y, n):
            a = x * self.w
            b = ms.ops.ones((3,), ms.float32)
            c = a + b
            d = self.c + y
            e = ms.ops.cast(x, ms.float32)
            f = x + 1.0
            return a, b, c, d, e, f, n, y * 2, self.w, self.c
    return Net()


@case(**F16)
def to_float16_where_each_mode_casts(ms):
    net = _typed(ms)
    net.to_float(ms.float16)
    x = ms.Tensor(np.array([1.0001, 2.0, 3.0], np.float32))
    y = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float64))
    n = ms.Tensor(np.array([1, 2, 3], np.int32))
    return net(x, y, n)


@case(**F16)
def to_float_cast_assign_astype(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="p")

        def construct(self, x):
            c = ms.ops.cast(x, ms.float32)
            d = ms.ops.cast(x, ms.float64)
            ms.ops.assign(self.p, x * 1.0001)
            return c, d, self.p * 1, x.astype(ms.float32)
    net = Net()
    net.to_float(ms.float16)
    out = net(ms.Tensor(np.array([1.0001, 2.0001], np.float32)))
    return out, net.p


@case(**F16)
def to_float16_batchnorm_train_then_eval(ms):
    bn = ms.nn.BatchNorm1d(2, moving_mean_init=ms.Tensor(np.array([0.1, 0.3], np.float32)))
    bn.to_float(ms.float16)
    bn.set_train()
    x = ms.Tensor(np.array([[1.0, 2.0], [3.0, 5.0], [0.5, 0.1]], np.float32))
    outs = []
    for _ in range(2):
        outs.append(bn(x))
        outs.append((bn.moving_mean.value(), bn.moving_variance.value()))
    bn.set_train(False)
    outs.append(bn(x))
    return outs


@case(**F16)
def to_float16_dense_value_and_grad(ms):
    d = ms.nn.Dense(2, 2, weight_init="ones",
                    bias_init=ms.Tensor(np.array([0.1, 0.2], np.float32)))
    d.to_float(ms.float16)

    def f(x):
        return d(x).sum()
    return ms.value_and_grad(f, 0, d.trainable_params())(ms.Tensor(X2))


@case(**F16)
def to_float32_child_inside_float16(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = ms.nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
            self.w = ms.Parameter(ms.Tensor(np.array([1.0001, 1.0], np.float32)), name="w")
            self.c = ms.Tensor(np.array([1.0001, 1.0], np.float32))

        def construct(self, x):
            y = x * self.w
            return y, self.inner(y), self.w, self.c, self.inner.weight * 1.0001
    net = Net()
    net.to_float(ms.float16)
    net.inner.to_float(ms.float32)
    return net(ms.Tensor(X2))


@case(**F16)
def to_float16_grad_of_cell(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = ms.nn.Dense(2, 3, weight_init=ms.Tensor(
                np.array([[0.3, -0.2], [0.1, 0.4], [-0.5, 0.25]], np.float32)),
                bias_init="zeros")
            self.act = ms.nn.ReLU()

        def construct(self, x):
            return self.act(self.dense(x)).sum()
    net = Net().to_float(ms.float16)
    x = ms.Tensor(np.array([[1.5, -0.5], [0.25, 2.0]], np.float32))
    return ms.grad(net, (0,), net.trainable_params())(x)


@case(modes=("PYNATIVE",))
def to_float_bad_dtype(ms):
    return ms.nn.Dense(2, 2).to_float(ms.int32)


# MindSpore's O1 rewrites a network's Python source: its classes must be defined at module
# level (using only imported names), so they subclass the framework under test (mindspore
# when recording, else mscompat).
try:
    import mindspore as _FW
except ImportError:
    import mscompat as _FW


class AmpNet(_FW.nn.Cell):
    def __init__(self):
        super().__init__()
        w = np.array([[1.0001, 0.5], [0.25, 1.0003]], np.float32)  # W2
        self.dense = _FW.nn.Dense(2, 2, weight_init=_FW.Tensor(w),
                                  bias_init=_FW.Tensor(np.array([0.0001, 0.0002], np.float32)))
        self.mm = _FW.ops.MatMul()
        self.relu = _FW.ops.ReLU()
        self.add = _FW.ops.Add()
        self.w2 = _FW.Parameter(_FW.Tensor(w), name="w2")
        self.act = _FW.nn.ReLU()

    def construct(self, x):
        a = self.dense(x)
        b = self.mm(a, self.w2)
        d = self.relu(b)
        e = self.add(d, 1.0001)
        f = self.act(e)
        g = _FW.ops.MatMul()(a, self.w2)
        return a, b, d, e, f, g


class AmpNetF(AmpNet):
    def construct(self, x):
        a = self.dense(x)
        b = self.mm(a, self.w2)
        return a, b, _FW.ops.matmul(a, self.w2)


def _amp_net(ms, functional=False):
    assert ms is _FW
    return AmpNetF() if functional else AmpNet()


def _level_case(level, functional=False, modes=("PYNATIVE", "GRAPH")):
    def fn(ms):
        net = ms.amp.auto_mixed_precision(_amp_net(ms, functional), level)
        # MindSpore numbers its rewritten classes per process (``NetOpt_1``): printed once
        text = str(net) if ms.get_context("mode") == ms.PYNATIVE_MODE else None
        return net(ms.Tensor(X2)), text
    fn.__name__ = fn.__qualname__ = f"auto_mixed_precision_{level}" + (
        "_functional_matmul" if functional else "")
    fn.__module__ = __name__
    case(modes=modes, **F16)(fn)


for _level in ("O0", "O1", "O2", "O3"):
    _level_case(_level)
# MindSpore's GRAPH_MODE refuses ops.matmul of a float16 and a float32 Parameter at O2/O3
# (its compiler's type check); PYNATIVE runs it in float16.
_level_case("O1", functional=True)
for _level in ("O2", "O3"):
    _level_case(_level, functional=True, modes=("PYNATIVE",))


@case(modes=("PYNATIVE",))
def amp_lists(ms):
    return ([c.__name__ for c in ms.amp.get_white_list()],
            [c.__name__ for c in ms.amp.get_black_list()])


@case(modes=("PYNATIVE",))
def auto_mixed_precision_bad_level(ms):
    return ms.amp.auto_mixed_precision(ms.nn.Dense(2, 2), "O4")


@case(modes=("PYNATIVE",))
def auto_mixed_precision_bad_dtype(ms):
    return ms.amp.auto_mixed_precision(ms.nn.Dense(2, 2), "O2", ms.float32)


@case(modes=("PYNATIVE",))
def auto_mixed_precision_not_a_cell(ms):
    return ms.amp.auto_mixed_precision(3, "O2")


@case(modes=("PYNATIVE",))
def custom_mixed_precision_both_lists(ms):
    return ms.amp.custom_mixed_precision(ms.nn.Dense(2, 2), white_list=[ms.nn.Dense],
                                         black_list=[ms.nn.Dense])


@case(modes=("PYNATIVE",))
def custom_mixed_precision_bad_black_list(ms):
    return ms.amp.custom_mixed_precision(ms.nn.Dense(2, 2), black_list=[ms.ops.ReLU])


@case(**F16)
def custom_mixed_precision_white_list(ms):
    net = ms.amp.custom_mixed_precision(_amp_net(ms), white_list=[ms.ops.MatMul])
    return net(ms.Tensor(X2))


@case(**F16)
def custom_mixed_precision_white_list_cell(ms):
    net = ms.amp.custom_mixed_precision(_amp_net(ms), white_list=[ms.nn.ReLU])
    text = str(net) if ms.get_context("mode") == ms.PYNATIVE_MODE else None
    return net(ms.Tensor(X2)), text


@case(**F16)
def custom_mixed_precision_black_list(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.d1 = ms.nn.Dense(2, 2, weight_init=ms.Tensor(W2), bias_init="zeros")
            self.d2 = ms.nn.Dense(2, 2, weight_init=ms.Tensor(W2.T.copy()), bias_init="zeros")

        def construct(self, x):
            return self.d2(self.d1(x))
    net = ms.amp.custom_mixed_precision(Net(), black_list=[ms.nn.Dense])
    return net(ms.Tensor(X2)), str(net)


# -- training ---------------------------------------------------------------------------
XS = (np.arange(2 * 1 * 6 * 6, dtype=np.float32).reshape(2, 1, 6, 6) % 7 - 3) / 3
LABELS = np.array([1, 0], np.int32)


class SmallCNN(_FW.nn.Cell):
    def __init__(self):
        super().__init__()
        rng = np.random.RandomState(0)
        conv_w = rng.uniform(-0.5, 0.5, (2, 1, 3, 3)).astype(np.float32)
        fc_w = rng.uniform(-0.5, 0.5, (2, 8)).astype(np.float32)
        self.conv = _FW.nn.Conv2d(1, 2, 3, pad_mode="valid", weight_init=_FW.Tensor(conv_w))
        self.bn = _FW.nn.BatchNorm2d(2)
        self.relu = _FW.nn.ReLU()
        self.pool = _FW.nn.MaxPool2d(2, 2)
        self.flatten = _FW.nn.Flatten()
        self.fc = _FW.nn.Dense(8, 2, weight_init=_FW.Tensor(fc_w), bias_init="zeros")

    def construct(self, x):
        return self.fc(self.flatten(self.pool(self.relu(self.bn(self.conv(x))))))


def _small_cnn(ms):
    assert ms is _FW
    return SmallCNN()


def _train_case(level, **kwargs):
    def fn(ms):
        net = _small_cnn(ms)
        conv, bn, fc = net.conv, net.bn, net.fc  # O2 wraps bn: keep the Cells themselves
        loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        # with a fixed scale the optimizer divides it out (MindSpore's recipe)
        opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9,
                             loss_scale=1024.0 if kwargs.get("fixed_scale") else 1.0)
        extra = {}
        if kwargs.get("fixed_scale"):
            extra["loss_scale_manager"] = ms.FixedLossScaleManager(1024.0, False)
        if "keep_bn" in kwargs:
            extra["keep_batchnorm_fp32"] = kwargs["keep_bn"]
        if kwargs.get("model"):
            model = ms.train.Model(net, loss, opt, amp_level=level, **extra)
            step = model.train_network
        else:
            step = ms.amp.build_train_network(net, opt, loss, level=level, **extra)
        losses = [step(ms.Tensor(XS), ms.Tensor(LABELS)) for _ in range(4)]
        outs = [losses, conv.weight.value(), fc.weight.value(), bn.moving_mean.value()]
        if kwargs.get("model"):
            outs.append(model.predict(ms.Tensor(XS)))
        return outs
    name = "_".join(["train", level] + [k for k, v in kwargs.items() if v] +
                    (["keep_bn_" + str(kwargs["keep_bn"])] if "keep_bn" in kwargs else []))
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    case(rtol=2e-3, atol=2e-3)(fn)


_train_case("O0")
_train_case("O1")
_train_case("O2")  # MindSpore's DynamicLossScaleManager: refused on CPU
_train_case("O2", fixed_scale=True)
_train_case("O2", fixed_scale=True, keep_bn=False)
_train_case("O3")
_train_case("O1", model=True)
_train_case("O3", model=True)
_train_case("O2", model=True, fixed_scale=True)


@case(modes=("PYNATIVE",))
def model_amp_without_optimizer(ms):
    return ms.train.Model(ms.nn.Dense(2, 2), ms.nn.MSELoss(), amp_level="O2")


@case(modes=("PYNATIVE",))
def build_train_network_bad_kwarg(ms):
    net = ms.nn.Dense(2, 2)
    return ms.amp.build_train_network(net, ms.nn.SGD(net.trainable_params()), ms.nn.MSELoss(),
                                      level="O3", cast_type=ms.float16)


@case(modes=("PYNATIVE",))
def build_train_network_bad_level(ms):
    net = ms.nn.Dense(2, 2)
    return ms.amp.build_train_network(net, ms.nn.SGD(net.trainable_params()), level="O5")


@case(modes=("PYNATIVE",))
def o2_network_print(ms):
    return str(ms.amp.auto_mixed_precision(_small_cnn(ms), "O2"))


@case(**F16)
def model_eval_after_O3(ms):
    net = _small_cnn(ms)
    loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.train.Model(net, loss, ms.nn.Momentum(net.trainable_params(), 0.1, 0.9),
                           metrics={"loss"}, amp_level="O3")
    data = ms.dataset.NumpySlicesDataset({"x": XS, "y": LABELS}, shuffle=False).batch(2)
    return model.eval(data)["loss"]


@case(modes=("PYNATIVE",))
def o2_parameter_names(ms):
    net = ms.amp.auto_mixed_precision(_small_cnn(ms), "O2")
    return [p.name for p in net.get_parameters()], [str(p.dtype) for p in net.get_parameters()]
