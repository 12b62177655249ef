"""MindSpore 2.10's CPU normalisation kernels in their own arithmetic: ``LayerNorm``'s mean
and variance in float64 rounded to float32 (then ``(x - mean) / sqrt(var + eps) * gamma +
beta`` in float32), ``GroupNorm`` in float64 throughout, ``BatchNorm`` with moving
statistics as ``(x - mean) * (gamma / sqrt(var + eps)) + beta``. Zero tolerance: each is
reproduced bit for bit (they differed in 30-90% of the values)."""
import numpy as np

from ._registry import case


def _values(shape, seed, scale=2.0, shift=0.5):
    return (np.random.RandomState(seed).randn(*shape) * scale + shift).astype(np.float32)


@case(rtol=0, atol=0)
def layer_norm_kernel(ms):
    nn, ops, T = ms.nn, ms.ops, ms.Tensor
    out = []
    for i, shape in enumerate(((16, 32), (4, 6, 16), (8, 7))):
        x = T(_values(shape, i))
        g, b = T(_values(shape[-1:], 10 + i, 1, 0)), T(_values(shape[-1:], 20 + i, 1, 0))
        layer = nn.LayerNorm(shape[-1:], gamma_init=g, beta_init=b)
        out += [layer(x), ops.LayerNorm(begin_norm_axis=-1, begin_params_axis=-1)(x, g, b)]
    x = T(_values((2, 3, 8), 5))
    g, b = T(_values((3, 8), 6, 1, 0)), T(_values((3, 8), 7, 1, 0))
    out.append(nn.LayerNorm((3, 8), begin_norm_axis=1, begin_params_axis=1,
                            gamma_init=g, beta_init=b, epsilon=1e-5)(x))
    return out


@case(rtol=0, atol=0)
def group_norm_kernel(ms):
    nn, T = ms.nn, ms.Tensor
    x = T(_values((4, 6, 5, 5), 30))
    g, b = T(_values((6,), 31, 1, 0)), T(_values((6,), 32, 1, 0))
    return [nn.GroupNorm(3, 6, gamma_init=g, beta_init=b)(x),
            nn.GroupNorm(2, 6, eps=1e-3, gamma_init=g, beta_init=b)(x)]


@case(rtol=0, atol=0)
def batch_norm_with_moving_statistics(ms):
    nn, T = ms.nn, ms.Tensor
    x = T(_values((4, 6, 5, 5), 40))
    layer = nn.BatchNorm2d(6, gamma_init=T(_values((6,), 41, 1, 0)),
                           beta_init=T(_values((6,), 42, 1, 0)))
    layer.moving_mean.set_data(T(_values((6,), 43, 0.5, 0)))
    layer.moving_variance.set_data(T(np.abs(_values((6,), 44, 1, 1))))
    layer.set_train(False)
    flat = nn.BatchNorm1d(6, gamma_init=T(_values((6,), 45, 1, 0)))
    flat.moving_variance.set_data(T(np.abs(_values((6,), 46, 1, 1))))
    flat.set_train(False)
    return [layer(x), flat(T(_values((8, 6), 47)))]
