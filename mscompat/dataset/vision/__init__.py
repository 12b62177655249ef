"""``mindspore.dataset.vision``: image transforms (``vision.transforms`` is this module)."""
import sys as _sys

from ..._data.vision import (  # noqa: F401
    HWC2CHW,
    AutoContrast,
    Border,
    CenterCrop,
    ConvertColor,
    ConvertMode,
    Decode,
    Equalize,
    Inter,
    Invert,
    Normalize,
    Pad,
    RandomColorAdjust,
    RandomCrop,
    RandomCropDecodeResize,
    RandomHorizontalFlip,
    RandomPosterize,
    RandomResizedCrop,
    RandomVerticalFlip,
    Rescale,
    Resize,
    ToPIL,
    ToTensor,
)
from ..._data.vision_adjust import (  # noqa: F401
    AdjustBrightness,
    AdjustContrast,
    AdjustGamma,
    AdjustHue,
    AdjustSaturation,
    Crop,
    Erase,
    HorizontalFlip,
    ImageReadMode,
    NormalizePad,
    Posterize,
    RandomAdjustSharpness,
    RandomAutoContrast,
    RandomEqualize,
    RandomInvert,
    RandomResize,
    RandomSelectSubpolicy,
    RandomSolarize,
    ResizedCrop,
    Solarize,
    ToType,
    VerticalFlip,
    read_image,
)
from ..._data.vision_augment import (  # noqa: F401
    CutMixBatch,
    ImageBatchFormat,
    MixUpBatch,
    RandAugment,
    SliceMode,
    SlicePatches,
    TrivialAugmentWide,
    UniformAugment,
)
from ..._data.vision_blur import GaussianBlur  # noqa: F401
from ..._data.vision_color import (  # noqa: F401
    AdjustSharpness,
    Grayscale,
    HsvToRgb,
    RandomColor,
    RandomGrayscale,
    RandomSharpness,
    RgbToHsv,
)
from ..._data.vision_erase import CutOut, RandomErasing  # noqa: F401
from ..._data.vision_geometry import Affine, RandomAffine, RandomRotation, Rotate  # noqa: F401
from ..._data.vision_pad import LinearTransformation, PadToSize  # noqa: F401
from ..._data.vision_pil import install as _install_pil_path
from ..._engine.unsupported import module_getattr as _module_getattr

_install_pil_path()  # a transform given a PIL image runs MindSpore's Pillow path

# ``import mindspore.dataset.vision.transforms as T`` reaches this module, as in MindSpore
# 2.10 (which no longer has c_transforms/py_transforms modules; the attributes remain).
from ..._data.transform_base import ImageTensorOperation as ImageTensorOperation  # noqa: E402
from ..._data.transform_base import PyTensorOperation as PyTensorOperation  # noqa: E402
from ..._data.transform_base import TensorOperation as TensorOperation  # noqa: E402
from . import py_transforms_util as py_transforms_util  # noqa: E402

c_transforms = py_transforms = transforms = _sys.modules[__name__]
_sys.modules[f"{__name__}.transforms"] = _sys.modules[__name__]
__getattr__ = _module_getattr("mindspore.dataset.vision")
