"""``mindspore.common.seed``: ``set_seed`` and ``get_seed`` (the top-level functions).

Example:
    >>> from mscompat.common.seed import get_seed, set_seed
    >>> set_seed(7)
    >>> get_seed()
    7
"""
from .._engine.random_ops import get_seed as get_seed
from .._engine.random_ops import set_seed as set_seed
from .._engine.unsupported import module_getattr as _module_getattr

__all__ = ["get_seed", "set_seed"]
__getattr__ = _module_getattr("mindspore.common.seed")
