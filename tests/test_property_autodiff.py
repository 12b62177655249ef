"""Property tests: mscompat's autodiff against JAX and finite differences.

Hypothesis draws small expression trees (depth <= 3) over

* unary ops  sin, cos, tanh, exp (of ``tanh(.)``, so its argument is bounded), square, neg,
  sinh, and a reduction node ``c + 0.5 * sum(c)`` (so Jacobians are not just diagonal);
* binary ops add, sub, mul, div (the denominator is ``1.5 + cos(.)``, in [0.5, 2.5]);
* Python-float operands on either side of a Tensor operator (``__radd__``/``__rsub__``/...),

and every node also draws *how* mscompat spells the op: the functional form
(``ms.ops.sin(x)``), the primitive (``ms.ops.Sin()(x)``), the Tensor method (``x.sin()``) or
the Tensor operator (``x + y``, ``-x``). The same tree is interpreted twice, once with mscompat
and once with ``jax.numpy``, and mscompat's transforms are compared with JAX's transforms of
the ``jax.numpy`` version (rtol 1e-9: same float64 arithmetic) and, where the reference should
not be JAX itself, with 4th-order central finite differences in float64 (rtol 1e-6).

Every property runs in PYNATIVE_MODE and in GRAPH_MODE (``mode`` fixture). Inputs are float64
in [-1.2, 1.2], of shape () or (3,).
"""
from __future__ import annotations

import os

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mscompat as ms
from mscompat._engine import lazy

# a smaller budget in CI (the README's test command there), the full one locally
SETTINGS = settings(max_examples=12 if os.environ.get("CI") else 25, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

EXACT = dict(rtol=1e-9, atol=1e-11)  # mscompat vs JAX: the same float64 computation


@pytest.fixture(params=["PYNATIVE", "PYNATIVE-eager", "GRAPH"])
def mode(request):
    # PYNATIVE-eager: the recorder switched off (the differential run). The float64 JAX
    # references need x64 in this test's own JAX code (mscompat scopes its x64 to its own
    # calls and leaves the process's JAX configuration alone).
    ms.set_context(mode=getattr(ms, f"{request.param.split('-')[0]}_MODE"))
    lazy.ENABLED["on"] = request.param != "PYNATIVE-eager"
    try:
        with jax.enable_x64(True):
            yield request.param
    finally:
        lazy.ENABLED["on"] = True
        ms.set_context(mode=ms.PYNATIVE_MODE)


# --------------------------------------------------------------------------- expression trees

UNARY = ("sin", "cos", "tanh", "exp", "square", "neg", "sinh")
BINARY = ("add", "sub", "mul", "div")
UN_STYLES = ("fn", "prim", "method", "op")  # "op" means the operator where one exists (-x)
BIN_STYLES = ("fn", "prim", "method", "op")
RED_STYLES = ("fn", "prim", "method")
CONSTS = (-1.25, -0.5, 0.75, 2.0)

PRIM = {"sin": "Sin", "cos": "Cos", "tanh": "Tanh", "exp": "Exp", "square": "Square",
        "neg": "Neg", "sinh": "Sinh", "add": "Add", "sub": "Sub", "mul": "Mul", "div": "Div"}


def trees(depth: int, nvars: int):
    """Trees of height <= depth whose root is an operation (never a bare variable)."""
    var = st.tuples(st.just("var"), st.integers(0, nvars - 1))
    if depth == 0:
        return var
    sub = st.one_of(var, trees(depth - 1, nvars)) if depth > 1 else var
    return st.one_of(
        st.tuples(st.just("un"), st.sampled_from(UNARY), st.sampled_from(UN_STYLES), sub),
        st.tuples(st.just("bin"), st.sampled_from(BINARY), st.sampled_from(BIN_STYLES),
                  sub, sub),
        st.tuples(st.just("scal"), st.sampled_from(("add", "sub", "mul", "div")),
                  st.sampled_from(CONSTS), st.booleans(), sub),
        st.tuples(st.just("red"), st.sampled_from(RED_STYLES), sub),
    )


def _ms_unary(name: str, style: str, x):
    if name == "neg" and style == "op":
        return -x
    if style == "prim":
        return getattr(ms.ops, PRIM[name])()(x)
    if style == "method":
        return getattr(x, name)()
    return getattr(ms.ops, name)(x)


def _ms_binary(name: str, style: str, a, b):
    if style == "op":
        return {"add": a.__add__, "sub": a.__sub__, "mul": a.__mul__,
                "div": a.__truediv__}[name](b)
    if style == "prim":
        return getattr(ms.ops, PRIM[name])()(a, b)
    if style == "method":
        return getattr(a, name)(b)
    return getattr(ms.ops, name)(a, b)


def ms_eval(tree, xs):
    """Interpret ``tree`` with mscompat ops on Tensors ``xs``."""
    kind = tree[0]
    if kind == "var":
        return xs[tree[1]]
    if kind == "un":
        _, name, style, c = tree
        c = ms_eval(c, xs)
        if name == "exp":  # exp of a bounded argument
            return _ms_unary("exp", style, _ms_unary("tanh", style, c))
        return _ms_unary(name, style, c)
    if kind == "bin":
        _, name, style, lhs, rhs = tree
        a, b = ms_eval(lhs, xs), ms_eval(rhs, xs)
        if name == "div":  # denominator bounded away from 0; 1.5 + T uses Tensor.__radd__
            b = 1.5 + _ms_unary("cos", style, b)
        return _ms_binary(name, style, a, b)
    if kind == "scal":
        _, name, c, left, child = tree
        t = ms_eval(child, xs)
        if name == "add":
            return c + t if left else t + c
        if name == "sub":
            return c - t if left else t - c
        if name == "mul":
            return c * t if left else t * c
        return c / (1.5 + ms.ops.cos(t)) if left else t / c
    _, style, child = tree  # "red": c + 0.5 * sum(c)
    t = ms_eval(child, xs)
    s = {"fn": lambda: ms.ops.sum(t), "prim": lambda: ms.ops.ReduceSum()(t),
         "method": lambda: t.sum()}[style]()
    return t + 0.5 * s


def jax_eval(tree, xs):
    """Interpret ``tree`` with ``jax.numpy`` on arrays ``xs`` (the reference)."""
    kind = tree[0]
    if kind == "var":
        return xs[tree[1]]
    if kind == "un":
        _, name, _, c = tree
        c = jax_eval(c, xs)
        return {"sin": jnp.sin, "cos": jnp.cos, "tanh": jnp.tanh,
                "exp": lambda v: jnp.exp(jnp.tanh(v)), "square": jnp.square,
                "neg": jnp.negative, "sinh": jnp.sinh}[name](c)
    if kind == "bin":
        _, name, _, lhs, rhs = tree
        a, b = jax_eval(lhs, xs), jax_eval(rhs, xs)
        if name == "div":
            return a / (1.5 + jnp.cos(b))
        return {"add": jnp.add, "sub": jnp.subtract, "mul": jnp.multiply}[name](a, b)
    if kind == "scal":
        _, name, c, left, child = tree
        t = jax_eval(child, xs)
        if name == "add":
            return c + t
        if name == "sub":
            return c - t if left else t - c
        if name == "mul":
            return c * t
        return c / (1.5 + jnp.cos(t)) if left else t / c
    t = jax_eval(tree[2], xs)
    return t + 0.5 * jnp.sum(t)


def ms_fn(tree):
    return lambda *xs: ms_eval(tree, xs)


def jax_fn(tree):
    return lambda *xs: jax_eval(tree, xs)


def jax_sum_fn(tree):
    """The function whose gradient ``ms.grad`` computes: its sens is all ones."""
    return lambda *xs: jnp.sum(jax_eval(tree, xs))


# --------------------------------------------------------------------------- inputs, helpers

_floats = st.floats(-1.2, 1.2, allow_nan=False, allow_infinity=False)


def arrays(shape):
    n = int(np.prod(shape, dtype=int))
    return st.lists(_floats, min_size=n, max_size=n).map(
        lambda v: np.asarray(v, np.float64).reshape(shape))


shapes = st.sampled_from([(), (3,)])


def T(a) -> ms.Tensor:
    return ms.Tensor(np.asarray(a, np.float64))


def np_(t) -> np.ndarray:
    assert isinstance(t, ms.Tensor), type(t)
    assert not isinstance(t._data, jax.core.Tracer)
    return t.asnumpy()


def check_f64(t) -> None:
    assert t.dtype == ms.float64, t.dtype


def fd_grad(f, xs, argnum, h=1e-3):
    """4th-order central difference of sum(f(*xs)) w.r.t. xs[argnum] (float64 numpy).

    Error ~ h^4 f^(5) / 30 + eps |f| / h, i.e. ~1e-13 for these bounded compositions.
    """
    x = np.asarray(xs[argnum], np.float64)
    g = np.zeros_like(x)

    def at(v):
        args = list(xs)
        args[argnum] = v
        return float(np.sum(f(*args)))

    for idx in np.ndindex(x.shape or ()):
        e = np.zeros_like(x)
        e[idx] = h
        g[idx] = (-at(x + 2 * e) + 8 * at(x + e) - 8 * at(x - e) + at(x - 2 * e)) / (12 * h)
    return g


def ms_numpy_fn(tree):
    """``tree`` evaluated by mscompat's forward pass, numpy in and out (for differences)."""
    return lambda *xs: ms_eval(tree, [T(x) for x in xs]).asnumpy()


def assert_fd_close(actual, expected, scale=1.0):
    np.testing.assert_allclose(actual, expected, rtol=1e-6, atol=1e-6 * max(1.0, scale))


# --------------------------------------------------------------------------- properties

@SETTINGS
@given(tree=trees(3, 1), data=st.data())
def test_grad_matches_jax_and_finite_differences(mode, tree, data):
    x = data.draw(shapes.flatmap(arrays), label="x")
    g = ms.grad(ms_fn(tree))(T(x))
    check_f64(g)
    ref = jax.grad(jax_sum_fn(tree))(jnp.asarray(x))
    np.testing.assert_allclose(np_(g), ref, **EXACT)
    fd = fd_grad(ms_numpy_fn(tree), [x], 0)
    assert_fd_close(np_(g), fd, scale=float(np.max(np.abs(fd), initial=1.0)))


@SETTINGS
@given(tree=trees(3, 1), x=arrays(()))
def test_higher_order_grads(mode, tree, x):
    f = ms_fn(tree)
    jf = jax_fn(tree)
    g1 = ms.grad(f)
    g2 = ms.grad(g1)
    g3 = ms.grad(ms.grad(ms.grad(f)))
    xt = T(x)
    d2, d3 = g2(xt), g3(xt)
    check_f64(d2)
    check_f64(d3)
    np.testing.assert_allclose(np_(d2), jax.grad(jax.grad(jf))(jnp.asarray(x)), **EXACT)
    np.testing.assert_allclose(np_(d3), jax.grad(jax.grad(jax.grad(jf)))(jnp.asarray(x)),
                               **EXACT)
    # Independently of JAX: the 2nd derivative is the difference quotient of mscompat's 1st.
    fd2 = fd_grad(lambda v: g1(T(v)).asnumpy(), [x], 0)
    assert_fd_close(np_(d2), fd2, scale=abs(float(fd2)))


@SETTINGS
@given(tree=trees(3, 1), x=arrays((3,)))
def test_jacfwd_jacrev_match_jax(mode, tree, x):
    f = ms_fn(tree)
    ref = jax.jacfwd(jax_fn(tree))(jnp.asarray(x))
    jf = ms.jacfwd(f)(T(x))
    jr = ms.jacrev(f)(T(x))
    check_f64(jf)
    check_f64(jr)
    assert jf.shape == jr.shape == (3, 3)
    np.testing.assert_allclose(np_(jf), ref, **EXACT)
    np.testing.assert_allclose(np_(jr), ref, **EXACT)
    # Row sums of the Jacobian are the gradient of sum(f): tie to finite differences too.
    fd = fd_grad(ms_numpy_fn(tree), [x], 0)
    assert_fd_close(np_(jr).sum(axis=0), fd, scale=float(np.max(np.abs(fd))))


@SETTINGS
@given(tree=trees(3, 1), data=st.data())
def test_jvp_vjp_single_input(mode, tree, data):
    shape = data.draw(shapes, label="shape")
    x, v = data.draw(arrays(shape), label="x"), data.draw(arrays(shape), label="v")
    f, jf = ms_fn(tree), jax_fn(tree)
    out, tan = ms.jvp(f, T(x), T(v))
    rout, rtan = jax.jvp(jf, (jnp.asarray(x),), (jnp.asarray(v),))
    np.testing.assert_allclose(np_(out), rout, **EXACT)
    np.testing.assert_allclose(np_(tan), rtan, **EXACT)
    out2, vjp_fn = ms.vjp(f, T(x))
    rout2, rvjp = jax.vjp(jf, jnp.asarray(x))
    (gx,) = vjp_fn(T(v))
    (rgx,) = rvjp(jnp.asarray(v))
    np.testing.assert_allclose(np_(out2), rout2, **EXACT)
    np.testing.assert_allclose(np_(gx), rgx, **EXACT)
    # Adjoint identity <J v, v> == <v, J^T v>, with mscompat on both sides.
    np.testing.assert_allclose(np.sum(np_(tan) * v), np.sum(np_(gx) * v), rtol=1e-9,
                               atol=1e-11)


@SETTINGS
@given(tree=trees(3, 2), data=st.data())
def test_multi_input_grad_jvp_vjp(mode, tree, data):
    shape = data.draw(shapes, label="shape")
    x, y = data.draw(arrays(shape), label="x"), data.draw(arrays(shape), label="y")
    vx, vy = data.draw(arrays(shape), label="vx"), data.draw(arrays(shape), label="vy")
    f = ms_fn(tree)
    gx, gy = ms.grad(f, grad_position=(0, 1))(T(x), T(y))
    rx, ry = jax.grad(jax_sum_fn(tree), argnums=(0, 1))(jnp.asarray(x), jnp.asarray(y))
    check_f64(gx)
    check_f64(gy)
    np.testing.assert_allclose(np_(gx), rx, **EXACT)
    np.testing.assert_allclose(np_(gy), ry, **EXACT)
    fn = ms_numpy_fn(tree)
    for got, k in ((gx, 0), (gy, 1)):
        fd = fd_grad(fn, [x, y], k)
        assert_fd_close(np_(got), fd, scale=float(np.max(np.abs(fd), initial=1.0)))
    # Only the second input: a bare gradient.
    gy_only = ms.grad(f, grad_position=1)(T(x), T(y))
    np.testing.assert_allclose(np_(gy_only), ry, **EXACT)

    jf = jax_fn(tree)
    prim = (jnp.asarray(x), jnp.asarray(y))
    out, tan = ms.jvp(f, (T(x), T(y)), (T(vx), T(vy)))
    rout, rtan = jax.jvp(jf, prim, (jnp.asarray(vx), jnp.asarray(vy)))
    np.testing.assert_allclose(np_(out), rout, **EXACT)
    np.testing.assert_allclose(np_(tan), rtan, **EXACT)
    _, vjp_fn = ms.vjp(f, T(x), T(y))
    ct = vx  # any cotangent of the output's shape (the output has the inputs' shape)
    got = vjp_fn(T(ct))
    want = jax.vjp(jf, *prim)[1](jnp.asarray(ct))
    assert isinstance(got, tuple) and len(got) == 2
    for a, b in zip(got, want):
        np.testing.assert_allclose(np_(a), b, **EXACT)


class _TreeNet(ms.nn.Cell):
    """``construct(x) = tree(x, p)`` with ``p`` a Parameter (the tree's variable 1)."""

    def __init__(self, tree, p0):
        super().__init__()
        self.tree = tree
        self.p = ms.Parameter(T(p0), name="p")

    def construct(self, x):
        return ms_eval(self.tree, (x, self.p))


@SETTINGS
@given(tree=trees(3, 2), data=st.data())
def test_grad_with_parameter_weights(mode, tree, data):
    shape = data.draw(shapes, label="shape")
    x, p = data.draw(arrays(shape), label="x"), data.draw(arrays(shape), label="p")
    net = _TreeNet(tree, p)
    gx, (gp,) = ms.grad(net, grad_position=0, weights=net.trainable_params())(T(x))
    rx, rp = jax.grad(jax_sum_fn(tree), argnums=(0, 1))(jnp.asarray(x), jnp.asarray(p))
    np.testing.assert_allclose(np_(gx), rx, **EXACT)
    np.testing.assert_allclose(np_(gp), rp, **EXACT)
    # value_and_grad gives the same gradients and the forward value.
    val, (gx2, (gp2,)) = ms.value_and_grad(net, grad_position=0,
                                           weights=net.trainable_params())(T(x))
    np.testing.assert_allclose(np_(val), jax_fn(tree)(jnp.asarray(x), jnp.asarray(p)), **EXACT)
    np.testing.assert_allclose(np_(gx2), rx, **EXACT)
    np.testing.assert_allclose(np_(gp2), rp, **EXACT)
    # Taking gradients never changes the Parameter.
    np.testing.assert_array_equal(net.p.asnumpy(), p)
