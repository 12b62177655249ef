"""The orders MindSpore's dataset engine shuffles in, for a set seed: ``shuffle=True``
(RandomSampler, with replacement given ``num_samples``), the samplers, sharding with
shuffling, ``Dataset.shuffle(buffer_size)`` over random-access and generator sources,
``repeat`` (each pass a new order), ``split(randomize=True)``, across epochs; and the seed
that ``mindspore.set_seed`` gives the datasets."""
import hashlib

import numpy as np

from ._registry import case

P = ("PYNATIVE",)


class _Rows:
    def __init__(self, n):
        self.n = n

    def __getitem__(self, i):
        return (np.array(i),)

    def __len__(self):
        return self.n


def _generator(n):
    def rows():
        for i in range(n):
            yield (np.array(i),)
    return rows


def _epochs(data, epochs=1):
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    return [[int(r[0]) for r in it] for _ in range(epochs)]


@case(modes=P)
def random_sampler_orders(ms):
    ds = ms.dataset
    ds.config.set_seed(1)
    out = [_epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True), 3),
           _epochs(ds.NumpySlicesDataset(list(range(13)), column_names=["x"], shuffle=True), 2),
           _epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True, num_samples=4), 3),
           _epochs(ds.GeneratorDataset(_Rows(10), ["x"],
                                       sampler=ds.RandomSampler(num_samples=4)), 2),
           _epochs(ds.GeneratorDataset(_Rows(10), ["x"], sampler=ds.RandomSampler(
               replacement=True, num_samples=6)), 2),
           _epochs(ds.GeneratorDataset(_Rows(9), ["x"], sampler=ds.SubsetRandomSampler(
               [1, 3, 5, 7, 8])), 3)]
    ds.config.set_seed(58)
    out.append(_epochs(ds.NumpySlicesDataset(list(range(70000)), column_names=["x"],
                                             shuffle=True), 2))
    out[-1] = [e[:20] + e[-5:] for e in out[-1]]
    out.append([r[0].tolist() for r in ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True)
                .batch(3).create_tuple_iterator(output_numpy=True)])
    return out


@case(modes=P)
def sharded_orders(ms):
    ds = ms.dataset
    ds.config.set_seed(3)
    return [_epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True, num_shards=2,
                                        shard_id=1), 3),
            _epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=True, num_shards=3,
                                        shard_id=0), 2),
            _epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=False, num_shards=3,
                                        shard_id=2), 2),
            _epochs(ds.GeneratorDataset(_Rows(11), ["x"],
                                        sampler=ds.DistributedSampler(4, 3)), 2)]


@case(modes=P)
def buffer_shuffle_orders(ms):
    ds = ms.dataset
    ds.config.set_seed(2)
    out = []
    for size in (2, 3, 4, 10, 20):
        out.append(_epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=False)
                           .shuffle(size), 3))
        out.append(_epochs(ds.GeneratorDataset(_generator(11), ["x"]).shuffle(size), 2))
    out.append(_epochs(ds.GeneratorDataset(_Rows(6), ["x"], shuffle=False)
                       .map(lambda x: x * 2, input_columns=["x"]).shuffle(3), 2))
    batches = ds.GeneratorDataset(_Rows(8), ["x"], shuffle=False).batch(2).shuffle(3)
    out.append([r[0].tolist() for r in batches.create_tuple_iterator(output_numpy=True)])
    return out


@case(modes=P)
def repeat_passes_reshuffle(ms):
    ds = ms.dataset
    ds.config.set_seed(4)
    return [_epochs(ds.GeneratorDataset(_Rows(10), ["x"], shuffle=False).shuffle(4)
                    .repeat(2), 2),
            _epochs(ds.GeneratorDataset(_Rows(7), ["x"], shuffle=True).repeat(3), 2),
            _epochs(ds.GeneratorDataset(_generator(6), ["x"]).shuffle(3).repeat(2), 1)]


@case(modes=P)
def randomized_split_orders(ms):
    ms.set_seed(9)
    ds = ms.dataset
    a, b = ds.GeneratorDataset(_Rows(10), ["x"], shuffle=False).split([0.6, 0.4])
    c, d = ds.GeneratorDataset(_generator(10), ["x"]).split([0.6, 0.4])
    return (ds.config.get_seed(), _epochs(a, 2), _epochs(b), _epochs(c, 2), _epochs(d))


def _images(n, h=10, w=12):
    base = (np.arange(w, dtype=np.uint8)[None, :, None]
            + 20 * np.arange(h, dtype=np.uint8)[:, None, None])
    return np.stack([np.repeat(base, 3, axis=2) + (i % 3) for i in range(n)])


def _corners(data, epochs=1):
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    return [[r[0][0, :, 0].tolist() + [r[0].shape[0]] for r in it] for _ in range(epochs)]


@case(modes=P)
def random_flip_and_crop_streams(ms):
    """The C++ random transforms' draws: one std::mt19937 per transform and map worker
    (worker ``w`` seeded ``seed + w``, row ``i`` on worker ``i % W``), going on across
    epochs; eager calls start from the seed."""
    ds, vision = ms.dataset, ms.dataset.vision
    ds.config.set_seed(1)
    out = []
    for workers in (1, 2):
        for ops in ([vision.RandomHorizontalFlip(0.5)], [vision.RandomVerticalFlip(0.3)],
                    [vision.RandomCrop(4)], [vision.RandomHorizontalFlip(), vision.RandomCrop(
                        (3, 5), padding=[1, 2])]):
            data = ds.NumpySlicesDataset({"img": _images(9)}, shuffle=False).map(
                ops, input_columns=["img"], num_parallel_workers=workers)
            out.append(_corners(data, 2))
    crop = vision.RandomCrop(4, padding=1, padding_mode=vision.Border.REFLECT)
    out.append([crop(_images(1)[0])[:, :, 0].tolist() for _ in range(2)])
    flip = vision.RandomHorizontalFlip(0.5)
    out.append([int(flip(_images(1)[0])[0, 0, 0]) for _ in range(3)])
    two_maps = ds.NumpySlicesDataset({"img": _images(5)}, shuffle=False).map(
        vision.RandomCrop(6), input_columns=["img"], num_parallel_workers=1).map(
        vision.RandomCrop(4), input_columns=["img"], num_parallel_workers=1)
    out.append(_corners(two_maps))
    repeated = ds.NumpySlicesDataset({"img": _images(4)}, shuffle=False).map(
        vision.RandomCrop(5), input_columns=["img"], num_parallel_workers=1).repeat(2)
    out.append(_corners(repeated))
    return out


@case(modes=P)
def random_crop_padding_rules(ms):
    """RandomCrop draws nothing for an image already the crop's size; ``pad_if_needed`` pads
    each short side by the shortfall at both ends."""
    ds, vision = ms.dataset, ms.dataset.vision
    ds.config.set_seed(1)

    def rows():
        for h, w in ((4, 4), (10, 12), (3, 12), (10, 3), (10, 12)):
            yield (_images(1, h, w)[0],)
    data = ds.GeneratorDataset(rows, ["img"]).map(
        vision.RandomCrop(4, pad_if_needed=True), input_columns=["img"],
        num_parallel_workers=1)
    return [r[0][:, :, 0].tolist() for r in data.create_tuple_iterator(output_numpy=True)]


@case(modes=P)
def random_crop_too_large(ms):
    ds, vision = ms.dataset, ms.dataset.vision
    data = ds.NumpySlicesDataset({"img": _images(1, 3, 3)}, shuffle=False).map(
        vision.RandomCrop(4), input_columns=["img"], num_parallel_workers=1)
    return [r[0] for r in data.create_tuple_iterator(output_numpy=True)]


def _digests(data):
    """Each image as (shape, dtype, MD5 of its bytes, sum): exact, and small to record."""
    return [(r[0].shape, str(r[0].dtype), hashlib.md5(r[0].tobytes()).hexdigest(),
             int(r[0].astype(np.int64).sum()))
            for r in data.create_tuple_iterator(output_numpy=True)]


def _photo(n, h=6, w=9):
    rng = np.random.RandomState(0)
    return (rng.rand(n, h, w, 3) * 255).astype(np.uint8)


@case(modes=P, rtol=0, atol=0)
def random_color_adjust_streams(ms):
    """RandomColorAdjust shuffles its four adjustments with its op stream, then draws each
    float32 factor in that order, skipping only a range fixed at the identity."""
    ds, vision = ms.dataset, ms.dataset.vision
    ds.config.set_seed(1)
    out = []
    for kw in (dict(brightness=(0.5, 1.5)), dict(contrast=(0.2, 1.8)),
               dict(saturation=(0, 2)), dict(brightness=0.4, contrast=0.4, saturation=0.4),
               dict(brightness=(2, 2)), dict(brightness=(1, 1), contrast=0.3)):
        for workers in (1, 2):
            data = ds.NumpySlicesDataset({"img": _photo(5)}, shuffle=False).map(
                vision.RandomColorAdjust(**kw), input_columns=["img"],
                num_parallel_workers=workers)
            out.append(_digests(data))
    return out


@case(modes=P, rtol=0, atol=1)
def adjust_hue_uint8(ms):
    """AdjustHue: OpenCV's RGB2HSV_FULL, the hue byte shifted by ``uint8(h * 255)``, and
    back (within one grey level: MindSpore's OpenCV build truncates some values and rounds
    others), also inside RandomColorAdjust."""
    ds, vision = ms.dataset, ms.dataset.vision
    img = _photo(1, 16, 64)[0]
    out = [vision.AdjustHue(h)(img) for h in (0.1, -0.33, 0.5)]
    ds.config.set_seed(2)
    data = ds.NumpySlicesDataset({"img": _photo(2, 16, 64)}, shuffle=False).map(
        vision.RandomColorAdjust(0.3, 0.3, 0.3, 0.2), input_columns=["img"],
        num_parallel_workers=1)
    out.append([r[0] for r in data.create_tuple_iterator(output_numpy=True)])
    return out


@case(modes=P)
def adjust_hue_errors(ms):
    vision = ms.dataset.vision
    out = []
    for bad in (0.6, -0.51, "x"):
        try:
            vision.AdjustHue(bad)
        except (TypeError, ValueError) as e:
            out.append((type(e).__name__, str(e)))
    return out


@case(modes=P)
def map_workers_take_turns_across_epochs(ms):
    """A map's workers take the rows in turn and the end-of-epoch marker takes a turn too,
    so with an even number of rows the next epoch starts on the other worker."""
    ds, vision = ms.dataset, ms.dataset.vision
    ds.config.set_seed(6)
    out = []
    for rows in (8, 9):
        data = ds.NumpySlicesDataset({"img": _images(rows)}, shuffle=True).map(
            [vision.RandomCrop(4), vision.RandomHorizontalFlip()], input_columns=["img"],
            num_parallel_workers=2)
        out.append(_corners(data, 3))
    return out


@case(modes=P)
def random_rotation_streams(ms):
    """RandomRotation's angle is a float32 draw from its op stream."""
    ds, vision = ms.dataset, ms.dataset.vision
    ds.config.set_seed(4)
    out = []
    for kw in (dict(degrees=30), dict(degrees=(10, 170), resample=vision.Inter.BILINEAR),
               dict(degrees=45, expand=True)):
        data = ds.NumpySlicesDataset({"img": _photo(3, 15, 17)}, shuffle=False).map(
            vision.RandomRotation(**kw), input_columns=["img"], num_parallel_workers=1)
        out.append(_digests(data))
    return out, [str(m) for m in vision.Inter]


@case(modes=P, rtol=0, atol=1)
def cutout_and_random_affine_streams(ms):
    """CutOut draws each patch's top then left edge (unbounded); RandomAffine its angle,
    translations (ranges scaled by the size first), scale and shears, float32 from its op
    stream (within one grey level: OpenCV's bilinear warp rounds a rare pixel otherwise)."""
    ds, vision = ms.dataset, ms.dataset.vision
    ds.config.set_seed(4)
    out = []
    for op in (vision.CutOut(5), vision.CutOut(3, num_patches=3),
               vision.RandomAffine(15),
               vision.RandomAffine((-10, 20), translate=(-0.1, 0.2), scale=(0.8, 1.2),
                                   shear=10),
               vision.RandomAffine(0, translate=(-0.1, 0.1, -0.2, 0.2), shear=(-5, 5, -3, 3),
                                   resample=vision.Inter.BILINEAR)):
        data = ds.NumpySlicesDataset({"img": _photo(2, 15, 17)}, shuffle=False).map(
            op, input_columns=["img"], num_parallel_workers=1)
        out.append([r[0] for r in data.create_tuple_iterator(output_numpy=True)])
    return out


@case(modes=P, rtol=0, atol=0)
def random_sharpness_and_color_streams(ms):
    ds, vision = ms.dataset, ms.dataset.vision
    ds.config.set_seed(4)
    out = []
    for op in (vision.RandomSharpness(), vision.RandomSharpness((0.5, 3.0)),
               vision.RandomColor(), vision.RandomColor((0.2, 0.8))):
        data = ds.NumpySlicesDataset({"img": _photo(3, 15, 17)}, shuffle=False).map(
            op, input_columns=["img"], num_parallel_workers=1)
        out.append(_digests(data))
    return out


@case(modes=P, rtol=0, atol=0)
def probability_and_choice_transform_streams(ms):
    """The random transforms that apply with a probability (``bernoulli`` or a canonical
    double), draw a range (RandomPosterize, RandomSolarize: two sorted draws) or pick
    (RandomChoice, RandomSelectSubpolicy) draw from their op streams; a random transform
    inside RandomApply keeps its own stream."""
    ds, vision, T = ms.dataset, ms.dataset.vision, ms.dataset.transforms
    ds.config.set_seed(4)
    out = []
    for op in (vision.RandomPosterize((2, 7)), vision.RandomSolarize((30, 200)),
               vision.RandomInvert(0.4), vision.RandomEqualize(0.6),
               vision.RandomAutoContrast(prob=0.5), vision.RandomAdjustSharpness(2.0, prob=0.5),
               T.RandomApply([vision.Invert(), vision.HorizontalFlip()], prob=0.5),
               T.RandomChoice([vision.Invert(), vision.HorizontalFlip(), vision.VerticalFlip()]),
               vision.RandomSelectSubpolicy([[(vision.Invert(), 0.5),
                                              (vision.HorizontalFlip(), 0.7)],
                                             [(vision.VerticalFlip(), 0.4)]]),
               T.RandomApply([vision.RandomCrop(5), vision.Resize((9, 11))], prob=0.7)):
        data = ds.NumpySlicesDataset({"img": _photo(6, 9, 11)}, shuffle=False).map(
            op, input_columns=["img"], num_parallel_workers=1)
        out.append(_digests(data))
    return out
