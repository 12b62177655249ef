"""``nn`` padding layers (constant, reflection, replication; 1-D to 3-D), ``nn.Range``:
outputs and gradients in both modes, and the constructors' errors."""

from . import nn_specs
from ._registry import case
from .nn_specs import L
from .op_specs import r

X3 = r(2, 3, 5, seed=300)
X4 = r(1, 2, 4, 5, seed=301)
X5 = r(1, 2, 3, 4, 5, seed=302)

LAYERS = [
    L("ConstantPad1d_int", "ConstantPad1d", (2, 0.5), (X3,)),
    L("ConstantPad1d_tuple", "ConstantPad1d", ((1, 3), -1.0), (X3,)),
    L("ConstantPad2d", "ConstantPad2d", ((1, 0, 2, 1), 2), (X4,)),
    L("ConstantPad2d_two", "ConstantPad2d", ((1, 2), 0.0), (X4,)),
    L("ConstantPad3d", "ConstantPad3d", (1, 0.25), (X5,)),
    L("ReflectionPad1d", "ReflectionPad1d", ((2, 1),), (X3,)),
    L("ReflectionPad1d_int", "ReflectionPad1d", (3,), (X3,)),
    L("ReflectionPad2d", "ReflectionPad2d", ((1, 2, 3, 0),), (X4,)),
    L("ReflectionPad2d_int", "ReflectionPad2d", (1,), (X4,)),
    L("ReflectionPad3d", "ReflectionPad3d", ((1, 1, 0, 2, 1, 0),), (X5,)),
    L("ReplicationPad1d", "ReplicationPad1d", ((2, 1),), (X3,)),
    L("ReplicationPad1d_2d_input", "ReplicationPad1d", ((0, 2),), (X3[0],)),
    L("ReplicationPad2d", "ReplicationPad2d", ((1, 2, 0, 1),), (X4,)),
    L("ReplicationPad3d", "ReplicationPad3d", ((1, 0, 0, 1, 2, 1),), (X5,)),
]
for _layer in LAYERS:
    nn_specs._register(_layer, module=__name__)


@case(modes=("PYNATIVE", "GRAPH"))
def nn_range(ms):
    return ms.nn.Range(1, 8, 2)(), ms.nn.Range(5)(), ms.nn.Range(0.5, 2, 0.5)(), \
        ms.nn.Range(6, 0, -2)()


@case(modes=("PYNATIVE",))
def padding_constructor_errors(ms):
    out = []
    for build in (lambda: ms.nn.ConstantPad1d((1, 2, 3), 0.0),
                  lambda: ms.nn.ConstantPad1d([1, 2], 0.0),
                  lambda: ms.nn.ConstantPad2d((1, 1, 1, 1, 1, 1), 0.0),
                  lambda: ms.nn.ConstantPad2d(1, "x"),
                  lambda: ms.nn.ReflectionPad2d((1, 2, 3)),
                  lambda: ms.nn.ReflectionPad1d([1, 2]),
                  lambda: ms.nn.ReflectionPad1d((1, -1)),
                  lambda: ms.nn.ReplicationPad1d((1.0, 2)),
                  lambda: ms.nn.Range(0, 5, 0)):
        try:
            build()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return tuple(out)
