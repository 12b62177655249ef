"""MindSpore 2.10's CPU kernels where their numbers are their own: the ``Log`` series (and
``log2``/``log10``/``logsigmoid``/``tanhshrink`` built on it and on the ``Tanh`` and
``Sigmoid`` kernels), the float32 ``Softplus`` and ``Mish`` kernels (NaN for ``mish`` from
44.4 up, their Float16/Float64 inputs computed in float32), Float16 steps (``hardswish``,
``softmax``, ``log1p``), signs of zero (``log1p``/``expm1`` of -0, ``Mod``/``frac`` keeping
-0, a Bool times a float), exact divisions by constants (``rad2deg``/``deg2rad``,
``hardsigmoid``/``hardswish``), integer ``ops.norm`` and ``hardsigmoid``, ``digamma``'s poles
and the operators with a Python scalar on their left. Tolerances are zero where the kernel
is reproduced bit for bit."""
import numpy as np

from ._registry import case

NAN, INF = float("nan"), float("inf")


def _spread(n, seed, low=-20.0, high=20.0):
    return np.exp(np.random.RandomState(seed).uniform(low, high, n)).astype(np.float32)


def _normal(shape, seed, scale=3.0):
    return (np.random.RandomState(seed).randn(*shape) * scale).astype(np.float32)


# Sizes are multiples of 8 or below 4: MindSpore runs some kernels as one task, some as two
# (the first ceil(size / 2) elements, then the rest), depending on the call, and each task's
# last len % 4 elements go through its scalar loop; at these sizes the two agree.
@case(rtol=0, atol=0)
def log_kernel(ms):
    ops = ms.ops
    out = []
    for n, seed in ((8, 1), (16, 2), (3, 3), (512, 4), (1024, 5)):
        x = ms.Tensor(_spread(n, seed))
        out.append([ops.log(x), x.log(), ops.Log()(x)])
    special = ms.Tensor(np.array([0.0, -0.0, -1.0, INF, -INF, NAN, 1.0, 1e-40, 3.4e38, 2.0,
                                  0.5, 1.0000001, 0.99999994, 7.0, 8.0, 9.0], np.float32))
    out.append([ops.log(special), ops.log(ms.Tensor([9.0] * 3))])
    return out


@case(rtol=5e-7, atol=0)  # (MindSpore's Log of the base itself varies by an ulp per call)
def log2_and_log10(ms):
    ops = ms.ops
    x = ms.Tensor(_spread(512, 11))
    return [ops.log2(x), ops.log10(x), x.log2(), x.log10()]


@case(rtol=0, atol=0)
def functions_on_the_log_and_tanh_kernels(ms):
    ops, nn = ms.ops, ms.nn
    x = ms.Tensor(_normal((4, 128), 6))
    return [ops.logsigmoid(x), nn.LogSigmoid()(x), ops.tanhshrink(x), nn.Tanhshrink()(x),
            ops.softmin(x, -1)]


@case(rtol=0, atol=0)
def softplus_and_mish_kernels(ms):
    ops, nn = ms.ops, ms.nn
    edges = np.array([-100, -20, -0.0, 0.0, 5, 10, 20, 30, 44, 45, 50, 88, 89, 100, 1e30,
                      INF, -INF, NAN, -3.5, -1.0, 0.25, 1.0, 2.5, 44.3])
    out = []
    for dtype in (np.float32, np.float16, np.float64):
        x = ms.Tensor(edges.astype(dtype))
        out.append([ops.softplus(x), ops.Softplus()(x), ops.mish(x), ops.Mish()(x),
                    nn.Mish()(x)])
    y = ms.Tensor(_normal((3, 104), 7))
    out.append([ops.softplus(y), ops.softplus(y, beta=2), ops.softplus(y, threshold=5),
                ops.mish(y), ms.mint.nn.functional.softplus(y)])
    wide = ms.Tensor(np.array([1e30, 5.0, 0.0, 100.0, -3.0, 1.5, 30.0, -0.5], np.float64))
    out.append([ops.softplus(wide), ops.Softplus()(wide), ms.mint.nn.functional.softplus(wide),
                ops.softplus(wide, beta=2)])
    for n in (1, 3):  # the scalar loop's elements
        out.append([ops.softplus(ms.Tensor(np.full(n, -20.0, np.float32))),
                    ops.mish(ms.Tensor(np.linspace(-3, 3, n).astype(np.float32)))])
    return out


@case(rtol=0, atol=0)
def half_precision_steps(ms):
    ops = ms.ops
    x = ms.Tensor(np.random.RandomState(8).uniform(-6, 6, 1024).astype(np.float16))
    rows = ms.Tensor(np.random.RandomState(9).uniform(-6, 6, (6, 50)).astype(np.float16))
    return [ops.hardswish(x), ops.hardsigmoid(x), ops.softmax(x), ops.softmax(rows, -1),
            ops.log1p(x), ops.rad2deg(x), ops.deg2rad(x)]


@case(rtol=0, atol=0)
def exact_divisions_by_constants(ms):
    ops = ms.ops
    x = ms.Tensor(np.random.RandomState(10).uniform(-10, 10, 512).astype(np.float32))
    wide = x.astype(ms.float64)
    return [ops.rad2deg(x), ops.deg2rad(x), ops.rad2deg(wide), ops.deg2rad(wide),
            ops.hardswish(x), ops.hardsigmoid(x)]


@case(rtol=0, atol=0)
def signs_of_zero(ms):
    ops = ms.ops
    x = ms.Tensor(np.array([-0.0, -1.0, -3.0, -2.5, 0.0, 2.0, -1e-30, -7.25, 5.5],
                           np.float32))
    flag = ms.Tensor(np.array([True, False, True]))
    neg = ms.Tensor(np.array([1.5, -2.25, 3.0], np.float32))

    def bool_times(b, y):
        return b * y, y * b, ops.mul(b, y)

    def remainders(y):
        return y % y, ops.remainder(y, y), ops.fmod(y, 1.0), ops.frac(y)

    return [ops.log1p(x), ops.expm1(x), ops.frac(x), ops.fmod(x, 1.0), ops.Mod()(x, 1.0),
            ops.log1p(x.astype(ms.float64)), ops.frac(x.astype(ms.float16)),
            ms.jit(bool_times)(flag, neg), bool_times(flag, neg),
            ms.jit(remainders)(neg), remainders(neg)]


@case(rtol=1e-6, atol=1e-6)
def norm_of_integers(ms):
    ops = ms.ops
    x = ms.Tensor(np.array([[3, -4, 1], [2, 0, -5]], np.int32))
    out = []
    for dtype in (ms.int32, ms.int64, ms.int8, ms.int16):
        t = x.astype(dtype)
        out.append([ops.norm(t), ops.norm(t, ord=1), ops.norm(t, dim=0), ops.norm(t, "fro"),
                    ops.norm(t, float("inf")), ops.norm(t, 0, dim=1), ops.norm(t, 1, (1, 0)),
                    ops.norm(t, float("-inf"), dim=1), ops.norm(t, 1, keepdim=True),
                    ops.norm(t, 0.5, dim=1), ops.norm(t, dim=1, keepdim=True), t.norm(),
                    ops.norm(t, "nuc"), ops.norm(t, -2)])
    out.append(ops.norm(ops.abs(x).astype(ms.uint8), 0, dim=1))
    half = ms.Tensor(np.array([[3, -4, 1], [2, 0, -5]], np.float16))
    out.append([ops.norm(half, 3, dim=1), ops.norm(half, "nuc")])
    return out


@case(rtol=1e-6, atol=1e-6)
def norm_of_integers_refused(ms):
    x = ms.Tensor(np.array([[3, -4, 1], [2, 0, -5]], np.int32))
    return ms.ops.norm(x, 2, dim=1)


@case()
def integer_hard_activations(ms):
    ops = ms.ops
    out = []
    for dtype in (ms.int32, ms.int64, ms.int16):
        x = ms.Tensor(np.array([-4, -3, -1, 0, 2, 3, 5, 9]), dtype)
        out.append([ops.hardsigmoid(x), ops.hardswish(x), ops.relu(x), ops.hardtanh(x)])
    return out


@case(rtol=1e-6, atol=0)
def digamma_poles(ms):
    ops = ms.ops
    x = np.array([-2.5, -1.0, -0.0, 0.0, 0.5, 1.0, 3.0, INF, -INF, NAN])
    return [ops.digamma(ms.Tensor(x.astype(dtype))) for dtype in (np.float32, np.float64)]


def _left_operands(ms):
    return (ms.Tensor(np.array([True, False, True])), ms.Tensor(np.array([3, -7, 2]), ms.int32),
            ms.Tensor(np.array([1.5, -2.0, 4.0]), ms.float32))


@case(modes=("PYNATIVE",))
def scalar_on_the_left(ms):
    flag, ints, floats = _left_operands(ms)
    return [2 - flag, 2.5 % flag, 2 % flag, 2 ** flag, 2.5 ** flag, True + flag,
            True * flag, True / flag, True // flag, 2.5 - ints, 3 // ints, 1.5 ** ints,
            2 % floats, 1 / floats, ints.__rsub__(ints)]


@case(modes=("PYNATIVE",))
def scalar_on_the_left_python_errors(ms):
    flag, ints, _ = _left_operands(ms)

    def attempt(f):
        try:
            return f()
        except TypeError as e:
            return type(e).__name__
    # MindSpore's Tensor has no __rand__/__ror__/__rxor__: Python's own TypeError
    return [attempt(lambda: 2 & ints), attempt(lambda: True & flag),
            attempt(lambda: 2 | ints), attempt(lambda: 2 ^ ints)]


@case(modes=("PYNATIVE",))
def bool_minus_bool_tensor(ms):
    flag, _, _ = _left_operands(ms)
    return True - flag


@case(modes=("PYNATIVE",))
def bool_modulo_bool_tensor(ms):
    flag, _, _ = _left_operands(ms)
    return (True % flag).asnumpy()


@case(modes=("PYNATIVE",))
def bool_power_bool_tensor(ms):
    flag, _, _ = _left_operands(ms)
    return (True ** flag).asnumpy()


@case(modes=("PYNATIVE",))
def reflected_modulo_of_a_tensor(ms):
    flag, _, _ = _left_operands(ms)
    return flag.__rmod__(flag)


@case(modes=("GRAPH",))
def scalar_on_the_left_in_graphs(ms):
    ints = ms.Tensor(np.array([3, -7, 2]), ms.int32)

    class Net(ms.nn.Cell):
        def construct(self, x):
            return 2 & x, 3 | x, 2.5 - x, 3 // x

    return Net()(ints)


@case(rtol=0, atol=1e-38)  # (XLA flushes subnormal results to zero)
def libm_functions(ms):
    """MindSpore's float32 kernels that call libm's float functions (correctly rounded)."""
    ops = ms.ops
    rs = np.random.RandomState(12)
    x = ms.Tensor((rs.randn(512) * 3).astype(np.float32))
    y = ms.Tensor((rs.randn(512) * 3).astype(np.float32))
    unit = ms.Tensor(rs.uniform(-0.999, 0.999, 512).astype(np.float32))
    big = ms.Tensor((np.abs(rs.randn(512)) * 3 + 1.0001).astype(np.float32))
    pos = ms.Tensor((np.abs(rs.randn(512)) * 3 + 0.1).astype(np.float32))
    return [ops.sin(x), ops.cos(x), ops.tan(x), ops.atan(x), ops.sinh(x), ops.cosh(x),
            ops.asinh(x), ops.exp2(x), ops.erfc(x), ops.asin(unit), ops.acos(unit),
            ops.atanh(unit), ops.acosh(big), ops.atan2(x, y), ops.hypot(x, y), ops.rsqrt(pos),
            x.sin(), ops.Cos()(x)]


@case(rtol=2e-7, atol=0)  # (libm's logf/expf: within an ulp of the double, which is rounded)
def log1p_and_expm1(ms):
    rs = np.random.RandomState(15)
    x = ms.Tensor((rs.randn(512) * 3).astype(np.float32))
    pos = ms.Tensor((np.abs(rs.randn(512)) * 3 + 0.1).astype(np.float32))
    return [ms.ops.expm1(x), ms.ops.log1p(pos), ms.ops.log1p(x * 1e-6)]


# (libm's erff is within an ulp of the double erf mscompat rounds; 1 + erf cancels near -1)
@case(rtol=1e-5, atol=0)
def gelu_erf_form(ms):
    ops, nn = ms.ops, ms.nn
    x = ms.Tensor((np.random.RandomState(13).randn(512) * 3).astype(np.float32))
    half = ms.Tensor((np.random.RandomState(14).randn(512) * 3).astype(np.float16))
    return [ops.gelu(x), nn.GELU(approximate=False)(x), ops.erf(x), ops.gelu(half),
            nn.GELU(approximate=False)(half)]


@case(rtol=0, atol=0)
def reduction_orders(ms):
    """ReduceSum/ReduceMean of float32 in MindSpore's CPU order: rows in order for axis 0,
    float64 accumulation for the whole Tensor, 1-D and 3-D Tensors (the last axis of a 2-D
    one, which MindSpore adds in 8 lanes, is XLA's: not recorded here)."""
    ops, nn = ms.ops, ms.nn
    rs = np.random.RandomState(16)
    out = []
    for shape in ((2, 5), (16, 16), (7, 13), (128, 10), (64, 33), (4, 5, 6), (2, 3, 4, 5),
                  (1000,), (17,)):
        x = ms.Tensor((rs.randn(*shape) * 3).astype(np.float32))
        row = [ops.sum(x), ops.mean(x), ops.sum(x, 0), ops.mean(x, 0), ops.ReduceSum()(x),
               ops.ReduceMean(keep_dims=True)(x, 0), x.sum(), x.mean(),
               nn.MSELoss()(x, x * 0.5), nn.L1Loss()(x, x * 0.3), ops.mse_loss(x, x * 0.5)]
        if x.ndim != 2:
            row += [ops.sum(x, -1), ops.mean(x, -1), x.sum(-1), ops.sum(x, -1, keepdim=True)]
        if x.ndim >= 3:
            row += [ops.sum(x, 1), ops.mean(x, (0, 2))]
        out.append(row)
    return out


@case(rtol=0, atol=0)
def running_sums_and_products(ms):
    """CumSum/CumProd of floats element after element (XLA's prefix scans associate
    differently)."""
    ops = ms.ops
    rs = np.random.RandomState(17)
    x = ms.Tensor((rs.randn(6, 200) * 3).astype(np.float32))
    y = ms.Tensor(rs.uniform(0.5, 1.5, (6, 50)).astype(np.float32))

    def weighted(t):
        return (ops.cumsum(t, 1) * t).sum()

    return [ops.cumsum(x, 1), ops.cumsum(x, 0), x.cumsum(-1), ops.CumSum()(x, 1),
            ops.CumSum(exclusive=True)(x, 1), ops.CumSum(reverse=True)(x, 1),
            ops.cumprod(y, 1), ops.CumProd()(y, 1), y.cumprod(1),
            ops.cumsum(x.astype(ms.float64), 1), ops.cumsum(x, 1, dtype=ms.float64),
            ms.grad(weighted)(x)]


# (libm's tanhf as glibc computes it is followed within an ulp in about 3% of values, which
# 1 + tanh magnifies near -1)
@case(rtol=5e-5, atol=2e-7)
def gelu_tanh_form(ms):
    ops, nn = ms.ops, ms.nn
    x = ms.Tensor((np.random.RandomState(18).randn(1024) * 3).astype(np.float32))
    return [nn.GELU()(x), ops.gelu(x, approximate="tanh"), nn.GELU(approximate=True)(x)]


@case()
def running_sum_axis_out_of_range(ms):
    return ms.ops.cumsum(ms.Tensor(np.ones((2, 3), np.float32)), 5)


@case()
def running_product_axis_out_of_range(ms):
    return ms.ops.cumprod(ms.Tensor(np.ones((2, 3), np.float32)), -3)


@case()
def integer_norm_dim_out_of_range(ms):
    return ms.ops.norm(ms.Tensor(np.ones((2, 3), np.int32)), dim=5)
