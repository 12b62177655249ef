"""Pooling layers on random shapes and arguments, as a sweep against MindSpore found them
apart: the checks of the 3-D kernels the 1-D/2-D pools run on in 'pad' mode
(``AvgPool3D``: two pads at most the kernel, a padded input at least the kernel outside
``ceil_mode``, positive output lengths; ``MaxPool3DWithArgmax``: each pad at most half its
kernel, positive lengths; ``MaxPool3D``: two pads at most the kernel, positive lengths),
AvgPool1d's single mean when one window is all a stride leaves (every pad mode), and the
gradient of ``divisor_override`` without ``count_include_pad`` (MindSpore's
``AvgPool3DGrad``: the count-divided average's, times kernel size / override)."""
import numpy as np

from ._registry import case, sampled


def _configs(count, seed):
    rs = np.random.RandomState(seed)
    out = []
    for _ in range(count):
        d = int(rs.choice([1, 2, 3]))
        kind = str(rs.choice(["Max", "Avg"]))
        k = tuple(int(v) for v in rs.randint(1, 4, size=d))
        s = tuple(int(v) for v in rs.randint(1, 4, size=d))
        spatial = tuple(int(v) for v in rs.randint(2, 9, size=d))
        kw = dict(kernel_size=k if d > 1 else k[0], stride=s if d > 1 else s[0])
        if rs.rand() < 0.5:
            kw["pad_mode"] = str(rs.choice(["same", "valid"]))
        else:
            kw.update(pad_mode="pad", padding=int(rs.randint(0, 2)),
                      ceil_mode=bool(rs.rand() < 0.5))
            if kind == "Avg":
                kw["count_include_pad"] = bool(rs.rand() < 0.5)
                if d > 1 and rs.rand() < 0.3:
                    kw["divisor_override"] = int(rs.randint(1, 5))
            if kind == "Max" and d > 1 and rs.rand() < 0.3:
                kw["dilation"] = int(rs.randint(1, 3))
        out.append((f"{kind}Pool{d}d", kw, rs.randn(2, 3, *spatial).astype(np.float32)))
    return out


def _weighted(net, w):
    def loss(x):
        return (net(x) * w).sum()
    return loss


@case(modes=("PYNATIVE", "GRAPH"), rtol=1e-5, atol=1e-6)
def random_pools(ms):
    def run(config):
        name, kw, x = config
        try:
            net = getattr(ms.nn, name)(**kw)
            x = ms.Tensor(x)
            y = net(x)
            w = ms.Tensor(np.random.RandomState(9).randn(*y.shape).astype(np.float32))
            return [y, ms.grad(_weighted(net, w))(x)]
        except Exception as e:  # noqa: BLE001 - the class is the result
            return type(e).__name__
    return sampled(list(_configs(90, 3)), run)


@case(modes=("PYNATIVE", "GRAPH"))
def avg_pool_divisor_override_gradients(ms):
    x = ms.Tensor(np.arange(1, 26, dtype=np.float32).reshape(1, 1, 5, 5))
    out = []
    for kw in (dict(divisor_override=3), dict(divisor_override=3, count_include_pad=False),
               dict(divisor_override=4, count_include_pad=False),
               dict(divisor_override=3, ceil_mode=True, count_include_pad=False)):
        net = ms.nn.AvgPool2d(2, 2, pad_mode="pad", padding=1, **kw)
        out.append([net(x), ms.grad(_weighted(net, 1.0))(x)])
    return out


@case(modes=("PYNATIVE",))
def avg_pool1d_single_window(ms):
    out = []
    for width, k, s, mode in ((2, 2, 1, "same"), (4, 2, 3, "same"), (2, 1, 2, "valid"),
                              (5, 3, 3, "same"), (3, 4, 1, "same"), (6, 2, 2, "same")):
        x = ms.Tensor(np.arange(2 * width, dtype=np.float32).reshape(1, 2, width))
        try:
            out.append(ms.nn.AvgPool1d(k, s, pad_mode=mode)(x))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append(type(e).__name__)
    return out


def _outcome(f):
    try:
        return f()
    except Exception as e:  # noqa: BLE001 - the class is the result
        return type(e).__name__


@case(modes=("PYNATIVE",))
def valid_windows_longer_than_the_input(ms):
    """A 'valid' window longer than its input: MaxPool's kernel pools the whole axis once
    when it is 2 to stride elements longer (its shape inference rounds the length to -0),
    and refuses the rest; AvgPool refuses all; the functional pools (MaxPoolWithArgmaxV2,
    MaxPool3DWithArgmax, AvgPool3D) refuse what does not fit their padded input."""
    nn, ops = ms.nn, ms.ops
    out = []
    for n in (1, 2, 5):  # the grid of (input length, kernel, stride) on one axis
        x = ms.Tensor(np.arange(1, n + 1, dtype=np.float32).reshape(1, 1, 1, n))
        for k in range(n + 1, n + 8):
            for s in range(1, 8):
                out.append(_outcome(lambda k=k, s=s, x=x: ops.MaxPool((1, k), (1, s))(x)))
                out.append(_outcome(lambda k=k, s=s, x=x: ops.AvgPool((1, k), (1, s))(x)))
    x2 = ms.Tensor(np.array([[[[3.0, 1.0], [4.0, 2.0]]]], np.float32))
    x3 = ms.Tensor(np.arange(1, 10, dtype=np.float32).reshape(1, 1, 3, 3))
    x5 = ms.Tensor(np.array([[[2.0, 5.0, 1.0, 5.0, 3.0]]], np.float32))
    w = ms.Tensor(np.array([[[[2.0]]]], np.float32))
    for make, x in ((lambda: nn.MaxPool2d(4, 4), x2), (lambda: nn.MaxPool2d(4, 2), x3),
                    (lambda: nn.MaxPool2d((5, 1), (3, 1)), x3), (lambda: nn.MaxPool1d(7, 3), x5),
                    (lambda: nn.MaxPool1d(4, 4), x5[..., :2]), (lambda: nn.AvgPool2d(4, 4), x2),
                    (lambda: nn.MaxPool2d(4, 4)(x2[0]), None)):
        if x is None:
            out.append(_outcome(make))
            continue
        net = make()
        out.append(_outcome(lambda net=net, x=x: [
            net(x), ms.grad(lambda v: (net(v) * w.reshape((1,) * (x.ndim - 1) + (-1,))[..., :1]
                                      ).sum())(x)]))
    x1 = ms.Tensor(np.array([[[1.0, 2.0]]], np.float32))
    x3d = ms.Tensor(np.arange(1, 9, dtype=np.float32).reshape(1, 1, 2, 2, 2))
    for f in (lambda: ops.max_pool2d(x2, 4, 4), lambda: ops.max_pool2d(x2, 3, 1),
              lambda: ops.avg_pool2d(x2, 4, 4), lambda: ops.avg_pool1d(x1, 4, 4),
              lambda: ops.max_pool3d(x3d, 4, 4), lambda: ops.avg_pool3d(x3d, 4, 4),
              lambda: ops.max_pool2d(x2, 3, 2, ceil_mode=True),
              lambda: ops.max_pool2d(x2, 4, 4, padding=1),
              lambda: ops.avg_pool2d(x2, 4, 4, padding=1)):
        out.append(_outcome(f))
    return out
