"""mindspore.dataset pipelines without shuffling: same rows, batches, column names, dtypes
and sizes as MindSpore (orders that depend on MindSpore's shuffle are not compared)."""
import os
import tempfile

import numpy as np

from ._registry import case

P = ("PYNATIVE",)


def _rows(ds, numpy=True):
    return [list(row) for row in ds.create_tuple_iterator(output_numpy=numpy)]


def _tensors(ds):
    return [tuple(row) for row in ds.create_tuple_iterator()]


def _gen():
    for i in range(5):
        yield np.array([i, i + 1], np.float32), np.int32(i % 2)


@case(modes=P)
def numpy_slices_dict_batch(ms):
    data = ms.dataset.NumpySlicesDataset({"x": np.arange(10, dtype=np.float32).reshape(5, 2),
                                          "y": np.arange(5, dtype=np.int32)}, shuffle=False)
    b = data.batch(2)
    return data.get_col_names(), b.get_dataset_size(), b.get_batch_size(), _tensors(b)


@case(modes=P)
def numpy_slices_list_default_names(ms):
    data = ms.dataset.NumpySlicesDataset([1, 2, 3], shuffle=False)
    return data.get_col_names(), _tensors(data)


@case(modes=P)
def generator_map_batch_drop(ms):
    data = ms.dataset.GeneratorDataset(_gen, ["data", "label"])
    data = data.map(operations=[lambda x: x * 2, lambda x: x + 1], input_columns="data")
    data = data.batch(2, drop_remainder=True)
    return data.get_dataset_size(), _tensors(data)


@case(modes=P)
def generator_random_access_no_shuffle(ms):
    class Src:
        def __getitem__(self, i):
            return np.full((2,), i, np.float32), np.int64(i * 10)

        def __len__(self):
            return 5
    data = ms.dataset.GeneratorDataset(Src(), column_names=["a", "b"], shuffle=False)
    return data.get_dataset_size(), _tensors(data.batch(3))


def _seven(ms):
    return ms.dataset.NumpySlicesDataset({"c": np.arange(7, dtype=np.int32)}, shuffle=False)


@case(modes=P)
def repeat_take_skip_sizes(ms):
    return (_seven(ms).repeat(3).get_dataset_size(), _seven(ms).take(4).get_dataset_size(),
            _seven(ms).skip(5).get_dataset_size(),
            _seven(ms).batch(3).repeat(2).get_dataset_size(),
            _rows(_seven(ms).skip(2).take(3)), _rows(_seven(ms).take(2).repeat(2)))


@case(modes=P)
def pipeline_must_be_a_tree(ms):
    data = _seven(ms)
    a, b = data.take(2), data.skip(2)
    return a.get_dataset_size() + b.get_dataset_size()


def _xy(ms):
    return ms.dataset.NumpySlicesDataset({"x": np.arange(3, dtype=np.int32),
                                          "y": np.arange(3, dtype=np.int32) * 2},
                                         shuffle=False)


@case(modes=P)
def project_rename_zip_concat(ms):
    b = ms.dataset.NumpySlicesDataset({"z": np.arange(4, dtype=np.int32) + 10}, shuffle=False)
    p = _xy(ms).project(["y"]).rename("y", "w")
    cols, rows = p.get_col_names(), _rows(p)
    z = _xy(ms).project(["y"]).rename("y", "w").zip(b)
    c = _xy(ms).project("x") + _xy(ms).project("x")
    return (cols, rows, z.get_col_names(), z.get_dataset_size(), _rows(z),
            c.get_dataset_size(), _rows(c))


def _four(ms):
    return ms.dataset.NumpySlicesDataset({"x": np.arange(4, dtype=np.float32)}, shuffle=False)


@case(modes=P)
def map_output_columns_and_per_batch_map(ms):
    dup = _four(ms).map(ms.dataset.transforms.Duplicate(), input_columns="x",
                        output_columns=["x1", "x2"])

    def add_one(col, info):
        return ([c + 1 for c in col],)
    pairs = ms.dataset.NumpySlicesDataset({"x": np.arange(8, dtype=np.float32).reshape(4, 2)},
                                          shuffle=False)
    pb = pairs.batch(3, per_batch_map=add_one, input_columns=["x"], output_columns=["x"])
    return dup.get_col_names(), _rows(dup), _tensors(pb)


@case(modes=P)
def dict_iterator_and_epochs(ms):
    data = ms.dataset.NumpySlicesDataset({"x": np.arange(3, dtype=np.int32)}, shuffle=False)
    it = data.create_dict_iterator(num_epochs=2)
    epochs = [[int(r["x"]) for r in it] for _ in range(2)]
    numpy_it = data.create_dict_iterator(output_numpy=True)
    kinds = [type(r["x"]).__name__ for r in numpy_it]
    return epochs, kinds


def _image():
    return (np.arange(6 * 8 * 3).reshape(6, 8, 3) * 5 % 256).astype(np.uint8)


@case(modes=P)
def vision_transforms(ms):
    v = ms.dataset.vision
    ops = [v.CenterCrop(4), v.Rescale(1.0 / 255.0, 0.0),
           v.Normalize(mean=[0.5, 0.4, 0.3], std=[0.2, 0.3, 0.4]), v.HWC2CHW()]
    out = _images(ms).map(operations=ops, input_columns="image")
    tensor = _images(ms).map(operations=[v.ToTensor()], input_columns="image")
    return _tensors(out), _tensors(tensor)


def _images(ms):
    return ms.dataset.NumpySlicesDataset({"image": _image()[None]}, shuffle=False)


@case(modes=P, rtol=0, atol=1.01)
def vision_resize(ms):
    v = ms.dataset.vision
    return (_tensors(_images(ms).map(operations=[v.Resize((3, 4))], input_columns="image")),
            _tensors(_images(ms).map(operations=[v.Resize(3)], input_columns="image")),
            _tensors(_images(ms).map(operations=[v.Resize((12, 16), v.Inter.NEAREST)],
                                     input_columns="image")))


@case(modes=P)
def typecast_onehot(ms):
    t = ms.dataset.transforms

    def data():
        return ms.dataset.NumpySlicesDataset({"label": np.array([0, 2, 1], np.int32)},
                                             shuffle=False)
    cast = data().map(operations=t.TypeCast(ms.float32), input_columns="label")
    hot = data().map(operations=t.OneHot(3), input_columns="label")
    comp = data().map(operations=t.Compose([t.OneHot(3), t.TypeCast(ms.float16)]),
                      input_columns="label")
    return _tensors(cast), _tensors(hot), _tensors(comp)


def _write_mnist(root, n):
    rs = np.random.RandomState(0)
    images = rs.randint(0, 256, (n, 28, 28)).astype(np.uint8)
    labels = (np.arange(n) % 10).astype(np.uint8)
    with open(os.path.join(root, "train-images-idx3-ubyte"), "wb") as f:
        f.write(bytes([0, 0, 8, 3]) + n.to_bytes(4, "big") + (28).to_bytes(4, "big") * 2)
        f.write(images.tobytes())
    with open(os.path.join(root, "train-labels-idx1-ubyte"), "wb") as f:
        f.write(bytes([0, 0, 8, 1]) + n.to_bytes(4, "big") + labels.tobytes())


@case(modes=P)
def mnist_files(ms):
    root = tempfile.mkdtemp()
    _write_mnist(root, 12)
    data = ms.dataset.MnistDataset(root, usage="train", shuffle=False)
    first = next(data.create_dict_iterator())
    batched = ms.dataset.MnistDataset(root, usage="train", shuffle=False).batch(5)
    labels = [r["label"] for r in batched.create_dict_iterator()]
    return (data.get_col_names(), data.get_dataset_size(), first["image"].shape,
            str(first["image"].dtype), first["image"][10:12, 10:12, 0], labels,
            batched.get_dataset_size())


@case(modes=P)
def fashion_mnist_files(ms):
    root = tempfile.mkdtemp()
    _write_mnist(root, 7)
    data = ms.dataset.FashionMnistDataset(root, shuffle=False)
    rows = list(data.create_dict_iterator(output_numpy=True))
    return (data.get_col_names(), data.get_dataset_size(), rows[3]["image"][5:8, 5:8, 0],
            [r["label"] for r in rows], str(rows[0]["label"].dtype))


def _ten(ms, **kw):
    return ms.dataset.NumpySlicesDataset({"i": np.arange(10, dtype=np.int32)}, **kw)


def _ids(data):
    return [int(row[0]) for row in data.create_tuple_iterator(output_numpy=True)]


@case(modes=P)
def samplers_deterministic(ms):
    ds = ms.dataset
    return (
        _ids(_ten(ms, sampler=ds.SequentialSampler())),
        _ids(_ten(ms, sampler=ds.SequentialSampler(start_index=3, num_samples=4))),
        _ids(_ten(ms, sampler=ds.SubsetSampler([7, 2, 5]))),
        _ids(_ten(ms, sampler=ds.DistributedSampler(3, 1, shuffle=False))),
        _ids(_ten(ms, sampler=ds.DistributedSampler(4, 3, shuffle=False))),
        _ids(_ten(ms, sampler=ds.DistributedSampler(3, 0, shuffle=False, num_samples=2))),
        _ids(_ten(ms, sampler=[9, 0, 4])),
        _ten(ms, sampler=ds.SequentialSampler(num_samples=4)).get_dataset_size(),
        _ten(ms, sampler=ds.DistributedSampler(3, 2, shuffle=False)).get_dataset_size(),
    )


@case(modes=P)
def samplers_random_cover_their_indices(ms):
    ds = ms.dataset
    return (
        sorted(_ids(_ten(ms, sampler=ds.RandomSampler()))),
        len(_ids(_ten(ms, sampler=ds.RandomSampler(num_samples=4)))),
        sorted(_ids(_ten(ms, sampler=ds.SubsetRandomSampler([1, 8, 3])))),
        len(_ids(_ten(ms, sampler=ds.DistributedSampler(2, 1)))),
    )


@case(modes=P)
def sampler_with_shuffle_is_an_error(ms):
    return _ten(ms, sampler=ms.dataset.SequentialSampler(), shuffle=False)


@case(modes=P)
def sampler_with_shards_is_an_error(ms):
    return _ten(ms, sampler=ms.dataset.SequentialSampler(), num_shards=2, shard_id=0)


@case(modes=P)
def sampler_with_num_samples_is_an_error(ms):
    return _ten(ms, sampler=ms.dataset.SequentialSampler(), num_samples=3)


@case(modes=P)
def distributed_sampler_bad_shard_id(ms):
    return _ids(_ten(ms, sampler=ms.dataset.DistributedSampler(2, 2, shuffle=False)))


@case(modes=P)
def generator_iterable_with_sampler(ms):
    data = ms.dataset.GeneratorDataset(_gen, ["data", "label"],
                                       sampler=ms.dataset.SequentialSampler())
    return [int(r[1]) for r in data.create_tuple_iterator(output_numpy=True)]


@case(modes=P)
def vision_equalize(ms):
    rs = np.random.RandomState(330)
    img = (rs.beta(2, 5, (20, 17, 3)) * 200 + 20).astype(np.uint8)
    gray = (rs.uniform(0, 1, (9, 11)) ** 2 * 120).astype(np.uint8)
    flat = np.full((4, 4, 3), 7, np.uint8)
    two = np.array([[10, 10], [20, 30]], np.uint8)
    eq = ms.dataset.vision.Equalize()
    data = ms.dataset.NumpySlicesDataset({"image": img[None].repeat(2, 0)}, shuffle=False)
    mapped = data.map(operations=eq, input_columns="image")
    return (eq(img), eq(gray), eq(flat), eq(two),
            next(mapped.create_tuple_iterator(output_numpy=True))[0])


@case(modes=P)
def vision_invert_and_pad(ms):
    v = ms.dataset.vision
    rs = np.random.RandomState(331)
    img = rs.randint(0, 256, (4, 5, 3)).astype(np.uint8)
    gray = rs.randint(0, 256, (3, 4)).astype(np.uint8)
    out = [v.Invert()(img), v.Pad(2)(img), v.Pad((1, 3))(img), v.Pad((1, 2, 0, 3), 7)(img),
           v.Pad((2, 1), fill_value=(9, 8, 7))(img), v.Pad(1)(gray)]
    for mode in (v.Border.EDGE, v.Border.REFLECT, v.Border.SYMMETRIC):
        out.append(v.Pad((2, 1, 1, 2), padding_mode=mode)(img))
    data = ms.dataset.NumpySlicesDataset({"image": img[None].repeat(2, 0)}, shuffle=False)
    mapped = data.map(operations=[v.Invert(), v.Pad(1)], input_columns="image")
    out.append(next(mapped.create_tuple_iterator(output_numpy=True))[0])
    return tuple(out)


@case(modes=P)
def vision_color_and_transforms(ms):
    v, t = ms.dataset.vision, ms.dataset.transforms
    rs = np.random.RandomState(332)
    img = (rs.beta(2, 5, (6, 5, 3)) * 200 + 20).astype(np.uint8)
    rgba = np.concatenate([img, rs.randint(0, 256, (6, 5, 1)).astype(np.uint8)], -1)
    gray = img[..., 0].copy()
    out = [v.AutoContrast()(img), v.AutoContrast(cutoff=10.0)(img),
           v.AutoContrast(cutoff=5.0, ignore=[20, 21])(img), v.AutoContrast()(gray),
           v.AutoContrast()(np.full((3, 3, 3), 9, np.uint8))]
    modes = v.ConvertMode
    for mode, x in ((modes.COLOR_RGB2BGR, img), (modes.COLOR_BGR2RGB, img),
                    (modes.COLOR_RGB2GRAY, img), (modes.COLOR_BGR2GRAY, img),
                    (modes.COLOR_GRAY2BGR, gray), (modes.COLOR_RGB2RGBA, img),
                    (modes.COLOR_RGBA2BGR, rgba), (modes.COLOR_RGBA2GRAY, rgba)):
        out.append(v.ConvertColor(mode)(x))
    out += [v.RandomPosterize((3, 3))(img), v.RandomPosterize(1)(img),
            t.PadEnd([5], 0)(np.array([1, 2, 3])), t.PadEnd([2, 3], -1)(np.ones((1, 2),
                                                                                np.int32)),
            t.PadEnd([2])(np.array([4.0, 5.0, 6.0], np.float32)),
            t.RandomChoice([v.Invert()])(img), t.RandomApply([v.Invert()], prob=1.0)(img),
            t.RandomApply([v.Invert()], prob=0.0)(img)]
    return tuple(out)


@case(modes=P)
def filter_map_batch_repeat(ms):
    ds = ms.dataset
    d = ds.NumpySlicesDataset({"x": np.arange(10).reshape(10, 1).astype(np.float32),
                               "y": np.arange(10)}, shuffle=False)
    d = d.map(lambda x: x * 2, input_columns="x").filter(lambda y: y % 3 != 0,
                                                          input_columns="y")
    sizes = [d.get_dataset_size()]
    d = d.batch(3, drop_remainder=False).repeat(2)
    sizes.append(d.get_dataset_size())
    g = ds.GeneratorDataset(lambda: ((np.array([i]), np.array(i * 10)) for i in range(6)),
                            ["a", "b"], shuffle=False).filter(lambda a, b: a[0] % 2 == 0)
    return _rows(d), sizes, _rows(g)


@case(modes=P)
def split_then_skip_take(ms):
    d = ms.dataset.NumpySlicesDataset(np.arange(10), shuffle=False)
    a, b = d.split([0.7, 0.3], randomize=False)
    c, e = d.split([4, 6], randomize=False)
    return (_rows(a), _rows(b.skip(1).take(2)), a.get_dataset_size(), _rows(c.take(2)),
            _rows(e.batch(4)))


@case(modes=P)
def one_hot_smoothing_dtype(ms):
    one_hot = ms.dataset.transforms.OneHot
    return (one_hot(4, smoothing_rate=0.2)(np.array(2)), one_hot(4)(np.array(1, np.uint8)),
            one_hot(3, smoothing_rate=0.1)(np.array(0, np.int32)))


@case(modes=P)
def slice_concatenate_mask(ms):
    T = ms.dataset.transforms
    x, m = np.arange(5), np.arange(12).reshape(3, 4)
    out = [T.Slice(1)(x), T.Slice([0, 2, 4])(x), T.Slice(slice(1, 4, 2))(x),
           T.Slice(None, 1)(m), T.Slice(Ellipsis, slice(0, 2))(m), T.Slice([2, 0], [1, 3])(m),
           T.Concatenate(0, None, np.array([8]))(np.array([1, 2])),
           T.Concatenate(0, np.array([9, 9]), np.array([8]))(np.array([1, 2])),
           T.Mask(T.Relational.EQ, 2)(np.array([1, 2, 3])),
           T.Mask(T.Relational.LT, 2.5)(np.array([1.0, 2.0, 3.0])),
           T.Mask(T.Relational.NE, 2, ms.int32)(np.array([1, 2, 3])),
           T.Mask(T.Relational.GE, 1, ms.float32)(np.array([0, 1, 2]))]
    d = ms.dataset.NumpySlicesDataset({"t": np.arange(12).reshape(3, 4)}, shuffle=False)
    d = d.map([T.Slice(slice(0, 3)), T.Concatenate(0, np.array([-1]))], input_columns="t")
    try:
        T.Concatenate(1, np.zeros((3, 1), np.int64))(m)
        err = "no error"
    except Exception as e:  # noqa: BLE001 - the class is the result
        err = type(e).__name__
    return out, _rows(d), err


def _varlen(ms, lengths):
    return ms.dataset.GeneratorDataset(
        lambda: ((np.arange(n), np.array(n)) for n in lengths), ["a", "n"], shuffle=False)


@case(modes=P)
def bucket_batch_by_length(ms):
    lengths = (1, 3, 2, 5, 4, 2, 7, 1, 3)
    a = _varlen(ms, lengths).bucket_batch_by_length(["a"], [3, 5], [2, 2, 1],
                                                     pad_info={"a": ([None], -1)})
    b = _varlen(ms, lengths).bucket_batch_by_length(
        ["a"], [2, 4, 8], [3, 2, 2, 1], pad_info={"a": ([None], 0)},
        pad_to_bucket_boundary=True, drop_remainder=True)
    c = _varlen(ms, lengths).bucket_batch_by_length(
        ["n"], [3], [2, 3], element_length_function=lambda n: int(n),
        pad_info={"a": (None, 9)})
    return _rows(a), _rows(b), _rows(c), a.get_dataset_size()


@case(modes=("PYNATIVE",))
def generator_sources_repeat(ms):
    """``repeat`` over a GeneratorDataset of a generator function (called anew), of a
    generator object (its rows replayed) and of an iterable class; ``get_dataset_size``
    counts the repeated rows."""
    dataset = ms.dataset

    def gen():
        for i in range(3):
            yield (np.array(i),)

    class Rows:
        def __iter__(self):
            self.i = 0
            return self

        def __next__(self):
            if self.i >= 3:
                raise StopIteration
            self.i += 1
            return (np.array(self.i * 10),)

    out = []
    for source in (gen, gen(), Rows()):
        d = dataset.GeneratorDataset(source, ["x"], shuffle=False).repeat(2)
        out.append(([int(r[0]) for r in d.create_tuple_iterator(output_numpy=True)],
                    d.get_dataset_size()))
    d = dataset.GeneratorDataset(gen, ["x"], shuffle=False).repeat(3).batch(2)
    out.append(([r[0].tolist() for r in d.create_tuple_iterator(output_numpy=True)],
                d.get_dataset_size()))
    return out


@case(modes=("PYNATIVE",))
def per_batch_map_batch_info(ms):
    """BatchInfo counts the batches of each pass over the batch node (a repeat after the
    batch starts again) and the iterator's epochs."""
    ds = ms.dataset

    def info(xs, batch_info):
        return ([np.array([batch_info.get_batch_num(), batch_info.get_epoch_num()])
                 for _ in xs],)

    def rows(data, epochs=1):
        it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
        return [[r[0][0].tolist() for r in it] for _ in range(epochs)]

    def source():
        return ds.NumpySlicesDataset({"x": np.arange(5)}, shuffle=False)

    def generated():
        return ds.GeneratorDataset(lambda: ((np.array(i),) for i in range(5)), ["x"],
                                   shuffle=False)
    return (rows(source().batch(2, per_batch_map=info), 2),
            rows(source().batch(2, per_batch_map=info).repeat(2)),
            rows(source().repeat(2).batch(2, per_batch_map=info)),
            rows(generated().batch(2, per_batch_map=info).repeat(2)),
            rows(generated().batch(2, per_batch_map=info), 2))


@case(modes=("PYNATIVE",))
def int64_arrays_print_their_dtype(ms):
    """MindSpore's arrays hold 64-bit integers as C ``long long``, which NumPy's repr prints
    with ``dtype=int64`` (a plain NumPy int64 array prints without it)."""
    ds = ms.dataset
    gen = ds.GeneratorDataset(lambda: ((np.array([1, 2], np.int64), np.array([1.5]),
                                        np.array([3], np.uint64)) for _ in range(1)),
                              ["a", "b", "c"], shuffle=False)
    row = next(gen.create_tuple_iterator(output_numpy=True))
    tensors = next(gen.create_dict_iterator())
    t = ms.Tensor(np.array([4, 5]))
    return ([repr(v) for v in row], [repr(v.asnumpy()) for v in tensors.values()],
            repr(t.asnumpy()), repr(np.asarray(t)), repr([t.asnumpy()]),
            repr(ms.ops.ones((2,), ms.int64).asnumpy()),
            repr(next(ds.NumpySlicesDataset([[1, 2]], shuffle=False)
                      .create_tuple_iterator(output_numpy=True))))


@case(modes=P)
def unique_transform(ms):
    """``transforms.Unique`` eagerly (values in first-occurrence order, Int32 index and
    counts; rank 2 or more, numeric) and in a pipeline."""
    t = ms.dataset.transforms
    out = []
    for a in (np.array([[3, 1], [3, 2]], np.int32), [[0, -1, -2, -1, 2], [2, -0, 2, 1, -3]],
              np.array([[1.5, 1.5]], np.float32), np.array([[[1, 2], [2, 1]]], np.uint8),
              np.array([3, 1, 3], np.int32), np.array([["a", "b"]]), np.array([[True]])):
        try:
            out.append([(v.tolist(), str(v.dtype)) for v in t.Unique()(a)])
        except RuntimeError as e:
            out.append([ln.strip() for ln in str(e).splitlines() if "[ERROR]" in ln])
    data = ms.dataset.NumpySlicesDataset([[[0, 1, 2], [1, 2, 3]]], ["x"], shuffle=False)
    data = data.map(t.Unique(), input_columns=["x"], output_columns=["x", "y", "z"])
    out.append(_rows(data))
    return out


@case(modes=P)
def transform_base_classes_and_private_helpers(ms):
    """User transforms subclass ``PyTensorOperation``; ``isinstance`` checks against
    ``TensorOperation``; the private helpers model-zoo code imports."""
    import importlib
    tr = importlib.import_module(ms.__name__ + ".dataset.transforms.transforms")
    vt = importlib.import_module(ms.__name__ + ".dataset.vision.transforms")
    util = importlib.import_module(ms.__name__ + ".dataset.vision.py_transforms_util")
    cb = importlib.import_module(ms.__name__ + ".train.callback._callback")

    class AddOne(tr.PyTensorOperation):
        def __init__(self):
            super().__init__()

        def _execute_py(self, img):
            return img + 1
    data = ms.dataset.NumpySlicesDataset([np.array([1, 2], np.int32)], ["x"], shuffle=False)
    out = [_rows(data.map(AddOne(), input_columns=["x"])), AddOne()(np.array([5])).tolist()]
    out += [isinstance(op, cls) for op in (ms.dataset.transforms.TypeCast(ms.int32),
                                             ms.dataset.vision.Resize((2, 2)),
                                             ms.dataset.vision.HWC2CHW(), AddOne())
            for cls in (tr.TensorOperation, tr.PyTensorOperation, vt.PyTensorOperation)]
    out += [util.is_pil(np.zeros((2, 2, 3), np.uint8)), util.is_numpy(np.zeros(2)),
            util.augment_error_message.format("x")]
    loss = ms.Tensor(np.array([1.0, 2.0], np.float32))
    out += [cb._handle_loss(loss), cb._handle_loss((loss, 1)), cb._handle_loss(3),
            cb._handle_loss([2.0])]
    out += [ms.dataset.context.GRAPH_MODE, ms.train.serialization.context.PYNATIVE_MODE]
    return out
