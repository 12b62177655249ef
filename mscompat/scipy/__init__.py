"""``mindspore.scipy``: ``linalg`` (see ``mscompat/_engine/scipy_linalg.py``)."""
from .._engine.unsupported import module_getattr as _module_getattr
from . import linalg as linalg

__all__ = ["linalg"]
__getattr__ = _module_getattr("mindspore.scipy")
