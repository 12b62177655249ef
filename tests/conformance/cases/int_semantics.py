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
