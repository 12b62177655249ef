"""``ops.pad`` in its non-constant modes (MindSpore's PadV3 kernel): which ranks a padding of
2, 4 or 6 values pads, reflect's limits, negative amounts (reflect/replicate pad then crop,
circular crops then wraps), with gradients; and the padding layers' kernels
(ReflectionPad*: MirrorPad, any rank; ReplicationPad*: PadV3)."""
import numpy as np

from ._registry import case


def _x(ms, *shape):
    return ms.Tensor(np.arange(int(np.prod(shape)), dtype=np.float32).reshape(shape) / 4)


def _outcomes(calls):
    out = []
    for name, call in calls:
        try:
            out.append((name, "OK", call().asnumpy().tolist()))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append((name, type(e).__name__))
    return out


@case(modes=("PYNATIVE",))
def pad_v3_ranks(ms):
    calls = []
    for mode in ("reflect", "replicate", "circular"):
        for size in (2, 4, 6, 8):
            for rank in (1, 2, 3, 4, 5):
                calls.append((f"{mode}{size}r{rank}", lambda m=mode, s=size, r=rank:
                              ms.ops.pad(_x(ms, *(2,) * r), (1,) * s, mode=m).sum()))
    return _outcomes(calls)


@case()
def pad_negative_and_edge_amounts(ms):
    x = _x(ms, 2, 3, 4)
    out = []
    for mode in ("reflect", "replicate", "circular"):
        for p in [(-1, 2), (2, -1), (-1, -1), (3, 0), (0, 4), (1, 2, -1, 1), (2, 2, 2, 2)]:
            if mode == "reflect" and max(p) >= 3:
                continue
            out.append(ms.ops.pad(x, p, mode=mode))
    return out


@case()
def pad_mode_gradients(ms):
    x = _x(ms, 1, 3, 4)
    out = []

    def squared(mode, padding):
        def loss(v):
            y = ms.ops.pad(v, padding, mode=mode)
            return (y * y).sum()
        return loss
    for mode in ("reflect", "replicate", "circular"):
        for p in [(2, 1), (1, 2, 2, 0), (-1, 2)]:
            out.append(ms.grad(squared(mode, p))(x))
    return out


@case(modes=("PYNATIVE",))
def pad_v3_refusals(ms):
    x = _x(ms, 1, 3, 3)
    return _outcomes([
        ("reflect_long_left", lambda: ms.ops.pad(x, (3, 0), mode="reflect")),
        ("reflect_long_right", lambda: ms.ops.pad(x, (1, 3), mode="reflect")),
        ("reflect_long_h", lambda: ms.ops.pad(x, (0, 0, 3, 1), mode="reflect")),
        ("unknown_mode", lambda: ms.ops.pad(x, (1, 1), mode="symmetric")),
    ])


@case(modes=("PYNATIVE",))
def padding_layer_kernels(ms):
    nn = ms.nn
    calls = []
    for name, make in [("refl1d_3", lambda: nn.ReflectionPad1d(3)),
                       ("refl1d_21", lambda: nn.ReflectionPad1d((2, 1))),
                       ("repl1d_neg", lambda: nn.ReplicationPad1d((-1, 2))),
                       ("repl2d_neg", lambda: nn.ReplicationPad2d((1, -1, 2, 0))),
                       ("refl2d_3", lambda: nn.ReflectionPad2d(3)),
                       ("repl3d_1", lambda: nn.ReplicationPad3d(1)),
                       ("repl1d_5", lambda: nn.ReplicationPad1d(5))]:
        for rank in (2, 3, 4):
            calls.append((f"{name}r{rank}", lambda mk=make, r=rank:
                          mk()(_x(ms, *(2,) * (r - 2), 3, 3))))
    return _outcomes(calls)
