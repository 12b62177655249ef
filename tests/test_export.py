"""mindspore.export / load: MindSpore's graph formats raise naming themselves; the StableHLO
export (mscompat's own format) round-trips the network's function and weights."""
import numpy as np
import pytest

import mscompat as ms


def _net():
    net = ms.nn.SequentialCell([ms.nn.Dense(3, 4), ms.nn.ReLU(), ms.nn.Dense(4, 2)])
    for i, p in enumerate(net.trainable_params()):
        p.set_data(ms.Tensor(np.random.RandomState(i).randn(*p.shape).astype(np.float32)))
    return net


@pytest.mark.parametrize("fmt", ["MINDIR", "AIR", "ONNX"])
def test_mindspore_formats_raise_naming_the_format(fmt, tmp_path):
    with pytest.raises(NotImplementedError, match=fmt):
        ms.export(_net(), ms.Tensor(np.ones((1, 3), np.float32)),
                  file_name=str(tmp_path / "net"), file_format=fmt)
    with pytest.raises(NotImplementedError, match="MINDIR"):
        ms.load(str(tmp_path / "net.mindir"))


def test_stablehlo_round_trip(tmp_path):
    net = _net()
    x = ms.Tensor(np.random.RandomState(9).randn(5, 3).astype(np.float32))
    path = str(tmp_path / "net")
    ms.export(net, x, file_name=path, file_format="STABLEHLO")
    loaded = ms.nn.GraphCell(ms.load(path + ".stablehlo"))
    np.testing.assert_array_equal(loaded(x).asnumpy(), net(x).asnumpy())


def test_corrupt_stablehlo_raises_value_error(tmp_path):
    path = tmp_path / "bad.stablehlo"
    path.write_bytes(b"not a program")
    with pytest.raises(ValueError, match="StableHLO"):
        ms.load(str(path))


def test_stablehlo_export_of_a_dynamic_batch_runs_every_batch_size(tmp_path):
    net = _net()
    path = str(tmp_path / "dyn")
    ms.export(net, ms.Tensor(shape=[None, 3], dtype=ms.float32), file_name=path,
              file_format="STABLEHLO")
    loaded = ms.nn.GraphCell(ms.load(path + ".stablehlo"))
    for n in (1, 4, 9):
        x = ms.Tensor(np.random.RandomState(n).randn(n, 3).astype(np.float32))
        np.testing.assert_array_equal(loaded(x).asnumpy(), net(x).asnumpy())


def test_stablehlo_export_of_an_unknown_rank_raises_naming_it(tmp_path):
    with pytest.raises(NotImplementedError, match="unknown rank"):
        ms.export(_net(), ms.Tensor(shape=None, dtype=ms.float32),
                  file_name=str(tmp_path / "dyn"), file_format="STABLEHLO")


def test_stablehlo_export_with_symbolic_batch_dims_through_matmul_and_bmm(tmp_path):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.arange(20, dtype=np.float32).reshape(4, 5)),
                                  name="w")

        def construct(self, x):
            return ms.ops.matmul(x, self.w) + ms.ops.bmm(x, ms.ops.ones((1, 4, 5), ms.float32))
    net, path = Net(), str(tmp_path / "mm")
    ms.export(net, ms.Tensor(shape=[None, 3, 4], dtype=ms.float32), file_name=path,
              file_format="STABLEHLO")
    loaded = ms.nn.GraphCell(ms.load(path + ".stablehlo"))
    x = ms.Tensor(np.random.RandomState(0).randn(2, 3, 4).astype(np.float32))
    np.testing.assert_array_equal(loaded(x).asnumpy(), net(x).asnumpy())
