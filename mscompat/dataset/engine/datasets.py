"""``mindspore.dataset.engine.datasets``: the dataset classes under the module path model-zoo
code imports them from (``from mindspore.dataset.engine.datasets import Dataset``); the
same objects as ``mindspore.dataset.engine``'s.

Example:
    >>> from mscompat.dataset.engine import datasets
    >>> import mscompat.dataset as ds
    >>> datasets.Dataset is ds.engine.Dataset
    True
"""
from ..._engine.unsupported import module_getattr as _module_getattr
from .. import engine as _engine

globals().update({name: getattr(_engine, name) for name in _engine.__all__})
__all__ = list(_engine.__all__)
__getattr__ = _module_getattr("mindspore.dataset.engine.datasets")
