"""Cell forward/backward hooks, ops.HookBackward and ops.InsertGradientOf."""
import numpy as np

from ._registry import case


def _t(ms, v):
    return ms.Tensor(np.array(v, np.float32))


def _net(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(_t(ms, [2.0, 3.0]), name="w")

        def construct(self, x):
            return x * self.w
    return Net()


def _outer(ms):
    class Outer(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.inner = _net(ms)

        def construct(self, x):
            return self.inner(x * x) * 3
    return Outer()


# MindSpore 2.10's GRAPH_MODE raises RuntimeError for forward hooks; mscompat runs them in
# both modes (docs/divergences.md), so these cases are recorded in PYNATIVE_MODE.
@case(modes="PYNATIVE")
def forward_hooks_and_remove(ms):
    log = []

    def pre(cell, inputs):
        log.append(("pre", type(inputs).__name__, len(inputs)))
        return (inputs[0] * 2,)

    def fwd(cell, inputs, output):
        log.append(("fwd", type(inputs).__name__))
        return output + 1
    n = _net(ms)
    h1 = n.register_forward_pre_hook(pre)
    h2 = n.register_forward_hook(fwd)
    a = n(_t(ms, [1.0, 1.0]))
    g = ms.grad(n)(_t(ms, [1.0, 1.0]))
    h1.remove()
    b = n(_t(ms, [1.0, 1.0]))
    h2.remove()
    c = n(_t(ms, [1.0, 1.0]))
    return a, g, b, c, str(log)


@case(modes="PYNATIVE")
def forward_pre_hook_returns_tensor(ms):
    n = _net(ms)
    n.register_forward_pre_hook(lambda cell, inputs: inputs[0] + 10)
    return n(_t(ms, [1.0, 2.0])), ms.grad(n)(_t(ms, [1.0, 2.0]))


@case(modes="PYNATIVE")  # GRAPH_MODE runs the hook as graph code: no Python side effects
def backward_hook_replaces_input_grads(ms):
    seen = []

    def bh(cell, grad_input, grad_output):
        seen.append((type(grad_input).__name__, len(grad_input), type(grad_output).__name__))
        return (grad_input[0] * 10,)
    o = _outer(ms)
    o.inner.register_backward_hook(bh)
    g = ms.grad(o, grad_position=0, weights=o.trainable_params())(_t(ms, [1.0, 2.0]))
    return g, str(seen[:1])


@case(modes="PYNATIVE")  # GRAPH_MODE runs the hook as graph code: no Python side effects
def backward_hook_sees_grads(ms):
    seen = []

    def bh(cell, grad_input, grad_output):
        seen.append(grad_input[0] * 1)
        seen.append(grad_output[0] * 1)
    o = _outer(ms)
    o.inner.register_backward_hook(bh)
    g = ms.grad(o)(_t(ms, [1.0, 2.0]))
    return g, tuple(seen)


@case(modes="PYNATIVE")  # GRAPH_MODE runs the hook as graph code: no Python side effects
def backward_hook_every_call(ms):
    count = []
    o = _outer(ms)
    o.inner.register_backward_hook(lambda cell, gi, go: count.append(1))
    for _ in range(3):
        ms.grad(o)(_t(ms, [1.0, 2.0]))
    return len(count)


@case(modes="PYNATIVE")  # GRAPH_MODE runs the hook as graph code: no Python side effects
def backward_hook_forward_side_effects_once(ms):
    # the function's Python (a forward hook, an append) runs once per grad call, also on the
    # first call, with a backward hook on another Cell and a HookBackward in the function
    log = []
    o = _outer(ms)
    o.register_forward_hook(lambda cell, inputs, output: log.append("fwd"))
    o.inner.register_backward_hook(lambda cell, gi, go: log.append("bwd"))
    hook = ms.ops.HookBackward(lambda grads: log.append("hb"))

    def f(x):
        log.append("f")
        return hook(o(x)).sum()
    gs = [ms.grad(f)(_t(ms, [1.0, 2.0])) for _ in range(2)]
    return gs, str(log)


@case()
def backward_hook_grads_only(ms):
    def bh(cell, grad_input, grad_output):
        return (grad_input[0] * 10 + grad_output[0],)
    o = _outer(ms)
    o.inner.register_backward_hook(bh)
    return ms.grad(o, grad_position=0, weights=o.trainable_params())(_t(ms, [1.0, 2.0]))


@case()
def hook_backward_scales(ms):
    def hb(grad):
        return grad[0] * 100
    op = ms.ops.HookBackward(hb)

    def f(x):
        return (op(x * x) * 3).sum()
    return ms.grad(f)(_t(ms, [1.0, 2.0])), op(_t(ms, [1.0, 2.0]))


@case(modes="PYNATIVE")
def hook_backward_two_inputs(ms):
    seen = []

    def hb(grads):
        seen.append(len(grads))
        return grads[0] * 2, grads[1] * 3
    op = ms.ops.HookBackward(hb)

    def f(x, y):
        a, b = op(x * 2, y * 3)
        return (a * b).sum()
    return ms.grad(f, grad_position=(0, 1))(_t(ms, [1.0, 2.0]), _t(ms, [3.0, 4.0])), seen[0]


@case(modes="PYNATIVE")
def hook_backward_returns_none(ms):
    op = ms.ops.HookBackward(lambda grad: None)

    def f(x):
        return (op(x * x) * 3).sum()
    return ms.grad(f)(_t(ms, [1.0, 2.0]))


@case()
def insert_gradient_of_function(ms):
    def half(dout):
        return dout * 0.5
    ins = ms.ops.InsertGradientOf(half)

    def f(x):
        return (ins(x * x) * 3).sum()
    return ms.grad(f)(_t(ms, [1.0, 2.0]))


@case()
def insert_gradient_of_in_cell_second_order(ms):
    def clip(dout):
        return ms.ops.clip(dout, -1.0, 1.0)

    class C(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.ins = ms.ops.InsertGradientOf(clip)

        def construct(self, x):
            return (self.ins(x * x * x) * 3).sum()
    c = C()
    return ms.grad(c)(_t(ms, [0.1, 2.0])), ms.grad(ms.grad(c))(_t(ms, [0.1, 2.0]))


@case()
def tensor_register_hook_docs_example(ms):
    """MindSpore's ``Tensor.register_hook`` example: the hook doubles ``z``'s gradient."""
    def hook_fn(grad):
        return grad * 2

    def hook_test(x, y):
        z = x * y
        z.register_hook(hook_fn)
        z = z * y
        return z
    return ms.ops.GradOperation(get_all=True)(hook_test)(_t(ms, 1.0), _t(ms, 2.0))


# In MindSpore's GRAPH_MODE the hook is compiled into the graph and its Python side effects
# (the list append) never run; mscompat's GRAPH_MODE trace cannot read the gradient's value
# either and runs the call eagerly, where they do (docs/divergences.md).
@case(modes="PYNATIVE")
def tensor_register_hook_sees_the_gradient(ms):
    seen = []

    def hook_fn(grad):
        seen.append(grad.asnumpy().tolist())

    def f(x):
        y = x * 3
        y.register_hook(hook_fn)
        return (y * y).sum()
    g = ms.grad(f)(_t(ms, [1.0, 2.0]))
    return g, seen


def _times_ten(grad):
    return grad * 10


def _square_sum(v):
    return (v * v).sum()


@case()
def tensor_register_hook_on_an_input(ms):
    x = _t(ms, [1.0, 2.0])
    x.register_hook(_times_ten)
    return ms.grad(_square_sum)(x)


@case(modes="PYNATIVE")
def tensor_register_hook_removed(ms):
    def f(x):
        y = x * 3
        handle = y.register_hook(lambda grad: grad * 100)
        handle.remove()
        return (y * 2).sum()
    return ms.grad(f)(_t(ms, [1.0, 2.0]))


@case(modes="PYNATIVE")
def tensor_register_hook_not_callable(ms):
    x = _t(ms, [1.0, 2.0])
    return x.register_hook(3)


@case(modes="PYNATIVE")
def forward_hook_options(ms):
    """``prepend`` (before the hooks registered earlier), ``with_kwargs`` (a pre-hook gets
    and returns ``(args, kwargs)``, a hook gets the kwargs before the output)."""
    log = []

    class Net(ms.nn.Cell):
        def construct(self, a, scale=1.0):
            return a * scale

    def pre1(cell, args):
        log.append("pre1")
        return (args[0] + 1,)

    def pre2(cell, args, kwargs):
        log.append(("pre2", sorted(kwargs)))
        return args, {"scale": 10.0}

    def post1(cell, args, out):
        log.append("post1")
        return out + 100

    def post2(cell, args, kwargs, out):
        log.append(("post2", sorted(kwargs)))

    net = Net()
    x = _t(ms, [1.0, -2.0, 3.0])
    net.register_forward_pre_hook(pre1)
    net.register_forward_pre_hook(pre2, prepend=True, with_kwargs=True)
    net.register_forward_hook(post1)
    handle = net.register_forward_hook(post2, prepend=True, with_kwargs=True)
    first = net(x, scale=2.0)
    handle.remove()
    return first, net(x), log


@case(modes="PYNATIVE")
def forward_hook_always_call(ms):
    """A hook registered ``always_call`` runs (with output None) when construct raises; an
    error of its own is a warning, the construct's error is raised."""
    import warnings
    log = []

    class Bad(ms.nn.Cell):
        def construct(self, a):
            raise ValueError("boom")

    def raising(cell, args, out):
        raise KeyError("hook")

    bad = Bad()
    bad.register_forward_hook(lambda c, a, o: log.append(("always", o)), always_call=True)
    bad.register_forward_hook(lambda c, a, o: log.append("never"))
    bad.register_forward_hook(raising, always_call=True)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            bad(_t(ms, [1.0]))
            raised = None
        except ValueError as e:
            raised = str(e)
    return raised, log, [str(w.message)[:60] for w in caught if "always_call" in str(w.message)]


@case(modes="PYNATIVE")
def forward_pre_hook_with_kwargs_bad_return(ms):
    class Net(ms.nn.Cell):
        def construct(self, a):
            return a

    net = Net()
    net.register_forward_pre_hook(lambda c, a, k: 5, with_kwargs=True)
    try:
        net(_t(ms, [1.0]))
    except RuntimeError as e:
        return str(e)


def _triple(grad):
    return grad * 3


@case()
def parameter_register_hook_weight_grads(ms):
    """``Parameter.register_hook(hook_fn)``: the weight gradient passes through the hook
    (``grad(weights=...)``, ``value_and_grad`` and a ``TrainOneStepCell`` update), until
    ``remove()`` (mscompat ignored it: a silently unhooked weight gradient)."""
    w = ms.Parameter(_t(ms, [1.0, -2.0]), name="w")

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = w

        def construct(self, x):
            return (x * self.w * self.w).sum()

    net = Net()
    x = _t(ms, [0.5, 2.0])
    weights = net.trainable_params()
    plain = ms.grad(net, weights=weights, grad_position=None)(x)
    handle = w.register_hook(hook_fn=_times_ten)
    hooked = ms.grad(net, weights=weights, grad_position=None)(x)
    both = ms.value_and_grad(net, grad_position=0, weights=weights)(x)
    handle.remove()
    removed = ms.grad(net, weights=weights, grad_position=None)(x)
    w.register_hook(_triple)
    step = ms.nn.TrainOneStepCell(net, ms.nn.SGD(weights, learning_rate=0.1))
    loss = step(x)
    return plain, hooked, both, removed, loss, w.value()
