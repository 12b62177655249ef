"""The ``ops.Xdivy`` Primitive (mscompat had only the ``ops.xdivy`` function): ``x / y``,
0 where ``x`` is 0, of float operands promoted as usual (a Python number weak); integer
operands are MindSpore's TypeError."""
import numpy as np

from . import op_specs
from ._registry import case
from .op_specs import S, r

X = np.array([[1.5, 0.0, -3.0], [4.0, 0.5, 0.0]], np.float32)
Y = r(2, 3, seed=1720, lo=0.5, hi=2.0)

SPECS = [
    S("xdivy_prim", "ops.Xdivy", (X, Y), init={}),
    S("xdivy_prim_number", "ops.Xdivy", (X.astype(np.float16), 2.5), init={}),
    S("xdivy_prim_zero_d", "ops.Xdivy", (X.astype(np.float16), np.array(0.5, np.float32)),
      init={}),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)


@case(modes=("PYNATIVE",))
def xdivy_prim_integers(ms):
    try:
        ms.ops.Xdivy()(ms.Tensor(np.array([2], np.int32)), 2).asnumpy()
    except TypeError as e:
        return str(e).splitlines()[0]
