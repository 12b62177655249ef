"""mindspore.ops.GradOperation API page, Examples: GradNetWrtX, gradient with respect to the first input.

Source: 001 (English API page); the same example, with the same inputs, is on 000 (Chinese
API page). The page's snippets assume MindSpore's usual docstring imports (np, nn, Tensor,
Parameter, P, mstype, GradOperation); they are spelled out here, and `Net` (defined once at
the top of the page) is repeated so the script is self-contained.
"""
import numpy as np
import mscompat.nn as nn
from mscompat import Tensor, Parameter
from mscompat import dtype as mstype
from mscompat.ops import GradOperation
from mscompat.ops import operations as P
from mscompat.common import ParameterTuple


class Net(nn.Cell):
    def __init__(self):
        super(Net, self).__init__()
        self.matmul = P.MatMul()
        self.z = Parameter(Tensor(np.array([1.0], np.float32)), name='z')
    def construct(self, x, y):
        x = x * self.z
        out = self.matmul(x, y)
        return out


class GradNetWrtX(nn.Cell):
    def __init__(self, net):
        super(GradNetWrtX, self).__init__()
        self.net = net
        self.grad_op = GradOperation()
    def construct(self, x, y):
        gradient_function = self.grad_op(self.net)
        return gradient_function(x, y)


x = Tensor([[0.5, 0.6, 0.4], [1.2, 1.3, 1.1]], dtype=mstype.float32)
y = Tensor([[0.01, 0.3, 1.1], [0.1, 0.2, 1.3], [2.1, 1.2, 3.3]], dtype=mstype.float32)
output = GradNetWrtX(Net())(x, y)
print(output)
