"""nn.Upsample, nn.PixelShuffle, nn.PixelUnshuffle as Cells: outputs and input gradients."""
import numpy as np

from ._registry import case

IMG = np.random.RandomState(5).uniform(-2, 2, (2, 8, 3, 4)).astype(np.float32)


def _loss(ms, cell, weight=None):
    """A Cell (MindSpore's GRAPH_MODE cannot differentiate a closure over a Cell)."""
    class Loss(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.cell = cell

        def construct(self, x):
            y = self.cell(x)
            return (y * y).sum() if weight is None else (y * weight).sum()
    return Loss()


def _out_and_grad(ms, cell):
    x = ms.Tensor(IMG)
    return cell(x), ms.grad(_loss(ms, cell))(x)


@case()
def upsample_bilinear_cell(ms):
    return _out_and_grad(ms, ms.nn.Upsample(size=(5, 7), mode="bilinear"))


@case()
def upsample_bilinear_align_corners_cell(ms):
    return _out_and_grad(ms, ms.nn.Upsample(size=(6, 2), mode="bilinear", align_corners=True))


@case()
def upsample_nearest_recompute_cell(ms):
    return _out_and_grad(ms, ms.nn.Upsample(scale_factor=(2.0, 1.5), recompute_scale_factor=True))


@case()
def upsample_float_scale_recompute_cells(ms):
    """A bare float scale_factor beside None settings (the recorder lifts floats to graph
    inputs and must fall back to a constant for a setting, whatever else is None)."""
    return [_out_and_grad(ms, ms.nn.Upsample(scale_factor=s, mode=m, align_corners=a,
                                             recompute_scale_factor=True))
            for s, m, a in ((2.0, "nearest", None), (1.5, "bilinear", False),
                            (3.0, "bicubic", True))]


@case()
def pixel_shuffle_cells(ms):
    shuffle, unshuffle = ms.nn.PixelShuffle(2), ms.nn.PixelUnshuffle(2)
    x = ms.Tensor(IMG)
    return (shuffle(x), unshuffle(shuffle(x)),
            ms.grad(_loss(ms, shuffle, ms.Tensor(np.arange(2 * 2 * 6 * 8, dtype=np.float32)
                                                 .reshape(2, 2, 6, 8))))(x))


@case(modes=("PYNATIVE",))
def image_layer_reprs(ms):
    return [repr(ms.nn.PixelShuffle(2)), repr(ms.nn.PixelUnshuffle(3))]


@case(rtol=1e-5, atol=1e-6)
def interpolate_bicubic(ms):
    """``mode='bicubic'``: MindSpore's ResizeBicubic (half-pixel Keys a = -0.5 with outside
    taps dropped, or align_corners a = -0.75 clamped; 1024-step weight table), up and
    down, and its gradient."""
    r = np.random.RandomState(0)
    x = ms.Tensor(r.randn(2, 3, 5, 6).astype(np.float32))
    sens = ms.Tensor(r.randn(2, 3, 7, 9).astype(np.float32))
    outs = [ms.ops.interpolate(x, size=size, mode="bicubic", align_corners=ac)
            for size in ((7, 9), (3, 4), (2, 11), (1, 1)) for ac in (False, True)]

    def loss(v):
        return (ms.ops.interpolate(v, size=(7, 9), mode="bicubic") * sens).sum()

    return outs, ms.grad(loss)(x), ms.nn.Upsample(size=(8, 4), mode="bicubic")(x)


@case(rtol=1e-5, atol=1e-6)
def interpolate_five_d(ms):
    """5-D ``interpolate``: 'trilinear' (half-pixel or align_corners), 'nearest' and 'area',
    by size and by ``scale_factor`` (mapped by ``1 / scale_factor``), and a gradient."""
    r = np.random.RandomState(0)
    x = ms.Tensor(r.randn(1, 2, 3, 4, 5).astype(np.float32))
    sens = ms.Tensor(r.randn(1, 2, 4, 8, 6).astype(np.float32))
    ops = ms.ops
    outs = [ops.interpolate(x, size=(5, 7, 6), mode="trilinear"),
            ops.interpolate(x, size=(5, 7, 6), mode="trilinear", align_corners=True),
            ops.interpolate(x, size=(2, 3, 3), mode="trilinear"),
            ops.interpolate(x, scale_factor=(1.5, 2.0, 1.3), mode="trilinear"),
            ops.interpolate(x, scale_factor=(1.5, 2.0, 1.3), mode="trilinear",
                            recompute_scale_factor=True),
            ops.interpolate(x, size=(5, 7, 6), mode="nearest"),
            ops.interpolate(x, scale_factor=(1.5, 2.0, 1.3), mode="nearest"),
            ops.interpolate(x, size=(2, 2, 3), mode="area")]

    def loss(v):
        return (ops.interpolate(v, scale_factor=(1.5, 2.0, 1.3), mode="trilinear") * sens).sum()

    return outs, ms.grad(loss)(x)


@case(modes=("PYNATIVE",))
def interpolate_scale_factor_checks(ms):
    """``scale_factor`` must be a Python float (an int, even 2, is a TypeError naming the
    element), and positive (ValueError), for ``ops.interpolate`` and ``nn.Upsample``."""
    x = ms.Tensor(np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3))
    out = []
    for sf in (2, 2.0, (2, 2), (2.0, 2.0), (2, 2.0), -1.0, 0.0, (2.0, -1.0), True,
               (True, 2.0), "2", [2.0, 2.0]):
        for f in (lambda sf=sf: ms.nn.Upsample(scale_factor=sf, mode="nearest")(x),
                  lambda sf=sf: ms.ops.interpolate(x, scale_factor=sf, mode="bilinear",
                                             recompute_scale_factor=True)):
            try:
                out.append(f().asnumpy().tolist())
            except (TypeError, ValueError) as e:
                out.append((type(e).__name__, str(e).split("\n")[0]))
    return out


def _unfold_length(ms, shape, k, r):
    net = ms.nn.Unfold([1, k, k, 1], [1, 1, 1, 1], [1, r, r, 1], "valid")
    return net(ms.Tensor(np.ones(shape, np.float32)))


@case(modes="PYNATIVE")
def unfold_zero_length_refused(ms):
    """ExtractImagePatches' shape check refuses a zero output length (MindSpore's CPU build
    has no kernel for the lengths it accepts, so only the refusal is recorded)."""
    return _unfold_length(ms, (1, 2, 2, 2), 2, 2)


@case(modes="PYNATIVE")
def unfold_zero_column_refused(ms):
    return _unfold_length(ms, (1, 1, 2, 3), 3, 1)


@case(modes="PYNATIVE")
def unfold_negative_length_fails(ms):
    """A window longer than the input by more than one passes the shape check and fails
    at the kernel (RuntimeError)."""
    return _unfold_length(ms, (1, 2, 3, 5), 3, 2)
