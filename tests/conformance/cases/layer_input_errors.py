"""What common layers and losses do with inputs MindSpore refuses or treats specially: an
input dtype other than the weight's (Dense, Conv2d), channels that do not match, class
labels outside the classes (CrossEntropyLoss/NLLLoss: GatherD's RuntimeError;
SoftmaxCrossEntropyWithLogits: a zero one-hot row, or the sparse kernel's flat read),
Embedding ids (Gather's dtypes and range), RNN inputs that are not 3-D, and nn.Flatten's
dimension checks. MindSpore's CPU build reports some kernel errors one call late, so each
call is followed by two small good ones inside its own ``try``."""
import numpy as np

from ._registry import case

P = ("PYNATIVE",)


def _outcomes(ms, calls):
    def settle():
        for _ in range(2):
            ms.ops.add(ms.Tensor([1.0]), ms.Tensor([1.0])).asnumpy()

    out = []
    for call in calls:
        try:
            result = call()
            if isinstance(result, tuple):
                result = result[0]
            shape = tuple(result.shape)
            settle()
            out.append(("ok", shape))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append(type(e).__name__)
            try:
                settle()
            except Exception:  # noqa: BLE001, S110 - a late report of the same error
                pass
    return out


def _f32(*shape):
    return np.ones(shape, np.float32)


@case(modes=P)
def dense_and_conv_input_checks(ms):
    nn, T = ms.nn, ms.Tensor
    return _outcomes(ms, [
        lambda: nn.Dense(4, 2)(T(np.ones((3, 4), np.int32))),
        lambda: nn.Dense(4, 2)(T(np.ones((3, 4), np.float16))),
        lambda: nn.Dense(4, 2)(T(np.ones((3, 4), np.float64))),
        lambda: nn.Dense(4, 2, has_bias=False)(T(np.ones((2, 3, 4), np.int64))),
        lambda: nn.Dense(4, 2)(T(_f32(3, 5))),
        lambda: nn.Conv2d(3, 4, 3)(T(np.ones((1, 3, 8, 8), np.int32))),
        lambda: nn.Conv2d(3, 4, 3)(T(np.ones((1, 3, 8, 8), np.float16))),
        lambda: nn.Conv2d(3, 4, 3)(T(_f32(1, 2, 8, 8))),
        lambda: nn.Conv2d(4, 4, 3, group=2)(T(_f32(1, 2, 8, 8))),
        lambda: nn.Conv1d(3, 4, 3)(T(_f32(1, 2, 8))),
    ])


@case(modes=P)
def class_labels_outside_the_classes(ms):
    nn, ops, T = ms.nn, ms.ops, ms.Tensor
    logits = T(np.array([[1.0, 2.0, 0.5], [0.3, 0.1, 0.2]], np.float32))

    def labels(*v):
        return T(np.array(v, np.int32))

    return _outcomes(ms, [
        lambda: nn.CrossEntropyLoss()(logits, labels(0, 5)),
        lambda: nn.CrossEntropyLoss()(logits, labels(0, -4)),
        lambda: ops.cross_entropy(logits, labels(3, 0)),
        lambda: ops.nll_loss(logits, labels(0, 3)),
        lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")(
            logits, labels(0, -1)),
        lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")(
            logits, labels(4, 0)),
        lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(
            logits, T(np.array([0.0, 1.0], np.float32))),
    ])


@case(modes=P, rtol=1e-5, atol=1e-6)
def class_label_values_at_the_edges(ms):
    """Values MindSpore computes for edge labels: negative CrossEntropyLoss labels count from
    the end (GatherD), ignore_index may lie outside the classes, sparse
    SoftmaxCrossEntropyWithLogits gives -0 for a label outside the classes ('none', 'sum')
    and reads the next row's first class for a label equal to the class count ('mean');
    with MindSpore's gradients."""
    nn, T = ms.nn, ms.Tensor
    logits = T(np.array([[1.0, 2.0, 0.5], [0.3, 0.1, 0.2]], np.float32))

    def labels(*v):
        return T(np.array(v, np.int32))

    def sce(reduction, lab):
        return lambda x: nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction=reduction)(
            x, lab)

    out = [nn.CrossEntropyLoss(reduction="none")(logits, labels(-1, -3)),
           nn.CrossEntropyLoss(ignore_index=5)(logits, labels(1, 5))]
    for reduction, lab in (("none", labels(0, 3)), ("sum", labels(-1, 2)),
                           ("mean", labels(3, 0)), ("mean", labels(1, 2))):
        fn = sce(reduction, lab)
        out.append((fn(logits), ms.grad(fn)(logits)))
    return out


@case(modes=P)
def embedding_ids_and_rnn_inputs(ms):
    nn, T = ms.nn, ms.Tensor
    table = T(np.arange(12, dtype=np.float32).reshape(4, 3))
    calls = [
        lambda: nn.Embedding(4, 3, embedding_table=table)(T(np.array([1.0, 2.0], np.float32))),
        lambda: nn.Embedding(4, 3, embedding_table=table)(T(np.array([1, 4], np.int32))),
        lambda: nn.Embedding(4, 3, embedding_table=table, padding_idx=1)(
            T(np.array([1, 7], np.int64))),
        lambda: nn.LSTM(4, 8)(T(_f32(3, 4))),
        lambda: nn.GRU(4, 8)(T(_f32(3, 4))),
        lambda: nn.RNN(4, 8)(T(_f32(3, 4))),
        lambda: nn.LSTM(4, 8)(T(_f32(3, 2, 5))),
        lambda: nn.Flatten()(T(1.0)),
        lambda: nn.Flatten()(T(_f32(2))),
        lambda: nn.Flatten(start_dim=2)(T(_f32(2, 3))),
        lambda: nn.Flatten(start_dim=0, end_dim=-2)(T(_f32(2, 3, 4))),
    ]
    values = [nn.Embedding(4, 3, embedding_table=table)(T(np.array([[0, -1], [2, -4]],
                                                                    np.int32)))]
    return _outcomes(ms, calls), values


@case(modes=P)
def float64_refusals(ms):
    """BatchNorm (Cells and ``ops.batch_norm``), BinaryCrossEntropy, and the
    ``nn.CrossEntropyLoss``/``nn.BCEWithLogitsLoss`` Cells refuse Float64; the functional
    ``ops.cross_entropy``/``ops.nll_loss`` and ``nn.NLLLoss`` compute it."""
    nn, ops, T = ms.nn, ms.ops, ms.Tensor
    x64, labels = T(np.ones((2, 3))), T(np.array([0, 1], np.int32))
    half, ones = T(np.full((2,), 0.5)), T(np.ones(2))
    return _outcomes(ms, [
        lambda: nn.BatchNorm2d(3)(T(np.ones((2, 3, 4, 4)))),
        lambda: nn.BatchNorm1d(3).set_train(False)(x64),
        lambda: ops.batch_norm(x64.reshape(2, 3, 1, 1), T(np.zeros(3)), T(np.ones(3)),
                               T(np.ones(3)), T(np.zeros(3))),
        lambda: nn.CrossEntropyLoss()(x64, labels),
        lambda: nn.CrossEntropyLoss()(x64, T(np.ones((2, 3)) / 3)),
        lambda: nn.BCELoss()(half, ones),
        lambda: ops.binary_cross_entropy(half, ones),
        lambda: nn.BCEWithLogitsLoss()(half, ones),
        lambda: ops.cross_entropy(x64, labels),
        lambda: ops.nll_loss(x64, labels),
        lambda: nn.NLLLoss()(x64, labels),
        lambda: nn.CrossEntropyLoss()(T(np.ones((2, 3), np.float16)), labels),
        lambda: nn.BatchNorm2d(3)(T(np.ones((2, 3, 4, 4), np.float16))),
    ])


@case(modes=P)
def multi_margin_loss_checks(ms):
    """MultiMarginLoss takes Int64 targets in [0, C), a floating input and a weight of the
    input's dtype."""
    T, ops = ms.Tensor, ms.ops
    x = T(np.random.RandomState(0).randn(3, 4).astype(np.float32))

    def target(*v, dtype=np.int64):
        return T(np.array(v, dtype))

    return _outcomes(ms, [
        lambda: ops.multi_margin_loss(x, target(1, 0, 3)),
        lambda: ops.multi_margin_loss(x, target(1, 0, 3, dtype=np.int32)),
        lambda: ms.nn.MultiMarginLoss()(x, target(1, 0, 3, dtype=np.int32)),
        lambda: ops.multi_margin_loss(x, target(1, 0, 4)),
        lambda: ops.multi_margin_loss(x, target(1, 0, -1)),
        lambda: ops.multi_margin_loss(x, target(9, 0, 1), p=2),
        lambda: ops.multi_margin_loss(x, target(1, 0, 3), weight=T(np.ones(4, np.float16))),
        lambda: ops.multi_margin_loss(x.astype(ms.float64), target(1, 0, 3),
                                      weight=T(np.ones(4, np.float32))),
        lambda: ops.multi_margin_loss(x.astype(ms.int32), target(1, 0, 3)),
        lambda: ms.nn.MultiMarginLoss()(x.astype(ms.float16), target(1, 0, 3)),
    ]) + [ops.multi_margin_loss(x, target(1, 0, 3), p=2, margin=2, reduction="none")]
