"""Parameter writes in construct: attribute assignment, ops.assign*, depend, under transforms."""
import numpy as np

from ._registry import case


def _t(ms, v):
    return ms.Tensor(np.array(v, np.float32))


def _counter(ms):
    class C(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.count = ms.Parameter(ms.Tensor(0.0, ms.float32), name="count")

        def construct(self, x):
            self.count = self.count + 1
            return x * self.count
    return C()


def _state(net):
    return net.count.value() * 1


@case()
def attribute_assignment_counts(ms):
    c = _counter(ms)
    a = c(_t(ms, [1.0]))
    b = c(_t(ms, [1.0]))
    return a, b, type(c.count).__name__, _state(c)


@case()
def assign_ops_and_depend(ms):
    class A(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(_t(ms, [1.0, 2.0]), name="w")

        def construct(self, x):
            ms.ops.assign(self.w, x)
            ms.ops.assign_add(self.w, x)
            y = ms.ops.depend(x * 2, ms.ops.assign_sub(self.w, _t(ms, [0.5, 0.5])))
            return y + self.w
    a = A()
    out = a(_t(ms, [3.0, 4.0]))
    return out, a.w.value() * 1


@case()
def assign_primitives(ms):
    class A(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(_t(ms, [1.0, 2.0]), name="w")
            self.assign = ms.ops.Assign()
            self.add = ms.ops.AssignAdd()

        def construct(self, x):
            self.assign(self.w, x * 2)
            self.add(self.w, x)
            return self.w * 1
    a = A()
    return a(_t(ms, [1.0, 1.0])), a(_t(ms, [2.0, 0.0])), a.w.value() * 1


@case()
def grad_applies_write_once(ms):
    c = _counter(ms)
    g = ms.grad(c)(_t(ms, [1.0, 2.0]))
    return g, _state(c)


@case()
def jacrev_applies_write_once(ms):
    c = _counter(ms)
    j = ms.jacrev(c)(_t(ms, [1.0, 2.0]))
    return j, _state(c)


@case()
def jacfwd_runs_twice(ms):
    c = _counter(ms)
    j = ms.jacfwd(c)(_t(ms, [1.0, 2.0]))
    return j, _state(c)


@case()
def jvp_runs_twice(ms):
    c = _counter(ms)
    out = ms.jvp(c, _t(ms, [1.0, 2.0]), _t(ms, [1.0, 1.0]))
    return out, _state(c)


@case()
def vmap_applies_write_once(ms):
    c = _counter(ms)
    out = ms.vmap(c)(_t(ms, [1.0, 2.0]))
    return out, _state(c)


@case()
def write_then_grad_sequence(ms):
    c = _counter(ms)
    x = _t(ms, [1.0, 2.0])
    r = (c(x), ms.grad(c)(x), ms.jacrev(c)(x), c(x))
    return r, _state(c)


@case()
def failing_call_keeps_parameter(ms):
    class F(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(_t(ms, [1.0, 2.0]), name="w")

        def construct(self, x):
            ms.ops.assign(self.w, x)
            return ms.ops.matmul(x, x)
    f = F()
    try:
        f(_t(ms, [[1.0, 2.0, 3.0]]))
    except Exception as e:  # noqa: BLE001 - the class is what MindSpore raises
        err = type(e).__name__
    else:
        err = "none"
    return f.w.value() * 1, err in ("ValueError", "RuntimeError", "TypeError")


@case()
def int_parameter_written_under_grad_keeps_dtype(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.steps = ms.Parameter(ms.Tensor(0, ms.int32), name="steps")

        def construct(self, x):
            self.steps = self.steps + 1
            return x * 2
    net = Net()
    g = ms.grad(net, weights=net.trainable_params())(_t(ms, [1.0]))
    return g, net.steps.value() * 1
