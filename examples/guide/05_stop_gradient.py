"""r1.6 programming guide "求导" (003), 停止计算梯度: stop_gradient on out2.

Note: the page prints the gradient rounded to one decimal and with commas
([[4.5, 2.7, 3.6], ...]); MindSpore prints [[4.5099998 2.7 3.6000001] ...] (the same
values as 01_grad_wrt_input). The test compares this example with a tolerance of 0.05.
"""
import numpy as np
import mscompat.nn as nn
import mscompat.ops as ops
from mscompat import Tensor
from mscompat import ParameterTuple, Parameter
from mscompat import dtype as mstype
from mscompat.ops import stop_gradient

class Net(nn.Cell):
    def __init__(self):
        super(Net, self).__init__()
        self.matmul = ops.MatMul()

    def construct(self, x, y):
        out1 = self.matmul(x, y)
        out2 = self.matmul(x, y)
        out2 = stop_gradient(out2)
        out = out1 + out2
        return out

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
