"""``nn.Conv2dBnAct`` and ``nn.DenseBnAct``: outputs, gradients and BatchNorm statistics in
training and evaluation, parameter names, and the activation argument's errors."""
import numpy as np

from . import nn_specs
from ._registry import case
from .nn_specs import L
from .op_specs import r

X4 = r(2, 3, 5, 5, seed=310)
X2 = r(4, 3, seed=311)

LAYERS = [
    L("Conv2dBnAct_plain", "Conv2dBnAct", (3, 4, 3), (X4,)),
    L("Conv2dBnAct_bn_relu_train", "Conv2dBnAct", (3, 2, 3), (X4,),
      kw={"has_bn": True, "activation": "relu", "pad_mode": "valid"}, train=True),
    L("Conv2dBnAct_bn_eval_bias", "Conv2dBnAct", (3, 2, 2), (X4,),
      kw={"has_bn": True, "has_bias": True, "stride": 2}),
    L("Conv2dBnAct_leakyrelu", "Conv2dBnAct", (3, 2, 3), (X4,),
      kw={"activation": "leakyrelu", "alpha": 0.1}),
    L("DenseBnAct_plain", "DenseBnAct", (3, 2), (X2,)),
    L("DenseBnAct_bn_sigmoid_train", "DenseBnAct", (3, 5), (X2,),
      kw={"has_bn": True, "activation": "sigmoid", "momentum": 0.5}, train=True),
    L("DenseBnAct_nobias_tanh", "DenseBnAct", (3, 2), (X2,),
      kw={"has_bias": False, "activation": "tanh"}),
]
for _layer in LAYERS:
    nn_specs._register(_layer, module=__name__)


@case(modes=("PYNATIVE",))
def combined_names_and_errors(ms):
    names = tuple(tuple(p.name for p in cell.get_parameters()) for cell in (
        ms.nn.Conv2dBnAct(2, 3, 3, has_bn=True, has_bias=True, activation="relu"),
        ms.nn.DenseBnAct(2, 3, has_bn=True, activation="leakyrelu")))
    errors = []
    for build in (lambda: ms.nn.DenseBnAct(2, 3, activation=3),
                  lambda: ms.nn.Conv2dBnAct(2, 3, 3, has_bn=1),
                  lambda: ms.nn.DenseBnAct(2, 3, activation="nope")):
        try:
            build()
            errors.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            errors.append(f"{type(e).__name__}: {e}")
    return names, tuple(errors)


@case(modes=("PYNATIVE",))
def instance_norm_construction(ms):
    """What MindSpore's CPU build can run of nn.InstanceNorm*: construction, its checks,
    repr, parameter names, the rank check (the kernel itself is GPU-only)."""
    net = ms.nn.InstanceNorm2d(3, eps=1e-3, momentum=0.2, affine=False)
    out = [repr(net), tuple((p.name, p.requires_grad) for p in net.get_parameters())]
    for build in (lambda: ms.nn.InstanceNorm2d(0), lambda: ms.nn.InstanceNorm1d(2, eps=1),
                  lambda: ms.nn.InstanceNorm3d(2, momentum=1.5),
                  lambda: ms.nn.InstanceNorm2d(2, affine=1),
                  lambda: ms.nn.InstanceNorm2d(2, gamma_init=[1.0, 2.0]),
                  lambda: ms.nn.InstanceNorm2d(2)(ms.Tensor(np.ones((2, 2, 3), np.float32))),
                  lambda: ms.nn.InstanceNorm1d(2)(ms.Tensor(np.ones((2, 2), np.float32))),
                  lambda: ms.nn.InstanceNorm3d(2)(ms.Tensor(np.ones((1, 2, 3, 3), np.float32)))):
        try:
            build()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {str(e).splitlines()[0]}")
    return tuple(out)


# MindSpore 2.10's SSIM raises in PYNATIVE_MODE (ScalarCast to Float32 is refused); GRAPH runs.
@case(modes=("GRAPH",))
def ssim_values_and_gradients(ms):
    rs = np.random.RandomState(320)
    a = rs.uniform(0, 1, (2, 3, 14, 13)).astype(np.float32)
    b = np.clip(a + rs.normal(0, 0.1, a.shape), 0, 1).astype(np.float32)

    class Sum(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.ssim = ms.nn.SSIM()

        def construct(self, x, y):
            return self.ssim(x, y).sum()

    small = ms.nn.SSIM(max_val=255.0, filter_size=5, filter_sigma=0.8, k1=0.02, k2=0.05)
    grads = ms.grad(Sum(), grad_position=(0, 1))(ms.Tensor(a), ms.Tensor(b))
    return (ms.nn.SSIM()(ms.Tensor(a), ms.Tensor(b)),
            small(ms.Tensor(a * 255), ms.Tensor(b * 255)), grads)


@case(modes=("PYNATIVE",))
def ssim_errors(ms):
    out = []
    a = ms.Tensor(np.ones((1, 1, 12, 12), np.float32))
    for call in (lambda: ms.nn.SSIM(max_val=0), lambda: ms.nn.SSIM(filter_size=0),
                 lambda: ms.nn.SSIM(k1=1), lambda: ms.nn.SSIM(filter_sigma=-1.0),
                 lambda: ms.nn.SSIM()(ms.Tensor(np.ones((1, 1, 8, 12), np.float32)),
                                      ms.Tensor(np.ones((1, 1, 8, 12), np.float32))),
                 lambda: ms.nn.SSIM()(ms.Tensor(np.ones((1, 12, 12), np.float32)),
                                      ms.Tensor(np.ones((1, 12, 12), np.float32))),
                 lambda: ms.nn.SSIM()(a, ms.Tensor(np.ones((1, 1, 12, 13), np.float32))),
                 lambda: ms.nn.SSIM()(ms.Tensor(np.ones((1, 1, 12, 12), np.int32)), a)):
        try:
            call()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {str(e).splitlines()[0]}")
    return tuple(out)
