"""r1.6 programming guide "求导" (003), 函数式接口 / 函数式grad: grad_position selects inputs."""
import numpy as np
import mscompat.nn as nn
import mscompat.context as context
from mscompat import Tensor
from mscompat.ops import grad
context.set_context(mode=context.GRAPH_MODE)
class Net(nn.Cell):
    def construct(self, x, y, z):
        return x*y*z

x = Tensor(np.array([[1, 2], [3, 4]]).astype(np.float32))
y = Tensor(np.array([[-2, 3], [-1, 2]]).astype(np.float32))
z = Tensor(np.array([[0, 3], [5, -1]]).astype(np.float32))
net = Net()
output = grad(net, grad_position=(1, 2))(x, y, z)
print(output)
