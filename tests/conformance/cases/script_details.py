"""Details whole scripts run into outside the numbers: a dataset reused by a second Model,
the key order of a safetensors checkpoint, an empty Tensor's strides, the error metrics'
summation order."""
import os
import tempfile

import numpy as np

from ._registry import case


def _model(ms, seed):
    rng = np.random.RandomState(seed)
    net = ms.nn.Dense(4, 1, weight_init=ms.Tensor(rng.randn(1, 4).astype(np.float32)),
                      bias_init="zeros")
    return ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params(), 0.1))


def _data(ms):
    rng = np.random.RandomState(0)
    x = rng.rand(16, 4).astype(np.float32)
    return ms.dataset.NumpySlicesDataset((x, x.sum(1, keepdims=True)), column_names=["x", "y"],
                                         shuffle=False).batch(8)


@case(modes=("PYNATIVE",))
def dataset_reused_by_another_model(ms):
    data = _data(ms)
    first = _model(ms, 1)
    first.train(1, data, dataset_sink_mode=False)
    first.train(1, data, dataset_sink_mode=False)  # the same Model may train on it again
    _model(ms, 2).train(1, data, dataset_sink_mode=False)


@case(modes=("PYNATIVE",))
def dataset_reused_by_eval_of_another_model(ms):
    data = _data(ms)
    _model(ms, 1).train(1, data, dataset_sink_mode=False)
    rng = np.random.RandomState(3)
    net = ms.nn.Dense(4, 1, weight_init=ms.Tensor(rng.randn(1, 4).astype(np.float32)),
                      bias_init="zeros")
    return ms.train.Model(net, ms.nn.MSELoss(), metrics={"mse"}).eval(
        data, dataset_sink_mode=False)


@case(modes=("PYNATIVE",))
def safetensors_keys_by_name(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
            self.bn = ms.nn.BatchNorm1d(2)
            self.a_first = ms.Parameter(ms.Tensor(np.arange(5, dtype=np.int32)), name="z_last")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "net")
        ms.save_checkpoint(Net(), path, format="safetensors")
        loaded = ms.load_checkpoint(path + ".safetensors", format="safetensors")
        return [(k, str(v.dtype), tuple(v.shape)) for k, v in loaded.items()]


@case(modes=("PYNATIVE",))
def empty_tensor_strides(ms):
    return [ms.Tensor(np.zeros(shape, dtype)).strides for shape, dtype in
            (((0, 3), np.float32), ((2, 0, 3), np.int64), ((4, 0), np.float16),
             ((2, 3), np.int8), ((), np.float32))]


@case(modes=("PYNATIVE",))
def error_metrics_sum_order(ms):
    rng = np.random.RandomState(11)
    out = []
    for name in ("MSE", "MAE"):
        metric = getattr(ms.train, name)()
        for _ in range(3):
            pred = rng.randn(7, 5).astype(np.float32) * 3
            metric.update(ms.Tensor(pred), ms.Tensor(rng.randn(35).astype(np.float32)))
        out.append(metric.eval())
    return out
