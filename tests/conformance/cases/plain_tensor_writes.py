"""In-place writes to a plain Tensor (not a Parameter): ``ops.assign``/``assign_add``/
``assign_sub`` write it as MindSpore does, also from a GRAPH_MODE ``construct`` that holds it
as an attribute (mscompat runs such a call through a graph break: the compiled trace cannot
write a Tensor made outside it); and small edges of a sweep: ``ops.t`` of 3-D (returned as
it is; ``mint.t`` swaps), ``ops.stack`` of one Tensor (one element), ``ops.zeta`` with a
Python number."""
import numpy as np

from . import op_specs
from ._registry import case
from .op_specs import S, r


@case(modes=("PYNATIVE",))
def assign_plain_tensor(ms):
    v = ms.Tensor(np.ones(3, np.float32))
    a = ms.ops.assign(v, ms.Tensor(np.full(3, 2.0, np.float32)))
    b = ms.ops.assign_add(v, ms.Tensor(np.full(3, 3.0, np.float32)))
    c = ms.ops.assign_sub(v, ms.Tensor(np.full(3, 0.5, np.float32)))
    return a, b, c, v


def _accumulator(ms):
    class Accumulate(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.total = ms.Tensor(np.zeros(3, np.float32))

        def construct(self, x):
            ms.ops.assign_add(self.total, x)
            return self.total + 0
    return Accumulate()


@case()
def assign_add_tensor_attribute(ms):
    net = _accumulator(ms)
    x = ms.Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    return net(x), net(x), net.total


SPECS = [
    S("t_3d_unchanged", "ops.t", (r(2, 3, 4, seed=1400),), grad=False),
    S("Tensor_t_3d_unchanged", "Tensor.t", (r(2, 3, 4, seed=1401),), grad=False),
    S("mint_t_3d_swaps", "mint.t", (r(2, 3, 4, seed=1402),), grad=False),
    S("t_2d", "ops.t", (r(2, 3, seed=1403),)),
    S("zeta_python_int", "ops.zeta", (np.array([2.0, 3.0, 4.5], np.float32), 1), grad=False),
    S("zeta_python_float", "ops.zeta", (np.array([2.0, 3.0], np.float32), 1.5), grad=False),
    S("zeta_python_float_x", "ops.zeta", (2.0, np.array([1.0, 2.0], np.float32)), grad=False),
]


@case()
def stack_one_tensor(ms):
    x = ms.Tensor(r(2, 3, seed=1404))
    return ms.ops.stack(x), ms.ops.stack(x, 1)


for _spec in SPECS:
    op_specs._register(_spec, module=__name__)
