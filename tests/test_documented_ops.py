"""Ops MindSpore 2.10 runs only on Ascend or GPU (its CPU build raises "not supported on
this device"), so no golden can be recorded here: each is tested, in both modes, against the
examples of MindSpore's own documentation (the printed results in its docstrings) and the
errors the documentation names.
"""
import numpy as np
import pytest

import mscompat as ms

MODES = ["PYNATIVE", "GRAPH"]


@pytest.fixture(params=MODES)
def mode(request):
    ms.set_context(mode=getattr(ms, f"{request.param}_MODE"))
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _run(fn, *args):
    return ms.jit(fn)(*args) if ms.get_context("mode") == ms.GRAPH_MODE else fn(*args)


# Tensor.repeat docstring: a = Tensor([[0, 1, 2], [3, 4, 5]])
def test_tensor_repeat_documented_examples(mode):
    a = ms.Tensor([[0, 1, 2], [3, 4, 5]])
    out = _run(lambda t: t.repeat(3, 2), a)
    np.testing.assert_array_equal(out.asnumpy(), [[0, 1, 2, 0, 1, 2], [3, 4, 5, 3, 4, 5]] * 3)
    out = _run(lambda t: t.repeat(2, 1, 3), a)  # "a is treated as a shape [1, 2, 3]"
    np.testing.assert_array_equal(out.asnumpy(), [[[0, 1, 2] * 3, [3, 4, 5] * 3]] * 2)
    out = _run(lambda t: t.repeat((2, 1)), a)  # the tuple overload
    np.testing.assert_array_equal(out.asnumpy(), [[0, 1, 2], [3, 4, 5]] * 2)
    assert out.dtype == ms.int64


def test_tensor_repeat_documented_errors():
    a = ms.Tensor([[0, 1, 2], [3, 4, 5]])
    with pytest.raises(RuntimeError):  # fewer repeats than dimensions
        a.repeat(2)
    with pytest.raises(RuntimeError):  # a negative repeat
        a.repeat(-1, 2)
    with pytest.raises(TypeError, match="must be tuple of int but got int"):
        a.repeat(repeats=2, axis=0)  # MindSpore 2.10 has no NumPy-style axis
    with pytest.raises(TypeError):
        a.repeat(2.0, 1)


def test_tensor_repeat_gradient_sums_the_copies(mode):
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    g = ms.grad(lambda t: (t.repeat(3) * ms.Tensor(np.arange(6, dtype=np.float32))).sum())(x)
    np.testing.assert_allclose(g.asnumpy(), [0 + 2 + 4, 1 + 3 + 5])
