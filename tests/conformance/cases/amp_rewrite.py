"""O1 (and ``custom_mixed_precision`` with a white list) rewrite the network. When the
network given is itself a SequentialCell, MindSpore runs copies of its children made at that
moment, while ``set_train`` reaches the originals: a BatchNorm or Dropout directly in the
sequence keeps the mode it had then. A SequentialCell inside another Cell follows
``set_train`` as usual."""
import numpy as np

from ._registry import case

F16 = {"rtol": 2e-3, "atol": 2e-3}
X = np.random.RandomState(0).randn(8, 4).astype(np.float32) * 3 + 1
Y = np.random.RandomState(1).randint(0, 3, 8).astype(np.int32)


def _seeded(net, ms):
    rng = np.random.RandomState(5)
    for p in net.get_parameters():
        if "gamma" in p.name or "variance" in p.name:
            continue
        p.set_data(ms.Tensor((rng.randn(*p.shape) * 0.3).astype(np.float32)))
    return net


def _sequence(ms, dropout=True):
    cells = [ms.nn.Dense(4, 6, has_bias=False), ms.nn.BatchNorm1d(6), ms.nn.ReLU(),
             ms.nn.Dropout(p=0.5), ms.nn.Dense(6, 3)]
    return _seeded(ms.nn.SequentialCell(cells if dropout else cells[:3] + cells[4:]), ms)


def _holder(ms):
    """A Cell holding a SequentialCell. MindSpore's rewrite recompiles the class's source in
    a module that has ``from mindspore import nn``: the class is written against ``nn`` (put
    in this module's globals) and importable from here."""
    nn = globals()["nn"] = ms.nn

    class HolderNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.body = nn.SequentialCell([nn.Dense(4, 6, has_bias=False), nn.BatchNorm1d(6)])
            self.head = nn.Dense(6, 3)

        def construct(self, x):
            return self.head(self.body(x))
    globals()["HolderNet"] = HolderNet
    return _seeded(HolderNet(), ms)


def _train_and_run(ms, net, steps=2):
    opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
    step = ms.nn.TrainOneStepCell(ms.nn.WithLossCell(net, ms.nn.CrossEntropyLoss()), opt)
    step.set_train(True)
    losses = [step(ms.Tensor(X), ms.Tensor(Y)) for _ in range(steps)]
    net.set_train(True)
    train_out = net(ms.Tensor(X))
    net.set_train(False)
    return losses, train_out, net(ms.Tensor(X)), [p for p in net.get_parameters()]


@case(**F16)
def o1_sequence_children_keep_their_mode(ms):
    net = ms.amp.auto_mixed_precision(_sequence(ms), "O1")
    return _train_and_run(ms, net)


@case(**F16)
def o1_sequence_set_to_train_before(ms):
    net = _sequence(ms, dropout=False)
    net.set_train(True)
    return _train_and_run(ms, ms.amp.auto_mixed_precision(net, "O1"))


@case(**F16)
def o1_sequence_inside_a_cell_follows_set_train(ms):
    return _train_and_run(ms, ms.amp.auto_mixed_precision(_holder(ms), "O1"))


@case(**F16)
def custom_white_list_sequence_keeps_modes(ms):
    net = ms.amp.custom_mixed_precision(_sequence(ms), white_list=[ms.nn.Dense])
    return _train_and_run(ms, net)


@case(**F16)
def build_train_network_o1_sequence(ms):
    net = _sequence(ms)
    step = ms.amp.build_train_network(net, ms.nn.Momentum(net.trainable_params(), 0.1, 0.9),
                                      ms.nn.CrossEntropyLoss(), level="O1")
    losses = [step(ms.Tensor(X), ms.Tensor(Y)) for _ in range(2)]
    net.set_train(True)
    return losses, net(ms.Tensor(X)), [p for p in net.get_parameters()]


@case(**F16, modes=("PYNATIVE",))
def model_amp_o1_sequence(ms):
    net = _sequence(ms)
    data = ms.dataset.NumpySlicesDataset((X, Y), column_names=["x", "y"], shuffle=False).batch(4)
    model = ms.train.Model(net, ms.nn.CrossEntropyLoss(),
                           ms.nn.Momentum(net.trainable_params(), 0.1, 0.9), amp_level="O1")
    model.train(2, data, dataset_sink_mode=False)
    return [p for p in net.get_parameters()], model.predict(ms.Tensor(X))


def _o2_sequence_case(name, level, **kwargs):
    def run(ms):
        net = _sequence(ms, dropout=False)
        step = ms.amp.build_train_network(net, ms.nn.Momentum(net.trainable_params(), 0.1, 0.9),
                                          ms.nn.CrossEntropyLoss(), level=level,
                                          loss_scale_manager=None, **kwargs)
        losses = [step(ms.Tensor(X), ms.Tensor(Y)) for _ in range(2)]
        net.set_train(False)
        return losses, net(ms.Tensor(X)), [p for p in net.get_parameters()]
    run.__name__ = name
    return case(**F16)(run)


_o2_sequence_case("build_train_network_o2_sequence", "O2")
_o2_sequence_case("build_train_network_o3_sequence_batchnorm_fp32", "O3", keep_batchnorm_fp32=True)
