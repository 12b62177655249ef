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
