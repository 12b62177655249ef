"""``MindDataset``: a random-access source over MindRecord files."""
from __future__ import annotations

import numpy as np

from . import mindrecord as fmt
from .pipeline import MappableDataset, shuffle_flag
from .sources import _RandomAccess


class MindDataset(_RandomAccess, MappableDataset):
    """``MindDataset(dataset_files, columns_list=None, num_parallel_workers=None,
    shuffle=None, num_shards=None, shard_id=None, sampler=None, padded_sample=None,
    num_padded=None, num_samples=None, cache=None)``: the rows of MindRecord files (one
    file names its whole group, a list just those files), columns in schema order (sorted)
    or ``columns_list``'s. Scalars are 0-d arrays of the schema's dtype, strings 0-d str
    arrays, ``bytes`` fields 1-element ``S`` arrays, arrays reshaped to the schema.

    Example:
        >>> import os, tempfile
        >>> from mscompat import dataset as ds
        >>> from mscompat.mindrecord import FileWriter
        >>> path = os.path.join(tempfile.mkdtemp(), "d.mindrecord")
        >>> w = FileWriter(path, overwrite=True)
        >>> w.add_schema({"label": {"type": "int32"}}, "d")
        >>> w.write_raw_data([{"label": i} for i in range(3)])
        >>> w.commit()
        >>> [int(r["label"]) for r in ds.MindDataset(path, shuffle=False)
        ...  .create_dict_iterator(output_numpy=True)]
        [0, 1, 2]
    """

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None,
                 shuffle=None, num_shards=None, shard_id=None, sampler=None,
                 padded_sample=None, num_padded=None, num_samples=None, cache=None) -> None:
        from ..mindrecord import _files
        self._reader = fmt.ShardReader(_files(dataset_files))
        schema = self._reader.schema
        columns = list(columns_list) if columns_list else sorted(schema)
        for c in columns:
            if c not in schema:
                raise RuntimeError(f"Invalid columns_list, column '{c}' does not exist in the "
                                   f"MindRecord schema {sorted(schema)}.")
        self._specs = [(c, schema[c]) for c in columns]
        self._padded = [] if not num_padded else [padded_sample] * int(num_padded)
        if num_padded and padded_sample is None:
            raise RuntimeError("'padded_sample' is required when 'num_padded' is set.")
        super().__init__(columns, shuffle_flag(shuffle, "MindDataset"), num_samples,
                         num_shards, shard_id, sampler)

    def _source_len(self) -> int:
        return len(self._reader) + len(self._padded)

    def _get(self, i: int) -> tuple:
        n = len(self._reader)
        row = self._reader.row(i) if i < n else self._padded[i - n]
        return tuple(_column(row[name], spec) for name, spec in self._specs)


def _column(value, spec: dict) -> np.ndarray:
    kind = spec["type"]
    if kind == "bytes":
        return np.array([bytes(value)])
    if kind == "string":
        return np.array(str(value))
    return np.asarray(value, fmt.SCALAR_TYPES[kind])
