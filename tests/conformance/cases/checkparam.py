"""``mindspore._checkparam``, ``mindspore.tensor``, ``jit_class`` and the parallel helpers
model-zoo code imports: results, exception classes and messages."""
import importlib

import numpy as np

from ._registry import case


def _outcome(f, *args):
    try:
        return repr(f(*args))
    except Exception as e:  # noqa: BLE001 - the class and message are the result
        return f"{type(e).__name__}: {e}"


@case(modes=("PYNATIVE",))
def checkparam_messages(ms):
    v = importlib.import_module(ms.__name__ + "._checkparam")
    calls = [
        (v.check_value_type, "x", 1, [float], "Net"),
        (v.check_value_type, "x", 1, [float, bool], "Net"),
        (v.check_value_type, "x", True, [int], "Net"),
        (v.check_value_type, "x", True, [int, bool], "Net"),
        (v.check_value_type, "x", 1.0, (float,), "Net"),
        (v.check_value_type, "x", 1, [float]),
        (v.check_positive_int, 0, "n", "Net"), (v.check_positive_int, 1.5, "n", "Net"),
        (v.check_positive_int, True, "n", "Net"), (v.check_positive_int, 3, "n", "Net"),
        (v.check_positive_int, 0), (v.check_positive_int, 0, "n"),
        (v.check_non_negative_int, -1, "n", "Net"), (v.check_non_negative_int, 0, "n", "Net"),
        (v.check_negative_int, 1, "n", "Net"), (v.check_non_positive_int, 1, "n", "Net"),
        (v.check_positive_float, 0.0, "f", "Net"), (v.check_positive_float, 1, "f", "Net"),
        (v.check_positive_float, float("nan"), "f", "Net"),
        (v.check_non_negative_float, -1.0, "f", "Net"),
        (v.check_non_negative_float, 1, "f", "Net"),
        (v.check_float_range, 1.5, 0.0, 1.0, v.INC_NEITHER, "f", "Net"),
        (v.check_float_range, 1.0, 0.0, 1.0, v.INC_BOTH, "f", "Net"),
        (v.check_float_range, 1.0, 0.0, 1.0, v.INC_LEFT, "f", "Net"),
        (v.check_float_range, 0.0, 0.0, 1.0, v.INC_RIGHT, "f", "Net"),
        (v.check_int_range, 5, 0, 3, v.INC_LEFT, "i", "Net"),
        (v.check_int_range, 2, 0, 3, v.INC_LEFT, "i", "Net"),
        (v.check_bool, 1, "b", "Net"), (v.check_bool, True, "b", "Net"),
        (v.check_string, "a", ["b", "c"], "s", "Net"),
        (v.check_string, "b", ["b", "c"], "s", "Net"),
        (v.check_int, 3, 5, v.GE, "i", "Net"), (v.check_int, 3, 3, v.LE, "i", "Net"),
        (v.check_int, 3, 3, v.NE, "i", "Net"), (v.check_int, 3, 3, v.LT, "i", "Net"),
        (v.check_is_int, 1.5, "i", "Net"), (v.check_is_float, 1, "f", "Net"),
        (v.check_equal_int, 3, 4, "i", "Net"),
        (v.check_number, "n", 3, 5, v.GT, "Net"), (v.check_number, "n", 3, 3, v.GE, "Net"),
        (v.check_isinstance, "x", 3, str),
    ]
    return [_outcome(f, *args) for f, *args in calls] + [
        [v.EQ, v.NE, v.LT, v.LE, v.GT, v.GE, v.INC_NEITHER, v.INC_LEFT, v.INC_RIGHT,
         v.INC_BOTH, v.IN, v.NOT_IN]]


@case()
def tensor_function(ms):
    return (ms.tensor([1, 2]), ms.tensor(1.5), ms.tensor(3), ms.tensor(np.float64(2.0)),
            ms.tensor([1, 2], ms.float16), ms.tensor(None, ms.float32, (2,)),
            ms.tensor(ms.Tensor([1.5, 2.5])), ms.tensor([[True]]))


@case(modes=("PYNATIVE",))
def jit_class_marks(ms):
    @ms.jit_class
    class Scale:
        def __init__(self):
            self.k = 2.0
    return [bool(Scale.__ms_class__), _outcome(ms.jit_class, 3),
            _outcome(ms.jit_class, ms.nn.Dense).split(":")[0]]


@case(modes=("PYNATIVE",))
def parallel_private_helpers(ms):
    u = importlib.import_module(ms.__name__ + ".parallel._utils")
    a = importlib.import_module(ms.__name__ + ".parallel._auto_parallel_context")
    ctx = a.auto_parallel_context()
    out = [u._get_parallel_mode(), u._get_device_num(), u._get_gradients_mean(),
           u._get_global_rank(), u._is_sharding_propagation(), u._get_full_batch(),
           u._get_enable_parallel_optimizer(), u._get_pipeline_stages(),
           u._is_in_auto_parallel_mode(), u._is_in_data_parallel_mode(),
           ctx.get_parallel_mode(), ctx.get_device_num(), ctx.get_gradients_mean(),
           ctx.get_device_num_is_set(), ctx.get_global_rank_is_set()]
    ms.set_auto_parallel_context(parallel_mode="data_parallel", device_num=4,
                                 gradients_mean=True)
    try:
        out += [u._get_parallel_mode(), u._get_device_num(), u._get_gradients_mean(),
                ctx.get_device_num_is_set(), ctx.get_device_num(),
                u._is_in_data_parallel_mode()]
    finally:
        ms.reset_auto_parallel_context()
    out += [ctx.get_device_num_is_set(), u._get_device_num()]
    return out


@case()
def composite_ones_zeros_like(ms):
    C = ms.ops.composite
    x = [ms.Tensor(np.array([1, 2], np.int32)), (ms.Tensor(np.array([[1.5]], np.float32)),)]
    return (C.ones_like(x), C.zeros_like(x[0]), C.ones_like(ms.Tensor(np.array([True]))),
            _outcome(C.zeros_like, x).split(":")[0])


@case(modes=("PYNATIVE",))
def make_range_tuples(ms):
    return [ms.ops.make_range(5), ms.ops.make_range(1, 7, 2), ms.ops.make_range(5, 0, -2)]


@case()
def scatter_nd_update_writes_the_parameter(ms):
    p = ms.Parameter(ms.Tensor(np.zeros((3, 2), np.float32)), name="p")
    out = ms.ops.ScatterNdUpdate()(p, ms.Tensor(np.array([[0], [2]], np.int32)),
                                   ms.Tensor(np.array([[1, 2], [3, 4]], np.float32)))
    return out, ms.Tensor(p.asnumpy())


@case()
def nn_matmul(ms):
    a = ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 1, 3, 4) / 10)
    b = ms.Tensor(np.arange(20, dtype=np.float32).reshape(5, 4) / 7)
    v = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    return (ms.nn.MatMul(transpose_x2=True)(a, b), ms.nn.MatMul()(v, v),
            ms.nn.MatMul(transpose_x1=True)(ms.Tensor(np.ones((4, 3), np.float32)), b.T))


@case(modes=("PYNATIVE",))
def optimizer_model_zoo_attributes(ms):
    net = ms.nn.Dense(2, 2)
    opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=4.0)
    plain = ms.nn.SGD(net.trainable_params())
    return [opt.use_parallel, list(opt.optim_filter), opt.reciprocal_scale, opt.need_scale,
            plain.need_scale, plain.reciprocal_scale,
            ms.FixedLossScaleManager is ms.train.FixedLossScaleManager,
            ms.DynamicLossScaleManager is ms.amp.DynamicLossScaleManager]


@case(modes=("PYNATIVE",))
def dataset_config_defaults(ms):
    c = ms.dataset.config
    out = [c.get_seed(), c.get_prefetch_size(), c.get_enable_shared_mem(),
           c.get_callback_timeout(), c.get_monitor_sampling_interval(), c.get_numa_enable(),
           c.get_auto_num_workers(), c.get_debug_mode()]
    c.set_enable_shared_mem(False)
    c.set_prefetch_size(4)
    out += [c.get_enable_shared_mem(), c.get_prefetch_size()]
    c.set_enable_shared_mem(True)
    c.set_prefetch_size(16)
    return out


@case(modes=("PYNATIVE",))
def cell_dict_container(ms):
    nn = ms.nn
    d = nn.CellDict({"a": nn.Dense(2, 2), "b": nn.ReLU()})
    out = [len(d), "a" in d, list(d.keys()), [type(v).__name__ for v in d.values()]]
    d["c"] = nn.Dense(2, 3)
    out += [list(d.keys()), [p.name for p in d.get_parameters()]]
    out += [type(d.pop("a")).__name__, list(d.keys())]
    d.update({"z": nn.Tanh()})
    out += [list(d.keys()), list(iter(d))]
    del d["b"]
    out.append(list(d.keys()))
    for f in (lambda: d.__setitem__(3, nn.ReLU()), lambda: d.__setitem__("q", 5),
              lambda: d.__setitem__("a.b", nn.ReLU())):
        out.append(_outcome(f).split(":")[0])
    d.clear()
    out += [len(d), repr(nn.CellDict([("x", nn.ReLU()), ("y", nn.GELU())]))]
    return out


@case(modes=("PYNATIVE",))
def args_type_check_messages(ms):
    v = importlib.import_module(ms.__name__ + "._checkparam")

    @v.args_type_check(n=int, name=(str, type(None)), rate=(int, float))
    def f(n=None, name="a", rate=0.5):
        return n, name, rate

    @v.args_type_check(mode=int, flag=bool)
    def g(**kwargs):
        return sorted(kwargs.items())

    return (_outcome(f, 3), _outcome(f, "3"), _outcome(f, None, 1), _outcome(f, 1, "b", "x"),
            _outcome(f, True), _outcome(g), _outcome(lambda: g(mode=2, flag=True)),
            _outcome(lambda: g(mode="2")), _outcome(lambda: g(flag=1)))


@case(modes=("PYNATIVE",))
def initializer_helpers(ms):
    init = importlib.import_module(ms.__name__ + ".common.initializer")
    arr = np.zeros((2, 3), np.float32)
    scalar = np.zeros((), np.float32)
    return (_outcome(init._calculate_fan_in_and_fan_out, (8, 3, 5, 5)),
            _outcome(init._calculate_fan_in_and_fan_out, (4, 6)),
            _outcome(init._calculate_fan_in_and_fan_out, (4,)),
            init._assignment(arr, 2.5), init._assignment(scalar, 3.0),
            init._assignment(np.zeros(3, np.int32), np.array([1, 2, 3])))


@case(modes=("PYNATIVE", "GRAPH"))
def auto_parallel_wrapper(ms):
    from importlib import import_module
    AutoParallel = import_module(ms.__name__ + ".parallel.auto_parallel").AutoParallel  # noqa: N806
    dense = ms.nn.Dense(2, 3, weight_init="ones", bias_init="zeros")
    net = AutoParallel(dense, parallel_mode="sharding_propagation")
    net.hsdp(shard_size=2)
    net.pipeline(stages=1)
    net.dataset_strategy("data_parallel")
    try:
        AutoParallel(dense, "auto")
        error = "ok"
    except ValueError as e:
        error = str(e)
    return (tuple(p.name for p in net.get_parameters()), net.get_pipeline_stages(),
            net(ms.Tensor(np.array([[1.0, 2.0]], np.float32))), error)


@case(modes=("PYNATIVE",))
def small_api_pieces(ms):
    """nn.rearrange_inputs with set_indexes, the parameter-server context, Primitive.recompute,
    cell_attr_register, the top-level callback names, DatasetCache's settings."""
    from importlib import import_module
    nn = ms.nn

    class Pairs(nn.Metric):
        def __init__(self):
            super().__init__()
            self.clear()

        def clear(self):
            self.seen = []

        @nn.rearrange_inputs
        def update(self, *inputs):
            self.seen.append(tuple(inputs))

        def eval(self):
            return tuple(self.seen)

    m = Pairs()
    m.update(1, 2, 3)
    m.set_indexes([2, 0])
    m.update(1, 2, 3)
    ms.context.set_ps_context(enable_ssl=False)
    prim = ms.ops.MatMul()
    register = import_module(ms.__name__ + "._extends").cell_attr_register

    class Reg(nn.Cell):
        @register
        def __init__(self, k=2):
            super().__init__()
            self.k = k

        def construct(self, x):
            return x * self.k

    cache = ms.dataset.DatasetCache(session_id=7, size=64, spilling=True)
    return (m.eval(), ms.context.get_ps_context("enable_ps"),
            ms.context.get_ps_context("enable_ssl"), prim.recompute() is prim,
            Reg(3)(ms.Tensor(np.array([1.0], np.float32))),
            tuple(getattr(ms, n) is getattr(ms.train, n) for n in (
                "Callback", "LossMonitor", "TimeMonitor", "History", "LambdaCallback",
                "RunContext", "CheckpointConfig", "ModelCheckpoint")),
            (cache.session_id, cache.size, cache.spilling))


@case(modes=("PYNATIVE", "GRAPH"))
def cell_register_buffer(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.register_buffer("buf", ms.Tensor(np.array([1.0, 2.0], np.float32)))
            self.register_buffer("tmp", ms.Tensor(np.array([3.0], np.float32)),
                                 persistent=False)
            self.dense = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")

        def construct(self, x):
            return self.dense(x) + self.buf.sum()

    net = Net()
    errors = []
    for call in (lambda: net.register_buffer("dense", ms.Tensor(1.0)),
                 lambda: net.register_buffer("a.b", ms.Tensor(1.0)),
                 lambda: net.register_buffer("c", 3)):
        try:
            call()
            errors.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            errors.append(f"{type(e).__name__}: {e}")
    return (tuple(n for n, _ in net.named_buffers()), tuple(p.name for p in
                                                              net.get_parameters()),
            net(ms.Tensor(np.ones((1, 2), np.float32))), tuple(b.shape for b in net.buffers()),
            tuple(errors))


@case(modes=("PYNATIVE",))
def confusion_matrix_metric(ms):
    out = []
    for normalize in ("no_norm", "target", "prediction", "all"):
        m = ms.train.ConfusionMatrix(num_classes=3, normalize=normalize)
        m.clear()
        m.update(ms.Tensor(np.array([[0.1, 0.8, 0.1], [0.6, 0.2, 0.2], [0.1, 0.1, 0.8],
                                     [0.7, 0.2, 0.1]], np.float32)),
                 ms.Tensor(np.array([1, 1, 2, 0])))
        m.update(np.array([0, 2]), np.array([0, 1]))
        out.append(m.eval())
    binary = ms.train.ConfusionMatrix(num_classes=2, threshold=0.3)
    binary.update(ms.Tensor(np.array([0.2, 0.4, 0.9, 0.1], np.float32)),
                  ms.Tensor(np.array([0, 1, 1, 1])))
    out.append(binary.eval())
    for call in (lambda: ms.train.ConfusionMatrix(2, normalize="true"),
                 lambda: ms.train.ConfusionMatrix(2).eval(),
                 lambda: ms.train.ConfusionMatrix(2).update(np.zeros((2, 2, 2)), np.zeros(2))):
        try:
            call()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return tuple(out)
