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
