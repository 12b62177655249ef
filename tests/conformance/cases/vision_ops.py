"""``dataset.vision`` geometry, colour and erasing transforms on fixed images, pixel for
pixel; the random forms with degenerate ranges (fixed parameters) or, for the Python
transforms MindSpore draws with ``random`` (``RandomErasing``, ``RandomGrayscale``), after
``dataset.config.set_seed``. Also ``dataset.zip`` and ``dataset.set_seed``'s checks."""
import numpy as np

from ._registry import case

IMG = np.random.RandomState(0).randint(0, 256, (5, 6, 3)).astype(np.uint8)
BIG = np.random.RandomState(1).randint(0, 256, (9, 11, 3)).astype(np.uint8)


def _t(ms, a):
    return ms.Tensor(np.asarray(a))


@case(modes=("PYNATIVE",))
def rotations(ms):
    v = ms.dataset.vision
    return [_t(ms, op(BIG)) for op in (
        v.Rotate(90), v.Rotate(33), v.Rotate(33, center=(2, 3)), v.Rotate(-40, expand=True),
        v.Rotate(50, resample=v.Inter.BILINEAR, fill_value=(1, 2, 3)),
        v.RandomRotation((30, 30)), v.RandomRotation((30, 30), expand=True),
        v.RandomRotation((-75, -75), resample=v.Inter.BILINEAR, fill_value=7))] + [
        _t(ms, v.Rotate(20, resample=v.Inter.BILINEAR)(BIG[..., 0])),
        _t(ms, v.Rotate(-40, resample=v.Inter.BILINEAR, expand=True)(
            BIG.astype(np.float32) / 255))]


@case(modes=("PYNATIVE",))
def affines(ms):
    v = ms.dataset.vision
    return [_t(ms, op(BIG)) for op in (
        v.Affine(15, [0.2, -0.1], 1.1, [5, 10]),
        v.Affine(15, [0.25, -0.15], 1.1, 7, resample=v.Inter.BILINEAR, fill_value=9),
        v.RandomAffine((20, 20)), v.RandomAffine(0, translate=(0.2, 0.2, 0.3, 0.3)),
        v.RandomAffine(0, scale=(1.3, 1.3)), v.RandomAffine(0, shear=(10, 10, 15, 15)),
        v.RandomAffine((-25, -25), (0.1, 0.1, -0.1, -0.1), (0.8, 0.8), (5, 5, -8, -8),
                       v.Inter.BILINEAR, (1, 2, 3)))]


@case(modes=("PYNATIVE",))
def random_affine_bad_translate(ms):
    return ms.dataset.vision.RandomAffine(5, translate=(0.5, 2))


@case(modes=("PYNATIVE",))
def random_affine_bad_scale_order(ms):
    return ms.dataset.vision.RandomAffine(5, scale=(2, 1))


@case(modes=("PYNATIVE",))
def random_rotation_bad_degrees(ms):
    return ms.dataset.vision.RandomRotation((5, 1))


@case(modes=("PYNATIVE",))
def random_rotation_bad_fill(ms):
    return ms.dataset.vision.RandomRotation(5, fill_value=300)


@case(modes=("PYNATIVE",))
def colour_and_sharpness(ms):
    v = ms.dataset.vision
    return [_t(ms, op(IMG)) for op in (
        v.RandomSharpness((0.0, 0.0)), v.RandomSharpness((2.0, 2.0)),
        v.RandomSharpness((0.5, 0.5)), v.AdjustSharpness(1.7), v.RandomColor((0.0, 0.0)),
        v.RandomColor((1.5, 1.5)), v.RandomColor((0.3, 0.3)))]


@case(modes=("PYNATIVE",))
def grayscale_pil(ms):
    from PIL import Image
    v = ms.dataset.vision
    pil = Image.fromarray(IMG)
    return [_t(ms, v.Grayscale()(pil)), _t(ms, v.Grayscale(3)(pil)),
            _t(ms, v.RandomGrayscale(1.0)(pil)), _t(ms, v.RandomGrayscale(1.0)(pil.convert("L"))),
            _t(ms, v.RandomGrayscale(0.0)(pil))]


@case(modes=("PYNATIVE",))
def grayscale_needs_pil(ms):
    return ms.dataset.vision.Grayscale()(IMG)


@case(modes=("PYNATIVE",))
def random_erasing_seeded(ms):
    v = ms.dataset.vision
    chw = np.transpose(BIG, (2, 0, 1)).copy()
    ms.dataset.config.set_seed(5)
    outs = [v.RandomErasing(prob=1.0)(chw) for _ in range(3)]
    outs.append(v.RandomErasing(prob=1.0, scale=(0.1, 0.2), value=(7, 8, 9))(chw))
    outs.append(v.RandomErasing(prob=0.0)(chw))
    return [_t(ms, o) for o in outs]


@case(modes=("PYNATIVE",))
def cutout_patches(ms):
    v = ms.dataset.vision
    some = v.CutOut(3, num_patches=2)(BIG)
    chw = v.CutOut(2, is_hwc=False)(np.transpose(BIG, (2, 0, 1)).copy())
    zeros = int((some == 0).all(-1).sum())
    return some.shape, chw.shape, bool(zeros <= 18), bool(np.isin(some, [0] + list(
        np.unique(BIG))).all())


@case(modes=("PYNATIVE",))
def cutout_box_larger_than_image(ms):
    return ms.dataset.vision.CutOut(20)(BIG)


@case(modes=("PYNATIVE",))
def dataset_zip_function(ms):
    ds = ms.dataset
    a = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
    b = ds.NumpySlicesDataset({"y": np.arange(4) * 10}, shuffle=False)
    z = ds.zip((a, b))
    return z.get_col_names(), [list(r) for r in z.create_tuple_iterator(output_numpy=True)]


@case(modes=("PYNATIVE",))
def dataset_zip_needs_a_tuple(ms):
    a = ms.dataset.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
    return ms.dataset.zip([a, a])


@case(modes=("PYNATIVE",))
def dataset_set_seed_type(ms):
    return ms.dataset.set_seed(1.5)


@case(modes=("PYNATIVE",))
def dataset_set_seed_range(ms):
    return ms.dataset.config.set_seed(-1)


@case(modes=("PYNATIVE",))
def padded_dataset_rows(ms):
    ds = ms.dataset
    p = ds.PaddedDataset([{"image": np.zeros(2, np.uint8), "label": np.array(1, np.int32)},
                          {"image": np.ones(2, np.uint8), "label": np.array(2, np.int32)}])
    rows = [[x.tolist() for x in r] for r in p.create_tuple_iterator(output_numpy=True)]
    n = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
    return (p.get_col_names(), p.get_dataset_size(), rows, p.get_class_indexing(),
            n.get_class_indexing(), [s.name for s in ds.Shuffle])


@case(modes=("PYNATIVE",))
def padded_dataset_empty(ms):
    return ms.dataset.PaddedDataset([])


@case(modes=("PYNATIVE",))
def padded_dataset_rows_are_dicts(ms):
    return ms.dataset.PaddedDataset([1, 2])


@case(modes=("PYNATIVE",))
def schema_json(ms):
    ds = ms.dataset
    s = ds.Schema()
    s.add_column("image", de_type=ms.uint8, shape=[2, 3])
    s.add_column("label", de_type="int32")
    s.add_column("f", de_type=ms.float32, shape=[-1])
    s2 = ds.Schema()
    s2.from_json({"columns": {"a": {"type": "int64", "rank": 1, "shape": [2]}}, "numRows": 3})
    s3 = ds.Schema()
    s3.parse_columns([{"name": "c", "type": "int8", "shape": [2, 2]}])
    return s.to_json(), str(s), s2.to_json(), ds.Schema.get_num_rows(s2), s3.to_json()


@case(modes=("PYNATIVE",))
def schema_unknown_type(ms):
    ms.dataset.Schema().add_column("x", de_type="complex")


@case(modes=("PYNATIVE",))
def center_crops_smaller_and_larger(ms):
    """The window at floor((H - h) / 2); a larger size pads with zeros."""
    vision = ms.dataset.vision
    return [vision.CenterCrop(s)(BIG) for s in ((3, 5), (4, 4), (8, 10), (2, 3), (12, 13),
                                                 (10, 11), (9, 15), 6)]


@case(modes=("PYNATIVE",))
def resize_bicubic(ms):
    vision = ms.dataset.vision
    floats = (BIG / 255.0).astype(np.float32)
    return ([vision.Resize(s, vision.Inter.BICUBIC)(BIG) for s in ((4, 5), (13, 17), (3, 3))]
            + [vision.Resize((5, 14), vision.Inter.BICUBIC)(floats),
               vision.Resize(7, vision.Inter.BICUBIC)(IMG[..., 0])])


RZ = np.random.RandomState(5).randint(0, 256, (14, 12, 3)).astype(np.uint8)


@case(modes=("PYNATIVE",), rtol=1e-5, atol=1e-4)
def resize_opencv_kernels(ms):
    """Resize as OpenCV runs it: LINEAR, AREA, CUBIC and NEAREST shrinking (integer and
    fractional factors, 2x2 blocks), enlarging and both at once; UInt8 (OpenCV's fixed point,
    exact), UInt16, Float32, Float64 and a 2-D image; ResizedCrop."""
    v = ms.dataset.vision
    inters = (v.Inter.LINEAR, v.Inter.AREA, v.Inter.CUBIC, v.Inter.NEAREST)
    sizes = ((7, 6), (5, 5), (9, 8), (28, 24), (31, 17), (20, 5), (1, 1), 10)
    out = [v.Resize(s, i)(RZ) for i in inters for s in sizes]
    for dtype in (np.uint16, np.float32, np.float64):
        img = (RZ.astype(np.float64) * 37.3 - 2000).astype(dtype) if dtype != np.uint16 \
            else RZ.astype(np.uint16) * 250
        # (UInt16 CUBIC: OpenCV's vectorised float pass rounds a rare pixel 1 level apart)
        out += [v.Resize(s, i)(img) for i in inters for s in ((5, 5), (28, 24), (31, 17))
                if dtype != np.uint16 or i != v.Inter.CUBIC]
    out += [v.Resize((6, 17), i)(RZ[..., 1]) for i in inters]
    out += [v.ResizedCrop(2, 3, 9, 7, (5, 11), i)(RZ) for i in inters]
    return out


@case(modes=("PYNATIVE",))
def pad_to_size_and_linear_transformation(ms):
    vision = ms.dataset.vision
    out = [vision.PadToSize((8, 10), offset=(1, 1))(IMG), vision.PadToSize((8, 9))(IMG),
           vision.PadToSize([7, 8], fill_value=5)(IMG),
           vision.PadToSize((9, 9), padding_mode=vision.Border.EDGE)(IMG),
           vision.PadToSize(7, offset=(0, 1), padding_mode=vision.Border.REFLECT)(IMG)]
    chw = (IMG.transpose(2, 0, 1) / 255.0).astype(np.float32)
    n = chw.size
    m = np.random.RandomState(3).uniform(-0.1, 0.1, (n, n)).astype(np.float32)
    mean = np.random.RandomState(4).uniform(0, 1, (n,)).astype(np.float32)
    out.append(vision.LinearTransformation(m, mean)(chw))
    return out


@case(modes=("PYNATIVE",), rtol=0, atol=0)
def rgb_to_gray_fixed_point(ms):
    """ConvertColor to grey (and the greys inside Grayscale) as MindSpore's OpenCV computes
    8-bit luma: ``(9798 R + 19235 G + 3735 B + 2**14) >> 15``."""
    v = ms.dataset.vision
    img = np.random.RandomState(0).randint(0, 256, (60, 80, 3)).astype(np.uint8)
    return (v.ConvertColor(v.ConvertMode.COLOR_RGB2GRAY)(img),
            v.ConvertColor(v.ConvertMode.COLOR_BGR2GRAY)(img))
