"""mindspore.value_and_grad API page (002), Examples: a function with an auxiliary output
(grad_position=(1, 2), has_aux=True)."""
import numpy as np
import mscompat as mindspore
from mscompat import Tensor, ops, nn
from mscompat import value_and_grad


# Function object to be differentiated
def fn(x, y, z):
    res = x * ops.exp(y) * ops.pow(z, 2)
    return res, z


x = Tensor(np.array([3, 3]).astype(np.float32))
y = Tensor(np.array([0, 0]).astype(np.float32))
z = Tensor(np.array([5, 5]).astype(np.float32))
output, inputs_gradient = value_and_grad(fn, grad_position=(1, 2), weights=None, has_aux=True)(x, y, z)
print(output)
print(inputs_gradient)
