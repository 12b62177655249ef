"""r1.6 programming guide "求导" (003), 函数式接口 / 函数式vjp, written the MindSpore 2.10 way.

r1.6 -> 2.10: the page's r1.6 call `output = vjp(Net(), (x, y), v); print(output)` raises
TypeError in MindSpore 2.10, whose signature is vjp(fn, *inputs, weights=None,
has_aux=False) and which returns (output, vjp_fn). The 2.10 form below calls vjp_fn(v)
(v is all ones, as on the page) and prints the same (output, (dx, dy)) structure, so it
prints the documented values.
"""
import numpy as np
import mscompat.nn as nn
import mscompat.context as context
from mscompat.ops import vjp
from mscompat import Tensor
context.set_context(mode=context.GRAPH_MODE)
class Net(nn.Cell):
    def construct(self, x, y):
        return x**3 + y

x = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
y = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
v = Tensor(np.array([[1, 1], [1, 1]]).astype(np.float32))
# r1.6: output = vjp(Net(), (x, y), v); print(output)
out, vjp_fn = vjp(Net(), x, y)
print((out, vjp_fn(v)))
