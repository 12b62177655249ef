"""What a sweep of ``mindspore.dataset`` pipelines (60 of them: batch, padding, buckets,
maps, filters, zips, samplers, splits) found apart from MindSpore: a ``map`` function's
arithmetic on a row's scalar columns promotes as NumPy 1 does under MindSpore (Int32 ``- 1``
gives Int64, Float32 ``* 0.5`` Float64); ``padded_batch`` pads every column once
``pad_info`` is given and ``bucket_batch_by_length`` always pads (scalars untouched); a
``per_batch_map`` result with the wrong number of rows is MindSpore's pipeline error;
``take``/``repeat``/``skip`` validate their counts."""
import numpy as np

from ._registry import case

P = ("PYNATIVE",)


def _rows(d):
    return [list(r) for r in d.create_tuple_iterator(output_numpy=True)]


def _base(ds, n=6):
    return ds.NumpySlicesDataset({"a": np.arange(n, dtype=np.int32),
                                  "b": np.arange(n, dtype=np.float32) * 0.5}, shuffle=False)


def _var(ds, n=7):
    return ds.GeneratorDataset(
        lambda: ((np.arange(i % 4 + 1, dtype=np.int32), np.array(i, np.int32))
                 for i in range(n)), ["x", "n"], shuffle=False)


@case(modes=P)
def map_scalar_promotion(ms):
    ds, T = ms.dataset, ms.dataset.transforms
    out = [_rows(_base(ds).map(lambda a: a * 2, input_columns="a")),
           _rows(_base(ds).map(lambda a, b: (a - 1, b * 2), input_columns=["a", "b"],
                               output_columns=["a", "b"])),
           _rows(_base(ds).map(lambda a: (a, (a + 1) * 3 // 2), input_columns="a",
                               output_columns=["a", "c"])),
           _rows(_base(ds).map([T.TypeCast(ms.float32), lambda x: x + 0.5], input_columns="a")),
           _rows(_base(ds).map(lambda b: b / 2 + np.float32(1), input_columns="b")),
           _rows(_base(ds).map(lambda a: a > 2, input_columns="a")),
           _rows(_var(ds).map(lambda x: x * 2, input_columns="x")),  # arrays keep their dtype
           _rows(_var(ds).map(lambda x, n: (x.sum() + 1, n + 0.5), input_columns=["x", "n"])),
           _rows(_base(ds).map(lambda a: a * 2, input_columns="a").batch(3))]
    return out


@case(modes=P)
def padding_every_column(ms):
    ds = ms.dataset
    return [_rows(_var(ds).padded_batch(3, pad_info={"x": ([4], -1)})),
            _rows(_var(ds).padded_batch(2, pad_info={"x": (None, 0)})),
            _rows(_var(ds).padded_batch(2, drop_remainder=True, pad_info={})),
            _rows(_var(ds).bucket_batch_by_length(["x"], [2, 3], [2, 2, 3])),
            _rows(_var(ds).bucket_batch_by_length(["x"], [2, 3], [2, 2, 3],
                                                  pad_info={"x": ([4], 9)},
                                                  drop_remainder=True)),
            _rows(_var(ds).bucket_batch_by_length(
                ["x"], [3], [2, 1], element_length_function=lambda x: x.shape[0] * 2))]


@case(modes=P)
def per_batch_map_row_count(ms):
    d = _base(ms.dataset, 10).batch(3, per_batch_map=lambda a, b, info: (a * 10, b),
                                    input_columns=["a", "b"])
    try:
        _rows(d)
        return "no error"
    except RuntimeError as e:
        return [line for line in str(e).splitlines() if "[ERROR]" in line]


@case(modes=P)
def count_arguments(ms):
    d = _base(ms.dataset, 4)
    out = []
    for f in (lambda: d.take(0), lambda: d.take(-2), lambda: d.take("3"), lambda: d.take(True),
              lambda: d.repeat(0), lambda: d.repeat(2.0), lambda: d.skip(-1),
              lambda: d.skip(None)):
        try:
            f()
            out.append("no error")
        except (TypeError, ValueError) as e:
            out.append([type(e).__name__, str(e)])
    ds = ms.dataset  # (a node consumed by two pipelines is MindSpore's ValueError: fresh ones)
    out += [_rows(_base(ds, 4).skip(0)), _rows(_base(ds, 4).take(-1)),
            _rows(_base(ds, 4).repeat(2).take(6))]
    return out


@case(modes=P)
def transforms_refusals(ms):
    """``Fill`` has no Float16 kernel; ``Slice`` with more indices than dimensions."""
    T = ms.dataset.transforms
    out = []
    for op, x in ((T.Fill(3), np.ones((2, 2), np.float16)), (T.Fill(3), np.ones(2, np.int8)),
                  (T.Slice(1, 2), np.arange(5)), (T.Slice(Ellipsis, 1), np.arange(5)),
                  (T.Slice(1, Ellipsis, 0), np.arange(12).reshape(3, 4))):
        try:
            out.append(op(x))
        except RuntimeError as e:
            out.append([line for line in str(e).splitlines() if "[ERROR]" in line])
    return out
