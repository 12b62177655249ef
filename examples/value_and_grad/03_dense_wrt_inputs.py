"""mindspore.value_and_grad API page (002), Examples: nn.Dense + MSELoss, case 1:
gradient with respect to inputs (has_aux=True).

The inputs come from np.random.randn, so the page prints only shapes and lengths; the
network set-up shared by the three cases on the page is repeated in each script.
"""
import numpy as np
import mscompat as mindspore
from mscompat import Tensor, ops, nn
from mscompat import value_and_grad

# For given network to be differentiated with both inputs and weights, there are 3 cases.
net = nn.Dense(10, 1)
loss_fn = nn.MSELoss()


def forward(inputs, labels):
    logits = net(inputs)
    loss = loss_fn(logits, labels)
    return loss, logits


inputs = Tensor(np.random.randn(16, 10).astype(np.float32))
labels = Tensor(np.random.randn(16, 1).astype(np.float32))
weights = net.trainable_params()
# Case 1: gradient with respect to inputs.
# For has_aux is set True, only loss contributes to the gradient.
grad_fn = value_and_grad(forward, grad_position=0, weights=None, has_aux=True)
(loss, logits), inputs_gradient = grad_fn(inputs, labels)
print(logits.shape)
print(inputs.shape, inputs_gradient.shape)
