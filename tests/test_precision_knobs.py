"""``device_context.gpu.op_precision``: the TF32 knobs reach mscompat's programs (and only
them), and a compiled call is compiled again after a change."""
import jax
import numpy as np
import pytest

import mscompat as ms
from mscompat._engine import jaxconfig

op_precision = ms.device_context.gpu.op_precision


@pytest.fixture(autouse=True)
def _reset():
    yield
    op_precision.matmul_allow_tf32(False)
    op_precision.conv_allow_tf32(False)


@pytest.mark.parametrize("matmul,conv,name,conv_p", [
    (False, False, "highest", jax.lax.Precision.HIGHEST),
    (True, False, "tensorfloat32", jax.lax.Precision.HIGHEST),
    (False, True, "float32", jax.lax.Precision.HIGH),
    (True, True, "high", jax.lax.Precision.HIGH)])
def test_each_state_has_its_own_scoped_setting(matmul, conv, name, conv_p):
    op_precision.matmul_allow_tf32(matmul)
    op_precision.conv_allow_tf32(conv)
    with jaxconfig.scoped():
        assert jax.config.jax_default_matmul_precision == name
        assert jaxconfig.conv_precision() == conv_p
    assert jax.config.jax_default_matmul_precision is None  # JAX's own default untouched


def test_a_compiled_cell_is_compiled_again_after_a_change():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = ms.nn.Dense(4, 3)
        x = ms.Tensor(np.ones((2, 4), np.float32))
        net(x)
        before = ms.compile_count()
        net(x)
        assert ms.compile_count() == before
        op_precision.matmul_allow_tf32(True)
        net(x)
        assert ms.compile_count() == before + 1
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_bad_values_and_devices():
    with pytest.raises(TypeError, match="'value' must be"):
        op_precision.conv_allow_tf32(1)
    assert ms.device_context.cpu.is_available() and ms.device_context.cpu.device_count() == 1
    if not ms.device_context.gpu.is_available():
        with pytest.raises(RuntimeError, match="GPU not exist"):
            ms.device_context.gpu.device_count()
