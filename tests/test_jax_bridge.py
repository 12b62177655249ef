"""``mscompat.jax``: every recorded nn layer (``nn_specs.SPECS``) as a pure JAX function.

For each layer, in both modes: ``apply(params, *x)`` equals the Cell's output, ``jax.grad``
of it equals mscompat's own gradients w.r.t. inputs and Parameters, ``mutable=True``
returns the Parameter writes the Cell makes (BatchNorm's moving statistics), ``jax.jit`` of
it gives the same values, and ``load_params`` puts a pytree back.
"""
import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest

import mscompat as ms
from mscompat._engine.jax_bridge import flatten
from mscompat.jax import from_jax, jax_function, load_params, param_tree, to_jax
from tests.conformance.cases import nn_specs

MODES = {"PYNATIVE": ms.PYNATIVE_MODE, "GRAPH": ms.GRAPH_MODE}


@pytest.fixture(params=sorted(MODES))
def mode(request):
    ms.set_context(mode=MODES[request.param])
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _np(x):
    if isinstance(x, ms.Tensor):
        return x.asnumpy()
    return np.asarray(x)


def _buildable(spec) -> bool:
    try:  # the specs that record a constructor error have no Cell to export
        nn_specs._build(ms, spec)
    except (TypeError, ValueError):
        return False
    return True


@pytest.mark.parametrize("spec", [s for s in nn_specs.SPECS if _buildable(s)],
                         ids=lambda s: s.name)
def test_layer_round_trip(spec):
    # Both modes in one test: the JAX side compiles once, on one worker.
    try:
        for mode in sorted(MODES):
            ms.set_context(mode=MODES[mode])
            try:
                _round_trip(spec)
            except AssertionError as e:
                raise AssertionError(f"in {mode}_MODE: {e}") from e
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def _round_trip(spec):
    cell = nn_specs._build(ms, spec)
    xs = [ms.Tensor(a) for a in spec.inputs]
    before = {n: p.asnumpy() for n, p in cell.parameters_and_names()}
    apply, params = to_jax(cell)
    arrays = [jnp.asarray(a) for a in spec.inputs]
    try:
        out, new_params = apply(params, *arrays, mutable=True)
    except Exception as e:  # a spec that records the Cell's error: the Cell raises alike
        with pytest.raises(type(e)):
            cell(*xs)
        return
    # The pure call changed no Parameter of the Cell.
    for n, p in cell.parameters_and_names():
        np.testing.assert_array_equal(p.asnumpy(), before[n])
    ref = cell(*xs)
    tol = dict(rtol=spec.rtol, atol=spec.atol)
    for a, b in zip(jax.tree_util.tree_leaves(out), jax.tree_util.tree_leaves(
            jax.tree_util.tree_map(_np, ref, is_leaf=lambda t: isinstance(t, ms.Tensor)))):
        np.testing.assert_allclose(np.asarray(a), b, **tol)
    flat_new = param_tree(cell)  # the Cell's values after its own call
    for a, b in zip(jax.tree_util.tree_leaves(new_params), jax.tree_util.tree_leaves(flat_new)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), **tol)
    jitted = jax.jit(lambda p, *x: apply(p, *x, mutable=True))(params, *arrays)
    for a, b in zip(jax.tree_util.tree_leaves(jitted), jax.tree_util.tree_leaves(
            (out, new_params))):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), **tol)
    if not spec.grad:
        return
    load_params(cell, params)  # back to the values before the call
    pos = tuple(i for i, a in enumerate(spec.inputs) if a.dtype.kind == "f")
    weights = cell.trainable_params()
    if not pos and not weights:
        return
    _, ms_grads = ms.value_and_grad(cell, grad_position=pos or None,
                                    weights=weights or None)(*xs)
    names = {id(p): n for n, p in cell.parameters_and_names()}
    trainable = [names[id(p)] for p in weights]

    def loss(p, xs_f):
        full = list(arrays)
        for i, x in zip(pos, xs_f):
            full[i] = x
        o = apply(p, *full, mutable=True)[0]
        return sum(jnp.sum(leaf) for leaf in jax.tree_util.tree_leaves(o))

    # jitted: one compilation instead of one per primitive (the eager path is tested above)
    gp, gx = jax.jit(jax.grad(loss, argnums=(0, 1)))(params, [arrays[i] for i in pos])
    gp_flat = flatten(gp)
    if pos and weights:
        ms_gx, ms_gw = ms_grads
    elif pos:
        ms_gx, ms_gw = ms_grads, ()
    else:
        ms_gx, ms_gw = (), ms_grads
    ms_gx = ms_gx if isinstance(ms_gx, tuple) else (ms_gx,)
    for a, b in zip(gx, ms_gx):
        np.testing.assert_allclose(np.asarray(a), _np(b), **tol)
    for n, b in zip(trainable, ms_gw):
        np.testing.assert_allclose(np.asarray(gp_flat[n]), _np(b), err_msg=n, **tol)


class LeNet(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = ms.nn.Conv2d(1, 4, 3, pad_mode="valid")
        self.fc1 = ms.nn.Dense(4 * 6 * 6, 10)
        self.relu = ms.nn.ReLU()
        self.flatten = ms.nn.Flatten()

    def construct(self, x):
        return self.fc1(self.flatten(self.relu(self.conv1(x))))


def test_param_tree_is_nested_by_mindspore_names():
    apply, params = to_jax(LeNet())
    assert sorted(params) == ["conv1", "fc1"]
    assert sorted(params["fc1"]) == ["bias", "weight"]
    assert params["fc1"]["weight"].shape == (10, 144)


def test_optax_trains_the_exported_function_and_loads_back(mode):
    ms.set_seed(1)
    net = LeNet()
    apply, params = to_jax(net)
    x = jnp.asarray(np.random.default_rng(0).standard_normal((8, 1, 8, 8)), jnp.float32)
    y = jnp.asarray(np.random.default_rng(1).integers(0, 10, 8), jnp.int32)

    def loss_fn(p):
        logits = apply(p, x)
        return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

    tx = optax.sgd(0.1)
    state = tx.init(params)

    @jax.jit
    def step(p, s):
        loss, g = jax.value_and_grad(loss_fn)(p)
        u, s = tx.update(g, s, p)
        return optax.apply_updates(p, u), s, loss

    losses = []
    for _ in range(5):
        params, state, loss = step(params, state)
        losses.append(float(loss))
    assert losses[-1] < losses[0]
    load_params(net, params)
    np.testing.assert_allclose(net(ms.Tensor(np.asarray(x))).asnumpy(),
                               np.asarray(apply(params, x)), rtol=1e-5, atol=1e-6)


def test_vmap_over_the_exported_function():
    net = ms.nn.Dense(3, 2)
    apply, params = to_jax(net)
    xs = jnp.arange(12.0).reshape(4, 3)
    per_example = jax.vmap(lambda x: apply(params, x[None])[0])(xs)
    np.testing.assert_allclose(per_example, apply(params, xs), rtol=1e-6)


def test_apply_refuses_hidden_writes_and_random_state():
    bn = ms.nn.BatchNorm1d(2)
    bn.set_train(True)
    apply, params = to_jax(bn)
    with pytest.raises(ValueError, match="mutable=True"):
        apply(params, jnp.ones((3, 2)))
    from mscompat._data import pipeline
    from mscompat._engine import random_ops
    seeds = dict(random_ops._SEED), dict(pipeline._CONFIG)
    for seed in (None, 3):  # with a global seed too: apply draws from rng=, not the kernel's
        if seed is not None:
            ms.set_seed(seed)
        try:
            drop = ms.nn.Dropout(p=0.5)
            drop.set_train(True)
            apply, params = to_jax(drop)
            with pytest.raises(ValueError, match="rng="):
                apply(params, jnp.ones((3, 2)))
            out = apply(params, jnp.ones((100,)), rng=jax.random.key(0))
            assert set(np.unique(np.asarray(out)).tolist()) <= {0.0, 2.0}
            np.testing.assert_array_equal(apply(params, jnp.ones(4), train=False), np.ones(4))
        finally:
            random_ops._SEED.update(seeds[0])
            pipeline._CONFIG.update(seeds[1])
    with pytest.raises(ValueError, match="no value"):
        to_jax(ms.nn.Dense(2, 2))[0]({"weight": jnp.ones((2, 2))}, jnp.ones((1, 2)))


def test_apply_draws_random_ops_from_its_rng_also_after_set_seed():
    """Outside the bridge a seeded ``ops.randn`` is MindSpore's kernel (host state); inside
    ``apply``, a pure function, it draws from the ``rng=`` it is given."""
    class Noisy(ms.nn.Cell):
        def construct(self, x):
            return x + ms.ops.randn(4) + ms.ops.rand(4)
    from mscompat._data import pipeline
    from mscompat._engine import random_ops
    seeds = dict(random_ops._SEED), dict(pipeline._CONFIG)
    ms.set_seed(5)
    try:
        apply, params = to_jax(Noisy())
        with pytest.raises(ValueError, match="rng="):
            apply(params, jnp.zeros(4))
        a = apply(params, jnp.zeros(4), rng=jax.random.key(0))
        b = apply(params, jnp.zeros(4), rng=jax.random.key(0))
        c = jax.jit(lambda k: apply(params, jnp.zeros(4), rng=k))(jax.random.key(1))
        np.testing.assert_array_equal(a, b)
        assert not np.array_equal(a, c)
    finally:
        random_ops._SEED.update(seeds[0])
        pipeline._CONFIG.update(seeds[1])


def test_load_params_is_all_or_nothing_and_maps_names():
    net = ms.nn.Dense(2, 1, weight_init="zeros", bias_init="zeros")
    with pytest.raises(ValueError, match="weight"):
        load_params(net, {"weight": jnp.ones((3, 3)), "bias": jnp.ones(1)})
    np.testing.assert_array_equal(net.bias.asnumpy(), [0.0])  # nothing was set
    flax_style = {"Dense_0": {"kernel": jnp.ones((1, 2)), "bias": jnp.full(1, 2.0)}}
    load_params(net, flax_style, name_map={"weight": "Dense_0.kernel", "bias": "Dense_0.bias"})
    np.testing.assert_array_equal(net.bias.asnumpy(), [2.0])
    with pytest.raises(ValueError, match="strict"):
        load_params(net, {"weight": jnp.ones((1, 2))})
    assert load_params(net, {"weight": jnp.ones((1, 2))}, strict=False) == ["bias"]


def test_nnx_module_trains_with_nnx_optimizer():
    from flax import nnx

    from mscompat.jax import to_nnx

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = ms.nn.Dense(3, 3)
            self.bn = ms.nn.BatchNorm1d(3)

        def construct(self, x):
            return self.bn(self.fc(x))

    cell = Net()
    model = to_nnx(cell)
    model.train()
    opt = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    x = jnp.asarray(np.random.default_rng(0).standard_normal((16, 3)), jnp.float32)

    @nnx.jit
    def step(model, opt):
        loss, grads = nnx.value_and_grad(lambda m: ((m(x) - 1.0) ** 2).mean())(model)
        opt.update(model, grads)
        return loss

    losses = [float(step(model, opt)) for _ in range(20)]
    assert losses[-1] < losses[0]
    moving = np.asarray(model.params["bn"]["moving_mean"][...])
    assert np.abs(moving).sum() > 0  # BatchStat written in training mode
    back = model.to_cell()
    np.testing.assert_allclose(back.bn.moving_mean.asnumpy(), moving)
    model.eval()
    back.set_train(False)
    np.testing.assert_allclose(np.asarray(model(x)), back(ms.Tensor(np.asarray(x))).asnumpy(),
                               rtol=1e-5, atol=1e-6)


def test_jax_function_inside_construct_both_modes(mode):
    softplus = jax_function(lambda x: jnp.logaddexp(x, 0.0))

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.array([2.0], np.float32)), name="w")

        def construct(self, x):
            return softplus(x * self.w).sum()

    net = Net()
    x = ms.Tensor(np.array([0.0, 1.0], np.float32))
    gx = ms.grad(net)(x).asnumpy()
    expected = 2.0 * jax.nn.sigmoid(2.0 * np.array([0.0, 1.0], np.float32))  # d/dx softplus(2x)
    np.testing.assert_allclose(gx, expected, rtol=1e-6)


def test_tensor_array_conversions_share_memory():
    a = jnp.arange(4.0)
    t = from_jax(a)
    assert t._data is a  # no copy
    np.testing.assert_array_equal(np.asarray(t), [0, 1, 2, 3])
    assert jnp.asarray(t) is not None and jnp.sum(t) == 6.0  # __jax_array__
    back = jax.dlpack.from_dlpack(t)  # __dlpack__
    np.testing.assert_array_equal(back, a)
    t2 = from_jax(np.arange(3, dtype=np.float32))
    assert t2.dtype == ms.float32


def test_exported_params_can_be_donated(mode):
    net = ms.nn.Dense(3, 2)
    before = net.weight.asnumpy().copy()
    apply, params = to_jax(net)

    def step(p, x):
        return jax.tree_util.tree_map(lambda a: a * 2, p), apply(p, x)
    new, _ = jax.jit(step, donate_argnums=(0,))(params, jnp.ones((1, 3)))
    # the Cell's own buffers were not donated: it still computes with its old values
    np.testing.assert_array_equal(net.weight.asnumpy(), before)
    net(ms.Tensor(np.ones((1, 3), np.float32)))
    np.testing.assert_allclose(np.asarray(new["weight"]), before * 2)
