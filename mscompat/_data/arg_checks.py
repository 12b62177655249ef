"""The argument checks of ``mindspore.dataset``'s transforms, with MindSpore's exception
classes and words: the generic ones (``type_check``, ``check_value`` and the int32/float32
ranges built on them) and the composite checks several transforms share (crop and resize
sizes, paddings, fill values, ``prob``, normalisation, colour-jitter ranges, the
scale/ratio pair of random crops). Each transform calls the ones its MindSpore validator
calls, in the same order, so the first bad argument is the one reported.

Example:
    >>> from mscompat._data import arg_checks
    >>> try:
    ...     arg_checks.check_crop_size(0)
    ... except ValueError as e:
    ...     print(e)
    Input is not within the required interval of [1, 16777216].
"""
from __future__ import annotations

import numbers

import numpy as np

FLOAT_MAX_INTEGER = 16777216
INT32_MAX = 2147483647


def _name(arg_name: str) -> str:
    return arg_name + " " if arg_name else ""


def type_check(arg, types: tuple, arg_name: str) -> None:
    """``arg`` is one of ``types`` (a bool is not an int unless ``bool`` is listed)."""
    shown = '""' if repr(arg) == repr("") else arg
    if int in types and bool not in types and isinstance(arg, bool):
        raise TypeError(f"Argument {arg_name} with value {shown} is not of type {types}, but "
                        f"got {type(arg)}.")
    if not isinstance(arg, types):
        raise TypeError(f"Argument {arg_name} with value {shown} is not of type "
                        f"{list(types)}, but got {type(arg)}.")


def type_check_list(args, types: tuple, arg_name: str) -> None:
    type_check(args, (list, tuple), arg_name)
    for i, value in enumerate(args):
        type_check(value, types, f"{arg_name}[{i}]")


def check_value(value, valid_range, arg_name: str = "", left_open: bool = False,
                right_open: bool = False) -> None:
    """``value`` inside ``valid_range``, each end closed unless said open."""
    lo, hi = valid_range
    below = value <= lo if left_open else value < lo
    above = value >= hi if right_open else value > hi
    if below or above:
        raise ValueError(f"Input {_name(arg_name)}is not within the required interval of "
                         f"{'(' if left_open else '['}{lo}, {hi}{')' if right_open else ']'}.")


def check_range(values, valid_range, arg_name: str = "") -> None:
    if not valid_range[0] <= values[0] <= values[1] <= valid_range[1]:
        raise ValueError(f"Input {_name(arg_name)}is not within the required interval of "
                         f"[{valid_range[0]}, {valid_range[1]}].")


def check_positive(value, arg_name: str = "") -> None:
    if value <= 0:
        raise ValueError(f"Input {_name(arg_name)}must be greater than 0.")


def check_uint8(value, arg_name: str = "") -> None:
    type_check(value, (int,), arg_name)
    check_value(value, (0, 255), arg_name)


def check_pos_int32(value, arg_name: str = "") -> None:
    type_check(value, (int,), arg_name)
    check_value(value, (1, INT32_MAX), arg_name)


def check_non_negative_int32(value, arg_name: str = "") -> None:
    type_check(value, (int,), arg_name)
    check_value(value, (0, INT32_MAX), arg_name)


def check_float32(value, arg_name: str = "") -> None:
    type_check(value, (float, int), arg_name)
    check_value(value, (-FLOAT_MAX_INTEGER, FLOAT_MAX_INTEGER), arg_name)


def check_pos_float32(value, arg_name: str = "") -> None:
    type_check(value, (float, int), arg_name)
    check_value(value, (0, FLOAT_MAX_INTEGER), arg_name, left_open=True)


def check_non_negative_float32(value, arg_name: str = "") -> None:
    type_check(value, (float, int), arg_name)
    check_value(value, (0, FLOAT_MAX_INTEGER), arg_name)


def check_prob(prob) -> None:
    type_check(prob, (float, int), "prob")
    check_value(prob, (0.0, 1.0), "prob")


def check_crop_size(size) -> None:
    """A crop's ``size``: an int or an (h, w) pair of ints in [1, 16777216]."""
    type_check(size, (int, list, tuple), "size")
    if isinstance(size, int):
        check_value(size, (1, FLOAT_MAX_INTEGER))
    elif len(size) == 2:
        for i, value in enumerate(size):
            type_check(value, (int,), f"size[{i}]")
            check_value(value, (1, FLOAT_MAX_INTEGER))
    else:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def check_resize_size(size) -> None:
    """A resize's ``size`` (no type check of a bare value: a bool passes as an int)."""
    if isinstance(size, int):
        check_value(size, (1, FLOAT_MAX_INTEGER))
    elif isinstance(size, (tuple, list)) and len(size) == 2:
        for i, value in enumerate(size):
            type_check(value, (int,), f"size at dim {i}")
            check_value(value, (1, INT32_MAX), f"size at dim {i}")
    else:
        raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def check_crop_coordinates(coordinates) -> None:
    type_check(coordinates, (list, tuple), "coordinates")
    if len(coordinates) != 2:
        raise TypeError("Coordinates should be a list/tuple (y, x) of length 2.")
    for i, value in enumerate(coordinates):
        type_check(value, (int,), f"coordinates[{i}]")
        check_value(value, (0, INT32_MAX), f"coordinates[{i}]")


def check_padding(padding) -> None:
    """One non-negative int, or 2 or 4 of them."""
    type_check(padding, (tuple, list, numbers.Number), "padding")
    if isinstance(padding, numbers.Number):
        type_check(padding, (int,), "padding")
        check_value(padding, (0, INT32_MAX), "padding")
        return
    if len(padding) not in (2, 4):
        raise ValueError("The size of the padding list or tuple should be 2 or 4.")
    for i, value in enumerate(padding):
        type_check(value, (int,), f"padding[{i}]")
        check_value(value, (0, INT32_MAX), "pad_value")


def check_fill_value(fill_value) -> None:
    """One int in [0, 255], or a 3-tuple of them."""
    if isinstance(fill_value, int):
        check_uint8(fill_value, "fill_value")
    elif isinstance(fill_value, tuple) and len(fill_value) == 3:
        for i, value in enumerate(fill_value):
            check_uint8(value, f"fill_value[{i}]")
    else:
        raise TypeError("fill_value should be a single integer or a 3-tuple.")


def check_normalize(mean, std) -> None:
    """Equal-length ``mean`` in [0, 255] and ``std`` in (0, 255]."""
    type_check(mean, (list, tuple), "mean")
    type_check(std, (list, tuple), "std")
    if len(mean) != len(std):
        raise ValueError("Length of mean and std must be equal.")
    for i, value in enumerate(mean):
        type_check(value, (int, float), f"mean[{i}]")
        check_value(value, (0, 255), f"mean[{i}]")
    for i, value in enumerate(std):
        type_check(value, (int, float), f"std[{i}]")
        check_value(value, (0, 255), f"std[{i}]", left_open=True)


def check_color_adjust(value, name: str, bound=(0, FLOAT_MAX_INTEGER)) -> None:
    """A jitter amount: a non-negative number, or an ordered pair inside ``bound``."""
    type_check(value, (numbers.Number, list, tuple), name)
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"The input value of {name} cannot be negative.")
        return
    if len(value) != 2:
        raise TypeError(f"If {name} is a sequence, the length must be 2.")
    if value[0] > value[1]:
        raise ValueError(f"{name} value should be in (min,max) format. Got ({value[0]}, "
                         f"{value[1]}).")
    check_range(value, bound)


def check_size_scale_ratio(size, scale, ratio, max_attempts) -> None:
    """RandomResizedCrop's and RandomCropDecodeResize's arguments."""
    check_crop_size(size)
    if scale is not None:
        type_check(scale, (tuple, list), "scale")
        if len(scale) != 2:
            raise TypeError("scale should be a list/tuple of length 2.")
        type_check_list(scale, (float, int), "scale")
        if scale[0] > scale[1]:
            raise ValueError("scale should be in (min,max) format. Got (max,min).")
        check_range(scale, (0, FLOAT_MAX_INTEGER))
        check_positive(scale[1], "scale[1]")
    if ratio is not None:
        type_check(ratio, (tuple, list), "ratio")
        if len(ratio) != 2:
            raise TypeError("ratio should be a list/tuple of length 2.")
        check_pos_float32(ratio[0], "ratio[0]")
        check_pos_float32(ratio[1], "ratio[1]")
        if ratio[0] > ratio[1]:
            raise ValueError("ratio should be in (min,max) format. Got (max,min).")
    if max_attempts is not None:
        check_pos_int32(max_attempts, "max_attempts")


# one function per transform whose MindSpore validator is its own


def factor(value, name: str) -> None:
    """AdjustBrightness/Contrast/Saturation's factor: a number in [0, 16777216] (the range
    message names only the first two, as MindSpore's do)."""
    type_check(value, (float, int), name)
    check_value(value, (0, FLOAT_MAX_INTEGER), "" if name == "saturation_factor" else name)


def adjust_gamma(gamma, gain) -> None:
    type_check(gamma, (float, int), "gamma")
    check_value(gamma, (0, FLOAT_MAX_INTEGER))
    if gain is not None:
        type_check(gain, (float, int), "gain")
        check_value(gain, (-FLOAT_MAX_INTEGER, FLOAT_MAX_INTEGER))


def adjust_sharpness(sharpness_factor) -> None:
    type_check(sharpness_factor, (float, int), "sharpness_factor")
    check_value(sharpness_factor, (0, FLOAT_MAX_INTEGER))


def auto_contrast(cutoff, ignore) -> None:
    type_check(cutoff, (int, float), "cutoff")
    check_value(cutoff, (0, 50), "cutoff", right_open=True)
    if ignore is not None:
        type_check(ignore, (list, tuple, int), "ignore")
    if isinstance(ignore, int):
        check_value(ignore, (0, 255), "ignore")
    if isinstance(ignore, (list, tuple)):
        for item in ignore:
            type_check(item, (int,), "item")
            check_value(item, (0, 255), "ignore")


def posterize(bits) -> None:
    type_check(bits, (int,), "bits")
    check_value(bits, (0, 8), "bits")


def random_posterize(bits) -> None:
    if bits is not None:
        type_check(bits, (list, tuple, int), "bits")
    if isinstance(bits, int):
        check_value(bits, (1, 8))
    if isinstance(bits, (list, tuple)):
        if len(bits) != 2:
            raise TypeError("Size of bits should be a single integer or a list/tuple (min, "
                            "max) of length 2.")
        for item in bits:
            check_uint8(item, "bits")
        check_range(bits, (1, 8))


def solarize(threshold) -> None:
    type_check(threshold, (float, int, list, tuple), "threshold")
    if isinstance(threshold, (float, int)):
        threshold = (threshold, threshold)
    type_check_list(threshold, (float, int), "threshold")
    if len(threshold) != 2:
        raise TypeError("threshold must be a single number or sequence of two numbers.")
    for i, value in enumerate(threshold):
        check_value(value, (0, 255), f"threshold[{i}]")
    if threshold[1] < threshold[0]:
        raise ValueError("threshold must be in order of (min, max).")


def random_solarize(threshold) -> None:
    type_check(threshold, (tuple,), "threshold")
    type_check_list(threshold, (int,), "threshold")
    if len(threshold) != 2:
        raise ValueError("threshold must be a sequence of two numbers.")
    for value in threshold:
        check_value(value, (0, 255))
    if threshold[1] < threshold[0]:
        raise ValueError("threshold must be in min max format numbers.")


def rotate_degrees(degrees) -> None:
    type_check(degrees, (float, int), "degrees")
    check_float32(degrees, "degrees")


def affine(degrees, translate, scale, shear, resample, fill_value, inter) -> None:
    type_check(degrees, (int, float), "degrees")
    check_value(degrees, (-180, 180), "degrees")
    type_check(translate, (list, tuple), "translate")
    if len(translate) != 2:
        raise TypeError("The length of translate should be 2.")
    for i, t in enumerate(translate):
        type_check(t, (int, float), f"translate[{i}]")
        check_value(t, (-1.0, 1.0), f"translate[{i}]")
    type_check(scale, (int, float), "scale")
    check_positive(scale, "scale")
    type_check(shear, (numbers.Number, tuple, list), "shear")
    if isinstance(shear, (list, tuple)):
        if len(shear) != 2:
            raise TypeError("The length of shear should be 2.")
        for i, value in enumerate(shear):
            type_check(value, (int, float), f"shear[{i}]")
            check_value(value, (-180, 180), f"shear[{i}]")
    else:
        check_value(shear, (-180, 180), "shear")
    type_check(resample, (inter,), "resample")
    check_fill_value(fill_value)


def degrees(value) -> None:
    """RandomRotation's and RandomAffine's ``degrees``: a non-negative number or an ordered
    pair."""
    type_check(value, (int, float, list, tuple), "degrees")
    if isinstance(value, (int, float)):
        check_non_negative_float32(value, "degrees")
        return
    if len(value) != 2:
        raise TypeError("If degrees is a sequence, the length must be 2.")
    type_check_list(value, (int, float), "degrees")
    for v in value:
        check_float32(v, "degrees")
    if value[0] > value[1]:
        raise ValueError("degrees should be in (min,max) format. Got (max,min).")


def random_affine(degrees_, translate, scale, shear) -> None:
    degrees(degrees_)
    if translate is not None:
        type_check(translate, (list, tuple), "translate")
        type_check_list(translate, (int, float), "translate")
        if len(translate) not in (2, 4):
            raise TypeError("translate should be a list or tuple of length 2 or 4.")
        for i, t in enumerate(translate):
            check_value(t, (-1.0, 1.0), f"translate at {i}")
    if scale is not None:
        type_check(scale, (tuple, list), "scale")
        type_check_list(scale, (int, float), "scale")
        if len(scale) != 2:
            raise TypeError("scale should be a list or tuple of length 2.")
        if scale[0] > scale[1]:
            raise ValueError("Input scale[1] must be equal to or greater than scale[0].")
        check_range(scale, (0, FLOAT_MAX_INTEGER))
        check_positive(scale[1], "scale[1]")
    if shear is not None:
        type_check(shear, (numbers.Number, tuple, list), "shear")
        if isinstance(shear, numbers.Number):
            check_positive(shear, "shear")
            return
        type_check_list(shear, (int, float), "shear")
        if len(shear) not in (2, 4):
            raise TypeError("shear must be of length 2 or 4.")
        if len(shear) == 2 and shear[0] > shear[1]:
            raise ValueError("Input shear[1] must be equal to or greater than shear[0]")
        if len(shear) == 4 and (shear[0] > shear[1] or shear[2] > shear[3]):
            raise ValueError("Input shear[1] must be equal to or greater than shear[0] and "
                             "shear[3] must be equal to or greater than shear[2].")


def positive_degrees(value) -> None:
    """RandomColor's and RandomSharpness's ``degrees`` (None: the default)."""
    if value is None:
        return
    if not isinstance(value, (list, tuple)):
        raise TypeError("degrees must be either a tuple or a list.")
    type_check_list(value, (int, float), "degrees")
    if len(value) != 2:
        raise ValueError("degrees must be a sequence with length 2.")
    for v in value:
        check_value(v, (0, FLOAT_MAX_INTEGER))
    if value[0] > value[1]:
        raise ValueError("degrees should be in (min,max) format. Got (max,min).")


def random_adjust_sharpness(degree, prob) -> None:
    type_check(degree, (float, int), "degree")
    check_non_negative_float32(degree, "degree")
    check_prob(prob)


def slice_patches(num_height, num_width, slice_mode, fill_value, mode_type) -> None:
    for name, value in (("num_height", num_height), ("num_width", num_width)):
        if value is not None:
            type_check(value, (int,), name)
            check_value(value, (1, INT32_MAX), name)
    if slice_mode is not None:
        type_check(slice_mode, (mode_type,), "slice_mode")
    if fill_value is not None:
        type_check(fill_value, (int,), "fill_value")
        check_value(fill_value, (0, 255), "fill_value")


def magnitude_bins(num_magnitude_bins) -> None:
    type_check(num_magnitude_bins, (int,), "num_magnitude_bins")
    check_value(num_magnitude_bins, (2, FLOAT_MAX_INTEGER), "num_magnitude_bins")


def rand_augment(num_ops, magnitude, num_magnitude_bins) -> None:
    type_check(num_ops, (int,), "num_ops")
    check_value(num_ops, (0, FLOAT_MAX_INTEGER), "num_ops")
    magnitude_bins(num_magnitude_bins)
    type_check(magnitude, (int,), "magnitude")
    check_value(magnitude, (0, num_magnitude_bins), "magnitude", right_open=True)


def random_erasing(prob, scale, ratio, value, inplace, max_attempts) -> None:
    type_check(prob, (float, int), "prob")
    type_check_list(scale, (float, int), "scale")
    if len(scale) != 2:
        raise TypeError("scale should be a list or tuple of length 2.")
    type_check_list(ratio, (float, int), "ratio")
    if len(ratio) != 2:
        raise TypeError("ratio should be a list or tuple of length 2.")
    type_check(value, (int, list, tuple, str), "value")
    type_check(inplace, (bool,), "inplace")
    type_check(max_attempts, (int,), "max_attempts")
    if not (isinstance(value, numbers.Number) or value == "random"
            or (isinstance(value, (tuple, list)) and len(value) == 3)):
        raise ValueError("The value for erasing should be either a single value, or a string "
                         "'random', or a sequence of 3 elements for RGB respectively.")
    check_value(prob, (0.0, 1.0), "prob")
    if scale[0] > scale[1]:
        raise ValueError("scale should be in (min,max) format. Got (max,min).")
    check_range(scale, (0, FLOAT_MAX_INTEGER))
    check_positive(scale[1], "scale[1]")
    if ratio[0] > ratio[1]:
        raise ValueError("ratio should be in (min,max) format. Got (max,min).")
    for r in ratio:
        check_value(r, (0, FLOAT_MAX_INTEGER), left_open=True)
    if isinstance(value, int):
        check_value(value, (0, 255))
    if isinstance(value, (list, tuple)):
        for item in value:
            type_check(item, (int,), "value")
            check_value(item, (0, 255), "value")
    check_value(max_attempts, (1, FLOAT_MAX_INTEGER))


def mix_alpha(alpha) -> None:
    type_check(alpha, (int, float), "alpha")
    check_positive(alpha, "alpha")
    check_pos_float32(alpha)


def cut_mix_batch(image_batch_format, alpha, prob, format_type) -> None:
    type_check(image_batch_format, (format_type,), "image_batch_format")
    type_check(alpha, (int, float), "alpha")
    type_check(prob, (int, float), "prob")
    check_pos_float32(alpha)
    check_positive(alpha, "alpha")
    check_value(prob, (0, 1), "prob")


def pad_to_size(size, offset, fill_value, padding_mode, border) -> None:
    type_check(size, (int, list, tuple), "size")
    if isinstance(size, int):
        check_pos_int32(size, "size")
    else:
        if len(size) != 2:
            raise ValueError("The size must be a sequence of length 2.")
        for i, value in enumerate(size):
            check_pos_int32(value, f"size{i}")
    if offset is not None:
        type_check(offset, (int, list, tuple), "offset")
        if isinstance(offset, int):
            check_non_negative_int32(offset, "offset")
        else:
            if len(offset) not in (0, 2):
                raise ValueError("The offset must be empty or a sequence of length 2.")
            for i, value in enumerate(offset):
                check_non_negative_int32(value, f"offset{i}")
    check_fill_value(fill_value)
    type_check(padding_mode, (border,), "padding_mode")


def data_type(value) -> None:
    """TypeCast's and ToType's ``data_type``: a MindSpore dtype or what ``np.dtype`` takes."""
    from .._engine import dtypes
    if isinstance(value, dtypes.Type):
        return
    try:
        if value is None:
            raise TypeError
        np.dtype(value)
    except (TypeError, ValueError):
        type_check(value, (dtypes.Type, np.dtype), "data_type")


_SCALAR = (str, float, bool, int, bytes)


def one_hot(num_classes, smoothing_rate) -> None:
    type_check(smoothing_rate, (int, float), "smoothing_rate")
    type_check(num_classes, (int,), "num_classes")
    check_positive(num_classes)
    if smoothing_rate is not None:
        check_value(smoothing_rate, (0.0, 1.0), "smoothing_rate")


def scalar(value, name: str) -> None:
    """Fill's ``fill_value``, Mask's ``constant``, PadEnd's ``pad_value``."""
    type_check(value, _SCALAR, name)


def pad_end(pad_shape, pad_value) -> None:
    if pad_value is not None:
        scalar(pad_value, "pad_value")
    type_check(pad_shape, (list,), "pad_shape")
    for dim in pad_shape:
        if dim is None:
            continue
        if not isinstance(dim, int):
            raise TypeError("a value in the list is not an integer.")
        type_check(dim, (int,), "")
        check_value(dim, (1, 9223372036854775807))


def _operation(op, index: int, name: str) -> None:
    if not callable(op) and not getattr(op, "parse", None):
        raise TypeError(f"{name} is neither a transforms op (TensorOperation) nor a callable "
                        f"pyfunc.")
    if isinstance(op, type):
        raise ValueError(f"op_list[{index}] should be a dataset processing operation "
                         f"instance, but got: {op}. It may be missing parentheses for "
                         f"instantiation.")


def random_transforms(transforms, *prob) -> None:
    """RandomApply's, RandomChoice's and RandomOrder's ``transforms`` (and ``prob``)."""
    type_check(transforms, (list,), "transforms list")
    if not transforms:
        raise ValueError("transforms list can not be empty.")
    for i, op in enumerate(transforms):
        _operation(op, i, f"transforms[{i}]")
    if prob:
        type_check(prob[0], (float, int), "prob")
        check_value(prob[0], (0, 1), "prob")
