"""``dataset.vision`` on PIL images and in ``map`` pipelines: a transform given a PIL image
runs MindSpore's Pillow path (Pillow's resize, crop, ``ImageEnhance``, ``ImageOps``; draws
from Python's ``random``, so seeded runs agree draw for draw), ``ToTensor`` divides a PIL
image by 255 but multiplies an array by the float32 reciprocal; in a ``map`` each transform
takes the path of the transform before it unless it has its own (``ToTensor``, ``Normalize``:
arrays; ``Decode(to_pil=True)``: Pillow). Also ``Rescale``'s fused rounding, the HSV
conversions and the RuntimeError a failing ``map`` raises."""
import io

import numpy as np

from ._registry import case

IMG = np.random.RandomState(3).randint(0, 256, (23, 31, 3)).astype(np.uint8)
IMG[:, :9] = 120  # a flat band: crops and resizes of it are easy to tell apart


def _pil(img=IMG):
    from PIL import Image
    return Image.fromarray(img)


def _png(img=IMG) -> np.ndarray:
    buf = io.BytesIO()
    _pil(img).save(buf, format="PNG")
    return np.frombuffer(buf.getvalue(), np.uint8)


def _out(value):
    return (type(value).__name__, np.asarray(value))


@case(modes=("PYNATIVE",))
def pil_image_deterministic_transforms(ms):
    v = ms.dataset.vision
    ops = (v.Resize((13, 17)), v.Resize(20), v.Resize(12, v.Inter.CUBIC),
           v.Resize((30, 40), v.Inter.NEAREST), v.Resize((11, 14), v.Inter.ANTIALIAS),
           v.CenterCrop(10), v.CenterCrop((11, 20)), v.ToTensor(),
           v.Pad((1, 2, 3, 4), fill_value=(10, 20, 30)),
           v.Pad(3, padding_mode=v.Border.REFLECT), v.Pad(2, padding_mode=v.Border.EDGE),
           v.AdjustBrightness(1.3), v.AdjustContrast(0.7), v.AdjustSaturation(1.5),
           v.AdjustGamma(0.8, 1.1), v.AutoContrast(cutoff=5.0), v.Equalize(), v.Invert())
    return [_out(op(_pil())) for op in ops]


@case(modes=("PYNATIVE",))
def pil_image_random_transforms_seeded(ms):
    v = ms.dataset.vision
    ms.dataset.config.set_seed(5)
    out = []
    for _ in range(3):
        for op in (v.RandomCrop(20, padding=2), v.RandomResizedCrop(16, scale=(0.3, 0.9)),
                   v.RandomHorizontalFlip(0.5), v.RandomVerticalFlip(0.5),
                   v.RandomColorAdjust(0.4, 0.4, 0.4, 0.1), v.RandomRotation(30, expand=True),
                   v.RandomSharpness((0.1, 1.9)), v.RandomColor((0.1, 1.9))):
            out.append(_out(op(_pil())))
    return out


@case(modes=("PYNATIVE",))
def pil_image_errors(ms):
    v = ms.dataset.vision
    out = []
    for call in (lambda: v.Resize(10, v.Inter.AREA)(_pil()),
                 lambda: v.Resize(10, v.Inter.ANTIALIAS)(IMG),
                 lambda: v.RandomResizedCrop(5, interpolation=v.Inter.ANTIALIAS)(IMG)):
        try:
            out.append(_out(call()))
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append((type(e).__name__, str(e)))
    return out


def _rows(ms, ops, columns=1):
    data = ms.dataset.GeneratorDataset(lambda: ((_png(), np.int32(i)) for i in range(4)),
                                       ["image", "label"], shuffle=False)
    data = data.map(ops, input_columns="image", num_parallel_workers=1)
    return [row[0] for row in data.create_tuple_iterator(output_numpy=True)]


@case(modes=("PYNATIVE",))
def map_pil_pipelines(ms):
    """In a map, ToTensor and Normalize take arrays even after Pillow transforms; the
    transforms between follow Decode(to_pil=True) onto Pillow (seeded draws agree)."""
    v = ms.dataset.vision
    ms.dataset.config.set_seed(3)
    norm = v.Normalize([0.5, 0.5, 0.5], [0.2, 0.2, 0.2], is_hwc=False)
    return (_rows(ms, [v.Decode(to_pil=True), v.CenterCrop(24), v.ToTensor()]),
            _rows(ms, [v.Decode(to_pil=True), v.ToTensor(), norm]),
            _rows(ms, [v.Decode(to_pil=True), v.RandomResizedCrop(16, scale=(0.5, 1.0)),
                       v.RandomHorizontalFlip(), v.ToTensor(), norm]),
            _rows(ms, [v.Decode(), v.ToPIL(), v.CenterCrop(5)]),
            _rows(ms, ms.dataset.transforms.Compose([v.Decode(to_pil=True), v.Resize(30),
                                                     v.CenterCrop(12), v.ToTensor()])))


@case(modes=("PYNATIVE",))
def rescale_and_to_tensor_rounding(ms):
    v = ms.dataset.vision
    a = np.arange(256, dtype=np.uint8).reshape(16, 16, 1).repeat(3, 2)
    return ([v.Rescale(s, t)(a) for s, t in ((1 / 255.0, -0.5), (0.017, 1.3), (1 / 127.5, -1))]
            + [v.ToTensor()(a), v.ToTensor()(a.astype(np.float32) * np.float32(1.37)),
               v.ToTensor(np.float16)(a)])


@case(modes=("PYNATIVE",))
def rgb_hsv_conversions(ms):
    v = ms.dataset.vision
    f = IMG.astype(np.float32) / 255
    out = [v.RgbToHsv(True)(f), v.RgbToHsv(True)(IMG), v.RgbToHsv()(f.transpose(2, 0, 1)),
           v.RgbToHsv(True)(np.stack([f, f[::-1]])),
           v.HsvToRgb(True)(v.RgbToHsv(True)(f))]
    for call in (lambda: v.RgbToHsv()(IMG), lambda: v.RgbToHsv(1),
                 lambda: v.HsvToRgb(True)(IMG[0])):
        try:
            out.append(call())
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append((type(e).__name__, str(e)))
    return out


@case(modes=("PYNATIVE",))
def map_failures_are_runtime_errors(ms):
    """A failing operation inside ``map`` raises RuntimeError: a Python function's names
    ``[PyFunc]`` and ends with its exception, a transform's names the transform."""
    def bad(x):
        if x[0] == 1:
            raise ValueError("bad value here")
        return x

    out = []
    for op in (bad, ms.dataset.vision.Resize(3)):
        data = ms.dataset.GeneratorDataset(
            lambda: ((np.array([i], np.int32),) for i in range(3)), ["x"], shuffle=False)
        data = data.map(op, input_columns="x")
        seen = []
        try:
            for row in data.create_tuple_iterator(output_numpy=True):
                seen.append(row[0])
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            lines = [line for line in str(e).splitlines() if line.strip()]
            out.append((seen, type(e).__name__, lines[0].rstrip(),
                        [line for line in lines if "map operation" in line][0],
                        [line for line in lines if "bad value here" in line][-1:]))
    return out
