"""Convolution windows at the input's edge, found by random-shape sweeps of nn.Conv1d/2d/3d,
their Transpose forms and ops.conv1d/2d/3d/Conv2D/Conv3D against MindSpore: transposed
'valid' convolutions whose stride is longer than the window (output ``input * stride``,
zeros after), nn.Conv2dTranspose's ``output_padding`` (zeros after the biased output, and
its call-time range check), the lengths a dilated window past the input gives (empty, the
oneDNN and resize RuntimeErrors, the shape ValueError), Conv3D 'pad' windows that reach
past the input (oneDNN's truncating length, zeros beyond), and transposed lengths eaten by
the padding."""
import numpy as np

from ._registry import case, sampled

BOTH = ("PYNATIVE", "GRAPH")


def _outcome(ms, make, shape):
    try:
        y = make()(ms.Tensor(np.ones(shape, np.float32)))
        return ("OK", tuple(y.shape))
    except Exception as e:  # noqa: BLE001 - the class is the result
        return (type(e).__name__,)


def _layer(ms, d, transpose, cin, cout, kw):
    nn = ms.nn
    cls = {1: (nn.Conv1d, nn.Conv1dTranspose), 2: (nn.Conv2d, nn.Conv2dTranspose),
           3: (nn.Conv3d, nn.Conv3dTranspose)}[d][int(transpose)]
    net = cls(cin, cout, **kw)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(np.random.RandomState(5).randn(*p.shape).astype(np.float32)))
    return net


def _configs(count, seed):
    """Random layers over 1-3 spatial axes, every pad mode, stride, dilation and group."""
    rs = np.random.RandomState(seed)
    out = []
    for _ in range(count):
        d = int(rs.choice([1, 2, 3]))
        transpose = bool(rs.rand() < 0.4)
        group = int(rs.choice([1, 1, 2]))
        cin, cout = group * int(rs.randint(1, 3)), group * int(rs.randint(1, 3))
        k, stride, dil = ([int(v) for v in rs.randint(1, hi, size=d)] for hi in (4, 4, 3))
        pad_mode = str(rs.choice(["same", "valid", "pad"]))
        padding = 0
        if pad_mode == "pad":
            padding = int(rs.randint(0, 3)) if rs.rand() < 0.5 else tuple(
                int(v) for v in rs.randint(0, 3, size=2 * d))
        spatial = tuple(int(v) for v in rs.randint(3, 9, size=d))
        if d == 1:
            k, stride, dil = k[0], stride[0], dil[0]
            if isinstance(padding, tuple):
                padding = padding[0]
        kw = dict(kernel_size=tuple(k) if d > 1 else k, stride=tuple(stride) if d > 1
                  else stride, pad_mode=pad_mode, padding=padding,
                  dilation=tuple(dil) if d > 1 else dil, group=group,
                  has_bias=bool(rs.rand() < 0.5))
        if d > 1 and transpose and rs.rand() < 0.4:
            kw["output_padding"] = int(rs.randint(0, 3))
        out.append((d, transpose, cin, cout, kw, rs.randn(2, cin, *spatial).astype(np.float32)))
    return out


def _run(ms, d, transpose, cin, cout, kw, x):
    try:
        net = _layer(ms, d, transpose, cin, cout, kw)
        x = ms.Tensor(x)
        y = net(x)
        w = ms.Tensor(np.random.RandomState(9).randn(*y.shape).astype(np.float32))

        def loss(x):
            return (net(x) * w).sum()
        _, grads = ms.value_and_grad(loss, 0, net.trainable_params())(x)
        return [y, grads]
    except Exception as e:  # noqa: BLE001 - the class is the result
        return type(e).__name__


@case(modes=BOTH, rtol=1e-4, atol=1e-4)
def random_conv_layers(ms):
    return sampled(list(_configs(60, 11)), lambda c: _run(ms, *c))


@case(modes=("PYNATIVE",))
def dilated_window_lengths(ms):
    """Length ceil((padded - reach + 1) / stride) 0, -1, -2... on one axis of each layer."""
    nn = ms.nn
    out = []
    for pad in (0, 1):
        for m, k, d, s in [(3, 3, 2, 3), (4, 3, 2, 3), (2, 3, 2, 3), (3, 3, 2, 2), (4, 3, 2, 2),
                           (4, 3, 2, 1), (3, 3, 2, 1), (4, 4, 2, 1), (4, 3, 3, 1)]:
            for cls, n in ((nn.Conv1d, 1), (nn.Conv2d, 2), (nn.Conv3d, 3)):
                shape = [1, 1] + [6] * n
                shape[2] = m - 2 * pad

                def axis0(v, rest=1, n=n):
                    return v if n == 1 else (v,) + (rest,) * (n - 1)

                for mode in ("valid", "pad") if pad == 0 else ("pad",):
                    out.append(_outcome(ms, lambda cls=cls, a=axis0, mode=mode, k=k, s=s, d=d,
                                        pad=pad: cls(1, 1, a(k), stride=a(s), dilation=a(d),
                                                     pad_mode=mode,
                                                     padding=pad if mode == "pad" else 0),
                                        shape))
    return out


@case(modes=BOTH)
def conv3d_pad_window_past_the_input(ms):
    """oneDNN's truncating length: the last window sees zeros past the input."""
    x = ms.Tensor(np.arange(1, 28, dtype=np.float32).reshape(1, 1, 3, 3, 3))
    net = ms.nn.Conv3d(1, 1, (3, 1, 1), stride=(3, 1, 1), dilation=(2, 1, 1), pad_mode="pad",
                       padding=(1, 0, 0, 0, 0, 0), weight_init="ones")

    def loss(x):
        return (net(x) * 2).sum()
    return net(x), ms.grad(loss)(x)


@case(modes=BOTH)
def transposed_valid_longer_stride(ms):
    nn = ms.nn
    x1 = ms.Tensor(np.arange(1, 5, dtype=np.float32).reshape(1, 1, 4))
    x2 = ms.Tensor(np.arange(1, 5, dtype=np.float32).reshape(1, 1, 2, 2))
    c1 = nn.Conv1dTranspose(1, 1, 1, stride=3, pad_mode="valid", weight_init="ones",
                            has_bias=True, bias_init="ones")
    c2 = nn.Conv2dTranspose(1, 1, (2, 1), stride=(3, 2), pad_mode="valid", weight_init="ones")
    c3 = nn.Conv3dTranspose(1, 1, (2, 1, 1), stride=(3, 2, 1), pad_mode="valid",
                            weight_init="ones")
    return c1(x1), c2(x2), c3(ms.Tensor(np.ones((1, 1, 2, 2, 1), np.float32))).shape


def _squared_sum(net):
    def loss(x):
        return (net(x) * net(x)).sum()
    return loss


@case(modes=BOTH)
def conv2d_transpose_output_padding_zeros(ms):
    x = ms.Tensor(np.arange(1, 10, dtype=np.float32).reshape(1, 1, 3, 3))
    out = []
    for op in (1, (1, 0), (0, 1)):
        net = ms.nn.Conv2dTranspose(1, 1, 2, stride=2, pad_mode="pad", padding=1,
                                    output_padding=op, weight_init="ones", has_bias=True,
                                    bias_init="ones")

        out.append([net(x), ms.grad(_squared_sum(net))(x)])
    return out


@case(modes=("PYNATIVE",))
def transpose_output_padding_and_length_checks(ms):
    nn = ms.nn
    x2, x3 = (1, 1, 5, 5), (1, 1, 5, 5, 5)
    out = []
    for s, d, op in [(1, 2, 1), (2, 1, 1), (2, 3, 2), (1, 1, 1), (2, 2, 2), (3, 1, 2)]:
        out.append(_outcome(ms, lambda s=s, d=d, op=op: nn.Conv2dTranspose(
            1, 1, 2, stride=s, dilation=d, pad_mode="pad", padding=1, output_padding=op), x2))
        out.append(_outcome(ms, lambda s=s, d=d, op=op: nn.Conv2dTranspose(
            1, 1, 2, stride=s, dilation=d, pad_mode="same", output_padding=(op, 0)), x2))
        if d < 2 or s < 2 or op < max(s, d):
            out.append(_outcome(ms, lambda s=s, d=d, op=op: nn.Conv3dTranspose(
                1, 1, 2, stride=(1, s, s), dilation=(1, d, d), pad_mode="pad", padding=1,
                output_padding=(0, op, op)), x3))
    for p in (1, 2, 3, 4):
        out.append(_outcome(ms, lambda p=p: nn.Conv2dTranspose(
            1, 1, 1, pad_mode="pad", padding=(p, p, 0, 0)), (1, 1, 3, 5)))
        out.append(_outcome(ms, lambda p=p: nn.Conv1dTranspose(
            1, 1, 1, pad_mode="pad", padding=p), (1, 1, 3)))
        out.append(_outcome(ms, lambda p=p: nn.Conv3dTranspose(
            1, 1, 1, pad_mode="pad", padding=(p, p, 0, 0, 0, 0)), (1, 1, 3, 5, 5)))
    return out


@case(modes=("PYNATIVE",))
def functional_conv_windows(ms):
    ops = ms.ops
    out = []
    for m, k, d, s in [(3, 3, 2, 3), (4, 3, 2, 3), (3, 3, 2, 2), (4, 3, 2, 1), (3, 3, 2, 1),
                       (4, 4, 2, 1)]:
        for fn, n in ((ops.conv1d, 1), (ops.conv2d, 2), (ops.conv3d, 3)):
            x = ms.Tensor(np.ones([1, 1, m] + [4] * (n - 1), np.float32))
            w = ms.Tensor(np.ones([1, 1, k] + [1] * (n - 1), np.float32))
            try:
                out.append(fn(x, w, stride=(s,) + (1,) * (n - 1),
                              dilation=(d,) + (1,) * (n - 1)).shape)
            except Exception as e:  # noqa: BLE001 - the class is the result
                out.append(type(e).__name__)
        for prim in (ops.Conv2D(1, (k, 1), stride=(s, 1), dilation=(d, 1)),
                     ops.Conv3D(1, (k, 1, 1), stride=(s, 1, 1), dilation=(d, 1, 1),
                                pad_mode="pad", pad=(0, 1, 0, 0, 0, 0))):
            n = 2 if prim.name == "Conv2D" else 3
            x = ms.Tensor(np.arange(m * 4 ** (n - 1), dtype=np.float32).reshape(
                [1, 1, m] + [4] * (n - 1)))
            w = ms.Tensor(np.ones([1, 1, k] + [1] * (n - 1), np.float32))
            try:
                out.append(prim(x, w))
            except Exception as e:  # noqa: BLE001 - the class is the result
                out.append(type(e).__name__)
    return out
