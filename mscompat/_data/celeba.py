"""``dataset.CelebADataset``: CelebA in its published layout, read as MindSpore 2.10 reads
it: the images in ``dataset_dir`` itself, ``list_attr_celeba.txt`` (a count line, the
attribute names, then ``file attr...`` rows of 1/-1) and, for ``usage`` other than
``'all'``, ``list_eval_partition.txt`` (0 train, 1 valid, 2 test). Columns ``image``
(encoded bytes, or decoded HWC UInt8 with ``decode=True``) and ``attr`` (UInt32, -1 read
as 0).

Example:
    >>> import mscompat.dataset as ds
    >>> ds.CelebADataset('/no/such/dir')
    Traceback (most recent call last):
    ...
    ValueError: The folder /no/such/dir does not exist or is not a directory or permission denied!
"""
from __future__ import annotations

import os

import numpy as np

from .pipeline import MappableDataset
from .sources import _RandomAccess

_USAGES = {"train": "0", "valid": "1", "test": "2"}


class CelebADataset(_RandomAccess, MappableDataset):
    """``CelebADataset(dataset_dir, num_parallel_workers=None, shuffle=None, usage='all',
    sampler=None, decode=False, extensions=None, num_samples=None, num_shards=None,
    shard_id=None, cache=None, decrypt=None)``."""

    def __init__(self, dataset_dir, num_parallel_workers=None, shuffle=None, usage="all",
                 sampler=None, decode=False, extensions=None, num_samples=None,
                 num_shards=None, shard_id=None, cache=None, decrypt=None) -> None:
        if not isinstance(dataset_dir, str) or not os.path.isdir(dataset_dir):
            raise ValueError(f"The folder {dataset_dir} does not exist or is not a directory "
                             f"or permission denied!")
        if usage not in ("all", "train", "valid", "test"):
            raise ValueError("usage should be 'all', 'train', 'valid' or 'test'.")
        if decrypt is not None:
            raise NotImplementedError("mindspore.dataset.CelebADataset(decrypt=...) is not "
                                      "implemented in mscompat")
        rows = self._attributes(os.path.join(dataset_dir, "list_attr_celeba.txt"))
        if usage != "all":
            keep = self._partition(os.path.join(dataset_dir, "list_eval_partition.txt"),
                                   _USAGES[usage])
            rows = [r for r in rows if r[0] in keep]
        self._dir, self._records, self._decode = dataset_dir, rows, decode
        super().__init__(["image", "attr"], shuffle, num_samples, num_shards, shard_id,
                         sampler)

    @staticmethod
    def _attributes(path: str) -> list:
        if not os.path.isfile(path):
            raise RuntimeError(f"CelebADataset: the attribute file {path} does not exist.")
        with open(path) as f:
            lines = f.read().split("\n")
        rows = []
        for line in lines[2:]:
            parts = line.split()
            if not parts:
                continue
            try:
                values = np.array([max(int(v), 0) for v in parts[1:]], np.uint32)
            except ValueError as e:
                raise RuntimeError(f"CelebADataset: invalid attribute row {line!r} in "
                                   f"{path}.") from e
            rows.append((parts[0], values))
        return rows

    @staticmethod
    def _partition(path: str, wanted: str) -> set:
        if not os.path.isfile(path):
            raise RuntimeError(f"CelebADataset: the partition file {path} does not exist.")
        with open(path) as f:
            return {p[0] for p in (line.split() for line in f) if len(p) == 2 and
                    p[1] == wanted}

    def _source_len(self) -> int:
        return len(self._records)

    def _get(self, i):
        name, attrs = self._records[i]
        path = os.path.join(self._dir, name)
        if not os.path.isfile(path):
            raise RuntimeError(f"Failed to open file: {path}")
        with open(path, "rb") as f:
            data = np.frombuffer(f.read(), np.uint8)
        if self._decode:
            from .vision import Decode
            data = Decode()(data)
        return data, attrs.copy()
