"""Importing and using mscompat leaves JAX's global configuration as it found it."""
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import warnings
    warnings.simplefilter("error")
    import jax, jax.numpy as jnp, numpy as np
    before = (jnp.array(1.0).dtype, jnp.array(1).dtype, jax.config.jax_enable_x64,
              jax.config.jax_default_matmul_precision, jax.config.jax_default_device)
    import mscompat as ms
    after_import = (jnp.array(1.0).dtype, jnp.array(1).dtype, jax.config.jax_enable_x64,
                    jax.config.jax_default_matmul_precision, jax.config.jax_default_device)
    assert after_import == before, (before, after_import)

    # mscompat's own 64-bit work is exact: 2**53 + 1 needs Int64 / Float64.
    big = ms.Tensor(np.array([2**53 + 1], np.int64))
    assert big.dtype == ms.int64 and int((big + 1).asnumpy()[0]) == 2**53 + 2
    f = ms.Tensor(np.array([1.0 + 2**-40], np.float64))
    assert f.dtype == ms.float64 and (f * f).asnumpy()[0] == (1.0 + 2**-40) ** 2
    assert ms.Tensor([1, 2]).dtype == ms.int64
    g = ms.grad(lambda x: (x * x).sum())(ms.Tensor(np.array([1e-30, 3.0], np.float64)))
    assert g.dtype == ms.float64 and g.asnumpy()[0] == 2e-30

    # A Float32 Tensor with NumPy scalars stays Float32, as in MindSpore.
    x = ms.Tensor(np.array([1.5], np.float32))
    assert (x * np.float64(2.0)).dtype == ms.float32, (x * np.float64(2.0)).dtype

    # GRAPH_MODE and a device target leave JAX's defaults alone too.
    ms.set_context(mode=ms.GRAPH_MODE, device_target="CPU")
    net = ms.nn.Dense(3, 2)
    net(ms.Tensor(np.ones((1, 3), np.float32)))
    after_use = (jnp.array(1.0).dtype, jnp.array(1).dtype, jax.config.jax_enable_x64,
                 jax.config.jax_default_matmul_precision, jax.config.jax_default_device)
    assert after_use == before, (before, after_use)
    print("ok")
""")


def test_import_and_use_change_no_jax_default():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().endswith("ok")


def test_import_starts_no_jax_backend():
    # so that jax.distributed.initialize (mindspore.communication.init) and platform settings
    # still work after ``import mindspore``
    code = ("from jax._src import xla_bridge as xb\n"
            "import mscompat, mscompat.nn, mscompat.dataset, mscompat.communication\n"
            "print(xb.backends_are_initialized())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stdout + out.stderr
