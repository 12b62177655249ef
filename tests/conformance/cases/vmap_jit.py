"""ms.vmap and ms.jit interplay with gradients."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _dot(a, b):
    return (a * b).sum()


@case()
def vmap_default_axes(ms):
    def f(a):
        return a * 2.0 + 1.0
    return ms.vmap(f)(_t(ms, [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))


@case()
def vmap_in_axes_none(ms):
    return ms.vmap(_dot, in_axes=(0, None))(_t(ms, [[1.0, 2.0], [3.0, 4.0]]), _t(ms, [1.0, -1.0]))


@case()
def vmap_in_axes_1_out_axes_1(ms):
    def f(a):
        return a * a
    return ms.vmap(f, in_axes=1, out_axes=1)(_t(ms, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))


@case()
def vmap_multi_output(ms):
    def f(a, b):
        return a + b, a * b
    return ms.vmap(f)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def vmap_of_grad_two_args(ms):
    return ms.vmap(ms.grad(_dot, (0, 1)))(_t(ms, [[1.0, 2.0], [3.0, 4.0]]),
                                          _t(ms, [[0.5, 0.5], [1.0, -1.0]]))


@case()
def grad_of_vmap(ms):
    def f(a):
        return ms.vmap(_dot, in_axes=(0, None))(a, a[0]).sum()
    return ms.grad(f)(_t(ms, [[1.0, 2.0], [3.0, 4.0]]))


@case()
def jit_function(ms):
    @ms.jit
    def f(a, b):
        return ms.ops.sin(a) * b + 1.0
    return f(_t(ms, [0.5, 1.0]), _t(ms, [2.0, 3.0]))


@case()
def grad_inside_jit(ms):
    def loss(a, b):
        return (a * a * b).sum()

    @ms.jit
    def step(a, b):
        return ms.value_and_grad(loss, (0, 1))(a, b)
    return step(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def jit_cell_construct_with_grad(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([0.5, -1.0], np.float32)), name="w")

        def construct(self, a):
            return (ms.ops.exp(a * self.w)).sum()

    class Step(ms.nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net
            self.fn = ms.value_and_grad(net, None, net.trainable_params())

        @ms.jit
        def construct(self, a):
            return self.fn(a)
    return Step(Net())(_t(ms, [1.0, 2.0]))


@case()
def jit_called_twice_different_values(ms):
    @ms.jit
    def f(a):
        return a * a
    return f(_t(ms, [1.0, 2.0])), f(_t(ms, [3.0, 4.0])), f(_t(ms, [1.0, 2.0, 3.0]))
