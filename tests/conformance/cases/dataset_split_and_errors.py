"""``Dataset.split`` of iterable and random-access sources (MindSpore's size rounding, its
copies of the split dataset), and the RuntimeError every user Python function of a
pipeline raises through (``map``, ``batch(per_batch_map=...)``, ``filter``, a generator, a
source's ``__getitem__``)."""
import importlib

import numpy as np

from ._registry import case

P = ("PYNATIVE",)


def _generator(ms, n=7):
    return ms.dataset.GeneratorDataset(
        lambda: ((np.array([i], np.int32), np.array([i * 2.0], np.float32)) for i in range(n)),
        ["a", "b"], shuffle=False)


class _Source:
    def __init__(self, n, bad=None):
        self.n, self.bad = n, bad

    def __getitem__(self, i):
        if i == self.bad:
            raise ZeroDivisionError("bad row")
        return (np.array([i], np.int32),)

    def __len__(self):
        return self.n


def _first_column(ds):
    return [int(row[0][0]) for row in ds.create_tuple_iterator(output_numpy=True)]


@case(modes=P)
def split_sizes_of_iterable_and_random_access_sources(ms):
    out = []
    for sizes in ([4, 3], [0.5, 0.5], [2, 5], [0.3, 0.3, 0.4], [0.1, 0.2, 0.7]):
        for make in (lambda: _generator(ms),
                     lambda: ms.dataset.GeneratorDataset(_Source(7), ["a"], shuffle=False)):
            parts = make().split(sizes, randomize=False)
            out.append([(p.get_dataset_size(), _first_column(p)) for p in parts])
    return out


@case(modes=P)
def split_errors(ms):
    out = []
    for sizes in ([3, 3], [0.01, 0.99], [0.5, 0.6]):
        try:
            _generator(ms).split(sizes, randomize=False)
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append(type(e).__name__)
    gen = _generator(ms)
    gen.take(2)  # something else reads it: the splits are copies that keep that consumer
    first, _ = gen.split([4, 3], randomize=False)
    try:
        _first_column(first)
        out.append("ok")
    except Exception as e:  # noqa: BLE001
        out.append(type(e).__name__)
    return out


def _bad_generator():
    yield (np.array([1], np.int32),)
    raise KeyError("boom")


@case(modes=P)
def user_function_errors_are_runtime_errors(ms):
    ds = ms.dataset
    pipelines = [
        lambda: _generator(ms).map(lambda a: a.nosuch, input_columns=["a"]),
        lambda: _generator(ms).batch(2, per_batch_map=lambda a, b, info: (a + 1, b),
                                     input_columns=["a", "b"]),
        lambda: _generator(ms).filter(lambda a: a.nosuch, input_columns=["a"]),
        lambda: ds.GeneratorDataset(_bad_generator, ["a"], shuffle=False),
        lambda: ds.GeneratorDataset(_Source(4, bad=2), ["a"], shuffle=False),
    ]
    out = []
    for make in pipelines:
        try:
            _first_column(make())
            out.append("ok")
        except Exception as e:  # noqa: BLE001
            out.append((type(e).__name__, str(e).splitlines()[0].strip()))
    return out


@case(modes=P)
def mappable_and_source_datasets(ms):
    """``isinstance(d, MappableDataset)``/``SourceDataset``, as model-zoo code checks before
    attaching a sampler: sources read by index are mappable, a pipeline step is neither."""
    ds = ms.dataset
    candidates = [_generator(ms), ds.GeneratorDataset(_Source(3), ["a"], shuffle=False),
                  ds.NumpySlicesDataset([1, 2, 3], shuffle=False), _generator(ms).batch(2),
                  _generator(ms).map(lambda a: a, input_columns=["a"])]
    return [(isinstance(d, ds.MappableDataset), isinstance(d, ds.SourceDataset),
             isinstance(d, ds.Dataset)) for d in candidates]


def _ragged():
    for i in range(4):
        yield np.arange(i % 2 + 1, dtype=np.int32), np.array(i, np.int64)


def _ragged2():
    for s, y in _ragged():
        yield y, s


@case(modes=P)
def batching_rows_of_different_shapes(ms):
    """``batch``/``padded_batch`` without padding of rows whose shapes differ: MindSpore's
    pipeline RuntimeError naming the column and both shapes."""
    ds = ms.dataset
    out = []
    for make in (lambda: ds.GeneratorDataset(_ragged, ["s", "y"], shuffle=False).batch(2),
                 lambda: ds.GeneratorDataset(_ragged2, ["y", "s"], shuffle=False).padded_batch(2),
                 lambda: ds.GeneratorDataset(_ragged, ["s", "y"], shuffle=False).padded_batch(
                     2, pad_info={"s": ([3], -1)})):
        try:
            out.append([np.asarray(c).tolist() for r in make().create_tuple_iterator(
                output_numpy=True) for c in r])
        except RuntimeError as e:
            out.append((type(e).__name__, [ln.strip() for ln in str(e).splitlines()
                                           if "Cannot batch" in ln]))
    return out


@case(modes=P)
def vision_transform_checks(ms):
    """Eager vision/transforms checks as MindSpore's: Normalize's channel count (a 2-D image
    stays 2-D), HWC2CHW's rank (a 2-D image is returned as it is), Resize's size bounds and
    type, OneHot's rank (a single 1-D label gives one row; with smoothing only the last row
    of a 1-D input holds the on value, as MindSpore's kernel)."""
    V = importlib.import_module(ms.__name__ + ".dataset.vision")
    T = importlib.import_module(ms.__name__ + ".dataset.transforms")
    img = (np.arange(4 * 5 * 3) % 255).astype(np.uint8).reshape(4, 5, 3)
    calls = [lambda: V.Normalize([0.5] * 4, [0.2] * 4)(img),
             lambda: V.Normalize([0.5], [0.2])(img), lambda: V.Normalize([0.5] * 3, [0.2] * 3)(
                 img[:, :, 0]), lambda: V.Normalize([0.5], [0.2])(img[:, :, 0]),
             lambda: V.Normalize([0.5] * 3, [0.2] * 3, is_hwc=False)(img),
             lambda: V.HWC2CHW()(img[:, :, 0]), lambda: V.HWC2CHW()(img[None]),
             lambda: V.HWC2CHW()(img[:, :, :1])]
    calls += [lambda s=s: V.Resize(s)(img) for s in (0, -1, (0, 2), (2, 0), 16777217, 1.5,
                                                      (2, 3, 4), (2, 3))]
    calls += [lambda v=v: T.OneHot(4, 0.1)(np.array(v)) for v in ([0], [1, 0, 2], [0, 3], 2)]
    calls += [lambda: T.OneHot(4)(np.array([0])), lambda: T.OneHot(4)(np.array([[0, 1]]))]
    out = []
    for f in calls:
        try:
            r = np.asarray(f())
            out.append((str(r.dtype), r.tolist()))
        except (RuntimeError, ValueError, TypeError) as e:
            out.append((type(e).__name__, [ln.strip() for ln in str(e).splitlines()
                                           if "[ERROR]" in ln or "interval" in ln
                                           or "Size should" in ln]))
    return out


@case(modes=P)
def metadata_of_pipelines_that_are_not_trees(ms):
    """A derived node's metadata builds its pipeline (a node feeding two others raises),
    unless the node answered before; a source answers directly; the splits of a
    random-access source are sources of their own."""
    ds = ms.dataset
    getters = ("get_col_names", "get_dataset_size", "get_batch_size", "get_repeat_count",
               "output_shapes", "output_types", "num_classes", "get_class_indexing")

    def make():
        return ds.NumpySlicesDataset((np.arange(12).reshape(6, 2).astype(np.float32),),
                                     ["x"], shuffle=False)

    def ask(node, name):
        try:
            r = getattr(node, name)()
            return [str(v) for v in r] if isinstance(r, list) else r
        except Exception as e:  # noqa: BLE001 - the class is the result
            return type(e).__name__
    source = make()
    child = source.map(_double, input_columns=["x"])
    source.batch(2)
    out = [(ask(source, g), ask(child, g)) for g in getters]
    source = make()
    batched = source.batch(2)
    out.append([ask(batched, g) for g in ("get_col_names", "get_dataset_size",
                                            "get_batch_size", "output_shapes")])
    source.map(_double, input_columns=["x"])
    out.append([ask(batched, g) for g in ("get_col_names", "get_dataset_size",
                                            "get_batch_size", "output_shapes",
                                            "output_types")])
    source = make()
    source.batch(2)
    first, second = source.split([0.5, 0.5], randomize=False)
    out.append([first.get_dataset_size(), first.get_col_names(), _first_column(first),
                _first_column(second)])
    return out


def _double(x):
    return x * 2
