"""Write the fixture checkpoints with real MindSpore 2.10 (run with the oracle interpreter):

    /path/to/mindspore-venv/bin/python tools/write_ckpt_fixtures.py tests/fixtures/ckpt
"""
import sys

import mindspore as ms
import numpy as np
from mindspore import Tensor, nn

out = sys.argv[1]
rs = np.random.RandomState(0)
params = [
    {"name": "f32", "data": Tensor(rs.randn(2, 3).astype(np.float32))},
    {"name": "f16", "data": Tensor(rs.randn(3).astype(np.float16))},
    {"name": "bf16", "data": Tensor(rs.randn(2, 2).astype(np.float32), ms.bfloat16)},
    {"name": "f64", "data": Tensor(rs.randn(2).astype(np.float64))},
    {"name": "i32", "data": Tensor(np.array([1, -2, 3], np.int32))},
    {"name": "i64", "data": Tensor(np.array([[2**40, -5]], np.int64))},
    {"name": "i8", "data": Tensor(np.array([-128, 127], np.int8))},
    {"name": "u8", "data": Tensor(np.array([0, 255], np.uint8))},
    {"name": "b", "data": Tensor(np.array([True, False, True]))},
    {"name": "scalar", "data": Tensor(np.float32(3.5))},
    {"name": "empty", "data": Tensor(np.zeros((0, 3), np.float32))},
]
ms.save_checkpoint(params, f"{out}/dtypes.ckpt")
ms.save_checkpoint(params[:2], f"{out}/appended.ckpt",
                   append_dict={"epoch_num": 3, "lr": 0.5, "tag": "hello"})

class LeNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 6, 5, pad_mode='valid')
        self.conv2 = nn.Conv2d(6, 16, 5, pad_mode='valid')
        self.fc1 = nn.Dense(16 * 4 * 4, 120)
        self.fc2 = nn.Dense(120, 84)
        self.fc3 = nn.Dense(84, 10)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(2, 2)
        self.flatten = nn.Flatten()
    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        x = self.flatten(x)
        return self.fc3(self.relu(self.fc2(self.relu(self.fc1(x)))))
ms.set_seed(1)
net = LeNet()
for i, p in enumerate(net.get_parameters()):
    p.set_data(Tensor(np.random.RandomState(i).uniform(-0.1, 0.1, p.shape).astype(np.float32)))
opt = nn.Momentum(net.trainable_params(), 0.01, 0.9)
loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction='mean')
step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
x = Tensor(np.random.RandomState(5).rand(2, 1, 28, 28).astype(np.float32))
y = Tensor(np.array([3, 7], np.int32))
print('loss', step(x, y))
ms.save_checkpoint(step, f"{out}/lenet_momentum.ckpt")
ms.save_checkpoint(net, f"{out}/lenet.ckpt")
d = ms.load_checkpoint(f"{out}/lenet_momentum.ckpt")
print(list(d.keys()))
