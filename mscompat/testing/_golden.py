"""Golden files: a nested result saved as ``name.npz`` (the arrays) + ``name.json`` (the rest).

The JSON holds the structure (dicts, lists, tuples, None), each leaf's dtype and shape and
free-form metadata; the npz holds only plain arrays and is read with ``allow_pickle=False``,
so a golden file never runs code when loaded.
"""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np

from ._compare import _is_leaf, assert_allclose, to_numpy

# Set by the pytest plugin's ``--update-goldens`` (or by the environment) to re-record.
UPDATE_ENV = "MSCOMPAT_UPDATE_GOLDENS"
_NATIVE_KINDS = "biufcM"


def _paths(path: str | os.PathLike) -> tuple[Path, Path]:
    p = Path(path)
    if p.suffix in (".npz", ".json"):
        p = p.with_suffix("")
    return p.with_suffix(".npz"), p.with_suffix(".json")


def _encode(tree: Any, arrays: dict[str, np.ndarray]) -> Any:
    if tree is None:
        return {"kind": "none"}
    if isinstance(tree, dict):
        bad = [k for k in tree if not isinstance(k, str)]
        if bad:
            raise TypeError(f"For 'record_golden', dict keys must be str, but got {bad[0]!r}.")
        return {"kind": "dict", "items": {k: _encode(v, arrays) for k, v in tree.items()}}
    if isinstance(tree, (list, tuple)) and not _is_leaf(tree):
        return {"kind": type(tree).__name__ if type(tree) in (list, tuple) else "tuple",
                "items": [_encode(v, arrays) for v in tree]}
    a = to_numpy(tree)
    if a.dtype == object:
        raise TypeError(f"For 'record_golden', cannot store a leaf of type "
                        f"{type(tree).__name__}.")
    key = f"leaf_{len(arrays)}"
    dtype = a.dtype.name
    # bfloat16 and other ml_dtypes are stored widened to float32 and narrowed on load.
    arrays[key] = a if a.dtype.kind in _NATIVE_KINDS else a.astype(np.float32)
    node = {"kind": "array", "key": key, "dtype": dtype, "shape": list(a.shape)}
    if isinstance(tree, (bool, int, float, complex)):
        node["python"] = type(tree).__name__
    return node


def _decode(node: dict, arrays: Any) -> Any:
    kind = node["kind"]
    if kind == "none":
        return None
    if kind == "dict":
        return {k: _decode(v, arrays) for k, v in node["items"].items()}
    if kind in ("list", "tuple"):
        items = [_decode(v, arrays) for v in node["items"]]
        return items if kind == "list" else tuple(items)
    if kind != "array":
        raise ValueError(f"golden file: unknown node kind {kind!r}.")
    a = arrays[node["key"]]
    if a.dtype.name != node["dtype"]:
        import jax.numpy as jnp  # the ml_dtypes names (bfloat16) resolve through JAX
        a = a.astype(jnp.dtype(node["dtype"]))
    if list(a.shape) != node["shape"]:
        raise ValueError(f"golden file: leaf {node['key']} has shape {list(a.shape)}, the "
                         f"JSON says {node['shape']}.")
    if "python" in node:
        return {"bool": bool, "int": int, "float": float, "complex": complex}[node["python"]](a)
    return a


def record_golden(path: str | os.PathLike, result: Any, meta: dict | None = None) -> Path:
    """Save ``result`` (any nest of Tensors/arrays/numbers) as ``path.npz`` + ``path.json``.

    ``meta`` (JSON-serialisable: the MindSpore version, the command that produced it...) is
    stored beside the structure. Returns the npz path.

    Example:
        >>> import tempfile, os, mscompat as ms
        >>> from mscompat.testing import record_golden, load_golden
        >>> d = tempfile.mkdtemp()
        >>> _ = record_golden(os.path.join(d, "dense"), {"y": ms.Tensor([1.5, 2.0])})
        >>> load_golden(os.path.join(d, "dense"))
        {'y': array([1.5, 2. ], dtype=float32)}
    """
    npz, js = _paths(path)
    arrays: dict[str, np.ndarray] = {}
    structure = _encode(result, arrays)
    npz.parent.mkdir(parents=True, exist_ok=True)
    np.savez(npz, **arrays)
    js.write_text(json.dumps({"format": "mscompat-golden-1", "structure": structure,
                              "meta": meta or {}}, indent=1, sort_keys=True) + "\n")
    return npz


def load_golden(path: str | os.PathLike) -> Any:
    """The result ``record_golden`` saved, with NumPy arrays as leaves (no pickle is read)."""
    npz, js = _paths(path)
    try:
        doc = json.loads(js.read_text())
    except json.JSONDecodeError as e:
        raise ValueError(f"golden file {js} is not valid JSON: {e}") from None
    if not isinstance(doc, dict) or doc.get("format") != "mscompat-golden-1":
        raise ValueError(f"golden file {js} is not an mscompat golden file.")
    try:
        with np.load(npz, allow_pickle=False) as arrays:
            return _decode(doc["structure"], arrays)
    except (ValueError, OSError, KeyError) as e:
        if isinstance(e, FileNotFoundError):
            raise
        raise ValueError(f"golden file {npz} is corrupt or does not match {js.name}: {e}") \
            from None


def golden_meta(path: str | os.PathLike) -> dict:
    """The ``meta`` dict stored with a golden file."""
    return json.loads(_paths(path)[1].read_text()).get("meta", {})


def assert_matches_golden(path: str | os.PathLike, result: Any, rtol: float | None = None,
                          atol: float | None = None, *, update: bool | None = None,
                          meta: dict | None = None, check_dtype: bool = True) -> None:
    """Compare ``result`` with the golden file at ``path`` (``assert_allclose`` rules).

    With ``update=True`` (or the environment variable ``MSCOMPAT_UPDATE_GOLDENS=1``, which
    the pytest option ``--update-goldens`` sets) the file is (re)written instead. A missing
    file raises FileNotFoundError saying how to record it. Dtypes must match by default.

    Example:
        >>> import tempfile, os, mscompat as ms
        >>> from mscompat.testing import assert_matches_golden
        >>> p = os.path.join(tempfile.mkdtemp(), "out")
        >>> assert_matches_golden(p, ms.Tensor([1.0, 2.0]), update=True)
        >>> assert_matches_golden(p, ms.Tensor([1.0, 2.0]))
    """
    if update is None:
        update = os.environ.get(UPDATE_ENV, "") not in ("", "0")
    npz, js = _paths(path)
    if update:
        record_golden(path, result, meta)
        return
    if not npz.exists() or not js.exists():
        raise FileNotFoundError(
            f"No golden file {npz.name} in {npz.parent}: record it with "
            f"'pytest --update-goldens' (or {UPDATE_ENV}=1), then commit it.")
    arrays: dict[str, np.ndarray] = {}
    # The result goes through the same encoding as the file, so a namedtuple compares as the
    # tuple it was stored as and bfloat16 as its widened copy.
    normalised = _decode(_encode(result, arrays), arrays)
    assert_allclose(normalised, load_golden(path), rtol, atol, check_dtype=check_dtype)
