"""``mindspore.log`` and ``mindspore.parallel``'s public knobs (the private helpers are
conformance cases: ``checkparam.py``)."""
import re

import pytest

import mscompat as ms
import mscompat.log as logger


def test_log_line_format_and_levels(capsys, monkeypatch):
    monkeypatch.delenv("GLOG_v", raising=False)
    logger.warning("hello %s", 3)
    logger.info("hidden at the default level")
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert re.fullmatch(r"\[WARNING\] ME\(\d+:\d+,MainProcess\):\d{4}-\d\d-\d\d-\d\d:\d\d:"
                        r"\d\d\.\d{3}\.000 \[test_model_zoo_helpers\.py:\d+\] hello 3", err[0])
    monkeypatch.setenv("GLOG_v", "1")
    logger.info("now shown")
    assert "[INFO]" in capsys.readouterr().err
    assert logger.get_level() == "1"
    assert logger.get_log_config()["GLOG_v"] == "1"


def test_import_mindspore_log_as_logger():
    assert ms.log is logger
    for name in ("debug", "info", "warning", "error", "critical"):
        assert callable(getattr(logger, name))


def test_set_algo_parameters_records_and_checks_keys():
    ms.parallel.set_algo_parameters(elementwise_op_strategy_follow=True)
    try:
        assert ms.parallel.get_algo_parameters("elementwise_op_strategy_follow") is True
        with pytest.raises(ValueError, match="not_a_key"):
            ms.parallel.set_algo_parameters(not_a_key=1)
    finally:
        ms.parallel.reset_algo_parameters()
    assert ms.parallel.get_algo_parameters("elementwise_op_strategy_follow") is None


def test_missing_parallel_name_names_itself():
    with pytest.raises(NotImplementedError, match="mindspore.parallel.build_searched_strategy"):
        _ = ms.parallel.build_searched_strategy


@pytest.mark.parametrize("mode", ["PYNATIVE_MODE", "GRAPH_MODE"])
def test_loss_scale_step_compiles_once_and_a_failure_changes_nothing(mode):
    import numpy as np
    ms.set_context(mode=getattr(ms, mode))
    try:
        net = ms.nn.Dense(3, 2)
        opt = ms.nn.Momentum(net.trainable_params(), 0.1, 0.9)
        step = ms.nn.TrainOneStepWithLossScaleCell(
            ms.nn.WithLossCell(net, ms.nn.MSELoss()), opt,
            ms.nn.DynamicLossScaleUpdateCell(2.0 ** 10, 2, 2))
        x, y = ms.Tensor(np.ones((4, 3), np.float32)), ms.Tensor(np.ones((4, 2), np.float32))
        step(x, y)
        before = ms.compile_count()
        for _ in range(4):
            step(x, y)
        if mode == "GRAPH_MODE":
            assert ms.compile_count() == before
        assert float(step.scale_sense.asnumpy()) == 2.0 ** 12
        snapshot = {p.name: p.asnumpy().copy() for p in step.get_parameters()}
        with pytest.raises(ValueError):
            step(x, ms.Tensor(np.ones((5, 2), np.float32)))  # labels of the wrong shape
        for p in step.get_parameters():
            np.testing.assert_array_equal(p.asnumpy(), snapshot[p.name], err_msg=p.name)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_data_sink_runs_sink_size_batches_and_loops(monkeypatch):
    import numpy as np

    import mscompat._train.data_sink as sink_module
    data = ms.dataset.NumpySlicesDataset(np.arange(6, dtype=np.float32).reshape(3, 2),
                                         column_names=["x"], shuffle=False)
    with pytest.raises(ValueError, match="device target is CPU"):
        ms.data_sink(lambda x: x, data)
    monkeypatch.setattr(sink_module, "get_context", lambda key: "GPU")
    seen = []

    def step(x):
        seen.append(x.asnumpy().tolist())
        return x.sum()
    run = ms.data_sink(step, data, sink_size=2)
    assert float(run().asnumpy()) == 5.0   # rows 0 and 1: returns the last
    assert float(run().asnumpy()) == 1.0   # row 2, then the dataset loops to row 0
    assert seen == [[0.0, 1.0], [2.0, 3.0], [4.0, 5.0], [0.0, 1.0]]
    with pytest.raises(ValueError, match="sink_size"):
        ms.data_sink(step, data, sink_size=0)


def test_random_vision_transforms_shapes_identity_and_seed():
    import mscompat.dataset.vision.transforms as T
    import numpy as np
    img = (np.random.RandomState(0).rand(20, 30, 3) * 255).astype(np.uint8)
    np.random.seed(1)
    a = T.RandomResizedCrop((6, 9), scale=(0.5, 1.0))(img)
    np.random.seed(1)
    b = T.RandomResizedCrop((6, 9), scale=(0.5, 1.0))(img)
    assert a.shape == (6, 9, 3) and a.dtype == np.uint8 and (a == b).all()
    assert (T.RandomColorAdjust()(img) == img).all()  # every factor range is the identity
    brighter = T.RandomColorAdjust(brightness=(2, 2))(img)
    assert (brighter == np.clip(img.astype(int) * 2, 0, 255)).all()
    grey = T.RandomColorAdjust(saturation=(0, 0))(img)
    assert (np.abs(grey.astype(int) - grey[..., :1].astype(int)) <= 1).all()
    assert T.RandomResizedCrop(5, scale=(1.0, 1.0), ratio=(1.0, 1.0))(img).shape == (5, 5, 3)
    with pytest.raises(ValueError):
        T.RandomColorAdjust(hue=0.7)


@pytest.mark.parametrize("cls,shape", [("Dropout2d", (4, 6, 3, 3)), ("Dropout3d", (4, 6, 2, 3, 3))])
def test_channel_dropout_zeroes_whole_channels(cls, shape):
    import numpy as np
    layer = getattr(ms.nn, cls)(0.5)
    x = ms.Tensor(np.ones(shape, np.float32))
    np.testing.assert_array_equal(layer(x).asnumpy(), x.asnumpy())  # eval: identity
    layer.set_train()
    y = layer(x).asnumpy().reshape(shape[0], shape[1], -1)
    per_channel = np.unique(y, axis=2)
    assert per_channel.shape[2] == 1 and set(np.unique(per_channel)) <= {0.0, 2.0}
    assert 0 < (per_channel == 0).sum() < per_channel.size  # some dropped, some kept
    with pytest.raises(ValueError, match="dimension of input"):
        layer(ms.Tensor(np.ones((2, 3), np.float32)))
    with pytest.raises(ValueError, match="'p'"):
        getattr(ms.nn, cls)(1.5)
