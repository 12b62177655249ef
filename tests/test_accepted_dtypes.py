"""The recorded dtype refusals (``ms_dtypes``) are applied by every way of calling an op.

What MindSpore refuses is settled by the conformance cases in
``tests/conformance/cases/accepted_dtypes.py``; these tests check the mechanism: every
recorded name reaches an mscompat function, keywords and compiled functions are checked,
and accepted dtypes still compute.
"""
import numpy as np
import pytest

import mscompat as ms
from mscompat._engine import accepted_dtypes, ms_dtypes


def test_every_recorded_name_is_wrapped():
    for qualname in (*ms_dtypes.UNARY, *ms_dtypes.BINARY):
        owner, _, name = qualname.partition(".")
        target = getattr(ms.ops if owner == "ops" else ms.Tensor, name, None)
        if target is None or not callable(target) or not hasattr(target, "__code__"):
            continue  # a Primitive instance (ops.tensor_add) or a name mscompat lacks
        assert hasattr(target, "__wrapped__"), qualname


def test_refusals_by_position_keyword_method_and_operator():
    i32 = ms.Tensor(np.array([1, 2], np.int32))
    f32 = ms.Tensor(np.array([1.0, 2.0], np.float32))
    b = ms.Tensor(np.array([True, False]))
    with pytest.raises(TypeError, match="exp"):
        ms.ops.exp(i32)
    with pytest.raises(TypeError, match="Int32|int32"):
        ms.ops.exp(input=i32)
    with pytest.raises(TypeError):
        ms.ops.matmul(f32.reshape(1, 2), i32.reshape(2, 1))
    with pytest.raises(RuntimeError):
        b.mean()
    with pytest.raises(TypeError):
        ms.ops.add(b, b)
    assert (b + b).dtype == ms.bool_  # the operator accepts what ops.add refuses
    assert (b - b).dtype == ms.bool_
    np.testing.assert_allclose(ms.ops.exp(f32).asnumpy(), np.exp([1.0, 2.0]), rtol=1e-6)


def test_refusal_inside_a_compiled_function():
    @ms.jit
    def f(x):
        return ms.ops.sin(x) * 2

    with pytest.raises(TypeError, match="sin"):
        f(ms.Tensor(np.array([1, 2], np.int32)))
    assert f(ms.Tensor(np.array([0.0], np.float32))).asnumpy()[0] == 0.0


def test_codes_cover_mindspore_dtypes():
    for name in ("bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                 "uint64", "float16", "float32", "float64", "bfloat16", "complex64",
                 "complex128"):
        t = ms.Tensor(np.zeros(1, np.float32)).astype(getattr(ms, name))
        assert accepted_dtypes.code(t) is not None, name
    assert [accepted_dtypes.code(v) for v in (1.5, 2, True, "a")] == ["pf", "pi", "pb", None]
