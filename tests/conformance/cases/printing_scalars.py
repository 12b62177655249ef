"""``print`` of 0-d Tensors inside ``construct``: GRAPH_MODE's ``Print`` op writes a float
as C++ streams it (6 significant digits: ``2``, ``0.333333``, ``1.23457e+08``, ``1e-08``),
an integer as it is and a Bool as ``1``/``0``; PYNATIVE prints Python's ``Tensor`` text."""
import numpy as np

from ._registry import case
from .printing import _captured


def _scalars(ms):
    class P(ms.nn.Cell):
        def construct(self, a, b, c, d, e):
            print(a)
            print(b, c)
            print("d", d, e)
            print(a.sum(), "x")
            return a
    return P()


@case()
def print_zero_d_tensors(ms):
    p = _scalars(ms)
    values = [(2.0, 123456789.0, 1 / 3, -3, True), (2.5, 0.1, 1e-8, 7, False)]

    def run():
        for a, b, c, d, e in values:
            p(ms.Tensor(np.float32(a)), ms.Tensor(np.float32(b)), ms.Tensor(np.float64(c)),
              ms.Tensor(np.int32(d)), ms.Tensor(np.array(e)))
    return _captured(run)
