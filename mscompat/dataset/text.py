"""``mindspore.dataset.text`` (``text.transforms`` is this module)."""
import sys as _sys

from .._data.text import (  # noqa: F401
    Lookup,
    ToNumber,
    TruncateSequencePair,
    UnicodeCharTokenizer,
    Vocab,
    WhitespaceTokenizer,
    to_bytes,
    to_str,
)
from .._engine.unsupported import module_getattr as _module_getattr

transforms = _sys.modules[__name__]
_sys.modules[f"{__name__}.transforms"] = _sys.modules[__name__]
__all__ = ["Lookup", "ToNumber", "TruncateSequencePair", "UnicodeCharTokenizer", "Vocab",
           "WhitespaceTokenizer", "to_bytes", "to_str"]
__getattr__ = _module_getattr("mindspore.dataset.text")
