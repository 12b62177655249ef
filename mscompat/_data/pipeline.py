"""``mindspore.dataset.Dataset`` over grain.

A Dataset is a node (source or operation) whose ``_grain(epoch)`` builds the grain pipeline
for one epoch: random-access sources become ``grain.MapDataset`` (map, batch, shuffle,
repeat, slice are grain's), iterable sources a ``grain.IterDataset`` (``_IterableSource``).
Rows are tuples of NumPy arrays, one per column; iterators turn them into Tensors.

Shuffling is grain's, seeded by ``dataset.config.set_seed`` (else ``mindspore.set_seed``, else
0) plus the epoch number: the order is reproducible in mscompat but not MindSpore's
(``docs/divergences.md``).
"""
from __future__ import annotations

import enum
import math
from collections.abc import Callable, Sequence

import grain
import numpy as np

from .._engine.tensor import Tensor
from .pipeline_errors import type_error

_CONFIG = {"seed": None}


DEFAULT_SEED = 5489  # ``std::mt19937::default_seed``, MindSpore's unset dataset seed


_INT32_MAX = 2147483647


def _check_count(count, name: str, types: tuple) -> None:
    """MindSpore's ``type_check`` of a count argument (a bool is refused too)."""
    if isinstance(count, bool) or not isinstance(count, types):
        raise type_error(name, count, types)


def dataset_seed() -> int:
    """The dataset seed: ``dataset.config.set_seed``'s (``mindspore.set_seed`` sets it too).
    Unset, MindSpore draws a random seed per pipeline; mscompat uses 5489 (reproducible)."""
    from .._engine.random_ops import get_seed
    if _CONFIG["seed"] is not None:
        return _CONFIG["seed"]
    seed = get_seed()
    return DEFAULT_SEED if seed is None else seed


class Pass(int):
    """The epoch index the nodes below a ``repeat`` see (each pass draws its own orders),
    remembering the iterator's epoch, which ``BatchInfo.get_epoch_num`` reports."""

    def __new__(cls, index: int, epoch: int) -> Pass:
        obj = int.__new__(cls, index)
        obj.epoch = epoch
        return obj


def iterator_epoch(epoch: int) -> int:
    return getattr(epoch, "epoch", epoch)


def shuffle_seed(epoch: int) -> int:
    """A seed for the orders MindSpore's engine does not define (file-level shuffles)."""
    return (dataset_seed() * 1000003 + epoch) % 2**31


def as_row(item, ncols: int | None = None) -> tuple:
    """A source item as a tuple of NumPy arrays (a single value is a one-column row)."""
    if not isinstance(item, tuple):
        item = tuple(item) if isinstance(item, list) and ncols and ncols > 1 else (item,)
    if ncols is not None and len(item) != ncols:
        from .pipeline_errors import source_width_error
        raise source_width_error(ncols, len(item))
    return tuple(np.asarray(v.asnumpy() if isinstance(v, Tensor) else v) for v in item)


class _IterableIterator(grain.DatasetIterator):
    def __init__(self, make: Callable) -> None:
        super().__init__()
        self._make = make
        self._it = iter(make())
        self._count = 0

    def __next__(self):
        row = next(self._it)
        self._count += 1
        return row

    def get_state(self) -> dict:
        return {"count": self._count}

    def set_state(self, state: dict) -> None:
        """Back to the row ``count``: the generator is called anew and advanced (``repeat``
        restarts it at 0 each pass)."""
        self._it = iter(self._make())
        self._count = 0
        for _ in range(state["count"]):
            next(self)


NOT_A_TREE = "The data pipeline is not a tree (i.e., one node has 2 consumers)"


class _IterableSource(grain.IterDataset):
    """A Python iterable (or a generator function, called anew each epoch) as grain input."""

    def __init__(self, make: Callable) -> None:
        super().__init__()
        self._make = make

    def __iter__(self):
        return _IterableIterator(self._make)


class _Skip(grain.IterDataset):
    def __init__(self, parent, count: int) -> None:
        super().__init__(parent)
        self._count = count

    def __iter__(self):
        it = iter(self._parent)
        for _ in range(self._count):
            try:
                next(it)
            except StopIteration:
                break
        return it


class Shuffle(enum.Enum):
    """``dataset.Shuffle``: how file-based datasets shuffle."""

    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


def shuffle_flag(shuffle, name: str):
    """A ``shuffle`` argument (None, a bool or a ``Shuffle``) as None/False/True: mscompat
    shuffles rows globally; the file-level modes are refused rather than approximated."""
    if shuffle is None or isinstance(shuffle, bool):
        return shuffle
    if not isinstance(shuffle, Shuffle):
        raise TypeError(f"Argument shuffle with value {shuffle} is not of type [<class "
                        f"'bool'>, <enum 'Shuffle'>], but got {type(shuffle)}.")
    if shuffle in (Shuffle.FILES, Shuffle.INFILE, Shuffle.PARTIAL):
        raise NotImplementedError(f"mindspore.dataset.{name}(shuffle={shuffle}) is not "
                                  f"supported by mscompat (Shuffle.GLOBAL, ADAPTIVE and FALSE "
                                  f"are).")
    return shuffle != Shuffle.FALSE



# grain's prefetch walks its whole buffer of futures on every element it returns: with its
# default 500 that was 1 ms an element (70 s for a 70,000-row epoch); 32 keeps 16 threads
# busy at a 16th of the cost.
_READ_OPTIONS = grain.ReadOptions(num_threads=16, prefetch_buffer_size=32)


def as_iter(ds):
    """A grain dataset as the IterDataset the pipeline's iterators read."""
    return ds.to_iter_dataset(_READ_OPTIONS) if isinstance(ds, grain.MapDataset) else ds


class Dataset:
    """Base of every dataset node (``mindspore.dataset.Dataset``)."""

    def __init__(self, children: Sequence[Dataset] = (), column_names=None) -> None:
        self.children = list(children)
        self._consumers = 0
        for c in self.children:
            c._consumers += 1
        self._columns = list(column_names) if column_names is not None else (
            list(children[0]._columns) if children else [])
        self._batch_size = children[0]._batch_size if children else 1
        self._repeat_count = children[0]._repeat_count if children else 1

    # -- what subclasses provide -----------------------------------------------------------
    def _grain(self, epoch: int):
        raise NotImplementedError

    def _length(self) -> int | None:
        return self.children[0]._length() if self.children else None

    # -- metadata --------------------------------------------------------------------------
    # MindSpore computes a derived node's metadata by building its pipeline (so a node that
    # feeds two others raises there too) and keeps each answer on the node once given.
    def _metadata(self, key: str, compute: Callable):
        cache = self.__dict__.setdefault("_metadata_cache", {})
        if key not in cache:
            self._check_tree()
            cache[key] = compute()
        return cache[key]

    def get_col_names(self) -> list[str]:
        return list(self._metadata("columns", lambda: list(self._columns)))

    def get_batch_size(self) -> int:
        return self._metadata("batch_size", lambda: self._batch_size)

    def get_repeat_count(self) -> int:
        return self._metadata("repeat_count", lambda: self._repeat_count)

    def get_dataset_size(self) -> int:
        def count() -> int:
            n = self._length()
            if n is None:  # an iterable source: count one epoch, as MindSpore does
                n = sum(1 for _ in self._rows(0))
            return n
        return self._metadata("size", count)

    def get_class_indexing(self) -> dict:
        """``{class name: label}`` of an ``ImageFolderDataset`` source; ``{}`` otherwise."""
        stack = [self]
        while stack:
            node = stack.pop()
            index = getattr(node, "_class_indexing", None)
            if index is not None:
                return dict(index)
            stack.extend(node.children)
        return {}

    def num_classes(self):
        """The number of classes of an ``ImageFolderDataset`` source (its class indexing),
        None for sources without classes."""
        self._check_tree()
        index = self.get_class_indexing()
        return len(index) if index else None

    def output_shapes(self) -> list:
        return [list(s) for s in self._metadata(
            "shapes", lambda: [list(v.shape) for v in next(iter(self._rows(0)))])]

    def output_types(self) -> list:
        return list(self._metadata(
            "types", lambda: [np.dtype(v.dtype) for v in next(iter(self._rows(0)))]))

    def _check_tree(self) -> None:
        """MindSpore runs a pipeline only when it is a tree: no node feeds two others (a
        node that reads a copy of its input, as the split of a random-access source does,
        ends the walk)."""
        stack = [] if self._reads_a_copy else list(self.children)
        while stack:
            node = stack.pop()
            if node._consumers > 1:
                raise ValueError(NOT_A_TREE)
            if not node._reads_a_copy:
                stack.extend(node.children)

    _reads_a_copy = False
    _split_by_sampler = False

    def _rows(self, epoch: int):
        self._check_tree()
        return as_iter(self._grain(epoch))

    # -- operations ------------------------------------------------------------------------
    def map(self, operations=None, input_columns=None, output_columns=None,
            column_order=None, num_parallel_workers=None, python_multiprocessing=False,
            cache=None, callbacks=None, max_rowsize=16, offload=None) -> Dataset:
        from .operations import Map
        return Map(self, operations, input_columns, output_columns, num_parallel_workers)

    def filter(self, predicate, input_columns=None, num_parallel_workers=None) -> Dataset:
        """``Dataset.filter(predicate, input_columns=None, num_parallel_workers=None)``."""
        from .operations import Filter
        return Filter(self, predicate, input_columns)

    def batch(self, batch_size, drop_remainder: bool = False, num_parallel_workers=None,
              per_batch_map=None, input_columns=None, output_columns=None,
              python_multiprocessing=False, max_rowsize=16) -> Dataset:
        from .operations import Batch
        return Batch(self, batch_size, drop_remainder, per_batch_map, input_columns,
                     output_columns)

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes,
                               element_length_function=None, pad_info=None,
                               pad_to_bucket_boundary: bool = False,
                               drop_remainder: bool = False) -> Dataset:
        """``Dataset.bucket_batch_by_length(column_names, bucket_boundaries,
        bucket_batch_sizes, element_length_function=None, pad_info=None,
        pad_to_bucket_boundary=False, drop_remainder=False)``."""
        from .operations import BucketBatch
        return BucketBatch(self, column_names, bucket_boundaries, bucket_batch_sizes,
                           element_length_function, pad_info, pad_to_bucket_boundary,
                           drop_remainder)

    def padded_batch(self, batch_size, drop_remainder: bool = False,
                     num_parallel_workers=None, pad_info=None) -> Dataset:
        """``Dataset.padded_batch(batch_size, drop_remainder=False, num_parallel_workers=None,
        pad_info=None)``: ``pad_info`` maps a column to ``(shape, pad_value)`` (``None``
        shape or dimensions: the largest in the batch; ``None`` for ``(None, 0)``); once it
        is given (even ``{}``) the other columns are padded to the largest by 0; ``None``
        batches as ``batch``."""
        from .operations import Batch
        return Batch(self, batch_size, drop_remainder, None, None, None, pad_info)

    def shuffle(self, buffer_size: int) -> Dataset:
        from .operations import Shuffle
        return Shuffle(self, buffer_size)

    def repeat(self, count=None) -> Dataset:
        from .operations import Repeat
        _check_count(count, "repeat", (int, type(None)))
        if isinstance(count, int) and ((count <= 0 and count != -1) or count > _INT32_MAX):
            raise ValueError("count should be either -1 or positive integer, range[1, "
                             "INT32_MAX].")
        return Repeat(self, count)

    def take(self, count: int = -1) -> Dataset:
        from .operations import Take
        _check_count(count, "count", (int,))
        if (count <= 0 and count != -1) or count > _INT32_MAX:
            raise ValueError(f"count should be either -1 or within the required interval of "
                             f"(0, {_INT32_MAX}], got {count}.")
        return Take(self, count)

    def skip(self, count: int) -> Dataset:
        from .operations import Skip
        _check_count(count, "count", (int,))
        if not 0 <= count <= _INT32_MAX:
            raise ValueError(f"Input count is not within the required interval of [0, "
                             f"{_INT32_MAX}].")
        return Skip(self, count)

    def project(self, columns) -> Dataset:
        from .operations import Project
        return Project(self, [columns] if isinstance(columns, str) else list(columns))

    def rename(self, input_columns, output_columns) -> Dataset:
        from .operations import Rename
        return Rename(self, input_columns, output_columns)

    def zip(self, datasets) -> Dataset:
        from .operations import Zip
        others = [datasets] if isinstance(datasets, Dataset) else list(datasets)
        return Zip([self] + others)

    def concat(self, datasets) -> Dataset:
        from .operations import Concat
        others = [datasets] if isinstance(datasets, Dataset) else list(datasets)
        return Concat([self] + others)

    def __add__(self, other: Dataset) -> Dataset:
        return self.concat(other)

    def split(self, sizes, randomize: bool = True) -> list[Dataset]:
        from .operations import split
        return split(self, sizes, randomize)

    # -- iteration -------------------------------------------------------------------------
    def create_tuple_iterator(self, columns=None, num_epochs: int = -1,
                              output_numpy: bool = False, do_copy: bool = False):
        from .iterators import TupleIterator
        ds = self.project(columns) if columns is not None else self
        return TupleIterator(ds, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs: int = -1, output_numpy: bool = False,
                             do_copy: bool = False):
        from .iterators import DictIterator
        return DictIterator(self, num_epochs, output_numpy)

    def __iter__(self):
        return iter(self.create_tuple_iterator(num_epochs=1))

    def __len__(self) -> int:
        return self.get_dataset_size()


def ceil_div(a: int, b: int) -> int:
    return math.ceil(a / b)


class SourceDataset(Dataset):
    """``dataset.SourceDataset``: MindSpore's base class of the datasets that read a source
    (a marker for ``isinstance`` checks; the reading is each subclass's)."""


class MappableDataset(SourceDataset):
    """``dataset.MappableDataset``: a source read by index, which takes samplers
    (``GeneratorDataset``, ``NumpySlicesDataset``, the image-folder and binary datasets,
    ``MindDataset``)."""

    _split_by_sampler = True  # ``split`` gives copies of the source with samplers
