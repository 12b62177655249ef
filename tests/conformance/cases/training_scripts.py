"""Whole training scripts: a LeNet on MNIST-format files through dataset -> Model.train
with LossMonitor and ModelCheckpoint -> Model.eval -> load_checkpoint, as a MindSpore user
writes it. Printed lines are compared as text up to the loss value (compared as a number),
so float32 rounding in the last digit does not fail a case that prints the same lines."""
import contextlib
import io
import os
import re
import tempfile

import numpy as np

from ._registry import case
from .datasets import _write_mnist


def _lenet(ms):
    nn = ms.nn

    class LeNet5(nn.Cell):
        def __init__(self, num_class=10):
            super().__init__()
            self.conv1 = nn.Conv2d(1, 6, 5, pad_mode="valid")
            self.conv2 = nn.Conv2d(6, 16, 5, pad_mode="valid")
            self.fc1 = nn.Dense(16 * 4 * 4, 120)
            self.fc2 = nn.Dense(120, 84)
            self.fc3 = nn.Dense(84, num_class)
            self.relu = nn.ReLU()
            self.max_pool2d = nn.MaxPool2d(kernel_size=2, stride=2)
            self.flatten = nn.Flatten()

        def construct(self, x):
            x = self.max_pool2d(self.relu(self.conv1(x)))
            x = self.max_pool2d(self.relu(self.conv2(x)))
            x = self.flatten(x)
            x = self.relu(self.fc1(x))
            x = self.relu(self.fc2(x))
            return self.fc3(x)
    net = LeNet5()
    for i, p in enumerate(net.trainable_params()):
        scale = 1.0 / np.sqrt(np.prod(p.shape[1:])) if len(p.shape) > 1 else 0.05
        p.set_data(ms.Tensor(np.random.RandomState(i).uniform(-scale, scale, p.shape)
                             .astype(np.float32)))
    return net


def _mnist(ms, root, batch):
    ds, v, t = ms.dataset, ms.dataset.vision, ms.dataset.transforms
    data = ds.MnistDataset(root, usage="train", shuffle=False)
    data = data.map(operations=[v.Rescale(1.0 / 255.0, 0.0), v.HWC2CHW()],
                    input_columns="image")
    data = data.map(operations=t.TypeCast(ms.int32), input_columns="label")
    return data.batch(batch, drop_remainder=True)


def _lines(text):
    out = []
    for line in text.strip().splitlines():
        m = re.match(r"(.*loss is )(\S+)$", line)
        out.append((m.group(1), float(m.group(2))) if m else (line, None))
    return out


@case(rtol=1e-4, atol=1e-5)
def lenet_model_train_eval_checkpoint(ms):
    root = tempfile.mkdtemp()
    _write_mnist(root, 24)
    net = _lenet(ms)
    loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = ms.nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9)
    model = ms.train.Model(net, loss, opt, metrics={"accuracy"})
    ckpt_dir = tempfile.mkdtemp()
    config = ms.train.CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=2)
    ckpt = ms.train.ModelCheckpoint(prefix="lenet", directory=ckpt_dir, config=config)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        model.train(2, _mnist(ms, root, 4), callbacks=[ms.train.LossMonitor(), ckpt])
    files = sorted(f for f in os.listdir(ckpt_dir) if f.endswith(".ckpt"))
    result = model.eval(_mnist(ms, root, 6))
    saved = ms.load_checkpoint(os.path.join(ckpt_dir, files[-1]))
    fresh = _lenet(ms)
    not_loaded = ms.load_param_into_net(fresh, saved)
    image = next(_mnist(ms, root, 2).create_tuple_iterator())[0]
    return (_lines(printed.getvalue()), files, sorted(saved), result["accuracy"],
            not_loaded, saved["fc3.bias"], model.predict(image), fresh(image))


@case(rtol=1e-4, atol=1e-5)
def lr_callbacks(ms):
    """LearningRateScheduler (per step) and ReduceLROnPlateau (per epoch, on the training
    loss) change the optimizer's learning rate as MindSpore's callbacks do; the weights
    after training show the rates were used."""
    nn = ms.nn
    rs = np.random.RandomState(7)
    x = rs.randn(16, 3).astype(np.float32)
    y = rs.randn(16, 1).astype(np.float32)

    def run(callbacks, epochs):
        net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
        opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        model = ms.Model(net, nn.MSELoss(), opt)
        data = ms.dataset.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(4)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            model.train(epochs, data, callbacks=callbacks, dataset_sink_mode=False)
        return opt.learning_rate.asnumpy(), net.weight.asnumpy(), out.getvalue()

    sched = ms.train.LearningRateScheduler(lambda lr, step: lr * 0.5 if step % 2 == 0 else lr)
    plateau = ms.train.ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0,
                                         verbose=True, min_lr=0.02)
    plateau_max = ms.train.ReduceLROnPlateau(monitor="loss", mode="max", factor=0.3,
                                             patience=1, cooldown=1)
    return run([sched], 2), run([plateau], 4), run([plateau_max], 5)
