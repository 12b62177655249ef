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
