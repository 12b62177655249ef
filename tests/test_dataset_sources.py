"""Sources MindSpore's CPU build cannot read from small files (``Cifar100Dataset`` expects the
full 50,000/10,000-record files), tested against the CIFAR-100 binary format, and the
dataset helpers scripts import."""
import numpy as np
import pytest

import mscompat as ms
from mscompat import dataset as ds


def _cifar100(root, n, seed):
    rng = np.random.RandomState(seed)
    coarse, fine = rng.randint(0, 20, n), rng.randint(0, 100, n)
    pixels = rng.randint(0, 256, (n, 3, 32, 32))
    records = np.concatenate([coarse[:, None], fine[:, None], pixels.reshape(n, -1)], 1)
    return records.astype(np.uint8), coarse, fine, pixels.transpose(0, 2, 3, 1)


def test_cifar100_binary_records(tmp_path):
    train, c1, f1, p1 = _cifar100(tmp_path, 5, 0)
    test, c2, f2, p2 = _cifar100(tmp_path, 3, 1)
    train.tofile(tmp_path / "train.bin")
    test.tofile(tmp_path / "test.bin")
    data = ds.Cifar100Dataset(str(tmp_path), shuffle=False)
    assert data.get_col_names() == ["image", "coarse_label", "fine_label"]
    rows = list(data.create_tuple_iterator(output_numpy=True))
    assert len(rows) == 8 and data.get_dataset_size() == 8
    np.testing.assert_array_equal(np.stack([r[0] for r in rows]), np.concatenate([p1, p2]))
    assert [int(r[1]) for r in rows] == list(c1) + list(c2)
    assert [int(r[2]) for r in rows] == list(f1) + list(f2)
    assert rows[0][0].dtype == np.uint8 and rows[0][1].dtype == np.uint32
    only_test = ds.Cifar100Dataset(str(tmp_path), usage="test", shuffle=False)
    assert only_test.get_dataset_size() == 3
    (tmp_path / "test.bin").write_bytes(b"\x01" * 100)  # not whole records
    with pytest.raises(RuntimeError, match="cifar100"):
        ds.Cifar100Dataset(str(tmp_path), usage="test")


def test_dataset_helper_iterates_tuples_of_tensors():
    data = ds.NumpySlicesDataset({"x": np.arange(12, dtype=np.float32).reshape(6, 2),
                                  "y": np.arange(6, dtype=np.int32)}, shuffle=False).batch(2)
    rows = list(ms.DatasetHelper(data, dataset_sink_mode=False))
    assert len(rows) == 3 and all(isinstance(t, ms.Tensor) for r in rows for t in r)
    np.testing.assert_array_equal(rows[1][1].asnumpy(), [2, 3])
    sunk = list(ms.DatasetHelper(data, dataset_sink_mode=True, sink_size=2))
    assert len(sunk) == 2
    assert ms.DatasetHelper(data, sink_size=2).sink_size() == 2
    with pytest.raises(ValueError, match="'sink_size' must be -1 or positive"):
        ms.DatasetHelper(data, sink_size=0)


def test_dataset_engine_is_the_dataset_module():
    import importlib
    engine = importlib.import_module("mscompat.dataset.engine")
    assert engine.GeneratorDataset is ds.GeneratorDataset
    assert engine.MindDataset is ds.MindDataset
