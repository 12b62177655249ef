"""Losses at the edges training reaches: every target ignored, a zero embedding vector,
infinite logits, a label logit far below its row's maximum, ``-inf`` masked classes."""
import numpy as np

from ._registry import case

X = np.array([[1.0, -2.0, 3.0], [0.0, 0.5, -0.5]], np.float32)


def _value_and_grad(ms, loss, *args):
    tensors = [ms.Tensor(a) for a in args]
    value = loss(*tensors)

    def total(x, *rest):
        return loss(x, *rest)
    return value, ms.grad(total)(*tensors)


@case()
def cross_entropy_every_target_ignored(ms):
    labels = np.array([-100, -100], np.int32)
    return [_value_and_grad(ms, ms.nn.CrossEntropyLoss(**kw), X, labels) for kw in (
        {}, {"label_smoothing": 0.1},
        {"weight": ms.Tensor(np.array([1.0, 2.0, 0.5], np.float32))})]


@case()
def nll_every_target_ignored(ms):
    return (_value_and_grad(ms, ms.nn.NLLLoss(ignore_index=0), X, np.array([0, 0], np.int32)),
            _value_and_grad(ms, ms.nn.NLLLoss(ignore_index=0), X, np.array([0, 2], np.int32)))


@case()
def functional_cross_entropy_every_target_ignored(ms):
    ops = ms.ops
    labels = ms.Tensor(np.array([1, 1], np.int32))

    def loss(x):
        return ops.cross_entropy(x, labels, ignore_index=1)

    def nll(x):
        return ops.nll_loss(x, labels, ignore_index=1)
    x = ms.Tensor(X)
    return loss(x), ms.grad(loss)(x), nll(x), ms.grad(nll)(x)


@case()
def cosine_embedding_zero_vector_and_other_targets(ms):
    x1 = np.array([[0.0, 0.0], [1.0, 2.0], [3.0, -1.0]], np.float32)
    x2 = np.array([[1.0, 0.0], [2.0, 1.0], [1.0, 1.0]], np.float32)
    out = []
    for target in ([1, -1, 1], [0, 1, -1], [-1, 2, 1]):
        loss = ms.nn.CosineEmbeddingLoss(margin=0.2, reduction="none")
        out.append(_value_and_grad(ms, loss, x1, x2, np.array(target, np.int32)))
    return out


@case()
def bce_with_logits_infinite_logits(ms):
    xs = np.array([-np.inf, -100, -3, 0, 3, 100, np.inf], np.float32)
    x, y = np.repeat(xs, 3), np.tile(np.array([0, 1, 0.3], np.float32), len(xs))
    out = []
    for pos_weight in (None, 2.5):
        pw = None if pos_weight is None else ms.Tensor(np.full_like(x, pos_weight))
        loss = ms.nn.BCEWithLogitsLoss(reduction="none", pos_weight=pw)
        out.append(loss(ms.Tensor(x), ms.Tensor(y)))
        summed = ms.nn.BCEWithLogitsLoss(reduction="sum", pos_weight=pw)
        out.append(_value_and_grad(ms, summed, x, y)[1])
    return out


@case()
def sparse_softmax_cross_entropy_far_below_and_masked(ms):
    normal = [0.5, -0.2, 0.1]
    out = []
    for row in ([0, 0, -80], [0, 0, -86], [0, 0, -87.5], [0, 0, -100], [-np.inf, 0, 1],
                [0, -np.inf, -np.inf], [0, 0, -np.inf]):
        x = ms.Tensor(np.array([row, normal], np.float32))
        labels = ms.Tensor(np.array([2, 0], np.int32))
        loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        out.append(_value_and_grad(ms, loss, x.asnumpy(), labels.asnumpy()))
    return out


@case()
def bce_one_element_reduced_twice(ms):
    """BinaryCrossEntropy's kernel adds a lone element to itself before reducing (a
    one-element 'mean' or 'sum' is twice the loss); its gradient is the loss's own."""
    nn, ops, mint = ms.nn, ms.ops, ms.mint
    out = []
    for dtype in (np.float16, np.float32):
        for shape in ((1,), (1, 1), (), (3,)):
            x = np.full(shape, 0.3, dtype)
            y = np.full(shape, 1.0, dtype)
            w = np.full(shape, 2.0, dtype)
            for red in ("mean", "sum", "none"):
                out.append(_value_and_grad(ms, nn.BCELoss(reduction=red), x, y))
                out.append(_value_and_grad(ms, nn.BCELoss(ms.Tensor(w), red), x, y))
                out.append(ops.BinaryCrossEntropy(red)(ms.Tensor(x), ms.Tensor(y)))
                out.append(mint.nn.functional.binary_cross_entropy(
                    ms.Tensor(x), ms.Tensor(y), reduction=red))
    return out


@case(rtol=2e-3, atol=1e-3)
def cosine_embedding_float16_small_norms(ms):
    """A Float16 cosine's gradient by Div's bprop: a small norm does not overflow it."""
    x1 = np.array([[0.2793], [-0.377]], np.float16)
    x2 = np.array([[0.004173], [-1.483]], np.float16)
    x3 = np.array([[0.01, -0.02], [0.5, 0.003]], np.float16)
    target = np.array([1, -1], np.int32)
    loss = ms.nn.CosineEmbeddingLoss()

    def total(u, v, t):
        return loss(u, v, t)

    def grads(a, b):
        return ms.grad(total, (0, 1))(ms.Tensor(a), ms.Tensor(b), ms.Tensor(target))
    return grads(x1, x2), grads(x3, x3[::-1].copy())
