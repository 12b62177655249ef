"""Python control flow on Tensor values, in construct and in differentiated functions."""
import numpy as np

from ._registry import case


def _t(ms, v):
    return ms.Tensor(np.array(v, np.float32))


def _branchy(ms):
    class F(ms.nn.Cell):
        def construct(self, x):
            if x.sum() > 0:
                y = x * 2
            elif x.sum() < -5:
                y = x * 3
            else:
                y = -x
            while y.sum() < 10:
                y = y * 2
            for i in range(3):
                if i == 1:
                    continue
                y = y + x
            return y
    return F()


def _loop_break(ms):
    class G(ms.nn.Cell):
        def construct(self, x):
            y = x
            while True:
                y = y * x
                if y.sum() > 20:
                    break
            if y.sum() > 100:
                return y
            return y * 2
    return G()


@case()
def if_elif_while_for_positive(ms):
    x = _t(ms, [1.0, 2.0])
    f = _branchy(ms)
    return f(x), ms.grad(f)(x)


@case()
def if_elif_while_for_small(ms):
    x = _t(ms, [-1.0, 0.5])
    f = _branchy(ms)
    return f(x), ms.grad(f)(x)


@case()
def if_elif_while_for_elif(ms):
    x = _t(ms, [-4.0, 3.5])
    f = _branchy(ms)
    return f(x), ms.grad(f)(x)


@case()
def while_break_early_return_a(ms):
    x = _t(ms, [1.5, 2.0])
    g = _loop_break(ms)
    return g(x), ms.grad(g)(x), ms.grad(ms.grad(g))(x)


@case()
def while_break_early_return_b(ms):
    x = _t(ms, [3.0, 4.0])
    g = _loop_break(ms)
    return g(x), ms.grad(g)(x), ms.grad(ms.grad(g))(x)


@case()
def same_cell_both_branches(ms):
    f = _branchy(ms)
    return f(_t(ms, [1.0, 2.0])), f(_t(ms, [-1.0, 0.5])), f(_t(ms, [2.0, 2.0]))


@case()
def control_flow_in_function(ms):
    def f(x):
        if (x * x).sum() > 4:
            return (x * x * x).sum()
        return (x * 5).sum()
    return ms.grad(f)(_t(ms, [1.0, 1.0])), ms.grad(f)(_t(ms, [2.0, 1.0]))


@case()
def loop_count_from_value(ms):
    def f(x):
        y = x
        n = 0
        while y.max() < 50:
            y = y * 3
            n = n + 1
        return y.sum()
    return ms.grad(f)(_t(ms, [1.0, 2.0])), ms.grad(f)(_t(ms, [10.0, 20.0]))


@case(modes="PYNATIVE")  # MindSpore's GRAPH_MODE returns zeros here (docs/divergences.md)
def third_order_with_branch(ms):
    def f(x):
        if x.sum() > 0:
            return (x ** 4).sum()
        return (x ** 3).sum()
    g3 = ms.grad(ms.grad(ms.grad(f)))
    return g3(_t(ms, [1.0, 2.0])), g3(_t(ms, [-1.0, -2.0]))


@case()
def branch_on_parameter(ms):
    class N(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(_t(ms, [2.0, -1.0]), name="w")

        def construct(self, x):
            if self.w.sum() > 0:
                return (x * self.w).sum()
            return (x - self.w).sum()
    net = N()
    grads = ms.grad(net, grad_position=0, weights=net.trainable_params())(_t(ms, [1.0, 3.0]))
    return net(_t(ms, [1.0, 3.0])), grads


@case()
def graph_cell_calls_branchy_cell(ms):
    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = _branchy(ms)

        def construct(self, x):
            return self.inner(x) * 2 + x
    o = Outer()
    x = _t(ms, [-1.0, 0.5])
    return o(x), ms.grad(o)(x)


@case()
def value_and_grad_with_branch(ms):
    def f(x, y):
        if x.sum() > y.sum():
            return (x * y).sum()
        return (x + y).sum()
    vg = ms.value_and_grad(f, grad_position=(0, 1))
    return vg(_t(ms, [3.0, 1.0]), _t(ms, [1.0, 1.0])), vg(_t(ms, [0.0, 1.0]), _t(ms, [1.0, 1.0]))


@case(modes=("PYNATIVE",))
def grad_through_a_1500_op_python_loop(ms):
    # A chain deeper than Python's recursion limit (1000). (MindSpore's GRAPH_MODE refuses a
    # loop this long: "Exceed function call depth limit 1000"; see docs/divergences.md.)
    # The scale is an input, as a weight is: the backward chain then depends on data (with a
    # constant scale, XLA folds the whole backward chain at compile time, which costs minutes).
    def f(x, w):
        for _ in range(1500):
            x = x * w + 0.5
        return x.sum()

    v, g = ms.value_and_grad(f)(_t(ms, [1.0, 2.0]), _t(ms, [1.001, 1.0005]))
    return v.asnumpy(), g.asnumpy()
