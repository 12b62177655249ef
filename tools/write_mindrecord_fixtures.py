"""Write MindRecord fixtures with real MindSpore 2.10 and with mscompat's writer, and record
what MindSpore reads from both (run with the oracle interpreter, ``msgpack`` installed):

    /path/to/mindspore-venv/bin/python tools/write_mindrecord_fixtures.py tests/fixtures/mindrecord

``ms_<name>*`` are written by MindSpore, ``msc_<name>*`` by ``mscompat/_data/mindrecord.py``
(loaded by path: the format module needs NumPy and msgpack only). ``expected.json`` holds,
for every file, MindSpore's ``MindDataset`` rows (column names, dtypes, shapes, values) and
``FileReader`` rows; the tests read every file with mscompat and compare, and rewrite the
``msc_`` files to check the writer is deterministic.
"""
import importlib.util
import json
import os
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def cases():
    """(name, shard_num, schema, index fields or None, list of row batches)."""
    rng = np.random.RandomState(0)
    blobs = [{"label": i, "name": f"n{i}", "img": rng.bytes(300 + 7 * i),
              "vec": np.arange(i % 5 + 1, dtype=np.float32) / 4,
              "m": np.full((2, 2), i * 37 - 200, np.int32), "f": i / 3}
             for i in range(12)]
    return [
        ("multi", 1, {"label": {"type": "int64"}, "name": {"type": "string"},
                      "img": {"type": "bytes"}, "vec": {"type": "float32", "shape": [-1]},
                      "m": {"type": "int32", "shape": [2, 2]}, "f": {"type": "float64"}},
         ["label", "name"], [blobs[:7], blobs[7:]]),
        ("shards", 3, {"label": {"type": "int32"}, "x": {"type": "float64"},
                       "tag": {"type": "string"}},
         None, [[{"label": i, "x": i * 0.5 - 1, "tag": "t" * (i % 3)} for i in range(10)]]),
        ("oneblob", 1, {"a": {"type": "int64", "shape": [-1]}}, None,
         [[{"a": np.array([1, -300, 2**40, -2**63])}, {"a": np.array([5])},
           {"a": np.array([70000, -70000, 127, -129])}]]),
        ("floats", 1, {"v": {"type": "float64", "shape": [3]}, "w": {"type": "float32"},
                       "k": {"type": "int32"}}, ["k"],
         [[{"v": np.array([0.1, -2.5, 1e300]), "w": 0.25, "k": -7},
           {"v": np.array([3.0, 0.0, -0.0]), "w": 1e-3, "k": 2**31 - 1}]]),
    ]


def write_ms(path, shard_num, schema, index, batches):
    from mindspore.mindrecord import FileWriter
    w = FileWriter(path, shard_num=shard_num, overwrite=True)
    w.set_header_size(1 << 14)
    w.set_page_size(1 << 15)
    w.add_schema(schema, "fixture")
    if index:
        w.add_index(index)
    for rows in batches:
        w.write_raw_data(rows)
    w.commit()


def write_msc(fmt, path, shard_num, schema, index, batches):
    """What ``mscompat.mindrecord.FileWriter`` does for the same calls."""
    paths = [path] if shard_num == 1 else [f"{path}{i}" for i in range(shard_num)]
    shard_rows = [[] for _ in paths]
    for rows in batches:
        for k, block in enumerate(fmt.split_rows(rows, shard_num)):
            shard_rows[k] += block
    fmt.write_group(paths, schema, "fixture", index, shard_rows, 1 << 14, 1 << 15)


def _enc(v):
    if isinstance(v, bytes):
        return {"bytes": v.hex()}
    if isinstance(v, np.ndarray):
        if v.dtype.kind == "S":
            return {"dtype": "S", "shape": list(v.shape), "hex": [b.hex() for b in v.ravel()]}
        return {"dtype": str(v.dtype), "shape": list(v.shape), "value": v.tolist()}
    if isinstance(v, float):
        return {"float": v}
    return v


def read_ms(path):
    import mindspore.dataset as ds
    from mindspore.mindrecord import FileReader
    data = ds.MindDataset(path, shuffle=False)
    rows = [{k: _enc(v) for k, v in r.items()}
            for r in data.create_dict_iterator(output_numpy=True, num_epochs=1)]
    reader = FileReader(path)
    raw = [{k: _enc(v) for k, v in r.items()} for r in reader.get_next()]
    reader.close()
    return {"columns": data.get_col_names(), "rows": rows, "reader": raw}


def main():
    out = os.path.abspath(sys.argv[1])
    fmt = _load("msc_mindrecord_format", os.path.join(ROOT, "mscompat", "_data",
                                                       "mindrecord.py"))
    os.makedirs(out, exist_ok=True)
    expected = {}
    for name, shards, schema, index, batches in cases():
        ms_path = os.path.join(out, f"ms_{name}.mindrecord")
        msc_path = os.path.join(out, f"msc_{name}.mindrecord")
        write_ms(ms_path, shards, schema, index, batches)
        write_msc(fmt, msc_path, shards, schema, index, batches)
        suffix = "0" if shards > 1 else ""
        expected[f"ms_{name}"] = read_ms(ms_path + suffix)
        expected[f"msc_{name}"] = read_ms(msc_path + suffix)
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
