"""``SoftmaxCrossEntropyWithLogits`` (dense) and ``SparseSoftmaxCrossEntropyWithLogits`` as
MindSpore's float32 CPU kernels compute them, bit for bit: losses, the backprop output,
``is_grad``, and the gradients of ``nn.SoftmaxCrossEntropyWithLogits`` (sequential sums,
libm's ``expf``/``logf``, the Softmax kernel for the sparse form)."""
import numpy as np

from ._registry import case

_RNG = np.random.RandomState(1)
_ROWS = {n: ((_RNG.randn(24, n) * 3).astype(np.float32),
             _RNG.dirichlet(np.ones(n), 24).astype(np.float32),
             _RNG.randint(0, n, 24).astype(np.int32)) for n in (10, 33)}
_BIG = ((_RNG.randn(300, 7) * 3).astype(np.float32), _RNG.randint(0, 7, 300).astype(np.int32))


@case(rtol=0, atol=0)
def dense_kernel_outputs(ms):
    op = ms.ops.SoftmaxCrossEntropyWithLogits()
    return [op(ms.Tensor(x), ms.Tensor(soft)) for x, soft, _ in _ROWS.values()]


@case(rtol=0, atol=0)
def sparse_kernel_loss_and_is_grad(ms):
    out = []
    for x, _, labels in list(_ROWS.values()) + [(_BIG[0], None, _BIG[1])]:
        for is_grad in (False, True):
            op = ms.ops.SparseSoftmaxCrossEntropyWithLogits(is_grad=is_grad)
            out.append(op(ms.Tensor(x), ms.Tensor(labels)))
    return out


@case(rtol=0, atol=0)
def nn_loss_gradients(ms):
    sparse = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    dense = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=False, reduction="sum")

    def sparse_loss(x, labels):
        return sparse(x, labels)

    def scaled_loss(x, labels):
        return sparse(x, labels) * 3.0

    def dense_loss(x, soft):
        return dense(x, soft)
    out = []
    for x, soft, labels in _ROWS.values():
        out.append(ms.grad(sparse_loss)(ms.Tensor(x), ms.Tensor(labels)))
        out.append(ms.grad(scaled_loss)(ms.Tensor(x), ms.Tensor(labels)))
        out.append(ms.grad(dense_loss)(ms.Tensor(x), ms.Tensor(soft)))
    return out


@case(modes=("PYNATIVE",))
def softmax_ce_dtype_refusals(ms):
    """The kernels take Float16/Float32 logits and labels of one dtype: sparse labels become
    Float32 one-hot rows, so nn.SoftmaxCrossEntropyWithLogits(sparse=True) without 'mean'
    refuses Float16 and Float64 logits; the sparse kernel ('mean') takes Float16."""
    nn, T = ms.nn, ms.Tensor
    x = np.random.RandomState(3).randn(5, 4)
    lab = T(np.array([1, 0, 3, 2, 1], np.int32))
    one_hot = np.eye(4)[[1, 0, 3, 2, 1]]
    out = []
    for dtype in (np.float16, np.float32, np.float64):
        for name, call in [
                ("sparse_none", lambda d=dtype: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(
                    T(x.astype(d)), lab)),
                ("sparse_mean", lambda d=dtype: nn.SoftmaxCrossEntropyWithLogits(
                    sparse=True, reduction="mean")(T(x.astype(d)), lab)),
                ("dense", lambda d=dtype: nn.SoftmaxCrossEntropyWithLogits()(
                    T(x.astype(d)), T(one_hot.astype(d)))),
                ("dense_mixed", lambda d=dtype: nn.SoftmaxCrossEntropyWithLogits()(
                    T(x.astype(d)), T(one_hot.astype(np.float32)))),
                ("sparse_prim", lambda d=dtype: ms.ops.SparseSoftmaxCrossEntropyWithLogits()(
                    T(x.astype(d)), lab))]:
            try:
                y = call()
                out.append((name, np.dtype(dtype).name, str(y.dtype), y.astype(ms.float32)))
            except Exception as e:  # noqa: BLE001 - the class is the result
                out.append((name, np.dtype(dtype).name, type(e).__name__))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def cross_entropy_composite_bits(ms):
    """``nn.CrossEntropyLoss`` is MindSpore's composite ``x - logsumexp(x)`` (its Exp,
    ReduceSum, Log kernels; ``log(sum) + max`` rounded before the subtraction), not the
    LogSoftmax kernel: bit for bit, values and gradients, on up to 3 rows (MindSpore's Log
    kernel splits longer inputs into tasks whose vector loops mscompat follows only
    approximately)."""
    rs = np.random.RandomState(7)
    out = []
    for _ in range(24):
        n, c = int(rs.randint(1, 4)), int(rs.randint(2, 12))
        x = (rs.randn(n, c) * rs.choice([0.5, 3.0, 10.0])).astype(np.float32)
        if rs.rand() < 0.2:
            x[0, :2] = x[0, 0]  # a tie for the maximum
        y = ms.Tensor(rs.randint(0, c, n).astype(np.int32))
        loss = ms.nn.CrossEntropyLoss(reduction=str(rs.choice(["mean", "none", "sum"])))

        def f(v, loss=loss, y=y):
            return loss(v, y).sum()
        out.append([loss(ms.Tensor(x), y), ms.grad(f)(ms.Tensor(x))])
    return out
