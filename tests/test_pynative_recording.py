"""PYNATIVE transforms record the user's function and run a compiled replay
(``mscompat/_engine/lazy.py``). These tests pin what that must not change: Python runs on
every call, side effects happen once per call, data-dependent control flow sees real values,
and a repeated call compiles nothing."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import Parameter, Tensor, nn, ops


@pytest.fixture(autouse=True)
def pynative():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield


def T(v):
    return Tensor(np.asarray(v, np.float64))


def test_side_effects_run_once_per_call():
    calls = []

    def f(x):
        calls.append(1)
        return (x * x).sum()

    g = ms.grad(f)
    for _ in range(3):
        g(T([1.0, 2.0]))
    assert len(calls) == 3


def test_print_inside_the_function_shows_values(capsys):
    def f(x):
        y = x * 2.0
        print(y)
        return y.sum()

    ms.grad(f)(T([1.0, 2.0]))
    assert capsys.readouterr().out.strip() == "[2. 4.]"


def test_data_dependent_control_flow_follows_the_values():
    def f(x):
        if (x.sum() > 0):  # a Python branch on a computed value
            return (x * x).sum()
        return (x * x * x).sum()

    g = ms.grad(f)
    # d/dx sum(x^2) = 2x on the first branch; d/dx sum(x^3) = 3x^2 on the second.
    np.testing.assert_allclose(g(T([1.0, 2.0])).asnumpy(), [2.0, 4.0])
    np.testing.assert_allclose(g(T([-1.0, -2.0])).asnumpy(), [3.0, 12.0])
    np.testing.assert_allclose(g(T([3.0, 1.0])).asnumpy(), [6.0, 2.0])


def test_python_loop_count_from_a_value():
    def f(x):
        y = x
        for _ in range(int(x.sum().asnumpy())):  # the trip count comes from the data
            y = y * x
        return y.sum()

    # sum(x^(n+1)) with n = sum(x) = 2: d/dx = 3x^2
    np.testing.assert_allclose(ms.grad(f)(T([1.0, 1.0])).asnumpy(), [3.0, 3.0])


def test_repeated_calls_compile_nothing():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    g = ms.value_and_grad(net, None, weights=net.trainable_params())
    x = Tensor(np.ones((4, 3), np.float32))
    g(x)
    before = ms.compile_count()
    for _ in range(3):
        g(x)
    assert ms.compile_count() == before


def test_nested_transforms_are_one_program_and_right():
    def f(x):
        return ops.sin(x).sum()

    def second(x):  # d2/dx2 sin = -sin, via a grad recorded inside a grad
        return ms.grad(lambda y: ms.grad(f)(y).sum())(x)

    x = T([0.3, 1.1])
    np.testing.assert_allclose(second(x).asnumpy(), -np.sin([0.3, 1.1]), rtol=1e-12)
    before = ms.compile_count()
    second(T([0.5, 0.7]))
    assert ms.compile_count() == before


def test_parameter_updates_between_calls_are_seen():
    w = Parameter(T([2.0]), name="w")
    g = ms.grad(lambda x: (x * w * w).sum())
    np.testing.assert_allclose(g(T([1.0])).asnumpy(), [4.0])
    w.set_data(T([3.0]))
    np.testing.assert_allclose(g(T([1.0])).asnumpy(), [9.0])


def test_parameter_write_inside_the_recorded_function_lands():
    class Counter(nn.Cell):
        def __init__(self):
            super().__init__()
            self.n = Parameter(T(0.0), name="n", requires_grad=False)

        def construct(self, x):
            self.n.set_data(self.n + 1.0)
            return (x * x).sum()

    net = Counter()
    for _ in range(3):
        ms.grad(net)(T([1.0]))
    assert float(net.n.asnumpy()) == 3.0


def test_value_escaping_the_recording_still_computes():
    kept = []

    def f(x):
        y = x * 3.0
        kept.append(y)
        return y.sum()

    ms.grad(f)(T([1.0, 2.0]))
    np.testing.assert_allclose((kept[0] + 1.0).asnumpy(), [4.0, 7.0])


def test_a_hooked_cell_elsewhere_leaves_other_transforms_recorded():
    """A Cell with a backward hook, kept alive by the user, sends only the transforms that
    reach it down the eager path: another function is still recorded (a value escaping it
    computes), and one that calls the hooked Cell runs its hook with MindSpore's gradient."""
    hooked = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    seen = []
    hooked.register_backward_hook(lambda cell, gi, go: seen.append(go[0].shape))
    test_value_escaping_the_recording_still_computes()

    def through(x):
        return (hooked(x) * 2.0).sum()

    grad = ms.grad(through)(Tensor(np.array([[1.0, 2.0]], np.float32)))
    np.testing.assert_allclose(grad.asnumpy(), [[4.0, 4.0]])
    assert seen == [(1, 2)]


def test_eager_only_transform_inside_falls_back_with_right_gradients():
    def f(x):
        _, vjp_fn = ms.vjp(lambda y: ops.sin(y) * y, x)
        return vjp_fn(ops.ones_like(x))[0].sum()

    x = np.array([0.3, 0.8])
    # d/dx [cos(x) x + sin(x)] = 2 cos(x) - x sin(x)
    for _ in range(2):
        np.testing.assert_allclose(ms.grad(f)(T(x)).asnumpy(),
                                   2 * np.cos(x) - x * np.sin(x), rtol=1e-12)
    # jacrev inside grad: d/dx sum(diag(3 x^2)) = 6x
    np.testing.assert_allclose(
        ms.grad(lambda v: ms.jacrev(lambda y: y * y * y)(v).sum())(T(x)).asnumpy(), 6 * x,
        rtol=1e-12)


def test_a_new_python_float_each_call_compiles_nothing():
    """PYNATIVE runs no compiler per distinct Python float (MindSpore compiles nothing)."""
    def f(x, s):
        y = x * (2.0 if s > 0.5 else 3.0)  # a value-dependent constant is an input too
        return (y * s + s * x * x).sum()

    g = ms.grad(f)
    x = T([1.0, 2.0])
    g(x, 0.1)
    g(x, 0.9)
    before = ms.compile_count()
    for k in range(30):
        s = 0.05 * k
        got = g(x, s).asnumpy()
        c = 2.0 if s > 0.5 else 3.0
        np.testing.assert_allclose(got, c * s + 2 * s * np.array([1.0, 2.0]), rtol=1e-6)
    assert ms.compile_count() == before


def test_python_float_inputs_keep_signed_zero_and_nan():
    """Floats become graph inputs; +0.0 and -0.0 (and NaN) must stay distinct values."""
    x = T([1.0, 2.0])
    plus = ms.grad(lambda x: (x * 0.0).sum())(x).asnumpy()
    minus = ms.grad(lambda x: (x * -0.0).sum())(x).asnumpy()
    assert not np.signbit(plus).any() and np.signbit(minus).all()
    assert np.isnan(ms.grad(lambda x: (x * float("nan")).sum())(x).asnumpy()).all()
