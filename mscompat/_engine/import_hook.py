"""The opt-in import hook: ``mindspore`` and ``mindspore.X`` resolve to ``mscompat(.X)``.

Never installed by ``import mscompat``; ``python -m mscompat script.py`` installs it for one
script, and ``install()``/``uninstall()`` (or ``with mindspore_alias():``) do it by hand.

Example:
    >>> from mscompat.hook import mindspore_alias
    >>> with mindspore_alias():
    ...     import mindspore
    >>> mindspore.__name__
    'mscompat'
"""
from __future__ import annotations

import contextlib
import importlib
import importlib.abc
import importlib.util
import sys

_ALIAS = "mindspore"
_TARGET = "mscompat"


class _Loader(importlib.abc.Loader):
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec):
        return importlib.import_module(self.target)

    def exec_module(self, module) -> None:
        pass


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname != _ALIAS and not fullname.startswith(_ALIAS + "."):
            return None
        real = _TARGET + fullname[len(_ALIAS):]
        if importlib.util.find_spec(real) is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Loader(real))


_finder = _Finder()


def install() -> None:
    """Make ``import mindspore`` (and its submodules) import mscompat."""
    if _finder not in sys.meta_path:
        sys.meta_path.insert(0, _finder)


def uninstall() -> None:
    """Remove the hook and forget the ``mindspore`` modules it created."""
    if _finder in sys.meta_path:
        sys.meta_path.remove(_finder)
    for name in [n for n in sys.modules if n == _ALIAS or n.startswith(_ALIAS + ".")]:
        if getattr(sys.modules[name], "__name__", "").startswith(_TARGET):
            del sys.modules[name]


@contextlib.contextmanager
def mindspore_alias():
    """``with mindspore_alias(): import mindspore`` — the hook for one block."""
    install()
    try:
        yield
    finally:
        uninstall()
