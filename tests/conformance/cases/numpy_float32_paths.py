"""``mindspore.numpy``'s own rules found by a sweep of its functions over dtypes: only
Float16 and Float32 count as floats (Float64, Int64 and the other integers go through
float32 in ``divide``, the remainders, ``trapz``, ``diff``, ``ediff1d``, ``roll``, the
flips, ``copysign``, ``cross`` and a matrix's ``diag``); a Python number is a Tensor
(``power(int8, 2)`` is Int32); ``full``/``full_like`` broadcast a Tensor or list fill in its
own dtype; the input dtypes its functions refuse (recorded in ``ms_dtypes``)."""
import numpy as np

from ._registry import case

F64 = np.array([1 / 3, 2 / 3 + 1e-12, 5.1], np.float64)
G64 = np.array([0.7, 0.3, 2.0], np.float64)
BIG = np.array([2**25 + 1, 3, 2**26 + 3], np.int64)


def _class_or(call, *args, **kwargs):
    try:
        return call(*args, **kwargs)
    except (TypeError, ValueError, RuntimeError) as e:
        return type(e).__name__


@case(rtol=0, atol=0)
def divisions_of_float64(ms):
    mnp, t = ms.numpy, ms.Tensor
    f64, g64 = t(F64), t(G64)
    return (mnp.divide(f64, g64), mnp.true_divide(f64, 2), mnp.divide(f64, 2.0),
            mnp.divide(f64, t(G64.astype(np.float32))), mnp.remainder(f64, g64),
            mnp.mod(f64, g64), mnp.fmod(f64, g64), mnp.divmod(f64, g64),
            mnp.remainder(t(BIG), 3))


@case(rtol=0, atol=0)
def float32_paths_of_wide_inputs(ms):
    mnp, t = ms.numpy, ms.Tensor
    f64, big = t(F64), t(BIG)
    u8 = t(np.array([5, 2, 9], np.uint8))
    m64 = t(np.array([[1 / 3, 2.0], [3.0, 4 / 7]], np.float64))
    return (mnp.diff(f64), mnp.diff(big), mnp.diff(u8), mnp.ediff1d(f64, to_end=-1.5),
            mnp.ediff1d(u8, to_begin=-1.5), mnp.roll(f64, 1), mnp.roll(big, 1), mnp.flip(big),
            mnp.fliplr(m64), mnp.flipud(m64), mnp.rot90(m64), mnp.copysign(f64, -1.0),
            mnp.copysign(big, t(np.array([-1, 1, -1], np.int64))), mnp.cross(f64, t(G64)),
            mnp.diag(m64), mnp.diag(f64, 1))


@case(rtol=0, atol=0)
def trapz_dtypes(ms):
    mnp, t = ms.numpy, ms.Tensor
    return (mnp.trapz(t(F64)), mnp.trapz(t(F64), t(G64)), mnp.trapz(t(F64), dx=0.5),
            mnp.trapz(t(np.array([1, 2, 4], np.int64))),
            mnp.trapz(t(np.array([1.0, 2.0, 4.0], np.float16)),
                      t(np.array([0.0, 1.0, 3.0], np.float32))))


@case()
def full_with_tensor_or_list_fill(ms):
    mnp, t = ms.numpy, ms.Tensor
    h = t(np.ones(2, np.float16))
    return (mnp.full((2, 2), [1, 2]), mnp.full((2, 2), [1, 2], ms.float32),
            mnp.full((2,), t(np.array([1.5], np.float64)), ms.int32),
            mnp.full((2, 2), 3.5, ms.int32), mnp.full_like(t(np.ones(2, np.int32)), 2.5),
            mnp.full_like(h, t(np.array(2.5, np.float32))), mnp.full_like(h, [1, 2]),
            mnp.full_like(t(np.ones((2, 3), np.float16)), 1, shape=(3,)),
            mnp.full_like([1, 2], 1.5))


@case(modes=("PYNATIVE",))
def result_dtypes(ms):
    mnp, t = ms.numpy, ms.Tensor
    i8 = t(np.array([[1, 0, 3], [2, 1, 0]], np.int8))
    u8 = t(np.array([[1, 0, 3], [2, 1, 0]], np.uint8))
    return (mnp.sum(u8), mnp.sum(u8, 0), mnp.nansum(i8), mnp.nansum(u8), mnp.nancumsum(i8, 1),
            mnp.nancumsum(u8, 1), mnp.count_nonzero(t(BIG)), mnp.exp2(t(np.array([True, False]))),
            mnp.power(i8, 2), mnp.power(t(np.array([1.0, 2.0], np.float16)), 2.5),
            mnp.power(t(np.array([1.0, 2.0], np.float16)), 2), mnp.argmin(t(BIG)),
            mnp.argmin(t(np.array([[1.0, 0.0], [2.0, 3.0]])), 0), mnp.argmax(t(BIG)))


@case(modes=("PYNATIVE",))
def refused_inputs(ms):
    mnp, t = ms.numpy, ms.Tensor
    ms.set_context(pynative_synchronize=True)
    b = t(np.array([True, False, True]))
    f = t(np.array([1.0, 2.0, 3.0], np.float32))
    h = t(np.array([1.0, 2.0, 3.0], np.float16))
    i = t(np.array([1, 2, 3], np.int32))
    return [_class_or(mnp.add, b, b), _class_or(mnp.less_equal, f, 1.5),
            _class_or(mnp.inner, h, f), _class_or(mnp.isclose, b, f),
            _class_or(mnp.logaddexp, i, i), _class_or(mnp.exp, i), _class_or(mnp.amax, b),
            _class_or(mnp.mean, b), _class_or(mnp.invert, b), _class_or(mnp.count_nonzero, b),
            _class_or(mnp.where, b), _class_or(mnp.abs, f, f), _class_or(mnp.tril, f, f),
            _class_or(mnp.multiply, i, 2)]
