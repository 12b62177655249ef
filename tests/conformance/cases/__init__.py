"""Conformance case modules (see ../README.md)."""
import importlib
import pkgutil


def load_all():
    """Import every case module and return the registry's case list."""
    from . import _registry
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if not info.name.startswith("_"):
            importlib.import_module(f"{__name__}.{info.name}")
    return _registry.CASES
