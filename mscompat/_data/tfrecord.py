"""``TFRecordDataset``: TFRecord files of ``tf.train.Example`` records, read as MindSpore
2.10 reads them.

A record is a little-endian uint64 length, its masked CRC-32C, the serialized ``Example``
and the data's masked CRC-32C; both checksums are verified (a corrupt file is refused, as
MindSpore refuses it). ``Example`` is parsed with a protobuf schema built at run time in a
private pool (no TensorFlow needed). Columns: ``int64_list`` -> Int64, ``float_list`` ->
Float32, ``bytes_list`` -> UInt8 (several values joined by a space without a schema,
concatenated with one), each a 1-D array; a schema JSON file casts, reshapes, orders and
limits (``numRows``).
"""
from __future__ import annotations

import glob
import gzip
import json
import os
import struct
import zlib

import numpy as np

from .._engine.optional import require
from .pipeline import shuffle_flag
from .sources import _RandomAccess
from .tf_example import Example


def _masked_crc(data: bytes) -> int:
    crc = require("crc32c", extra="tfrecord", feature="TFRecordDataset").crc32c(data)
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def _invalid(path: str) -> RuntimeError:
    return RuntimeError("Invalid file. The following files either cannot be opened, or are "
                        f"not valid TFRecordDataset files: {path}")


def read_records(path: str, compression_type=None) -> list[bytes]:
    """The records of one file, checksums verified."""
    opener = {None: open, "": open, "NONE": open, "GZIP": gzip.open}.get(
        (compression_type or "").upper() or None)
    try:
        if (compression_type or "").upper() == "ZLIB":
            with open(path, "rb") as f:
                raw = zlib.decompress(f.read())
        elif opener is None:
            raise ValueError(f"compression_type {compression_type!r}")
        else:
            with opener(path, "rb") as f:
                raw = f.read()
    except (OSError, zlib.error, EOFError) as e:
        raise _invalid(path) from e
    records, pos = [], 0
    while pos < len(raw):
        if pos + 12 > len(raw):
            raise _invalid(path)
        head = raw[pos:pos + 8]
        (n,) = struct.unpack("<Q", head)
        (crc,) = struct.unpack("<I", raw[pos + 8:pos + 12])
        data = raw[pos + 12:pos + 12 + n]
        tail = raw[pos + 12 + n:pos + 16 + n]
        if crc != _masked_crc(head) or len(data) != n or len(tail) != 4 or \
                struct.unpack("<I", tail)[0] != _masked_crc(data):
            raise _invalid(path)
        records.append(data)
        pos += 16 + n
    return records


def parse_example(record: bytes) -> dict:
    """``{name: ("bytes_list" | "float_list" | "int64_list", values)}`` of one record."""
    example = Example.FromString(record)
    return {name: (f.WhichOneof("kind"), list(getattr(f, f.WhichOneof("kind")).value)
                   if f.WhichOneof("kind") else [])
            for name, f in example.features.feature.items()}


_DTYPES = {"int64_list": np.int64, "float_list": np.float32, "bytes_list": np.uint8}


def _expand(files) -> list[str]:
    if isinstance(files, str):
        files = [files]
    out = []
    for f in files:
        matches = sorted(glob.glob(f)) if any(c in f for c in "*?[") else [f]
        out += matches
    missing = [f for f in out if not os.path.isfile(f)]
    if not out or missing:
        raise ValueError(f"The following patterns did not match any files: {missing or files}")
    return out


class TFRecordDataset(_RandomAccess):
    """``TFRecordDataset(dataset_files, schema=None, columns_list=None, num_samples=None,
    num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None,
    shard_equal_rows=False, cache=None, compression_type=None)``: ``dataset_files`` a file,
    a glob or a list; ``schema`` a MindSpore schema JSON file. Without ``shuffle`` files
    are read one after another (MindSpore's order with ``num_parallel_workers=1``; its
    reader threads interleave files otherwise). Shards take whole files (file ``i`` to shard
    ``i % num_shards``), or, with ``shard_equal_rows``, equal contiguous blocks of rows.

    Example:
        >>> import mscompat.dataset as ds
        >>> ds.TFRecordDataset.__name__
        'TFRecordDataset'
    """

    def __init__(self, dataset_files, schema=None, columns_list=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, num_shards=None, shard_id=None,
                 shard_equal_rows=False, cache=None, compression_type=None) -> None:
        files = _expand(dataset_files)
        spec = self._schema(schema)
        if num_shards is not None and not shard_equal_rows:
            if shard_id is None or not 0 <= shard_id < num_shards:
                raise ValueError(f"shard_id must be in [0, {num_shards}), but got {shard_id}.")
            files = files[shard_id::num_shards]
            row_shards = (None, None)
        else:
            row_shards = (num_shards, shard_id)
        self._examples = [parse_example(r) for f in files
                      for r in read_records(f, compression_type)]
        if spec is not None:
            names = list(spec["columns"])
            if spec.get("numRows"):
                self._examples = self._examples[:int(spec["numRows"])]
        else:
            names = sorted(self._examples[0]) if self._examples else []
        columns = list(columns_list) if columns_list else names
        missing = [c for c in columns if self._examples and c not in self._examples[0]]
        if missing:
            raise RuntimeError(f"Invalid columns_list, column {missing[0]} does not exist in "
                               "the TFRecord files.")
        self._read_columns, self._spec = columns, (spec or {}).get("columns", {})
        super().__init__(columns, shuffle_flag(shuffle, "TFRecordDataset"), num_samples,
                         row_shards[0], row_shards[1])
        if row_shards[0] is not None:
            self._blocks = True

    @staticmethod
    def _schema(schema):
        if schema is None:
            return None
        from .schema import Schema
        if isinstance(schema, Schema):
            spec = schema.spec()
        elif not isinstance(schema, str):
            raise TypeError(f"Argument schema with value {schema} is not of type [<class "
                            f"'str'>, <class 'Schema'>], but got {type(schema)}.")
        else:
            with open(schema) as f:
                spec = json.load(f)
        spec["columns"] = dict(sorted(spec.get("columns", {}).items()))
        return spec

    def _indices(self, epoch: int) -> list[int]:
        if getattr(self, "_blocks", False) and self._sampler is None:
            n, k, i = self._source_len(), self._num_shards, self._shard_id
            if i is None or not 0 <= i < k:
                raise ValueError(f"shard_id must be in [0, {k}), but got {i}.")
            per = -(-n // k)
            idx = [(i * per + j) % n for j in range(per)]
            if self._shuffle:
                from .pipeline import shuffle_seed
                idx = list(np.random.default_rng(shuffle_seed(epoch)).permutation(idx))
            return idx[:self._num_samples] if self._num_samples else idx
        return super()._indices(epoch)

    def _source_len(self) -> int:
        return len(self._examples)

    def _get(self, i: int) -> tuple:
        row = self._examples[i]
        out = []
        for name in self._read_columns:
            kind, values = row[name]
            spec = self._spec.get(name)
            if kind == "bytes_list":
                joined = (b"" if spec else b" ").join(values)
                arr = np.frombuffer(joined, np.uint8).copy()
            else:
                arr = np.asarray(values, _DTYPES[kind])
            if spec:
                arr = arr.astype(spec.get("type", arr.dtype))
                if spec.get("shape"):
                    arr = arr.reshape(spec["shape"])
            out.append(arr)
        return tuple(out)
