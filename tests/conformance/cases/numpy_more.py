"""``mindspore.numpy``'s element-wise, stacking, index, NaN-aware and polynomial functions
(``numpy_table_more``) on Int32 and Float32 inputs: values and MindSpore's result dtypes
(an integer ``exp2``/``fabs``/``copysign``/``polymul`` stays an integer, ``tan``/``cosh`` of
integers are Float32, windows are Float32)."""

from ._registry import case

UNARY = ("arcsinh", "cosh", "sinh", "tan", "deg2rad", "rad2deg", "radians", "exp2", "fabs",
         "isfinite", "isneginf", "isposinf", "negative", "positive", "signbit", "atleast_1d",
         "atleast_2d", "atleast_3d", "fliplr", "flipud", "diagonal", "diff", "ediff1d",
         "nanmax", "nanmin", "nansum", "nanstd", "nanvar", "nancumsum", "ptp", "argwhere",
         "asfarray", "sometrue", "gradient", "unwrap", "histogram", "diagflat")
FLOAT_ONLY = ("expm1", "rint")
INT_ONLY = ("invert", "bitwise_not")
BINARY = ("arctan2", "copysign", "floor_divide", "fmod", "hypot", "mod", "remainder",
          "not_equal", "kron", "polyadd", "polysub", "polymul", "heaviside", "divmod",
          "array_equal", "array_equiv", "isin", "in1d")


def _inputs(mnp):
    f = mnp.array([[0.5, -1.5, 2.0], [3.25, 0.0, -0.75]])
    i = mnp.array([[1, 2, 6], [3, 4, 0]])
    v = mnp.array([1.0, 2.5, 4.0, 4.5])
    iv = mnp.array([1, 3, 3, 7])
    return f, i, v, iv


@case(modes=("PYNATIVE",), rtol=1e-6, atol=1e-6)
def numpy_elementwise_and_nan_functions(ms):
    import importlib
    mnp = importlib.import_module(ms.__name__ + ".numpy")
    f, i, v, iv = _inputs(mnp)
    out = [[getattr(mnp, n)(x) for x in (f, i)] for n in UNARY]
    out += [[getattr(mnp, n)(a, b) for a, b in ((v, v[::-1]), (iv, iv[::-1]), (iv, v))]
            for n in BINARY]
    out += [getattr(mnp, n)(f) for n in FLOAT_ONLY] + [getattr(mnp, n)(i) for n in INT_ONLY]
    out += [getattr(mnp, n)(iv, iv[::-1]) for n in ("bitwise_and", "bitwise_or", "bitwise_xor",
                                                   "inner")]
    out += [mnp.logaddexp2(v, v[::-1]), mnp.logaddexp2(iv, v), mnp.inner(v, v[::-1])]
    acosh_in, atanh_in = mnp.array([1.5, 2.0, 3.25, 10.0, 1.0, 100.0]), mnp.array(
        [0.5, -0.25, 0.0, 0.9, -0.99, 0.1])
    out += [mnp.arccosh(acosh_in), mnp.arctanh(atanh_in), mnp.arccosh(mnp.array([1, 2, 3])),
            mnp.diagflat(f, 1), mnp.diagflat(iv, -2)]
    out.append([mnp.gcd(iv, iv[::-1]), mnp.lcm(iv, iv[::-1]),
                mnp.nanmax(mnp.array([1.0, float("nan"), 3.0])),
                mnp.nansum(mnp.array([1.0, float("nan"), 3.0])), mnp.polyadd(v, 2.0)])
    return out


@case(modes=("PYNATIVE",), rtol=1e-6, atol=1e-6)
def numpy_stacking_index_and_polynomial_functions(ms):
    import importlib
    mnp = importlib.import_module(ms.__name__ + ".numpy")
    f, i, v, iv = _inputs(mnp)
    return [mnp.column_stack((v, v)), mnp.dstack((v, v)), mnp.dsplit(mnp.ones((2, 2, 4)), 2),
            mnp.hsplit(i, 3), mnp.vsplit(i, 2), mnp.rollaxis(mnp.ones((2, 3, 4)), 2),
            mnp.tri(3, 4, 1), mnp.tril_indices(3), mnp.triu_indices(3, 1),
            mnp.tril_indices_from(mnp.ones((3, 3))), mnp.triu_indices_from(mnp.ones((3, 3))),
            mnp.diag_indices(3), mnp.polyval(mnp.array([1.0, 2.0, 3.0]), v),
            mnp.polyder(mnp.array([1.0, 2.0, 3.0])), mnp.polyint(mnp.array([1.0, 2.0, 3.0])),
            mnp.vander(v), mnp.bartlett(5), mnp.hamming(5), mnp.hanning(5),
            mnp.indices((2, 3)), mnp.ix_(iv, iv),
            mnp.unravel_index(mnp.array([5, 7]), (3, 4)), mnp.cov(f), mnp.corrcoef(f),
            mnp.searchsorted(v, mnp.array([2.0, 4.2])),
            mnp.searchsorted(v, mnp.array([2.5]), side="right"),
            mnp.digitize(mnp.array([0.2, 6.4, 3.0]), mnp.array([0.0, 1.0, 2.5, 4.0])),
            mnp.interp(mnp.array([0.5, 1.5, 5.0]), mnp.array([0.0, 1.0, 2.0]),
                       mnp.array([0.0, 10.0, 5.0])),
            mnp.select([iv > 2, iv < 2], [iv, -iv]),
            mnp.choose(mnp.array([0, 1, 0]), [mnp.array([1, 2, 3]), mnp.array([4, 5, 6])]),
            mnp.logspace(0, 2, 5), mnp.geomspace(1, 100, 3),
            mnp.histogram_bin_edges(v, 3), str(mnp.promote_types(mnp.int32, mnp.float16)),
            str(mnp.result_type(mnp.int32, mnp.float16)), mnp.size(f, 1), mnp.size(f),
            mnp.isscalar(3), mnp.isscalar(f)]


@case(modes=("PYNATIVE",))
def numpy_array_inputs(ms):
    """``numpy.array``/``asarray`` take Python numbers, Tensors, lists and tuples (a NumPy
    array or scalar, a string or None is a TypeError); NumPy numbers inside a list follow
    the list rule (Float64 -> Float32, Int64 -> Int32)."""
    import importlib

    import numpy as np
    mnp = importlib.import_module(ms.__name__ + ".numpy")
    out = []
    for f in (lambda: mnp.array(np.ones(2)), lambda: mnp.asarray(np.ones(2)),
              lambda: mnp.array(np.float32(1)), lambda: mnp.array("a"),
              lambda: mnp.array(None), lambda: mnp.asarray([np.ones(2)]),
              lambda: mnp.array([np.int64(3), 4]), lambda: mnp.array([np.float16(1), 2.0]),
              lambda: mnp.array([[np.ones(2, np.float32)]])):
        try:
            r = f()
            out.append((str(r.dtype), r.asnumpy().tolist()))
        except TypeError as e:
            out.append(str(e))
    return out
