"""``vision.Resize`` pixel for pixel on random UInt8 shapes: INTER_CUBIC (the vertical pass
in float32 as OpenCV's vector code computes it) and PILCUBIC shrinking one axis while
growing the other (the horizontal pass over the whole image first)."""
import numpy as np

from ._registry import case

P = ("PYNATIVE",)


@case(modes=P)
def cubic_random_shapes(ms):
    vision = ms.dataset.vision
    rng = np.random.RandomState(11)
    out = []
    for i in range(40):
        h, w = rng.randint(3, 17, 2)
        img = rng.randint(0, 256, (h, w, (1, 3)[i % 2])).astype(np.uint8)
        oh, ow = rng.randint(2, 21, 2)
        out.append(vision.Resize((int(oh), int(ow)), vision.Inter.CUBIC)(img))
    return out


@case(modes=P)
def pil_cubic_mixed_directions(ms):
    vision = ms.dataset.vision
    img = np.random.RandomState(7).randint(0, 256, (23, 19, 3)).astype(np.uint8)
    return [vision.Resize(size, vision.Inter.PILCUBIC)(img)
            for size in ((11, 50), (40, 9), (23, 40), (10, 19), (5, 7), (40, 31))]
