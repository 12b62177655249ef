"""``mindspore.common.api``: ``jit`` and ``jit_class`` (the top-level functions).

Example:
    >>> from mscompat.common.api import jit
    >>> import mscompat as ms
    >>> print(jit(lambda x: x * 2)(ms.Tensor([1.0])))
    [2.]
"""
from .._engine.jit_api import jit as jit
from .._engine.jit_api import jit_class as jit_class
from .._engine.unsupported import module_getattr as _module_getattr

__all__ = ["jit", "jit_class"]
__getattr__ = _module_getattr("mindspore.common.api")
