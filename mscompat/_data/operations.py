"""Dataset operations (map, batch, shuffle, repeat, take, skip, project, rename, zip, concat,
split) as grain transformations."""
from __future__ import annotations

import itertools

import grain
import grain.experimental as grain_exp
import numpy as np

from . import legacy_promotion, ms_order, op_random
from .pipeline import (
    NOT_A_TREE,
    Dataset,
    Pass,
    _IterableSource,
    _Skip,
    as_iter,
    ceil_div,
    dataset_seed,
    iterator_epoch,
)
from .pipeline_errors import (
    call_user,
    is_pipeline_error,
    pipeline_error,
    python_error,
    type_error,
)
from .transform_base import PyTensorOperation, TensorOperation
from .vision import _Op


def _names(cols) -> list[str] | None:
    if cols is None:
        return None
    return [cols] if isinstance(cols, str) else list(cols)


def _apply_ops(plan, values: tuple) -> tuple:
    for op, impl, run in plan:
        user = not isinstance(op, (TensorOperation, PyTensorOperation))
        try:
            # a user function computes with NumPy 1's scalar promotion, as under MindSpore
            out = legacy_promotion.from_user(run(legacy_promotion.for_user(values))) if user \
                else run(values)
        except Exception as e:  # MindSpore's RuntimeError, naming the failed operation
            message = getattr(e, "transform_message", "")
            if is_pipeline_error(e) and isinstance(op, _Op) and impl != "PY" and \
                    not message.startswith("map operation"):
                raise pipeline_error(f"map operation: [{type(op).__name__}] failed. "
                                     f"{message}") from e
            if is_pipeline_error(e):
                raise
            if impl == "PY" or not isinstance(op, _Op):
                raise python_error("map", e) from e
            raise pipeline_error(f"map operation: [{type(op).__name__}] failed. {e}") from e
        values = out if isinstance(out, tuple) else (out,)
    return tuple(np.asarray(v) for v in values)


def _draws_ms_stream(op) -> bool:
    """Is ``op`` (or a transform inside it) one that draws from MindSpore's op streams?"""
    if getattr(op, "_ms_stream", False):
        return True
    inner = getattr(op, "transforms", None)
    return isinstance(inner, (list, tuple)) and any(_draws_ms_stream(t) for t in inner)


class Map(Dataset):
    def __init__(self, parent, operations, input_columns, output_columns,
                 num_parallel_workers=None) -> None:
        ops = operations if isinstance(operations, (list, tuple)) else [operations]
        self.ops = [op for op in ops if op is not None]
        from ..dataset.config import get_num_parallel_workers
        self._workers = num_parallel_workers or get_num_parallel_workers()
        self._random = any(_draws_ms_stream(op) for op in self.ops)
        self._streams_at: dict[int, op_random.Streams] = {}  # epoch -> streams at its start
        from .vision_pil import resolve
        self._plan = resolve(self.ops)  # each transform's path (Pillow or arrays)
        cols = list(parent._columns)
        self.inputs = _names(input_columns) or cols[:1]
        unknown = [c for c in self.inputs if c not in cols]
        if unknown:
            raise pipeline_error(f"Invalid parameter, input column name: {unknown[0]} doesn't "
                                 f"exist in the dataset columns.")
        self.outputs = _names(output_columns) or list(self.inputs)
        first = cols.index(self.inputs[0])
        rest = [c for c in cols if c not in self.inputs]
        names = rest[:first] + self.outputs + rest[first:] if len(self.outputs) else rest
        super().__init__([parent], names)
        self._index = [cols.index(c) for c in self.inputs]
        self._keep = [cols.index(c) for c in rest]
        self._first = first

    def _row(self, row: tuple) -> tuple:
        out = _apply_ops(self._plan, tuple(row[i] for i in self._index))
        if len(out) != len(self.outputs):
            raise pipeline_error(f"Invalid columns, the number of columns returned in 'map' "
                                 f"operations should match the number of 'output_columns', but "
                                 f"got the number of columns returned in 'map' operations: "
                                 f"{len(out)}, the number of 'output_columns': "
                                 f"{len(self.outputs)}.")
        rest = [row[i] for i in self._keep]
        return tuple(rest[:self._first]) + out + tuple(rest[self._first:])

    def _grain(self, epoch):
        if not self._random:
            return self.children[0]._grain(epoch).map(self._row)
        return _IterableSource(lambda: self._drawn_rows(epoch))

    def _drawn_rows(self, epoch: int):
        """The rows in order, each transform drawing from its worker's stream
        (``op_random``), the streams going on from the epoch before."""
        active = self._streams(epoch)
        job = active.next_job
        for row in as_iter(self.children[0]._grain(epoch)):
            with op_random.streams(active, job):
                out = self._row(row)
            job += 1
            yield out
        active.next_job = job + 1  # MindSpore hands the end-of-epoch marker to a worker too
        self._streams_at = {epoch + 1: active.copy()}

    def _streams(self, epoch: int) -> op_random.Streams:
        if epoch in self._streams_at:
            return self._streams_at[epoch].copy()
        if epoch == 0:
            return op_random.Streams(self._workers, dataset_seed())
        for _ in self._drawn_rows(epoch - 1):  # replay the epoch before to reach its end
            pass
        return self._streams_at[epoch].copy()


class Filter(Dataset):
    """``Dataset.filter(predicate, input_columns=None)``: the rows for which ``predicate``
    (called with ``input_columns``, or every column) is true."""

    def __init__(self, parent, predicate, input_columns) -> None:
        super().__init__([parent])
        cols = list(parent._columns)
        names = _names(input_columns) or cols
        unknown = [c for c in names if c not in cols]
        if unknown:
            raise pipeline_error(f"Invalid parameter, column name: {unknown[0]} does not "
                                 f"exist in the dataset columns.")
        self.predicate, self._index = predicate, [cols.index(c) for c in names]

    def _keep(self, row: tuple) -> bool:
        return call_user("filter", lambda: bool(np.asarray(self.predicate(
            *(row[i] for i in self._index)))))

    def _grain(self, epoch):
        ds = self.children[0]._grain(epoch)
        return as_iter(ds).filter(self._keep)

    def _length(self):
        return None  # counted by iterating, as MindSpore does


class Batch(Dataset):
    def __init__(self, parent, batch_size, drop_remainder, per_batch_map, input_columns,
                 output_columns, pad_info=None) -> None:
        if callable(batch_size):
            raise NotImplementedError("batch(batch_size=<function of BatchInfo>) is not "
                                      "supported by mscompat yet.")
        if not isinstance(batch_size, int):
            raise TypeError("batch_size should either be an int or a callable.")
        if batch_size == -1:  # (a batch sampler's size: none here)
            raise pipeline_error("Batch size cannot be -1 without using batch sampler.")
        if not 1 <= batch_size <= 2147483647:
            raise ValueError("Input batch_size is not within the required interval of "
                             "[1, 2147483647].")
        super().__init__([parent])
        self._batch_size = batch_size
        self.drop_remainder = drop_remainder
        self.per_batch_map = per_batch_map
        self.inputs = _names(input_columns)
        if output_columns is not None:
            self._columns = _names(output_columns)
        self.pad_info = _check_pad_info(pad_info, list(parent._columns))

    def _stack(self, rows, info=None):
        cols = list(zip(*rows))
        if self.pad_info is not None:  # every column: those not named to the longest, by 0
            names = list(self.children[0]._columns)
            cols = [_pad_column(c, *self.pad_info.get(n, (None, 0)))
                    for n, c in zip(names, cols)]
        if self.per_batch_map is not None:
            names = list(self.children[0]._columns)
            index = [names.index(c) for c in (self.inputs or names)]
            out = call_user("batch", self.per_batch_map, *[list(cols[i]) for i in index],
                            info)
            out = out if isinstance(out, tuple) else (out,)
            named = self._columns if self._columns else (self.inputs or names)
            for name, v in zip(named, out):
                if isinstance(v, (list, np.ndarray)) and np.ndim(v) and len(v) != len(rows):
                    raise pipeline_error(f"Invalid data, column: {name} expects: {len(rows)} "
                                         f"rows returned from 'per_batch_map', got: {len(v)}")
            return tuple(np.asarray(v) for v in out)
        return tuple(stack_column(c, i) for i, c in enumerate(cols))

    def _grain(self, epoch):
        child = self.children[0]._grain(epoch)
        if self.per_batch_map is None:
            return child.batch(self._batch_size, drop_remainder=self.drop_remainder,
                               batch_fn=self._stack)
        # per_batch_map's BatchInfo: the batch's number in this pass over the node, the epoch
        rows = child.batch(self._batch_size, drop_remainder=self.drop_remainder, batch_fn=list)
        shown = iterator_epoch(epoch)
        if isinstance(rows, grain.MapDataset):  # (a repeat after it asks for i past the end)
            n = max(len(rows), 1)
            return rows.map_with_index(lambda i, r: self._stack(r, _BatchInfo(i % n, shown)))
        return _Numbered(rows).map(lambda nr: self._stack(nr[1], _BatchInfo(nr[0], shown)))

    def _length(self):
        n = self.children[0]._length()
        if n is None:
            return None
        return n // self._batch_size if self.drop_remainder else ceil_div(n, self._batch_size)


def stack_column(values, index: int) -> np.ndarray:
    """One batched column; rows of different shapes are MindSpore's pipeline error."""
    arrays = [np.asarray(v) for v in values]
    for a in arrays[1:]:
        if a.shape != arrays[0].shape:
            def dims(shape):
                return "<" + ",".join(map(str, shape)) + ">"
            raise pipeline_error(f"Cannot batch tensors with different shapes in column "
                                 f"{index}. First element had shape {dims(arrays[0].shape)} "
                                 f"and this element had shape {dims(a.shape)}")
    return np.stack(arrays)


class BucketBatch(Dataset):
    """``bucket_batch_by_length``: rows go to the bucket of their length (``boundaries``
    split it); a full bucket becomes a batch (padded per ``pad_info``, or to the bucket's
    boundary - 1 with ``pad_to_bucket_boundary``); what is left is batched at the end, in
    bucket order, unless ``drop_remainder``."""

    def __init__(self, parent, column_names, boundaries, batch_sizes, length_fn, pad_info,
                 pad_to_boundary, drop_remainder) -> None:
        boundaries, batch_sizes = list(boundaries), list(batch_sizes)
        if not boundaries or any(b <= 0 for b in boundaries) or \
                any(b2 <= b1 for b1, b2 in zip(boundaries, boundaries[1:])):
            raise ValueError("bucket_boundaries must be a non-empty list of positive, strictly "
                             f"increasing ints, but got {boundaries}.")
        if len(batch_sizes) != len(boundaries) + 1 or any(b <= 0 for b in batch_sizes):
            raise ValueError("bucket_batch_sizes must be a list of len(bucket_boundaries) + 1 "
                             f"positive ints, but got {batch_sizes}.")
        super().__init__([parent])
        names = list(parent._columns)
        self._index = [names.index(c) for c in _names(column_names)]
        self.boundaries, self.batch_sizes = boundaries, batch_sizes
        self.length_fn, self.drop_remainder = length_fn, drop_remainder
        self.pad_to_boundary = pad_to_boundary
        self.pad_info = _check_pad_info(pad_info, names) or {}
        self._names = names

    def _length_of(self, row) -> int:
        cols = [row[i] for i in self._index]
        if self.length_fn is None:
            return int(np.asarray(cols[0]).shape[0])
        return int(np.asarray(self.length_fn(*cols)))

    def _batch(self, rows, bucket: int):
        cols = list(zip(*rows))
        out = []
        for name, c in zip(self._names, cols):  # every column is padded (MindSpore's)
            shape, value = self.pad_info.get(name, (None, 0))
            if name in self.pad_info and self.pad_to_boundary and bucket < len(self.boundaries):
                shape = [self.boundaries[bucket] - 1] + list((shape or [None])[1:])
            out.append(stack_column(_pad_column(c, shape, value), len(out)))
        return tuple(out)

    def _batches(self, rows):
        buckets = [[] for _ in self.batch_sizes]
        for row in rows:
            b = int(np.searchsorted(self.boundaries, self._length_of(row), side="right"))
            buckets[b].append(row)
            if len(buckets[b]) == self.batch_sizes[b]:
                yield self._batch(buckets[b], b)
                buckets[b] = []
        if not self.drop_remainder:
            for b, rest in enumerate(buckets):
                if rest:
                    yield self._batch(rest, b)

    def _grain(self, epoch):
        from .pipeline import _IterableSource
        return _IterableSource(lambda: self._batches(self.children[0]._rows(epoch)))

    def _length(self):
        return None


def _check_pad_info(pad_info, names) -> dict | None:
    if pad_info is None:
        return None
    if not isinstance(pad_info, dict):
        raise TypeError(f"Argument pad_info with value {pad_info} is not of type [<class "
                        f"'dict'>], but got {type(pad_info)}.")
    out = {}
    for name, spec in pad_info.items():
        if name not in names:
            raise ValueError(f"pad_info: column {name!r} is not one of {names}.")
        shape, value = (None, 0) if spec is None else spec
        out[name] = (None if shape is None else list(shape), 0 if value is None else value)
    return out


def _pad_column(values, shape, value):
    """``padded_batch``: each element padded with ``value`` (or cut) to ``shape``; a None
    shape or dimension takes the largest in the batch."""
    arrays = [np.asarray(v) for v in values]
    ndim = arrays[0].ndim
    if ndim == 0:  # scalars have nothing to pad
        return arrays
    biggest = [max(a.shape[d] for a in arrays) for d in range(ndim)]
    target = biggest if shape is None else [biggest[d] if s is None else int(s)
                                            for d, s in enumerate(shape)]
    out = []
    for a in arrays:
        a = a[tuple(slice(0, t) for t in target)]
        out.append(np.pad(a, [(0, t - n) for t, n in zip(target, a.shape)],
                          constant_values=np.asarray(value).astype(a.dtype)))
    return out


class _NumberedIterator(grain.DatasetIterator):
    def __init__(self, parent) -> None:
        super().__init__(parent)
        self._count = 0

    def __next__(self):
        item = next(self._parent)
        self._count += 1
        return self._count - 1, item

    def get_state(self) -> dict:
        return {"parent": self._parent.get_state(), "count": self._count}

    def set_state(self, state: dict) -> None:
        self._parent.set_state(state["parent"])
        self._count = state["count"]


class _Numbered(grain.IterDataset):
    """(number, element) with the number counted from 0 in each pass (``repeat`` restarts
    a pass by its state)."""

    def __iter__(self):
        return _NumberedIterator(iter(self._parent))


class _BatchInfo:
    """The ``BatchInfo`` passed to ``per_batch_map``: ``get_batch_num()`` counts the batches
    of this pass over the batch node from 0 (a ``repeat`` after ``batch`` starts it again),
    ``get_epoch_num()`` the iterator's epochs from 0."""

    def __init__(self, batch_num: int = 0, epoch_num: int = 0) -> None:
        self._batch_num, self._epoch_num = batch_num, epoch_num

    def get_batch_num(self) -> int:
        return self._batch_num

    def get_epoch_num(self) -> int:
        return self._epoch_num


class Shuffle(Dataset):
    """``Dataset.shuffle(buffer_size)`` in MindSpore's order (``ms_order.buffer_shuffled``):
    its ``std::mt19937_64`` goes on from one epoch to the next (``reshuffle_each_epoch``)
    or starts again (``split``'s shuffle)."""

    def __init__(self, parent, buffer_size, reshuffle_each_epoch: bool = True) -> None:
        if not isinstance(buffer_size, int) or isinstance(buffer_size, bool):
            raise type_error("buffer_size", buffer_size, (int,))
        if not 2 <= buffer_size <= 2147483647:
            raise ValueError("Input buffer_size is not within the required interval of "
                             "[2, 2147483647].")
        super().__init__([parent])
        self.buffer_size = buffer_size
        self.reshuffle_each_epoch = reshuffle_each_epoch
        self._rows_per_epoch: dict[int, int] = {}
        self._next_gen: tuple | None = None  # (epoch, generator at that epoch's start)

    def _generator(self, epoch: int) -> ms_order.Mt19937x64:
        if not self.reshuffle_each_epoch:
            return ms_order.Mt19937x64(dataset_seed())
        if self._next_gen is not None and self._next_gen[0] == epoch:
            return self._next_gen[1].copy()
        gen = ms_order.Mt19937x64(dataset_seed())
        for done in range(epoch):  # one draw per row of every earlier epoch
            if done not in self._rows_per_epoch:
                self._rows_per_epoch[done] = sum(
                    1 for _ in as_iter(self.children[0]._grain(done)))
            gen.discard(self._rows_per_epoch[done])
        return gen

    def _finished(self, epoch: int, rows: int, gen) -> None:
        self._rows_per_epoch[epoch] = rows
        self._next_gen = (epoch + 1, gen.copy())

    def _grain(self, epoch):
        ds = self.children[0]._grain(epoch)
        if isinstance(ds, grain.MapDataset):
            gen = self._generator(epoch)
            positions = list(ms_order.buffer_shuffled(range(len(ds)), self.buffer_size, gen))
            self._finished(epoch, len(positions), gen)
            return grain.MapDataset.source(positions).map(lambda i: ds[int(i)])

        def rows():  # each pass over the epoch starts from the epoch's generator
            gen = self._generator(epoch)
            count = 0
            for row in ms_order.buffer_shuffled(ds, self.buffer_size, gen):
                count += 1
                yield row
            self._finished(epoch, count, gen)
        return _IterableSource(rows)




class Repeat(Dataset):
    def __init__(self, parent, count) -> None:
        super().__init__([parent])
        self.count = None if count in (None, -1) else int(count)
        self._repeat_count = -1 if self.count is None else self.count

    def _grain(self, epoch):
        """Each pass is a new epoch of the nodes below, as in MindSpore (a sampler or a
        ``shuffle`` below draws its next order): pass ``r`` of ``epoch`` is their epoch
        ``epoch * count + r``."""
        child = self.children[0]
        if self.count is None:
            return _IterableSource(lambda: itertools.chain.from_iterable(
                as_iter(child._grain(Pass(k, iterator_epoch(epoch))))
                for k in itertools.count()))
        parts = [child._grain(Pass(epoch * self.count + r, iterator_epoch(epoch)))
                 for r in range(self.count)]
        if all(isinstance(p, grain.MapDataset) for p in parts):
            return grain.MapDataset.concatenate(parts)
        return _IterableSource(lambda: itertools.chain.from_iterable(
            as_iter(p) for p in parts))

    def _length(self):
        n = self.children[0]._length()
        if self.count is None:
            return n  # MindSpore reports one pass for an infinite repeat
        return None if n is None else n * self.count


class Take(Dataset):
    def __init__(self, parent, count) -> None:
        super().__init__([parent])
        self.count = int(count)

    def _grain(self, epoch):
        ds = self.children[0]._grain(epoch)
        if self.count < 0:
            return ds
        if isinstance(ds, grain.MapDataset):
            return ds.slice(slice(0, self.count))
        return grain_exp.LimitIterDataset(ds, self.count)

    def _length(self):
        n = self.children[0]._length()
        if self.count < 0 or n is None:
            return n
        return min(n, self.count)


class Skip(Dataset):
    def __init__(self, parent, count) -> None:
        super().__init__([parent])
        self.count = int(count)

    def _grain(self, epoch):
        ds = self.children[0]._grain(epoch)
        if isinstance(ds, grain.MapDataset):
            return ds.slice(slice(self.count, None))
        return _Skip(ds, self.count)

    def _length(self):
        n = self.children[0]._length()
        return None if n is None else max(n - self.count, 0)


class Project(Dataset):
    def __init__(self, parent, columns) -> None:
        names = list(parent._columns)
        missing = [c for c in columns if c not in names]
        if missing:
            raise pipeline_error(f"Invalid column, column name: {missing[0]} does not exist.")
        super().__init__([parent], columns)
        self._index = [names.index(c) for c in columns]

    def _grain(self, epoch):
        return self.children[0]._grain(epoch).map(lambda row: tuple(row[i] for i in
                                                                    self._index))


class Rename(Dataset):
    def __init__(self, parent, input_columns, output_columns) -> None:
        mapping = dict(zip(_names(input_columns), _names(output_columns)))
        if any(c not in list(parent._columns) for c in mapping):
            raise pipeline_error("Invalid column, column to be renamed does not exist.")
        super().__init__([parent], [mapping.get(c, c) for c in list(parent._columns)])

    def _grain(self, epoch):
        return self.children[0]._grain(epoch)


class Zip(Dataset):
    def __init__(self, datasets) -> None:
        names = [c for d in datasets for c in list(d._columns)]
        if len(set(names)) != len(names):
            twice = next(c for c in names if names.count(c) > 1)
            raise pipeline_error(f"Invalid data, duplicate column {twice} already exists when "
                                 f"zipping datasets.")
        super().__init__(datasets, names)

    def _grain(self, epoch):
        from .pipeline import _IterableSource
        parts = self.children

        def rows():  # as MindSpore: stops with the shortest dataset
            for group in zip(*(d._rows(epoch) for d in parts)):
                yield sum(group, ())
        return _IterableSource(rows)

    def _length(self):
        lengths = [d._length() for d in self.children]
        return None if None in lengths else min(lengths)


class Concat(Dataset):
    def __init__(self, datasets) -> None:
        super().__init__(datasets)

    def _grain(self, epoch):
        from .pipeline import _IterableSource
        parts = self.children

        def rows():
            for d in parts:
                yield from d._rows(epoch)
        return _IterableSource(rows)

    def _length(self):
        lengths = [d._length() for d in self.children]
        return None if None in lengths else sum(lengths)


class _Rows(Dataset):
    """Some rows of the parent, by position (``split``): read by index from a random-access
    parent; from an iterable one, a contiguous run streamed (skip, then take) and a shuffled
    selection from the rows read once per epoch."""

    def __init__(self, parent, indices) -> None:
        # MindSpore splits a random-access source by giving copies of it samplers: each
        # split is a source of its own. Other datasets are split as copies that keep the
        # dataset's consumers: a split of one something else already reads is not a tree
        # when iterated.
        self._reads_a_copy = parent._split_by_sampler
        self._copied_consumer = parent._consumers > 0 and not self._reads_a_copy
        super().__init__([parent])
        parent._consumers -= 1  # each split reads its own rows: MindSpore's are independent
        self.indices = [int(i) for i in indices]

    def _grain(self, epoch):
        if self._copied_consumer:
            raise ValueError(NOT_A_TREE)
        base = self.children[0]._grain(epoch)
        if isinstance(base, grain.MapDataset):
            return grain.MapDataset.source(self.indices).map(lambda i: base[i])
        start, n = (self.indices or [0])[0], len(self.indices)
        if self.indices == list(range(start, start + n)):
            return grain_exp.LimitIterDataset(_Skip(base, start), n)
        indices = self.indices
        return _IterableSource(lambda: (rows[i] for rows in [list(base)] for i in indices))

    def _length(self):
        return len(self.indices)


def _split_sizes(sizes, n: int) -> list[int]:
    """MindSpore's absolute split sizes: integers must add up to ``n``; fractions are
    rounded, the shortfall goes to the first split, an excess comes off the first split
    that keeps a row."""
    if all(isinstance(s, int) for s in sizes):
        if sum(sizes) != n:
            raise RuntimeError(f"Sum of split sizes {sum(sizes)} is not equal to dataset size "
                               f"{n}.")
        return list(sizes)
    counts = []
    for s in sizes:
        counts.append(int(round(s * n)))
        if counts[-1] == 0:
            raise RuntimeError(f"Split percentage {s} is too small.")
    difference = n - sum(counts)
    if difference > 0:
        counts[0] += difference
    else:
        for i, c in enumerate(counts):
            if c + difference > 0:
                counts[i] += difference
                break
    if sum(counts) != n:
        raise RuntimeError(f"Sum of calculated split sizes {sum(counts)} is not equal to "
                           f"dataset size {n}.")
    return counts


def _check_split(sizes, randomize) -> None:
    """MindSpore's argument checks of ``split``, before the dataset is read."""
    for name, value, kind in (("sizes", sizes, list), ("randomize", randomize, bool)):
        if not isinstance(value, kind):
            raise TypeError(f"Argument {name} with value {value} is not of type "
                            f"[{kind}], but got {type(value)}.")
    if not sizes:
        raise ValueError("sizes cannot be empty.")
    all_int = all(isinstance(s, int) for s in sizes)
    if not all_int and not all(isinstance(s, float) for s in sizes):
        raise ValueError("sizes should be list of int or list of float.")
    if all_int and not all(s > 0 for s in sizes):
        raise ValueError("sizes is a list of int, but there should be no negative or zero "
                         "numbers.")
    if not all_int:
        if not all(0 < s <= 1 for s in sizes):
            raise ValueError("sizes is a list of float, but there should be no numbers "
                             "outside the range (0, 1].")
        if not abs(sum(sizes) - 1) < 0.00001:
            raise ValueError("sizes is a list of float, but the percentages do not sum up "
                             "to 1.")


def split(ds, sizes, randomize: bool):
    _check_split(sizes, randomize)
    n = ds.get_dataset_size()
    counts = _split_sizes(sizes, n)
    order = np.arange(n)
    if randomize:  # MindSpore: a RandomSampler that does not reshuffle (random access), or
        # a shuffle(10000) that starts again each epoch (other sources)
        order = np.asarray(
            ms_order.random_sampler_order(n, dataset_seed(), 0)
            if getattr(ds, "_split_by_sampler", False) else
            list(ms_order.buffer_shuffled(range(n), 10000,
                                          ms_order.Mt19937x64(dataset_seed()))))
    out, start = [], 0
    for c in counts:
        out.append(_Rows(ds, order[start:start + c]))
        start += c
    return out


