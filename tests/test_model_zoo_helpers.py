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
    with pytest.raises(NotImplementedError, match="mindspore.parallel.Layout"):
        _ = ms.parallel.Layout


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
