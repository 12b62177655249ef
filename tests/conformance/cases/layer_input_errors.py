"""What common layers and losses say about an input of the wrong shape, rank or dtype: the
exception class and MindSpore's first line (checks JAX would not make, or would word as
its own broadcasting)."""
import numpy as np

from ._registry import case


def _first_line(f):
    try:
        out = f()
        return ("OK", list(out.shape))
    except Exception as e:  # noqa: BLE001 - the class and words are the result
        return (type(e).__name__, str(e).split("\n")[0])


def _ones(ms, *shape, dtype=np.float32):
    return ms.Tensor(np.ones(shape, dtype))


@case(modes=("PYNATIVE",))
def normalization_shapes(ms):
    nn = ms.nn
    return [_first_line(f) for f in (
        lambda: nn.BatchNorm2d(3)(_ones(ms, 2, 4, 2, 2)),
        lambda: nn.BatchNorm2d(3)(_ones(ms, 2, 3)),
        lambda: nn.BatchNorm2d(3).set_train(False)(_ones(ms, 2, 4, 5, 5)),
        lambda: nn.BatchNorm1d(3)(_ones(ms, 2, 3, 4, 5)),
        lambda: nn.BatchNorm1d(3)(_ones(ms, 2, 4)),
        lambda: nn.BatchNorm1d(3)(_ones(ms, 2, 4, 5)),
        lambda: nn.BatchNorm3d(3)(_ones(ms, 2, 4, 5, 5, 5)),
        lambda: nn.LayerNorm((4,))(_ones(ms, 2, 3)),
        lambda: nn.LayerNorm((3,), -1, -1)(_ones(ms, 2, 3)),
        lambda: nn.LayerNorm((2, 3), 1, 1)(_ones(ms, 4, 2, 3)),
        lambda: nn.LayerNorm((2, 3), 1, 1)(_ones(ms, 4, 3, 2)),
        lambda: nn.LayerNorm((3,), 1, -1)(_ones(ms, 2, 4, 3)),
        lambda: nn.LayerNorm((3,), 1, 1)(_ones(ms, 2, 4, 3)),
        lambda: nn.LayerNorm((4, 3), -1, -1)(_ones(ms, 2, 4, 3)),
    )]


@case(modes=("PYNATIVE",))
def loss_shapes(ms):
    nn, ops = ms.nn, ms.ops
    return [_first_line(f) for f in (
        lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(
            _ones(ms, 2, 3), ms.Tensor(np.array([0, 1, 2], np.int32))),
        lambda: nn.SoftmaxCrossEntropyWithLogits()(_ones(ms, 2, 3), _ones(ms, 2, 1)),
        lambda: ops.SoftmaxCrossEntropyWithLogits()(_ones(ms, 2, 3), _ones(ms, 1, 3))[0],
        lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(
            _ones(ms, 2, 3), _ones(ms, 2, 2, dtype=np.int32)),
        lambda: nn.SoftmaxCrossEntropyWithLogits()(_ones(ms, 2, 3, 4), _ones(ms, 2, 3, 4)),
        lambda: nn.SoftmaxCrossEntropyWithLogits()(_ones(ms, 3), _ones(ms, 3)),
        lambda: nn.MSELoss()(_ones(ms, 2, 3), _ones(ms, 3, 2)),
        lambda: nn.MSELoss()(_ones(ms, 2, 3), _ones(ms, 1, 3)),
    )]


@case(modes=("PYNATIVE",))
def layer_inputs(ms):
    nn = ms.nn
    return [_first_line(f) for f in (
        lambda: nn.Dense(3, 4)(_ones(ms, 2, 5)),
        lambda: nn.Dense(3, 4)(_ones(ms, 2, 3, dtype=np.int32)),
        lambda: nn.Conv2d(3, 4, 3)(_ones(ms, 3, 8, 8)),
        lambda: nn.Conv2d(3, 4, 3)(_ones(ms, 1, 2, 8, 8)),
        lambda: nn.Conv2d(3, 4, 3)(_ones(ms, 1, 3, 8, 8, dtype=np.int32)),
        lambda: nn.MaxPool2d(2, 2)(_ones(ms, 1, 4, 4)),
        lambda: nn.LSTM(3, 4)(_ones(ms, 2, 5, 4))[0],
        lambda: nn.Flatten()(ms.Tensor(1.0)),
    )]
