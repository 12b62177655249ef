"""r1.6 programming guide "求导" (003), 一阶求导 / 梯度值缩放: the gradient of a single output
element, obtained by changing the network to return out[0][0].

The page shows only the new Net and `output = GradNetWrtX(Net())(x, y)`. The documented
output, [[0.11 1.1 1.1] [0. 0. 0.]], is d(out[0][0])/dx with the default sensitivity (ones),
i.e. the plain GradNetWrtX of the first snippet (ops.GradOperation()). The sens_param
GradNetWrtX defined just before it on the page would feed a [2, 3] sensitivity to a scalar
output, which MindSpore 2.10 does not handle consistently (GRAPH_MODE scales these values by
sens[0][0] = 0.1, PYNATIVE_MODE by the sum of sens, 4.1), so this script uses the first
snippet's GradNetWrtX.
"""
import numpy as np
import mscompat.context as context
import mscompat.nn as nn
import mscompat.ops as ops
from mscompat import Tensor
from mscompat import ParameterTuple, Parameter
from mscompat import dtype as mstype
context.set_context(mode=context.GRAPH_MODE, device_target="GPU")
class Net(nn.Cell):
    def __init__(self):
        super(Net, self).__init__()
        self.matmul = ops.MatMul()
        self.z = Parameter(Tensor(np.array([1.0], np.float32)), name='z')
    def construct(self, x, y):
        x = x * self.z
        out = self.matmul(x, y)
        return out[0][0]


class GradNetWrtX(nn.Cell):
    def __init__(self, net):
        super(GradNetWrtX, self).__init__()
        self.net = net
        self.grad_op = ops.GradOperation()
    def construct(self, x, y):
        gradient_function = self.grad_op(self.net)
        return gradient_function(x, y)


x = Tensor([[0.8, 0.6, 0.2], [1.8, 1.3, 1.1]], dtype=mstype.float32)
y = Tensor([[0.11, 3.3, 1.1], [1.1, 0.2, 1.4], [1.1, 2.2, 0.3]], dtype=mstype.float32)
output = GradNetWrtX(Net())(x, y)
print(output)
