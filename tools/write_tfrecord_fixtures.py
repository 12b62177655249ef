"""Write TFRecord fixtures and record how MindSpore 2.10 reads them (run with the oracle
interpreter, ``crc32c`` installed):

    /path/to/mindspore-venv/bin/python tools/write_tfrecord_fixtures.py tests/fixtures/tfrecord

The files are ``tf.train.Example`` records framed as TFRecord (length, masked CRC-32C of the
length, data, masked CRC-32C of the data), written with ``mscompat/_data/tf_example.py``
(loaded here by path: no JAX in this interpreter).
``expected.json`` holds MindSpore's rows for each reading in ``READS`` (multi-file reads use
``num_parallel_workers=1``: with more workers MindSpore's reader threads interleave files).
"""
import gzip
import importlib.util
import json
import os
import struct
import sys

import crc32c
import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_spec = importlib.util.spec_from_file_location(
    "tf_example", os.path.join(ROOT, "mscompat", "_data", "tf_example.py"))
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)
Example = _mod.Example  # the schema mscompat reads with


def _masked(data):
    c = crc32c.crc32c(data)
    return ((((c >> 15) | (c << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def write(path, rows, compress=False):
    out = b""
    for feats in rows:
        e = Example()
        for name, (kind, values) in feats.items():
            getattr(e.features.feature[name], kind).value.extend(values)
        data = e.SerializeToString()
        head = struct.pack("<Q", len(data))
        out += head + struct.pack("<I", _masked(head)) + data + struct.pack("<I", _masked(data))
    if compress:
        out = gzip.compress(out, mtime=0)
    with open(path, "wb") as f:
        f.write(out)


def files():
    rng = np.random.RandomState(0)
    single = [{"label": ("int64_list", [i]), "vec": ("float_list", list(rng.randn(3))),
               "img": ("bytes_list", [bytes(rng.randint(0, 256, 5 + i).tolist())]),
               "ids": ("int64_list", [i, -i, 2**40])} for i in range(5)]
    parts = [[{"label": ("int64_list", [10 * j + i]), "names": ("bytes_list", [b"ab", b"cde"]),
               "x": ("float_list", [0.5 * i])} for i in range(j + 1)] for j in range(4)]
    return {"single.tfrecord": (single, False), "single.tfrecord.gz": (single, True),
            **{f"part{j}.tfrecord": (rows, False) for j, rows in enumerate(parts)}}


SCHEMA = {"datasetType": "TF", "numRows": 7, "columns": {
    "x": {"type": "float64", "rank": 1, "shape": [1]},
    "label": {"type": "int32", "rank": 1, "shape": [1]},
    "names": {"type": "uint8", "rank": 1}}}

PARTS = [f"part{j}.tfrecord" for j in range(4)]
READS = {
    "single": ("single.tfrecord", {}),
    "single_gzip": ("single.tfrecord.gz", {"compression_type": "GZIP"}),
    "single_columns": ("single.tfrecord", {"columns_list": ["vec", "label"], "num_samples": 3}),
    "parts": (PARTS, {"num_parallel_workers": 1}),
    "parts_glob": ("part*.tfrecord", {"num_parallel_workers": 1}),
    "parts_shard_files": (PARTS, {"num_parallel_workers": 1, "num_shards": 3, "shard_id": 0}),
    "parts_shard_files_1": (PARTS, {"num_parallel_workers": 1, "num_shards": 2,
                                    "shard_id": 1}),
    "parts_shard_rows": (PARTS, {"num_parallel_workers": 1, "num_shards": 3, "shard_id": 2,
                                 "shard_equal_rows": True}),
    "parts_schema": (PARTS, {"num_parallel_workers": 1, "schema": "schema.json"}),
}


def _enc(v):
    return {"dtype": str(v.dtype), "shape": list(v.shape), "value": v.tolist()}


def main():
    out = os.path.abspath(sys.argv[1])
    import mindspore.dataset as ds
    os.makedirs(out, exist_ok=True)
    for name, (rows, compress) in files().items():
        write(os.path.join(out, name), rows, compress)
    with open(os.path.join(out, "schema.json"), "w") as f:
        json.dump(SCHEMA, f, indent=1)
    os.chdir(out)
    expected = {}
    for key, (target, kw) in READS.items():
        data = ds.TFRecordDataset(target, shuffle=False, **kw)
        expected[key] = {"columns": data.get_col_names(), "size": data.get_dataset_size(),
                         "rows": [{k: _enc(v) for k, v in r.items()} for r in
                                  data.create_dict_iterator(output_numpy=True, num_epochs=1)]}
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
