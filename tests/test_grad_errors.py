"""Errors detected by the gradient transforms, in both modes (MindSpore's classes differ by
mode; recorded goldens for the general rules are in tests/conformance)."""
import numpy as np
import pytest

import mscompat as ms
from mscompat._engine import compile as compile_mod


@pytest.fixture(params=["PYNATIVE", "GRAPH"])
def mode(request):
    ms.set_context(mode=getattr(ms, request.param + "_MODE"))
    yield request.param
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_has_aux_on_a_scalar_output(mode):
    # ValueError in PYNATIVE, RuntimeError in GRAPH (same rule as for 1-d outputs).
    expected = ValueError if mode == "PYNATIVE" else RuntimeError
    with pytest.raises(expected, match="more than one outputs"):
        ms.grad(lambda v: v * v, has_aux=True)(ms.Tensor(np.float32(2.0)))


def test_transform_cache_is_bounded(mode, monkeypatch):
    monkeypatch.setattr(compile_mod, "_MAX_TRANSFORMS", 4)
    # from an empty cache: an earlier test in this process may have cached the same program,
    # and a cache hit evicts nothing
    monkeypatch.setattr(compile_mod, "_TRANSFORMS", type(compile_mod._TRANSFORMS)())
    x = ms.Tensor(np.ones(2, np.float32))
    for _ in range(7):
        out = ms.grad(lambda v: (v * v).sum())(x)  # a new function object every time
        np.testing.assert_allclose(out.asnumpy(), [2.0, 2.0])
    assert len(compile_mod._TRANSFORMS) <= 4
