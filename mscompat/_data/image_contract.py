"""What each vision transform's MindSpore kernel accepts, one row per transform: the image
ranks, channel counts and dtypes, the message it refuses the rest with, and whether it
takes a batch ``<..., H, W, C>`` (each image transformed in turn, as MindSpore's kernels
loop over the leading dimensions). ``ImageTensorOperation`` subclasses named here check
their NumPy input against their row before running (a PIL image takes the Pillow path
unchecked); a refusal is MindSpore's pipeline RuntimeError.

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import vision
    >>> try:
    ...     vision.Invert()(np.zeros((4, 4, 4), np.uint8))
    ... except RuntimeError as e:
    ...     print(str(e).split("[ERROR] ")[1].splitlines()[0])
    Invert: the number of channels of input tensor is not 3, but got: 4
    >>> vision.HorizontalFlip()(np.arange(4, dtype=np.uint8).reshape(2, 1, 2, 1))[:, 0, :, 0]
    array([[1, 0],
           [3, 2]], dtype=uint8)
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

from . import op_random
from .pipeline_errors import pipeline_error

_DECODE = " You may need to perform Decode first."

# MindSpore's generic checks (the same words for every transform that uses them)
_DIM = ("{op}: the dimension of image tensor does not match the requirement of operator. "
        "Expecting tensor in dimension of {ranks}, in shape of {shapes}. But got dimension "
        "{rank}.")
_CHANNEL = ("{op}: the channel of image tensor does not match the requirement of operator. "
            "Expecting tensor in channel of {channels}. But got channel {c}.")
_DTYPE = ("{op}: the data type of image tensor does not match the requirement of operator. "
          "Expecting tensor in type of {dtypes}. But got type {dtype}.")
_HW_HWC = "{op}: input tensor is not in shape of <H,W> or <H,W,C>, but got rank: {rank}"
_HWC = "{op}: input tensor is not in shape of <H,W,C>, but got rank: {rank}"
_TWO_DIMS = "{op}: the image tensor should have at least two dimensions."
_AT_LEAST_2 = "{op}: input tensor should have at least 2 dimensions, but got: {rank}"
_RANK_2_3 = "{op}: image rank should be 2 or 3,  but got: {rank}"
_CHANNEL_1_3 = "{op}: channel of input image should be 1 or 3, but got: {c}"
_UINT8 = "{op}: OpenCV: the kernel does not support {dtype} images (it needs uint8)"


@dataclass(frozen=True)
class Contract:
    """One transform's input rule. ``ranks`` None: any rank from 2 (a batch when above 3,
    if ``batch``; ``rank_msg`` then words the rank-1 refusal). ``decode_hint``: MindSpore
    adds "You may need to perform Decode first." to the refusal of a rank-1 input."""

    op: str
    ranks: tuple | None = (2, 3)
    rank_msg: str = _HW_HWC
    channels: tuple | None = None
    channel_msg: str = _CHANNEL
    dtypes: tuple | None = None
    dtype_msg: str = _DTYPE
    decode_hint: bool = True
    batch: bool = False
    vector_msg: str | None = None  # a rank-1 input's refusal, where it has its own words

    def check(self, img: np.ndarray) -> None:
        rank = img.ndim
        if rank < 2 or (self.ranks is not None and rank not in self.ranks):
            message = (self.vector_msg if rank < 2 and self.vector_msg else
                       self.rank_msg).format(**self._fields(img))
            if self.decode_hint and rank < 2:
                message += _DECODE if message.endswith(".") else "." + _DECODE
            raise pipeline_error(message)
        c = img.shape[-1]  # a rank-2 image has no channel axis to check
        if self.channels is not None and rank >= 3 and c not in self.channels:
            raise pipeline_error(self.channel_msg.format(
                c=c, channels=_tuple_text(self.channels), **self._fields(img)))
        dtype = img.dtype.name
        if self.dtypes is not None and dtype not in self.dtypes:
            raise pipeline_error(self.dtype_msg.format(
                dtype=dtype, dtypes=_tuple_text(self.dtypes), **self._fields(img)))

    def _fields(self, img: np.ndarray) -> dict:
        """What a refusal's words name (built only when refusing)."""
        return dict(op=self.op, rank=img.ndim, shape=",".join(map(str, img.shape)),
                    ranks=_tuple_text(self.ranks),
                    shapes="<H, W, C>" if self.ranks == (3,) else "<H, W> or <H, W, C>")


def _tuple_text(values) -> str:
    return "(" + ", ".join(map(str, values)) + ")" if values else ""


_UINT8_16_F32 = ("uint8", "uint16", "float32")
# OpenCV's depths (a Bool image is its bytes): filters and interpolating warps take these;
# nearest-neighbour copies and channel shuffles take any depth but float16
CV_DEPTHS = ("bool", "uint8", "uint16", "int16", "float32", "float64")
_CV_COPY = CV_DEPTHS + ("int8", "int32", "uint32", "int64", "uint64")
# what MindSpore can wrap in a cv::Mat at all (not UInt32, Int64, UInt64)
_CV_MAT = ("bool", "int8", "uint8", "int16", "uint16", "int32", "float32", "float64")
CVT_COLOR_DEPTHS = ("uint8", "uint16", "float32")  # cvtColor's
_SUBTRACT_DEPTHS = ("uint8", "int8", "uint16", "int16", "int32", "float32", "float64")
_OPENCV = "{op}: OpenCV: the kernel does not support {dtype} images (depths {dtypes})"


def require_cv_depth(op: str, img: np.ndarray, nearest: bool = False,
                     warp: bool = False) -> None:
    """MindSpore's OpenCV resize and warp kernels: interpolation needs one of ``CV_DEPTHS``;
    a nearest-neighbour resize takes any depth, a nearest-neighbour warp any ``cv::Mat``
    depth (``_CV_MAT``)."""
    if nearest and not warp:
        return
    _depth_contract(op, nearest).check(img)


@functools.cache
def _depth_contract(op: str, nearest: bool) -> Contract:
    return Contract(op, ranks=None, dtypes=_CV_MAT if nearest else CV_DEPTHS,
                    dtype_msg=_OPENCV)
_SOLARIZE_TYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "float32", "float64")


def _colour(op: str, dtypes=None) -> Contract:
    """AdjustContrast/Saturation/Hue and RandomColorAdjust: 3-channel HWC only."""
    return Contract(op, ranks=(3,), rank_msg=_DIM, channels=(3,), dtypes=dtypes)


CONTRACTS: dict[str, Contract] = {
    "AdjustBrightness": Contract("AdjustBrightness", rank_msg=_DIM, channels=(1, 3),
                                 dtypes=_CV_MAT + ("float16",), dtype_msg=_OPENCV),
    "AdjustContrast": _colour("AdjustContrast", _UINT8_16_F32),
    "AdjustSaturation": _colour("AdjustSaturation", _UINT8_16_F32),
    "AdjustHue": _colour("AdjustHue", ("uint8", "float32")),
    "RandomColorAdjust": _colour("RandomColorAdjust"),
    "AdjustGamma": Contract("AdjustGamma", ranks=None, channels=(1, 3),
                            rank_msg="{op}: input tensor is not in shape of <...,H,W,C> or "
                                     "<H,W>, got shape:<{shape}>",
                            channel_msg=_CHANNEL_1_3, decode_hint=False, batch=True),
    "AutoContrast": Contract("AutoContrast", rank_msg=_RANK_2_3, channels=(1, 3),
                             channel_msg=_CHANNEL_1_3, dtypes=("uint8",), dtype_msg=_UINT8,
                             decode_hint=False),
    "Equalize": Contract("Equalize", rank_msg=_RANK_2_3, channels=(1, 3),
                         channel_msg=_CHANNEL_1_3, dtypes=("uint8",), dtype_msg=_UINT8,
                         decode_hint=False),
    "RandomAutoContrast": Contract(
        "RandomAutoContrast", rank_msg="{op}: image shape is not <H,W,C> or <H,W>, got rank: "
        "{rank}", channels=(3,), channel_msg="{op}: image shape is incorrect, expected num of "
        "channels is 3, but got: {c}", dtypes=("uint8",), dtype_msg=_UINT8, decode_hint=False),
    "RandomEqualize": Contract(
        "RandomEqualize", channels=(1, 3),
        channel_msg="{op}: input image is not in channel of 1 or 3, but got: {c}",
        dtypes=("uint8",), dtype_msg="{op}: input image is not in type of uint8, but got: "
                                     "{dtype}"),
    "Erase": Contract("Erase", ranks=(3,), rank_msg=_HWC, channels=(3,),
                      channel_msg="{op}: channel of input image should be 3, but got: {c}",
                      decode_hint=False),
    "Invert": Contract("Invert", ranks=(3,), rank_msg=_HWC, channels=(3,),
                       channel_msg="{op}: the number of channels of input tensor is not 3, "
                                   "but got: {c}", decode_hint=False,
                       dtypes=_SUBTRACT_DEPTHS, dtype_msg=_OPENCV),
    "RandomInvert": Contract("RandomInvert", ranks=(3,),
                             rank_msg="{op}: image shape is not <H,W,C>, got rank: {rank}",
                             channels=(3,), channel_msg="{op}: image shape is incorrect, "
                             "expected num of channels is 3, but got:{c}", decode_hint=False),
    "Pad": Contract("Pad", rank_msg=_DIM, channels=(1, 3)),
    "PadToSize": Contract("PadToSize", rank_msg=_DIM, channels=(1, 3)),
    "Solarize": Contract("Solarize", rank_msg=_DIM, channels=(1, 3), dtypes=_SOLARIZE_TYPES),
    "RandomSolarize": Contract("Solarize", rank_msg=_DIM, channels=(1, 3),
                               dtypes=_SOLARIZE_TYPES),
    "Posterize": Contract("Posterize", rank_msg="{op}: input image is not in shape of <H,W,C> "
                          "or <H,W>, but got rank: {rank}", dtypes=("int8", "uint8"),
                          dtype_msg="{op}: data type of input image should be int8 or uint8, "
                                    "but got {dtype}", decode_hint=False),
    "RandomPosterize": Contract("Posterize", rank_msg="{op}: input image is not in shape of "
                                "<H,W,C> or <H,W>, but got rank: {rank}",
                                dtypes=("int8", "uint8"), decode_hint=False,
                                dtype_msg="{op}: data type of input image should be int8 or "
                                          "uint8, but got {dtype}"),
    "AdjustSharpness": Contract("Sharpness", rank_msg="{op}: shape of input is not <H,W,C> or "
                                "<H,W>, but got rank: {rank}", decode_hint=False,
                                dtypes=CV_DEPTHS, dtype_msg=_OPENCV),
    "RandomSharpness": Contract("Sharpness", rank_msg="{op}: shape of input is not <H,W,C> or "
                                "<H,W>, but got rank: {rank}", decode_hint=False,
                                dtypes=CV_DEPTHS, dtype_msg=_OPENCV),
    "RandomAdjustSharpness": Contract(
        "RandomAdjustSharpness", rank_msg="{op}: image shape is not <H,W,C> or <H,W>, got "
        "rank: {rank}", decode_hint=False, dtypes=CV_DEPTHS, dtype_msg=_OPENCV),
    "RandomColor": Contract("RandomColor", ranks=(3,), channels=(3,),
                            rank_msg="{op}: image shape is not <H,W,C> or channel is not 3, "
                                     "got rank: {rank}, and shape: <{shape}>",
                            channel_msg="{op}: image shape is not <H,W,C> or channel is not "
                                        "3, got rank: {rank}, and shape: <{shape}>",
                            dtypes=("bool",) + CVT_COLOR_DEPTHS, dtype_msg=_OPENCV,
                            decode_hint=False),
    "Affine": Contract("Affine", rank_msg="{op}: input tensor is not in shape of <H,W,C> or "
                       "<H,W>, but got rank: {rank}", decode_hint=False),
    "RandomAffine": Contract("Affine"),
    "SlicePatches": Contract("Affine", decode_hint=False,
                             vector_msg="Rank of input data should be greater than 2, but "
                                        "got:{rank}"),
    "GaussianBlur": Contract("GaussianBlur", dtypes=CV_DEPTHS, dtype_msg=_OPENCV),
    "Crop": Contract("Crop"),
    "ConvertColor": Contract("ConvertColor", channels=(1, 3, 4),
                             channel_msg="{op}: number of channels of image should be 1, 3, "
                                         "4, but got:{c}", dtypes=CVT_COLOR_DEPTHS,
                             dtype_msg=_OPENCV),
    "NormalizePad": Contract("NormalizePad"),
    "RandomVerticalFlip": Contract("RandomVerticalFlip"),
    "RandomRotation": Contract("Rotate"),
    "ResizedCrop": Contract("ResizedCropOp"),
    "HWC2CHW": Contract("HWC2CHW", rank_msg="{op}: image shape should be <H,W> or <H,W,C>, "
                        "but got rank: {rank}", decode_hint=False, dtypes=_CV_COPY,
                        dtype_msg=_OPENCV),
    "ToTensor": Contract("ToTensor", rank_msg="{op}: image shape should be <H,W,C>, but got "
                         "rank: {rank}", decode_hint=False,
                         vector_msg="{op}: rank of input data should be greater than: 2, but "
                                    "got:{rank}"),
    # the transforms that take a batch <..., H, W, C>
    "Resize": Contract("Resize", ranks=None, rank_msg=_TWO_DIMS, batch=True),
    "Rotate": Contract("Rotate", ranks=None, rank_msg=_TWO_DIMS, batch=True),
    "HorizontalFlip": Contract("HorizontalFlip", ranks=None, rank_msg=_TWO_DIMS, batch=True),
    "VerticalFlip": Contract("VerticalFlip", ranks=None, rank_msg=_TWO_DIMS, batch=True),
    "RandomHorizontalFlip": Contract("RandomHorizontalFlip", ranks=None, rank_msg=_TWO_DIMS,
                                     batch=True),
    "CenterCrop": Contract("CenterCrop", ranks=None, decode_hint=False, batch=True,
                           rank_msg="{op}: Input tensor should have at least 2 dimensions, "
                                    "but got: {rank}"),
    "RandomCrop": Contract("RandomCropOp", ranks=None, rank_msg=_AT_LEAST_2, decode_hint=False,
                           batch=True),
    "RandomResizedCrop": Contract("RandomResizedCrop", ranks=None, rank_msg=_AT_LEAST_2,
                                  decode_hint=False, batch=True),
    "Normalize": Contract("Normalize", ranks=None, rank_msg=_AT_LEAST_2, decode_hint=False),
}


def checked(name: str, call):
    """``call`` (a transform's ``__call__``) checking its image against ``CONTRACTS[name]``
    first, and mapped over the images of a batch where the row says MindSpore does."""
    contract = CONTRACTS[name]

    @functools.wraps(call)
    def run(self, img, *rest):
        if type(img).__module__.startswith("PIL"):
            return call(self, img, *rest)
        img = np.asarray(img)
        contract.check(img)
        if contract.batch and img.ndim > 3 and not getattr(self, "_whole_batch", False):
            refusal = getattr(self, "_batch_error", lambda: None)()
            if refusal:
                raise pipeline_error(refusal)
            images = img.reshape((-1,) + img.shape[-3:])
            with op_random.one_call():  # the images draw one after another
                out = np.stack([call(self, one, *rest) for one in images])
            return out.reshape(img.shape[:-3] + out.shape[1:])
        return call(self, img, *rest)

    run.__wrapped__ = call
    return run
