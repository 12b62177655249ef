"""GRAPH_MODE and ``jit`` compile once per static configuration and never retrace a call
they have already seen (``mscompat.compile_count()`` counts traces)."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import Parameter, ParameterTuple, Tensor, nn, ops


@pytest.fixture(autouse=True)
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.matmul = ops.MatMul()
        self.z = Parameter(Tensor(np.array([1.0], np.float32)), name="z")

    def construct(self, x, y):
        return self.matmul(x * self.z, y)


def _xy(rows=2):
    return (Tensor(np.ones((rows, 3), np.float32)), Tensor(np.ones((3, 3), np.float32)))


def _compiles(call, times=3):
    call()
    before = ms.compile_count()
    for _ in range(times):
        call()
    return ms.compile_count() - before


def test_cell_call_compiles_once():
    net = Net()
    assert _compiles(lambda: net(*_xy())) == 0


def test_new_shape_compiles_again_then_is_cached():
    net = Net()
    net(*_xy(2))
    before = ms.compile_count()
    net(*_xy(4))
    assert ms.compile_count() == before + 1
    assert _compiles(lambda: net(*_xy(4))) == 0


@pytest.mark.parametrize("make", [
    lambda net: ops.GradOperation(get_all=True, get_by_list=True)(
        net, ParameterTuple(net.trainable_params())),
    lambda net: ms.grad(net, (0, 1), weights=net.trainable_params()),
    lambda net: ms.value_and_grad(net, 0, weights=net.trainable_params()),
], ids=["GradOperation", "grad", "value_and_grad"])
def test_transform_created_inside_construct_compiles_once(make):
    class GradNet(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def construct(self, x, y):
            return make(self.net)(x, y)  # a new transform object on every call

    grad_net = GradNet(Net())
    assert _compiles(lambda: grad_net(*_xy())) == 0


def test_top_level_transform_compiles_once():
    net = Net()
    assert _compiles(lambda: ms.grad(net, (0, 1))(*_xy())) == 0
    assert _compiles(lambda: ops.GradOperation()(net)(*_xy())) == 0


def test_jit_function_compiles_once_in_both_modes():
    @ms.jit
    def f(x, y):
        return ops.matmul(x, y).sum()

    assert _compiles(lambda: f(*_xy())) == 0
    ms.set_context(mode=ms.PYNATIVE_MODE)
    assert _compiles(lambda: f(*_xy())) == 0


def test_jit_construct_reads_parameters_as_arguments():
    class JitNet(Net):
        @ms.jit
        def construct(self, x, y):
            return self.matmul(x * self.z, y)

    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = JitNet()
    first = net(*_xy()).asnumpy()
    net.z.set_data(Tensor(np.array([2.0], np.float32)))
    # A Parameter captured as a constant would give the old value here.
    np.testing.assert_allclose(net(*_xy()).asnumpy(), 2 * first)
    assert _compiles(lambda: net(*_xy())) == 0


def test_parameter_update_between_graph_calls_is_seen():
    net = Net()
    first = net(*_xy()).asnumpy()
    net.z.set_data(Tensor(np.array([3.0], np.float32)))
    np.testing.assert_allclose(net(*_xy()).asnumpy(), 3 * first)


def test_training_step_compiles_once_and_updates():
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               nn.Momentum(net.trainable_params(), 0.01, 0.9))
    x, y = Tensor(np.ones((4, 3), np.float32)), Tensor(np.zeros((4, 1), np.float32))
    losses = [float(step(x, y).asnumpy()) for _ in range(4)]
    assert losses[0] == pytest.approx(9.0)  # (1+1+1 - 0)^2 with unit weights
    assert losses == sorted(losses, reverse=True)
    assert _compiles(lambda: step(x, y)) == 0


def test_python_scalar_argument_is_static():
    class Scale(nn.Cell):
        def construct(self, x, k):
            return x * k

    net = Scale()
    x = Tensor(np.ones(2, np.float32))
    assert net(x, 2.0).asnumpy().tolist() == [2.0, 2.0]
    assert net(x, 3.0).asnumpy().tolist() == [3.0, 3.0]
    assert _compiles(lambda: net(x, 3.0)) == 0


def test_a_training_step_donates_the_buffers_it_replaces_unless_someone_holds_them():
    """GRAPH_MODE: written Parameters' old buffers are donated to the step (peak memory as
    a donating jax.jit step); a Tensor aliasing a Parameter's value keeps it alive (the step
    donates a copy: still one program).

    Which program runs is observed by wrapping both, not by their C++ cache sizes: JAX's
    global dispatch cache holds 8,192 functions, and in a long process (this suite) a new
    function's ``_cache_size()`` reads 0 although its calls take the fast path."""
    import gc
    import weakref

    import numpy as np

    import mscompat as ms
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = ms.nn.Dense(3, 2)
        opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
        step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt)
        x, y = ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.ones((4, 2), np.float32))
        step(x, y)
        step(x, y)
        compiles = ms.compile_count()
        compiled = step.__dict__["_compiled_fn"]
        ran = []

        def spy(name):
            program = getattr(compiled, name)

            def run(*args):
                ran.append(name)
                return program(*args)
            return run

        compiled._jitted, compiled._donating = spy("_jitted"), spy("_donating")
        old = weakref.ref(net.weight._stored)
        before = net.weight.asnumpy().copy()
        step(x, y)
        gc.collect()
        assert old() is None or old().is_deleted()  # donated (or freed): not kept twice
        assert ms.compile_count() == compiles  # the program traced by the first step
        assert ran == ["_donating"]
        alias = ms.Tensor(net.weight)  # shares the Parameter's buffer
        kept = alias.asnumpy().copy()
        step(x, y)
        np.testing.assert_array_equal(alias.asnumpy(), kept)  # still readable, unchanged
        assert ran == ["_donating", "_donating"]
        assert ms.compile_count() == compiles  # a copy was donated: no second program
        assert not (net.weight.asnumpy() == before).all()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
