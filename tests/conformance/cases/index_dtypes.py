"""The dtypes MindSpore 2.10's index-taking ops accept (Int16/Int32/Int64 for Gather,
IndexSelect, GatherNd, ScatterNd, UnsortedSegmentSum; Int32/Int64 for GatherD,
TensorScatter*, OneHot; getitem's own rule), the one-dtype rule of the Concat and Stack
kernels behind ``stack``/``hstack``/``vstack``/``dstack``/``column_stack``/``mint.cat``,
TensorScatter*'s operand rules, OneHot's value dtypes and the conversion of values written
by ``Tensor.__setitem__``. Sweeps record the result or the exception class (counted when it
repeats: MindSpore reports some kernel errors one call late)."""
# ruff: noqa: B023 - every lambda below is called at once, inside its loop iteration
import itertools

import numpy as np

from ._registry import case
from .ternary_ops import _runner, _tensor

DTYPES = ("bool", "int8", "int16", "int32", "int64", "uint8", "float16", "float32", "float64")
INDEX = ("int8", "int16", "int32", "int64", "uint8", "bool", "float32")


def _index(ms, dt, values):
    return ms.Tensor(np.array(values).astype(dt))


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def index_argument_dtypes(ms):
    run, ops = _runner(ms), ms.ops
    out = []
    for a, i in itertools.product(("bool", "int8", "float16", "float32", "int64"), INDEX):
        x = _tensor(ms, a, 0, (3, 4))
        out += [
            run(lambda: ops.gather(x, _index(ms, i, [2, 0, 1]), 0)),
            run(lambda: ops.index_select(x, 1, _index(ms, i, [2, 0]))),
            run(lambda: ops.gather_elements(x, 1, _index(ms, i, [[0, 1, 0, 1]] * 3))),
            run(lambda: ms.mint.gather(x, 1, _index(ms, i, [[0, 1, 0, 1]] * 3))),
            run(lambda: ops.gather_nd(x, _index(ms, i, [[0, 1], [2, 0]]))),
            run(lambda: ops.scatter_nd(_index(ms, i, [[0], [2]]), _tensor(ms, a, 1, (2, 4)),
                                       (3, 4))),
            run(lambda: ops.tensor_scatter_update(x, _index(ms, i, [[0], [2]]),
                                                  _tensor(ms, a, 1, (2, 4)))),
            run(lambda: ops.unsorted_segment_sum(x, _index(ms, i, [0, 1, 0]), 2)),
            run(lambda: ops.one_hot(_index(ms, i, [0, 2, 1]), 3, ms.Tensor(1.0),
                                    ms.Tensor(0.0))),
            run(lambda: x[_index(ms, i, [2, 0, 1])]),
            run(lambda: x[:, _index(ms, i, [2, 0, 1, 0])]),
        ]
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def one_kernel_dtype_for_stacking(ms):
    run, ops = _runner(ms), ms.ops
    out = []
    for a, b in itertools.product(DTYPES, DTYPES):
        pair = (_tensor(ms, a, 0), _tensor(ms, b, 1))
        out += [run(lambda: ops.stack(pair)), run(lambda: ops.hstack(pair)),
                run(lambda: ops.vstack(pair)), run(lambda: ops.dstack(pair)),
                run(lambda: ops.column_stack(pair)), run(lambda: ops.concat(pair)),
                run(lambda: ms.mint.cat(pair)), run(lambda: ops.Stack()(pair))]
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def tensor_scatter_operand_dtypes(ms):
    run, ops = _runner(ms), ms.ops
    idx = _index(ms, "int32", [[0], [2]])
    out = []
    for a, b in itertools.product(DTYPES, DTYPES):
        x, u = _tensor(ms, a, 0, (3, 3)), _tensor(ms, b, 1, (2, 3))
        out += [run(lambda: f(x, idx, u)) for f in (
            ops.tensor_scatter_update, ops.tensor_scatter_add, ops.tensor_scatter_sub,
            ops.tensor_scatter_max, ops.tensor_scatter_min, ops.tensor_scatter_mul)]
        if a.startswith("float") or b.startswith("float"):  # an integer / 0 kills the process
            out.append(run(lambda: ops.tensor_scatter_div(x, idx, u)))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def one_hot_values(ms):
    run, ops = _runner(ms), ms.ops
    i32 = _index(ms, "int32", [0, 2, -1, 5])
    out = [run(lambda: ops.one_hot(i32, 3)), run(lambda: ops.one_hot(i32, 3, 1.0, 0.0)),
           run(lambda: ops.one_hot(i32, 3, 1, 0)), run(lambda: ops.one_hot(i32, 3, 1.0, 0)),
           run(lambda: ops.one_hot(i32, 3, True, False)),
           run(lambda: ops.OneHot()(i32, 3, ms.Tensor(1.0), ms.Tensor(0.0))),
           run(lambda: ms.nn.OneHot(depth=3)(i32)),
           run(lambda: ops.one_hot(_index(ms, "int64", [1, 0]), 2))]
    for a, b in itertools.product(DTYPES, DTYPES):
        out.append(run(lambda: ops.one_hot(i32, 3, _tensor(ms, a, 5, ()),
                                           _tensor(ms, b, 6, ()))))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def setitem_value_conversion(ms):
    out = []
    values = (-1.5, 300, 1e10, 2.7, -3, True,
              ms.Tensor(np.array([-1.5, 300.0, 1e10, -2.7], np.float32)),
              ms.Tensor(np.array([-1.5, 300, 1e10, -2.7])),
              ms.Tensor(np.array([-1, 300, 70000, 5])))
    for dt in ("uint8", "int8", "int16", "int32", "int64", "float16", "bool"):
        for v in values:
            x = ms.Tensor(np.zeros(4), getattr(ms, dt))
            x[:] = v
            out.append(x)
        x = ms.Tensor(np.zeros((2, 4)), getattr(ms, dt))
        x[1, ms.Tensor(np.array([0, 2]))] = -7.9
        out.append(x)
    return out


@case(rtol=0, atol=0)
def scatter_nd_bool_and_index_grad(ms):
    """``scatter_nd`` of Bool updates (duplicates: any), and gradients through gather,
    gather_elements and tensor_scatter_add with Int16/Int32 indices."""
    flags = ms.ops.scatter_nd(ms.Tensor(np.array([[0], [0], [2]], np.int32)),
                              ms.Tensor(np.array([[True, False], [False, False],
                                                  [True, True]])), (3, 2))
    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))

    def f(x):
        a = ms.ops.gather(x, ms.Tensor(np.array([2, 0, 2], np.int16)), 0).sum()
        b = ms.ops.gather_elements(x, 1, ms.Tensor(np.array([[0, 1], [3, 3], [2, 0]],
                                                            np.int32))).sum()
        c = ms.ops.tensor_scatter_add(x, ms.Tensor(np.array([[1], [1]], np.int32)),
                                      ms.ops.ones((2, 4), ms.float32) * x[0]).sum()
        return a * 2 + b + c * 0.5
    return flags, ms.ops.grad(f)(x)


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def index_out_of_range(ms):
    """Concrete indices out of range are errors, not fill values."""
    run, ops = _runner(ms), ms.ops
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    u = ms.Tensor(np.ones((1, 3), np.float32))
    i32 = lambda v: ms.Tensor(np.array(v, np.int32))  # noqa: E731
    out = []
    for bad in (2, -1, 5):
        out += [run(lambda: ops.tensor_scatter_update(x, i32([[bad]]), u)),
                run(lambda: ops.tensor_scatter_add(x, i32([[bad]]), u)),
                run(lambda: ops.tensor_scatter_max(x, i32([[bad]]), u)),
                run(lambda: ops.scatter_nd(i32([[bad]]), u, (2, 3))),
                run(lambda: ops.gather_nd(x, i32([[0, bad]]))),
                run(lambda: ops.gather_elements(x, 1, i32([[0, bad, 1]] * 2))),
                run(lambda: ms.mint.gather(x, 1, i32([[0, bad, 1]] * 2))),
                run(lambda: ops.index_select(x, 1, i32([bad]))),
                run(lambda: ops.gather(x, i32([bad]), 1)),
                run(lambda: ops.unsorted_segment_sum(x, i32([0, bad]), 2))]
    return out


def _got(f):
    try:
        r = f()
        return str(r.dtype), r.asnumpy().tolist()
    except (TypeError, ValueError, IndexError, RuntimeError) as e:
        return type(e).__name__, str(e).split("\n")[0]


@case(modes=("PYNATIVE",))
def numpy_and_bool_mask_indices(ms):
    """A NumPy array is not a Tensor index (IndexError alone, TypeError in a tuple; a NumPy
    integer alone too, for getitem and setitem); a leading Bool mask must match the shape it
    covers (ValueError naming the first differing axis), a later one selects its True
    positions (shorter: read as padded with False; a True past the end: RuntimeError)."""
    T = ms.Tensor
    a = T(np.arange(24, dtype=np.float32).reshape(2, 3, 4))

    def setitem(index):
        b = a.copy()
        b[index] = 1.0
        return b

    fs = [lambda: a[np.array([0, 1])], lambda: a[np.int64(1)], lambda: a[:, np.array([0, 2])],
          lambda: a[np.array(1)], lambda: setitem(np.array([0])), lambda: setitem(np.int64(0)),
          lambda: a[T([True, False, True])], lambda: a[T([True, False])],
          lambda: a[T(np.ones((2, 3), bool))], lambda: a[T(np.ones((2, 4), bool))],
          lambda: a[:, T([True, False, True])], lambda: a[:, T([False, True])],
          lambda: a[1, T([False, True])], lambda: a[:, :, T([False, True])],
          lambda: a[:, T(np.ones((2, 2), bool))], lambda: a[..., T([True, False, True])],
          lambda: a[:, T([True, False, True, True])], lambda: a[T(np.ones((2, 3), bool)), 1]]
    return [_got(f) for f in fs]
