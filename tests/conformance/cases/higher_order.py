"""Higher-order gradients."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


def _cube(a):
    return a * a * a


def _x2y(a, b):
    return a * a * b


@case()
def grad_of_grad(ms):
    return ms.grad(ms.grad(_cube))(_t(ms, [1.0, 2.0]))


@case()
def third_order(ms):
    return ms.grad(ms.grad(ms.grad(_cube)))(_t(ms, [1.0, 2.0]))


@case()
def mixed_partial_dxdy(ms):
    def dfdx(a, b):
        return ms.grad(_x2y, grad_position=0)(a, b)
    return ms.grad(dfdx, grad_position=1)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def second_partial_dx2(ms):
    def dfdx(a, b):
        return ms.grad(_x2y, grad_position=0)(a, b)
    return ms.grad(dfdx, grad_position=0)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


@case()
def second_partials_both(ms):
    def dfdx(a, b):
        return ms.grad(_x2y, grad_position=0)(a, b)
    return ms.grad(dfdx, grad_position=(0, 1))(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]))


def _second_sens_net(ms):
    class X2Y(ms.nn.Cell):
        def construct(self, a, b):
            return a * a * b

    class FirstGrad(ms.nn.Cell):
        def __init__(self, fn):
            super().__init__()
            self.fn = fn
            self.g = ms.ops.GradOperation(get_all=True)

        def construct(self, a, b):
            return self.g(self.fn)(a, b)

    class SecondGrad(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fg = FirstGrad(X2Y())
            self.g = ms.ops.GradOperation(get_all=True, sens_param=True)

        def construct(self, a, b, s):
            return self.g(self.fg)(a, b, s)
    return SecondGrad()


@case()
def second_order_via_sens_dx(ms):
    ones = _t(ms, [1.0, 1.0])
    zeros = _t(ms, [0.0, 0.0])
    return _second_sens_net(ms)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]), (ones, zeros))


@case()
def second_order_via_sens_dy(ms):
    ones = _t(ms, [1.0, 1.0])
    zeros = _t(ms, [0.0, 0.0])
    return _second_sens_net(ms)(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0]), (zeros, ones))


@case()
def grad_of_grad_operation_cells(ms):
    class F(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.sin = ms.ops.Sin()

        def construct(self, a):
            return self.sin(a) * a

    class G1(ms.nn.Cell):
        def __init__(self, f):
            super().__init__()
            self.f = f
            self.g = ms.ops.GradOperation()

        def construct(self, a):
            return self.g(self.f)(a)

    class G2(ms.nn.Cell):
        def __init__(self, f):
            super().__init__()
            self.f = f
            self.g = ms.ops.GradOperation()

        def construct(self, a):
            return self.g(self.f)(a)
    return G2(G1(F()))(_t(ms, [0.5, 1.0, 2.0]))


@case()
def second_order_exp_log(ms):
    def f(a):
        return ms.ops.exp(a) * ms.ops.log(a)
    return ms.grad(ms.grad(f))(_t(ms, [0.5, 2.0]))


@case()
def jacrev_of_grad_hessian(ms):
    def f(a):
        return (a * a * a).sum() + a[0] * a[1]
    return ms.jacrev(ms.grad(f))(_t(ms, [1.0, 2.0]))


@case()
def value_and_grad_of_grad(ms):
    return ms.value_and_grad(ms.grad(_cube))(_t(ms, [1.0, 3.0]))


@case()
def vmap_of_grad(ms):
    return ms.vmap(ms.grad(_cube))(_t(ms, [1.0, 2.0, 3.0]))
