"""Layers and reductions at edges: ELU's gradient at +inf, BatchNorm's gradient over a
constant channel and its forward-mode derivative in training, means over nothing, empty
Tensors flattened, and max pooling windows that hold only ``-inf``."""
import numpy as np

from ._registry import case

NI = -np.inf
WINDOWS = np.array([[[[NI, NI, 1, 2], [NI, NI, 3, NI], [NI, 5, NI, NI], [NI, NI, NI, NI]]]],
                   np.float32)


@case()
def elu_gradient_at_infinities(ms):
    x = ms.Tensor(np.array([-np.inf, -20.0, -1.0, 0.0, 1.0, 100.0, np.inf], np.float32))

    def total(a):
        return ms.nn.ELU()(a).sum()
    return ms.nn.ELU()(x), ms.grad(total)(x)


@case()
def batch_norm_constant_channel_gradient(ms):
    out = []
    for shape, cell in (((2, 2, 3, 3), ms.nn.BatchNorm2d(2)), ((3, 4), ms.nn.BatchNorm1d(4))):
        x = np.ones(shape, np.float32)
        x[:, 1] = np.arange(np.prod(x[:, 1].shape), dtype=np.float32).reshape(x[:, 1].shape)
        cell.set_train(True)
        out.append(ms.grad(_tripled_sum(cell))(ms.Tensor(x)))
    return out


def _tripled_sum(cell):
    def total(a):
        return (cell(a) * 3.0).sum()
    return total


@case(modes=("PYNATIVE",))
def batch_norm_training_jvp(ms):
    bn = ms.nn.BatchNorm1d(3)
    bn.set_train(True)
    x = ms.Tensor(np.random.RandomState(0).randn(4, 3).astype(np.float32))
    v = ms.Tensor(np.linspace(-1, 1, 12).reshape(4, 3).astype(np.float32))
    return ms.jvp(bn, x, v)


@case()
def means_over_nothing(ms):
    ops = ms.ops
    empty = ms.Tensor(np.zeros((2, 0), np.float32))
    return (ops.mean(empty, 1), ops.ReduceMean()(empty, 1), ops.mean(empty, 1, keep_dims=True),
            ms.nn.MSELoss(reduction="none")(empty, empty))


@case()
def flatten_empty_tensors(ms):
    e = ms.Tensor(np.zeros((2, 0, 3), np.float32))
    z = ms.Tensor(np.zeros((0, 2, 3), np.float32))
    return [t.shape for t in (ms.ops.flatten(e), ms.ops.Flatten()(e), ms.nn.Flatten()(z),
                              ms.ops.flatten(z, start_dim=0), z.flatten(), e.reshape(2, -1))]


@case()
def max_pool_windows_of_negative_infinity(ms):
    nn, ops = ms.nn, ms.ops
    x = ms.Tensor(WINDOWS)
    line = ms.Tensor(np.array([[[NI, NI, 1, NI]]], np.float32))
    cube = ms.Tensor(np.full((1, 1, 2, 2, 2), NI, np.float32))
    return [nn.MaxPool2d(2, 2)(x), ops.max_pool2d(x, 2, 2), ops.max_pool2d(x, 2, 2, padding=1),
            nn.MaxPool1d(2, 2)(line), nn.MaxPool1d(2, 1, pad_mode="same")(line),
            nn.MaxPool3d(2, 2)(cube), nn.MaxPool3d(2, 2, pad_mode="pad", padding=1)(cube),
            ops.max_pool3d(cube, 2, 2), nn.AdaptiveMaxPool1d(2)(line),
            nn.AdaptiveMaxPool2d(2)(x), nn.MaxPool2d(2, 2, pad_mode="pad", padding=1)(x),
            ops.MaxPool(2, 2)(x), nn.MaxPool2d(2, 2)(x.astype(ms.float16)),
            nn.MaxPool2d(2, 2)(x.astype(ms.float64))]


@case()
def max_pool_gradient_of_negative_infinity_windows(ms):
    x = ms.Tensor(WINDOWS)

    def functional(a):
        return ms.ops.max_pool2d(a, 2, 2).sum()

    def cell(a):
        return ms.nn.MaxPool2d(2, 2)(a).sum()
    return ms.grad(functional)(x), ms.grad(cell)(x)
