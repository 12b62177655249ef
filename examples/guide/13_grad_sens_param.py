"""r1.6 programming guide "求导" (003), 函数式接口 / 函数式grad: sens_param scales the outputs.

Runs unchanged in MindSpore 2.10: grad(..., sens_param=True) takes the sensitivity (here a
tuple, one per output) as the last argument.
"""
import numpy as np
import mscompat.nn as nn
import mscompat.context as context
from mscompat import Tensor
from mscompat.ops import grad
context.set_context(mode=context.GRAPH_MODE)
class Net(nn.Cell):
    def construct(self, x, y, z):
        return x**2 + y**2 + z**2, x*y*z

x = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
y = Tensor(np.array([[-2, 3], [-1, 2]]).astype(np.float32))
z = Tensor(np.array([[0, 3], [5, -1]]).astype(np.float32))
v = Tensor(np.array([[-1, 3], [2, 1]]).astype(np.float32))
net = Net()
output = grad(net, grad_position=(1, 2), sens_param=True)(x, y, z, (v, v))
print(output)
