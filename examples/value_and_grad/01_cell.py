"""mindspore.value_and_grad API page (002), Examples: a Cell differentiated w.r.t. input 1."""
import numpy as np
import mscompat as mindspore
from mscompat import Tensor, ops, nn
from mscompat import value_and_grad


# Cell object to be differentiated
class Net(nn.Cell):
    def construct(self, x, y, z):
        return x * y * z


x = Tensor([1, 2], mindspore.float32)
y = Tensor([-2, 3], mindspore.float32)
z = Tensor([0, 3], mindspore.float32)
net = Net()
grad_fn = value_and_grad(net, grad_position=1)
output, inputs_gradient = grad_fn(x, y, z)
print(output)
print(inputs_gradient)
