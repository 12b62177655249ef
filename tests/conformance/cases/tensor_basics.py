"""Tensor construction dtypes, type promotion, printing, basic primitives."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


# ---------------------------------------------------------------- construction dtypes

@case()
def tensor_python_int(ms):
    return ms.Tensor(1)


@case()
def tensor_python_float(ms):
    return ms.Tensor(1.5)


@case()
def tensor_int_list(ms):
    return ms.Tensor([1, 2])


@case()
def tensor_mixed_list(ms):
    return ms.Tensor([1.0, 2])


@case()
def tensor_python_bool(ms):
    return ms.Tensor(True), ms.Tensor([True, False])


@case()
def tensor_int_tuple(ms):
    return ms.Tensor((1, 2))


@case()
def tensor_empty_tuple(ms):
    return ms.Tensor(())


@case()
def tensor_numpy_dtypes_kept(ms):
    return (ms.Tensor(np.array([1.0])), ms.Tensor(np.array([1])),
            ms.Tensor(np.array([1], np.int32)), ms.Tensor(np.array([1.0], np.float16)),
            ms.Tensor(np.float32(2.0)))


@case()
def tensor_explicit_dtype(ms):
    return (ms.Tensor(1, ms.float32), ms.Tensor([1.7, -1.7], ms.int32),
            ms.Tensor(1.0, dtype=ms.float16), ms.Tensor([1, 0, 2], ms.bool_))


@case()
def tensor_large_int(ms):
    return ms.Tensor(2 ** 40), ms.Tensor([2 ** 40, 1])


@case()
def tensor_nested_list_2d(ms):
    return ms.Tensor([[1.0, 2.0], [3.0, 4.0]])


@case()
def tensor_nan_inf(ms):
    return ms.Tensor(np.array([np.nan, np.inf, -np.inf, 1.0], np.float32))


# ---------------------------------------------------------------- promotion

@case()
def promote_int64_times_float_scalar(ms):
    return _t(ms, [1, 2], np.int64) * 2.5


@case()
def promote_int64_times_int_scalar(ms):
    return _t(ms, [1, 2], np.int64) * 2


@case()
def promote_int32_scalars(ms):
    a = _t(ms, [1, 2], np.int32)
    return a * 2, a * 2.5, 2.5 * a, True * a


@case()
def promote_int32_plus_int64(ms):
    return _t(ms, [1, 2], np.int32) + _t(ms, [1, 2], np.int64)


@case()
def promote_float16_plus_float32(ms):
    return _t(ms, [1, 2], np.float16) + _t(ms, [1, 2], np.float32)


@case()
def promote_float32_plus_float64(ms):
    return _t(ms, [1, 2], np.float32) + _t(ms, [1, 2], np.float64)


@case()
def promote_int32_plus_float16(ms):
    return _t(ms, [1, 2], np.int32) + _t(ms, [1, 2], np.float16)


@case()
def promote_float16_scalars(ms):
    a = _t(ms, [1, 2], np.float16)
    return a * 2.5, a * 2


@case()
def promote_bool(ms):
    b = ms.Tensor(np.array([True, False]))
    return b + 1, b + 1.5, b + b, _t(ms, [1, 2]) + True


@case()
def true_division_of_ints(ms):
    a = _t(ms, [1, 2], np.int32)
    return a / a, _t(ms, [1, 2], np.int64) / 2, a // 2, a ** 2, a ** 0.5


@case()
def comparisons(ms):
    a = _t(ms, [1, 2], np.int32)
    return a == 1, a > 1.5


@case()
def primitive_promotion(ms):
    return (ms.ops.Add()(_t(ms, [1, 2], np.int32), _t(ms, [1, 2])),
            ms.ops.Mul()(_t(ms, [1, 2], np.int64), 2.5),
            ms.ops.Mul()(_t(ms, [1, 2]), 2))


@case()
def promotion_inside_construct(ms):
    class Net(ms.nn.Cell):
        def construct(self, a, b, c):
            return a * 2.5, a + b, c * 2, b / 2
    return Net()(_t(ms, [1, 2], np.int64), _t(ms, [1, 2], np.int32), _t(ms, [1, 2], np.float16))


@case()
def exp_of_int32_error(ms):
    return ms.ops.exp(_t(ms, [1, 2], np.int32))


# ---------------------------------------------------------------- reductions and primitives

@case()
def reductions(ms):
    a = _t(ms, [1.0, 2.0])
    i = _t(ms, [1, 2], np.int32)
    return (ms.ops.ReduceSum()(a), ms.ops.ReduceSum(keep_dims=True)(a),
            ms.ops.ReduceMean()(i), i.sum(), i.mean(),
            ms.Tensor(np.array([True, False])).sum())


@case()
def reduce_axis(ms):
    m = _t(ms, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return (ms.ops.ReduceSum()(m, 0), ms.ops.ReduceSum(keep_dims=True)(m, 1),
            ms.ops.ReduceMean()(m, (0, 1)), m.sum(axis=1), m.mean(axis=0))


@case()
def matmul_and_elementwise(ms):
    a = _t(ms, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    b = _t(ms, [[1.0, 0.0], [0.5, 1.0], [-1.0, 2.0]])
    v = _t(ms, [0.5, 1.0, 2.0])
    return (ms.ops.MatMul()(a, b), ms.ops.Sin()(v), ms.ops.Cos()(v), ms.ops.Tan()(v),
            ms.ops.Exp()(v), ms.ops.Log()(v), ms.ops.Pow()(v, 2.0), ms.ops.Square()(v),
            ms.ops.Neg()(v), ms.ops.Div()(v, v + 1), ms.ops.Sinh()(v), ms.ops.Cosh()(v),
            ms.ops.Atanh()(v * 0.3), ms.ops.Sub()(v, 1.0), ms.ops.Add()(v, v))


@case()
def functional_ops(ms):
    v = _t(ms, [0.5, 1.0, 2.0])
    return (ms.ops.exp(v), ms.ops.sin(v), ms.ops.cos(v), ms.ops.pow(v, 3), ms.ops.log(v),
            ms.ops.square(v), ms.ops.neg(v), ms.ops.matmul(v.reshape(1, 3), v.reshape(3, 1)))


@case()
def ones_like_zeros_like(ms):
    return ms.ops.OnesLike()(_t(ms, [1, 2], np.int32)), ms.ops.ZerosLike()(_t(ms, [1, 2],
                                                                                np.float16))


@case()
def div_ints_primitive(ms):
    return ms.ops.Div()(_t(ms, [1, 3], np.int32), _t(ms, [2, 2], np.int32))


@case()
def astype_and_neg_abs(ms):
    a = _t(ms, [1.7, -2.2])
    return a.astype(ms.int32), -_t(ms, [1, 2], np.int32), abs(a)


# ---------------------------------------------------------------- printing / attributes

@case()
def str_and_repr(ms):
    f = _t(ms, [1.0, 2.0])
    return (str(f), repr(f), str(ms.Tensor(1.5)), str(_t(ms, [1, 2], np.int64)),
            repr(_t(ms, [1, 2], np.int32)))


@case()
def str_2d_and_scalar_repr(ms):
    return str(_t(ms, [[1.5, 2.0], [3.0, 4.25]])), repr(ms.Tensor(3)), repr(ms.Tensor(2.5))


@case()
def parameter_repr(ms):
    return repr(ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="p"))


@case()
def dtype_strings(ms):
    return (str(ms.float32), repr(ms.float32), str(ms.int64), str(ms.float16), str(ms.bool_),
            str(_t(ms, [1], np.int32).dtype), ms.float32 == ms.float32)


@case()
def shape_ndim_size_item(ms):
    m = _t(ms, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return m.shape, m.ndim, m.size, ms.Tensor(2.5).item(), ms.Tensor(7).item()


@case()
def asnumpy_roundtrip(ms):
    a = _t(ms, [1.0, 2.0], np.float16).asnumpy()
    return str(a.dtype), a.tolist()


@case()
def indexing_and_reshape(ms):
    m = _t(ms, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    return m[0], m[:, 1], m[1, 2], m.reshape(3, 2), m.T


@case()
def grad_through_indexing(ms):
    def f(m):
        return m[0, 1] * 3.0 + m[1].sum()
    return ms.grad(f)(_t(ms, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))


@case()
def tensor_default_dtypes(ms):
    """MindSpore's dtype for each kind of constructor input: NumPy scalars keep theirs,
    lists are Float32/Int64 unless their NumPy elements are narrower or complex."""
    T = ms.Tensor
    inputs = [np.float64(2.0), np.int32(2), np.float16(1.5), np.complex128(1), 1j, 2.5, 3,
              True, [np.float64(2.0)], [np.array([1.0]), np.array([2.0])],
              [T(np.array([1.0]))], (np.float64(1), 2.0), [np.float32(1)], [np.int32(1)],
              [1, 2.5], [np.complex128(1)], [1j], [np.float16(1)], [np.uint8(1)],
              [np.complex64(1)], [np.array([1], np.int32)], [T(np.array([1], np.int32))],
              [np.bool_(True)], [np.array([1], np.float16)], np.array(2.0), [1, np.int8(2)]]
    return [str(T(v).dtype) for v in inputs]


@case()
def parameter_requires_grad_and_is_init(ms):
    net = ms.nn.Dense(2, 1)
    marks = [net.weight.is_init, net.weight.requires_grad_(False), net.weight.requires_grad]
    names = [p.name for p in net.trainable_params()]
    p = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
    for v in (None, 1, "x", 0):
        marks.append((p.requires_grad_(v), p.requires_grad))
    marks.append(p.requires_grad_() is None and p.requires_grad)
    q = ms.Parameter(ms.common.initializer.initializer("normal", [2, 3]), name="q")
    q.init_data()
    return marks, names, q.is_init, p.clone().is_init


def _outcome(f):
    try:
        return f()
    except (TypeError, ValueError, RuntimeError) as e:
        return type(e).__name__


@case(modes=("PYNATIVE",))
def tensor_python_protocols(ms):
    """format() with a spec raises TypeError (an empty spec is str()); bool() of other than
    one element is ValueError; len() of a 0-d Tensor TypeError; round() is ops.round (halves
    to even) and takes no ndigits."""
    T = ms.Tensor
    s, v = T(3.14159, ms.float32), T(np.array([1.5, 2.25], np.float32))
    return [_outcome(f) for f in (
        lambda: format(s, ".2f"), lambda: format(s, ""), lambda: format(v, ""),
        lambda: f"{v:>8}", lambda: format(T([3]), "d"), lambda: bool(v),
        lambda: bool(T(np.zeros((0,), np.float32))), lambda: bool(T([2.0])), lambda: len(s),
        lambda: len(v), lambda: round(T(2.5)), lambda: round(T([2.567, -1.5, 0.5])),
        lambda: round(T([3])), lambda: round(s, 2))]


@case(modes=("PYNATIVE",))
def dtype_classes_and_attributes(ms):
    """Each dtype is an instance of its kind's class (mindspore.dtype.Int/Float/Bool);
    Float(32) is float32; is_floating_point, is_complex, is_signed, itemsize, to_complex,
    to_real and dtype_to_pytype as MindSpore has them."""
    D = ms.dtype
    kinds = [ms.bool_, ms.int8, ms.uint8, ms.int64, ms.float16, ms.bfloat16, ms.float32,
             ms.float64, ms.complex64, ms.complex128]
    rows = [(type(d).__name__, isinstance(d, D.Float), isinstance(d, D.Int),
             isinstance(d, D.Bool), d.is_floating_point, d.is_complex, d.is_signed,
             d.itemsize, _outcome(lambda d=d: str(d.to_complex())), str(d.to_real()),
             ms.dtype_to_pytype(d).__name__) for d in kinds]
    made = [D.Float(32) == ms.float32, D.Float(16) == ms.float16, D.Int(8) == ms.int8,
            D.Int(64) == ms.int64, D.Bool() == ms.bool_, _outcome(lambda: D.Int(7))]
    return rows, made


def _made(f):
    """A constructed Tensor as (dtype, values), or the error as (class, first line)."""
    try:
        t = f()
        return str(t.dtype), t.asnumpy().tolist()
    except (TypeError, ValueError, RuntimeError) as e:
        return type(e).__name__, str(e).split("\n")[0]


@case(modes=("PYNATIVE",))
def tensor_construction_checks(ms):
    """Tensor(input_data, dtype) as MindSpore builds it: the accepted input types (range,
    dict, set, str refused with its message), ragged or object data refused, Python ints
    past int64 (UInt64 from 2**63, refused past 2**64), an explicit dtype converting the
    NumPy array directly with C's conversion (integers wrap, NaN and inf to an int are its
    minimum, floats to ints truncate), and a dtype that is not a MindSpore type refused."""
    T = ms.Tensor
    fs = [lambda: T(range(3)), lambda: T({1: 2}), lambda: T({1, 2}), lambda: T("abc"),
          lambda: T([[1, 2], [3]]), lambda: T((1, (2, 3))), lambda: T([1, None]),
          lambda: T(np.array([1, 2], dtype=object)), lambda: T([1, -2**63 - 1]),
          lambda: T(2**63), lambda: T([1, 2**63]), lambda: T(2**64),
          lambda: T([1, 2**63], ms.int64), lambda: T([1, 2**40], ms.int32),
          lambda: T(2**40, ms.int32), lambda: T([300, -1], ms.uint8), lambda: T(-1, ms.uint8),
          lambda: T(np.array([300]), ms.uint8), lambda: T([1.5, -2.7], ms.int32),
          lambda: T(float("nan"), ms.int32), lambda: T(float("inf"), ms.int64),
          lambda: T([16777217.0], ms.int32), lambda: T([16777217.0], ms.float64),
          lambda: T(1e40, ms.float32), lambda: T([0.5, 0, 2], ms.bool_),
          lambda: T(1, dtype=np.float32), lambda: T(1, dtype="float32"),
          lambda: T(1, dtype=float), lambda: T(T([1.5, 2.5]), ms.int32)]
    return [_made(f) for f in fs]
