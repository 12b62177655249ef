"""``AdjustHue`` on UInt8 images of widths around OpenCV's 32-pixel vector blocks: each
row's blocks are truncated to bytes, the rest of the row rounded (bit for bit)."""
import numpy as np

from ._registry import case

for _width in (20, 33, 50, 70):
    def _hue(ms, _width=_width):
        rng = np.random.RandomState(_width)
        img = rng.randint(0, 256, (5, _width, 3)).astype(np.uint8)
        vision = ms.dataset.vision
        return [np.asarray(vision.AdjustHue(f)(img)) for f in (0.0, 0.2, -0.45)]
    _hue.__name__ = _hue.__qualname__ = f"adjust_hue_width_{_width}"
    case(modes=("PYNATIVE",), rtol=0.0, atol=0.0)(_hue)


@case(modes=("PYNATIVE",), rtol=0.0, atol=0.0)
def random_color_adjust_hue_width_40(ms):
    ms.dataset.config.set_seed(5)
    rng = np.random.RandomState(40)
    img = rng.randint(0, 256, (6, 40, 3)).astype(np.uint8)
    op = ms.dataset.vision.RandomColorAdjust(hue=(-0.3, 0.3))
    return [np.asarray(op(img)) for _ in range(3)]
