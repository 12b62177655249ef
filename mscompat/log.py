"""``mindspore.log``: MindSpore's logger (``debug``/``info``/``warning``/``error``/``critical``).

Messages go to stderr in MindSpore's line format,
``[WARNING] ME(pid:thread,MainProcess):2026-01-01-12:00:00.000.000 [file.py:12] text``.
The level is read from ``GLOG_v`` as MindSpore reads it (0 debug, 1 info, 2 warning - the
default -, 3 error, 4 critical).

Example:
    >>> import mscompat.log as logger
    >>> logger.get_level()
    '2'
    >>> logger.info("not printed at the default level")
"""
from __future__ import annotations

import logging
import os
import sys
import time

_LEVELS = {"0": logging.DEBUG, "1": logging.INFO, "2": logging.WARNING, "3": logging.ERROR,
           "4": logging.CRITICAL}


class _Formatter(logging.Formatter):
    """MindSpore's line: level, ``ME(pid:thread,process)``, time with microseconds, source."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%d-%H:%M:%S", time.localtime(record.created))
        millis = int(record.msecs)
        where = f"{os.path.basename(record.pathname)}:{record.lineno}"
        return (f"[{record.levelname}] ME({record.process}:{record.thread},"
                f"{record.processName}):{stamp}.{millis:03d}.000 [{where}] "
                f"{record.getMessage()}")


def get_level() -> str:
    """The logging level as MindSpore's ``GLOG_v`` string (``'2'`` by default)."""
    level = os.environ.get("GLOG_v", "2")
    return level if level in _LEVELS else "2"


def get_log_config() -> dict:
    """The logger's configuration, as MindSpore reports it."""
    return {"GLOG_v": get_level(), "GLOG_logtostderr": os.environ.get("GLOG_logtostderr", "1")}


class _StderrHandler(logging.StreamHandler):
    """Writes to ``sys.stderr`` as it is when a message is logged (a stream captured or
    redirected after the first message still receives the later ones)."""

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, value) -> None:
        pass


def _logger() -> logging.Logger:
    log = logging.getLogger("mindspore")
    if not getattr(log, "_mscompat_configured", False):
        handler = _StderrHandler()
        handler.setFormatter(_Formatter())
        log.addHandler(handler)
        log.propagate = False
        log._mscompat_configured = True
    log.setLevel(_LEVELS[get_level()])
    return log


def debug(msg, *args, **kwargs) -> None:
    """Log ``msg % args`` at DEBUG level."""
    _logger().debug(msg, *args, stacklevel=2, **kwargs)


def info(msg, *args, **kwargs) -> None:
    """Log ``msg % args`` at INFO level."""
    _logger().info(msg, *args, stacklevel=2, **kwargs)


def warning(msg, *args, **kwargs) -> None:
    """Log ``msg % args`` at WARNING level."""
    _logger().warning(msg, *args, stacklevel=2, **kwargs)


def error(msg, *args, **kwargs) -> None:
    """Log ``msg % args`` at ERROR level."""
    _logger().error(msg, *args, stacklevel=2, **kwargs)


def critical(msg, *args, **kwargs) -> None:
    """Log ``msg % args`` at CRITICAL level."""
    _logger().critical(msg, *args, stacklevel=2, **kwargs)


__all__ = ["debug", "info", "warning", "error", "critical", "get_level", "get_log_config",
           "logging"]
