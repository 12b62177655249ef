"""``AddExt``/``SubExt``'s ``alpha`` (``mint.add``/``mint.sub``, ``Tensor.add``/``sub``)
checked against the operands' promoted dtype: a Bool ``alpha`` needs Bool operands, a float
one float or Bool operands (TypeErrors naming the promoted dtype); ``ReduceAny`` of a UInt8
Tensor answers in UInt8; ``ops.cumprod`` multiplies integers in Int64 (the ``CumProd``
Primitive keeps the dtype)."""
import numpy as np

from ._registry import case

_DTYPES = ("float32", "int32", "bool_", "float16")


def _operands(ms):
    values = {"float32": [1.5, 2.0], "int32": [1, 2], "bool_": [True, False],
              "float16": [1.5, 2.0]}
    return {d: ms.Tensor(np.array(values[d], getattr(np, d if d != "bool_" else "bool_")))
            for d in _DTYPES}


def _try(call, *args, **kwargs):
    try:
        out = call(*args, **kwargs)
        out.asnumpy()
        return out
    except TypeError as e:
        return "TypeError: " + str(e).splitlines()[0]


def _alpha_grid(ms, fn, alphas):
    ms.set_context(pynative_synchronize=True)  # (a kernel error raised where it happens)
    xs = _operands(ms)
    out = []
    for a in _DTYPES:
        for b in (*_DTYPES, True, 2, 0.5):
            other = xs[b] if isinstance(b, str) else b
            for alpha in alphas:
                out.append(_try(fn, xs[a], other, alpha=alpha))
    return out


@case(modes=("PYNATIVE",))
def mint_add_bool_alpha(ms):
    return _alpha_grid(ms, ms.mint.add, (True,))


@case(modes=("PYNATIVE",))
def mint_add_number_alpha(ms):
    return _alpha_grid(ms, ms.mint.add, (2, 0.5))


@case(modes=("PYNATIVE",))
def mint_sub_alpha(ms):
    return _alpha_grid(ms, ms.mint.sub, (True, 3, 0.25))


@case(modes=("PYNATIVE",))
def tensor_add_sub_alpha(ms):
    ms.set_context(pynative_synchronize=True)
    xs = _operands(ms)
    return [_try(lambda: xs["int32"].add(xs["bool_"], alpha=True)),
            _try(lambda: xs["bool_"].add(True, alpha=0.5)),
            _try(lambda: xs["float16"].sub(2, alpha=True)),
            _try(lambda: xs["bool_"].sub(xs["bool_"], alpha=2)),
            _try(lambda: xs["int32"].sub(xs["int32"], alpha=0.5))]


@case()
def reduce_any_uint8(ms):
    x = ms.Tensor(np.array([[0, 3], [0, 0]], np.uint8))
    return (ms.ops.any(x), ms.ops.any(x, 1), x.any(0, True), ms.ops.ReduceAny(True)(x, 0),
            ms.ops.all(x), ms.ops.any(ms.Tensor(np.array([[0, 3], [0, 0]], np.int8)), 0))


@case()
def mint_any_uint8(ms):
    x = ms.Tensor(np.array([[0, 3], [0, 0]], np.uint8))
    return ms.mint.any(x), ms.mint.any(x, 1), ms.mint.all(x)


@case()
def cumprod_integers_int64(ms):
    out = []
    for dt in (np.int8, np.int16, np.int32, np.uint8, np.bool_):
        x = ms.Tensor(np.array([[3, 1, 2], [100, 2, 3]], dt))
        out.append(ms.ops.cumprod(x, 1))
    x = ms.Tensor(np.array([100, -2, 3], np.int8))
    out += [ms.ops.cumprod(x, 0, dtype=ms.int16), ms.ops.CumProd()(x, 0), x.cumprod(0)]
    return out
