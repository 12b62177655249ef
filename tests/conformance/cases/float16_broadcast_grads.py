"""The gradient of a Float16 operand that broadcasts (a bias row, a ``(16, 1)`` column)
sums over the broadcast axes in float32 and rounds once, as MindSpore's ``ReduceSum``
kernel sums Float16 in PYNATIVE_MODE (XLA adds in Float16: a last-digit difference that
training amplifies; an ``auto_mixed_precision`` O1/O2 loop with a dynamic loss scale now
follows MindSpore's losses to the last bit): ``Add``, ``Mul``, ``BiasAdd`` and a Dense
under ``to_float(float16)``."""
import numpy as np

from ._registry import case

RS = np.random.RandomState(1)
A = RS.randn(64, 8).astype(np.float16)
C = RS.randn(4, 16, 8).astype(np.float16)
W3 = RS.randn(4, 16, 8).astype(np.float16)
B8 = RS.randn(8).astype(np.float16)
B16 = RS.randn(16, 1).astype(np.float16)
W2 = RS.randn(64, 8).astype(np.float16)
W4 = RS.randn(64, 4).astype(np.float16)


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def half_broadcast_gradients(ms):
    ops, t = ms.ops, ms.Tensor

    def added(b):
        return (ops.add(t(C), b) * t(W3)).sum()

    def multiplied(b):
        return (t(A) * b * t(W2)).sum()

    def bias_added(b):
        return (ops.BiasAdd()(t(A), b) * t(W2)).sum()

    def bias_added_nchw(b):
        return ops.bias_add(t(np.ascontiguousarray(C.transpose(1, 2, 0)[None, :8])), b).sum()

    return (ms.grad(added)(t(B8)), ms.grad(added)(t(B16)), ms.grad(multiplied)(t(B8)),
            ms.grad(bias_added)(t(B8)), ms.grad(bias_added_nchw)(t(B8)))


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def dense_to_float16_bias_grad(ms):
    dense = ms.nn.Dense(8, 4, weight_init="ones", bias_init="zeros").to_float(ms.float16)
    w = ms.Tensor(W4)

    def weighted(x):
        return (dense(x) * w).sum()

    return ms.grad(weighted, grad_position=None, weights=dense.trainable_params())(
        ms.Tensor(A))
