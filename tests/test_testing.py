"""``mscompat.testing``: comparisons that pass, comparisons that fail naming the right leaf,
golden files that round-trip and refuse corrupt input, and the pytest plugin end to end."""
import json
import textwrap

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import mscompat as ms
from mscompat import nn, ops
from mscompat.testing import (
    DEFAULT_TOLERANCES,
    assert_allclose,
    assert_matches_golden,
    compare_with_jax,
    golden_meta,
    load_golden,
    record_golden,
)

pytest_plugins = ["pytester"]
MODES = {"PYNATIVE": ms.PYNATIVE_MODE, "GRAPH": ms.GRAPH_MODE}


@pytest.fixture(params=sorted(MODES))
def mode(request):
    ms.set_context(mode=MODES[request.param])
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _message(fn, *args, **kwargs) -> str:
    with pytest.raises(AssertionError) as e:
        fn(*args, **kwargs)
    return str(e.value)


# ----------------------------------------------------------------------------- assert_allclose

def test_nested_equal_results_pass():
    got = (ms.Tensor([1.0, 2.0]), {"fc1": {"weight": ms.Tensor(np.eye(2, dtype=np.float32))}})
    want = (np.array([1.0, 2.0]), {"fc1": {"weight": jnp.eye(2)}})
    assert_allclose(got, want)


def test_first_mismatching_leaf_is_named_with_index_and_error():
    w = np.eye(3, dtype=np.float32)
    bad = w.copy()
    bad[1, 2] = 0.25
    msg = _message(assert_allclose, (ms.Tensor([1.0]), {"fc1": {"weight": ms.Tensor(w)}}),
                   (np.array([1.0]), {"fc1": {"weight": bad}}))
    first = msg.splitlines()[0]
    assert first.startswith("Mismatch at [1]['fc1']['weight'] (float32[3, 3])")
    assert "index (1, 2)" in first and "max abs err 0.25" in first


def test_only_the_first_of_several_bad_leaves_is_reported():
    msg = _message(assert_allclose, [np.zeros(2), np.zeros(2)], [np.ones(2), np.ones(2)])
    assert msg.startswith("Mismatch at [0] ")


@pytest.mark.parametrize("got,want", [
    ((np.zeros(1),), [np.zeros(1)]),                       # tuple is not list
    ({"a": np.zeros(1)}, {"b": np.zeros(1)}),               # keys
    ((np.zeros(1), np.zeros(1)), (np.zeros(1),)),           # arity
])
def test_structure_mismatch_is_reported(got, want):
    assert "structure differs" in _message(assert_allclose, got, want)


def test_shape_and_dtype_mismatch():
    assert "shape (2,) != expected shape (3,)" in _message(
        assert_allclose, np.zeros(2), np.zeros(3))
    assert_allclose(np.zeros(2, np.float32), np.zeros(2, np.float64))
    assert "dtype float32 != expected dtype float64" in _message(
        assert_allclose, np.zeros(2, np.float32), np.zeros(2, np.float64), check_dtype=True)


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "bfloat16"])
def test_default_tolerance_follows_the_dtype(dtype):
    rtol, _ = DEFAULT_TOLERANCES[dtype]
    dt = jnp.dtype(dtype)
    base = np.full(4, 3.0)
    inside = (base * (1 + rtol / 4)).astype(dt)
    outside = (base * (1 + rtol * 4)).astype(dt)
    assert_allclose(ms.Tensor(np.asarray(inside)) if dtype != "bfloat16" else inside,
                    base.astype(dt))
    assert "Mismatch at" in _message(assert_allclose, outside, base.astype(dt))


def test_integers_and_bools_compare_exactly_nan_equals_nan():
    assert "Mismatch" in _message(assert_allclose, np.array([1, 2]), np.array([1, 3]))
    assert "Mismatch" in _message(assert_allclose, np.array([True]), np.array([False]))
    assert_allclose(np.array([np.nan, 1.0]), np.array([np.nan, 1.0]))
    assert_allclose(3, 3)
    assert_allclose(np.array([1.0]), np.array([1.5]), atol=0.6)


def test_pytrees_from_jax_libraries():
    import optax
    state = optax.adam(0.1).init({"w": jnp.ones(2)})
    assert_allclose(state, state)
    other = jax.tree_util.tree_map(lambda x: x + 1 if x.dtype != jnp.int32 else x, state)
    assert "Mismatch at [0].mu['w']" in _message(assert_allclose, other, state)


# ----------------------------------------------------------------------------- compare_with_jax

class TwoLayer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 8)
        self.fc2 = nn.Dense(8, 3)
        self.relu = nn.ReLU()

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def two_layer_ref(p, x):
    h = jax.nn.relu(x @ p["fc1"]["weight"].T + p["fc1"]["bias"])
    return h @ p["fc2"]["weight"].T + p["fc2"]["bias"]


X = np.random.default_rng(0).standard_normal((5, 4)).astype(np.float32)


def test_cell_matches_its_jax_reference(mode):
    ms.set_seed(1)
    res = compare_with_jax(TwoLayer(), two_layer_ref, [X])
    assert set(res["grads"]["params"]) == {"fc1", "fc2"}
    assert res["grads"]["inputs"][0].shape == (5, 4)


def test_wrong_forward_names_outputs(mode):
    def ref(p, x):
        return two_layer_ref(p, x) + 1e-2
    assert _message(compare_with_jax, TwoLayer(), ref, [X]).startswith("Mismatch at outputs ")


def test_wrong_gradient_names_the_parameter(mode):
    # Same forward, but the reference's gradient through fc2's bias is cut.
    def ref(p, x):
        h = jax.nn.relu(x @ p["fc1"]["weight"].T + p["fc1"]["bias"])
        return h @ p["fc2"]["weight"].T + jax.lax.stop_gradient(p["fc2"]["bias"])
    msg = _message(compare_with_jax, TwoLayer(), ref, [X])
    assert msg.startswith("Mismatch at grads.params['fc2']['bias']"), msg


def test_wrong_input_gradient_names_the_input(mode):
    def f(x, y):
        return x * y

    def ref(x, y):
        return jax.lax.stop_gradient(x) * y
    assert _message(compare_with_jax, f, ref, [X, X]).startswith("Mismatch at grads.inputs[0]")
    res = compare_with_jax(f, lambda x, y: x * y, [X, X])
    assert_allclose(res["grads"]["inputs"], (X, X))


def test_tuple_outputs_int_inputs_and_no_grads(mode):
    def f(x, k):
        return ops.sin(x) * k, ops.cos(x)

    def ref(x, k):
        return jnp.sin(x) * k, jnp.cos(x)
    k = np.array(3, np.int32)
    res = compare_with_jax(f, ref, [X, k])
    assert len(res["grads"]["inputs"]) == 1          # the int input has no gradient
    compare_with_jax(f, ref, [X, k], grads=False)
    assert "structure differs" in _message(compare_with_jax, f, lambda x, k: [jnp.sin(x) * k,
                                                                              jnp.cos(x)], [X, k])


def test_tolerance_arguments_are_used(mode):
    def ref(x):
        return jnp.tanh(x) + 1e-3
    assert "Mismatch at outputs" in _message(compare_with_jax, ops.tanh, ref, [X])
    compare_with_jax(ops.tanh, ref, [X], atol=2e-3)


# ----------------------------------------------------------------------------- golden files

def test_golden_round_trip_keeps_structure_and_dtypes(tmp_path):
    tree = {"out": (ms.Tensor([1.0, 2.0]), [np.arange(3, dtype=np.int64), None]),
            "loss": 0.25, "step": 3, "flag": True,
            "half": jnp.array([1.5], jnp.bfloat16)}
    record_golden(tmp_path / "g", tree, meta={"mindspore": "2.10.0"})
    back = load_golden(tmp_path / "g")
    assert isinstance(back["out"], tuple) and isinstance(back["out"][1], list)
    assert back["out"][1][1] is None
    assert back["out"][0].dtype == np.float32 and back["out"][1][0].dtype == np.int64
    assert back["half"].dtype == jnp.bfloat16
    assert type(back["loss"]) is float and type(back["step"]) is int
    assert type(back["flag"]) is bool
    assert golden_meta(tmp_path / "g") == {"mindspore": "2.10.0"}
    assert_matches_golden(tmp_path / "g", tree)


def test_golden_mismatch_names_the_leaf(tmp_path):
    record_golden(tmp_path / "g", {"a": [np.zeros(2), np.ones(2, np.float32)]})
    msg = _message(assert_matches_golden, tmp_path / "g",
                   {"a": [np.zeros(2), np.array([1.0, 1.5], np.float32)]})
    assert msg.startswith("Mismatch at ['a'][1]"), msg
    assert "dtype" in _message(assert_matches_golden, tmp_path / "g",
                               {"a": [np.zeros(2), np.ones(2, np.float64)]})


def test_golden_missing_file_says_how_to_record(tmp_path, monkeypatch):
    monkeypatch.delenv("MSCOMPAT_UPDATE_GOLDENS", raising=False)
    with pytest.raises(FileNotFoundError, match="--update-goldens"):
        assert_matches_golden(tmp_path / "none", np.zeros(1))
    monkeypatch.setenv("MSCOMPAT_UPDATE_GOLDENS", "1")
    assert_matches_golden(tmp_path / "none", np.zeros(1))
    assert (tmp_path / "none.npz").exists()


def test_corrupt_golden_files_are_refused_without_unpickling(tmp_path):
    record_golden(tmp_path / "g", {"a": np.zeros(2)})
    # An object array in the npz would need pickle to load: refused.
    np.savez(tmp_path / "g.npz", leaf_0=np.array([{"x": 1}], dtype=object))
    with pytest.raises(ValueError, match="corrupt"):
        load_golden(tmp_path / "g")
    (tmp_path / "g.npz").write_bytes(b"not a zip file")
    with pytest.raises(ValueError, match="corrupt"):
        load_golden(tmp_path / "g")
    (tmp_path / "g.json").write_text("{")
    with pytest.raises(ValueError, match="not valid JSON"):
        load_golden(tmp_path / "g")
    (tmp_path / "g.json").write_text(json.dumps({"format": "other"}))
    with pytest.raises(ValueError, match="not an mscompat golden"):
        load_golden(tmp_path / "g")


# ----------------------------------------------------------------------------- pytest plugin

def test_pytest_plugin_records_and_replays_goldens(pytester, monkeypatch):
    monkeypatch.delenv("MSCOMPAT_UPDATE_GOLDENS", raising=False)
    test = textwrap.dedent("""
        import mscompat as ms

        def test_dense(golden, ms_assert_allclose, ms_compare_with_jax):
            ms.set_seed(0)
            out = ms.ops.exp(ms.Tensor([0.0, {value}]))
            golden.check("exp", {{"y": out}})
            ms_assert_allclose(out, out)
            ms_compare_with_jax(ms.ops.exp, lambda x: __import__("jax").numpy.exp(x),
                                [out.asnumpy()])
    """)
    pytester.makepyfile(test_model=test.format(value=1.0))
    first = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    first.assert_outcomes(failed=1)
    first.stdout.fnmatch_lines(["*--update-goldens*"])
    pytester.runpytest_inprocess("-p", "no:cacheprovider", "--update-goldens") \
        .assert_outcomes(passed=1)
    assert (pytester.path / "goldens" / "test_model" / "exp.npz").exists()
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(passed=1)
    pytester.makepyfile(test_model=test.format(value=2.0))
    changed = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    changed.assert_outcomes(failed=1)
    assert "Mismatch at ['y'] (float32[2])" in changed.stdout.str()


def test_non_numeric_leaves_compare_with_equality():
    assert_allclose((ms.float32, "name", 1.0), (ms.float32, "name", 1.0))
    assert "Mismatch at [0]: mindspore.float32 != expected mindspore.int32" in _message(
        assert_allclose, (ms.float32,), (ms.int32,))
    assert "Mismatch at [0]" in _message(assert_allclose, ("a",), (np.zeros(1),))
