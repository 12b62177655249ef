"""Vision transforms on random UInt8 shapes and arguments, pixel for pixel: nearest and
area resizes (OpenCV's ``floor(d / (out / in))`` positions), AutoContrast with fractional
cutoffs and ignored levels, Equalize (OpenCV's float32 scale)."""
import numpy as np

from ._registry import case

P = ("PYNATIVE",)


@case(modes=P)
def resize_positions(ms):
    vision = ms.dataset.vision
    rng = np.random.RandomState(21)
    out = []
    img = rng.randint(0, 256, (21, 14, 1)).astype(np.uint8)
    for mode in (vision.Inter.NEAREST, vision.Inter.AREA, vision.Inter.LINEAR):
        out.append(vision.Resize((19, 18), mode)(img))
    for _ in range(12):
        h, w = rng.randint(3, 15, 2)
        img = rng.randint(0, 256, (h, w)).astype(np.uint8)
        size = tuple(int(v) for v in rng.randint(2, 24, 2))
        out += [vision.Resize(size, mode)(img) for mode in (vision.Inter.NEAREST,
                                                              vision.Inter.AREA)]
    return out


@case(modes=P)
def autocontrast_cutoffs_and_ignores(ms):
    vision = ms.dataset.vision
    rng = np.random.RandomState(5)
    out = []
    for _ in range(16):
        img = rng.randint(0, 40, (int(rng.randint(5, 12)), 7)).astype(np.uint8)
        cutoff = float(rng.uniform(0, 30))
        ignore = sorted(set(rng.randint(0, 40, 3).tolist()))
        out.append(vision.AutoContrast(cutoff, ignore)(img))
        out.append(vision.AutoContrast(cutoff)(img))
    return out


@case(modes=P)
def equalize_random_images(ms):
    vision = ms.dataset.vision
    rng = np.random.RandomState(8)
    return [vision.Equalize()(rng.randint(0, 256, tuple(int(v) for v in rng.randint(3, 14, 2))
                                          + ((3,) if i % 2 else ())).astype(np.uint8))
            for i in range(24)]


@case(modes=P)
def warps_bicubic_and_sixteen_bit(ms):
    """Rotate/Affine with BICUBIC (OpenCV's 1/32-pixel 4x4 weight table: 15-bit integers
    for UInt8, float32 otherwise) and bilinear/bicubic warps of UInt16 and Float32 images."""
    vision = ms.dataset.vision
    inter = vision.Inter
    rng = np.random.RandomState(4)
    images = [rng.randint(0, 256, (9, 11, 3)).astype(np.uint8),
              rng.randint(0, 256, (10, 7)).astype(np.uint8),
              rng.randint(0, 65536, (8, 9, 3)).astype(np.uint16),
              rng.rand(7, 9).astype(np.float32)]
    out = []
    for img in images:
        for angle in (17.0, -101.5):
            out.append(vision.Rotate(angle, inter.BICUBIC, True, None, (10, 20, 30))(img))
            out.append(vision.Rotate(angle, inter.BILINEAR, False, (2.0, 3.0), 7)(img))
        out.append(vision.Affine(-45, (1, 0), 0.8, (3.0, 0.0), inter.BICUBIC, 5)(img))
    return out
