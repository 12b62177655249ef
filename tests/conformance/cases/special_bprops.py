"""MindSpore's backward rules at kinks, ties and in loss ops (see _engine/bprops.py)."""
import numpy as np

from ._registry import case


def _t(ms, v, dt=np.float32):
    return ms.Tensor(np.array(v, dt))


_L = [[1.0, 2.0, 0.5], [0.0, 1.0, 2.0]]
_LAB = [[1.0, 1.0, 0.0], [0.0, 0.0, 2.0]]


def _g2(ms, f):
    return ms.grad(f, grad_position=(0, 1))(_t(ms, _L), _t(ms, _LAB))


@case()
def sce_prim_labels_not_normalised(ms):
    def f(logits, labels):
        return ms.ops.SoftmaxCrossEntropyWithLogits()(logits, labels)[0].sum()
    return _g2(ms, f)


@case()
def sce_prim_weighted_loss(ms):
    def f(logits, labels):
        loss = ms.ops.SoftmaxCrossEntropyWithLogits()(logits, labels)[0]
        return (loss * _t(ms, [2.0, 3.0])).sum()
    return _g2(ms, f)


@case()
def sce_prim_backprop_output(ms):
    def f(logits, labels):
        return ms.ops.SoftmaxCrossEntropyWithLogits()(logits, labels)[1].sum()
    return _g2(ms, f)


@case()
def sce_nn_none(ms):
    def f(logits, labels):
        return ms.nn.SoftmaxCrossEntropyWithLogits()(logits, labels).sum()
    return _g2(ms, f)


@case()
def sce_nn_mean(ms):
    def f(logits, labels):
        return ms.nn.SoftmaxCrossEntropyWithLogits(reduction="mean")(logits, labels)
    return _g2(ms, f)


@case()
def sce_nn_forward_value_and_grad(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(_t(ms, [[1.0, 0.5, -1.0], [0.0, 2.0, 1.0]]), name="w")

        def construct(self, x):
            return ms.ops.matmul(x, self.w)
    net = Net()
    loss = ms.nn.WithLossCell(net, ms.nn.SoftmaxCrossEntropyWithLogits())
    fvg = ms.nn.ForwardValueAndGrad(loss, weights=net.trainable_params(), get_all=True)
    return fvg(_t(ms, [[1.0, 2.0], [0.5, -1.0]]), _t(ms, [[1.0, 1.0, 0.0], [0.0, 0.5, 0.0]]))


@case()
def sce_nn_sparse(ms):
    def f(logits):
        loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        return loss(logits, _t(ms, [1, 0], np.int32))
    return ms.grad(f)(_t(ms, _L))


@case()
def sparse_sce_prim(ms):
    def f(logits):
        op = ms.ops.SparseSoftmaxCrossEntropyWithLogits()
        return op(logits, _t(ms, [1, 0], np.int32)) * 3
    return ms.grad(f)(_t(ms, _L))


@case()
def clip_at_both_bounds(ms):
    def f(x):
        return ms.ops.clip(x, _t(ms, 1.0), _t(ms, 3.0)).sum()
    return ms.grad(f)(_t(ms, [0.5, 1.0, 2.0, 3.0, 4.0]))


@case()
def clamp_scalar_bounds(ms):
    def f(x):
        return (ms.ops.clamp(x, 1.0, 3.0) * x).sum()
    return ms.grad(f)(_t(ms, [0.5, 1.0, 2.0, 3.0, 4.0]))


@case()
def maximum_minimum_ties(ms):
    def f(x, y):
        return (ms.ops.maximum(x, y) + 2 * ms.ops.minimum(x, y)).sum()
    return ms.grad(f, grad_position=(0, 1))(_t(ms, [1.0, 2.0, 3.0]), _t(ms, [1.0, 0.0, 3.0]))


@case()
def reduce_max_min_ties(ms):
    def f(x):
        return ms.ops.ReduceMax()(x) + ms.ops.ReduceMin()(x) * 3
    return ms.grad(f)(_t(ms, [3.0, 1.0, 3.0, 1.0]))


@case()
def amax_axis_ties(ms):
    def f(x):
        return ms.ops.amax(x, axis=1).sum()
    return ms.grad(f)(_t(ms, [[3.0, 3.0, 1.0], [0.0, 2.0, 2.0]]))


@case()
def kinks_abs_relu_sign(ms):
    def f(x):
        return (ms.ops.abs(x) + ms.ops.relu(x) * 2 + ms.ops.sign(x)).sum()
    return ms.grad(f)(_t(ms, [-1.0, 0.0, 2.0]))


@case()
def sqrt_log_at_zero(ms):
    def f(x):
        return (ms.ops.sqrt(x) + ms.ops.log(x + 1)).sum()
    return ms.grad(f)(_t(ms, [0.0, 4.0]))


@case()
def floor_ceil_zero_grad(ms):
    def f(x):
        return (ms.ops.floor(x) * x + ms.ops.ceil(x)).sum()
    return ms.grad(f)(_t(ms, [1.5, -0.5, 2.0]))


@case()
def argmax_index_grad(ms):
    def f(x):
        return x[ms.ops.argmax(x)] * 2
    return ms.grad(f)(_t(ms, [3.0, 1.0, 3.0]))
