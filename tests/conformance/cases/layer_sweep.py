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
