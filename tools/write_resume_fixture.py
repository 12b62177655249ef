"""Write a training checkpoint with parameter-group learning rates, a schedule and a list,
and the losses MindSpore reaches when it resumes from it (run with the oracle interpreter):

    /path/to/mindspore-venv/bin/python tools/write_resume_fixture.py tests/fixtures/ckpt
"""
import json
import sys

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn

out = sys.argv[1]
rng = np.random.RandomState(0)
W1 = rng.randn(6, 4).astype(np.float32) * .5
W2 = rng.randn(2, 6).astype(np.float32) * .5
X = rng.rand(8, 4).astype(np.float32)
Y = rng.rand(8, 2).astype(np.float32)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 6, weight_init=Tensor(W1), bias_init="zeros")
        self.fc2 = nn.Dense(6, 2, weight_init=Tensor(W2), bias_init="zeros")

    def construct(self, x):
        return self.fc2(ms.ops.tanh(self.fc1(x)))


def optimizer(kind, net):
    ps = net.trainable_params()
    groups = [{"params": ps[:2], "lr": 0.02}, {"params": ps[2:], "weight_decay": 0.01}]
    if kind == "adam_groups":
        return nn.Adam(groups, learning_rate=0.01)
    if kind == "momentum_schedule":
        return nn.Momentum(ps, nn.CosineDecayLR(0.001, 0.1, 10), 0.9)
    return nn.SGD(groups, learning_rate=[0.1, 0.09, 0.08, 0.07, 0.06, 0.05, 0.04], momentum=0.5)


expected = {}
for kind in ("adam_groups", "momentum_schedule", "sgd_list_groups"):
    net = Net()
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), optimizer(kind, net))
    for _ in range(3):
        step(Tensor(X), Tensor(Y))
    ms.save_checkpoint(step, f"{out}/resume_{kind}.ckpt")
    losses = [float(step(Tensor(X), Tensor(Y)).asnumpy()) for _ in range(3)]
    expected[kind] = {"keys": sorted(ms.load_checkpoint(f"{out}/resume_{kind}.ckpt")),
                      "losses": losses, "fc1_weight": net.fc1.weight.asnumpy().tolist()}
with open(f"{out}/resume_expected.json", "w") as f:
    json.dump({"X": X.tolist(), "Y": Y.tolist(), "W1": W1.tolist(), "W2": W2.tolist(),
               "runs": expected}, f, indent=1)
