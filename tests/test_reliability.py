"""Reliability of the autodiff engine: failed calls, tracer leaks, threads, re-entrancy.

* **Failed calls leave Parameters alone.** A ``construct`` that writes Parameters
  (``set_data`` and ``p[...] = v``, in itself and in a child Cell) and then raises must
  leave every Parameter, optimizer state included, exactly as it was, and holding a concrete
  array (never a JAX tracer), whichever entry point ran it: a plain call, ``ms.grad``,
  ``ms.value_and_grad``, ``GradOperation``, nested grads, ``jvp``/``vjp``/``jacfwd``/
  ``jacrev``, ``ms.jit`` and ``nn.TrainOneStepCell``. Positive controls show that the same
  writes *are* applied when the call succeeds, so the checks are not vacuous.
* **Tracer leaks.** A representative set of transforms runs under ``jax.checking_leaks()``.
  The whole suite can also be run with JAX's leak checker switched on for every trace: JAX
  reads the ``JAX_CHECK_TRACER_LEAKS`` environment variable when it is imported, so run::

      JAX_CHECK_TRACER_LEAKS=1 python -m pytest tests/conformance tests/test_reliability.py

  (``test_tracer_leak_env_switch_is_honoured`` fails if the variable is set but the checker
  is not on, e.g. because something reset the JAX config).
* **Threads.** Eight threads take gradients of one shared Cell at once (and one more takes
  ``value_and_grad``); every result equals the single-threaded answer for its input. One
  thread's ``construct`` raising (after writing a Parameter) does not disturb the others.
* **Re-entrancy.** A ``construct`` that calls ``ms.grad`` of another Cell sharing a Parameter
  gives the mathematically right result (derivations in the comments).

Every test runs in PYNATIVE_MODE and in GRAPH_MODE (``mode`` fixture).
"""
from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn


@pytest.fixture(autouse=True)
def _x64_references():
    """The float64 JAX references in these tests need x64 in the tests' own JAX code
    (mscompat scopes its x64 to its own calls)."""
    with jax.enable_x64(True):
        yield


@pytest.fixture(params=["PYNATIVE", "GRAPH"])
def mode(request):
    ms.set_context(mode=getattr(ms, f"{request.param}_MODE"))
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def T(a) -> ms.Tensor:
    return ms.Tensor(np.asarray(a, np.float64))


class Boom(Exception):
    """The error the test Cells raise on purpose."""


# --------------------------------------------------------------------------- helpers

def snapshot(params) -> list[np.ndarray]:
    return [np.array(p.asnumpy(), copy=True) for p in params]


def assert_concrete(params) -> None:
    for p in params:
        assert not isinstance(p._data, jax.core.Tracer), p.name
        assert isinstance(p._data, jax.Array), (p.name, type(p._data))
        np.asarray(p._data)  # materialises: a leaked tracer would raise here


def assert_unchanged(params, before) -> None:
    assert_concrete(params)
    for p, b in zip(params, before):
        np.testing.assert_array_equal(p.asnumpy(), b, err_msg=p.name)


def unique(params) -> list:
    return list({id(p): p for p in params}.values())


# --------------------------------------------------------------------------- failing Cells

class Child(nn.Cell):
    """Writes its own Parameter on every call."""

    def __init__(self):
        super().__init__()
        self.c = ms.Parameter(T([0.25, -0.5, 1.0]), name="c")

    def construct(self, x):
        self.c.set_data(self.c + x)
        return (self.c * x).sum()


class WritesThenRaises(nn.Cell):
    """``y = sum(w * x) + b + child(x)``; writes ``w``, ``b`` and the child's ``c``,
    then raises when ``fail`` (a Python bool, hence a compile-time constant in GRAPH_MODE)."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T([1.0, 2.0, 3.0]), name="w")
        self.b = ms.Parameter(T(0.5), name="b")
        self.child = Child()

    def construct(self, x, fail=False):
        y = (self.w * x).sum() + self.b
        self.w.set_data(self.w * 2.0)  # write through set_data
        self.b[...] = y  # write through __setitem__
        y = y + self.child(x)  # a nested Cell's write
        if fail:
            raise Boom("construct failed after writing Parameters")
        return y


def _entry_points():
    """(name, call(net, x, fail)) for every way of running ``construct``."""
    def plain(net, x, fail):
        return net(x, fail)

    def grad_weights(net, x, fail):
        return ms.grad(net, grad_position=None, weights=net.trainable_params())(x, fail)

    def grad_both(net, x, fail):
        return ms.grad(net, grad_position=0, weights=net.trainable_params())(x, fail)

    def value_and_grad(net, x, fail):
        return ms.value_and_grad(net, grad_position=0, weights=net.trainable_params())(x, fail)

    def grad_operation(net, x, fail):
        gop = ms.ops.GradOperation(get_all=True, get_by_list=True)
        return gop(net, ms.ParameterTuple(net.trainable_params()))(x, fail)

    def grad_operation_first(net, x, fail):
        return ms.ops.GradOperation()(net)(x, fail)

    def nested_grad(net, x, fail):
        inner = ms.grad(net, grad_position=0)

        def first(x):
            return (inner(x, fail) * x).sum()

        return ms.grad(first)(x)

    def jvp(net, x, fail):
        return ms.jvp(lambda x: net(x, fail), x, T(np.ones(3)))

    def vjp(net, x, fail):
        out, fn = ms.vjp(lambda x: net(x, fail), x)
        return fn(T(1.0))

    def jacrev(net, x, fail):
        return ms.jacrev(lambda x: net(x, fail))(x)

    def jacfwd(net, x, fail):
        return ms.jacfwd(lambda x: net(x, fail))(x)

    def jit(net, x, fail):
        return ms.jit(lambda x: net(x, fail))(x)

    return [plain, grad_weights, grad_both, value_and_grad, grad_operation,
            grad_operation_first, nested_grad, jvp, vjp, jacrev, jacfwd, jit]


ENTRY_POINTS = _entry_points()


@pytest.mark.parametrize("call", ENTRY_POINTS, ids=[f.__name__ for f in ENTRY_POINTS])
def test_raising_construct_leaves_parameters_unchanged(mode, call):
    net = WritesThenRaises()
    params = unique(net.get_parameters())
    x = T([1.0, -1.0, 0.5])
    before = snapshot(params)
    for _ in range(2):  # twice: a failed call must not poison a cache either
        with pytest.raises(Boom):
            call(net, x, True)
        assert_unchanged(params, before)


VALIDATION_ERRORS = {
    # Each of these is detected only after the forward pass has run (and written).
    "position_out_of_range": lambda net, x: ms.grad(net, grad_position=(0, 5))(x),
    "sens_structure_mismatch": lambda net, x: ms.grad(net, grad_position=0, sens_param=True)(
        x, (T(1.0), T(1.0))),
    "has_aux_single_output": lambda net, x: ms.grad(net, grad_position=0, has_aux=True)(x),
    "vjp_cotangent_shape": lambda net, x: ms.vjp(net, x)[1](T(np.ones(4))),
}


@pytest.mark.parametrize("name", sorted(VALIDATION_ERRORS))
def test_validation_error_after_forward_leaves_parameters_unchanged(mode, name):
    """``scope.py``'s rule: a call that raises leaves every Parameter as it was, also when
    the error (bad position, bad sens, has_aux without aux) is found after the forward."""
    net = WritesThenRaises()
    params = unique(net.get_parameters())
    before = snapshot(params)
    with pytest.raises(Exception) as info:  # the type differs by mode, as in MindSpore
        VALIDATION_ERRORS[name](net, T([1.0, -1.0, 0.5]))
    assert not isinstance(info.value, Boom)
    if name == "vjp_cotangent_shape":
        # vjp's forward already returned (and committed) before vjp_fn raised: compare
        # with a second net that ran the forward once and never saw the bad cotangent.
        ref = WritesThenRaises()
        ms.vjp(ref, T([1.0, -1.0, 0.5]))
        before = snapshot(unique(ref.get_parameters()))
    assert_unchanged(params, before)


@pytest.mark.parametrize("name", ["position_out_of_range", "sens_structure_mismatch"])
def test_validation_error_leaves_parameters_unchanged_when_run_eagerly(mode, name):
    """A live backward hook anywhere makes PYNATIVE transforms run eagerly from the start
    (``recording.run_transform``): that path is atomic too."""
    hooked = nn.ReLU()
    handle = hooked.register_backward_hook(lambda cell, grad_in, grad_out: None)
    try:
        test_validation_error_after_forward_leaves_parameters_unchanged(mode, name)
    finally:
        handle.remove()


def test_successful_call_commits_the_same_writes(mode):
    """Positive control: the writes that the failing calls discard are real writes."""
    net = WritesThenRaises()
    w0, b0, c0 = (net.w.asnumpy().copy(), net.b.asnumpy().copy(), net.child.c.asnumpy().copy())
    x = np.array([1.0, -1.0, 0.5])
    with pytest.raises(Boom):
        net(T(x), True)
    out = net(T(x))
    # construct: y0 = w0.x + b0; w <- 2 w0; b <- y0; c <- c0 + x; y = y0 + (c0 + x).x
    y0 = w0 @ x + b0
    np.testing.assert_allclose(out.asnumpy(), y0 + (c0 + x) @ x, rtol=1e-12)
    np.testing.assert_allclose(net.w.asnumpy(), 2 * w0, rtol=1e-12)
    np.testing.assert_allclose(net.b.asnumpy(), y0, rtol=1e-12)
    np.testing.assert_allclose(net.child.c.asnumpy(), c0 + x, rtol=1e-12)
    assert_concrete(net.get_parameters())
    # A successful grad also commits them (now from the updated values).
    w1, b1, c1 = net.w.asnumpy().copy(), net.b.asnumpy().copy(), net.child.c.asnumpy().copy()
    gx, (gw, gb, gc) = ms.grad(net, grad_position=0, weights=net.trainable_params())(T(x))
    # d/dx [w1.x + b1 + c.x] with c <- c1 + x read after its write: MindSpore
    # differentiates that read as the Parameter c (its gradient x), not as the value
    # written (ops.assign / self.p = ... pass no gradient to x; both modes, checked against
    # MindSpore 2.10: write_gradients), so d/dx = w1 + (c1 + x);
    # d/dw = x; d/db = 1; d/dc = x
    np.testing.assert_allclose(gx.asnumpy(), w1 + c1 + x, rtol=1e-12)
    np.testing.assert_allclose(gw.asnumpy(), x, rtol=1e-12)
    np.testing.assert_allclose(gb.asnumpy(), 1.0, rtol=1e-12)
    np.testing.assert_allclose(gc.asnumpy(), x, rtol=1e-12)
    np.testing.assert_allclose(net.w.asnumpy(), 2 * w1, rtol=1e-12)
    np.testing.assert_allclose(net.b.asnumpy(), w1 @ x + b1, rtol=1e-12)
    np.testing.assert_allclose(net.child.c.asnumpy(), c1 + x, rtol=1e-12)
    assert_concrete(net.get_parameters())


# --------------------------------------------------------------------------- TrainOneStepCell

class LossNet(nn.Cell):
    """``loss = sum((w * x - 1)^2)``; writes a counter Parameter, raises when ``fail``."""

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T([0.5, -1.0, 2.0]), name="w")
        self.calls = ms.Parameter(T(0.0), name="calls", requires_grad=False)

    def construct(self, x, fail=False):
        loss = ms.ops.square(self.w * x - 1.0).sum()
        self.calls.set_data(self.calls + 1.0)
        if fail:
            raise Boom("loss failed")
        return loss


class FailsAfterStep(nn.TrainOneStepCell):
    """Raises after the optimizer has (provisionally) updated weights and state."""

    def construct(self, x, fail=False):
        loss = super().construct(x, False)
        if fail:
            raise Boom("failed after the optimizer step")
        return loss


def _train_step(cls):
    net = LossNet()
    # (AdamWeightDecay: the Float64 Parameters here are refused by Adam's kernel)
    opt = nn.AdamWeightDecay(net.trainable_params(), learning_rate=0.1)
    step = cls(net, opt)
    params = unique([*step.get_parameters(), *opt.parameters, *opt.state])
    return net, opt, step, params


@pytest.mark.parametrize("cls", [nn.TrainOneStepCell, FailsAfterStep])
def test_train_one_step_that_raises_leaves_weights_and_state(mode, cls):
    net, opt, step, params = _train_step(cls)
    assert len(list(opt.state)) > 0  # AdamWeightDecay has moments to protect
    x = T([1.0, 2.0, -1.0])
    before = snapshot(params)
    for _ in range(2):
        with pytest.raises(Boom):
            step(x, True)
        assert_unchanged(params, before)
    # Positive control: a successful step changes the weight, the state and the counter,
    # and equals the step of a fresh, never-failed copy (no hidden state was touched).
    loss = step(x, False)
    _, _, fresh, fresh_params = _train_step(cls)
    fresh_loss = fresh(x, False)
    np.testing.assert_array_equal(loss.asnumpy(), fresh_loss.asnumpy())
    for p, q in zip(params, fresh_params):
        np.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-12, err_msg=p.name)
    assert not np.array_equal(net.w.asnumpy(), before[params.index(net.w)])
    assert net.calls.asnumpy() == 1.0
    assert_concrete(params)


# --------------------------------------------------------------------------- tracer leaks

class Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T([[0.5, -1.0], [2.0, 0.25], [1.0, 1.5]]), name="w")
        self.b = ms.Parameter(T([0.1, -0.2]), name="b")
        self.steps = ms.Parameter(T(0.0), name="steps", requires_grad=False)

    def construct(self, x):
        self.steps.set_data(self.steps + 1.0)  # a write on every call
        return ms.ops.tanh(ms.ops.matmul(x, self.w) + self.b).sum()


class GradInside(nn.Cell):
    """A construct that takes a gradient of another Cell sharing its Parameter."""

    def __init__(self, inner):
        super().__init__()
        self.inner = inner
        self.grad_w = ms.grad(inner, grad_position=0, weights=inner.trainable_params())

    def construct(self, x):
        gx, gws = self.grad_w(x)
        return (gx * x).sum() + self.inner.w.sum() * gws[1].sum()


def _leak_workload():
    """A representative set of transforms (fresh objects, so GRAPH_MODE really traces)."""
    net = Affine()
    x = T([[1.0, -0.5, 2.0], [0.5, 0.25, -1.0]])
    ws = net.trainable_params()
    out = [
        net(x),
        ms.grad(net, grad_position=0, weights=ws)(x),
        ms.value_and_grad(net, grad_position=None, weights=ws)(x),
        ms.ops.GradOperation(get_all=True, get_by_list=True)(net, ms.ParameterTuple(ws))(x),
        ms.grad(ms.grad(lambda v: ms.ops.sin(v) * v))(T(0.7)),
        ms.grad(ms.grad(ms.grad(lambda v: ms.ops.exp(ms.ops.tanh(v)))))(T(0.3)),
        ms.jvp(lambda v: ms.ops.sinh(v) * v, T([0.1, 0.2]), T([1.0, -1.0])),
        ms.jacfwd(lambda v: ms.ops.cos(v) * v.sum())(T([0.1, 0.2])),
        ms.jacrev(lambda v: ms.ops.cos(v) * v.sum())(T([0.1, 0.2])),
        ms.jit(lambda v: net(v) * 2.0)(x),
        ms.grad(GradInside(net), grad_position=0, weights=ws)(x),
    ]
    # An eager-only transform (vjp) inside a grad.
    out.append(ms.grad(lambda v: ms.vjp(lambda u: ms.ops.sin(u) * u, v)[1](
        T([1.0, 1.0]))[0].sum())(T([0.3, 0.4])))
    if ms.get_context("mode") == ms.PYNATIVE_MODE:
        # Value-dependent Python control flow inside a PYNATIVE transform.
        out.append(ms.grad(lambda v: ms.ops.sin(v) if float(v.sum()) > 0 else ms.ops.cos(v))(
            T([0.3, 0.4])))
    o, vjp_fn = ms.vjp(lambda v: ms.ops.square(v) * net(x), T([1.0, 2.0]))
    out.append(vjp_fn(T([1.0, 1.0])))
    opt = nn.Momentum(ws, learning_rate=0.1, momentum=0.9)
    step = nn.TrainOneStepCell(net, opt)
    out += [step(x), step(x)]
    return out, unique([*net.get_parameters(), *opt.state])


def test_no_tracer_leaks(mode):
    with jax.checking_leaks():
        out, params = _leak_workload()
    for leaf in jax.tree_util.tree_leaves(out):
        assert not isinstance(leaf, jax.core.Tracer)
        leaf = leaf._data if isinstance(leaf, ms.Tensor) else leaf
        assert not isinstance(leaf, jax.core.Tracer)
    assert_concrete(params)


class SquareWithBprop(nn.Cell):
    """``x * x`` with a user ``bprop`` (MindSpore's custom gradient): 2 x dout."""

    def construct(self, x):
        return x * x

    def bprop(self, x, out, dout):
        return (2 * x * dout,)


@pytest.mark.parametrize("mode_name", ["PYNATIVE", "GRAPH"])
def test_no_tracer_leaks_custom_bprop(mode_name):
    ms.set_context(mode=getattr(ms, f"{mode_name}_MODE"))
    try:
        x = np.array([1.0, -2.0, 0.5])
        with jax.checking_leaks():
            g = ms.grad(SquareWithBprop())(T(x))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(g.asnumpy(), 2 * x, rtol=1e-12)  # d/dx x^2 = 2x, sens 1


def test_tracer_leak_env_switch_is_honoured():
    flag = os.environ.get("JAX_CHECK_TRACER_LEAKS", "")
    if flag.lower() not in ("1", "true", "yes", "on"):
        pytest.skip("run with JAX_CHECK_TRACER_LEAKS=1 to check the whole suite for leaks")
    assert jax.config.jax_check_tracer_leaks is True


# --------------------------------------------------------------------------- threads

class Shared(nn.Cell):
    """``sum(tanh(x @ w + b)^2) * s``; raises after writing ``w`` when ``fail``."""

    def __init__(self):
        super().__init__()
        rng = np.random.default_rng(0)
        self.w = ms.Parameter(T(rng.normal(size=(3, 4))), name="w")
        self.b = ms.Parameter(T(rng.normal(size=(4,))), name="b")
        self.s = ms.Parameter(T(0.75), name="s")

    def construct(self, x, fail=False):
        h = ms.ops.tanh(ms.ops.matmul(x, self.w) + self.b)
        if fail:
            self.w.set_data(self.w * 100.0)
            self.s[...] = 1e6
            raise Boom("thread construct failed")
        return ms.ops.square(h).sum() * self.s


def _shared_reference(x, w, b, s):
    return jnp.sum(jnp.tanh(x @ w + b) ** 2) * s


def _inputs(n):
    rng = np.random.default_rng(1)
    return [rng.normal(size=(2, 3)) for _ in range(n)]


def _eq(got, want) -> None:
    for g, w in zip(jax.tree_util.tree_leaves(got), jax.tree_util.tree_leaves(want)):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))


def _as_np(tree):
    return jax.tree_util.tree_map(lambda t: t.asnumpy(), tree,
                                  is_leaf=lambda t: isinstance(t, ms.Tensor))


def _run_threads(jobs):
    barrier = threading.Barrier(len(jobs))

    def start(job):
        barrier.wait()
        return job()

    with ThreadPoolExecutor(max_workers=len(jobs)) as ex:
        futures = [ex.submit(start, job) for job in jobs]
        return [f.result() for f in futures]


def test_threads_share_one_cell(mode):
    net = Shared()
    ws = net.trainable_params()
    xs = _inputs(8)
    shared_grad = ms.grad(net, grad_position=0, weights=ws)
    vag = ms.value_and_grad(net, grad_position=0, weights=ws)
    # Single-threaded answers, themselves checked against JAX once.
    expected = [_as_np(shared_grad(T(x))) for x in xs]
    expected_vag = _as_np(vag(T(xs[0])))
    wv, bv, sv = (jnp.asarray(p.asnumpy()) for p in ws)
    for x, (gx, (gw, gb, gs)) in zip(xs, expected):
        ref = jax.grad(_shared_reference, argnums=(0, 1, 2, 3))(jnp.asarray(x), wv, bv, sv)
        for got, want in zip((gx, gw, gb, gs), ref):
            np.testing.assert_allclose(got, want, rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(expected_vag[0], _shared_reference(jnp.asarray(xs[0]), wv, bv,
                                                                  sv), rtol=1e-12)
    before = snapshot(ws)

    def grads(i):
        def job():
            out = []
            for _ in range(20):
                # Even threads share one gradient function; odd ones make a new one each time.
                fn = shared_grad if i % 2 == 0 else ms.grad(net, grad_position=0, weights=ws)
                out.append(_as_np(fn(T(xs[i]))))
            return out
        return job

    def values_and_grads():
        return [_as_np(vag(T(xs[0]))) for _ in range(20)]

    results = _run_threads([grads(i) for i in range(8)] + [values_and_grads])
    for i, res in enumerate(results[:8]):
        for r in res:
            _eq(r, expected[i])
    for r in results[8]:
        _eq(r, expected_vag)
    assert_unchanged(ws, before)


def test_thread_whose_construct_raises_does_not_disturb_others(mode):
    net = Shared()
    ws = net.trainable_params()
    xs = _inputs(7)
    grad_fn = ms.grad(net, grad_position=0, weights=ws)
    expected = [_as_np(grad_fn(T(x))) for x in xs]
    before = snapshot(ws)

    def good(i):
        return lambda: [_as_np(grad_fn(T(xs[i]))) for _ in range(20)]

    def bad():
        raised = 0
        for it in range(20):
            try:
                if it % 2:
                    grad_fn(T(xs[0]), True)
                else:
                    net(T(xs[0]), True)
            except Boom:
                raised += 1
        return raised

    results = _run_threads([good(i) for i in range(7)] + [bad])
    assert results[-1] == 20
    for i, res in enumerate(results[:-1]):
        for r in res:
            _eq(r, expected[i])
    assert_unchanged(ws, before)


def test_threads_race_the_first_call_of_a_fresh_cell(mode):
    """No warm-up: eight threads trigger the first trace (GRAPH_MODE compile) together."""
    net = Shared()
    ws = net.trainable_params()
    xs = _inputs(8)
    grad_fn = ms.grad(net, grad_position=0, weights=ws)
    before = snapshot(ws)
    results = _run_threads([(lambda i=i: [_as_np(grad_fn(T(xs[i]))) for _ in range(3)])
                            for i in range(8)])
    for x, res in zip(xs, results):
        want = _as_np(grad_fn(T(x)))  # single-threaded, after the fact
        for r in res:
            _eq(r, want)
    assert_unchanged(ws, before)


@pytest.mark.parametrize("mode_name, kind", [
    ("PYNATIVE", "jit"), ("GRAPH", "jit"), ("PYNATIVE", "grad_closure"),
    ("GRAPH", "grad_closure"),
])
def test_threads_first_call_discovering_a_parameter(mode_name, kind):
    """Eight threads make the first call of a fresh compiled function at once; the function
    reads a Parameter that nobody passed to it (a closure over a Cell or a Parameter), so
    every thread's trace discovers it (``scope.UnboundParameter``) and retries. Regression
    test: before 6d5a777 the losers of that race got ``UnboundParameter`` raised at them."""
    ms.set_context(mode=getattr(ms, f"{mode_name}_MODE"))
    try:
        failures = []
        for _ in range(5):
            failures += _first_call_race(kind)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert not failures, repr(failures[0])


def _first_call_race(kind: str) -> list:
    # (named apart from Affine's "w": a graph with two Parameters of one name is
    # MindSpore's RuntimeError)
    w = ms.Parameter(T([1.0, 2.0, 3.0]), name="scale")
    if kind == "jit":
        @ms.jit
        def f(x):
            return (w * x).sum()  # w is read, not passed: discovered during the trace

        def want(i):
            return 3.0 + 3.0 * i  # sum(w * x), w = [1, 2, 3], x = [1, 1, i]
    else:
        net = Affine()

        def loss(x):
            return (net(x) * w).sum()  # net.w, net.b and w are read, none is passed

        f = ms.grad(loss)
        wv, bv = jnp.asarray(net.w.asnumpy()), jnp.asarray(net.b.asnumpy())
        w_sum = float(w.asnumpy().sum())

        def want(i):
            # loss = sum(tanh(x @ W + b)) * sum(w) (Affine's construct times w)
            return jax.grad(lambda x: jnp.sum(jnp.tanh(x @ wv + bv)) * w_sum)(
                xs[i].asnumpy())

    xs = [T([[1.0, 1.0, float(i)], [0.5, -1.0, 2.0]]) if kind != "jit" else
          T([1.0, 1.0, float(i)]) for i in range(8)]
    barrier = threading.Barrier(8)
    failures, results = [], {}

    def run(i):
        barrier.wait()
        try:
            results[i] = f(xs[i]).asnumpy()
        except Exception as e:  # noqa: BLE001 - collected and reported by the caller
            failures.append(e)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for i, got in results.items():
        np.testing.assert_allclose(got, want(i), rtol=1e-10, atol=1e-12)
    return failures


# --------------------------------------------------------------------------- re-entrancy

W0, X0 = 1.5, 2.0


class Inner(nn.Cell):
    """``g(x) = w * x * x``."""

    def __init__(self, w):
        super().__init__(auto_prefix=False)
        self.w = w

    def construct(self, x):
        return self.w * x * x


class OuterDx(nn.Cell):
    """``F(x) = (w * x) * dg/dx(x)`` with ``dg/dx`` taken by ``ms.grad`` inside construct.

    dg/dx = 2 w x, so F = 2 w^2 x^2, dF/dx = 4 w^2 x, dF/dw = 4 w x^2, d2F/dx2 = 4 w^2.
    """

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T(W0), name="w")
        self.inner = Inner(self.w)  # shares the Parameter object

    def construct(self, x):
        return (self.w * x) * ms.grad(self.inner, grad_position=0)(x)


class InnerSq(nn.Cell):
    """``h(x) = w * w * x``."""

    def __init__(self, w):
        super().__init__(auto_prefix=False)
        self.w = w

    def construct(self, x):
        return self.w * self.w * x


class OuterDw(nn.Cell):
    """``G(x) = w * dh/dw(x)``: the inner transform differentiates the shared Parameter.

    dh/dw = 2 w x, so G = 2 w^2 x, dG/dw = 4 w x, dG/dx = 2 w^2. Mixing up the inner and the
    outer perturbation of w (perturbation confusion) would change dG/dw.
    """

    def __init__(self):
        super().__init__()
        self.w = ms.Parameter(T(W0), name="w")
        self.inner = InnerSq(self.w)
        self.dh_dw = ms.grad(self.inner, grad_position=None, weights=self.w)  # bare grad

    def construct(self, x):
        return self.w * self.dh_dw(x)


def test_reentrant_grad_over_shared_parameter(mode):
    w, x = W0, X0
    net = OuterDx()
    np.testing.assert_allclose(net(T(x)).asnumpy(), 2 * w**2 * x**2, rtol=1e-12)
    gx, gw = ms.grad(net, grad_position=0, weights=net.w)(T(x))
    np.testing.assert_allclose(gx.asnumpy(), 4 * w**2 * x, rtol=1e-12)
    np.testing.assert_allclose(gw.asnumpy(), 4 * w * x**2, rtol=1e-12)
    # JAX agrees with the hand derivation.
    ref = jax.grad(lambda w, x: (w * x) * jax.grad(lambda x: w * x * x)(x), argnums=(0, 1))(
        jnp.float64(w), jnp.float64(x))
    np.testing.assert_allclose([gw.asnumpy(), gx.asnumpy()], ref, rtol=1e-12)
    # Second order through the re-entrant construct: d2F/dx2 = 4 w^2, and
    # d/dw (dF/dx) = d/dw (4 w^2 x) = 8 w x.
    d2 = ms.grad(ms.grad(net))(T(x))
    np.testing.assert_allclose(d2.asnumpy(), 4 * w**2, rtol=1e-12)
    dwdx = ms.grad(ms.grad(net), grad_position=None, weights=net.w)(T(x))
    np.testing.assert_allclose(dwdx.asnumpy(), 8 * w * x, rtol=1e-12)
    np.testing.assert_array_equal(net.w.asnumpy(), w)
    assert_concrete([net.w])


def test_reentrant_grad_wrt_the_shared_parameter(mode):
    w, x = W0, X0
    net = OuterDw()
    np.testing.assert_allclose(net(T(x)).asnumpy(), 2 * w**2 * x, rtol=1e-12)
    gx, gw = ms.grad(net, grad_position=0, weights=net.w)(T(x))
    np.testing.assert_allclose(gw.asnumpy(), 4 * w * x, rtol=1e-12)
    np.testing.assert_allclose(gx.asnumpy(), 2 * w**2, rtol=1e-12)
    ref = jax.grad(lambda w, x: w * jax.grad(lambda v: v * v * x)(w), argnums=(0, 1))(
        jnp.float64(w), jnp.float64(x))
    np.testing.assert_allclose([gw.asnumpy(), gx.asnumpy()], ref, rtol=1e-12)
    # value_and_grad around it: the value is G, the weight gradient dG/dw.
    val, gw2 = ms.value_and_grad(net, grad_position=None, weights=net.w)(T(x))
    np.testing.assert_allclose(val.asnumpy(), 2 * w**2 * x, rtol=1e-12)
    np.testing.assert_allclose(gw2.asnumpy(), 4 * w * x, rtol=1e-12)
    np.testing.assert_array_equal(net.w.asnumpy(), w)
    assert_concrete([net.w])


@pytest.mark.parametrize("write", ["assign", "add_", "setitem", "scatter_update"])
def test_compiled_write_to_outside_tensor_runs_eagerly(write):
    """A plain Tensor made outside a compiled function and written inside it: the write
    happens (no trace value leaks into the Tensor), the call runs through a graph break."""
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        v = ms.Tensor(np.ones(3, np.float32))

        @ms.jit
        def f(x):
            if write == "assign":
                ms.ops.assign(v, x)
            elif write == "add_":
                v.add_(x)
            elif write == "setitem":
                v[0] = x[0]
            else:
                ms.ops.scatter_update(v, ms.Tensor(np.array([1], np.int32)), x[:1])
            return v * 2

        out = f(ms.Tensor(np.full(3, 5.0, np.float32)))
        want = {"assign": [5, 5, 5], "add_": [6, 6, 6], "setitem": [5, 1, 1],
                "scatter_update": [1, 5, 1]}[write]
        np.testing.assert_array_equal(v.asnumpy(), want)
        np.testing.assert_array_equal(out.asnumpy(), np.array(want) * 2)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
