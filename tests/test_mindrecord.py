"""MindRecord files (``mindspore.mindrecord``, ``dataset.MindDataset``) against MindSpore 2.10.

``tests/fixtures/mindrecord`` holds files written by MindSpore (``ms_*``) and by mscompat's
writer (``msc_*``), and ``expected.json`` what MindSpore reads from each
(``tools/write_mindrecord_fixtures.py``). mscompat must read every file as MindSpore does,
and its writer must reproduce MindSpore's single-shard files byte for byte.
"""
import importlib.util
import json
import os
import shutil
import sqlite3
from pathlib import Path

import numpy as np
import pytest

import mscompat as ms
from mscompat import dataset as ds
from mscompat import mindrecord as mr

FIX = Path(__file__).parent / "fixtures" / "mindrecord"
EXPECTED = json.loads((FIX / "expected.json").read_text())
_spec = importlib.util.spec_from_file_location(
    "write_mindrecord_fixtures", Path(__file__).parents[1] / "tools" /
    "write_mindrecord_fixtures.py")
_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_tool)
CASES = {c[0]: c for c in _tool.cases()}


def _first_file(key: str) -> str:
    name = key.split("_", 1)[1]
    return str(FIX / f"{key}.mindrecord{'0' if CASES[name][1] > 1 else ''}")


def _check(value, want, where):
    if isinstance(want, dict) and "dtype" in want:
        value = np.asarray(value)
        if want["dtype"] == "S":
            assert value.dtype.kind == "S" and list(value.shape) == want["shape"], where
            assert [b.hex() for b in value.ravel()] == want["hex"], where
            return
        assert str(value.dtype) == want["dtype"], f"{where}: {value.dtype}"
        assert list(value.shape) == want["shape"], where
        np.testing.assert_array_equal(value, np.array(want["value"], value.dtype),
                                      err_msg=where)
    elif isinstance(want, dict) and "bytes" in want:
        assert value.hex() == want["bytes"], where
    elif isinstance(want, dict) and "float" in want:
        assert value == want["float"], where
    else:
        assert value == want, where


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_mind_dataset_reads_as_mindspore(key):
    want = EXPECTED[key]
    data = ds.MindDataset(_first_file(key), shuffle=False)
    assert data.get_col_names() == want["columns"]
    rows = list(data.create_dict_iterator(output_numpy=True, num_epochs=1))
    assert len(rows) == len(want["rows"]) == data.get_dataset_size()
    for i, (row, exp) in enumerate(zip(rows, want["rows"])):
        assert list(row) == list(exp)
        for col in exp:
            _check(row[col], exp[col], f"{key} row {i} {col}")


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_file_reader_reads_as_mindspore(key):
    want = EXPECTED[key]["reader"]
    reader = mr.FileReader(_first_file(key))
    rows = list(reader.get_next())
    reader.close()
    assert len(rows) == len(want)
    for i, (row, exp) in enumerate(zip(rows, want)):
        assert sorted(row) == sorted(exp)
        for col in exp:
            _check(row[col], exp[col], f"{key} reader row {i} {col}")


def _write(path, shard_num, schema, index, batches):
    writer = mr.FileWriter(str(path), shard_num=shard_num, overwrite=True)
    writer.set_header_size(1 << 14)
    writer.set_page_size(1 << 15)
    writer.add_schema(schema, "fixture")
    if index:
        writer.add_index(index)
    for rows in batches:
        writer.write_raw_data(rows)
    writer.commit()


def _index_rows(db):
    con = sqlite3.connect(db)
    try:
        return (con.execute("SELECT sql FROM sqlite_master").fetchall(),
                con.execute("SELECT * FROM INDEXES ORDER BY ROW_ID").fetchall(),
                con.execute("SELECT * FROM SHARD_NAME").fetchall())
    finally:
        con.close()


@pytest.mark.parametrize("name", [n for n, c in CASES.items() if c[1] == 1])
def test_writer_reproduces_mindspores_file_byte_for_byte(name, tmp_path):
    _, shards, schema, index, batches = CASES[name]
    path = tmp_path / f"ms_{name}.mindrecord"
    _write(path, shards, schema, index, batches)
    assert path.read_bytes() == (FIX / f"ms_{name}.mindrecord").read_bytes()
    assert _index_rows(f"{path}.db") == _index_rows(FIX / f"ms_{name}.mindrecord.db")


def test_writer_shards_as_the_fixture(tmp_path):
    _, shards, schema, index, batches = CASES["shards"]
    _write(tmp_path / "msc_shards.mindrecord", shards, schema, index, batches)
    for k in range(shards):
        ours = tmp_path / f"msc_shards.mindrecord{k}"
        assert ours.read_bytes() == (FIX / f"msc_shards.mindrecord{k}").read_bytes()
        assert _index_rows(f"{ours}.db") == _index_rows(FIX / f"msc_shards.mindrecord{k}.db")


def test_mind_dataset_options(tmp_path):
    for f in FIX.glob("ms_shards.mindrecord*"):
        shutil.copy(f, tmp_path)
    first = str(tmp_path / "ms_shards.mindrecord0")
    labels = [int(r["label"]) for r in ds.MindDataset(
        first, shuffle=False, num_shards=2, shard_id=1).create_dict_iterator(output_numpy=True)]
    assert labels == [1, 3, 5, 7, 9]
    two = ds.MindDataset([str(tmp_path / "ms_shards.mindrecord1"), first], shuffle=False,
                         columns_list=["x", "label"])
    assert two.get_col_names() == ["x", "label"]
    rows = list(two.create_tuple_iterator(output_numpy=True))
    assert [int(r[1]) for r in rows] == [3, 4, 5, 0, 1, 2]
    assert len(list(ds.MindDataset(first, num_samples=4).create_dict_iterator())) == 4
    shuffled = [int(r["label"]) for r in ds.MindDataset(first).create_dict_iterator()]
    assert sorted(shuffled) == list(range(10))
    padded = ds.MindDataset(first, shuffle=False, num_padded=2,
                            padded_sample={"label": -1, "x": 0.0, "tag": ""})
    assert [int(r["label"]) for r in padded.create_dict_iterator()][-2:] == [-1, -1]
    batched = ds.MindDataset(first, shuffle=False).map(lambda x: x * 2, ["x"]).batch(4)
    first_batch = next(batched.create_dict_iterator())
    assert isinstance(first_batch["x"], ms.Tensor)
    np.testing.assert_allclose(first_batch["x"].asnumpy(), [-2.0, -1.0, 0.0, 1.0])


def test_writer_errors_are_mindsporess(tmp_path):
    path = str(tmp_path / "e.mindrecord")
    with pytest.raises(mr.ParamValueError, match="shard_num's value: 0 should between 1"):
        mr.FileWriter(path, shard_num=0)
    with pytest.raises(mr.ParamValueError, match="File path: 3 is not string"):
        mr.FileWriter(3)
    w = mr.FileWriter(path, overwrite=True)
    with pytest.raises(mr.MRMInvalidSchemaError, match="illegal attribute 'int8'"):
        w.add_schema({"a": {"type": "int8"}}, "d")
    with pytest.raises(mr.MRMInvalidSchemaError, match="illegal attribute 'bytes'"):
        w.add_schema({"a": {"type": "bytes", "shape": [2]}}, "d")
    with pytest.raises(mr.MRMInvalidSchemaError, match="Schema content should be dict"):
        w.add_schema("x", "d")
    w.add_schema({"a": {"type": "int32"}, "b": {"type": "float32", "shape": [2]}}, "d")
    with pytest.raises(mr.MRMAddSchemaError, match="Failed to add schema"):
        w.add_schema({"a": {"type": "int32"}}, "d")
    with pytest.raises(mr.MRMDefineIndexError, match="field b since it's not primitive"):
        w.add_index(["b"])
    with pytest.raises(mr.ParamTypeError, match="'raw_data' expect list type"):
        w.write_raw_data({"a": 1})
    with pytest.raises(RuntimeError, match="no valid data"):
        w.write_raw_data([{"a": "x", "b": np.zeros(2, np.float32)}, {"a": 1}])
    w.write_raw_data([{"a": 1, "b": np.zeros(2, np.float32)}, {"a": 2.0,
                                                                "b": np.zeros(2, np.float32)}])
    w.commit()
    assert [r["a"] for r in mr.FileReader(path).get_next()] == [1]  # the invalid row skipped
    with pytest.raises(RuntimeError, match="Not allowed to call `write_raw_data`"):
        w.write_raw_data([{"a": 1, "b": np.zeros(2, np.float32)}])
    again = mr.FileWriter(path)  # overwrite=False: refused at the first write
    again.add_schema({"a": {"type": "int32"}}, "d")
    with pytest.raises(RuntimeError, match="already exist"):
        again.write_raw_data([{"a": 1}])


def test_corrupt_files_are_refused(tmp_path):
    junk = tmp_path / "junk.mindrecord"
    junk.write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00garbage-garbage-")
    with pytest.raises(RuntimeError, match="MindRecord"):
        mr.FileReader(str(junk))
    with pytest.raises(RuntimeError, match="is not exists"):
        ds.MindDataset(str(tmp_path / "missing.mindrecord"))
    shutil.copy(FIX / "ms_multi.mindrecord", tmp_path)
    with pytest.raises(RuntimeError, match=r"\.db"):  # the index is required, as MindSpore
        mr.FileReader(str(tmp_path / "ms_multi.mindrecord"))
    (tmp_path / "ms_multi.mindrecord.db").write_bytes(b"not sqlite at all" * 10)
    with pytest.raises(RuntimeError, match="corrupt"):
        mr.FileReader(str(tmp_path / "ms_multi.mindrecord"))
    shutil.copy(FIX / "ms_multi.mindrecord.db", tmp_path)
    data = (tmp_path / "ms_multi.mindrecord").read_bytes()
    (tmp_path / "ms_multi.mindrecord").write_bytes(data[:20000])
    with pytest.raises(RuntimeError, match="truncated"):
        list(mr.FileReader(str(tmp_path / "ms_multi.mindrecord")).get_next())


def test_open_for_append_keeps_rows(tmp_path):
    for f in FIX.glob("ms_floats.mindrecord*"):
        shutil.copy(f, tmp_path)
    path = str(tmp_path / "ms_floats.mindrecord")
    writer = mr.FileWriter.open_for_append(path)
    writer.write_raw_data([{"v": np.array([1.0, 2.0, 3.0]), "w": 0.5, "k": 9}])
    writer.commit()
    rows = list(mr.FileReader(path).get_next())
    assert [r["k"] for r in rows] == [-7, 2**31 - 1, 9]
    assert os.path.exists(path + ".db")
