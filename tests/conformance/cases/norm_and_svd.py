"""``ops.BatchNorm`` / ``ops.batch_norm`` (outputs, moving statistics written in place,
gradients, in a Cell in both modes), ``ops.svd`` (singular values, vectors up to sign,
reconstruction, gradients of the singular values) and the Python-value helpers
``ops.tuple_len`` / ``ops.Partial``."""
import numpy as np

from ._registry import case
from .op_specs import r

XB = r(3, 2, 2, 2, seed=60)
SCALE, BIAS = np.array([1.0, 2.0], np.float32), np.array([0.5, -0.5], np.float32)
MEAN, VAR = np.array([0.1, 0.2], np.float32), np.array([1.5, 0.5], np.float32)


def _t(ms, a):
    return ms.Tensor(np.array(a))


@case()
def batch_norm_primitive_training_writes_moving_stats(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.bn = ms.ops.BatchNorm(is_training=True, momentum=0.2, epsilon=1e-3)
            self.mean = ms.Parameter(_t(ms, MEAN), name="mean", requires_grad=False)
            self.var = ms.Parameter(_t(ms, VAR), name="var", requires_grad=False)

        def construct(self, x, scale, bias):
            out = self.bn(x, scale, bias, self.mean, self.var)
            return out[0] * 2, out[3], out[4]
    net = Net()
    x, s, b = _t(ms, XB), _t(ms, SCALE), _t(ms, BIAS)
    first = net(x, s, b)
    second = net(x, s, b)
    return first, second, net.mean.value() * 1, net.var.value() * 1


@case()
def batch_norm_primitive_inference_and_grads(ms):
    bn = ms.ops.BatchNorm()

    def f(x, scale, bias):
        return bn(x, scale, bias, _t(ms, MEAN), _t(ms, VAR))[0]
    x, s, b = _t(ms, XB), _t(ms, SCALE), _t(ms, BIAS)
    # outputs 1-4 are unspecified in inference (MindSpore's CPU kernel leaves its buffers)
    outs = bn(x, s, b, _t(ms, MEAN), _t(ms, VAR))[0]
    return outs, ms.grad(f, grad_position=(0, 1, 2))(x, s, b)


@case()
def batch_norm_training_grads(ms):
    bn = ms.ops.BatchNorm(is_training=True)
    m = ms.Parameter(_t(ms, MEAN), name="m", requires_grad=False)
    v = ms.Parameter(_t(ms, VAR), name="v", requires_grad=False)

    def f(x, scale, bias):
        return bn(x, scale, bias, m, v)[0] * _t(ms, np.arange(24, dtype=np.float32)
                                                  .reshape(3, 2, 2, 2))
    g = ms.grad(f, grad_position=(0, 1, 2))(_t(ms, XB), _t(ms, SCALE), _t(ms, BIAS))
    return g


@case(modes=("PYNATIVE",))
def batch_norm_nhwc_2d_input(ms):
    # MindSpore's CPU kernel keeps axis 1 as the channel axis with data_format='NHWC'
    nhwc = ms.ops.BatchNorm(data_format="NHWC")
    x = _t(ms, np.transpose(XB, (0, 2, 1, 3)))
    y = nhwc(x, _t(ms, SCALE), _t(ms, BIAS), _t(ms, MEAN), _t(ms, VAR))[0]
    flat = ms.ops.BatchNorm()(_t(ms, XB[:, :, 0, 0]), _t(ms, SCALE), _t(ms, BIAS),
                              _t(ms, MEAN), _t(ms, VAR))[0]
    return y, flat


@case()
def batch_norm_functional(ms):
    m = ms.Parameter(_t(ms, MEAN), name="m")
    v = ms.Parameter(_t(ms, VAR), name="v")
    x, s, b = _t(ms, XB), _t(ms, SCALE), _t(ms, BIAS)
    train = ms.ops.batch_norm(x, m, v, s, b, training=True, momentum=0.3, eps=1e-4)
    after = (m.value() * 1, v.value() * 1)
    infer = ms.ops.batch_norm(x, m, v, s, b)
    return train, after, infer


@case()
def svd_values_vectors_and_reconstruction(ms):
    out = []
    for a, full in ((r(3, 3, seed=61), False), (r(2, 4, seed=62), True),
                    (r(2, 4, 3, seed=63), False)):
        s, u, v = ms.ops.svd(_t(ms, a), full_matrices=full)
        k = s.shape[-1]
        rebuilt = ms.ops.matmul(u[..., :k] * s.expand_dims(-2), v[..., :k].swapaxes(-1, -2))
        out.append((s, u.abs(), v.abs(), rebuilt))
    out.append(ms.ops.svd(_t(ms, r(3, 2, seed=64)), compute_uv=False))
    out.append(ms.ops.Svd()(_t(ms, r(2, 2, seed=65)))[0])
    return tuple(out)


@case()
def svd_singular_value_grads(ms):
    def f(a):
        return ms.ops.svd(a, compute_uv=False)
    return ms.grad(f)(_t(ms, r(3, 4, seed=66)))


@case(modes=("PYNATIVE",))
def python_value_helpers(ms):
    def add(a, b):
        return a * 10 + b
    return ms.ops.tuple_len((1, 2, 3)), ms.ops.Partial()(add, 4)(2)
