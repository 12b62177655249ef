"""Workload registry.

Each workload module defines ``NAME``, ``TITLE``, ``VARIANTS``, ``JIT_VARIANTS``,
``budget(quick) -> Budget``, ``make_inputs(seed) -> dict[str, np.ndarray]``,
``build_ms(ms, arrays, variant, use_jit) -> Runner`` (MindSpore-style code, written once
for ``ms = mindspore`` and ``ms = mscompat``) and ``build_jax(arrays, variant) -> Runner``.
Optional: ``jax_variant(variant) -> str`` when several variants share one raw-JAX
implementation, ``VARIANT_TITLES``.
"""

from __future__ import annotations

from types import ModuleType

from . import (
    w1_matmul_grad,
    w2_mlp_train,
    w3_pinn,
    w4_jvp_vjp,
    w5_hvp,
    w6_deep_stack,
    w7_op_dispatch,
    w8_dataset,
    w9_data_parallel,
    w10_resnet_dp,
    w11_resnet18,
    w12_transformer,
)

WORKLOADS: dict[str, ModuleType] = {
    m.NAME: m
    for m in (w1_matmul_grad, w2_mlp_train, w3_pinn, w4_jvp_vjp, w5_hvp, w6_deep_stack,
              w7_op_dispatch, w8_dataset, w9_data_parallel, w10_resnet_dp,
              w11_resnet18, w12_transformer)
}


def jax_variant(module: ModuleType, variant: str) -> str:
    """Name of the raw-JAX implementation a MindSpore-style variant is compared with."""
    fn = getattr(module, "jax_variant", None)
    return fn(variant) if fn else variant
