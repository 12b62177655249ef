"""The MindRecord file format (``.mindrecord`` + its ``.db`` index), read and written as
MindSpore 2.10 lays it out.

A shard file is a header region (``header_size`` bytes: a little-endian uint64 length and the
JSON header) followed by pages of ``page_size`` bytes, page ``k`` at
``header_size + k * page_size``. Each row has a *raw* part (the scalar fields, a
little-endian uint64 length then a MessagePack map) in a ``RAW_DATA`` page, and a *blob*
part (a little-endian uint64 length, then per blob field a big-endian uint64 length and the
bytes, the length left out when there is one blob field; 4 zero bytes when there is none)
in a ``BLOB_DATA`` page. Integer
arrays in blobs are compressed: a big-endian uint32 count, 2-bit width codes (1, 2, 4 or 8
bytes, four per byte, high bits first) and the values little-endian. The SQLite ``.db`` next
to each shard holds the row index (page ids and offsets of both parts, the index fields).
The header lists every shard of the group (``shard_addresses``).

Files are parsed, never unpickled: a header that is not this layout raises RuntimeError.
"""
from __future__ import annotations

import json
import os
import sqlite3
import struct

import msgpack
import numpy as np

SCALAR_TYPES = {"int32": np.int32, "int64": np.int64, "float32": np.float32,
                "float64": np.float64}
TYPES = (*SCALAR_TYPES, "string", "bytes")
_WIDTHS = (1, 2, 4, 8)
_HEADER_KEYS = ("header_size", "index_fields", "page", "page_size", "compression_size",
                "schema", "shard_addresses", "shard_id", "statistics", "version")
_SIGNED = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}


def is_blob(spec: dict) -> bool:
    return spec["type"] == "bytes" or "shape" in spec


# -- integer compression of blob arrays ----------------------------------------------------
def compress_ints(values: np.ndarray) -> bytes:
    flat = values.astype(np.int64).ravel()
    widths = []
    for v in flat.tolist():
        widths.append(next(w for w in _WIDTHS
                           if -(1 << (8 * w - 1)) <= v < (1 << (8 * w - 1))))
    codes = bytearray((len(flat) + 3) // 4)
    for i, w in enumerate(widths):
        codes[i // 4] |= _WIDTHS.index(w) << (6 - 2 * (i % 4))
    body = b"".join(int(v).to_bytes(w, "little", signed=True)
                    for v, w in zip(flat.tolist(), widths))
    return struct.pack(">I", len(flat)) + bytes(codes) + body


def decompress_ints(data: bytes, dtype) -> np.ndarray:
    (n,) = struct.unpack(">I", data[:4])
    codes = data[4:4 + (n + 3) // 4]
    pos = 4 + (n + 3) // 4
    out = np.empty(n, np.int64)
    for i in range(n):
        w = _WIDTHS[(codes[i // 4] >> (6 - 2 * (i % 4))) & 3]
        out[i] = int.from_bytes(data[pos:pos + w], "little", signed=True)
        pos += w
    if pos != len(data):
        raise RuntimeError("Invalid MindRecord file: a compressed integer field is corrupt.")
    return out.astype(dtype)


# -- reading ---------------------------------------------------------------------------------
def read_header(path: str) -> dict:
    """The JSON header of one shard file (RuntimeError when the file is not MindRecord)."""
    try:
        with open(path, "rb") as f:
            head = f.read(8)
            (n,) = struct.unpack("<Q", head) if len(head) == 8 else (0,)
            if not 0 < n < (1 << 30):
                raise ValueError
            header = json.loads(f.read(n))
        if not isinstance(header, dict) or "schema" not in header or "page" not in header:
            raise ValueError
    except (OSError, ValueError, UnicodeDecodeError) as e:
        raise RuntimeError(f"Invalid file, failed to open MindRecord file: {path}. Please "
                           "check the file path and that it is a MindRecord file.") from e
    return header


def group_files(path: str) -> list[str]:
    """Every shard file of ``path``'s group (its header's ``shard_addresses``)."""
    header = read_header(path)
    folder = os.path.dirname(os.path.abspath(path))
    return [os.path.join(folder, os.path.basename(a)) for a in header["shard_addresses"]]


class ShardReader:
    """Rows of a list of shard files, in file order then row order; ``row(i)`` returns a
    dict of Python values (ints, floats, str, bytes) and NumPy arrays."""

    def __init__(self, files: list[str]) -> None:
        self.files = files
        self.headers = [read_header(f) for f in files]
        schema = self.headers[0]["schema"][0]
        self.schema: dict = schema["schema"]
        self.blob_fields: list[str] = schema["blob_fields"]
        self._index = []  # (file number, raw page, raw start, raw end, blob page, start, end)
        for k, f in enumerate(files):
            if not os.path.exists(f + ".db"):
                raise RuntimeError(f"Invalid file, the index file {f}.db of MindRecord file "
                                   f"{f} does not exist.")
            con = sqlite3.connect(f"file:{f}.db?mode=ro", uri=True)
            try:
                rows = con.execute(
                    "SELECT PAGE_ID_RAW, PAGE_OFFSET_RAW, PAGE_OFFSET_RAW_END, PAGE_ID_BLOB, "
                    "PAGE_OFFSET_BLOB, PAGE_OFFSET_BLOB_END FROM INDEXES ORDER BY ROW_ID"
                ).fetchall()
            except sqlite3.DatabaseError as e:
                raise RuntimeError(f"Invalid file, the index file {f}.db is corrupt.") from e
            finally:
                con.close()
            self._index += [(k, *r) for r in rows]
        self._handles: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._index)

    def _read(self, k: int, page: int, start: int, end: int) -> bytes:
        """Bytes ``start:end`` of page ``page`` of file ``k`` (positional reads: the
        dataset's workers read one file from several threads)."""
        header = self.headers[k]
        fd = self._handles.get(k)
        if fd is None:
            fd = self._handles.setdefault(k, os.open(self.files[k], os.O_RDONLY))
        offset = header["header_size"] + page * header["page_size"] + start
        data = os.pread(fd, end - start, offset)
        if len(data) != end - start:
            raise RuntimeError(f"Invalid MindRecord file {self.files[k]}: it is truncated.")
        return data

    def row(self, i: int) -> dict:
        k, raw_page, raw_start, raw_end, blob_page, blob_start, blob_end = self._index[i]
        raw = self._read(k, raw_page, raw_start, raw_end)
        try:
            values = msgpack.unpackb(raw[8:], raw=False, strict_map_key=False)
        except (ValueError, msgpack.UnpackException) as e:
            raise RuntimeError(f"Invalid MindRecord file {self.files[k]}: row {i} is "
                               "corrupt.") from e
        if len(self.blob_fields) == 1:  # one blob field: its bytes, without a length
            name = self.blob_fields[0]
            values[name] = self._blob_value(name, self._read(k, blob_page, blob_start + 8,
                                                             blob_end))
        elif self.blob_fields:
            blob = self._read(k, blob_page, blob_start, blob_end)
            pos = 8
            for name in self.blob_fields:
                (n,) = struct.unpack(">Q", blob[pos:pos + 8])
                values[name] = self._blob_value(name, blob[pos + 8:pos + 8 + n])
                pos += 8 + n
        return values

    def _blob_value(self, name: str, data: bytes):
        spec = self.schema[name]
        if spec["type"] == "bytes":
            return data
        dtype = SCALAR_TYPES[spec["type"]]
        arr = decompress_ints(data, dtype) if spec["type"] in ("int32", "int64") else \
            np.frombuffer(data, dtype).copy()
        shape = spec.get("shape", [-1])
        return arr.reshape(shape) if shape != [-1] else arr

    def close(self) -> None:
        for fd in getattr(self, "_handles", {}).values():
            os.close(fd)
        getattr(self, "_handles", {}).clear()

    def __del__(self) -> None:
        self.close()


# -- writing ---------------------------------------------------------------------------------
def _index_column(spec: dict) -> str:
    return {"string": "TEXT", "float32": "REAL", "float64": "REAL"}.get(spec["type"],
                                                                        "INTEGER")


class ShardWriter:
    """One shard file: rows appended with ``add``, laid out in pages at ``close``."""

    def __init__(self, path: str, header_size: int, page_size: int) -> None:
        self.path, self.header_size, self.page_size = path, header_size, page_size
        self.raws: list[bytes] = []
        self.blobs: list[bytes] = []
        self.index_values: list[list] = []
        self.compression = 0

    def add(self, raw: bytes, blob: bytes, index_values: list, saved: int) -> None:
        self.raws.append(raw)
        self.blobs.append(blob)
        self.index_values.append(index_values)
        self.compression += saved

    def close(self, header_common: dict, index_fields: list[tuple[str, dict]]) -> None:
        pages, locations = self._layout(header_common["shard_id"])
        header = dict(header_common, page=[p["meta"] for p in pages],
                      compression_size=self.compression)
        text = ("{" + ",".join(  # MindSpore's key order; nested keys sorted
            f'"{key}":' + json.dumps(header[key], sort_keys=True, separators=(",", ":"))
            for key in _HEADER_KEYS) + "}").encode()
        if 8 + len(text) > self.header_size:
            raise RuntimeError(f"The MindRecord header ({len(text)} bytes) exceeds the header "
                               f"size {self.header_size}; raise it with set_header_size.")
        with open(self.path, "wb") as f:
            f.write(struct.pack("<Q", len(text)) + text)
            for p in pages:
                f.seek(self.header_size + p["meta"]["page_id"] * self.page_size)
                f.write(p["data"])
        self._write_index(locations, index_fields)

    def _layout(self, shard_id: int):
        """Blob pages (one row group each), then raw pages holding the groups' raw rows."""
        pages, groups = [], []
        group, size = [], 0
        for i, blob in enumerate(self.blobs):
            if group and size + len(blob) > self.page_size:
                groups.append(group)
                group, size = [], 0
            if len(blob) > self.page_size:
                raise RuntimeError(f"A MindRecord row ({len(blob)} bytes) exceeds the page "
                                   f"size {self.page_size}; raise it with set_page_size.")
            group.append(i)
            size += len(blob)
        if group or not groups:
            groups.append(group)
        locations = {}
        for g, rows in enumerate(groups):
            data, offset = bytearray(), 0
            for i in rows:
                locations[i] = [None, None, None, g, len(pages), offset, offset + len(
                    self.blobs[i])]
                data += self.blobs[i]
                offset += len(self.blobs[i])
            pages.append({"data": bytes(data), "meta": {
                "end_row_id": rows[-1] + 1 if rows else 0, "page_id": len(pages),
                "page_size": len(data), "page_type": "BLOB_DATA", "page_type_id": g,
                "row_group_ids": [{"id": 0, "offset": 0}], "shard_id": shard_id,
                "start_row_id": rows[0] if rows else 0}})
        raw_pages: list[dict] = []
        for g, rows in enumerate(groups):
            size = sum(len(self.raws[i]) for i in rows)
            if not raw_pages or len(raw_pages[-1]["data"]) + size > self.page_size:
                raw_pages.append({"data": bytearray(), "groups": []})
            page = raw_pages[-1]
            page["groups"].append({"id": g, "offset": len(page["data"])})
            for i in rows:
                start = len(page["data"])
                page["data"] += self.raws[i]
                locations[i][:3] = [len(pages) + len(raw_pages) - 1, start, len(page["data"])]
        for t, page in enumerate(raw_pages):
            pages.append({"data": bytes(page["data"]), "meta": {
                "end_row_id": 0, "page_id": len(pages), "page_size": len(page["data"]),
                "page_type": "RAW_DATA", "page_type_id": t, "row_group_ids": page["groups"],
                "shard_id": shard_id, "start_row_id": 0}})
        return pages, locations

    def _write_index(self, locations: dict, index_fields: list[tuple[str, dict]]) -> None:
        db = self.path + ".db"
        if os.path.exists(db):
            os.remove(db)
        cols = "".join(f"INC_{k} INT, {name}_0 {_index_column(spec)},"
                       for k, (name, spec) in enumerate(index_fields))
        key = ",".join(["ROW_ID"] + [f"INC_{k}" for k in range(len(index_fields))])
        con = sqlite3.connect(db)
        try:
            con.execute(
                "CREATE TABLE INDEXES(  ROW_ID               INT  NOT NULL, PAGE_ID_RAW       "
                "   INT  NOT NULL, PAGE_OFFSET_RAW      INT  NOT NULL, PAGE_OFFSET_RAW_END  "
                "INT  NOT NULL, ROW_GROUP_ID         INT  NOT NULL, PAGE_ID_BLOB         INT  "
                "NOT NULL, PAGE_OFFSET_BLOB     INT  NOT NULL, PAGE_OFFSET_BLOB_END INT  NOT "
                f"NULL,{cols} PRIMARY KEY({key}))")
            con.execute("CREATE TABLE SHARD_NAME(NAME TEXT NOT NULL)")
            con.execute("INSERT INTO SHARD_NAME VALUES (?)", (os.path.basename(self.path),))
            marks = ",".join("?" * (8 + 2 * len(index_fields)))
            for i in range(len(self.raws)):
                values = []
                for v in self.index_values[i]:
                    values += [0, v]
                con.execute(f"INSERT INTO INDEXES VALUES ({marks})",
                            (i, *locations[i], *values))
            con.commit()
        finally:
            con.close()


def _pack_map(values: dict) -> bytes:
    """MessagePack of a map as MindSpore writes it: floats as float32 where that is exact."""
    out = msgpack.Packer().pack_map_header(len(values))
    for key, v in values.items():
        single = isinstance(v, float) and float(np.float32(v)) == v
        out += msgpack.packb(key) + msgpack.packb(v, use_single_float=single)
    return out


def encode_row(row: dict, schema: dict, blob_fields: list[str]) -> tuple[bytes, bytes, int]:
    """(raw part, blob part, bytes saved by integer compression) of one row. When every
    field is a blob MindSpore's raw part is ``{"id": 0}``; with one blob field the blob
    part holds its bytes without a length."""
    raw = {}
    for name in sorted(schema):
        if name in blob_fields or name not in row:
            continue
        v, kind = row[name], schema[name]["type"]
        if isinstance(v, np.generic):
            v = v.item()
        raw[name] = str(v) if kind == "string" else (float(v) if kind.startswith("float")
                                                     else int(v))
    packed = _pack_map(raw or {"id": 0})
    blob, saved = bytearray(), 0
    for name in blob_fields:
        spec = schema[name]
        v = row[name]
        if spec["type"] == "bytes":
            data = bytes(v)
        else:
            arr = np.asarray(v, SCALAR_TYPES[spec["type"]])
            if spec["type"] in ("int32", "int64"):
                data = compress_ints(arr)
                saved += arr.nbytes - len(data)
            else:
                data = arr.astype(arr.dtype.newbyteorder("<")).tobytes()
        blob += data if len(blob_fields) == 1 else struct.pack(">Q", len(data)) + data
    if not blob_fields:
        blob = bytearray(4)
    return (struct.pack("<Q", len(packed)) + packed,
            struct.pack("<Q", len(blob)) + bytes(blob), saved)


def split_rows(rows: list, shard_num: int) -> list[list]:
    """One ``write_raw_data`` call's rows, in contiguous blocks, one per shard."""
    return [[rows[i] for i in block]
            for block in np.array_split(np.arange(len(rows)), shard_num)]


def write_group(paths: list[str], schema: dict, desc: str, index: list[str] | None,
                shard_rows: list[list[dict]], header_size: int, page_size: int) -> None:
    """Write a group of shard files (``paths``) and their ``.db`` indexes; ``index`` None
    indexes every scalar field, as MindSpore does without ``add_index``."""
    blob_fields = sorted(n for n, s in schema.items() if is_blob(s))
    if index is None:
        index = sorted(n for n, s in schema.items() if not is_blob(s))
    common = {
        "header_size": header_size, "page_size": page_size,
        "index_fields": [{"index_field": n, "schema_id": 0} for n in index] or None,
        "schema": [{"blob_fields": blob_fields, "desc": desc, "schema": schema}],
        "shard_addresses": [os.path.basename(p) for p in paths],
        "statistics": None, "version": "3.0"}
    for k, path in enumerate(paths):
        shard = ShardWriter(path, header_size, page_size)
        for row in shard_rows[k]:
            raw, blob, saved = encode_row(row, schema, blob_fields)
            values = [row[n].item() if isinstance(row[n], np.generic) else row[n]
                      for n in index]
            shard.add(raw, blob, values, saved)
        shard.close(dict(common, shard_id=k), [(n, schema[n]) for n in index])
