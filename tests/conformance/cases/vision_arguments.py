"""The constructors of ``dataset.vision`` refuse bad arguments as MindSpore's validators do:
each parameter of 40 transforms given ten bad values (negative, zero, a float, a string, a
bool, None, a 5-tuple, 1e9, an empty list, -0.5); the exception class and its message (the
class only for ``data_type``, whose message names the dtype class)."""
import numpy as np

from ._registry import case

BAD = [-1, 0, 1.5, "x", True, None, (1, 2, 3, 4, 5), 1e9, [], -0.5]


def _base(vision):
    inter, border = vision.Inter, vision.Border
    return {
        "AdjustBrightness": dict(brightness_factor=1.0),
        "AdjustContrast": dict(contrast_factor=1.0),
        "AdjustGamma": dict(gamma=1.0, gain=1.0), "AdjustHue": dict(hue_factor=0.1),
        "AdjustSaturation": dict(saturation_factor=1.0),
        "AdjustSharpness": dict(sharpness_factor=1.0),
        "Affine": dict(degrees=10.0, translate=[1, 1], scale=1.0, shear=[0.0, 0.0]),
        "AutoContrast": dict(cutoff=1.0, ignore=[1]), "CenterCrop": dict(size=3),
        "Crop": dict(coordinates=(0, 0), size=2), "CutOut": dict(length=2, num_patches=1),
        "Erase": dict(top=0, left=0, height=1, width=1, value=0),
        "GaussianBlur": dict(kernel_size=3),
        "Normalize": dict(mean=[1.0, 1.0, 1.0], std=[1.0, 1.0, 1.0]),
        "NormalizePad": dict(mean=[1.0, 1.0, 1.0], std=[1.0, 1.0, 1.0], dtype="float32"),
        "Pad": dict(padding=1, fill_value=0), "PadToSize": dict(size=5, offset=None),
        "Posterize": dict(bits=3), "RandomAdjustSharpness": dict(degree=1.0, prob=0.5),
        "RandomAffine": dict(degrees=10.0, translate=[0.1, 0.1], scale=[0.9, 1.1],
                             shear=5.0),
        "RandomAutoContrast": dict(cutoff=1.0, ignore=None, prob=0.5),
        "RandomColor": dict(degrees=(0.1, 1.9)),
        "RandomColorAdjust": dict(brightness=(1, 1), contrast=(1, 1), saturation=(1, 1),
                                  hue=(0, 0)),
        "RandomCrop": dict(size=3, padding=None), "RandomEqualize": dict(prob=0.5),
        "RandomErasing": dict(prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0,
                              max_attempts=10),
        "RandomGrayscale": dict(prob=0.1), "RandomHorizontalFlip": dict(prob=0.5),
        "RandomInvert": dict(prob=0.5), "RandomPosterize": dict(bits=(8, 8)),
        "RandomResizedCrop": dict(size=3, scale=(0.08, 1.0), ratio=(0.75, 1.33)),
        "RandomRotation": dict(degrees=10.0), "RandomSharpness": dict(degrees=(0.1, 1.9)),
        "RandomSolarize": dict(threshold=(0, 255)), "RandomVerticalFlip": dict(prob=0.5),
        "Rescale": dict(rescale=1.0, shift=0.0), "Resize": dict(size=3),
        "ResizedCrop": dict(top=0, left=0, height=2, width=2, size=3),
        "Rotate": dict(degrees=10.0), "SlicePatches": dict(num_height=1, num_width=1),
        "Solarize": dict(threshold=10), "ToType": dict(data_type=np.float32),
        "MixUpBatch": dict(alpha=1.0),
        "CutMixBatch": dict(image_batch_format=vision.ImageBatchFormat.NHWC, alpha=1.0,
                            prob=1.0),
        "RandomCropDecodeResize": dict(size=3),
        "TrivialAugmentWide": dict(num_magnitude_bins=31),
        "RandAugment": dict(num_ops=2, magnitude=9),
        "_unused": dict(interpolation=inter.LINEAR, padding_mode=border.CONSTANT),
    }


@case(modes=("PYNATIVE",))
def vision_constructor_refusals(ms):
    vision = ms.dataset.vision
    out = []
    for name, kw in _base(vision).items():
        if name.startswith("_"):
            continue
        cls = getattr(vision, name)
        for param in kw:
            for bad in BAD:
                args = dict(kw)
                args[param] = bad
                try:
                    cls(**args)
                    out.append((name, param, repr(bad), "OK", ""))
                except Exception as e:  # noqa: BLE001 - the class and message are the result
                    text = "" if param == "data_type" else str(e).split("\n")[0]
                    out.append((name, param, repr(bad), type(e).__name__, text))
    return out


@case(modes=("PYNATIVE",))
def transforms_constructor_refusals(ms):
    """``dataset.transforms`` constructors with the same ten bad values per parameter (the
    class only where the message names MindSpore's dtype class)."""
    t, vision = ms.dataset.transforms, ms.dataset.vision
    flip = vision.HorizontalFlip()
    base = {
        "OneHot": dict(num_classes=3, smoothing_rate=0.0), "Fill": dict(fill_value=1),
        "Mask": dict(operator=t.Relational.EQ, constant=1, dtype=ms.bool_),
        "PadEnd": dict(pad_shape=[3], pad_value=0),
        "Concatenate": dict(axis=0, prepend=None, append=None),
        "RandomApply": dict(transforms=[flip], prob=0.5),
        "RandomChoice": dict(transforms=[flip]), "RandomOrder": dict(transforms=[flip]),
        "Compose": dict(transforms=[flip]), "TypeCast": dict(data_type=ms.int32),
    }
    out = []
    for name, kw in base.items():
        for param in kw:
            for bad in BAD:
                args = dict(kw)
                args[param] = bad
                try:
                    getattr(t, name)(**args)
                    out.append((name, param, repr(bad), "OK", ""))
                except Exception as e:  # noqa: BLE001 - the class and message are the result
                    text = "" if param in ("data_type", "dtype") else str(e).split("\n")[0]
                    out.append((name, param, repr(bad), type(e).__name__, text))
    return out


@case(modes=("PYNATIVE",))
def random_order_seeded(ms):
    """``transforms.RandomOrder`` shuffles its list with Python's ``random`` after
    ``dataset.config.set_seed`` (in place, call after call)."""
    vision = ms.dataset.vision
    ms.dataset.config.set_seed(5)
    img = np.arange(24, dtype=np.uint8).reshape(4, 6)
    op = ms.dataset.transforms.RandomOrder([vision.HorizontalFlip(), vision.Crop((0, 0), 3),
                                            vision.VerticalFlip()])
    return [op(img) for _ in range(6)]
