"""The pytest plugin (registered as ``mscompat`` in the ``pytest11`` entry points).

Adds ``--update-goldens`` and three fixtures:

- ``golden``: ``golden.check(name, result)`` compares with ``<test dir>/goldens/<test
  module>/<name>.npz`` (+ ``.json``), recording it under ``--update-goldens``;
- ``ms_assert_allclose``: ``mscompat.testing.assert_allclose``;
- ``ms_compare_with_jax``: ``mscompat.testing.compare_with_jax``.

mscompat itself is imported only when a fixture is used.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

_UPDATE_ENV = "MSCOMPAT_UPDATE_GOLDENS"


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("mscompat")
    group.addoption("--update-goldens", action="store_true", default=False,
                    help="re-record the golden files the 'golden' fixture compares against")


class Golden:
    """Golden files of one test module: ``check(name, result, rtol=None, atol=None)``."""

    def __init__(self, directory: Path, update: bool) -> None:
        self.directory = directory
        self.update = update

    def path(self, name: str) -> Path:
        return self.directory / name

    def check(self, name: str, result: Any, rtol: float | None = None,
              atol: float | None = None, meta: dict | None = None) -> None:
        from ._golden import assert_matches_golden
        assert_matches_golden(self.path(name), result, rtol, atol, update=self.update,
                              meta=meta)

    def load(self, name: str) -> Any:
        from ._golden import load_golden
        return load_golden(self.path(name))


@pytest.fixture
def golden(request: Any) -> Golden:
    update = bool(request.config.getoption("--update-goldens")) or \
        os.environ.get(_UPDATE_ENV, "") not in ("", "0")
    test_file = Path(str(request.node.fspath))
    return Golden(test_file.parent / "goldens" / test_file.stem, update)


@pytest.fixture
def ms_assert_allclose():
    from ._compare import assert_allclose
    return assert_allclose


@pytest.fixture
def ms_compare_with_jax():
    from ._compare import compare_with_jax
    return compare_with_jax
