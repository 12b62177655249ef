"""``mindspore.numpy`` against MindSpore 2.10 where a sweep over special values and the
remaining names found differences: the NaN rule of its max/min/argmax/argmin (argmin Int32),
``unique`` in first-appearance order, one Tensor passed to ``hstack``/``vstack``/``dstack``/
``column_stack`` (returned as it is), ``squeeze`` of an axis that is not 1, ``signbit(-0.0)``,
``heaviside`` of NaN, ``floor_divide``/``divmod`` of an infinity, ``meshgrid`` of 2-D inputs,
``result_type`` with a Python number, the division kernels' zero divisor (the divisor's
sign unused), and ``around``, ``fix``, ``matrix_power``, ``convolve``, ``correlate``,
``intersect1d``, ``setdiff1d``, ``ravel_multi_index``, ``array_str``, ``apply_along_axis``,
``apply_over_axes``, ``piecewise``, ``histogram2d``, ``histogramdd``."""
import numpy as np

from ._registry import case

X = np.array([[0.0, np.inf, -1.5, -0.0], [np.nan, 2.0, -np.inf, 3.0], [1.0, 5.0, 2.0, 0.5]],
             np.float32)
XI = np.array([[1, 5, 2], [7, 0, 7]], np.int32)


@case(modes=("PYNATIVE",))
def numpy_nan_extremes(ms):
    mnp, T = ms.numpy, ms.Tensor
    x = T(X)
    return (mnp.argmax(x), mnp.argmax(x, 1), mnp.argmin(x), mnp.argmin(x, 1),
            mnp.argmin(T(XI)), mnp.max(x, 1), mnp.amin(x, 0), mnp.ptp(x, 1), mnp.amax(x))


@case(modes=("PYNATIVE",))
def numpy_shapes_and_signs(ms):
    mnp, T = ms.numpy, ms.Tensor
    x, xi = T(X), T(XI)
    return (mnp.unique(xi), mnp.unique(xi, True), mnp.unique(T(X[2])),
            mnp.hstack(xi), mnp.vstack(T(np.ones((2, 3, 4), np.float32))), mnp.dstack(xi),
            mnp.column_stack(xi), mnp.hstack([xi, xi]), mnp.squeeze(xi, 1), mnp.signbit(x),
            mnp.heaviside(x, 1.0), mnp.floor_divide(x, 2), mnp.divmod(x, 2.0),
            [a.shape for a in mnp.meshgrid(xi, xi)], str(mnp.result_type(x, 1)),
            str(mnp.result_type(xi, 1.0)))


@case(modes=("PYNATIVE",))
def division_by_signed_zero(ms):
    mnp, T, ops = ms.numpy, ms.Tensor, ms.ops
    z = T(np.array([-0.0, 0.0, -0.0, 0.0, -0.0], np.float32))
    o = T(np.array([1.0, -1.0, -1.0, 0.0, np.nan], np.float32))
    return (ops.div(o, z), o / z, ops.tensor_div(o, z), ops.div(2.0, T(np.float32(-0.0))),
            1.0 / z, ops.reciprocal(z), mnp.divide(1.0, z), mnp.reciprocal(z),
            ops.div(o.astype(ms.float16), z.astype(ms.float16)))


@case(modes=("PYNATIVE",))
def numpy_more_functions(ms):
    mnp, T = ms.numpy, ms.Tensor
    f = T(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    return (mnp.around(T(np.array([1.25, 2.5, -0.5, 3.14159], np.float32)), 1),
            mnp.around(T(np.array([1.5, 2.5], np.float32))), mnp.fix(T([1.7, -1.7])),
            mnp.fix(T(np.array([3, -3], np.int32))),
            mnp.matrix_power(f, 3), mnp.matrix_power(T(np.array([[1, 2], [3, 4]], np.int32)), 2),
            mnp.convolve(T([1.0, 2.0, 3.0]), T([0.0, 1.0, 0.5])),
            mnp.convolve(T([1.0, 2.0, 3.0]), T([0.0, 1.0, 0.5]), "same"),
            mnp.convolve(T(np.array([1, 2, 3], np.int32)), T(np.array([0, 1, 2], np.int32))),
            mnp.correlate(T([1.0, 2.0, 3.0]), T([0.0, 1.0, 0.5])),
            mnp.correlate(T([1.0, 2.0, 3.0]), T([0.0, 1.0, 0.5]), "full"),
            mnp.intersect1d(T(np.array([1, 3, 4, 3], np.int32)), T(np.array([3, 1, 2, 1],
                                                                            np.int32))),
            mnp.intersect1d(T(np.array([1, 3, 4, 3], np.int32)),
                            T(np.array([3, 1, 2, 1], np.int32)), return_indices=True),
            mnp.setdiff1d(T(np.array([1, 3, 4, 3], np.int32)), T(np.array([3, 1, 2, 1],
                                                                          np.int32))),
            mnp.ravel_multi_index((T(np.array([3, 6, 6], np.int32)),
                                   T(np.array([4, 5, 1], np.int32))), (7, 6)),
            mnp.array_str(f),
            mnp.apply_along_axis(lambda a: a.sum(), 1, T(np.ones((2, 3), np.float32))),
            mnp.apply_along_axis(lambda a: a * 2, 0, T(np.arange(6, dtype=np.float32)
                                                       .reshape(2, 3))),
            mnp.apply_over_axes(mnp.sum, T(np.ones((2, 3, 4), np.float32)), [0, 2]),
            mnp.piecewise(T([-1.0, 0.5, 2.0]), [T([True, False, False]),
                                                T([False, True, True])], [-1, 1]),
            mnp.piecewise(T([-1.0, 0.5, 2.0]), [T([True, False, False])],
                          [lambda v: v * 2, lambda v: v + 7]),
            mnp.histogram2d(T(np.array([0.1, 0.5, 0.9], np.float32)),
                            T(np.array([0.2, 0.4, 0.8], np.float32)), bins=2),
            mnp.histogramdd(T(np.array([[0.1, 0.2], [0.5, 0.4], [0.9, 0.8]], np.float32)),
                            bins=2))
