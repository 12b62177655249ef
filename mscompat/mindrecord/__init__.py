"""``mindspore.mindrecord``: ``FileWriter`` and ``FileReader`` for MindRecord files, in
MindSpore 2.10's layout (files written here are read by MindSpore and the other way round;
the format is described in ``mscompat/_data/mindrecord.py``).

Example:
    >>> import os, tempfile
    >>> import numpy as np
    >>> from mscompat.mindrecord import FileWriter, FileReader
    >>> path = os.path.join(tempfile.mkdtemp(), "demo.mindrecord")
    >>> writer = FileWriter(path, shard_num=1, overwrite=True)
    >>> writer.add_schema({"label": {"type": "int32"}, "data": {"type": "float32",
    ...                    "shape": [-1]}}, "demo")
    >>> writer.write_raw_data([{"label": 3, "data": np.array([1.0, 2.0], np.float32)}])
    >>> writer.commit()
    >>> [row["label"] for row in FileReader(path).get_next()]
    [3]
"""
from __future__ import annotations

import enum
import logging
import os

import numpy as np

from .._data import mindrecord as _fmt
from .._engine.unsupported import module_getattr as _module_getattr

_LOG = logging.getLogger("mscompat.mindrecord")


class MSRStatus(enum.Enum):
    SUCCESS = 0
    FAILED = 1


SUCCESS = MSRStatus.SUCCESS
FAILED = MSRStatus.FAILED


class MindRecordException(Exception):
    """Base of MindRecord's errors; ``str`` is ``[Name]: <what>. Detail: <why>``."""

    message = "MindRecord error"

    def __init__(self, detail: str | None = None) -> None:
        text = f"[{type(self).__name__}]: {self.message}"
        super().__init__(text + (f". Detail: {detail}" if detail else "."))


def _exception(name: str, message: str) -> type:
    return type(name, (MindRecordException,), {"message": message})


ParamValueError = _exception("ParamValueError", "Invalid parameter value")
ParamTypeError = _exception("ParamTypeError", "Invalid parameter type")
MRMInvalidSchemaError = _exception("MRMInvalidSchemaError", "Schema format is error")
MRMAddSchemaError = _exception("MRMAddSchemaError", "Failed to add schema")
MRMDefineIndexError = _exception("MRMDefineIndexError", "Failed to define index field")
MRMInvalidHeaderSizeError = _exception("MRMInvalidHeaderSizeError", "Invalid header size")
MRMInvalidPageSizeError = _exception("MRMInvalidPageSizeError", "Invalid page size")


def _check_path(file_name) -> None:
    if not isinstance(file_name, str):
        raise ParamValueError(f"File path: {file_name} is not string")


def _valid_field(value, spec: dict) -> bool:
    kind = spec["type"]
    if "shape" in spec:
        return isinstance(value, np.ndarray) and (
            np.issubdtype(value.dtype, np.integer) if kind.startswith("int")
            else np.issubdtype(value.dtype, np.floating))
    if kind == "bytes":
        return isinstance(value, (bytes, bytearray))
    if kind == "string":
        return isinstance(value, str)
    if kind.startswith("int"):
        return isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    return isinstance(value, (float, np.floating))


class FileWriter:
    """``FileWriter(file_name, shard_num=1, overwrite=False)``: rows added with
    ``write_raw_data`` are laid out as MindSpore lays them out at ``commit``; with
    ``shard_num > 1`` the files are ``file_name0 ...`` and each call's rows are split into
    contiguous blocks, one per shard."""

    def __init__(self, file_name: str, shard_num: int = 1, overwrite: bool = False) -> None:
        _check_path(file_name)
        if not isinstance(shard_num, int) or isinstance(shard_num, bool):
            raise ParamTypeError("'shard_num' expect int type")
        if not 1 <= shard_num <= 1000:
            raise ParamValueError(f"Parameter shard_num's value: {shard_num} should between "
                                  "1 and 1000")
        self._paths = [file_name] if shard_num == 1 else \
            [f"{file_name}{i}" for i in range(shard_num)]
        self._overwrite = overwrite
        self._header_size, self._page_size = 1 << 24, 1 << 25
        self._schema: dict | None = None
        self._desc = ""
        self._index_fields: list[str] | None = None
        self._rows: list[list[dict]] = [[] for _ in self._paths]
        self._committed = False

    @classmethod
    def open_for_append(cls, file_name: str) -> FileWriter:
        """A writer over an existing group of files: its rows are kept, new rows appended."""
        files = _fmt.group_files(file_name)
        reader = _fmt.ShardReader(files)
        header = reader.headers[0]
        folder = os.path.dirname(os.path.abspath(file_name))
        writer = cls.__new__(cls)
        writer._paths = [os.path.join(folder, os.path.basename(a))
                         for a in header["shard_addresses"]]
        writer._overwrite = True
        writer._header_size, writer._page_size = header["header_size"], header["page_size"]
        writer._schema = reader.schema
        writer._desc = header["schema"][0].get("desc", "")
        writer._index_fields = [f["index_field"] for f in header["index_fields"] or []]
        writer._rows = [[] for _ in writer._paths]
        for k, path in enumerate(writer._paths):
            shard = _fmt.ShardReader([path])
            writer._rows[k] = [shard.row(i) for i in range(len(shard))]
            shard.close()
        reader.close()
        writer._committed = False
        return writer

    def set_header_size(self, header_size: int) -> None:
        if not (1 << 14) <= header_size <= (1 << 27):
            raise MRMInvalidHeaderSizeError(f"Header size {header_size} should be in range "
                                            "[16KB, 128MB]")
        self._header_size = header_size

    def set_page_size(self, page_size: int) -> None:
        if not (1 << 15) <= page_size <= (1 << 28):
            raise MRMInvalidPageSizeError(f"Page size {page_size} should be in range "
                                          "[32KB, 256MB]")
        self._page_size = page_size

    def add_schema(self, content: dict, desc: str | None = None) -> None:
        """The schema: field -> ``{"type": int32|int64|float32|float64|string|bytes}``, with
        ``"shape"`` for numeric arrays."""
        if not isinstance(content, dict):
            raise MRMInvalidSchemaError("Schema content should be dict")
        for name, spec in content.items():
            if not isinstance(spec, dict) or "type" not in spec:
                raise MRMInvalidSchemaError(f"Field '{spec}' contains illegal attributes")
            if spec["type"] not in _fmt.TYPES or (
                    "shape" in spec and spec["type"] not in _fmt.SCALAR_TYPES):
                raise MRMInvalidSchemaError(f"Field '{name}' contain illegal attribute "
                                            f"'{spec['type']}'")
        if self._schema is not None:
            raise MRMAddSchemaError()
        self._schema = {k: dict(v) for k, v in content.items()}
        self._desc = desc or ""

    def add_index(self, index_fields: list[str]) -> None:
        """Fields indexed in the ``.db`` (scalars only; all scalar fields by default)."""
        if not isinstance(index_fields, list) or not index_fields:
            raise ParamTypeError("'index_fields' expect list type")
        for name in index_fields:
            spec = (self._schema or {}).get(name)
            if spec is None or _fmt.is_blob(spec):
                raise MRMDefineIndexError(f"Failed to set field {name} since it's not "
                                          "primitive type")
        self._index_fields = list(index_fields)

    def write_raw_data(self, raw_data: list[dict], parallel_writer: bool = False) -> None:
        """Add rows (dicts with every schema field, of the schema's types); invalid rows are
        skipped with a warning, as MindSpore does."""
        if self._committed:
            raise RuntimeError("Not allowed to call `write_raw_data` on flushed MindRecord "
                               "files.When creating new MindRecord files, please remove "
                               "`commit` before `write_raw_data`.")
        if not isinstance(raw_data, list):
            raise ParamTypeError("'raw_data' expect list type")
        if self._schema is None:
            raise MRMInvalidSchemaError("Schema should be added by 'add_schema' first")
        if not self._overwrite:
            existing = [p for p in self._paths if os.path.exists(p) or
                        os.path.exists(p + ".db")]
            if existing:
                raise RuntimeError(f"Invalid file, MindRecord files already exist: "
                                   f"{existing[0]}. Use overwrite=True to replace them.")
        valid = []
        for i, row in enumerate(raw_data):
            ok = isinstance(row, dict) and all(
                name in row and _valid_field(row[name], spec)
                for name, spec in self._schema.items())
            if ok:
                valid.append(row)
            else:
                _LOG.warning("Row %d does not match the schema and is not written.", i)
        if not valid:
            raise RuntimeError("There is no valid data which can be written by "
                               "'write_raw_data' to mindrecord file. Please check the "
                               "abnormal input data indicated in the warning log above.")
        for k, block in enumerate(_fmt.split_rows(valid, len(self._paths))):
            self._rows[k] += block

    def commit(self) -> None:
        """Write the shard files and their ``.db`` indexes."""
        if self._schema is None:
            raise MRMInvalidSchemaError("Schema should be added by 'add_schema' first")
        _fmt.write_group(self._paths, self._schema, self._desc, self._index_fields,
                         self._rows, self._header_size, self._page_size)
        for path in self._paths:
            os.chmod(path, 0o600)
        self._committed = True


class FileReader:
    """``FileReader(file_name, num_consumer=4, columns=None, operator=None)``: the rows of a
    MindRecord group (one file names its whole group; a list names just those files) as
    dicts from ``get_next()``."""

    def __init__(self, file_name, num_consumer: int = 4, columns=None, operator=None) -> None:
        files = _files(file_name)
        self._reader = _fmt.ShardReader(files)
        self._columns = columns

    def get_next(self):
        for i in range(len(self._reader)):
            row = self._reader.row(i)
            yield {k: row[k] for k in (self._columns or self._reader.schema)}

    def len(self) -> int:
        return len(self._reader)

    def schema(self) -> dict:
        return self._reader.schema

    def close(self) -> None:
        self._reader.close()


def _files(file_name) -> list[str]:
    if isinstance(file_name, (list, tuple)):
        for f in file_name:
            _check_path(f)
        return [os.path.abspath(f) for f in file_name]
    _check_path(file_name)
    if not os.path.exists(file_name):
        raise RuntimeError(f"The input: {file_name} is not exists.")
    return _fmt.group_files(file_name)


__all__ = ["FAILED", "SUCCESS", "FileReader", "FileWriter", "MRMAddSchemaError",
           "MRMDefineIndexError", "MRMInvalidHeaderSizeError", "MRMInvalidPageSizeError",
           "MRMInvalidSchemaError", "MSRStatus", "MindRecordException", "ParamTypeError",
           "ParamValueError"]
__getattr__ = _module_getattr("mindspore.mindrecord")
