"""Integer edge semantics of MindSpore's CPU kernels: float -> integer casts out of range
(C's conversion through int32/int64, then the bits kept), integer division and remainders by
zero, and the accumulation types of ``Tensor.cumsum``/``cumprod``/``sum``."""
import numpy as np

from ._registry import case

FLOATS = np.array([-1.0, 256.0, 3.7, -3.7, 1e10, -1e10, np.nan, np.inf, -np.inf, -129.0,
                   40000.0, 2147483648.0], np.float32)


@case()
def float_to_int_casts(ms):
    x = ms.Tensor(FLOATS)
    return tuple(x.astype(getattr(ms, t)) for t in ("uint8", "int8", "int16", "int32",
                                                     "int64", "uint16", "uint32"))


@case()
def float64_to_int_casts_and_ops_cast(ms):
    x = ms.Tensor(FLOATS.astype(np.float64))
    return (ms.ops.cast(x, ms.int32), ms.ops.cast(x, ms.uint8),
            ms.ops.Cast()(ms.Tensor(FLOATS), ms.int8))


@case()
def integer_division_by_zero(ms):
    out = []
    for dt in (np.int8, np.int16, np.int32, np.int64, np.uint8):
        vals = np.array([7, -7, 0, 5] if np.issubdtype(dt, np.signedinteger) else [7, 1, 0, 5],
                        dt)
        a, z = ms.Tensor(vals), ms.Tensor(np.array([0, 0, 0, 2], dt))
        out.append((a // z, a % z, ms.ops.floor_divide(a, z),
                    ms.ops.div(a, z, rounding_mode="floor"),
                    ms.ops.div(a, z, rounding_mode="trunc"), ms.ops.remainder(a, z),
                    ms.ops.fmod(a, z)))
    return out


@case()
def integer_division_signs(ms):
    a = ms.Tensor(np.array([7, -7, 7, -7], np.int32))
    b = ms.Tensor(np.array([2, 2, -2, -2], np.int32))
    return a // b, a % b, ms.ops.remainder(a, b), ms.ops.fmod(a, b), \
        ms.ops.div(a, b, rounding_mode="trunc")


@case()
def accumulation_dtypes(ms):
    out = []
    for dt in (np.int8, np.int16, np.uint8, np.int32, np.int64, np.float16):
        x = ms.Tensor(np.array([100, 100, 3], dt))
        out.append((x.cumsum(0), ms.ops.cumsum(x, 0), x.sum(), x.cumprod(0)))
    return out


@case()
def bool_accumulation(ms):
    x = ms.Tensor(np.array([True, False, True]))
    out = []
    for call in (lambda: x.cumsum(0), lambda: ms.ops.cumsum(x, 0), lambda: x.sum(),
                 lambda: x.cumprod(0)):
        try:
            out.append(call().asnumpy())
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append(type(e).__name__)
    return out


@case(modes=("PYNATIVE", "GRAPH"), rtol=0, atol=0)
def scalar_over_tensor_is_reciprocal_times_scalar(ms):
    """``x / tensor`` is MindSpore's ``tensor.reciprocal() * x`` (its float32 rounding, not a
    division); integer and Bool tensors give Float32, as ``reciprocal`` of them does."""
    f = ms.Tensor(np.array([1.7, 2.3, 1.1, 3.7, 1.9, 2.9, 0.7, 1.3, 3.0, 7.0], np.float32))
    h = ms.Tensor(np.array([1.7, 2.3, 0.3], np.float16))
    i = ms.Tensor(np.array([3, 7, 0, -2], np.int32))
    b = ms.Tensor(np.array([True, False]))
    return (0.1 / f, 3 / f, 2.5 / i, True / i, 2 / b, 0.1 / h, i.reciprocal(), b.reciprocal(),
            ms.ops.reciprocal(ms.Tensor(np.array([3, 0], np.uint8))))


@case(modes=("PYNATIVE",))
def numpy_on_the_left_gives_numpy(ms):
    """MindSpore's Tensor leaves NumPy's operators to NumPy: a NumPy value on the left, or a
    NumPy function, computes a NumPy array from the Tensor's values (``.mean()`` of a label
    comparison is NumPy's float, not a Tensor's)."""
    t = ms.Tensor(np.array([1.0, 2.5, 3.0], np.float32))
    labels = np.array([1, 2, 3])
    hits = labels == ms.Tensor(np.array([1, 3, 3], np.int32))
    out = [np.float32(2) * t, np.array([1.0, 2.0, 4.0], np.float32) - t, np.exp(t),
           np.float64(0.5) * t, np.maximum(t, 2.0), hits, float(hits.mean()),
           type(np.int64(2) + t).__name__]
    return out


@case(modes=("PYNATIVE", "GRAPH"))
def numpy_scalar_on_the_left_in_a_cell(ms):
    """Inside a Cell, GRAPH_MODE compiles ``np.float32(2) * x`` as the Tensor operator; in
    PYNATIVE it is NumPy's array."""
    class C(ms.nn.Cell):
        def construct(self, x):
            return np.float32(2) * x, np.float32(3) - x, x * np.float32(2)
    x = ms.Tensor(np.array([1.0, 3.0], np.float32))
    return [type(o).__name__ for o in C()(x)], [np.asarray(o).tolist() for o in C()(x)]


@case(modes=("PYNATIVE", "GRAPH"), rtol=0, atol=0)
def half_precision_division_by_a_scalar(ms):
    """Float16/BFloat16 divided by a Python or 0-d scalar rounds as a true division (5 / 3 is
    1.667 in Float16, not 1.666 from a multiply by the reciprocal)."""
    h = ms.Tensor(np.arange(0, 24, dtype=np.float16) * np.float16(0.37))
    b = ms.Tensor(np.arange(0, 8, dtype=np.float32)).astype(ms.bfloat16)
    return (h / 3, h / 7.0, h / ms.Tensor(np.float16(3)), ms.ops.div(h, 11),
            (b / 3).astype(ms.float32))


@case(modes=("PYNATIVE",))
def item_takes_no_index(ms):
    t = ms.Tensor(np.array([[1.5, 2.0]], np.float32))
    out = [ms.Tensor(np.array([7], np.int32)).item(), t[0, 1].item()]
    for call in (lambda: t.item(1), lambda: t.item()):
        try:
            out.append(call())
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append(type(e).__name__)
    return out


def _t(ms, values, dtype):
    return ms.Tensor(np.array(values, dtype))


@case(modes=("PYNATIVE",))
def integer_pow_through_float64(ms):
    """Integer ``pow`` is the float64 power converted back as C converts (``2 ** -1`` is 0,
    ``0 ** -1`` and overflows the type's minimum, narrow types wrap), for tensors, Python
    exponents and bases, and the ``**`` operator."""
    T = ms.Tensor
    return (ms.ops.pow(_t(ms, [3, 7, 3, -1, -1, 1, -1, 2, 10, -2], np.int32),
                       _t(ms, [19, 11, 20, -1, -2, -5, -3, -1, 10, 31], np.int32)),
            ms.ops.pow(_t(ms, [3, 5, 3, -1, 10, 2], np.int64),
                       _t(ms, [39, 13, 34, -1, 19, 62], np.int64)),
            ms.ops.pow(_t(ms, [3, 2, -2, 0], np.int8), _t(ms, [5, 7, 7, -1], np.int8)),
            ms.ops.pow(_t(ms, [3, 2, 0], np.uint8), _t(ms, [5, 8, 0], np.uint8)),
            ms.ops.pow(_t(ms, [3, 2, 0, 1], np.int32), -1), ms.ops.pow(2, _t(ms, [3, -1, 0],
                                                                              np.int32)),
            _t(ms, [3, 2, 0, 1], np.int32) ** T(np.array([2, -1, -1, -3], np.int32)))


@case(modes=("PYNATIVE",))
def shift_counts_modulo_width(ms):
    """32- and 64-bit shifts take the count modulo the width; narrower types shift as int32
    and keep their bits."""
    counts = [-1, 0, 1, 31, 32, 33, -33, 5, 64, 65]
    return (ms.ops.bitwise_left_shift(_t(ms, [3] * 10, np.int32), _t(ms, counts, np.int32)),
            ms.ops.bitwise_right_shift(_t(ms, [-64] * 10, np.int32), _t(ms, counts, np.int32)),
            ms.ops.bitwise_left_shift(_t(ms, [3] * 10, np.int64), _t(ms, counts, np.int64)),
            ms.ops.bitwise_left_shift(_t(ms, [3, 3, 3, 3, -3], np.int8),
                                      _t(ms, [6, 7, 8, -1, 9], np.int8)),
            ms.ops.bitwise_right_shift(_t(ms, [200, 200, 200], np.uint8),
                                       _t(ms, [7, 8, 9], np.uint8)),
            ms.ops.bitwise_left_shift(_t(ms, [3, 3], np.int32), 2))


@case(modes=("PYNATIVE",))
def truncate_div_mod_by_zero_and_mixed_types(ms):
    """truncate_div by zero: the type's max for x > 0, min for x < 0, 0 for 0;
    truncate_mod by zero: 0; integer operands of two widths or a Python int promote."""
    return (ms.ops.truncate_div(_t(ms, [5, -5, 0], np.int32), _t(ms, [0, 0, 0], np.int32)),
            ms.ops.truncate_div(_t(ms, [5, -5, 0], np.int8), _t(ms, [0, 0, 0], np.int8)),
            ms.ops.truncate_div(_t(ms, [5, 7, 0, 9], np.uint8), _t(ms, [0, 2, 0, 4], np.uint8)),
            ms.ops.truncate_mod(_t(ms, [5, 7, 0, 9], np.uint8), _t(ms, [0, 2, 0, 4], np.uint8)),
            ms.ops.truncate_mod(_t(ms, [5, -7, 0, 9], np.int32), _t(ms, [0, 2, 0, -4], np.int32)),
            ms.ops.truncate_div(_t(ms, [7, -7], np.int32), 2),
            ms.ops.truncate_div(_t(ms, [7, -7], np.int64), _t(ms, [2, 2], np.int32)),
            ms.ops.truncate_mod(_t(ms, [7, -7], np.int32), 2),
            ms.ops.truncate_div(_t(ms, [5.5, -5.5, 0, -0.0, 1.0], np.float32),
                                _t(ms, [0, 2, 0, 3, 0.1], np.float32)))


@case(modes=("PYNATIVE",))
def integer_sum_prod_mean_dtypes(ms):
    """ops.sum/prod of Bool, signed integers and UInt8 are Int64; UInt16/32/64 keep their
    dtype (wrapping); an integer mean sums in its dtype (wrapping) and truncates."""
    u8, u16 = _t(ms, [200, 100], np.uint8), _t(ms, [60000, 60000], np.uint16)
    return (ms.ops.sum(u8), ms.ops.prod(u8), ms.ops.sum(u16), ms.ops.prod(_t(ms, [300, 300],
                                                                            np.uint16)),
            ms.ops.sum(_t(ms, [3, 4], np.uint32)), ms.ops.sum(_t(ms, [[60000, 60000]],
                                                                 np.uint16), 1),
            ms.ops.sum(_t(ms, [100, 100], np.int8)), ms.ops.sum(_t(ms, [True, True], np.bool_)),
            ms.ops.mean(_t(ms, [100, 100, 1], np.int8)), ms.ops.mean(u8), u8.mean(),
            ms.ops.mean(_t(ms, [-1, -2], np.int64)), ms.ops.mean(_t(ms, [[1, 2], [3, 6]],
                                                                    np.int32), 1))


@case(modes=("PYNATIVE",))
def float_floor_div_zero_sign_and_bool_operands(ms):
    """Float floor division is Python's (1 // 0.1 is 9; a zero quotient has the sign of
    x / y); Bool // Bool (remainder, fmod) is Bool; False * -2.0 is -0.0; relu of Bool is Bool."""
    f = _t(ms, [0., -0., 1., -1., 0., -0.], np.float32)
    g = _t(ms, [-3., -3., -3., 3., 3., 3.], np.float32)
    b = _t(ms, [False, True, False], np.bool_)
    return (1 / ms.ops.floor_div(f, g), 1 / (f // g),
            ms.ops.floor_div(_t(ms, [1.0, 7.0, -7.0, 1e-30], np.float32),
                             _t(ms, [0.1, 0.7, 0.7, -1e30], np.float32)),
            ms.ops.floor_div(_t(ms, [True, False], np.bool_), _t(ms, [True, True], np.bool_)),
            ms.ops.remainder(_t(ms, [True, False], np.bool_), _t(ms, [True, True], np.bool_)),
            ms.ops.fmod(_t(ms, [True, False], np.bool_), _t(ms, [True, True], np.bool_)),
            1 / (b * _t(ms, [-2., -2., 3.], np.float32)), ms.ops.relu(b))


@case(modes=("PYNATIVE",))
def integer_reduction_dtypes_all_entry_points(ms):
    """Tensor.sum/prod follow ops.sum/prod (UInt16/32 keep their dtype); nansum keeps an
    integer dtype (wrapping) and sums Bool in Int64; Reduce* primitives keep the input's
    dtype; mean of Bool is MindSpore's RuntimeError."""
    out = []
    for dt in (np.uint8, np.uint16, np.uint32, np.int8, np.int16, np.int32, np.bool_):
        values = [True, True, False] if dt is np.bool_ else [120, 100, 1]
        x = ms.Tensor(np.array(values, dt))
        out += [x.sum(), x.prod(), ms.ops.nansum(x), ms.ops.ReduceSum()(x),
                ms.ops.ReduceProd()(x), ms.ops.sum(x, 0, True), ms.ops.sum(x, dtype=ms.int32),
                x.cumsum(0)]
        try:  # read inside: MindSpore's kernel raises when it runs
            out.append(x.mean().asnumpy())
        except RuntimeError:
            out.append("RuntimeError")
    return out


@case(modes=("PYNATIVE",))
def integer_selu_hardswish_frac_kron(ms):
    """Integer SeLU and HSwish keep the dtype (SeLU's scale and alpha truncated to 1, HSwish
    computed in float32 and truncated); frac of Bool is Int64 zeros; kron of Bool is Bool."""
    v = np.array([-100, -20, -17, -16, -10, -1, 0, 1, 2, 3, 4, 10, 19, 20, 40, 100])
    out = []
    for dt in (np.int8, np.int32):
        t = ms.Tensor(v.astype(dt))
        out += [ms.ops.selu(t), ms.ops.hardswish(t), ms.nn.SeLU()(t), ms.nn.HSwish()(t)]
    out.append(ms.ops.hardswish(ms.Tensor(v.astype(np.int64))))
    b = ms.Tensor(np.array([[True, False], [False, True]]))
    return (*out, ms.ops.frac(b), ms.ops.kron(b, b))


@case(modes=("PYNATIVE",))
def bool_operators_and_python_bool_operands(ms):
    """``-`` of Bool Tensors is Bool (``ops.sub`` refuses them); floor division and
    remainder of a Bool Tensor by a Python bool stay Bool; true division of an integer
    Tensor by a Python bool is Float32; xlogy's dtypes (a Python number is a Float32
    Tensor)."""
    a = ms.Tensor(np.array([True, False, True, False]))
    b = ms.Tensor(np.array([False, True, True, False]))
    i64 = ms.Tensor(np.array([1, 2, 3, 4], np.int64))
    h = ms.Tensor(np.array([1, 2, 3, 4], np.float16))
    i32 = ms.Tensor(np.array([1, 2, 3, 4], np.int32))
    return (a - b, a - True, a - False, ms.ops.floor_div(a, True), ms.ops.remainder(a, True),
            ms.ops.floor_div(a, False), ms.ops.remainder(a, False), a // b,
            ms.ops.div(i64, True), i64 / True, ms.ops.xlogy(h, 2.0), ms.ops.xlogy(h, i32),
            ms.ops.xlogy(a, b), ms.ops.xlogy(i32, h), i64.std(), i32.var())


@case(modes=("PYNATIVE",))
def integer_std_var_methods(ms):
    """``Tensor.std``/``var`` of integers: deviations from the truncated integer mean, in
    float32 (``ops.std`` refuses integers)."""
    x = ms.Tensor(np.array([[1, 2, 4], [3, 3, 9]], np.int32))
    y = ms.Tensor(np.array([1, 2, 4, 7, -3], np.int8))
    return (x.std(), x.var(), x.std(axis=1), x.var(axis=0, ddof=1), x.std(ddof=1),
            x.var(keepdims=True), y.var(), y.std(), y.astype(ms.int64).var(ddof=2))


@case(modes=("PYNATIVE",))
def realdiv_primitive_integers(ms):
    """The RealDiv primitive (and ``ops.tensor_div``) divides integers in their dtype,
    truncating; by zero the type's max or min (0 for 0)."""
    a = ms.Tensor(np.array([7, -7, 7, -7, 5, 0, -5], np.int32))
    b = ms.Tensor(np.array([2, 2, -2, -2, 0, 0, 0], np.int32))
    a8 = ms.Tensor(np.array([7, -7, 100, -100], np.int8))
    b8 = ms.Tensor(np.array([2, 2, 3, 0], np.int8))
    return (ms.ops.RealDiv()(a, b), ms.ops.RealDiv()(a8, b8), ms.ops.tensor_div(a8, b8),
            ms.ops.RealDiv()(a.astype(ms.int64), b.astype(ms.int64)), ms.ops.Div()(a, b))
