"""Gradients through Parameter writes as MindSpore differentiates them: a read of a
Parameter after ``ops.assign``/``assign_add``/``self.p = ...`` (and the value the write
returns) is a load of the Parameter, whose gradient goes to the Parameter as if unwritten
and none to the value written (``ops.assign(p, x * 2)`` passes nothing to ``x``), in both
modes."""
import numpy as np

from ._registry import case

_X = np.array([1.0, -2.0, 3.0], np.float32)
_P = np.array([0.5, 1.0, 1.5], np.float32)


def _cells(ms):
    nn, ops, Parameter, Tensor = ms.nn, ms.ops, ms.Parameter, ms.Tensor

    class AssignResult(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(_P), name="p")

        def construct(self, x):
            y = ops.assign(self.p, x * 2)
            return (y * x).sum()

    class AttributeWrite(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(_P), name="p")

        def construct(self, x):
            self.p = x * 2
            return (self.p * x).sum()

    class ReadAfterAssign(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(_P), name="p")

        def construct(self, x):
            ops.assign(self.p, self.p * x)
            return (self.p * self.p).sum()

    class FrozenAssignAdd(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p = Parameter(Tensor(_P), name="p", requires_grad=False)

        def construct(self, x):
            ops.assign_add(self.p, x)
            return (self.p * x).sum()

    return AssignResult, AttributeWrite, ReadAfterAssign, FrozenAssignAdd


def _grads(ms, index):
    net = _cells(ms)[index]()
    x = ms.Tensor(_X)
    g = ms.grad(net, grad_position=0, weights=net.trainable_params())(x)
    return g, net.p


@case()
def assign_result_gradients(ms):
    return _grads(ms, 0)


@case()
def attribute_write_gradients(ms):
    return _grads(ms, 1)


@case()
def read_after_assign_gradients(ms):
    return _grads(ms, 2)


@case()
def frozen_assign_add_gradients(ms):
    net = _cells(ms)[3]()
    return ms.grad(net)(ms.Tensor(_X)), net.p
