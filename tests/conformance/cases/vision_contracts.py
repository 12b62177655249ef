"""What each vision transform accepts, called directly on NumPy images: batches
``<..., H, W, C>`` (the transforms MindSpore maps over the leading dimensions, random ones
drawing per image or once), grey, one-, two-, four- and ten-channel images, every common
dtype, rank 1 and rank 4 inputs; the refusal's class and ``[ERROR]`` line where MindSpore
refuses (OpenCV's own assertion texts are compared by class only). Then the conversions
this sweep found wrong: ``ConvertColor`` on float, grey and RGBA images, ``ResizedCrop`` to an
int size, ``Resize`` with ``PILCUBIC``, ``Invert`` on floats, ``Posterize``/``AdjustGamma``
on Int8, HSV conversions' Float64 result, ``Rotate``'s fill on wide images, ``ToPIL``."""
import numpy as np

from ._registry import case

P = ("PYNATIVE",)


def _inputs():
    rs = np.random.RandomState(11)
    return {
        "u8": rs.randint(0, 256, (6, 7, 3)).astype(np.uint8),
        "f32": (rs.rand(6, 7, 3) * 255).astype(np.float32),
        "grey": rs.randint(0, 256, (6, 7)).astype(np.uint8),
        "c1": rs.randint(0, 256, (6, 7, 1)).astype(np.uint8),
        "c2": rs.randint(0, 256, (6, 7, 2)).astype(np.uint8),
        "rgba": rs.randint(0, 256, (6, 7, 4)).astype(np.uint8),
        "c10": rs.rand(3, 6, 10).astype(np.float32),
        "i32": rs.randint(0, 256, (6, 7, 3)).astype(np.int32),
        "f64": rs.rand(6, 7, 3) * 255,
        "f16": (rs.rand(6, 7, 3) * 255).astype(np.float16),
        "i8": rs.randint(-128, 128, (6, 7, 3)).astype(np.int8),
        "batch": rs.randint(0, 256, (2, 6, 7, 3)).astype(np.uint8),
        "vector": rs.randint(0, 256, (7,)).astype(np.uint8),
    }


def _outcome(op, img):
    """The result, or the refusal: its class and (unless it quotes OpenCV) its message."""
    try:
        out = op(img)
    except Exception as e:  # noqa: BLE001 - the refusal is the result
        text = str(e)
        line = text[text.find("[ERROR] ") + 8:].splitlines()[0] if "[ERROR] " in text else text
        return [type(e).__name__, "" if "OpenCV" in line else line]
    return out


def _sweep(ms, make_ops, names):
    inputs = _inputs()
    return [[_outcome(op, inputs[name]) for name in names] for op in make_ops(ms.dataset.vision)]


_ALL = ("u8", "f32", "grey", "c1", "c2", "rgba", "c10", "i32", "f64", "f16", "i8", "batch",
        "vector")


@case(modes=P, rtol=1e-5, atol=1e-4)
def colour_adjust_contracts(ms):
    return _sweep(ms, lambda V: [
        V.AdjustBrightness(1.5), V.AdjustContrast(0.5), V.AdjustSaturation(1.5),
        V.AdjustHue(0.2), V.AdjustSharpness(2.0), V.RandomSharpness((2.0, 2.0)),
        V.RandomColor((1.5, 1.5)), V.RandomAdjustSharpness(2.0, 1.0),
        V.RandomColorAdjust(contrast=(0.5, 0.5)), V.RandomColorAdjust(hue=(0.1, 0.1))],
        ("u8", "grey", "c1", "c2", "rgba", "c10", "i32", "f64", "f16", "i8", "batch", "vector"))


@case(modes=P, rtol=1e-5, atol=1e-4)
def histogram_and_bit_contracts(ms):
    return _sweep(ms, lambda V: [
        V.AutoContrast(), V.Equalize(), V.Invert(), V.Posterize(3), V.Solarize(128.0),
        V.RandomInvert(1.0), V.RandomEqualize(1.0), V.RandomAutoContrast(prob=1.0),
        V.RandomPosterize((4, 4)), V.RandomSolarize((128, 128)), V.AdjustGamma(0.8, 1.0)],
        ("u8", "f32", "grey", "c1", "c2", "rgba", "c10", "f64", "i8", "batch", "vector"))


@case(modes=P, rtol=1e-5, atol=1e-4)
def geometry_contracts(ms):
    return _sweep(ms, lambda V: [
        V.Pad(2), V.Pad(2, fill_value=(1, 2, 3)), V.PadToSize((9, 9)), V.Crop((1, 2), (4, 4)),
        V.CenterCrop(4), V.CenterCrop(9), V.Erase(1, 1, 3, 3, value=5), V.GaussianBlur(3),
        V.HWC2CHW(), V.ToTensor(), V.NormalizePad([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]),
        V.Normalize([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]), V.RandomVerticalFlip(1.0),
        V.Affine(degrees=15.0, translate=[0.1, 0.1], scale=1.2, shear=[5.0, 5.0],
                 resample=V.Inter.BILINEAR),
        V.Affine(degrees=15.0, translate=[0.1, 0.1], scale=1.2, shear=[5.0, 5.0]),
        V.Rotate(20), V.Resize((4, 9), V.Inter.NEAREST), V.SlicePatches(2, 2)], _ALL)


@case(modes=P, rtol=1e-5, atol=1e-4)
def batched_transforms(ms):
    """Resize, crops, flips, rotation and the elementwise transforms on <N, H, W, C> and
    <M, N, H, W, C> batches (each image in turn), and their rank-1 refusals."""
    V = ms.dataset.vision
    rs = np.random.RandomState(3)
    images = [rs.randint(0, 256, (3, 8, 9, 3)).astype(np.uint8),
              rs.randint(0, 256, (2, 2, 6, 5, 1)).astype(np.uint8),
              rs.rand(2, 7, 6, 3).astype(np.float32), rs.randint(0, 256, (7,)).astype(np.uint8)]
    ops = [V.Resize((5, 4)), V.Resize(4), V.Resize((10, 11), V.Inter.BICUBIC),
           V.Resize((5, 4), V.Inter.NEAREST), V.Resize((4, 3), V.Inter.AREA), V.CenterCrop(4),
           V.CenterCrop((10, 3)), V.HorizontalFlip(), V.VerticalFlip(), V.Rotate(30),
           V.Rotate(45, V.Inter.BILINEAR, False, (2, 3), 9), V.Rotate(90, expand=True),
           V.RandomHorizontalFlip(1.0), V.Normalize([0.5], [0.25]), V.Rescale(2.0, -1.0),
           V.AdjustGamma(0.8, 1.0), V.ToType(np.float32)]
    return [[_outcome(op, img) for img in images] for op in ops]


@case(modes=P)
def batched_random_draws(ms):
    """RandomCrop and RandomResizedCrop draw a window per image of a batch;
    RandomHorizontalFlip draws once for the whole batch."""
    V = ms.dataset.vision
    ms.dataset.config.set_seed(7)
    rs = np.random.RandomState(4)
    batch = rs.randint(0, 256, (4, 8, 8, 3)).astype(np.uint8)
    return [V.RandomCrop(3)(batch), V.RandomResizedCrop(4, scale=(0.2, 0.5))(batch),
            [V.RandomHorizontalFlip(0.5)(batch) for _ in range(4)],
            V.RandomCrop((5, 6), padding=1)(batch)]


@case(modes=P, rtol=1e-6, atol=1e-6)
def convert_color_modes(ms):
    """OpenCV's conversions: float luma 0.299/0.587/0.114, a float alpha of 1.0, an RGBA
    image to the 3-channel conversions (alpha dropped or kept), a grey image made 3-channel
    first, and the refusals of grey-to-colour on colour and colour-to-grey on grey."""
    V = ms.dataset.vision
    M = V.ConvertMode
    rs = np.random.RandomState(8)
    images = [rs.randint(0, 256, (3, 4, 3)).astype(np.uint8), rs.rand(3, 4, 3).astype(np.float32),
              rs.randint(0, 256, (3, 4)).astype(np.uint8),
              rs.randint(0, 256, (3, 4, 1)).astype(np.uint8),
              rs.randint(0, 256, (3, 4, 4)).astype(np.uint8),
              rs.rand(3, 4, 4).astype(np.float32),
              rs.randint(0, 60000, (3, 4, 3)).astype(np.uint16)]
    modes = [M.COLOR_RGB2GRAY, M.COLOR_BGR2GRAY, M.COLOR_RGB2BGR, M.COLOR_RGB2RGBA,
             M.COLOR_RGBA2RGB, M.COLOR_BGR2RGBA, M.COLOR_RGBA2BGR, M.COLOR_GRAY2RGB,
             M.COLOR_GRAY2RGBA, M.COLOR_RGBA2GRAY, M.COLOR_BGRA2RGBA]
    return [[_outcome(V.ConvertColor(m), img) for img in images] for m in modes]


@case(modes=P, rtol=1e-6, atol=1e-6)
def conversions_found_by_the_sweep(ms):
    V = ms.dataset.vision
    rs = np.random.RandomState(9)
    u8 = rs.randint(0, 256, (5, 6, 3)).astype(np.uint8)
    f32 = (rs.rand(2, 3, 3) * 300 - 20).astype(np.float32)
    i8 = np.array([[[-128, -1, 5], [100, -50, 127]]], np.int8)
    wide = np.full((5, 5, 6), 100, np.float32)
    return [V.ResizedCrop(1, 1, 3, 4, 5)(u8), V.ResizedCrop(0, 0, 4, 6, 3, V.Inter.BICUBIC)(u8),
            V.Resize((7, 9), V.Inter.PILCUBIC)(u8), V.Resize((3, 4), V.Inter.PILCUBIC)(u8),
            V.Invert()(f32), V.Posterize(3)(i8), V.RandomPosterize((2, 2))(i8),
            V.AdjustGamma(0.8, 1.0)(i8), V.AdjustGamma(0.5, 2.0)(f32.astype(np.float64)),
            V.RgbToHsv()(rs.rand(3, 2, 2).astype(np.float32)),
            V.HsvToRgb(is_hwc=True)(rs.rand(2, 2, 3).astype(np.float32)),
            V.Rotate(45, fill_value=9)(wide), V.Rotate(45, fill_value=(1, 2, 3))(wide[..., :4]),
            V.Rotate(45, V.Inter.BILINEAR, fill_value=(1, 2, 3))(wide[..., :2]),
            V.Pad(1, fill_value=(7, 2, 3))(u8[..., 0]), V.Pad(1, fill_value=(7, 2, 3))(u8[..., :1]),
            np.asarray(V.ToPIL()(u8[..., :1])), _outcome(V.ToPIL(), f32),
            _outcome(V.ToPIL(), np.zeros((2, 2, 5), np.uint8)),
            _outcome(V.ToPIL(), np.zeros((1, 2, 2, 3), np.uint8))]


@case(modes=P)
def concatenate_contract(ms):
    T = ms.dataset.transforms
    out = [_outcome(T.Concatenate(0), np.zeros((2, 2))),
           _outcome(T.Concatenate(-1, np.array([1])), np.array([5, 6]))]
    for args in ((1,), (0, np.zeros((2, 2))), (0, None, np.zeros((1, 1))), (0, [1, 2])):
        try:
            T.Concatenate(*args)
            out.append("no error")
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append([type(e).__name__, str(e)])
    return out


@case(modes=P)
def refusals_inside_map(ms):
    """A transform's refusal inside ``map`` names the transform, then gives its message."""
    out = []
    for op in (ms.dataset.vision.Invert(), ms.dataset.vision.Pad(1),
               ms.dataset.vision.HWC2CHW()):
        data = ms.dataset.NumpySlicesDataset(
            {"x": np.zeros((2, 4, 4, 4, 4), np.uint8)}, shuffle=False).map(op, ["x"])
        try:
            list(data.create_tuple_iterator(output_numpy=True))
            out.append("no error")
        except RuntimeError as e:
            out.append([line for line in str(e).splitlines() if "[ERROR]" in line])
    return out
