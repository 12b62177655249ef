"""``ops.unfold`` / ``ops.fold`` and ``Tensor.unfold`` beyond the basic rows: ``inf`` and
``nan`` stay in their own windows (a one-hot convolution would spread ``nan``), integer,
Float16 and Float64 inputs keep their dtype exactly, and overlapping windows sum their
gradients."""
import numpy as np

from . import op_specs
from .op_specs import S, ints, r

SPECIAL = np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4)
SPECIAL[0, 0, 1, 1] = np.inf
SPECIAL[0, 0, 2, 2] = np.nan
SPECIAL[0, 0, 0, 3] = -np.inf
BIG = (np.arange(2 * 9, dtype=np.int64).reshape(1, 2, 3, 3) + 2 ** 53 + 1)

SPECS = [
    S("unfold_inf_nan", "ops.unfold", (SPECIAL, 2), grad=False),
    S("unfold_padded_inf_nan", "ops.unfold", (SPECIAL, 3), kw={"padding": 1, "stride": 2},
      grad=False),
    S("unfold_no_blocks_error", "ops.unfold", (ints(2, 3, 5, 4, seed=1200, lo=-50, hi=50),),
      kw={"kernel_size": (2, 3), "dilation": (1, 2), "padding": (1, 0)}, grad=False),
    S("unfold_int64_exact", "ops.unfold", (BIG, 2), grad=False),
    S("unfold_uint8", "ops.unfold", (ints(1, 2, 4, 4, seed=1201, hi=255).astype(np.uint8),
                                     2), kw={"stride": 2}, grad=False),
    S("unfold_float16", "ops.unfold", (r(1, 2, 5, 5, seed=1202, dtype=np.float16), 3),
      kw={"padding": 1}),
    S("unfold_float64", "ops.unfold", (r(2, 1, 5, 6, seed=1203, dtype=np.float64), (3, 2)),
      kw={"stride": (1, 2)}),
    S("unfold_overlap_grad", "ops.unfold", (r(1, 3, 6, 6, seed=1204), 3),
      kw={"dilation": 2, "padding": 2}),
    S("Tensor_unfold", "Tensor.unfold", (r(1, 2, 5, 6, seed=1205), 2, 2, 1)),
    S("fold_overlap", "ops.fold", (r(2, 8, 9, seed=1206), np.array([4, 4], np.int32), 2),
      kw={"stride": 1}),
    S("unfold_int32_valid", "ops.unfold", (ints(2, 3, 5, 6, seed=1208, lo=-50, hi=50),),
      kw={"kernel_size": (2, 3), "dilation": (1, 2), "padding": (1, 0)}, grad=False),
    S("fold_dilated", "ops.fold", (r(1, 12, 8, seed=1209), np.array([5, 6], np.int32), 2),
      kw={"dilation": (2, 1), "padding": (0, 1), "stride": (2, 2)}),
    S("fold_blocks_error", "ops.fold", (r(1, 12, 6, seed=1207), np.array([5, 6], np.int32), 2),
      kw={"dilation": (2, 1), "padding": (0, 1), "stride": (2, 2)}),
]

for _spec in SPECS:
    op_specs._register(_spec, module=__name__)
