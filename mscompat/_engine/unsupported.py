"""MindSpore names mscompat does not have yet raise ``NotImplementedError`` naming them.

``MissingAPIError`` is both a ``NotImplementedError`` (what the porting user reads) and an
``AttributeError`` (so ``hasattr``/``getattr(obj, name, default)`` keep working). It is raised
by the ``__getattr__`` of every public module, by ``Tensor`` and ``Cell`` attribute look-ups of
public names, and by the stub modules standing for MindSpore submodules mscompat lacks
(``import mindspore.dataset as ds`` works; ``ds.GeneratorDataset`` raises, naming it).

A name MindSpore 2.10 does not have either (``ms_names``, recorded from MindSpore) raises
MindSpore's plain AttributeError instead.

Example:
    >>> import mscompat as ms
    >>> try:
    ...     ms.nn.AdaFactor
    ... except NotImplementedError as e:
    ...     print(e)
    'mindspore.nn.AdaFactor' is not implemented by mscompat yet.
    >>> try:
    ...     ms.nn.NotALayer
    ... except AttributeError as e:
    ...     print(e)
    module 'mindspore.nn' has no attribute 'NotALayer'
"""
from __future__ import annotations

import functools
import importlib.machinery
import sys
import types


class MissingAPIError(NotImplementedError, AttributeError):
    """A MindSpore API that mscompat does not implement (yet)."""


def missing(qualname: str) -> MissingAPIError:
    return MissingAPIError(f"'{qualname}' is not implemented by mscompat yet.")


@functools.cache
def _recorded(owner: str) -> frozenset[str] | None:
    from .ms_names import NAMES
    listed = NAMES.get(owner)
    return None if listed is None else frozenset("".join(listed).split())


def mindspore_lacks(owner: str, name: str) -> bool:
    """Whether MindSpore 2.10's ``owner`` (``"mindspore.nn"``, ``"mindspore.Tensor"``) has
    no public ``name`` (``ms_names``, recorded from MindSpore). Private names and owners
    not recorded count as lacking and present respectively."""
    if name.startswith("_"):
        return True
    names = _recorded(owner)
    return names is not None and name not in names


def missing_attribute(owner: str, name: str, message: str, cls: type | None = None
                      ) -> AttributeError:
    """``MissingAPIError`` for a MindSpore name mscompat lacks; MindSpore's own
    AttributeError (``message``) for a name MindSpore does not have either, or one ``cls``
    defines (a property that raised AttributeError, which Python hands to ``__getattr__``)."""
    if mindspore_lacks(owner, name) or (cls is not None and hasattr(cls, name)):
        return AttributeError(message)
    return missing(f"{owner}.{name}")


def module_getattr(module: str):
    def __getattr__(name: str):
        raise missing_attribute(module, name, f"module '{module}' has no attribute '{name}'")
    return __getattr__


# MindSpore submodules that real scripts import and mscompat does not provide yet.
STUB_SUBMODULES = (
    "dataset.audio",
    "boost", "rewrite", "utils",
    "ops.primitive", "common.initializer_utils",
)


def install_stubs(package: str) -> None:
    """Put stub modules for ``STUB_SUBMODULES`` under ``package`` (``mscompat``) where no real
    module exists; each one names ``mindspore.<path>.<name>`` when an attribute is used."""
    for path in STUB_SUBMODULES:
        full = f"{package}.{path}"
        if full in sys.modules:
            continue
        parent_name, _, leaf = full.rpartition(".")
        parent = sys.modules.get(parent_name)
        if parent is None:
            continue  # listed after its parent: the parent's stub comes first
        if isinstance(parent.__dict__.get(leaf), types.ModuleType):
            continue
        new_module(full, f"Stand-in for ``mindspore.{path}`` (not built yet).",
                   {"__mscompat_stub__": True})  # the porting report counts it as missing


def new_module(full: str, doc: str, attrs: dict | None = None) -> types.ModuleType:
    """A module made at import time (a stub, or a MindSpore submodule that is a view of a
    table): importable by its dotted name, also through the ``mindspore`` alias, set on its
    parent, and naming ``mindspore.<path>.<name>`` for a name it lacks.

    Example:
        >>> from mscompat._engine.unsupported import new_module
        >>> m = new_module("example_pkg.demo", "An example.", {"x": 1})
        >>> import sys
        >>> sys.modules["example_pkg.demo"].x
        1
        >>> hasattr(m, "y")  # a NotImplementedError that is also an AttributeError
        False
    """
    mod = types.ModuleType(full, doc)
    mod.__spec__ = importlib.machinery.ModuleSpec(full, None, is_package=True)
    mod.__path__ = []  # a package, so deeper modules can hang under it
    mod.__getattr__ = module_getattr("mindspore" + full[full.index("."):])
    mod.__dict__.update(attrs or {})
    sys.modules[full] = mod
    parent_name, _, leaf = full.rpartition(".")
    parent = sys.modules.get(parent_name)
    if parent is not None:
        setattr(parent, leaf, mod)
    return mod
