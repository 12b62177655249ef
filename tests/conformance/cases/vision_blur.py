"""``vision.GaussianBlur`` pixel for pixel (OpenCV's bit-exact UInt8 path, float32 and
Float64 images, square and (width, height) kernels, default and per-axis sigmas, 2-D and
one-channel images, a kernel wider than the image) and its argument errors; a
``GeneratorDataset`` over a generator function with ``shuffle=True`` (MindSpore reads it in
order)."""
import numpy as np

from ._registry import case

P = ("PYNATIVE",)
_RNG = np.random.RandomState(5)
_IMAGES = [_RNG.randint(0, 256, (9, 11, 3)).astype(np.uint8),
           _RNG.randint(0, 256, (6, 5)).astype(np.uint8),
           _RNG.uniform(0, 1, (7, 8, 3)).astype(np.float32),
           _RNG.randint(0, 256, (20, 17, 1)).astype(np.uint8),
           _RNG.uniform(0, 1, (5, 6)).astype(np.float64)]
_CONFIGS = [(3, None), (5, None), ((3, 5), None), (3, 1.0), (5, (0.8, 1.7)), (7, 2.5),
            (1, None), (9, 0.5), ((5, 3), 1.2), (3, 0.0)]


@case(modes=P, rtol=1e-6, atol=1e-6)
def gaussian_blur_images(ms):
    vision = ms.dataset.vision
    out = []
    for k, s in _CONFIGS:
        op = vision.GaussianBlur(k) if s is None else vision.GaussianBlur(k, s)
        out.append([op(img) for img in _IMAGES])
    return out


def _blur_error(ms, *args):
    return ms.dataset.vision.GaussianBlur(*args)


@case(modes=P)
def gaussian_blur_even_kernel(ms):
    return _blur_error(ms, 4)


@case(modes=P)
def gaussian_blur_zero_kernel(ms):
    return _blur_error(ms, 0)


@case(modes=P)
def gaussian_blur_negative_sigma(ms):
    return _blur_error(ms, 3, -1.0)


@case(modes=P)
def gaussian_blur_kernel_length(ms):
    return _blur_error(ms, (3,))


@case(modes=P)
def gaussian_blur_float_kernel(ms):
    return _blur_error(ms, 3.0)


def _five():
    for i in range(5):
        yield np.array([i, 2 * i], np.int32), np.float32(i)


@case(modes=P)
def generator_function_shuffle_ignored(ms):
    data = ms.dataset.GeneratorDataset(_five, ["a", "b"], shuffle=True).batch(2)
    return [list(row) for row in data.create_tuple_iterator(output_numpy=True)]


@case(modes=P)
def gaussian_blur_fixed_point_kernels(ms):
    """UInt8 and UInt16 images over kernel widths 3-21 and sigmas 0-7.3 (OpenCV's bit-exact
    kernel carries each tap's rounding error into the next), and a Bool image (read as
    UInt8). Pixels compared exactly."""
    vision = ms.dataset.vision
    rng = np.random.RandomState(2)
    images = [rng.randint(0, 256, (13, 12)).astype(np.uint8),
              rng.randint(0, 65536, (12, 13, 2)).astype(np.uint16)]
    out = []
    for img in images:
        for k in (3, 5, 7, 9, 11, 15, 21):
            for sigma in (0, 0.6, 1.0, 1.7, 2.5, 4.0, 7.3):
                out.append(vision.GaussianBlur(k, sigma)(img))
    out.append(vision.GaussianBlur((5, 3))(rng.rand(6, 7) > 0.5))
    return out


@case(modes=P)
def solarize_saturates_integer_dtypes(ms):
    """``255 - p`` saturated to the image's integer dtype (Int8, UInt16, Int32, float)."""
    vision = ms.dataset.vision
    row = np.array([[-5, 10, 100, 127, 200, 255, 256, 1000]])
    out = []
    for dtype in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.float32):
        for threshold in (100, (50, 150)):
            out.append(vision.Solarize(threshold)(row.astype(dtype)))
    return out
