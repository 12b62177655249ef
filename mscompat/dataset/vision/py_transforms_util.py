"""``mindspore.dataset.vision.py_transforms_util``: the image-type checks Python transforms
use (the rest of MindSpore's helpers are the transforms of ``mindspore.dataset.vision``).

Example:
    >>> import numpy as np
    >>> from mscompat.dataset.vision.py_transforms_util import is_numpy, is_pil
    >>> is_numpy(np.zeros((2, 2))), is_pil(np.zeros((2, 2)))
    (True, False)
"""
import numpy as np

from ..._engine.unsupported import module_getattr as _module_getattr

augment_error_message = ("img should be PIL image. Got {}. Use Decode() for encoded data or "
                         "ToPIL() for decoded data.")


def is_pil(img) -> bool:
    """Is ``img`` a PIL image?"""
    try:
        from PIL import Image
    except ImportError:
        return False
    return isinstance(img, Image.Image)


def is_numpy(img) -> bool:
    """Is ``img`` a NumPy array?"""
    return isinstance(img, np.ndarray)


__all__ = ["augment_error_message", "is_pil", "is_numpy"]
__getattr__ = _module_getattr("mindspore.dataset.vision.py_transforms_util")
