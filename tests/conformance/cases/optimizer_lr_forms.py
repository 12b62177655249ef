"""How an optimizer holds its learning rates (a Parameter, a schedule Cell, an
``_IteratorLearningRate``, one entry per Parameter for group rates), what ``get_lr`` and
``get_lr_parameter`` return, training with group rates mixed with schedules and lists, and
RMSProp's kernel on sizes that are not a multiple of 8."""
import numpy as np

from ._registry import case

X = np.linspace(-1, 1, 12, dtype=np.float32).reshape(4, 3)
W = (np.arange(6, dtype=np.float32).reshape(2, 3) / 7)
B = np.array([0.1, -0.2], np.float32)


def _dense(ms):
    return ms.nn.Dense(3, 2, weight_init=ms.Tensor(W), bias_init=ms.Tensor(B))


def _lr_value(ms, form):
    nn = ms.nn
    return {"float": 0.01, "schedule": nn.ExponentialDecayLR(0.1, 0.9, 2),
            "list": [0.1, 0.05, 0.01], "tensor_list": ms.Tensor(np.array([0.1, 0.05],
                                                                          np.float32)),
            "tensor_scalar": ms.Tensor(0.02, ms.float32)}[form]


def _describe(opt, ms):
    lr = opt.get_lr()
    lrs = lr if isinstance(lr, tuple) else (lr,)
    return (type(opt.learning_rate).__name__, opt.dynamic_lr, opt.is_group_lr,
            [p.name for _, p in opt.parameters_and_names()],
            [name for name, _ in opt.cells_and_names()],
            type(lr).__name__, [t.asnumpy() for t in lrs],
            [type(opt.get_lr_parameter(p)).__name__ for p in opt.parameters],
            [getattr(opt.get_lr_parameter(p), "name", None) for p in opt.parameters])


for _form in ("float", "schedule", "list", "tensor_list", "tensor_scalar"):
    def _lr_form_case(ms, _form=_form):
        net = _dense(ms)
        opt = ms.nn.Momentum(net.trainable_params(), learning_rate=_lr_value(ms, _form),
                             momentum=0.9)
        return _describe(opt, ms)
    _lr_form_case.__name__ = _lr_form_case.__qualname__ = f"lr_form_{_form}"
    case(modes=("PYNATIVE",))(_lr_form_case)


def _two_dense(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = ms.nn.Dense(3, 3, weight_init=ms.Tensor(np.eye(3, dtype=np.float32)),
                                 bias_init="zeros")
            self.b = _dense(ms)

        def construct(self, x):
            return self.b(self.a(x))
    return Net()


GROUPS = {
    "const_groups": lambda ps, nn: ([{"params": ps[:1], "lr": 0.5}, {"params": ps[1:2]},
                                     {"params": ps[2:]}], 0.1),
    "const_group_schedule_default": lambda ps, nn: (
        [{"params": ps[:1], "lr": 0.001}, {"params": ps[1:]}], nn.ExponentialDecayLR(0.05, 0.9, 1)),
    "list_group_const_default": lambda ps, nn: (
        [{"params": ps[:1], "lr": [0.05, 0.04, 0.03, 0.02]}, {"params": ps[1:]}], 0.02),
    "schedule_group_list_default": lambda ps, nn: (
        [{"params": ps[:2], "lr": nn.CosineDecayLR(0.0, 0.1, 3)}, {"params": ps[2:]}],
        [0.01, 0.02, 0.03, 0.04]),
    "two_const_groups_decay": lambda ps, nn: (
        [{"params": ps[:2], "lr": 0.03}, {"params": ps[2:], "weight_decay": 0.1}], 0.01),
}


for _name, _groups in GROUPS.items():
    def _group_structure(ms, _groups=_groups):
        net = _two_dense(ms)
        groups, lr = _groups(net.trainable_params(), ms.nn)
        return _describe(ms.nn.Momentum(groups, learning_rate=lr, momentum=0.9), ms)
    _group_structure.__name__ = _group_structure.__qualname__ = f"group_structure_{_name}"
    case(modes=("PYNATIVE",))(_group_structure)

OPTIMIZERS = {
    "SGD": {"momentum": 0.9}, "Momentum": {"momentum": 0.9}, "Adam": {},
    "AdamWeightDecay": {"weight_decay": 0.01}, "RMSProp": {"momentum": 0.5}, "Adagrad": {},
}

for _opt, _kw in OPTIMIZERS.items():
    for _name, _groups in GROUPS.items():
        def _group_training(ms, _opt=_opt, _kw=_kw, _groups=_groups):
            net = _two_dense(ms)
            groups, lr = _groups(net.trainable_params(), ms.nn)
            opt = getattr(ms.nn, _opt)(groups, learning_rate=lr, **_kw)
            loss = ms.nn.WithLossCell(net, ms.nn.MSELoss())
            step = ms.nn.TrainOneStepCell(loss, opt)
            y = ms.Tensor(np.ones((4, 2), np.float32))
            losses = [step(ms.Tensor(X), y) for _ in range(3)]
            return losses, [p.value() for p in net.trainable_params()], opt.get_lr()
        _group_training.__name__ = _group_training.__qualname__ = \
            f"train_{_opt.lower()}_{_name}"
        case()(_group_training)


@case()
def group_lr_list_lengths_differ(ms):
    net = _dense(ms)
    groups = [{"params": [net.weight], "lr": [0.5, 0.4]}, {"params": [net.bias]}]
    return ms.nn.Momentum(groups, learning_rate=[0.1, 0.2, 0.3], momentum=0.9)


@case(modes=("PYNATIVE",))
def get_lr_parameter_errors(ms):
    net = _dense(ms)
    opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
    out = []
    for arg in (ms.Parameter(ms.Tensor(1.0), name="stranger"), "weight", [net.weight, 3]):
        try:
            opt.get_lr_parameter(arg)
        except (TypeError, ValueError) as e:
            out.append((type(e).__name__, str(e).split("\n")[0]))
    return out


@case(modes=("PYNATIVE",))
def constant_group_rate_is_read_plus_one_minus_one(ms):
    """A constant group rate among dynamic ones is read as ``lr + 1.0 - 1.0`` in Float32."""
    net = _dense(ms)
    groups = [{"params": [net.weight], "lr": 0.001}, {"params": [net.bias]}]
    opt = ms.nn.SGD(groups, learning_rate=ms.nn.ExponentialDecayLR(0.0013, 0.9, 1))
    grads = ms.grad(lambda x: net(x).sum(), None, opt.parameters)(ms.Tensor(X))
    opt(grads)
    return opt.get_lr(), net.weight.value(), net.bias.value()


for _size in (6, 7, 13, 70):
    for _centered in (False, True):
        def _rmsprop_tail(ms, _size=_size, _centered=_centered):
            """Blocks of 8 and the last ``size % 8`` elements go through different loops of
            the kernel: bit for bit."""
            rng = np.random.RandomState(_size)
            w = ms.Parameter(ms.Tensor(np.zeros(_size, np.float32)), name="w")
            opt = ms.nn.RMSProp([w], learning_rate=0.02, momentum=0.9, centered=_centered)
            for _ in range(3):
                opt((ms.Tensor((rng.randn(_size) * 3).astype(np.float32)),))
            return w.value(), opt.moment[0].value()
        _rmsprop_tail.__name__ = _rmsprop_tail.__qualname__ = \
            f"rmsprop_size_{_size}{'_centered' if _centered else ''}"
        case(modes=("PYNATIVE",), rtol=0.0, atol=0.0)(_rmsprop_tail)


@case(modes=("PYNATIVE",))
def generated_parameter_names(ms):
    """Unnamed Parameters are ``Parameter#<n>`` from one running count; a Cell attribute
    takes the attribute's name, a ParameterTuple attribute ``Parameter$<k>``."""
    first, second = ms.Parameter(ms.Tensor(1.0)), ms.Parameter(ms.Tensor(1.0), name=" ")
    numbers = [int(p.name.split("#")[1]) for p in (first, second)]

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.t = ms.ParameterTuple([ms.Parameter(ms.Tensor(1.0)),
                                        ms.Parameter(ms.Tensor(2.0), name="x"),
                                        ms.Parameter(ms.Tensor(3.0))])
            self.w = ms.Parameter(ms.Tensor(1.0))
            self.plain = [ms.Parameter(ms.Tensor(1.0), name="q")]
    net = Net()
    repeated = ms.ParameterTuple([first, first])
    try:
        ms.ParameterTuple([ms.Parameter(ms.Tensor(1.0), name="a"),
                           ms.Parameter(ms.Tensor(2.0), name="a")])
        clash = None
    except ValueError as e:
        clash = str(e)
    try:
        ms.Parameter(ms.Tensor(1.0), name=3)
        bad = None
    except ValueError as e:
        bad = str(e)
    return (first.name.startswith("Parameter#"), numbers[1] - numbers[0],
            [n for n, _ in net.parameters_and_names()], len(repeated), clash, bad,
            ms.Parameter(ms.Tensor(1.0), name="  a b ").name)


def _names(cell):
    return [p.name for p in cell.get_parameters()]


def _error(fn):
    try:
        fn()
    except (TypeError, IndexError, KeyError, ValueError) as e:
        return type(e).__name__, str(e)
    return None


@case(modes=("PYNATIVE",))
def container_naming_and_errors(ms):
    """Appending, inserting, replacing and deleting in a SequentialCell, CellList and
    CellDict held by a network: the Parameter names and the errors."""
    from collections import OrderedDict
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.seq = nn.SequentialCell([nn.Dense(2, 3), nn.ReLU(), nn.Dense(3, 2)])
            self.lst = nn.CellList([nn.Dense(2, 2), nn.Dense(2, 2)])
            self.od = nn.SequentialCell(OrderedDict([("fc", nn.Dense(2, 2)),
                                                     ("act", nn.Tanh())]))
            self.cd = nn.CellDict({"a": nn.Dense(2, 1)})

        def construct(self, x):
            return self.seq(x)
    net = Net()
    out = [_names(net)]
    net.seq.append(nn.Dense(2, 2))
    net.lst.append(nn.Dense(2, 2))
    out += [_names(net.seq), _names(net.lst)]
    net.lst.insert(0, nn.Dense(2, 2))
    out.append(_names(net.lst))
    del net.lst[1]
    out += [_names(net.lst), len(net.lst)]
    net.lst[0] = nn.Dense(2, 3)
    net.lst.extend([nn.Dense(1, 1)])
    out.append(_names(net.lst))
    del net.seq[1]
    out += [_names(net.seq), len(net.seq)]
    net.seq[-1] = nn.Dense(2, 4)
    out.append(_names(net.seq))
    del net.od[0]
    out.append((list(net.od._cells), _names(net.od)))
    out.append((type(net.seq[1:]).__name__, _names(net.seq[1:])))
    out.append((type(net.lst[1:]).__name__, len(net.lst[1:])))
    net.cd["b"] = nn.Dense(1, 1)
    out.append((_names(net.cd), list(net.cd.keys())))
    out += [_error(f) for f in (
        lambda: net.lst[10], lambda: net.seq[-10], lambda: net.lst["a"],
        lambda: net.lst.append(3), lambda: nn.SequentialCell(3), lambda: nn.CellList([3]),
        lambda: net.lst.extend(nn.Dense(1, 1)), lambda: net.lst.insert(10, nn.ReLU()),
        lambda: net.cd.__setitem__("a.b", nn.ReLU()), lambda: net.cd.__setitem__(1, nn.ReLU()),
        lambda: net.cd.__setitem__("training", nn.ReLU()),
        lambda: net.cd.__setitem__("c", nn.CellList()), lambda: net.cd.update([("x",)]))]
    out.append((bool(nn.CellList()), bool(nn.SequentialCell()),
                len(nn.SequentialCell(nn.ReLU()))))
    cells = nn.CellList()
    cells += [nn.ReLU()]
    out.append((len(cells), repr(net)))
    return out
