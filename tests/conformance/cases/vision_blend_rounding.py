"""The colour blends of ``dataset.vision`` (``AdjustSaturation``, ``AdjustContrast``,
``AdjustBrightness``) round as OpenCV's ``addWeighted`` kernel does (float32 weights,
``1 - alpha`` subtracted in float32, a fused multiply-add), bit for bit on a random UInt8
image (a float32 image to the last bit or two: its grey level is summed in another order);
``RandomResize`` draws its interpolation from the transform's seeded stream, in a pipeline
and eagerly."""
import numpy as np

from ._registry import case

IMAGE = np.random.RandomState(1).randint(0, 256, (10, 12, 3)).astype(np.uint8)
FACTORS = (1.3, 0.7, 1.7, 2.5, 0.25, 1.1, 0.9)


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def adjust_blends_uint8(ms):
    vision = __import__(ms.__name__ + ".dataset.vision", fromlist=["vision"])
    out = []
    for f in FACTORS:
        out += [ms.Tensor(vision.AdjustSaturation(f)(IMAGE)),
                ms.Tensor(vision.AdjustContrast(f)(IMAGE)),
                ms.Tensor(vision.AdjustBrightness(f)(IMAGE))]
    return out


@case(modes=("PYNATIVE",), rtol=1e-6, atol=3e-7)
def adjust_blends_float32(ms):
    vision = __import__(ms.__name__ + ".dataset.vision", fromlist=["vision"])
    image = IMAGE.astype(np.float32) / 255
    return [ms.Tensor(vision.AdjustSaturation(f)(image)) for f in FACTORS] + \
        [ms.Tensor(vision.AdjustContrast(f)(image)) for f in FACTORS]


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def random_resize_seeded(ms):
    ds = __import__(ms.__name__ + ".dataset", fromlist=["dataset"])
    vision = __import__(ms.__name__ + ".dataset.vision", fromlist=["vision"])
    ds.config.set_seed(5)
    images = [IMAGE[i:i + 6, i:i + 8].copy() for i in range(5)]
    data = ds.NumpySlicesDataset(images, column_names=["image"], shuffle=False)
    data = data.map(vision.RandomResize((5, 6)), ["image"])
    rows = [ms.Tensor(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
    op = vision.RandomResize((7, 4))
    return rows + [ms.Tensor(op(images[0])) for _ in range(3)]
