"""Replay the MindSpore conformance cases against mscompat.

Each case in tests/conformance/cases/ was run against real MindSpore 2.10 by
tools/record_conformance.py; its result is stored in tests/conformance/golden/<module>.json.
Here the same case function is called with ``mscompat`` and the result is compared with the
golden: structure, dtype strings, shapes, values (case rtol/atol), python scalars, strings, and
exception class names.  MindSpore itself is never imported.
"""
import importlib
import json
import math
import os
import sys
import zlib

import numpy as np
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN_DIR = os.path.join(HERE, "golden")
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from cases import load_all  # noqa: E402
from cases._registry import NOT_RUN  # noqa: E402

from mscompat._data import pipeline  # noqa: E402
from mscompat._engine import lazy, random_ops, recording  # noqa: E402

MODES = ("PYNATIVE", "GRAPH")


def _load_goldens():
    goldens = {}
    if os.path.isdir(GOLDEN_DIR):
        for fn in sorted(os.listdir(GOLDEN_DIR)):
            if fn.endswith(".json"):
                with open(os.path.join(GOLDEN_DIR, fn)) as f:
                    goldens[fn[:-5]] = json.load(f)
    return goldens


CASES = load_all()
GOLDENS = _load_goldens()


def _params():
    return [pytest.param(c, mode, id=f"{c.module}::{c.name}[{mode}]")
            for c in CASES for mode in MODES if mode in c.modes]


@pytest.fixture
def ms():
    """The mscompat module; context mode restored to PYNATIVE afterwards."""
    mod = importlib.import_module("mscompat")
    seeds = dict(random_ops._SEED), dict(pipeline._CONFIG)  # a case's set_seed stays its own
    yield mod
    mod.set_context(mode=mod.PYNATIVE_MODE)
    lazy.ENABLED["on"] = True
    random_ops._SEED.clear()
    random_ops._SEED.update(seeds[0])
    pipeline._CONFIG.update(seeds[1])


# ----------------------------------------------------------------------------- comparison

def _decode(v):
    if isinstance(v, list):
        return [_decode(i) for i in v]
    if v == "nan":
        return math.nan
    if v == "inf":
        return math.inf
    if v == "-inf":
        return -math.inf
    return v


def _is_tensor(r):
    return any(k.__name__ in ("Tensor", "Parameter", "StubTensor") for k in type(r).__mro__)


def _kind_of(r):
    if _is_tensor(r):
        return "tensor"
    if isinstance(r, tuple):
        return "tuple"
    if isinstance(r, list):
        return "list"
    if isinstance(r, dict):
        return "dict"
    if isinstance(r, np.ndarray):
        return "ndarray"
    return "py"


def _compare_values(actual, expected, rtol, atol, path):
    exp = np.array(_decode(expected["value"]))
    act = np.asarray(actual)
    shape = tuple(expected["shape"])
    assert tuple(act.shape) == shape, f"{path}: shape {tuple(act.shape)} != golden {shape}"
    if exp.dtype == bool or act.dtype == bool:
        np.testing.assert_array_equal(act.astype(bool), exp.astype(bool).reshape(shape),
                                      err_msg=path)
    elif np.issubdtype(exp.dtype, np.integer) and np.issubdtype(act.dtype, np.integer):
        np.testing.assert_array_equal(act, exp.reshape(shape), err_msg=path)
    else:
        np.testing.assert_allclose(act.astype(np.float64), exp.astype(np.float64).reshape(shape),
                                   rtol=rtol, atol=atol, equal_nan=True, err_msg=path)


def compare(actual, expected, rtol, atol, path="result"):
    if isinstance(actual, str) and actual == NOT_RUN:
        return  # a sweep item this CI run leaves out (``cases._registry.sampled``)
    kind = expected["kind"]
    got = _kind_of(actual)
    assert got == kind, f"{path}: got {got} ({type(actual).__name__}), golden {kind}"
    if kind == "tensor":
        dtype = str(actual.dtype)
        assert dtype == expected["dtype"], f"{path}: dtype {dtype} != golden {expected['dtype']}"
        _compare_values(actual.asnumpy(), expected, rtol, atol, path)
    elif kind == "ndarray":
        assert str(actual.dtype) == expected["dtype"], f"{path}: ndarray dtype"
        _compare_values(actual, expected, rtol, atol, path)
    elif kind in ("tuple", "list"):
        items = expected["items"]
        assert len(actual) == len(items), \
            f"{path}: {kind} length {len(actual)} != golden {len(items)}"
        for i, (a, e) in enumerate(zip(actual, items)):
            compare(a, e, rtol, atol, f"{path}[{i}]")
    elif kind == "dict":
        # (in MindSpore's order: a dict keeps the order its keys were written in)
        assert list(map(str, actual)) == list(expected["items"]), f"{path}: dict keys"
        for k, a in actual.items():
            compare(a, expected["items"][str(k)], rtol, atol, f"{path}[{k!r}]")
    else:  # python scalar / None / str
        typ, val = expected["type"], expected["value"]
        if "numpy" in expected:  # a NumPy scalar (np.float32...) in MindSpore's result
            assert isinstance(actual, np.generic) and str(actual.dtype) == expected["numpy"], \
                f"{path}: {type(actual).__name__} != golden NumPy {expected['numpy']}"
            actual = actual.item()
        assert type(actual).__name__ == typ or (typ == "float" and isinstance(actual, float)) \
            or (typ == "int" and isinstance(actual, int) and not isinstance(actual, bool)), \
            f"{path}: python type {type(actual).__name__} != golden {typ}"
        if typ == "float":
            val = _decode(val)
            if math.isnan(val):
                assert math.isnan(actual), f"{path}: {actual} != nan"
            else:
                assert math.isclose(actual, val, rel_tol=rtol, abs_tol=atol), \
                    f"{path}: {actual!r} != golden {val!r}"
        else:
            assert actual == val, f"{path}: {actual!r} != golden {val!r}"


# ----------------------------------------------------------------------------- the test

# Divergences kept on purpose (docs/divergences.md): the case must keep failing (strict), so
# the day mscompat matches MindSpore here the entry has to go.
KNOWN_DIVERGENCES = {
    "inputs::output_cast_to_int": "gradient through a cast to an integer dtype "
                                  "(docs/divergences.md)",
}

@pytest.mark.parametrize("c,mode", _params())
def test_case(ms, c, mode, request, monkeypatch):
    """Replay one case. In PYNATIVE_MODE, a case that ran a transform (grad, jvp, ...) is run
    a second time with the recorder off (plain eager JAX): the differential run must match
    the same golden as the recorded one (in CI, for the cases ``_differential`` picks). A
    case that never reached the recorder would run the same code twice, so it runs once."""
    reason = KNOWN_DIVERGENCES.get(c.id)
    if reason:
        request.applymarker(pytest.mark.xfail(strict=True, reason=reason))
    golden_file = GOLDENS.get(c.module)
    if golden_file is None:
        pytest.skip(f"no golden file golden/{c.module}.json (run tools/record_conformance.py)")
    entry = golden_file["cases"].get(c.name, {})
    if mode not in entry:
        pytest.skip(f"no golden recorded for {c.id} in {mode} mode")
    expected = entry[mode]
    ms.set_context(mode=getattr(ms, mode + "_MODE"))
    transforms = _count_recorded_transforms(monkeypatch)
    _replay(ms, c, expected, "recorder on" if mode == "PYNATIVE" else mode)
    if mode == "PYNATIVE" and transforms[0] and _differential(c):
        lazy.ENABLED["on"] = False
        _replay(ms, c, expected, "recorder off")


# The engine's own cases (transforms, control flow, writes, indexing, hooks): their
# differential replay runs in every run.
ENGINE_MODULES = frozenset((
    "bprop", "composite", "control_flow", "custom_op", "dynamic_inputs", "edge_gradients",
    "grad_fn", "grad_operation", "gradient_edges", "has_aux", "higher_order", "hooks",
    "indexing_copies", "indexing_edges", "inputs", "jacobians", "jvp_vjp", "loop_idioms",
    "loss_scale", "micro_batch", "negative_index_gradients", "output_structures",
    "plain_tensor_writes", "return_ids", "scatter_writes", "sens", "special_bprops",
    "state_writes", "static_argument_types", "stop_gradient", "training", "value_and_grad",
    "vmap_jit", "write_gradients"))
CI_DIFFERENTIAL_SHARE = 8  # in CI, one other case in this many (a fixed hash of its id)


def _differential(c) -> bool:
    """Run this case's differential (recorder off) replay? Always outside CI. In CI (the
    ``CI`` variable set, 2 cores, a 20-minute budget) for the engine's own modules and a
    fixed eighth of the others: an eager transform compiles every primitive of its forward
    and backward pass one at a time, so the second replay cost as much as the first (about
    half of the suite's time). The op cases' eager path runs the same op functions the
    recorder records; the eighth keeps most modules' eager path in CI."""
    if not os.environ.get("CI") or c.module in ENGINE_MODULES:
        return True
    return zlib.crc32(c.id.encode()) % CI_DIFFERENTIAL_SHARE == 0


def _count_recorded_transforms(monkeypatch) -> list[int]:
    calls = [0]
    original = recording.run_transform

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)
    monkeypatch.setattr(recording, "run_transform", counted)
    return calls


def _replay(ms, c, expected, label):
    if expected["kind"] == "error":
        with pytest.raises(Exception) as info:
            c.fn(ms)
        names = [k.__name__ for k in type(info.value).__mro__]
        assert expected["type"] in names, (
            f"{label}: raised {type(info.value).__name__}: {info.value!s:.300}; golden raises "
            f"{expected['type']}: {expected['message'][:300]}")
        return
    try:
        actual = c.fn(ms)
    except Exception as e:
        raise AssertionError(f"{label}: mscompat raised {type(e).__name__}: {e!s:.500}") from e
    compare(actual, expected, c.rtol, c.atol, f"{label}: result")
