"""``AddExt``/``SubExt`` (``mint.add``/``mint.sub``, ``Tensor.add``/``Tensor.sub`` with
``alpha``) and ``mint.mean`` of integers, found by a random sweep of mint functions: two
Bool Tensors stay Bool (``other`` where ``alpha`` is not 0, added as a logical or,
subtracted as an exclusive or), a float ``alpha`` with integer operands is a TypeError
(``ops.subtract`` computes it in Float32), Bool with integers computes in the integer
dtype; ``mint.mean`` of an integer Tensor is MindSpore's truncated integer mean, not
PyTorch's error."""
import numpy as np

from . import op_specs
from .op_specs import S

B1 = np.array([True, False, True, False])
B2 = np.array([True, True, False, False])
I64 = np.array([3, 4, -5, 2], np.int64)
I32 = np.array([[3, 4], [-5, 2], [7, -8]], np.int32)
F = np.array([1.5, -2.0, 0.5, 3.0], np.float32)

SPECS = [
    S("mint_add_bool_alpha_two", "mint.add", (B1, B2), kw={"alpha": 2}, grad=False),
    S("mint_add_bool_alpha_zero", "mint.add", (B1, B2), kw={"alpha": 0}, grad=False),
    S("mint_add_bool_alpha_float", "mint.add", (B1, B2), kw={"alpha": 1.5}, grad=False),
    S("mint_sub_bool", "mint.sub", (B1, B2), grad=False),
    S("mint_sub_bool_alpha_zero", "mint.sub", (B1, B2), kw={"alpha": 0}, grad=False),
    S("tensor_add_bool_alpha", "Tensor.add", (B1, B2), kw={"alpha": 2}, grad=False),
    S("tensor_sub_bool_alpha", "Tensor.sub", (B1, B2), kw={"alpha": 2}, grad=False),
    S("mint_add_int_float_alpha", "mint.add", (I64, I64), kw={"alpha": 1.5}, grad=False),
    S("mint_sub_int_float_alpha", "mint.sub", (I64, I64), kw={"alpha": 1.5}, grad=False),
    S("tensor_sub_int_float_alpha", "Tensor.sub", (I64, I64), kw={"alpha": 1.5}, grad=False),
    S("tensor_add_int_float_alpha", "Tensor.add", (I64, I64), kw={"alpha": 1.5}, grad=False),
    S("ops_subtract_int_float_alpha", "ops.subtract", (I64, I64), kw={"alpha": 1.5},
      grad=False),
    S("mint_add_bool_int_alpha", "mint.add", (B1, I64), kw={"alpha": 2}, grad=False),
    S("mint_add_int_bool_alpha", "mint.add", (I64, B1), kw={"alpha": 2}, grad=False),
    S("mint_add_float_bool_alpha", "mint.add", (F, B1), kw={"alpha": 2.5}),
    S("mint_add_bool_scalar_alpha", "mint.add", (B1, 1), kw={"alpha": 2}, grad=False),
    S("mint_add_float_alpha", "mint.add", (F, F), kw={"alpha": 0.1}),
    S("mint_add_float16_alpha", "mint.add", (F.astype(np.float16), F.astype(np.float16)),
      kw={"alpha": 0.1}, grad=False),
    S("mint_sub_float_int_alpha", "mint.sub", (F, I64), kw={"alpha": 3}),
    S("mint_mean_int64_dim", "mint.mean", (I64, 0, True), grad=False),
    S("mint_mean_int64_all", "mint.mean", (I64,), grad=False),
    S("mint_mean_int32_dim", "mint.mean", (I32, 1), grad=False),
    S("mint_mean_int32_negative_dim", "mint.mean", (I32, -2, True), grad=False),
    S("mint_mean_int32_dtype_float", "mint.mean", (I32, 1), kw={"dtype": op_specs.D("float32")},
      grad=False),
    S("mint_mean_bool", "mint.mean", (B1, 0), grad=False),
    # ``ops.sub(input, other)`` has no alpha (``ops.add`` neither); the methods and mint do
    S("ops_sub_alpha_refused", "ops.sub", (F, F), kw={"alpha": 2}, grad=False),
    S("ops_sub_third_positional_refused", "ops.sub", (F, 1, 2), grad=False),
    S("ops_add_alpha_refused", "ops.add", (F, F), kw={"alpha": 2}, grad=False),
    S("tensor_sub_alpha", "Tensor.sub", (F, F), kw={"alpha": 2}),
    S("mint_sub_alpha", "mint.sub", (F, F), kw={"alpha": 2}),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)
