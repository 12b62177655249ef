"""Source datasets: ``GeneratorDataset``, ``NumpySlicesDataset``, ``MnistDataset``,
``FashionMnistDataset``, ``Cifar10Dataset``, ``Cifar100Dataset``, ``ImageFolderDataset``."""
from __future__ import annotations

import os

import grain
import numpy as np

from . import ms_order
from .pipeline import MappableDataset, SourceDataset, _IterableSource, as_row, dataset_seed
from .pipeline_errors import call_user, python_error
from .samplers import as_sampler, check_conflicts, shard_rows


def _check_shard(num_shards, shard_id) -> None:
    if shard_id is None or not 0 <= shard_id < num_shards:
        raise ValueError(f"shard_id must be in [0, {num_shards}), but got {shard_id}.")


class _RandomAccess(SourceDataset):
    """A source with ``__getitem__``/``__len__``: a grain MapDataset, shuffled per epoch."""

    def __init__(self, column_names, shuffle, num_samples, num_shards, shard_id,
                 sampler=None) -> None:
        check_conflicts(sampler, num_samples, num_shards, shard_id, shuffle)
        super().__init__([], column_names)
        self._sampler = as_sampler(sampler)
        self._shuffle = True if shuffle is None else bool(shuffle)
        self._num_samples = num_samples
        self._num_shards, self._shard_id = num_shards, shard_id

    def _source_len(self) -> int:
        raise NotImplementedError

    def _get(self, i: int) -> tuple:
        raise NotImplementedError

    def _indices(self, epoch: int) -> list[int]:
        if self._sampler is not None:
            return self._sampler._indices(self._source_len(), epoch)
        n = self._source_len()
        if self._num_shards is not None:  # MindSpore's DistributedSampler
            _check_shard(self._num_shards, self._shard_id)
            idx = shard_rows(n, self._num_shards, self._shard_id, self._shuffle, epoch)
            return idx[:self._num_samples] if self._num_samples else idx
        if self._shuffle:  # MindSpore's RandomSampler (with replacement given num_samples)
            return ms_order.random_sampler_order(n, dataset_seed(), epoch,
                                                 replacement=bool(self._num_samples),
                                                 num_samples=self._num_samples)
        return list(range(n))[:self._num_samples] if self._num_samples else list(range(n))

    def _grain(self, epoch):
        return grain.MapDataset.source(self._indices(epoch)).map(lambda i: self._get(int(i)))

    def _length(self) -> int:
        return len(self._indices(0))


def _user_rows(it):
    """The items of a user's iterable; its failure is MindSpore's RuntimeError."""
    it = call_user(None, iter, it)
    while True:
        try:
            item = next(it)
        except StopIteration:
            return
        except Exception as e:
            raise python_error(None, e) from e
        yield item


def _generator_columns(column_names, collate_fn=None) -> list:
    """A GeneratorDataset's column names as a list, with MindSpore's ValueErrors (a
    ``collate_fn`` without a ``batch_sampler``)."""
    if column_names is None:
        raise ValueError("Neither columns_names nor schema are provided.")
    if collate_fn is not None:  # (with a batch_sampler: _BatchSampledGenerator)
        raise ValueError("collate_fn can be specified only when batch_sampler is set.")
    return [column_names] if isinstance(column_names, str) else list(column_names)


class GeneratorDataset(MappableDataset):
    """``GeneratorDataset(source, column_names=None, column_types=None, schema=None,
    num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None,
    shard_id=None, python_multiprocessing=True, max_rowsize=None, batch_sampler=None,
    collate_fn=None)``.

    ``source`` is random-accessible (``__getitem__`` and ``__len__``; shuffled by default),
    an iterable, or a callable returning an iterator (called anew each epoch). A
    ``batch_sampler`` (lists of indices of a random-accessible source) makes each row a
    batch: every column's samples stacked, or ``collate_fn(column_0_list, ...)``.

    Example:
        >>> import numpy as np, mscompat.dataset as ds
        >>> data = ds.GeneratorDataset(np.arange(5.0), ["x"], batch_sampler=[[0, 1], [4]])
        >>> [r[0].tolist() for r in data.create_tuple_iterator(output_numpy=True)]
        [[0.0, 1.0], [4.0]]
    """

    _split_by_sampler = False  # an iterable source is split as Dataset splits (skip/take)

    def __new__(cls, source, column_names=None, column_types=None, schema=None,
                num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
                num_shards=None, shard_id=None, python_multiprocessing=True,
                max_rowsize=None, batch_sampler=None, collate_fn=None):
        if cls is GeneratorDataset and batch_sampler is not None:
            return object.__new__(_BatchSampledGenerator)
        if cls is GeneratorDataset and hasattr(source, "__getitem__") and \
                hasattr(source, "__len__"):
            return object.__new__(_RandomAccessGenerator)
        return object.__new__(cls)

    def __init__(self, source, column_names=None, column_types=None, schema=None,
                 num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, python_multiprocessing=True,
                 max_rowsize=None, batch_sampler=None, collate_fn=None) -> None:
        names = _generator_columns(column_names, collate_fn)
        # ``shuffle`` is ignored for an iterable source: MindSpore reads it in order
        if sampler is not None:
            raise ValueError("sampler is not supported if source does not have attribute "
                             "'__getitem__'.")
        if num_shards is not None:
            raise ValueError("num_shards is not supported if source does not have attribute "
                             "'__getitem__'.")
        super().__init__([], names)
        self._source = source
        self._num_samples = num_samples

    def _make(self):
        src = self._source
        if callable(src) and not hasattr(src, "__iter__"):
            it = call_user(None, src)
        elif iter(src) is src:  # a generator object: read once, replayed each pass
            it = self._replay()
        else:
            it = src
        n = len(self._columns)
        rows = (as_row(item, n) for item in _user_rows(it))
        if self._num_samples:
            rows = (r for _, r in zip(range(self._num_samples), rows))
        return rows

    def _replay(self):
        """The rows of a one-shot iterator source: the ones read so far from a cache, the
        rest from the source (MindSpore repeats a generator object's rows each epoch)."""
        cache = self.__dict__.setdefault("_cache", [])
        i = 0
        while True:
            if i < len(cache):
                yield cache[i]
                i += 1
                continue
            if self.__dict__.get("_exhausted"):
                return
            try:
                cache.append(next(self._source))
            except StopIteration:
                self._exhausted = True
                return

    def _grain(self, epoch):
        return _IterableSource(self._make)

    def _length(self):
        return None


class _RandomAccessGenerator(_RandomAccess, GeneratorDataset):
    _split_by_sampler = True

    def __init__(self, source, column_names=None, column_types=None, schema=None,
                 num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, python_multiprocessing=True,
                 max_rowsize=None, batch_sampler=None, collate_fn=None) -> None:
        names = _generator_columns(column_names, collate_fn)
        _RandomAccess.__init__(self, names, shuffle, num_samples, num_shards, shard_id,
                               sampler)
        self._source = source

    def _source_len(self) -> int:
        return len(self._source)

    def _get(self, i):
        return as_row(call_user(None, self._source.__getitem__, i), len(self._columns))


_RandomAccessGenerator.__name__ = "GeneratorDataset"


class _BatchSampledGenerator(GeneratorDataset):
    """A GeneratorDataset with a ``batch_sampler``: one row per list of indices, read from
    the random-accessible source in the list's order, each column's samples stacked (or
    merged by ``collate_fn``, called with one list per column)."""

    def __init__(self, source, column_names=None, column_types=None, schema=None,
                 num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, python_multiprocessing=True,
                 max_rowsize=None, batch_sampler=None, collate_fn=None) -> None:
        names = _generator_columns(column_names)
        if not (hasattr(source, "__getitem__") and hasattr(source, "__len__")):
            raise ValueError("batch_sampler is not supported if source does not have "
                             "attribute '__getitem__'.")
        if any(a is not None for a in (num_samples, shuffle, num_shards, shard_id, sampler)):
            raise ValueError("batch_sampler is mutually exclusive with num_samples, shuffle, "
                             "num_shards, shard_id and sampler.")
        MappableDataset.__init__(self, [], names)
        self._batch_size = -1  # (MindSpore's: the batches are not a batch operation's)
        self._source, self._num_samples = source, None
        self._batch_sampler, self._collate_fn = batch_sampler, collate_fn

    def _make(self):
        n = len(self._columns)
        for indices in self._batch_sampler:
            samples = [as_row(call_user(None, self._source.__getitem__, i), n)
                       for i in indices]
            columns = [[s[c] for s in samples] for c in range(n)]
            if self._collate_fn is None:
                yield tuple(np.stack(col) for col in columns)
            else:
                yield as_row(call_user(None, self._collate_fn, *columns), n)

    def _length(self):
        return len(self._batch_sampler) if hasattr(self._batch_sampler, "__len__") else None


_BatchSampledGenerator.__name__ = "GeneratorDataset"


class NumpySlicesDataset(_RandomAccess, MappableDataset):
    """``NumpySlicesDataset(data, column_names=None, num_samples=None, num_parallel_workers=1,
    shuffle=None, sampler=None, num_shards=None, shard_id=None)``: rows are slices along the
    first axis of a list, tuple of columns, dict of columns or array."""

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None) -> None:
        if isinstance(data, dict):
            names = list(data)
            cols = [np.asarray(v) for v in data.values()]
        elif isinstance(data, tuple):
            cols = [np.asarray(v) for v in data]
            names = None
        else:
            cols = [np.asarray(data)]
            names = None
        if names is None:
            names = list(column_names) if column_names is not None else \
                [f"column_{i}" for i in range(len(cols))]
        if len({len(c) for c in cols}) > 1:
            raise ValueError("NumpySlicesDataset: all columns must have the same length.")
        self._cols = cols
        super().__init__(names, shuffle, num_samples, num_shards, shard_id, sampler)

    def _source_len(self) -> int:
        return len(self._cols[0])

    def _get(self, i):
        return tuple(np.asarray(c[i]) for c in self._cols)


def _read_idx(path: str) -> np.ndarray:
    with open(path, "rb") as f:
        raw = f.read()
    if len(raw) < 4 or raw[0] != 0 or raw[1] != 0:
        raise RuntimeError(f"Invalid MNIST file: {path}.")
    ndim = raw[3]
    dims = [int.from_bytes(raw[4 + 4 * i: 8 + 4 * i], "big") for i in range(ndim)]
    data = np.frombuffer(raw, np.uint8, offset=4 + 4 * ndim)
    if data.size != int(np.prod(dims)):
        raise RuntimeError(f"Invalid MNIST file: {path} (truncated).")
    return data.reshape(dims)


class MnistDataset(_RandomAccess, MappableDataset):
    """``MnistDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None)``: the idx files;
    columns ``image`` (28, 28, 1) UInt8 and ``label`` UInt32."""

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 cache=None) -> None:
        usage = usage or "all"
        parts = {"train": ["train"], "test": ["t10k"], "all": ["train", "t10k"]}[usage]
        images, labels = [], []
        for p in parts:
            img = os.path.join(dataset_dir, f"{p}-images-idx3-ubyte")
            lab = os.path.join(dataset_dir, f"{p}-labels-idx1-ubyte")
            if os.path.exists(img):
                images.append(_read_idx(img))
                labels.append(_read_idx(lab))
        if not images:
            raise RuntimeError(f"MnistDataset: no MNIST files in {dataset_dir}.")
        self._images = np.concatenate(images)[..., None]
        self._labels = np.concatenate(labels).astype(np.uint32)
        super().__init__(["image", "label"], shuffle, num_samples, num_shards, shard_id,
                         sampler)

    def _source_len(self) -> int:
        return len(self._labels)

    def _get(self, i):
        return self._images[i], self._labels[i]


class FashionMnistDataset(MnistDataset):
    """``FashionMnistDataset(dataset_dir, usage=None, ...)``: Fashion-MNIST, MNIST's idx
    layout; columns ``image`` (28, 28, 1) UInt8 and ``label`` UInt32."""


class _CifarBinary(_RandomAccess, MappableDataset):
    """The CIFAR binary versions: records of label bytes then 3072 pixel bytes (CHW)."""

    _files: dict[str, list[str]] = {}
    _labels_names: tuple[str, ...] = ()

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 cache=None) -> None:
        usage = usage or "all"
        files = self._files.get(usage, self._files["train"] + self._files["test"])
        n = len(self._labels_names)
        images, labels = [], []
        for f in files:
            path = os.path.join(dataset_dir, f)
            if os.path.exists(path):
                raw = np.fromfile(path, np.uint8)
                if raw.size % (n + 3072):
                    raise RuntimeError(f"Invalid {type(self).__name__[:-7].lower()} file, "
                                       f"failed to read data from: {path}.")
                raw = raw.reshape(-1, n + 3072)
                labels.append(raw[:, :n].astype(np.uint32))
                images.append(raw[:, n:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1))
        if not images:
            raise RuntimeError(f"{type(self).__name__}: no {type(self).__name__[:-7]} files "
                               f"in {dataset_dir}.")
        self._images, self._labels = np.concatenate(images), np.concatenate(labels)
        super().__init__(["image", *self._labels_names], shuffle, num_samples, num_shards,
                         shard_id, sampler)

    def _source_len(self) -> int:
        return len(self._labels)

    def _get(self, i):
        return (self._images[i], *self._labels[i])


class Cifar10Dataset(_CifarBinary):
    """``Cifar10Dataset(dataset_dir, usage=None, ...)``: the binary batches; columns
    ``image`` (32, 32, 3) UInt8 and ``label`` UInt32."""

    _files = {"train": [f"data_batch_{i}.bin" for i in range(1, 6)],
              "test": ["test_batch.bin"]}
    _labels_names = ("label",)


class Cifar100Dataset(_CifarBinary):
    """``Cifar100Dataset(dataset_dir, usage=None, ...)``: ``train.bin``/``test.bin``;
    columns ``image`` (32, 32, 3) UInt8, ``coarse_label`` and ``fine_label`` UInt32."""

    _files = {"train": ["train.bin"], "test": ["test.bin"]}
    _labels_names = ("coarse_label", "fine_label")


class ImageFolderDataset(_RandomAccess, MappableDataset):
    """``ImageFolderDataset(dataset_dir, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, extensions=None, class_indexing=None, decode=False, ...)``:
    one sub-directory per class (sorted names); columns ``image`` (encoded bytes, or decoded
    HWC UInt8 with ``decode=True``) and ``label`` Int32. ``decrypt(path) -> bytes`` reads
    an encrypted image file."""

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, extensions=None, class_indexing=None,
                 decode=False, num_shards=None, shard_id=None, cache=None,
                 decrypt=None) -> None:
        classes = sorted(d for d in os.listdir(dataset_dir)
                         if os.path.isdir(os.path.join(dataset_dir, d)))
        index = class_indexing or {c: i for i, c in enumerate(classes)}
        exts = tuple(e.lower() for e in (extensions or (".jpg", ".jpeg", ".png", ".bmp")))
        self._files = [(os.path.join(dataset_dir, c, f), index[c]) for c in classes
                       for f in sorted(os.listdir(os.path.join(dataset_dir, c)))
                       if f.lower().endswith(exts)]
        self._decode, self._decrypt = decode, decrypt
        self._class_indexing = index
        super().__init__(["image", "label"], shuffle, num_samples, num_shards, shard_id,
                         sampler)

    def _source_len(self) -> int:
        return len(self._files)

    def _get(self, i):
        path, label = self._files[i]
        if self._decrypt is not None:
            data = np.frombuffer(call_user(None, self._decrypt, path), np.uint8)
        else:
            with open(path, "rb") as f:
                data = np.frombuffer(f.read(), np.uint8)
        if self._decode:
            from .vision import Decode
            data = Decode()(data)
        return data, np.int32(label)


class DatasetCache:
    """``DatasetCache(session_id, size=0, spilling=False, hostname=None, port=None,
    num_connections=None, prefetch_size=None)``: MindSpore's cache-server handle. A cache
    changes where rows are kept, not their values; mscompat's datasets accept it as
    ``cache=`` and read as without one."""

    def __init__(self, session_id: int, size: int = 0, spilling: bool = False,
                 hostname=None, port=None, num_connections=None, prefetch_size=None) -> None:
        if not isinstance(session_id, int) or session_id < 0:
            raise ValueError(f"Input session_id is not within the required interval of "
                             f"[0, 4294967295], but got {session_id}.")
        self.session_id, self.size, self.spilling = session_id, size, spilling
        self.hostname, self.port = hostname or "127.0.0.1", port or 50052
        self.num_connections, self.prefetch_size = num_connections or 12, prefetch_size or 20

    def get_stat(self):
        """No cache server: nothing is cached."""
        return {"num_mem_cached": 0, "num_disk_cached": 0, "avg_cache_sz": 0,
                "num_numa_hit": 0}


class PaddedDataset(_RandomAccess, MappableDataset):
    """``PaddedDataset(padded_samples)``: a dataset of the given rows (a list of dicts of
    equal keys), used to pad a sharded dataset to equal shard sizes."""

    def __init__(self, padded_samples) -> None:
        if not isinstance(padded_samples, list):
            raise TypeError(f"Argument padded_samples with value {padded_samples} is not of "
                            f"type [<class 'list'>], but got {type(padded_samples)}.")
        if not padded_samples:
            raise ValueError("padded_samples cannot be empty.")
        for row in padded_samples:
            if not isinstance(row, dict):
                raise TypeError(f"Argument padded_element with value {row} is not of type "
                                f"[<class 'dict'>], but got {type(row)}.")
        names = list(padded_samples[0])
        self._samples = [tuple(np.asarray(row[k]) for k in names) for row in padded_samples]
        super().__init__(names, False, None, None, None, None)

    def _source_len(self) -> int:
        return len(self._samples)

    def _get(self, i):
        return self._samples[i]
