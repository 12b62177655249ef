"""``mindspore.train._utils``: the helpers model-zoo scripts import from it."""
from __future__ import annotations

from .._train.paths import make_directory as _make_directory

__all__ = ["_make_directory"]
