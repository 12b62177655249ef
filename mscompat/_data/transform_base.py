"""The base classes of ``mindspore.dataset`` transforms, which user transforms subclass and
``isinstance`` checks name: ``TensorOperation`` (every transform), ``PyTensorOperation`` (a
Python transform: ``__call__`` runs ``_execute_py``; MindSpore's transforms with a Pillow
path are both) and ``ImageTensorOperation`` (the vision transforms).

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import transforms
    >>> class AddOne(transforms.transforms.PyTensorOperation):
    ...     def _execute_py(self, img):
    ...         return img + 1
    >>> print(AddOne()(np.array([1, 2])))
    [2 3]
    >>> isinstance(transforms.TypeCast(np.int32), transforms.transforms.TensorOperation)
    True
"""
from __future__ import annotations


class TensorOperation:
    """``dataset.transforms.transforms.TensorOperation``: base of every transform."""

    implementation = None
    device_target = "CPU"

    def __call__(self, *input_tensor_list):
        execute = getattr(self, "_execute_py", None)
        if execute is None:
            raise NotImplementedError(f"{type(self).__name__} defines no __call__ or "
                                      f"_execute_py.")
        return execute(*input_tensor_list)


class PyTensorOperation:
    """``dataset.transforms.transforms.PyTensorOperation``: a Python transform; calling it
    runs ``_execute_py(img)``."""

    def __init__(self) -> None:
        self.transforms = []
        self.output_type = None

    def __call__(self, img):
        return self._execute_py(img)


class ImageTensorOperation(TensorOperation):
    """``dataset.vision.transforms.ImageTensorOperation``: base of the vision transforms
    (those with a Pillow path are ``PyTensorOperation`` too, as in MindSpore)."""
