"""The numbers of MindSpore's CPU random kernels (``UniformReal``, ``UniformInt``,
``StandardNormal``, a seeded ``Dropout`` primitive) after ``set_seed`` or with op seeds: the
functional ops build a kernel per call from the seed counters; a user's Primitive keeps its
kernel from call to call; a compiled graph takes its seeds when it is compiled and keeps its
kernels across calls. Large draws are recorded as digests."""
import hashlib

import numpy as np

from ._registry import case


def _digest(t):
    a = np.ascontiguousarray(t.asnumpy())
    return (str(t.dtype), a.shape, hashlib.md5(a.tobytes()).hexdigest(),
            float(a.astype(np.float64).sum()))


@case(rtol=0, atol=0)
def functional_draws(ms):
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(11)
    return [
        ops.rand(2, 3), ops.rand((4,)), ops.rand([2, 2], dtype=ms.float64),
        ops.rand(3, dtype=ms.float16, seed=4), ops.rand(3, seed=4),
        ops.randn(5), ops.randn(2, 3, dtype=ms.float64), ops.randn((3,), seed=2),
        ops.standard_normal((3, 2)), ops.standard_normal((1,), seed=6),
        ops.normal((2, 3), T(2.0), T(0.5)), ops.normal((3,), 1, 3.0, seed=1),
        ops.normal((2, 1, 3), T(np.arange(3, dtype=np.float32)), T(2.0)),
        ops.uniform((4,), T(-1.0), T(3.0)),
        ops.uniform((3, 1, 2), T([[3.0, 4.0], [5.0, 6.0]]), T([8.0, 10.0]), seed=5),
        ops.uniform((6,), T(-3, ms.int32), T(4, ms.int32), dtype=ms.int32),
        ops.randint(0, 10, (8,)), ops.randint(-100, 100, (2, 3), dtype=ms.int32),
        ops.randint(5, 9, (4,), seed=3, dtype=ms.int16),
        ops.rand_like(T(np.zeros((2, 2), np.float32))),
        ops.rand_like(T(np.zeros(3, np.float16))),
        ops.randn_like(T(np.zeros((3,), np.float32))),
        ops.randn_like(T([1, 2])),
        ops.randint_like(T(np.zeros(4, np.int32)), 0, 3),
        ops.randint_like(T(np.zeros(3, np.float32)), 0, 100, dtype=ms.int64),
        ops.rand(), ops.randn(0, 3),
    ]


@case(rtol=1e-12, atol=0)  # the sums: NumPy versions add in other orders
def large_draws(ms):
    ops = ms.ops
    ms.set_seed(3)
    return [_digest(ops.randn(100001)), _digest(ops.rand(70000, 3)),
            _digest(ops.randint(-7, 2**30, (120000,))), _digest(ops.standard_normal((999, 17)))]


@case(rtol=0, atol=0)
def global_seed_zero(ms):
    """``set_seed(0)``: the kernels take MindSpore's default graph seed instead."""
    ops = ms.ops
    ms.set_seed(0)
    return [ops.rand(3, seed=7), ops.rand(3, seed=7), ops.randn(4, seed=1),
            ops.randint(0, 5, (6,), seed=2)]


@case(rtol=0, atol=0)
def primitives_keep_their_kernel(ms):
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(1)
    normal = ops.StandardNormal(seed=2, seed2=3)
    real = ops.UniformReal(seed=5)
    ints = ops.UniformInt(seed=0, seed2=9)
    bounds = [(0, 7), (-5, 5), (0, 7)]
    drop = ops.Dropout(keep_prob=0.7, Seed0=1, Seed1=2)
    ones = T(np.ones((2, 8), np.float32))
    return [normal((3,)), normal((3,)), normal((2, 2)), normal((3,)), normal((2, 2)),
            real((2,)), real((3,)), real((2,)), real((3,)),
            *[ints((5,), T(lo, ms.int32), T(hi, ms.int32)) for lo, hi in bounds],
            ints((2,), T(0, ms.int32), T(3, ms.int32)),
            drop(ones), drop(ones), drop(T(np.ones(5, np.float32))), drop(ones)]


def _noisy_net(ms):
    ops, nn = ms.ops, ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.sn = ops.StandardNormal(seed=7)

        def construct(self, x):
            return x + ops.randn(3) + self.sn((3,)), ops.rand(2), ops.randint(0, 100, (3,))
    return Net()


@case(rtol=0, atol=0)
def compiled_graphs_keep_their_kernels(ms):
    """PYNATIVE: a kernel per call. GRAPH_MODE and ``jit``: seeds taken when compiling,
    kernels kept from call to call; eager calls after them go on with the counters."""
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(1)
    net = _noisy_net(ms)
    x = T(np.zeros(3, np.float32))
    out = [net(x), net(x)]

    @ms.jit
    def f(x):
        return x * ops.randn(3), ops.randint(0, 100, (4,))
    ones = T(np.ones(3, np.float32))
    out += [f(ones), f(ones), ops.randn(3), ops.rand(2), ops.randint(0, 100, (3,))]
    return out


def _vae(ms):
    ops, nn, T = ms.ops, ms.nn, ms.Tensor

    class VAE(nn.Cell):
        def __init__(self):
            super().__init__()
            self.enc = nn.Dense(4, 6, weight_init="ones")
            self.dec = nn.Dense(3, 4, weight_init="ones")
            self.sn = ops.StandardNormal(seed=3, seed2=4)

        def construct(self, x):
            h = self.enc(x)
            mu, logvar = h[:, :3], h[:, 3:]
            z = mu + ops.exp(0.5 * logvar) * ops.randn_like(mu) + 0.1 * self.sn(mu.shape)
            return self.dec(z + ops.uniform(z.shape, T(-0.1), T(0.1))).sum()
    return VAE()


@case(rtol=1e-6, atol=1e-6)
def noisy_model_gradients_and_training(ms):
    ms.set_seed(7)
    net = _vae(ms)
    x = ms.Tensor(np.linspace(-1, 1, 8).reshape(2, 4).astype(np.float32) * 0.1)
    grad_fn = ms.value_and_grad(net, None, net.trainable_params())
    out = [grad_fn(x) for _ in range(3)]
    train = ms.nn.TrainOneStepCell(net, ms.nn.Adam(net.trainable_params(), 1e-2))
    out += [train(x) for _ in range(3)]
    return out


@case(rtol=0, atol=0)
def numpy_random(ms):
    mnp = ms.numpy
    ms.set_seed(2)
    return [mnp.rand(2, 3), mnp.rand((2,), dtype=ms.float64), mnp.randn(4), mnp.randn(2, 2),
            mnp.randint(0, 50, (4,)), mnp.randint(5), mnp.randint(-3, 3, 5),
            mnp.randint(1, 9, [2, 2], dtype="int32")]


def _error(call):
    try:
        call()
    except Exception as e:  # noqa: BLE001 - the class and message are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"
    return "no error"


@case(modes=("PYNATIVE",))
def argument_errors(ms):
    ops, T = ms.ops, ms.Tensor
    mnp = ms.numpy
    calls = [
        lambda: ops.uniform((2,), 0.0, T(1.0)),
        lambda: ops.uniform((2,), T(0.0, ms.float64), T(1.0, ms.float64), dtype=ms.float64),
        lambda: ops.uniform((2,), T(0.0), T(1.0), dtype=ms.int32),
        lambda: ops.uniform((2,), T([0, 1], ms.int32), T([3, 4], ms.int32), dtype=ms.int32),
        lambda: ops.rand(2, dtype=ms.int32),
        lambda: ops.randn(2, dtype=ms.int32),
        lambda: ops.rand(2.5),
        lambda: ops.randn(2, 1.5),
        lambda: ops.randint(0, 3, (2,), dtype=ms.float32),
        lambda: ops.randint(0, 3, [2]),
        lambda: ops.randint(0.5, 3, (2,)),
        lambda: ops.standard_normal((2, -1)),
        lambda: ops.normal((2,), "a", 1.0),
        lambda: ops.normal([2], 0.0, 1.0),
        lambda: ops.normal((2, 0), 0.0, 1.0),
        lambda: ops.normal((2,), 0.0, 1.0, seed=-1),
        lambda: ops.rand(2, seed=-1),
        lambda: ops.StandardNormal(seed=-1),
        lambda: ops.UniformReal(seed2=-2),
        lambda: ops.UniformInt(seed=1)((2,), T(0.0), T(1.0)),
        lambda: ops.UniformInt(seed=1)((2,), T([0], ms.int32), T([3], ms.int32)),
        lambda: ops.rand_like(T([1, 2])),
        lambda: ops.randint_like(T(np.zeros(2, np.float32)), 0, 4),
        lambda: ops.randint_like(T(np.zeros(2, np.int32)), 0.0, 4),
        lambda: ops.randn_like(np.zeros(2)),
        lambda: mnp.rand(2, dtype=ms.int32),
        lambda: mnp.randn(2, dtype="int"),
        lambda: mnp.randint(0),
        lambda: mnp.randint(3, 1),
        lambda: mnp.randint(1.5),
        lambda: mnp.randint(0, 4, dtype=ms.float32),
        lambda: mnp.rand(2.5),
        lambda: mnp.randn(2, 1.5),
        lambda: mnp.randint(0, 4, (2, -1)),
        lambda: mnp.randint(0, 4, 3, dtype=ms.int64),
        lambda: mnp.randint(0, 4, 3, dtype="int16"),
    ]
    return [_error(c) for c in calls]


@case(modes=("PYNATIVE",))
def empty_and_bad_ranges(ms):
    """Zero-sized draws, and ``UniformInt`` with an empty range (refused by its kernel)."""
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(4)
    out = [ops.standard_normal((2, 0)), ops.rand(0), ops.randint(0, 4, (0,))]
    out.append(_error(lambda: ops.randint(3, 3, (2,)).asnumpy()))
    out.append(_error(lambda: ops.uniform((2,), T(3, ms.int32), T(1, ms.int32),
                                          dtype=ms.int32).asnumpy()))
    return out


@case(rtol=0, atol=0)
def multinomial_draws(ms):
    """With replacement MindSpore's ``Multinomial`` kernel (running sums, ``minstd_rand0``);
    without, ``top_k(log(UniformReal) / (input + 1e-6))``; a row summing to zero gives its
    last index; inside a Cell, per compiled graph in GRAPH_MODE."""
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(1)
    p = T(np.array([[0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1]], np.float32))

    class Net(ms.nn.Cell):
        def construct(self, x):
            return ops.multinomial(x, 5), ops.multinomial(x, 2, False)
    net = Net()
    return [ops.multinomial(p, 40), ops.multinomial(T(np.array([1., 2., 3., 4.], np.float32)), 30),
            ops.multinomial(p, 3, replacement=False),
            ops.multinomial(T(np.array([1., 0., 3., 4., 9.], np.float32)), 4, False, seed=3),
            ops.multinomial(T(np.array([[0., 0, 0], [1, 1, 1]], np.float32)), 4),
            ops.multinomial(T(np.array([0.5, 1.5, 1.], np.float64)), 6),
            ops.multinomial(T(np.array([0.5, 1.5, 1.], np.float16)), 6),
            ops.multinomial(p, 7, seed=2), net(p), net(p)]


@case(modes=("PYNATIVE",))
def multinomial_errors(ms):
    ops, T = ms.ops, ms.Tensor
    return [_error(lambda: ops.multinomial(T(np.ones((2, 2, 2), np.float32)), 2)),
            _error(lambda: ops.multinomial(T(np.ones((2, 3), np.float32)), 4, False))]


@case(rtol=0, atol=0)
def randperm_orders(ms):
    """``std::shuffle`` with ``std::mt19937(offset or seed)``; the global seed plays no part;
    the same arguments give the same permutation in every call and graph."""
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(1)
    out = [ops.randperm(12, seed=s, offset=o) for s, o in
           [(0, 0), (5, 7), (2, 0), (0, 4), (9, 1), (123456789, 0), (1, 2**33)]]
    out += [ops.randperm(5, dtype=ms.int32), ops.randperm(4, dtype=ms.float32),
            ops.randperm(T(4)), ops.randperm(1), ops.randperm(5, dtype=ms.int8),
            ops.randperm(6, seed=3, dtype=ms.float16), _digest(ops.randperm(70000, seed=3))]

    @ms.jit
    def f(x):
        return x + ops.randperm(6, seed=11).astype(ms.float32)
    zeros = T(np.zeros(6, np.float32))
    return out + [f(zeros), f(zeros)]


@case(modes=("PYNATIVE",))
def randperm_errors(ms):
    ops = ms.ops
    return [_error(c) for c in (
        lambda: ops.randperm(-1), lambda: ops.randperm(0), lambda: ops.randperm(3.0),
        lambda: ops.randperm(3, dtype=ms.bool_), lambda: ops.randperm(300, dtype=ms.uint8),
        lambda: ops.randperm(129, dtype=ms.int8), lambda: ops.randperm(70000, dtype=ms.float16),
        lambda: ops.randperm(5, offset=-2))]


@case(rtol=0, atol=0)
def shuffle_orders(ms):
    """``RandomShuffle``: ``std::shuffle`` of the first axis with the kernel's
    ``minstd_rand0`` (one draw for two positions while ``n * n`` fits its range)."""
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(1)
    out = [ops.shuffle(T(np.arange(10, dtype=np.float32))),
           ops.shuffle(T(np.arange(10, dtype=np.float32))),
           ops.shuffle(T(np.arange(12).reshape(6, 2)), seed=4),
           ops.shuffle(T(np.arange(3000, dtype=np.int32)))[:20],
           _digest(ops.shuffle(T(np.arange(50000, dtype=np.int32))))]

    @ms.jit
    def f(x):
        return ops.shuffle(x) * 2
    x = T(np.arange(7, dtype=np.float32))
    return out + [f(x), f(x)]


@case(rtol=0, atol=0)
def control_flow_graph_keeps_its_kernels(ms):
    """A GRAPH_MODE Cell branching on Tensor values: MindSpore compiles both branches once,
    each random op with its kernel kept across calls (mscompat runs it through a graph break
    and keeps the kernels per call site); in PYNATIVE a kernel per call."""
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(0)

    class Branchy(ms.nn.Cell):
        def construct(self, a):
            if a.sum() > 0:
                return a * ops.rand(a.shape)
            return a - ops.randn(a.shape)
    net = Branchy()
    up, down = T(np.ones(3, np.float32)), T(-np.ones(3, np.float32))
    return [net(up), net(down), net(up), net(down), ops.rand(2)]


@case(rtol=0, atol=0)
def laplace_draws(ms):
    """``StandardLaplace``: ``-sign(v) * log(1 - |v|)`` in double from the kernel's
    ``minstd_rand0`` uniform; ``laplace`` scales and shifts it."""
    ops, T = ms.ops, ms.Tensor
    ms.set_seed(1)

    @ms.jit
    def f(x):
        return x + ops.standard_laplace((3,))
    zeros = T(np.zeros(3, np.float32))
    return [ops.standard_laplace((2, 3)), ops.standard_laplace((3,), seed=4),
            ops.laplace((3,), T(1.0), T(2.0)),
            ops.laplace((2, 2), T(np.zeros((2, 1), np.float32)), T(0.5), seed=2),
            _digest(ops.standard_laplace((20000,))), f(zeros), f(zeros),
            _error(lambda: ops.laplace((3,), T(1.0, ms.float64), T(2.0))),
            _error(lambda: ops.laplace([3], T(1.0), T(2.0)))]


@case(rtol=0, atol=0)
def choice_with_mask_draws(ms):
    """``RandomChoiceWithMask``: ``std::shuffle`` of the True positions with the kernel's
    ``minstd_rand0``, kept per Primitive and shape; coordinates in MindSpore's layout (an
    input of three or more dimensions as rows of the rest: ``(row, 0, ..., column)``);
    ``choice_with_mask`` seeded from its counter."""
    ops, T = ms.ops, ms.Tensor
    x = np.zeros((4, 5), bool)
    x.flat[[0, 2, 3, 7, 8, 11, 12, 15, 17, 19]] = True
    out = [ops.RandomChoiceWithMask(count=12, seed=s1, seed2=s2)(T(x))
           for s1, s2 in [(1, 0), (0, 5), (3, 7)]]
    prim = ops.RandomChoiceWithMask(count=6, seed=2)
    out += [prim(T(x)), prim(T(x))]
    out += [ops.RandomChoiceWithMask(count=24, seed=1)(T(np.ones(shape, bool)))
            for shape in [(3, 4, 2), (2, 3, 2, 2), (7,)]]
    ms.set_seed(4)

    class Chooser(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.choose = ops.RandomChoiceWithMask(count=3, seed=9)

        def construct(self, a):
            return self.choose(a)[0], ops.choice_with_mask(a, 2)[0]
    net = Chooser()
    out += [ops.choice_with_mask(T(x), 4), ops.choice_with_mask(T(x.reshape(2, 2, 5)), 12),
            net(T(x)), net(T(x))]
    return out


@case(rtol=0, atol=0)
def random_categorical_draws(ms):
    """``RandomCategorical`` seeded ``(0, seed)`` with its own ``seed`` argument: a uniform
    per sample shared by the rows, compared with each row's running sum of ``expf``; a kernel
    per eager call, one kept across the calls of a compiled graph."""
    ops, T = ms.ops, ms.Tensor
    logits = T(np.log(np.array([[0.1, 0.2, 0.3, 0.4], [0.4, 0.3, 0.2, 0.1]], np.float32)))

    @ms.jit
    def f(x):
        return ops.random_categorical(x, 5, seed=8)
    wide = T(np.random.RandomState(0).randn(3, 7).astype(np.float32))
    return [ops.random_categorical(logits, 20, seed=3),
            ops.random_categorical(logits, 20, seed=3, dtype=ms.int32),
            ops.random_categorical(wide, 50, seed=17), logits.random_categorical(6, 5),
            f(logits), f(logits)]
