"""What a sweep of ``mindspore.nn`` layers, each built with non-default arguments and run
forward and backward, found apart: ``BatchNorm3d``'s Parameters live in a ``bn2d`` child
(their checkpoint names), ``Dropout`` keeps ``p`` and ``keep_prob`` as given (and shows the
one given), ``Dropout2d``/``Dropout3d`` show the keep probability as ``p``, ``Dense``
names ``has_bias`` only when True, ``Norm`` shows its axis; CTC over an input with no time
steps (the empty alignment costs 0); ``Tensor == x`` with something that is not a number or
a Tensor is simply False."""
import numpy as np

from ._registry import case

BOTH = ("PYNATIVE", "GRAPH")
P = ("PYNATIVE",)


@case(modes=BOTH, rtol=1e-5, atol=1e-6)
def batchnorm3d_names_and_values(ms):
    nn = ms.nn
    rs = np.random.RandomState(0)
    net = nn.BatchNorm3d(3, momentum=0.8)
    names = [(n, tuple(p.shape), p.requires_grad) for n, p in net.parameters_and_names()]
    x = ms.Tensor(rs.randn(2, 3, 2, 3, 4).astype(np.float32))
    net.set_train(True)

    def loss(x):
        return (net(x) * ms.Tensor(rs.randn(2, 3, 2, 3, 4).astype(np.float32))).sum()
    value, grads = ms.value_and_grad(loss, 0, net.trainable_params())(x)
    net.set_train(False)
    return (names, value, grads, net(x), net.bn2d.moving_mean, net.bn2d.moving_variance,
            repr(net).splitlines()[0])


@case(modes=P)
def dropout_attributes_and_reprs(ms):
    nn = ms.nn
    out = []
    for make in (lambda: nn.Dropout(p=0.3), lambda: nn.Dropout(keep_prob=0.8),
                 lambda: nn.Dropout(0.9, p=0.1), lambda: nn.Dropout1d(0.3),
                 lambda: nn.Dropout2d(0.3), lambda: nn.Dropout3d(0.25)):
        cell = make()
        out.append([repr(cell), str(getattr(cell, "keep_prob", "-"))])
    x = ms.Tensor(np.ones((2, 3), np.float32))
    train = nn.Dropout(0.9, p=0.0)
    train.set_train(True)
    out.append(train(x))  # p == 0: the input itself
    for bad in (lambda: nn.Dropout(keep_prob=1), lambda: nn.Dropout(p="0.5"),
                lambda: nn.Dropout(p=1.0), lambda: nn.Dropout(keep_prob=0.0)):
        try:
            bad()
            out.append("no error")
        except (TypeError, ValueError) as e:
            out.append([type(e).__name__, str(e)])
    return out


@case(modes=P)
def layer_reprs(ms):
    nn = ms.nn
    cells = [nn.Dense(2, 3, has_bias=False), nn.Dense(2, 3), nn.Dense(2, 3, activation="relu"),
             nn.Norm(1, True), nn.Norm(), nn.Norm((0, 1))]
    return [repr(c) for c in cells]


@case(modes=BOTH, rtol=1e-5, atol=1e-6)
def ctc_loss_without_time_steps(ms):
    """A sample with input length 0 (and so target length 0) costs 0 and has no gradient."""
    ops = ms.ops
    rs = np.random.RandomState(0)
    lp = ms.Tensor(np.log(rs.dirichlet(np.ones(4), (5, 2))).astype(np.float32))
    targets = ms.Tensor(np.array([[1, 2, 3], [1, 1, 2]], np.int32))
    def summed(il, tl):
        def f(x):
            return ops.ctc_loss(x, targets, il, tl, reduction="none")[0].sum()
        return f

    out = []
    for lengths in (((0, 5), (0, 2)), ((1, 5), (0, 2)), ((3, 4), (3, 2))):
        il, tl = (ms.Tensor(np.array(v, np.int32)) for v in lengths)
        out.append(ms.value_and_grad(summed(il, tl))(lp))
    loss = ms.nn.CTCLoss(reduction="mean")
    out.append(loss(lp, targets, ms.Tensor(np.array([0, 5], np.int32)),
                    ms.Tensor(np.array([0, 2], np.int32))))
    return out


@case(modes=P)
def tensor_equality_with_other_objects(ms):
    t = ms.Tensor(np.array([1.0, 2.0], np.float32))
    s = ms.Tensor(3)
    out = []
    for other in ("graderr", None, [1.0, 2.0], (1.0, 2.0), np.array([1.0, 2.0]), object(),
                  np.float32(1.0)):
        out.append([t == other, t != other])
    out += [s == "a", s != None, "a" == s, None == s, t in [None, "x"],  # noqa: E711
            t == 1.0, t != 2, t == t, s == True]  # noqa: E712
    return out


@case(modes=BOTH, rtol=1e-5, atol=1e-6)
def attention_bias_kv_and_zero_attn(ms):
    """``add_bias_kv`` appends the (1, 1, E) ``bias_k``/``bias_v`` position and
    ``add_zero_attn`` a zero one per head, both never masked; with masks, both layouts."""
    nn = ms.nn
    rs = np.random.RandomState(1)
    out = []
    for kw, batch_first in (({"add_bias_kv": True}, False),
                            ({"add_zero_attn": True}, True),
                            ({"add_bias_kv": True, "add_zero_attn": True, "kdim": 4, "vdim": 5},
                             False)):
        net = nn.MultiheadAttention(6, 2, batch_first=batch_first, **kw)
        out.append([(n, tuple(p.shape)) for n, p in net.parameters_and_names()])
        for p in net.get_parameters():
            p.set_data(ms.Tensor(rs.uniform(-0.5, 0.5, p.shape).astype(np.float32)))
        lead = (2, 3) if batch_first else (3, 2)
        q = ms.Tensor(rs.randn(*(((2, 4) if batch_first else (4, 2)) + (6,))).astype(np.float32))
        k = ms.Tensor(rs.randn(*(lead + (kw.get("kdim", 6),))).astype(np.float32))
        v = ms.Tensor(rs.randn(*(lead + (kw.get("vdim", 6),))).astype(np.float32))
        pad = ms.Tensor(np.array([[False, False, True], [False, True, True]]))
        mask = ms.Tensor(rs.randn(4, 3).astype(np.float32))
        out.append(net(q, k, v, key_padding_mask=pad, attn_mask=mask))
        out.append(net(q, k, v, key_padding_mask=pad, attn_mask=mask > 1.5))
        out.append(ms.grad(_attention_loss(net, pad, mask), (0, 1, 2),
                           net.trainable_params())(q, k, v))
    return out


def _attention_loss(net, pad, mask):
    def loss(q, k, v):
        o, w = net(q, k, v, key_padding_mask=pad, attn_mask=mask)
        return o.sum() + (w * w).sum()
    return loss


@case(modes=P, rtol=1e-5, atol=1e-6)
def attention_mask_combinations(ms):
    """MindSpore's mask rules: a float ``attn_mask`` plus a boolean key padding mask adds 1
    (not -inf) at the padded keys; boolean masks join by OR as -inf; a UInt8 ``attn_mask``
    is boolean; a key padding mask alone masks with -inf (no fully masked row here)."""
    nn = ms.nn
    rs = np.random.RandomState(3)
    net = nn.MultiheadAttention(6, 2)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(rs.uniform(-0.5, 0.5, p.shape).astype(np.float32)))
    q = ms.Tensor(rs.randn(4, 2, 6).astype(np.float32))
    k = ms.Tensor(rs.randn(3, 2, 6).astype(np.float32))
    pad = ms.Tensor(np.array([[False, False, True], [False, True, False]]))
    fmask = ms.Tensor(rs.randn(4, 3).astype(np.float32))
    bmask = ms.Tensor(np.array([[False, True, False], [False, False, False],
                                [True, False, False], [False, False, True]]))
    masks = [dict(key_padding_mask=pad, attn_mask=fmask), dict(key_padding_mask=pad),
             dict(attn_mask=fmask), dict(attn_mask=bmask), dict(attn_mask=bmask.astype(ms.uint8)),
             dict(key_padding_mask=pad, attn_mask=bmask),
             dict(key_padding_mask=pad.astype(ms.float32) * -2.0, attn_mask=fmask)]
    return [net(q, k, k, **m) for m in masks]


@case(modes=BOTH, rtol=1e-5, atol=1e-6)
def dilated_max_pool_gradients(ms):
    """A dilated max window sends each gradient to its first maximum (MaxPoolGrad)."""
    nn = ms.nn
    rs = np.random.RandomState(2)
    out = []
    for cell, shape in ((nn.MaxPool2d(3, 1, padding=1, dilation=2, pad_mode="pad"), (1, 2, 6, 6)),
                        (nn.MaxPool2d(3, 2, padding=1, dilation=(2, 1), pad_mode="pad"),
                         (1, 2, 7, 6)),
                        (nn.MaxPool1d(3, 1, padding=1, dilation=2, pad_mode="pad"), (1, 2, 8)),
                        (nn.MaxPool3d(2, 1, padding=1, dilation=2, pad_mode="pad"),
                         (1, 1, 4, 5, 5))):
        x = ms.Tensor(rs.randint(0, 4, shape).astype(np.float32))  # ties included
        out.append((cell(x), ms.grad(_weighted_sum(cell))(x)))
    return out


def _weighted_sum(cell):
    def loss(x):
        y = cell(x)
        return (y * _ramp(y)).sum()
    return loss


def _ramp(y):
    return (y * 0 + 1).cumsum(axis=-1)


@case(modes=P)
def layer_arguments_found_by_the_sweep(ms):
    """BatchNorm's ``momentum`` attribute is MindSpore's ``1 - momentum`` (its repr shows the
    momentum given); Conv1d and Conv1dTranspose take an int padding only; Tril/Triu take no
    arguments; BCELoss refuses probabilities outside [0, 1]."""
    nn = ms.nn
    out = []
    for m in (0.9, 0.1, 0.5, 0.0):
        bn = nn.BatchNorm2d(2, momentum=m)
        out.append([bn.momentum, repr(bn).split(", gamma")[0]])
    for bad in (lambda: nn.Conv1d(2, 3, 2, pad_mode="pad", padding=(1, 2)),
                lambda: nn.Conv1dTranspose(2, 3, 2, pad_mode="pad", padding=(1, 2)),
                lambda: nn.Triu(1), lambda: nn.Tril(0)):
        try:
            bad()
            out.append("no error")
        except (TypeError, ValueError) as e:
            out.append([type(e).__name__, str(e)])
    rs = np.random.RandomState(0)
    x = ms.Tensor(rs.randn(3, 4).astype(np.float32))
    y = ms.Tensor(rs.rand(3, 4).astype(np.float32))
    try:
        nn.BCELoss()(x, y).asnumpy()  # MindSpore's kernel error surfaces when read
        out.append("no error")
    except RuntimeError as e:
        out.append(str(e).splitlines()[0])
    out.append(nn.BCELoss(reduction="sum")(ms.ops.sigmoid(x), y))
    return out
