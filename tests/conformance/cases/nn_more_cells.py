"""Pool indices (``return_indices``: the flat index of each window's first maximum) and the
``mindspore.nn`` Cells built over them and over other ops: ``MaxUnpool1d/2d/3d``,
``AdaptiveMaxPool3d``, ``TimeDistributed``, ``WithGradCell``, ``ImageGradients``,
``SparseToDense``, ``TripletMarginWithDistanceLoss``."""
import numpy as np

from ._registry import case

IMG = np.array([[[[1, 5, 2, 2], [3, 4, 2, 1], [0, 0, 9, 9], [1, 1, 9, 0]]]], np.float32)
R = np.random.RandomState(0)
CUBE = R.randn(1, 2, 4, 5, 6).astype(np.float32)
PLANES = R.randn(2, 3, 5, 7).astype(np.float32)


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case()
def max_pool2d_indices(ms):
    ops, x = ms.ops, ms.Tensor(IMG)
    return [ops.max_pool2d(x, 2, 2, return_indices=True),
            ops.max_pool2d(x, 3, 1, padding=1, return_indices=True),
            ops.max_pool2d(ms.Tensor(PLANES), (2, 3), (2, 2), padding=1, return_indices=True),
            ops.max_pool2d(ms.Tensor(PLANES), 3, 2, dilation=2, return_indices=True),
            ops.max_pool2d(ms.Tensor(PLANES), 2, 2, ceil_mode=True, return_indices=True)]


@case()
def max_pool2d_indices_gradient(ms):
    def f(x):
        return ms.ops.max_pool2d(x, 2, 2, return_indices=True)[0].sum()
    return ms.grad(f)(ms.Tensor(IMG))


@case(modes=("PYNATIVE",))
def max_pool2d_indices_rank(ms):
    return _outcome(lambda: ms.ops.max_pool2d(ms.Tensor(IMG[0]), 2, 2, return_indices=True))


@case()
def max_pool3d_indices(ms):
    return [ms.ops.max_pool3d(ms.Tensor(CUBE), 2, 2, return_indices=True),
            ms.ops.max_pool3d(ms.Tensor(CUBE), 3, 2, padding=1, return_indices=True)]


@case()
def nn_max_pools_with_indices(ms):
    nn = ms.nn
    x1 = ms.Tensor(PLANES[:, :, 0, :])
    return [nn.MaxPool2d(2, 2, pad_mode="pad", return_indices=True)(ms.Tensor(PLANES)),
            nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, return_indices=True)(
                ms.Tensor(PLANES[0])),
            nn.MaxPool1d(2, 2, pad_mode="pad", return_indices=True)(x1),
            nn.MaxPool3d(2, 2, pad_mode="pad", return_indices=True)(ms.Tensor(CUBE))]


@case(modes=("PYNATIVE",))
def nn_max_pool_indices_need_pad_mode(ms):
    nn = ms.nn
    return [_outcome(lambda: nn.MaxPool2d(2, 2, return_indices=True)),
            _outcome(lambda: nn.MaxPool1d(2, 2, return_indices=True)),
            _outcome(lambda: nn.MaxPool3d(2, 2, return_indices=True))]


@case()
def adaptive_max_indices(ms):
    ops, nn = ms.ops, ms.nn
    return [ops.adaptive_max_pool2d(ms.Tensor(IMG), (2, 2), True),
            ops.adaptive_max_pool2d(ms.Tensor(PLANES), (3, 4), True),
            nn.AdaptiveMaxPool2d((2, 3), return_indices=True)(ms.Tensor(PLANES)),
            ops.adaptive_max_pool3d(ms.Tensor(CUBE), (2, 3, 4), True),
            nn.AdaptiveMaxPool3d((2, 2, 3), True)(ms.Tensor(CUBE)),
            nn.AdaptiveMaxPool3d(2)(ms.Tensor(CUBE))]


@case()
def max_unpool_round_trips(ms):
    ops, nn = ms.ops, ms.nn
    planes = ms.Tensor(PLANES[:, :, :4, :6])
    out, idx = ops.max_pool2d(planes, 2, 2, return_indices=True)
    out3, idx3 = ops.max_pool3d(ms.Tensor(CUBE[..., :4, :4]), 2, 2, return_indices=True)
    x1 = ms.Tensor(PLANES[:, :, 0, :6])
    out1, idx1 = nn.MaxPool1d(2, 2, pad_mode="pad", return_indices=True)(x1)
    odd, odd_idx = ops.max_pool2d(ms.Tensor(PLANES), 2, 2, return_indices=True)
    return [nn.MaxUnpool2d(2)(out, idx), nn.MaxUnpool2d(2, 2)(odd, odd_idx, (2, 3, 5, 7)),
            nn.MaxUnpool3d(2)(out3, idx3), nn.MaxUnpool1d(2)(out1, idx1),
            nn.MaxUnpool1d(2)(out1, idx1, (2, 3, 7))]


@case(modes=("PYNATIVE",))
def max_unpool_index_past_the_output(ms):
    odd, odd_idx = ms.ops.max_pool2d(ms.Tensor(PLANES), 2, 2, return_indices=True)
    return ms.nn.MaxUnpool2d(2)(odd, odd_idx)  # MindSpore raises when the result is read


@case(modes=("PYNATIVE",))
def max_unpool_output_size_errors(ms):
    out, idx = ms.ops.max_pool2d(ms.Tensor(IMG), 2, 2, return_indices=True)
    return [_outcome(lambda: ms.nn.MaxUnpool2d(2)(out, idx, [1, 1, 4, 4])),
            _outcome(lambda: ms.nn.MaxUnpool2d(2)(out, idx, ()))]


@case()
def time_distributed(ms):
    nn = ms.nn
    x = ms.Tensor(np.random.RandomState(1).randn(3, 5, 4).astype(np.float32))
    dense = nn.Dense(4, 2, weight_init="ones", bias_init="zeros")
    return [nn.TimeDistributed(dense, time_axis=1)(x),
            nn.TimeDistributed(dense, time_axis=-2, reshape_with_axis=0)(x),
            nn.TimeDistributed(nn.ReLU(), time_axis=0)(x),
            nn.TimeDistributed(nn.ReLU(), time_axis=2, reshape_with_axis=1)(x)]


@case()
def with_grad_cell(ms):
    nn = ms.nn
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    rng = np.random.RandomState(2)
    x = ms.Tensor(rng.randn(4, 3).astype(np.float32))
    y = ms.Tensor(rng.randn(4, 2).astype(np.float32))
    with_loss = nn.WithGradCell(net, nn.MSELoss())(x, y)
    with_sens = nn.WithGradCell(nn.WithLossCell(net, nn.MSELoss()), sens=ms.Tensor(2.0))(x, y)
    return with_loss, with_sens


@case()
def image_gradients(ms):
    ig = ms.nn.ImageGradients()
    return [ig(ms.Tensor(PLANES)), ig(ms.Tensor(PLANES[:, :, :1, :])),
            ig(ms.Tensor(PLANES[:, :, :, :1]))]


@case(modes=("PYNATIVE",))
def sparse_to_dense(ms):
    coo = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]], ms.int32), ms.Tensor([1.0, 2.0]), (3, 4))
    return ms.nn.SparseToDense()(coo)


def _l1(x, y):
    return (x - y).abs().sum(-1)


@case()
def triplet_margin_with_distance(ms):
    nn = ms.nn
    rng = np.random.RandomState(3)
    a, p, n = (ms.Tensor(rng.randn(4, 5).astype(np.float32)) for _ in range(3))
    losses = [nn.TripletMarginWithDistanceLoss(), nn.TripletMarginWithDistanceLoss(swap=True),
              nn.TripletMarginWithDistanceLoss(reduction="none", margin=2.0),
              nn.TripletMarginWithDistanceLoss(distance_function=_l1, reduction="sum")]
    values = [loss(a, p, n) for loss in losses]

    def f(a, p, n):
        return losses[1](a, p, n)
    return values, ms.grad(f, grad_position=(0, 1, 2))(a, p, n)
