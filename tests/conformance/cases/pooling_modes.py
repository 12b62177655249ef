"""Pooling layers' padding rules: AvgPool3d's 'same' padding counts in the divisor with
``count_include_pad`` (its padded kernel), AvgPool1d/2d's does not; adaptive pools keep an
axis whose output size is None; AdaptiveAvgPool1d's size checks in MindSpore's order."""
import numpy as np

from ._registry import case


def _x(ms, *shape):
    return ms.Tensor(np.arange(1, 1 + int(np.prod(shape)), dtype=np.float32).reshape(shape)
                     / 7)


@case()
def avg_pool_same_divisors(ms):
    nn = ms.nn
    x3, x2, x1 = _x(ms, 1, 2, 5, 5, 5), _x(ms, 1, 2, 5, 7), _x(ms, 1, 2, 7)
    out = []
    for k, s in [(3, 2), (2, 2), (2, 1), (4, 3)]:
        for cip in (True, False):
            out.append(nn.AvgPool3d(k, s, pad_mode="same", count_include_pad=cip)(x3))
            out.append(nn.AvgPool2d(k, s, pad_mode="same", count_include_pad=cip)(x2))
            out.append(nn.AvgPool1d(k, s, pad_mode="same", count_include_pad=cip)(x1))
    out.append(nn.AvgPool3d(3, 2, pad_mode="same", divisor_override=5)(x3))
    out.append(ms.ops.AvgPool3D(3, 2, pad_mode="same")(x3))
    return out


@case()
def avg_pool3d_same_gradient(ms):
    pool = ms.nn.AvgPool3d(3, 2, pad_mode="same")
    x = _x(ms, 1, 1, 4, 5, 3)

    def loss(v):
        return (pool(v) * pool(v)).sum()
    return ms.grad(loss)(x)


@case()
def adaptive_pools_keep_none_axes(ms):
    nn = ms.nn
    x2, x3 = _x(ms, 2, 3, 7, 9), _x(ms, 1, 2, 5, 6, 7)
    out = []
    for make, x in ((lambda: nn.AdaptiveAvgPool2d((4, None)), x2),
                    (lambda: nn.AdaptiveMaxPool2d((None, 4)), x2),
                    (lambda: nn.AdaptiveAvgPool2d((None, None)), x2),
                    (lambda: nn.AdaptiveAvgPool3d((None, 3, None)), x3),
                    (lambda: nn.AdaptiveMaxPool3d((2, None, 4)), x3)):
        try:
            out.append(make()(x))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append(type(e).__name__)
    return out


@case(modes=("PYNATIVE",))
def adaptive_pool1d_size_errors(ms):
    out = []
    for layer in (ms.nn.AdaptiveAvgPool1d, ms.nn.AdaptiveMaxPool1d):
        for size in (15, 4, 7):
            try:
                out.append(tuple(layer(size)(_x(ms, 2, 3, 7)).shape))
            except ValueError as e:
                out.append(str(e))
    return out
