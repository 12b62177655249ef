"""``mindspore.mint.nn`` Cells and functions that MindSpore's CPU build runs:
``AdaptiveMaxPool2d``, ``Dropout2d``, ``PixelShuffle``, ``UpsamplingNearest2d``,
``SyncBatchNorm``, and ``glu``, ``hardshrink``, ``smooth_l1_loss``, nearest ``interpolate``/
``upsample`` with a scale factor."""
import numpy as np

from ._registry import case

X4 = np.random.RandomState(0).randn(2, 3, 6, 6).astype(np.float32)
X2 = np.random.RandomState(1).randn(4, 6).astype(np.float32)
P2 = np.abs(np.random.RandomState(2).randn(4, 6)).astype(np.float32) / 3
SEQ = np.arange(2 * 3 * 3 * 4, dtype=np.float32).reshape(2, 3, 3, 4)


@case()
def mint_nn_cells(ms):
    nn, x = ms.mint.nn, ms.Tensor(X4)
    shuffle_in = ms.Tensor(np.random.RandomState(3).randn(1, 8, 2, 2).astype(np.float32))
    out = [nn.AdaptiveMaxPool2d((2, 3))(x), nn.AdaptiveMaxPool2d(3, True)(x),
           nn.Dropout2d(0.0)(x), nn.PixelShuffle(2)(shuffle_in),
           nn.UpsamplingNearest2d(size=(8, 8))(x),
           nn.UpsamplingNearest2d(scale_factor=(1.5, 2.0))(x),
           nn.SyncBatchNorm(3)(x)]
    bn = nn.SyncBatchNorm(3)  # (MindSpore's GRAPH_MODE keeps a called Cell's first mode)
    bn.set_train(True)
    return out + [bn(x), bn.running_mean, bn.running_var]


@case()
def mint_functions(ms):
    F = ms.mint.nn.functional
    x, p = ms.Tensor(X2), ms.Tensor(P2)
    return [F.glu(x), F.glu(x, dim=0), F.hardshrink(x), F.hardshrink(x, 1.0),
            F.smooth_l1_loss(x, p), F.smooth_l1_loss(x, p, "sum", 0.5),
            F.smooth_l1_loss(x, p, reduction="none")]


@case()
def mint_function_gradients(ms):
    F = ms.mint.nn.functional
    p = ms.Tensor(P2)

    def glu(x):
        return F.glu(x).sum()

    def shrink(x):
        return F.hardshrink(x).sum()

    def smooth(x):
        return F.smooth_l1_loss(x, p)
    x = ms.Tensor(X2)
    return [ms.grad(glu)(x), ms.grad(shrink)(x), ms.grad(smooth)(x)]


@case()
def mint_nearest_scale_factor(ms):
    F, x = ms.mint.nn.functional, ms.Tensor(SEQ)
    return [F.interpolate(x, scale_factor=2.0, mode="nearest"),
            F.interpolate(x, scale_factor=1.5, mode="nearest"),
            F.interpolate(x, scale_factor=(0.5, 1.7), mode="nearest"),
            F.upsample(x, scale_factor=2.0), F.upsample(x, size=(5, 7)),
            F.interpolate(ms.Tensor(SEQ[:, :, 0]), scale_factor=2.5, mode="nearest")]


@case(modes=("PYNATIVE",))
def mint_upsampling_nearest_scalar_scale(ms):
    return ms.mint.nn.UpsamplingNearest2d(scale_factor=1.5)(ms.Tensor(X4))


@case(modes=("PYNATIVE",))
def mint_embedding_constructor(ms):
    """mint.nn.Embedding's construction (its forward has no CPU kernel): the checks in order,
    the zeroed padding row, the repr."""
    E, T = ms.mint.nn.Embedding, ms.Tensor
    out = []
    for make in (lambda: E(4, 2, sparse=True), lambda: E(4, 2, max_norm=1),
                 lambda: E(4, 2, norm_type=2), lambda: E(4, 2, scale_grad_by_freq=1),
                 lambda: E(4.0, 2), lambda: E(4, 2, padding_idx=4),
                 lambda: E(4, 2, padding_idx=-5),
                 lambda: E(4, 2, _weight=T(np.ones((3, 2), np.float32))),
                 lambda: E(4, 2, max_norm=1.0, norm_type=1.0, scale_grad_by_freq=True)):
        try:
            out.append(repr(make()))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append(type(e).__name__)
    layer = E(5, 3, padding_idx=-2)
    out.append(layer.weight.asnumpy()[-2].tolist())
    out.append((layer.padding_idx, layer.weight.name, layer.weight.shape))
    return out
