"""``dataset.Schema``: the column names, types and shapes of a file dataset, as MindSpore
writes and reads them (``to_json``: two-space indented, keys sorted).

Example:
    >>> import mscompat as ms
    >>> schema = ms.dataset.Schema()
    >>> schema.add_column("label", de_type=ms.int32)
    >>> print(schema.to_json().replace("\\n", " "))
    {   "columns": [     {       "name": "label",       "rank": 1,       "type": "int32"     }   ] }
"""
from __future__ import annotations

import json

import numpy as np

_TYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
          "float16", "float32", "float64", "string", "bytes")


def _type_name(de_type) -> str:
    from .._engine import dtypes
    if isinstance(de_type, dtypes.Type):
        return np.dtype(dtypes.to_np(de_type)).name
    if isinstance(de_type, str) and de_type in _TYPES:
        return de_type
    raise TypeError("Unknown column type.")


class Schema:
    """``dataset.Schema(schema_file=None)``: columns added with ``add_column`` or read from a
    schema JSON file (``from_json``/``parse_columns`` for dicts)."""

    def __init__(self, schema_file=None) -> None:
        self.schema_file = schema_file
        self._columns: list[dict] = []
        self._num_rows = None
        if schema_file is not None:
            with open(schema_file) as f:
                self.from_json(json.load(f))

    def add_column(self, name: str, de_type, shape=None) -> None:
        """Add a column: ``de_type`` a mindspore dtype or a type name, ``shape`` a list."""
        if not isinstance(name, str):
            raise TypeError(f"Argument name with value {name} is not of type [<class 'str'>],"
                            f" but got {type(name)}.")
        column = {"name": name, "type": _type_name(de_type)}
        if shape is not None:
            column["shape"] = [int(s) for s in shape]
        column["rank"] = len(column["shape"]) if shape is not None else 1
        self._columns.append(column)

    def parse_columns(self, columns) -> None:
        """Columns from ``{name: {"type": ..., "shape": ...}}`` or a list of dicts with
        ``name``."""
        self._columns = []
        if isinstance(columns, dict):
            columns = [{"name": k, **v} for k, v in columns.items()]
        for col in columns:
            if "name" not in col or "type" not in col:
                raise RuntimeError("Column's name or type is missing.")
            self.add_column(col["name"], col["type"], col.get("shape"))

    def from_json(self, json_obj: dict) -> None:
        """Read ``{"columns": ..., "numRows": n}``."""
        self.parse_columns(json_obj["columns"])
        self._num_rows = json_obj.get("numRows")

    @staticmethod
    def get_num_rows(schema):
        """``Schema.get_num_rows(schema)``: the ``numRows`` of a Schema or schema file."""
        if not isinstance(schema, Schema):
            schema = Schema(schema)
        return schema._num_rows if schema._num_rows is not None else -1

    def to_json(self) -> str:
        out = {"columns": [dict(sorted(c.items())) for c in self._columns]}
        if self._num_rows is not None:
            out["numRows"] = self._num_rows
        return json.dumps(out, indent=2)

    def spec(self) -> dict:
        """As a schema file reads: ``{"columns": {name: {...}}, "numRows": n}``."""
        cols = {c["name"]: {k: v for k, v in c.items() if k != "name"} for c in self._columns}
        out = {"columns": cols}
        if self._num_rows is not None:
            out["numRows"] = self._num_rows
        return out

    def __str__(self) -> str:
        return self.to_json()
