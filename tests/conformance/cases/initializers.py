"""``mindspore.common.initializer``: the deterministic initializers exactly, and for the
random ones what does not depend on the draw (shape, dtype, orthogonality, zeros per column,
bounds); a user's ``Initializer`` subclass with ``_initialize``; the errors."""
import importlib

import numpy as np

from ._registry import case


def _init(ms, init, shape, dtype=None):
    from_init = ms.common.initializer.initializer
    return from_init(init, shape, dtype if dtype is not None else ms.float32)


@case(modes=("PYNATIVE",))
def identity_and_by_name(ms):
    i = ms.common.initializer
    return (_init(ms, i.Identity(), [3, 4]), _init(ms, "identity", [2, 2], ms.float16),
            _init(ms, i.Identity(), [4, 2], ms.int32))


@case(modes=("PYNATIVE",))
def identity_needs_2d(ms):
    return _init(ms, ms.common.initializer.Identity(), [2, 2, 2])


@case(modes=("PYNATIVE",))
def dirac_conv_kernels(ms):
    i = ms.common.initializer
    return (_init(ms, i.Dirac(), [2, 3, 3]), _init(ms, i.Dirac(2), [4, 2, 3, 3]),
            _init(ms, i.Dirac(), [2, 2, 1, 3, 2]), _init(ms, "dirac", [3, 2, 2]))


@case(modes=("PYNATIVE",))
def dirac_groups_must_divide(ms):
    return _init(ms, ms.common.initializer.Dirac(3), [4, 2, 3, 3])


@case(modes=("PYNATIVE",))
def dirac_needs_3_to_5_dims(ms):
    return _init(ms, ms.common.initializer.Dirac(), [4, 2])


@case(modes=("PYNATIVE",), rtol=1e-5, atol=1e-5)
def orthogonal_is_orthogonal(ms):
    i = ms.common.initializer
    tall = _init(ms, i.Orthogonal(), [5, 3]).init_data()
    wide = _init(ms, i.Orthogonal(gain=2.0), [2, 6]).init_data()
    conv = _init(ms, "orthogonal", [3, 2, 2, 2]).init_data().reshape(3, 8)
    mm = ms.ops.matmul
    return (mm(tall.T, tall), mm(wide, wide.T), mm(conv, conv.T), str(tall.dtype), conv.shape)


@case(modes=("PYNATIVE",))
def orthogonal_needs_2d(ms):
    return _init(ms, ms.common.initializer.Orthogonal(), [4])


@case(modes=("PYNATIVE",))
def sparse_zeros_per_column(ms):
    w = _init(ms, ms.common.initializer.Sparse(0.5, sigma=1.0), [5, 4]).asnumpy()
    return [int((w[:, c] == 0).sum()) for c in range(4)], w.dtype.name


@case(modes=("PYNATIVE",))
def variance_scaling_bounds(ms):
    i = ms.common.initializer
    # the default distribution ('truncated_normal') draws uniformly in MindSpore 2.10
    w = _init(ms, i.VarianceScaling(scale=2.0, mode="fan_avg"), [40, 60]).asnumpy()
    limit = np.sqrt(3.0 * 2.0 / 50.0)
    u = _init(ms, i.VarianceScaling(mode="fan_out", distribution="uniform"),
              [30, 10]).asnumpy()
    return (bool(np.abs(w).max() <= limit), bool(np.abs(w).max() > 0.9 * limit),
            bool(np.abs(u).max() <= np.sqrt(3.0 / 30)), w.shape)


@case(modes=("PYNATIVE",))
def variance_scaling_bad_mode(ms):
    return ms.common.initializer.VarianceScaling(mode="fan")


@case(modes=("PYNATIVE",))
def variance_scaling_bad_scale(ms):
    return ms.common.initializer.VarianceScaling(scale=0.0)


@case(modes=("PYNATIVE",))
def user_initializer_subclass(ms):
    class Ramp(ms.common.initializer.Initializer):
        def __init__(self, start):
            super().__init__()
            self.start = start

        def _initialize(self, arr):
            arr[...] = np.arange(arr.size).reshape(arr.shape) + self.start

    dense = ms.nn.Dense(3, 2, weight_init=Ramp(1), bias_init=Ramp(-1))
    return (_init(ms, Ramp(0.5), [2, 3]), _init(ms, Ramp(2), [4], ms.int32),
            dense.weight.value(), dense.bias.value())


@case(modes=("PYNATIVE",))
def initializer_argument_kinds(ms):
    """``initializer(init, shape, dtype)`` with names in any case, numbers, bools (True
    fills ones) and what it refuses: an unknown name (ValueError), None (TypeError)."""
    initializer = importlib.import_module(ms.__name__ + ".common.initializer").initializer
    out = []
    for init in ("ones", "ZEROS", 3, 2.5, True, False, "xavier", None, [1.0]):
        for dtype in (ms.float32, ms.int32):
            try:
                t = initializer(init, (2, 2), dtype)
                out.append((str(t.dtype), t.asnumpy().tolist()))
            except (TypeError, ValueError) as e:
                out.append((type(e).__name__, str(e).split("\n")[0]))
    return out
