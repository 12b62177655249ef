"""Empty and 0-d inputs MindSpore's CPU kernels refuse, as a random Tensor-method sweep found
them (each its own case: MindSpore's PYNATIVE errors stay for the next op):
``ops.max``/``min`` and ``Tensor.max``/``min`` of an empty Tensor (``Max cannot deal with
empty input`` over every axis, ``ArgMaxWithValue ...`` along one; mscompat returned an
empty result or JAX's message), ``topk`` of a 0-d Tensor (RuntimeError), ``tril`` of a
matrix without rows or columns (RuntimeError; a batch of none is fine), ``diff`` of a 0-d Tensor
(TypeError)."""
import numpy as np

from ._registry import case


def _outcome(f):
    try:
        return f().asnumpy()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


def _t(ms, *shape):
    return ms.Tensor(np.zeros(shape, np.float32))


@case(modes=("PYNATIVE",))
def max_along_an_axis_of_nothing(ms):
    return _outcome(lambda: ms.ops.max(_t(ms, 0, 3), axis=1)[0])


@case(modes=("PYNATIVE",))
def tensor_min_along_an_axis_of_nothing(ms):
    return _outcome(lambda: _t(ms, 2, 0).min(axis=0))


@case(modes=("PYNATIVE",))
def max_of_nothing(ms):
    return _outcome(lambda: _t(ms, 0, 3).max())


@case(modes=("PYNATIVE",))
def topk_of_a_scalar(ms):
    return _outcome(lambda: ms.ops.topk(ms.Tensor(np.array(1.5, np.float32)), 1)[0])


@case(modes=("PYNATIVE",))
def tril_without_rows(ms):
    return _outcome(lambda: ms.ops.tril(_t(ms, 0, 3)))


@case(modes=("PYNATIVE",))
def tril_without_columns(ms):
    return _outcome(lambda: _t(ms, 3, 0).tril())


@case()
def tril_of_an_empty_batch(ms):
    return ms.ops.tril(_t(ms, 0, 2, 3))


@case(modes=("PYNATIVE",))
def diff_of_a_scalar(ms):
    return _outcome(lambda: ms.ops.diff(ms.Tensor(np.array(1.5, np.float32))))


@case(modes=("PYNATIVE",))
def zero_d_bool_max_by_python_overload(ms):
    """MindSpore's Python ``max``/``min`` (``ops.max``, or the method with ``axis``/
    ``keepdims``...) returns a 0-d input as it is, Bool too; ``x.max()`` alone is the C++
    reduction, which refuses Bool (a separate case)."""
    t = ms.Tensor(np.array(True))
    return [t.max(axis=0), t.min(axis=None, keepdims=True), t.max(keepdims=True),
            ms.ops.max(t), ms.ops.min(t, keepdims=True)]


@case(modes=("PYNATIVE",))
def zero_d_bool_max_reduction(ms):
    try:
        ms.Tensor(np.array(True)).max().asnumpy()
    except Exception as e:  # noqa: BLE001 - the class is the result (messages differ)
        return type(e).__name__
