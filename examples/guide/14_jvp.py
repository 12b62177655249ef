"""r1.6 programming guide "求导" (003), 函数式接口 / 函数式jvp.

Runs unchanged in MindSpore 2.10: jvp(fn, inputs, v) returns (output, jvp).
"""
import numpy as np
import mscompat.nn as nn
import mscompat.context as context
from mscompat.ops import jvp
from mscompat import Tensor
context.set_context(mode=context.GRAPH_MODE)
class Net(nn.Cell):
    def construct(self, x, y):
        return x**3 + y

x = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
y = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
v = Tensor(np.array([[1, 1], [1, 1]]).astype(np.float32))
output = jvp(Net(), (x, y), (v, v))
print(output)
