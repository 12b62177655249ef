"""NaN/inf propagation, integer overflow, signed zeros and float->int casts."""
import numpy as np

from ._registry import case

NAN, INF = float("nan"), float("inf")


def _f(ms, *v):
    return ms.Tensor(np.array(v, np.float32))


def _i(ms, *v):
    return ms.Tensor(np.array(v, np.int32))


def _sign_of_zero(t):
    return 1 / t  # +inf for +0.0, -inf for -0.0: the golden comparison sees the sign


_ROWS = {
    "int32_overflow_add": lambda ms: _i(ms, 2**31 - 1) + _i(ms, 1),
    "int32_overflow_mul": lambda ms: _i(ms, 2**30) * _i(ms, 4),
    "int32_negate_min": lambda ms: -_i(ms, -2**31),
    "uint8_wraps": lambda ms: (ms.Tensor(np.array([250], np.uint8))
                               + ms.Tensor(np.array([10], np.uint8))),
    "int_floordiv_negative": lambda ms: _i(ms, -7, 7) // _i(ms, 2, -2),
    "int_mod_negative": lambda ms: _i(ms, -7, 7) % _i(ms, 2, -2),
    "float_floordiv_negative": lambda ms: _f(ms, -7.0, 7.0) // _f(ms, 2.0, -2.0),
    "float_mod_negative": lambda ms: _f(ms, -7.0, 7.0) % _f(ms, 2.0, -2.0),
    "divide_by_zero": lambda ms: _f(ms, 1.0, -1.0, 0.0) / _f(ms, 0.0, 0.0, 0.0),
    "negative_zero_product": lambda ms: _sign_of_zero(_f(ms, -0.0, 0.0) * _f(ms, 1.0, -1.0)),
    "abs_negative_zero": lambda ms: _sign_of_zero(ms.ops.abs(_f(ms, -0.0))),
    "relu_negative_zero": lambda ms: _sign_of_zero(ms.ops.relu(_f(ms, -0.0, -1.0))),
    "floor_negative_zero": lambda ms: _sign_of_zero(ms.ops.floor(_f(ms, -0.0))),
    "sign_nan_and_zeros": lambda ms: ms.ops.sign(_f(ms, NAN, -0.0, 0.0, -2.0)),
    "maximum_with_nan": lambda ms: ms.ops.maximum(_f(ms, NAN, 1.0), _f(ms, 1.0, NAN)),
    "minimum_with_nan": lambda ms: ms.ops.minimum(_f(ms, NAN, 1.0), _f(ms, 1.0, NAN)),
    "reduce_max_skips_nan": lambda ms: ms.ops.ReduceMax()(_f(ms, 1.0, NAN, 3.0)),
    "argmax_skips_nan": lambda ms: ms.ops.argmax(_f(ms, 1.0, NAN, 3.0)),
    "clip_nan": lambda ms: ms.ops.clip(_f(ms, NAN, 5.0, -1.0), 0.0, 1.0),
    "sqrt_negative": lambda ms: ms.ops.sqrt(_f(ms, -1.0)),
    "log_zero": lambda ms: ms.ops.log(_f(ms, 0.0)),
    "exp_overflow_underflow": lambda ms: ms.ops.exp(_f(ms, 100.0, -200.0)),
    "pow_zero_zero": lambda ms: _f(ms, 0.0) ** _f(ms, 0.0),
    "int_pow_negative": lambda ms: _i(ms, 2) ** _i(ms, -1),
    "cast_nan_inf_to_int32": lambda ms: ms.ops.cast(_f(ms, NAN, INF, -INF), ms.int32),
    "cast_out_of_range_to_int32": lambda ms: ms.ops.cast(_f(ms, 3e9, -3e9, 7.9), ms.int32),
    "astype_nan_to_int32": lambda ms: _f(ms, NAN, -2.5).astype(ms.int32),
    "sum_inf_minus_inf": lambda ms: ms.ops.sum(_f(ms, INF, -INF)),
    "mean_int_truncates": lambda ms: ms.ops.mean(_i(ms, 1, 2)),
    "tanh_inf_nan": lambda ms: ms.ops.tanh(_f(ms, INF, -INF, NAN)),
    "sigmoid_saturates": lambda ms: ms.ops.sigmoid(_f(ms, -100.0, 100.0)),
}


def _register(name, row):
    def run(ms):
        return row(ms)
    run.__name__ = run.__qualname__ = name
    case()(run)


for _name, _row in _ROWS.items():
    _register(_name, _row)


@case(rtol=0, atol=0)
def cpu_exp_sigmoid_tanh_kernels(ms):
    """exp, sigmoid and tanh on float32 are MindSpore's CPU approximations bit for bit (a
    Taylor exp with fused steps, 1 / (1 + exp(-x)), a Pade tanh up to |x| = 5), through
    ops, Tensor methods, nn layers and mindspore.numpy, and their gradients are the bprops
    of those outputs."""
    x = np.concatenate([np.linspace(-12, 12, 1201), [-87.5, -87.0, 87.5, 88.7, 100.0, -100.0,
                                                      4.9999995, 5.0, 5.0000005, -5.0, 0.0,
                                                      1e-3]]).astype(np.float32)
    t = ms.Tensor(x)
    mid = ms.Tensor(x[np.abs(x) < 80])  # (sigmoid's results below 1.2e-38 are subnormal)
    grid = ms.Tensor(np.linspace(-6, 6, 61).astype(np.float32))

    def exp_sum(v):
        return ms.ops.exp(v).sum()

    def sigmoid_sum(v):
        return ms.ops.sigmoid(v).sum()

    def tanh_sum(v):
        return ms.ops.tanh(v).sum()

    return (ms.ops.exp(t), ms.ops.sigmoid(mid), ms.ops.tanh(t), t.exp(), mid.sigmoid(),
            t.tanh(), ms.nn.Sigmoid()(mid), ms.nn.Tanh()(t), ms.numpy.exp(grid),
            ms.numpy.tanh(grid), ms.grad(exp_sum)(grid), ms.grad(sigmoid_sum)(grid),
            ms.grad(tanh_sum)(grid))


def _kernel_inputs(ms):
    rng = np.random.default_rng(11)
    x = np.concatenate([rng.standard_normal(300) * 4, np.linspace(-20, 20, 81)])
    rows = {w: ms.Tensor((rng.standard_normal((3, w)) * 3).astype(np.float32))
            for w in (5, 8, 10, 100, 1000)}
    dy = ms.Tensor(rng.standard_normal(381).astype(np.float32))
    return ms.Tensor(x.astype(np.float32)), rows, dy


@case(rtol=0, atol=0)
def cpu_silu_elu_softmax_kernels(ms):
    """silu = x * sigmoid(x), elu = exp(x) - 1 below 0 and last-axis softmax = e * (1 / sum)
    (e = exp(x - max), summed in 8 lanes) with the CPU exp, bit for bit through ops, nn, mint
    and Tensor methods; sigmoid's and elu's gradients with a non-unit dy are the kernels'
    dy * (y * (1 - y)) and dy * (y + 1)."""
    t, rows, dy = _kernel_inputs(ms)

    def weighted_sigmoid(v):
        return (ms.ops.sigmoid(v) * dy).sum()

    def weighted_elu(v):
        return (ms.ops.elu(v) * dy).sum()

    out = [ms.ops.silu(t), ms.nn.SiLU()(t), ms.ops.elu(t), ms.nn.ELU()(t),
           ms.grad(weighted_sigmoid)(t), ms.grad(weighted_elu)(t)]
    for r in rows.values():
        out += [ms.ops.softmax(r), ms.nn.Softmax()(r), r.softmax(-1),
                ms.mint.nn.functional.softmax(r, dim=1)]
    return tuple(out)


@case()
def cpu_silu_softmax_gradients(ms):
    """silu's and softmax's gradients with a non-unit dy: the kernels' bprops
    (dy * s + (dy * x) * (s * (1 - s)); (dy - sum(dy * y)) * y) to the last bits XLA's
    fused multiply-adds and sum order leave."""
    t, rows, dy = _kernel_inputs(ms)
    w = ms.Tensor(np.linspace(-1, 1, 100).astype(np.float32))

    def weighted_silu(v):
        return (ms.ops.silu(v) * dy).sum()

    def weighted_softmax(v):
        return (ms.ops.softmax(v) * w).sum()

    def weighted_nn_softmax(v):
        return (ms.nn.Softmax()(v) * w).sum()

    return (ms.grad(weighted_silu)(t), ms.grad(weighted_softmax)(rows[100]),
            ms.grad(weighted_nn_softmax)(rows[100]))


@case()
def elu_alpha_rules(ms):
    """MindSpore's Elu kernel takes a float alpha of 1.0 only: another value raises
    ValueError, an int TypeError (ops.elu, nn.ELU, ops.Elu)."""
    x = ms.Tensor(np.array([-1.0, 2.0], np.float32))
    out = []
    for f in (lambda: ms.nn.ELU(alpha=0.5)(x), lambda: ms.ops.elu(x, alpha=0.5),
              lambda: ms.nn.ELU(alpha=1)(x), lambda: ms.ops.Elu(alpha=2.0)(x),
              lambda: ms.nn.ELU(alpha=1.0)(x)):
        try:
            out.append(f())
        except (TypeError, ValueError) as e:
            out.append(type(e).__name__)
    return tuple(out)


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def float16_ops_computed_in_float32(ms):
    """MindSpore's CPU kernels compute these Float16 ops in float32 and round once (JAX's
    float16 formulas differ in 6% to 60% of the values): 301 inputs per op, bitwise."""
    rng = np.random.default_rng(3)
    x = np.concatenate([rng.standard_normal(200) * 3, np.linspace(-9, 9, 101)])
    t = ms.Tensor(x.astype(np.float16))
    unit = ms.Tensor(np.clip(x / 10, -0.99, 0.99).astype(np.float16))
    ops = ms.ops
    return (ops.tanh(t), ops.asin(unit), ops.acos(unit), ops.asinh(t),
            ops.acosh(ops.abs(t) + 1), ops.atanh(unit), ops.softsign(t), ops.exp2(unit * 8),
            ops.i0(unit * 5), ops.elu(t), ops.hardsigmoid(t), ops.log_softmax(t.reshape(7, 43)),
            t.tanh(), ms.nn.Tanh()(t))


@case(rtol=0, atol=0)
def division_by_broadcast_operands_is_correctly_rounded(ms):
    """MindSpore divides where XLA would multiply by a reciprocal: ``x / 6``, a divisor
    column, ``ops.mean`` and the losses' and LayerNorm's means round as a true division
    (float32 ``10 / 6`` is 1.6666666); LayerNorm's variance is ``E[x^2] - mean^2`` as its
    CPU kernel computes it. Values are quarters, so every sum is exact in any order."""
    ops, nn, T = ms.ops, ms.nn, ms.Tensor
    rng = np.random.RandomState(7)
    a = (rng.randint(-40, 40, (4, 6)) / 4).astype(np.float32)
    x = T(a)
    col = T(np.array([[6.0], [12.0], [7.0], [3.0]], np.float32))
    outs = [x / 6, ops.div(x, 6.0), x / T(6.0), x / col, ops.true_divide(x, 3.0),
            ops.RealDiv()(x, T(np.float32(7))), T(a.astype(np.int32)) / 6,
            x.astype(ms.float16) / 6, x.astype(ms.float64) / 6, ops.mean(x), x.mean(1),
            ops.ReduceMean(keep_dims=True)(x, 0), nn.MSELoss()(x, x * 0),
            nn.L1Loss()(x, x * 0), nn.LayerNorm((6,))(x),
            nn.LayerNorm((2, 6), begin_norm_axis=1, begin_params_axis=1)(x.reshape(2, 2, 6))]
    return outs


@case(rtol=2e-7, atol=0)
def gradients_of_divisions_and_means(ms):
    """The gradients of ``x / 6`` and ``ops.mean`` (a compiled program may fuse the sum of
    the two, so the bound is two ulps)."""
    rng = np.random.RandomState(7)
    x = ms.Tensor((rng.randint(-40, 40, (4, 6)) / 4).astype(np.float32))

    def f(t):
        return (t / 6).sum() + ms.ops.mean(t * t)

    return ms.grad(f)(x)


@case(rtol=2e-6, atol=1e-7)
def clip_by_norm_functions(ms):
    """``ops.clip_by_global_norm`` (``x * clip_norm / global_norm``, divided exactly),
    ``ops.clip_by_norm`` (2, inf and 1 norms, a Tensor or a list; ``max_norm / (total +
    1e-6)`` applied below 1) and ``nn.ClipByNorm``."""
    ops, T = ms.ops, ms.Tensor
    rng = np.random.RandomState(3)
    gs = (T(rng.randn(5, 7).astype(np.float32) * 3), T(rng.randn(7).astype(np.float32)))
    return [ops.clip_by_global_norm(gs, 1.0), ops.clip_by_global_norm(gs, 100.0),
            ops.clip_by_norm(gs[0], 1.5), ops.clip_by_norm(list(gs), 2.0),
            ops.clip_by_norm(gs[1], 1.0, norm_type=float("inf")),
            ops.clip_by_norm(gs[1], 1.0, norm_type=1), ops.clip_by_norm(gs[1], 1000.0),
            ms.nn.ClipByNorm()(gs[0], T(1.5))]
