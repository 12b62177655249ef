"""``dataset.vision`` adjustments on fixed images, pixel for pixel (UInt8 and Float32), and
their random forms where the outcome is fixed (``prob`` 0 or 1, a one-element policy, a
degenerate threshold range)."""
import numpy as np

from ._registry import case

IMG = np.random.RandomState(0).randint(0, 256, (5, 6, 3)).astype(np.uint8)
IMGF = (IMG / 255.0).astype(np.float32)


def _t(ms, a):
    return ms.Tensor(np.asarray(a))


@case(modes=("PYNATIVE",))
def colour_adjustments(ms):
    v = ms.dataset.vision
    ops = (v.AdjustBrightness(1.3), v.AdjustBrightness(0.4), v.AdjustContrast(0.6),
           v.AdjustContrast(1.7), v.AdjustSaturation(0.4), v.AdjustSaturation(2.2),
           v.AdjustGamma(0.5, 1.2), v.AdjustGamma(2.0), v.AdjustGamma(1.0, 0.7))
    return [_t(ms, op(IMG)) for op in ops] + [_t(ms, op(IMGF)) for op in ops]


@case(modes=("PYNATIVE",))
def solarize_and_posterize(ms):
    v = ms.dataset.vision
    return [_t(ms, op(IMG)) for op in (
        v.Solarize(100), v.Solarize((50, 150)), v.Solarize(0), v.Posterize(3), v.Posterize(8),
        v.Posterize(1), v.RandomSolarize((80, 80)))] + [_t(ms, v.Solarize(0.5)(IMGF))]


@case(modes=("PYNATIVE",))
def crops_flips_erase(ms):
    v = ms.dataset.vision
    return [_t(ms, op(IMG)) for op in (
        v.Crop((1, 2), (2, 3)), v.Crop((0, 0), 4), v.HorizontalFlip(), v.VerticalFlip(),
        v.Erase(1, 1, 2, 3, (10, 20, 30)), v.Erase(0, 2, 5, 1, 7),
        v.ResizedCrop(1, 1, 3, 4, (6, 8), v.Inter.NEAREST))] + [
        _t(ms, v.Erase(1, 0, 1, 2, 0.5)(IMGF))]


@case(modes=("PYNATIVE",))
def types_and_normalize_pad(ms):
    v = ms.dataset.vision
    return (_t(ms, v.ToType(np.float32)(IMG)), _t(ms, v.ToType(ms.int32)(IMG)),
            _t(ms, v.NormalizePad([100.0, 110.0, 120.0], [50.0, 60.0, 70.0])(IMG)),
            _t(ms, v.NormalizePad([0.5, 0.4, 0.3], [0.2, 0.2, 0.2], "float16")(IMGF)),
            _t(ms, v.NormalizePad([100.0, 110.0, 120.0], [50.0, 60.0, 70.0], is_hwc=False)(
                np.ascontiguousarray(np.transpose(IMG, (2, 0, 1))))))


@case(modes=("PYNATIVE",))
def random_forms_with_fixed_outcome(ms):
    v = ms.dataset.vision
    return [_t(ms, op(IMG)) for op in (
        v.RandomInvert(1.0), v.RandomInvert(0.0), v.RandomEqualize(1.0),
        v.RandomAutoContrast(prob=1.0), v.RandomAutoContrast(cutoff=10.0, prob=1.0),
        v.RandomAdjustSharpness(2.0, prob=1.0), v.RandomAdjustSharpness(2.0, prob=0.0),
        v.RandomSelectSubpolicy([[(v.Invert(), 1.0), (v.Posterize(4), 1.0)]]),
        v.RandomSelectSubpolicy([[(v.Invert(), 0.0)], [(v.Invert(), 0.0)]]))]


@case(modes=("PYNATIVE",))
def adjust_errors(ms):
    v = ms.dataset.vision
    out = []
    for make in (lambda: v.AdjustBrightness(-1), lambda: v.AdjustGamma(-0.5),
                 lambda: v.Posterize(9), lambda: v.RandomInvert(1.5),
                 lambda: v.RandomSelectSubpolicy([])):
        try:
            make()
            out.append("no error")
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            out.append(type(e).__name__)
    return tuple(out)


@case(modes=("PYNATIVE",))
def read_image_modes(ms):
    import os
    import tempfile

    from PIL import Image
    v = ms.dataset.vision
    folder = tempfile.mkdtemp()
    rgb, grey = os.path.join(folder, "rgb.png"), os.path.join(folder, "grey.png")
    Image.fromarray(IMG).save(rgb)
    Image.fromarray(IMG[..., 1]).save(grey)
    out = [_t(ms, v.read_image(rgb)), _t(ms, v.read_image(rgb, v.ImageReadMode.GRAYSCALE)),
           _t(ms, v.read_image(rgb, v.ImageReadMode.COLOR)), _t(ms, v.read_image(grey)),
           _t(ms, v.read_image(grey, v.ImageReadMode.COLOR)),
           [int(m) for m in v.ImageReadMode]]
    for bad in (os.path.join(folder, "missing.png"), 3):
        try:
            v.read_image(bad)
            out.append("no error")
        except Exception as e:  # noqa: BLE001 - the class is what is recorded
            out.append(type(e).__name__)
    return out


@case(modes=("PYNATIVE",))
def random_resize_shapes(ms):
    v = ms.dataset.vision
    return [list(v.RandomResize(size)(IMG).shape) for size in (3, (2, 4), 8, (7, 5))]


@case(modes=("PYNATIVE",))
def padded_batch(ms):
    ds = ms.dataset

    def gen():
        for i in range(5):
            yield (np.arange(i + 1, dtype=np.int32),
                   np.full((2, i % 3 + 1), i, np.float32), np.array([i], np.int64))
    out = []
    for batch, pad_info in ((2, {"a": ([4], -1), "b": (None, 9)}),
                            (3, {"a": None, "b": ([2, None], 0.5)}),
                            (2, {"a": ([None], 7), "b": ([3, 2], None)})):
        d = ds.GeneratorDataset(gen, ["a", "b", "c"], shuffle=False).padded_batch(
            batch, pad_info=pad_info)
        rows = [[ms.Tensor(x) for x in r] for r in d.create_tuple_iterator(output_numpy=True)]
        out.append((rows, d.get_dataset_size()))
    return out


@case(modes=("PYNATIVE",))
def adjust_dtype_rules(ms):
    """AdjustBrightness on Int32 (double arithmetic with float32 weights: exact halves round
    down where the float32 weight is below the decimal), the cv::Mat depths (Int64/UInt32
    refused by AdjustBrightness and the nearest-neighbour Rotate), and Normalize with
    ``is_hwc=False`` on an HW image (its rows are the channels)."""
    vision = ms.dataset.vision
    ramp = np.arange(0, 200, dtype=np.int32).reshape(10, 20, 1)
    out = [vision.AdjustBrightness(f)(ramp) for f in (1.3, 0.7, 1.5, 2.5)]
    for dtype in (np.int64, np.uint32, np.int8, np.float16):
        for op in (vision.AdjustBrightness(1.3), vision.Rotate(30)):
            try:
                out.append(op(ramp.astype(dtype)))
            except RuntimeError:
                out.append("RuntimeError")
    hw = np.random.RandomState(3).rand(3, 4).astype(np.float32)
    out.append(vision.Normalize([0.5, 0.4, 0.3], [0.2, 0.3, 0.4], is_hwc=False)(hw))
    out.append(vision.Normalize([0.5], [0.2], is_hwc=False)(hw))
    return out
