"""Every element-wise row of the op table: primitive == functional == Tensor method ==
NumPy reference, eager == jit, in float32 and float64 (the pattern of jax's
``lax_numpy_test``: one table of op records, one parametrised test)."""
import numpy as np
import pytest

import mscompat as ms
from mscompat._engine import op_table

# primitive -> (NumPy reference, arity, input low, input high)
RECORDS = {
    "Neg": (np.negative, 1, -2, 2), "Abs": (np.abs, 1, -2, 2), "Square": (np.square, 1, -2, 2),
    "Sqrt": (np.sqrt, 1, 0.1, 2), "Exp": (np.exp, 1, -2, 2), "Log": (np.log, 1, 0.1, 2),
    "Log1p": (np.log1p, 1, 0.1, 2), "Expm1": (np.expm1, 1, -1, 1), "Sin": (np.sin, 1, -2, 2),
    "Cos": (np.cos, 1, -2, 2), "Tan": (np.tan, 1, -1, 1), "Asin": (np.arcsin, 1, -0.9, 0.9),
    "ACos": (np.arccos, 1, -0.9, 0.9), "Atan": (np.arctan, 1, -2, 2),
    "Sinh": (np.sinh, 1, -2, 2), "Cosh": (np.cosh, 1, -2, 2), "Tanh": (np.tanh, 1, -2, 2),
    "Asinh": (np.arcsinh, 1, -2, 2), "Acosh": (np.arccosh, 1, 1.1, 3),
    "Atanh": (np.arctanh, 1, -0.9, 0.9), "Sigmoid": (lambda x: 1 / (1 + np.exp(-x)), 1, -2, 2),
    "ReLU": (lambda x: np.maximum(x, 0), 1, -2, 2), "Sign": (np.sign, 1, -2, 2),
    "Floor": (np.floor, 1, -2, 2), "Ceil": (np.ceil, 1, -2, 2),
    "Reciprocal": (np.reciprocal, 1, 0.5, 2),
    "Add": (np.add, 2, -2, 2), "Sub": (np.subtract, 2, -2, 2), "Mul": (np.multiply, 2, -2, 2),
    "Div": (np.true_divide, 2, 0.5, 2), "RealDiv": (np.true_divide, 2, 0.5, 2),
    "Pow": (np.power, 2, 0.5, 2), "Maximum": (np.maximum, 2, -2, 2),
    "Minimum": (np.minimum, 2, -2, 2), "Atan2": (np.arctan2, 2, 0.5, 2),
}
ROWS = {op.name: op for op in op_table.TABLE if op.name in RECORDS}


def test_every_record_names_a_table_row():
    assert set(ROWS) == set(RECORDS)


def _inputs(name, dtype):
    _, arity, lo, hi = RECORDS[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    return [rng.uniform(lo, hi, (3, 4)).astype(dtype) for _ in range(arity)]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_op_forms_agree_with_numpy(name, dtype):
    ref, *_ = RECORDS[name]
    arrays = _inputs(name, dtype)
    tensors = [ms.Tensor(a) for a in arrays]
    expected = ref(*arrays)
    rtol = 1e-6 if dtype == np.float32 else 1e-12
    prim = getattr(ms.ops, name)()(*tensors)
    assert prim.dtype == ms.dtype.pytype_to_dtype(dtype)
    np.testing.assert_allclose(prim.asnumpy(), expected, rtol=rtol, atol=rtol)
    op = ROWS[name]
    for fname in op.functional:
        np.testing.assert_allclose(getattr(ms.ops, fname)(*tensors).asnumpy(), expected,
                                   rtol=rtol, atol=rtol)
    for mname in op.methods:
        out = getattr(tensors[0], mname)(*tensors[1:])
        np.testing.assert_allclose(out.asnumpy(), expected, rtol=rtol, atol=rtol)
    jitted = ms.jit(lambda *t: getattr(ms.ops, name)()(*t))(*tensors)
    np.testing.assert_allclose(jitted.asnumpy(), prim.asnumpy(), rtol=rtol, atol=rtol)


@pytest.mark.parametrize("name", ["Sin", "Exp", "Log", "Tanh", "Atanh", "Mul", "Div", "Pow"])
def test_op_gradients_match_finite_differences(name):
    arrays = _inputs(name, np.float64)
    tensors = [ms.Tensor(a) for a in arrays]
    prim = getattr(ms.ops, name)()
    grads = ms.grad(lambda *t: prim(*t).sum(), grad_position=tuple(range(len(tensors))))(
        *tensors)
    grads = grads if isinstance(grads, tuple) else (grads,)
    eps = 1e-6
    for k, g in enumerate(grads):
        bumped_up = [a.copy() for a in arrays]
        bumped_dn = [a.copy() for a in arrays]
        bumped_up[k] += eps
        bumped_dn[k] -= eps
        ref, *_ = RECORDS[name]
        fd = (ref(*bumped_up) - ref(*bumped_dn)) / (2 * eps)  # element-wise ops: diagonal
        np.testing.assert_allclose(g.asnumpy(), fd, rtol=1e-6, atol=1e-8)


def test_matmul_forms_and_transpose_attrs():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.arange(12, dtype=np.float32).reshape(3, 4)
    ta, tb = ms.Tensor(a), ms.Tensor(b)
    np.testing.assert_allclose(ms.ops.MatMul()(ta, tb).asnumpy(), a @ b)
    np.testing.assert_allclose(ms.ops.matmul(ta, tb).asnumpy(), a @ b)
    np.testing.assert_allclose((ta @ tb).asnumpy(), a @ b)
    np.testing.assert_allclose(
        ms.ops.MatMul(transpose_a=True, transpose_b=True)(ms.Tensor(a.T), ms.Tensor(b.T))
        .asnumpy(), a @ b)


def test_reductions_keep_dims_and_axis():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = ms.Tensor(a)
    np.testing.assert_allclose(ms.ops.ReduceSum(keep_dims=True)(t, 1).asnumpy(),
                               a.sum(1, keepdims=True))
    np.testing.assert_allclose(ms.ops.ReduceMean()(t, (0, 1)).asnumpy(), a.mean())
    np.testing.assert_allclose(t.sum(axis=0).asnumpy(), a.sum(0))
    np.testing.assert_allclose(ms.ops.mean(t, 1).asnumpy(), a.mean(1))


def test_unknown_primitive_init_argument():
    with pytest.raises(TypeError, match="unexpected keyword"):
        ms.ops.MatMul(transpose_c=True)


@pytest.mark.parametrize("shape,axis", [((2, 3), ()), ((2, 3), (0, 1)), ((2, 3), (1, -2)),
                                        ((3,), ()), ((3,), 0)])
def test_reduce_sum_skip_mode_over_every_axis_is_refused(shape, axis):
    # MindSpore's CPU kernel answers with the input, the total broadcast to the input's
    # shape or a scalar, depending on the calls before: no single rule to follow
    with pytest.raises(NotImplementedError, match="skip_mode"):
        ms.ops.ReduceSum(skip_mode=True)(ms.Tensor(np.ones(shape, np.float32)), axis)


def test_functional_refuses_a_keyword_mindspore_does_not_take():
    # ``y`` is the implementation's own name for ``other``; MindSpore raises TypeError
    with pytest.raises(TypeError, match="unexpected keyword argument 'y'"):
        ms.ops.div(ms.Tensor(1.0), y=2.0)
    assert float(ms.ops.div(ms.Tensor(1.0), other=2.0)) == 0.5


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["PYNATIVE", "GRAPH"])
def test_einsum_primitive_is_the_functional_einsum(mode):
    """``ops.Einsum(equation)(inputs)``: MindSpore's CPU build has no Einsum kernel, so the
    Primitive is checked against ``ops.einsum`` (recorded) and NumPy, values and gradients."""
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        a = np.arange(6, dtype=np.float32).reshape(2, 3) / 7
        b = np.arange(12, dtype=np.float32).reshape(3, 4) / 5
        prim = ms.ops.Einsum("ij,jk->ik")
        out = prim((ms.Tensor(a), ms.Tensor(b)))
        np.testing.assert_allclose(out.asnumpy(), np.einsum("ij,jk->ik", a, b), rtol=1e-6)

        def f(x, y):
            return prim((x, y)).sum()
        ga, gb = ms.grad(f, (0, 1))(ms.Tensor(a), ms.Tensor(b))
        np.testing.assert_allclose(ga.asnumpy(), np.ones((2, 4)) @ b.T, rtol=1e-6)
        np.testing.assert_allclose(gb.asnumpy(), a.T @ np.ones((2, 4)), rtol=1e-6)
        assert prim.equation == "ij,jk->ik"
    finally:
        ms.set_context(mode=old)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["PYNATIVE", "GRAPH"])
def test_layer_norm_functional_is_the_layer_norm_primitive(mode):
    """``ops.layer_norm`` has no kernel in MindSpore 2.10's CPU build: it is checked against
    the recorded ``ops.LayerNorm`` primitive (same axes, ``eps``) and NumPy, values and
    gradients, with and without weights."""
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        x = np.random.RandomState(0).uniform(-2, 2, (2, 3, 4)).astype(np.float32)
        g = np.random.RandomState(1).uniform(0.5, 2, (3, 4)).astype(np.float32)
        b = np.random.RandomState(2).uniform(-1, 1, (3, 4)).astype(np.float32)
        prim = ms.ops.LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-5)
        t = [ms.Tensor(v) for v in (x, g, b)]
        out = ms.ops.layer_norm(t[0], (3, 4), t[1], t[2])
        np.testing.assert_allclose(out.asnumpy(), prim(*t)[0].asnumpy(), rtol=1e-6)
        mean = x.mean(axis=(1, 2), keepdims=True)
        ref = (x - mean) / np.sqrt(x.var(axis=(1, 2), keepdims=True) + 1e-5)
        np.testing.assert_allclose(ms.ops.layer_norm(t[0], [3, 4]).asnumpy(), ref, atol=1e-5)
        w = ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))

        def fn(x, g, b):
            return (ms.ops.layer_norm(x, (3, 4), g, b) * w).sum()

        def prim_fn(x, g, b):
            return (prim(x, g, b)[0] * w).sum()
        for a, e in zip(ms.grad(fn, (0, 1, 2))(*t), ms.grad(prim_fn, (0, 1, 2))(*t)):
            np.testing.assert_allclose(a.asnumpy(), e.asnumpy(), rtol=1e-5, atol=1e-5)
        with pytest.raises(ValueError, match="normalized_shape"):
            ms.ops.layer_norm(t[0], (4, 3))
    finally:
        ms.set_context(mode=old)


def test_randperm_and_scalar_to_array():
    """``ops.Randperm`` and ``ops.ScalarToArray`` have no kernel in MindSpore 2.10's CPU
    build: checked against their documentation (a permutation then ``pad``; ``Tensor(x)``)."""
    ms.set_seed(5)
    out = ms.ops.Randperm(max_length=6, pad=-7)(ms.Tensor(np.array([4], np.int32)))
    values = out.asnumpy()
    assert out.dtype == ms.int32 and values.shape == (6,)
    assert sorted(values[:4].tolist()) == [0, 1, 2, 3] and values[4:].tolist() == [-7, -7]
    ms.set_seed(5)
    again = ms.ops.Randperm(max_length=6, pad=-7)(ms.Tensor(np.array([4], np.int32)))
    np.testing.assert_array_equal(again.asnumpy(), values)
    wide = ms.ops.Randperm(max_length=3, dtype=ms.int64)(ms.Tensor(np.array([3], np.int64)))
    assert wide.dtype == ms.int64 and sorted(wide.asnumpy().tolist()) == [0, 1, 2]
    with pytest.raises(ValueError, match="max_length"):
        ms.ops.Randperm(max_length=2)(ms.Tensor(np.array([3], np.int32)))
    with pytest.raises(TypeError):
        ms.ops.Randperm(max_length=2)(ms.Tensor(np.array([1.0], np.float32)))
    for value, dtype in ((2.5, ms.float32), (3, ms.int64), (True, ms.bool_)):
        t = ms.ops.ScalarToArray()(value)
        assert t.dtype == dtype and t.shape == () and t.asnumpy() == value
    with pytest.raises(TypeError):
        ms.ops.scalar_to_array(ms.Tensor(1.0))


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["PYNATIVE", "GRAPH"])
def test_ops_without_a_cpu_kernel_follow_their_documentation(mode):
    """``ops.rms_norm``/``RmsNorm`` (Ascend only), ``nn.SoftMarginLoss`` (Ascend/GPU) and
    ``ops.FloatStatus`` (GPU) reproduce the examples of MindSpore 2.10's documentation, and
    their gradients are the derivatives of the documented formulas (finite differences)."""
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        x = ms.Tensor(np.array([[1, 2, 3], [1, 2, 3]], np.float32))
        y, rstd = ms.ops.rms_norm(x, ms.Tensor(np.ones([3], np.float32)))
        np.testing.assert_allclose(y.asnumpy(), [[0.46290997, 0.92581993, 1.3887299]] * 2,
                                   rtol=1e-6)
        np.testing.assert_allclose(rstd.asnumpy(), [[0.46290997]] * 2, rtol=1e-6)
        y2, _ = ms.ops.RmsNorm(epsilon=1e-6)(x, ms.Tensor(np.ones([3], np.float32)))
        np.testing.assert_allclose(y2.asnumpy(), y.asnumpy())
        logits = ms.Tensor(np.array([[0.3, 0.7], [0.5, 0.5]], np.float32))
        labels = ms.Tensor(np.array([[-1, 1], [1, -1]], np.float32))
        loss = ms.nn.SoftMarginLoss()
        np.testing.assert_allclose(float(loss(logits, labels).asnumpy()), 0.6764238,
                                   rtol=1e-6)
        g = ms.grad(loss)(logits, labels).asnumpy()
        lv, yv = logits.asnumpy().astype(np.float64), labels.asnumpy()
        np.testing.assert_allclose(g, -yv / (1 + np.exp(yv * lv)) / lv.size, rtol=1e-5)
        assert ms.nn.SoftMarginLoss("none")(logits, labels).shape == (2, 2)
        # ops.FloatStatus (GPU only): its documented example, and 0 for finite values
        status = ms.ops.FloatStatus()
        x = ms.Tensor(np.array([np.nan, 1, -np.inf]), ms.float32)
        for t, want in ((x, 1.0), (ms.Tensor(np.array([[1.0, -2.0]], np.float16)), 0.0),
                        (ms.Tensor(np.array([np.inf]), ms.float64), 1.0)):
            out = ms.jit(status)(t) if mode == ms.GRAPH_MODE else status(t)
            assert out.dtype == ms.float32 and out.shape == (1,)
            assert out.asnumpy().tolist() == [want]
    finally:
        ms.set_context(mode=old)


def test_tensor_uniform_fills_in_place_from_the_seeded_stream():
    """``Tensor.uniform_`` has no kernel in MindSpore 2.10's CPU build: in place, in range,
    the dtype kept, reproducible under ``set_seed``."""
    ms.set_seed(11)
    t = ms.Tensor(np.zeros((50,), np.float32))
    assert t.uniform_(-2, 3) is t
    values = t.asnumpy()
    assert t.dtype == ms.float32 and values.min() >= -2 and values.max() < 3
    assert len(np.unique(values)) == 50
    ms.set_seed(11)
    np.testing.assert_array_equal(ms.Tensor(np.zeros((50,), np.float32)).uniform_(-2, 3)
                                  .asnumpy(), values)
    with pytest.raises(ValueError):
        t.uniform_(3, 2)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE], ids=["PYNATIVE", "GRAPH"])
def test_numpy_rot90_gradient_is_the_inverse_rotation(mode):
    """MindSpore 2.10's gradient through ``numpy.rot90`` fails in its bprop; rot90 is a
    permutation, so the gradient of ``sum(rot90(x, k, axes) * w)`` is ``rot90(w, -k,
    axes)``."""
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
        for k, axes in ((1, (0, 1)), (2, (1, 2)), (-1, (2, 0))):
            w = np.random.RandomState(k + 5).uniform(-1, 1, np.rot90(x, k, axes).shape)
            w = w.astype(np.float32)

            def f(a, k=k, axes=axes, w=w):
                return (ms.numpy.rot90(a, k, axes) * ms.Tensor(w)).sum()
            got = ms.grad(f)(ms.Tensor(x)).asnumpy()
            np.testing.assert_array_equal(got, np.rot90(w, -k, axes))
    finally:
        ms.set_context(mode=old)
