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


_NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?")


def _text_and_numbers(text):
    """Printed lines as (line with each decimal number replaced by '#', [the numbers]): the
    text compares exactly, the numbers within the case's tolerance."""
    out = []
    for line in text.strip().splitlines():
        out.append((_NUMBER.sub("#", line), [float(v) for v in _NUMBER.findall(line)]))
    return out


def _checkpoint_files(directory):
    # MindSpore's GRAPH_MODE also writes ``{prefix}-graph.meta`` (its graph, in its own IR),
    # which mscompat does not (docs/divergences.md)
    return sorted(f for f in os.listdir(directory) if not f.endswith("-graph.meta"))


def _regression_data(ms, n, features, seed):
    rs = np.random.RandomState(seed)
    x = rs.randn(n, features).astype(np.float32)
    y = (x @ rs.randn(features, 1)).astype(np.float32)
    return lambda: ms.dataset.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(8)


def _dense(ms, features):
    net = ms.nn.Dense(features, 1)
    for i, p in enumerate(net.trainable_params()):
        p.set_data(ms.Tensor(np.random.RandomState(10 + i).randn(*p.shape).astype(np.float32)
                             * 0.1))
    return net


@case(rtol=1e-4, atol=1e-5)
def fit_early_stopping_reduce_lr_checkpoints(ms):
    """Model.fit runs one training loop: the step counter runs on across epochs (checkpoint
    names, LossMonitor's lines), the evaluation fills ``eval_results`` (with ``eval_loss``, the
    last batch's loss) for EarlyStopping and ReduceLROnPlateau at the epoch's end, LossMonitor
    prints the ``Eval result`` line, and ModelCheckpoint saves once more when training ends."""
    train = _regression_data(ms, 32, 4, 0)
    net = _dense(ms, 4)
    opt = ms.nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    model = ms.train.Model(net, ms.nn.MSELoss(), opt,
                           metrics={"mae": ms.train.MAE(), "loss": ms.train.Loss()})
    directory = tempfile.mkdtemp()
    config = ms.train.CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=3)
    callbacks = [ms.train.LossMonitor(3),
                 ms.train.ModelCheckpoint(prefix="net", directory=directory, config=config),
                 ms.train.EarlyStopping(monitor="eval_loss", patience=1, min_delta=0.5,
                                        verbose=True),
                 ms.train.ReduceLROnPlateau(monitor="eval_loss", patience=0, factor=0.5,
                                            min_delta=0.5, verbose=True)]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        model.fit(6, train(), train(), callbacks=callbacks)
    files = _checkpoint_files(directory)
    return _text_and_numbers(printed.getvalue()), files, opt.learning_rate, net.weight


@case(rtol=1e-4, atol=1e-5)
def fit_callback_params_history_lambda(ms):
    """What a user callback sees in Model.fit: ``cur_step_num`` counts the evaluation's own
    steps from 0 and is restored afterwards, ``metrics``/``eval_results`` exist only at the
    end of an evaluated epoch (``valid_frequency`` as a list); History records the epochs and
    losses; ModelCheckpoint picks a fresh prefix beside existing files and stores
    ``append_info``."""
    train = _regression_data(ms, 24, 3, 1)
    net = _dense(ms, 3)
    opt = ms.nn.SGD(net.trainable_params(), learning_rate=0.05, momentum=0.5)
    model = ms.train.Model(net, ms.nn.MSELoss(), opt, metrics={"mse": ms.train.MSE()})
    seen = []

    class Recorder(ms.train.Callback):
        def _keep(self, what, run_context):
            p = run_context.original_args()
            seen.append((what, p.get("cur_epoch_num"), p.cur_step_num, p.batch_num, p.mode,
                         sorted(k for k in ("metrics", "eval_results") if k in p)))

        def on_train_step_end(self, run_context):
            self._keep("train_step", run_context)

        def on_eval_begin(self, run_context):
            self._keep("eval_begin", run_context)

        def on_eval_step_end(self, run_context):
            self._keep("eval_step", run_context)

        def on_train_epoch_end(self, run_context):
            self._keep("train_epoch", run_context)
            p = run_context.original_args()
            seen.append(p.get("eval_results"))

        def on_train_end(self, run_context):
            self._keep("train_end", run_context)

    directory = tempfile.mkdtemp()
    for name in ("m-1_1.ckpt", "m_3-1_1.ckpt", "mx-1_1.ckpt"):
        open(os.path.join(directory, name), "wb").close()
    config = ms.train.CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=2,
                                       append_info=["epoch_num", "step_num", {"tag": 0.5}])
    ckpt = ms.train.ModelCheckpoint(prefix="m", directory=directory, config=config)
    history = ms.train.History()
    epochs = []
    lam = ms.train.LambdaCallback(
        on_train_epoch_end=lambda rc: epochs.append(rc.original_args().cur_epoch_num))
    model.fit(3, train(), train(), valid_frequency=[1, 3],
              callbacks=[Recorder(), history, ckpt, lam])
    saved = ms.load_checkpoint(ckpt.latest_ckpt_file_name)
    return (seen, history.epoch, history.history, _checkpoint_files(directory),
            os.path.basename(ckpt.latest_ckpt_file_name), sorted(saved), saved["epoch_num"],
            saved["step_num"], saved["tag"], epochs)


@case(modes=("PYNATIVE",))
def train_callback_argument_errors(ms):
    """The checks of Model.train/fit and of the callbacks' constructors: exception class and
    message, and which forms of ``callbacks`` are accepted."""
    train = _regression_data(ms, 8, 2, 2)
    net = _dense(ms, 2)
    model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params()),
                           metrics={"mae": ms.train.MAE()})

    class OldStyle(ms.train.Callback):
        def step_end(self, run_context):
            pass

    attempts = [
        lambda: model.fit(1, train(), train(), callbacks=[OldStyle()]),
        lambda: model.train(1, train(), callbacks=(ms.train.History(),)),
        lambda: model.train(1, train(), callbacks=[3]),
        lambda: model.train(1, train(), callbacks=OldStyle()),
        lambda: model.train(2, train(), initial_epoch=2),
        lambda: model.train(0, train()),
        lambda: model.train(1, train(), sink_size=-2),
        lambda: model.fit(2, train(), train(), valid_frequency=1.0),
        lambda: ms.train.Model(net, metrics={"mae": ms.train.MAE()}),
        lambda: ms.train.Model(net, eval_network=net, eval_indexes=[0, 1],
                               metrics={"mae": ms.train.MAE()}),
        lambda: ms.train.CheckpointConfig(save_checkpoint_steps=0, keep_checkpoint_max=0),
        lambda: ms.train.CheckpointConfig(save_checkpoint_steps=-1),
        lambda: ms.train.CheckpointConfig(append_info="epoch_num"),
        lambda: ms.train.CheckpointConfig(append_info=["foo"]),
        lambda: ms.train.CheckpointConfig(saved_network=3),
        lambda: ms.train.ModelCheckpoint(prefix="a/b"),
        lambda: ms.train.ModelCheckpoint(config={}),
        lambda: ms.train.LossMonitor(-1),
        lambda: ms.train.LossMonitor(1.5),
        lambda: ms.train.EarlyStopping(mode="up"),
        lambda: ms.train.ReduceLROnPlateau(factor=1.0),
    ]
    out = []
    for attempt in attempts:
        try:
            value = attempt()
            out.append(("ok", type(value).__name__))
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append((type(e).__name__, str(e)))
    config = ms.train.CheckpointConfig(save_checkpoint_steps=0, save_checkpoint_seconds=10,
                                       keep_checkpoint_max=0, keep_checkpoint_per_n_minutes=2)
    out.append(sorted(config.get_checkpoint_policy().items()))
    config = ms.train.CheckpointConfig(save_checkpoint_steps=5, save_checkpoint_seconds=10,
                                       keep_checkpoint_max=0)
    out.append((config.save_checkpoint_steps, config.save_checkpoint_seconds,
                config.keep_checkpoint_max, config.keep_checkpoint_per_n_minutes))
    return out


@case(modes=("PYNATIVE",))
def load_param_into_net_dtype_and_shape_rules(ms):
    """load_param_into_net converts a float (or int) checkpoint value to the net's dtype
    unless ``strict_load``, and refuses other mismatches with RuntimeError (leaving every
    Parameter as it was). (A value with extra trailing axes of size 1 is a divergence:
    docs/divergences.md.)"""
    net = ms.nn.Dense(3, 2)
    before = np.full((2, 3), 0.25, np.float32)
    w16 = np.arange(6, dtype=np.float16).reshape(2, 3) / 4
    out = [ms.load_param_into_net(net, {
        "weight": ms.Parameter(ms.Tensor(w16), name="weight"),
        "bias": ms.Parameter(ms.Tensor(np.array([1, -2], np.float64)), name="bias")}),
        net.weight.value(), net.bias.value()]
    for bad in ({"weight": ms.Parameter(ms.Tensor(w16), name="weight")},
                {"weight": ms.Parameter(ms.Tensor(np.ones((2, 3), np.int32)), name="weight")},
                {"weight": ms.Parameter(ms.Tensor(np.ones((3, 2), np.float32)), name="weight")},
                {"bias": ms.Parameter(ms.Tensor(np.ones((2, 2), np.float32)), name="bias")}):
        net.weight.set_data(ms.Tensor(before))
        try:
            out.append(ms.load_param_into_net(net, bad, strict_load=len(bad) == 1 and
                                              "weight" in bad and bad["weight"].dtype ==
                                              ms.float16))
        except RuntimeError as e:
            out.append(("RuntimeError", str(e)))
        out.append(net.weight.value())
    return out


@case(rtol=1e-4, atol=1e-5)
def seeded_augmented_training_from_default_init(ms):
    """After ``set_seed``, a script that leaves everything to MindSpore's defaults gets
    MindSpore's numbers: the layers' default initial weights, the shuffled sampler's order,
    RandomCrop/RandomHorizontalFlip on two map workers, over two epochs of Model.train."""
    nn, ds, vision = ms.nn, ms.dataset, ms.dataset.vision
    ms.set_seed(7)
    rng = np.random.RandomState(0)
    images = (rng.rand(24, 12, 12, 3) * 255).astype(np.uint8)
    labels = rng.randint(0, 4, 24).astype(np.int32)

    class Rows:
        def __getitem__(self, i):
            return images[i], labels[i]

        def __len__(self):
            return len(images)

    data = ds.GeneratorDataset(Rows(), ["image", "label"], shuffle=True)
    data = data.map([vision.RandomCrop(12, padding=2), vision.RandomHorizontalFlip(),
                     vision.Rescale(1.0 / 255, 0), vision.HWC2CHW()], input_columns="image",
                    num_parallel_workers=2)
    data = data.batch(6, drop_remainder=True)
    net = nn.SequentialCell(nn.Conv2d(3, 6, 3), nn.BatchNorm2d(6), nn.ReLU(),
                            nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dense(6, 4))
    losses = []

    class Record(ms.train.Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    model = ms.train.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True,
                                                                 reduction="mean"),
                           nn.Momentum(net.trainable_params(), 0.05, 0.9))
    model.train(2, data, callbacks=[Record()], dataset_sink_mode=False)
    return losses, net[5].bias.value()


@case(rtol=1e-4, atol=1e-5)
def model_around_a_train_cell_or_loss_without_optimizer(ms):
    """``Model(train_cell)`` trains the cell as given (a user's clipping TrainOneStepCell);
    ``Model(net, loss_fn)`` without an optimizer runs ``WithLossCell`` and updates nothing;
    a dataset trained on by one Model is refused by another."""
    nn, ops = ms.nn, ms.ops
    rs = np.random.RandomState(3)
    x = rs.randn(24, 4).astype(np.float32)
    labels = rs.randint(0, 3, 24).astype(np.int32)

    class Clipped(nn.TrainOneStepCell):
        def construct(self, *inputs):
            loss = self.network(*inputs)
            sens = ops.fill(loss.dtype, loss.shape, self.sens)
            grads = self.grad(self.network, self.weights)(*inputs, sens)
            grads = ops.clip_by_global_norm(grads, 0.5)
            return ops.depend(loss, self.optimizer(grads))

    def data():
        return ms.dataset.NumpySlicesDataset({"x": x, "y": labels}, shuffle=False).batch(6)
    net = nn.Dense(4, 3)
    net.weight.set_data(ms.Tensor(np.linspace(-0.5, 0.5, 12, dtype=np.float32).reshape(3, 4)))
    net.bias.set_data(ms.Tensor(np.array([0.1, 0.0, -0.1], np.float32)))
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    step = Clipped(nn.WithLossCell(net, loss), nn.Momentum(net.trainable_params(), 0.1, 0.9))
    seen = []

    class Record(ms.train.Callback):
        def on_train_step_end(self, run_context):
            seen.append(run_context.original_args().net_outputs)
    used = data()
    first = ms.train.Model(step)  # (kept alive: a Model is told apart by its hash, its id)
    first.train(2, used, callbacks=[Record()])
    before = net.weight.asnumpy().copy()
    ms.train.Model(net, loss_fn=loss).train(1, data(), callbacks=[Record()])
    try:
        second = ms.train.Model(step)
        second.train(1, used)
        refused = None
    except RuntimeError as e:
        refused = str(e)
    return seen, before, net.weight, refused
