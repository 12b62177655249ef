"""``mindspore.common.initializer``: every initializer's values bit for bit (the random ones
after ``set_seed``: MindSpore's seed draws from NumPy's generator and its Philox streams),
the default initial values of the layers, Tensors that ``initializer`` leaves unfilled until
``init_data``/``asnumpy``/a Parameter; a user's ``Initializer`` subclass; the errors."""
import importlib
import math

import numpy as np

from ._registry import case


def _init(ms, init, shape, dtype=None):
    from_init = ms.common.initializer.initializer
    return from_init(init, shape, dtype if dtype is not None else ms.float32).init_data()


def _next_numpy_draw():
    """Which NumPy draw comes next: MindSpore draws one seed per random array."""
    return int(np.random.randint(0, 2 ** 31))


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def random_initializers_bit_exact(ms):
    i = ms.common.initializer
    ms.set_seed(11)
    out = []
    for init in (i.Normal(0.5), i.Normal(0.02, mean=0.3), i.Uniform(0.3), i.Uniform(),
                 i.HeUniform(), i.HeUniform(0.2, "fan_out", "leaky_relu"),
                 i.HeNormal(mode="fan_out", nonlinearity="relu"), i.HeNormal(),
                 i.XavierUniform(2), i.XavierNormal(), i.TruncatedNormal(0.02),
                 i.TruncatedNormal(1.5, 0.2, -1, 3), i.TruncatedNormal(1.0, 0.0, 0.5, 9.0),
                 i.Orthogonal(0.5), i.VarianceScaling(2.0, "fan_avg", "uniform"),
                 i.VarianceScaling(distribution="untruncated_normal"),
                 i.VarianceScaling(), "he_uniform", "normal", "truncatedNormal"):
        for shape in ((3, 4), (2, 3, 3), (5, 2, 1, 3)):
            for dtype in (ms.float32, ms.float16, ms.float64):
                out.append(_init(ms, init, shape, dtype))
        out.append(_next_numpy_draw())
    out.append(_init(ms, i.Sparse(0.4, 0.3), (6, 5)))
    out.append(_next_numpy_draw())
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def random_initializers_large_arrays(ms):
    """Arrays past a million values (the stream is generated in chunks)."""
    i = ms.common.initializer
    ms.set_seed(5)
    out = []
    for init in (i.Uniform(0.1), i.Normal(1.0), i.TruncatedNormal(0.5)):
        w = _init(ms, init, (1100, 1001)).asnumpy().reshape(-1)
        picks = [0, 1, 1048575, 1048576, 1048577, 1100 * 1001 - 1]
        out.append((w[picks], math.fsum(w.tolist())))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def layers_default_initial_values(ms):
    """Every layer's parameters as constructed after ``set_seed`` (HeUniform weights,
    Uniform biases, the recurrent layers' NumPy draws, XavierUniform attention), and the
    NumPy draw that follows each layer."""
    nn = ms.nn
    ms.set_seed(7)
    makers = (lambda: nn.Dense(3, 2), lambda: nn.Conv2d(2, 3, 3, has_bias=True),
              lambda: nn.Conv1d(2, 3, 3, has_bias=True),
              lambda: nn.Conv2dTranspose(2, 3, 2, has_bias=True),
              lambda: nn.Conv3d(1, 2, 2, has_bias=True), lambda: nn.Embedding(5, 3),
              lambda: nn.LSTM(3, 2, bidirectional=True), lambda: nn.GRU(3, 2),
              lambda: nn.RNN(2, 3), lambda: nn.BatchNorm2d(3), lambda: nn.LayerNorm((3,)),
              lambda: nn.MultiheadAttention(4, 2), lambda: nn.TransformerEncoderLayer(4, 2, 8),
              lambda: nn.Dense(3, 2, weight_init="normal", bias_init="zeros"),
              lambda: nn.PReLU(), lambda: nn.Conv2d(3, 4, 1, weight_init="xavier_uniform"))
    out = []
    for make in makers:
        net = make()
        out.append([(p.name, p.value()) for p in net.get_parameters()])
        out.append(_next_numpy_draw())
    return out


@case(modes=("PYNATIVE",))
def uninitialized_tensor_in_an_op(ms):
    """An op reading a Tensor that ``initializer`` has not filled: RuntimeError."""
    i = ms.common.initializer
    return (i.initializer(i.Normal(0.5), [2, 3], ms.float32) + 1).asnumpy()


@case(modes=("PYNATIVE",))
def uninitialized_tensors(ms):
    """``initializer(...)`` and ``Tensor(shape=, dtype=, init=)`` are filled (and draw
    their seed) only at ``init_data``/``asnumpy``, a Parameter taking them or ``set_data``;
    printing shows ``<uninitialized>``, an op raises RuntimeError, and ``init_data`` on a
    Tensor without an initializer raises TypeError."""
    i = ms.common.initializer
    ms.set_seed(3)
    out = []
    t = i.initializer(i.Normal(0.5), [2, 3], ms.float32)
    out += [str(t), t.has_init, type(t.init).__name__, t.shape, str(t.dtype)]
    out.append(_next_numpy_draw())
    out += [t.asnumpy(), t.has_init, t.init is None, _next_numpy_draw()]
    for fill in (lambda: t.init_data(), lambda: ms.Tensor([1.0]).init_data()):
        try:
            fill()
        except TypeError as e:
            out.append(str(e))
    lazy = ms.Tensor(shape=(2, 2), dtype=ms.float16, init=i.Uniform(0.3))
    out += [lazy.has_init, _next_numpy_draw(), lazy.init_data(), _next_numpy_draw()]
    p = ms.Parameter(i.initializer("xavier_uniform", [2, 2]), name="w")
    out += [p.value(), p.has_init, _next_numpy_draw()]
    dense = ms.nn.Dense(2, 3)
    out.append(_next_numpy_draw())
    dense.weight.set_data(i.initializer(i.XavierUniform(), dense.weight.shape,
                                        dense.weight.dtype))
    out += [dense.weight.value(), _next_numpy_draw()]
    const = i.initializer(0.5, [2])
    out += [str(const), const.has_init, const.asnumpy()]
    same = ms.Tensor(np.ones((2, 2), np.float32))
    out += [i.initializer(same, [2, 2]) is same, i.initializer(same, [2, 2]).has_init]
    return out


@case(modes=("PYNATIVE",))
def identity_and_by_name(ms):
    i = ms.common.initializer
    return (_init(ms, i.Identity(), [3, 4]), _init(ms, "identity", [2, 2], ms.float16),
            _init(ms, i.Identity(), [4, 2], ms.int32))


@case(modes=("PYNATIVE",))
def identity_needs_2d(ms):
    return _init(ms, ms.common.initializer.Identity(), [2, 2, 2])


@case(modes=("PYNATIVE",))
def dirac_conv_kernels(ms):
    i = ms.common.initializer
    return (_init(ms, i.Dirac(), [2, 3, 3]), _init(ms, i.Dirac(2), [4, 2, 3, 3]),
            _init(ms, i.Dirac(), [2, 2, 1, 3, 2]), _init(ms, "dirac", [3, 2, 2]))


@case(modes=("PYNATIVE",))
def dirac_groups_must_divide(ms):
    return _init(ms, ms.common.initializer.Dirac(3), [4, 2, 3, 3])


@case(modes=("PYNATIVE",))
def dirac_needs_3_to_5_dims(ms):
    return _init(ms, ms.common.initializer.Dirac(), [4, 2])


@case(modes=("PYNATIVE",), rtol=1e-5, atol=1e-5)
def orthogonal_is_orthogonal(ms):
    i = ms.common.initializer
    tall = _init(ms, i.Orthogonal(), [5, 3]).init_data()
    wide = _init(ms, i.Orthogonal(gain=2.0), [2, 6]).init_data()
    conv = _init(ms, "orthogonal", [3, 2, 2, 2]).init_data().reshape(3, 8)
    mm = ms.ops.matmul
    return (mm(tall.T, tall), mm(wide, wide.T), mm(conv, conv.T), str(tall.dtype), conv.shape)


@case(modes=("PYNATIVE",))
def orthogonal_needs_2d(ms):
    return _init(ms, ms.common.initializer.Orthogonal(), [4])


@case(modes=("PYNATIVE",))
def sparse_zeros_per_column(ms):
    w = _init(ms, ms.common.initializer.Sparse(0.5, sigma=1.0), [5, 4]).asnumpy()
    return [int((w[:, c] == 0).sum()) for c in range(4)], w.dtype.name


@case(modes=("PYNATIVE",))
def variance_scaling_bounds(ms):
    i = ms.common.initializer
    # the default distribution ('truncated_normal') draws uniformly in MindSpore 2.10
    w = _init(ms, i.VarianceScaling(scale=2.0, mode="fan_avg"), [40, 60]).asnumpy()
    limit = np.sqrt(3.0 * 2.0 / 50.0)
    u = _init(ms, i.VarianceScaling(mode="fan_out", distribution="uniform"),
              [30, 10]).asnumpy()
    return (bool(np.abs(w).max() <= limit), bool(np.abs(w).max() > 0.9 * limit),
            bool(np.abs(u).max() <= np.sqrt(3.0 / 30)), w.shape)


@case(modes=("PYNATIVE",))
def variance_scaling_bad_mode(ms):
    return ms.common.initializer.VarianceScaling(mode="fan")


@case(modes=("PYNATIVE",))
def variance_scaling_bad_scale(ms):
    return ms.common.initializer.VarianceScaling(scale=0.0)


@case(modes=("PYNATIVE",))
def user_initializer_subclass(ms):
    class Ramp(ms.common.initializer.Initializer):
        def __init__(self, start):
            super().__init__()
            self.start = start

        def _initialize(self, arr):
            arr[...] = np.arange(arr.size).reshape(arr.shape) + self.start

    dense = ms.nn.Dense(3, 2, weight_init=Ramp(1), bias_init=Ramp(-1))
    return (_init(ms, Ramp(0.5), [2, 3]), _init(ms, Ramp(2), [4], ms.int32),
            dense.weight.value(), dense.bias.value())


@case(modes=("PYNATIVE",))
def initializer_argument_kinds(ms):
    """``initializer(init, shape, dtype)`` with names in any case, numbers, bools (True
    fills ones) and what it refuses: an unknown name (ValueError), None (TypeError)."""
    initializer = importlib.import_module(ms.__name__ + ".common.initializer").initializer
    out = []
    for init in ("ones", "ZEROS", 3, 2.5, True, False, "xavier", None, [1.0]):
        for dtype in (ms.float32, ms.int32):
            try:
                t = initializer(init, (2, 2), dtype)
                out.append((str(t.dtype), t.asnumpy().tolist()))
            except (TypeError, ValueError) as e:
                out.append((type(e).__name__, str(e).split("\n")[0]))
    return out
