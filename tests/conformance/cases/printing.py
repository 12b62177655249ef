"""``print`` inside ``construct`` prints on every call, with real values, in both modes."""
import io
import os
import sys
import tempfile
import time

import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _captured(run):
    """Everything written to file descriptor 1 while ``run()`` runs (C++ prints included)."""
    sys.stdout.flush()
    saved, saved_stdout = os.dup(1), sys.stdout
    with tempfile.TemporaryFile(mode="w+b") as tmp:
        os.dup2(tmp.fileno(), 1)
        sys.stdout = io.TextIOWrapper(open(1, "wb", closefd=False), write_through=True)
        try:
            run()
            sys.stdout.flush()
            time.sleep(0.05)
        finally:
            sys.stdout = saved_stdout
            os.dup2(saved, 1)
            os.close(saved)
        tmp.seek(0)
        return tmp.read().decode()


def _printer(ms):
    class P(ms.nn.Cell):
        def construct(self, x, i):
            print(x)
            print("val:", x, 3, i)
            return x * 2
    return P()


@case()
def print_every_call(ms):
    p = _printer(ms)

    def run():
        p(_t(ms, [1.0, 2.0]), _t(ms, [1, 2], np.int32))
        p(_t(ms, [3.0, 4.0]), _t(ms, [3, 4], np.int32))
    return _captured(run)


@case()
def print_nd_and_scalars(ms):
    class P(ms.nn.Cell):
        def construct(self, x, s, b):
            print(x)
            print(s, b)
            print("flag", True, 1.5)
            return s

    def run():
        P()(_t(ms, [[1.0, 2.5], [3.0, -4.0]]), _t(ms, 2.5), _t(ms, [True, False], np.bool_))
        P()(ms.Tensor(np.arange(12, dtype=np.float64).reshape(2, 2, 3)), _t(ms, 7, np.int64),
            _t(ms, True, np.bool_))
    return _captured(run)


@case()
def print_under_grad(ms):
    p = _printer(ms)

    def run():
        ms.grad(p)(_t(ms, [1.0, 2.0]), _t(ms, [5, 6], np.int32))
    return _captured(run)


@case()
def print_with_branch(ms):
    class P(ms.nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                print("positive", x)
                return x
            print("other", x)
            return -x

    def run():
        p = P()
        p(_t(ms, [1.0, 2.0]))
        p(_t(ms, [-1.0, -2.0]))
    return _captured(run)


@case(modes=("PYNATIVE",))
def pooling_and_convolution_reprs(ms):
    """The 1-D pools show the 2-D (MaxPool1d with 'pad': 3-D) kernel and stride MindSpore
    runs them with; initializers print as ``<mindspore.common.initializer.HeUniform
    object at ...>`` inside a convolution's repr (the address replaced)."""
    import re
    nn = ms.nn
    cells = [nn.AvgPool1d(2), nn.AvgPool1d(3, 2, "same"), nn.MaxPool1d(2),
             nn.MaxPool1d(3, 2, pad_mode="pad", padding=1), nn.AvgPool1d(2, 1, "pad", padding=1),
             nn.AvgPool2d(2), nn.MaxPool2d(2, 1), nn.Conv1d(3, 4, 3),
             nn.Conv2d(3, 8, (3, 5), stride=2, pad_mode="pad", padding=(1, 1, 2, 2), dilation=2,
                       has_bias=True), nn.Dense(3, 4)]
    return [re.sub(r"0x[0-9a-f]+", "ADDR", repr(c)) for c in cells]


@case(modes=("PYNATIVE",))
def from_numpy_prints_as_numpy(ms):
    """A float Tensor made by ``from_numpy`` prints its values as NumPy writes them
    (``[0., 1., 2.]``, ``[1.5 , 2.25]``) while it holds the array (an item write keeps
    it); an op's result, ``assign_value`` or ``set_dtype`` prints as any Tensor."""
    a = ms.from_numpy(np.arange(6.0).reshape(2, 3))
    b = ms.Tensor.from_numpy(np.array([1.5, 2.25], np.float32))
    c = ms.from_numpy(np.array([1e-8, 1.0]))
    d = ms.from_numpy(np.arange(3.0))
    d[1:] = 2.5
    e = ms.from_numpy(np.arange(3.0))
    e.assign_value(ms.Tensor(np.array([4.0, 5.0, 6.0])))
    f = ms.from_numpy(np.arange(3.0))
    f.set_dtype(ms.float32)
    g = ms.from_numpy(np.arange(3.0))
    return [repr(a), str(a), repr(b), repr(c), repr(d), repr(e), repr(f), repr(ms.Tensor(g)),
            repr(g + 1), repr(ms.from_numpy(np.array([1, 2], np.int32))),
            repr(ms.from_numpy(np.array(3.5)))]


@case(modes=("PYNATIVE",))
def tensor_of_numbers_and_text(ms):
    try:
        ms.Tensor([1, "a"])
    except TypeError as e:
        return str(e)
