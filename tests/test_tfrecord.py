"""``dataset.TFRecordDataset`` against MindSpore 2.10: ``tests/fixtures/tfrecord`` holds
TFRecord files of ``tf.train.Example`` records and ``expected.json`` MindSpore's rows for
each way of reading them (``tools/write_tfrecord_fixtures.py``)."""
import importlib.util
import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from mscompat import dataset as ds

FIX = Path(__file__).parent / "fixtures" / "tfrecord"
EXPECTED = json.loads((FIX / "expected.json").read_text())
_spec = importlib.util.spec_from_file_location(
    "write_tfrecord_fixtures", Path(__file__).parents[1] / "tools" /
    "write_tfrecord_fixtures.py")
_tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_tool)


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_reads_as_mindspore(key, monkeypatch):
    monkeypatch.chdir(FIX)
    target, kw = _tool.READS[key]
    kw = {k: v for k, v in kw.items() if k != "num_parallel_workers"}
    data = ds.TFRecordDataset(target, shuffle=False, **kw)
    want = EXPECTED[key]
    assert data.get_col_names() == want["columns"]
    assert data.get_dataset_size() == want["size"]
    rows = list(data.create_dict_iterator(output_numpy=True, num_epochs=1))
    assert len(rows) == len(want["rows"])
    for i, (row, exp) in enumerate(zip(rows, want["rows"])):
        assert list(row) == list(exp)
        for col, e in exp.items():
            v = row[col]
            assert (str(v.dtype), list(v.shape)) == (e["dtype"], e["shape"]), f"{key} {i} {col}"
            np.testing.assert_array_equal(v, np.array(e["value"], v.dtype))


def test_shuffled_reads_are_permutations(monkeypatch):
    monkeypatch.chdir(FIX)
    labels = [int(r["label"][0]) for r in ds.TFRecordDataset(
        "part*.tfrecord").create_dict_iterator(output_numpy=True)]
    assert sorted(labels) == [0, 10, 11, 20, 21, 22, 30, 31, 32, 33]


def test_corrupt_and_missing_files_are_refused(tmp_path):
    data = (FIX / "single.tfrecord").read_bytes()
    bad = tmp_path / "bad.tfrecord"
    bad.write_bytes(data[:40] + bytes([data[40] ^ 1]) + data[41:])  # one flipped bit
    with pytest.raises(RuntimeError, match="not valid TFRecordDataset files"):
        ds.TFRecordDataset(str(bad))
    (tmp_path / "cut.tfrecord").write_bytes(data[:-3])
    with pytest.raises(RuntimeError, match="not valid TFRecordDataset files"):
        ds.TFRecordDataset(str(tmp_path / "cut.tfrecord"))
    with pytest.raises(ValueError, match="did not match any files"):
        ds.TFRecordDataset(str(tmp_path / "none*.tfrecord"))
    shutil.copy(FIX / "single.tfrecord", tmp_path / "plain.tfrecord")
    with pytest.raises(RuntimeError):  # not GZIP data
        ds.TFRecordDataset(str(tmp_path / "plain.tfrecord"), compression_type="GZIP")
    with pytest.raises(TypeError, match="schema"):
        ds.TFRecordDataset(str(tmp_path / "plain.tfrecord"), schema=object())
    assert os.path.exists(tmp_path / "plain.tfrecord")


def test_shuffle_enum(monkeypatch):
    monkeypatch.chdir(FIX)
    plain = [int(r["label"][0]) for r in ds.TFRecordDataset(
        "part*.tfrecord", shuffle=ds.Shuffle.FALSE).create_dict_iterator(output_numpy=True)]
    assert plain == [int(r["label"][0]) for r in ds.TFRecordDataset(
        "part*.tfrecord", shuffle=False).create_dict_iterator(output_numpy=True)]
    shuffled = [int(r["label"][0]) for r in ds.TFRecordDataset(
        "part*.tfrecord", shuffle=ds.Shuffle.GLOBAL).create_dict_iterator(output_numpy=True)]
    assert sorted(shuffled) == sorted(plain)
    with pytest.raises(NotImplementedError, match="Shuffle.FILES"):
        ds.TFRecordDataset("part*.tfrecord", shuffle=ds.Shuffle.FILES)


def test_a_schema_object_reads_as_its_file(monkeypatch):
    monkeypatch.chdir(FIX)
    schema = ds.Schema("schema.json")
    by_file = ds.TFRecordDataset("part*.tfrecord", schema="schema.json", shuffle=False)
    by_object = ds.TFRecordDataset("part*.tfrecord", schema=schema, shuffle=False)
    assert by_object.get_col_names() == by_file.get_col_names()
    for a, b in zip(by_file.create_tuple_iterator(output_numpy=True),
                    by_object.create_tuple_iterator(output_numpy=True)):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)
