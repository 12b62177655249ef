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


def _half(shape, seed, scale, shift):
    return (np.random.RandomState(seed).randn(*shape) * scale + shift).astype(np.float16)


@case(rtol=0, atol=0)
def layer_norm_float16_kernel(ms):
    """Float16 LayerNorm: float32 statistics (returned as float32), ``(x - mean) / sqrt(var +
    eps)`` with both rounded to Float16 first, then ``* gamma + beta`` in Float16 steps;
    ``nn.LayerNorm`` casts its float32 parameters to the input's dtype."""
    nn, ops, T = ms.nn, ms.ops, ms.Tensor
    out = []
    for i, (shape, scale, shift) in enumerate((((4, 12), 0.01, 5.0), ((3, 2, 9), 1.0, 0.0),
                                               ((2, 33), 10.0, 100.0))):
        x = T(_half(shape, i, scale, shift))
        g = T(_half(shape[-1:], 10 + i, 1.0, 0.5))
        b = T(_half(shape[-1:], 20 + i, 1.0, 0.0))
        for eps in (1e-7, 1e-5):
            out.append(ops.LayerNorm(-1, -1, eps)(x, g, b))
        out.append(nn.LayerNorm(shape[-1:], gamma_init=T(_values(shape[-1:], 40 + i)),
                                beta_init=T(_values(shape[-1:], 50 + i)))(x))
        out.append(ops.LayerNorm(-1, -1, 1e-5)(x, g.astype(ms.float32), b.astype(ms.float32)))
    return out


@case(rtol=2e-3, atol=2e-3)
def layer_norm_float16_gradients(ms):
    """LayerNormGrad's Float16 kernel: float32 arithmetic from the float32 statistics, with
    ``dy * gamma`` rounded to Float16 (values near cancellation differed by 30 ulps)."""
    ops, T = ms.ops, ms.Tensor
    layer_norm = ops.LayerNorm(-1, -1, 1e-5)
    out = []
    for i, (shape, scale, shift) in enumerate((((3, 8), 0.01, 5.0), ((2, 3, 5), 1.0, 0.0))):
        x = T(_half(shape, i, scale, shift))
        g, b = T(_half(shape[-1:], 10 + i, 1.0, 0.5)), T(_half(shape[-1:], 20 + i, 1.0, 0.0))
        w = T(_half(shape, 30 + i, 1.0, 0.0))
        out.append(ms.grad(_weighted_layer_norm(layer_norm, w), (0, 1, 2))(x, g, b))
    return out


def _weighted_layer_norm(layer_norm, w):
    def loss(x, g, b):
        return (layer_norm(x, g, b)[0] * w).sum()
    return loss


@case(rtol=0, atol=0)
def group_norm_float16_kernel(ms):
    """Float16 GroupNorm: computed in float64 throughout and rounded once, as for float32;
    ``nn.GroupNorm`` casts its float32 parameters to the input's dtype."""
    nn, ops, T = ms.nn, ms.ops, ms.Tensor
    out = []
    for i, (shape, groups, scale, shift) in enumerate((((2, 4, 5), 2, 0.01, 5.0),
                                                       ((1, 6, 3, 2), 3, 1.0, 0.0),
                                                       ((3, 2), 2, 1.0, 0.0))):
        x = T(_half(shape, i, scale, shift))
        g = T(_half(shape[1:2], 10 + i, 1.0, 0.5))
        b = T(_half(shape[1:2], 20 + i, 1.0, 0.0))
        out.append(ops.group_norm(x, groups, g, b, 1e-5))
        out.append(nn.GroupNorm(groups, shape[1], gamma_init=T(_values(shape[1:2], 40 + i)),
                                beta_init=T(_values(shape[1:2], 50 + i)))(x))
    return out


@case()
def batch_norm_one_value_a_channel(ms):
    """Batch statistics of one value a channel: the unbiased variance n / (n - 1) is
    0 * inf, so the moving variance becomes NaN (the output is 0)."""
    nn = ms.nn
    out = []
    for cls, shape in ((nn.BatchNorm1d, (1, 3)), (nn.BatchNorm2d, (1, 3, 1, 1))):
        for train, ugs in ((True, None), (False, True)):
            net = cls(3, use_batch_statistics=ugs)
            net.set_train(train)
            x = ms.Tensor(np.arange(3, dtype=np.float32).reshape(shape) + 1)
            out.append((net(x), net.moving_mean.value(), net.moving_variance.value()))
    return out


@case(rtol=2e-7, atol=0)
def mint_group_norm_is_the_kernel(ms):
    """``mint.nn.functional.group_norm`` runs the GroupNorm kernel of ``ops.group_norm``
    (Float16 and float32, with and without weight and bias; one float32 value of 36 is one
    ulp off, the rest bit for bit)."""
    mint, T = ms.mint, ms.Tensor
    out = []
    for dtype in (np.float16, np.float32):
        x = T((np.random.RandomState(7).randn(2, 6, 3) * 0.01 + 5).astype(dtype))
        g = T(np.random.RandomState(8).randn(6).astype(dtype))
        b = T(np.random.RandomState(9).randn(6).astype(dtype))
        out.append(mint.nn.functional.group_norm(x, 2, g, b))
        out.append(mint.nn.functional.group_norm(x, 3))
        out.append(mint.nn.GroupNorm(2, 6, dtype=ms.float16 if dtype == np.float16
                                     else ms.float32)(x))
    return out
