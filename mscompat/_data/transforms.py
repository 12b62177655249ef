"""``mindspore.dataset.transforms``: TypeCast, OneHot, Compose, Duplicate, Unique, Fill,
PadEnd, Mask, Slice, Concatenate, RandomChoice, RandomApply, RandomOrder."""
from __future__ import annotations

import enum
import random

import numpy as np

from .._engine import dtypes
from . import arg_checks, op_random
from .pipeline_errors import pipeline_error
from .transform_base import PyTensorOperation as PyTensorOperation
from .transform_base import TensorOperation as TensorOperation


class TypeCast(TensorOperation):
    """``TypeCast(data_type)``: a MindSpore or NumPy dtype."""

    def __init__(self, data_type) -> None:
        arg_checks.data_type(data_type)
        self.data_type = data_type

    def __call__(self, x):
        dt = self.data_type
        return np.asarray(x).astype(dtypes.to_np(dt) if isinstance(dt, dtypes.Type) else dt)


class OneHot(TensorOperation):
    """``OneHot(num_classes, smoothing_rate=0.0)``."""

    def __init__(self, num_classes: int, smoothing_rate: float = 0.0) -> None:
        arg_checks.one_hot(num_classes, smoothing_rate)
        self.num_classes, self.smoothing_rate = num_classes, smoothing_rate

    def __call__(self, label):
        """One-hot rows (a single label in 1-D gives one row, unbatched, as MindSpore's);
        with ``smoothing_rate`` a scalar or 1-D label only, Float64 off/on values, and
        MindSpore's kernel sets the on value in the last row only (earlier rows hold the
        off value)."""
        label = np.asarray(label)
        if label.ndim > 1 and self.smoothing_rate:
            raise pipeline_error(f"OneHot: Only support scalar or 1D input, got rank: "
                                 f"{label.ndim}")
        label = np.squeeze(label)  # MindSpore drops the axes of size 1
        out = np.eye(self.num_classes, dtype=np.float64)[label.astype(np.int64)]
        if self.smoothing_rate:  # Float64, as MindSpore returns it
            if out.ndim == 2:
                out[:-1] = 0.0
            return out * (1 - self.smoothing_rate) + self.smoothing_rate / self.num_classes
        return out.astype(label.dtype)


class Compose(TensorOperation, PyTensorOperation):
    """``Compose(transforms)``: the transforms one after another."""

    def __init__(self, transforms) -> None:
        arg_checks.random_transforms(transforms)  # (MindSpore's Compose check)
        self.transforms = list(transforms)

    def __call__(self, *values):
        for t in self.transforms:
            out = t(*values)
            values = out if isinstance(out, tuple) else (out,)
        return values if len(values) > 1 else values[0]


class Duplicate(TensorOperation):
    """``Duplicate()``: one column -> two copies."""

    def __call__(self, x):
        x = np.asarray(x)
        return x, x.copy()


class Unique(TensorOperation):
    """``Unique()``: one column (of rank 2 or more, numeric) -> its distinct values in order
    of first occurrence, the index of each element among them (Int32) and their counts
    (Int32).

    Example:
        >>> import numpy as np
        >>> from mscompat.dataset import transforms
        >>> values, index, counts = transforms.Unique()(np.array([[0, 1, 2], [1, 2, 3]]))
        >>> print(values, index, counts)
        [0 1 2 3] [0 1 2 1 2 3] [1 2 2 1]
    """

    def __call__(self, x):
        x = np.asarray(x)
        if x.ndim < 2:
            raise pipeline_error(f"Unique: input must be at least 2-D in order to do unique op, "
                                 f"got rank:{x.ndim}")
        if x.dtype.kind in "USO":
            raise pipeline_error("Unique: only support numeric datatype of input, got string.")
        if x.dtype.kind == "b":
            raise pipeline_error("Unique: Unique op only supports numeric input.")
        flat = x.reshape(-1)
        _, first, inverse, counts = np.unique(flat, return_index=True, return_inverse=True,
                                              return_counts=True)
        order = np.argsort(first, kind="stable")  # np.unique sorts; MindSpore keeps order
        rank = np.empty_like(order)
        rank[order] = np.arange(order.size)
        return (flat[first[order]], rank[inverse.reshape(-1)].astype(np.int32),
                counts[order].astype(np.int32))


class Fill(TensorOperation):
    """``Fill(fill_value)``."""

    def __init__(self, fill_value) -> None:
        arg_checks.scalar(fill_value, "fill_value")
        self.fill_value = fill_value

    def __call__(self, x):
        x = np.asarray(x)
        if x.dtype == np.float16:  # MindSpore's kernel has no Float16 fill
            raise pipeline_error("Template type and Tensor type are not compatible")
        return np.full(x.shape, self.fill_value, x.dtype)


class PadEnd(TensorOperation):
    """``PadEnd(pad_shape, pad_value=None)``: pad (or cut) each dimension at its end to
    ``pad_shape`` with ``pad_value`` (0 by default)."""

    def __init__(self, pad_shape, pad_value=None) -> None:
        arg_checks.pad_end(pad_shape, pad_value)
        self.pad_shape, self.pad_value = list(pad_shape), pad_value

    def __call__(self, x):
        x = np.asarray(x)
        if len(self.pad_shape) != x.ndim:
            raise RuntimeError(f"PadEnd: invalid pad_shape, the rank of pad_shape should be "
                               f"{x.ndim}, but got {len(self.pad_shape)}.")
        x = x[tuple(slice(0, n) for n in self.pad_shape)]
        pads = [(0, n - s) for n, s in zip(self.pad_shape, x.shape)]
        value = 0 if self.pad_value is None else self.pad_value
        return np.pad(x, pads, constant_values=value)


class Relational(enum.Enum):
    """``transforms.Relational``: the comparison of ``Mask``."""

    EQ = "EQ"
    NE = "NE"
    GT = "GT"
    GE = "GE"
    LT = "LT"
    LE = "LE"


_COMPARE = {Relational.EQ: np.equal, Relational.NE: np.not_equal, Relational.GT: np.greater,
            Relational.GE: np.greater_equal, Relational.LT: np.less,
            Relational.LE: np.less_equal}


class Mask(TensorOperation):
    """``Mask(operator, constant, dtype=mstype.bool_)``: ``x <operator> constant``, cast to
    ``dtype``."""

    def __init__(self, operator, constant, dtype=dtypes.ALL["bool_"]) -> None:
        arg_checks.type_check(operator, (Relational,), "operator")
        arg_checks.scalar(constant, "constant")
        arg_checks.type_check(dtype, (dtypes.Type,), "dtype")
        self.operator, self.constant, self.dtype = Relational(operator), constant, dtype

    def __call__(self, x):
        out = _COMPARE[self.operator](np.asarray(x), self.constant)
        if self.dtype is None:
            return out
        from .._engine.dtypes import to_np
        return out.astype(to_np(self.dtype))


class Slice(TensorOperation):
    """``Slice(*slices)``: per leading dimension an int, a list of ints, a ``slice``,
    ``None`` (everything) or ``Ellipsis``; every dimension is kept."""

    def __init__(self, *slices) -> None:
        self.slices = slices

    def __call__(self, x):
        x = np.asarray(x)
        if len(self.slices) > x.ndim:  # (an Ellipsis counts as one, as MindSpore counts)
            raise pipeline_error("Invalid shape, should be greater than slices index.")
        axis = 0
        for i, s in enumerate(self.slices):
            if s is Ellipsis:
                axis = x.ndim - (len(self.slices) - i - 1)
                continue
            if s is None:
                s = slice(None)
            if isinstance(s, (int, np.integer)) and not isinstance(s, bool):
                s = [int(s)]
            index = [slice(None)] * x.ndim
            index[axis] = s if isinstance(s, slice) else np.asarray(s, np.int64)
            x = x[tuple(index)]
            axis += 1
        return x


class Concatenate(TensorOperation):
    """``Concatenate(axis=0, prepend=None, append=None)``: ``prepend``, the input and
    ``append`` joined (1-D only, as in MindSpore)."""

    def __init__(self, axis: int = 0, prepend=None, append=None) -> None:
        if axis is not None:  # (None: 0)
            arg_checks.type_check(axis, (int,), "axis")
            if axis not in (0, -1):
                raise ValueError("only 1D concatenation supported.")
        axis = 0 if axis is None else axis
        for name, part in (("prepend", prepend), ("append", append)):
            if part is None:
                continue
            arg_checks.type_check(part, (np.ndarray,), name)
            if part.ndim != 1:
                raise ValueError(f"can only {name} 1D arrays.")
        self.axis, self.prepend, self.append = axis, prepend, append

    def __call__(self, x):
        x = np.asarray(x)
        if x.ndim != 1:
            raise pipeline_error(f"Concatenate: only 1D input supported, got rank of input: "
                                 f"{x.ndim}")
        parts = [np.asarray(p) for p in (self.prepend, x, self.append) if p is not None]
        return np.concatenate(parts, axis=self.axis)


class RandomChoice(TensorOperation, PyTensorOperation):
    """``RandomChoice(transforms)``: one of the transforms, chosen at random per call."""

    def __init__(self, transforms) -> None:
        arg_checks.random_transforms(transforms)
        self.transforms = list(transforms)

    _ms_stream = True

    def __call__(self, *values):
        pick = op_random.uniform_int(op_random.generator(self), 0, len(self.transforms) - 1)
        return Compose([self.transforms[pick]])(*values)


class RandomApply(TensorOperation, PyTensorOperation):
    """``RandomApply(transforms, prob=0.5)``: the transforms in order, with probability
    ``prob``; otherwise the input unchanged."""

    def __init__(self, transforms, prob: float = 0.5) -> None:
        arg_checks.random_transforms(transforms, prob)
        self.transforms, self.prob = list(transforms), prob

    _ms_stream = True

    def __call__(self, *values):
        if op_random.canonical(op_random.generator(self)) <= self.prob:
            return Compose(self.transforms)(*values)
        return values if len(values) > 1 else values[0]


class RandomOrder(PyTensorOperation):
    """``RandomOrder(transforms)``: the transforms in an order shuffled per call by Python's
    ``random.shuffle`` (seeded by ``dataset.config.set_seed``), which, as MindSpore's, shuffles
    the list it was given in place.

    Example:
        >>> import numpy as np
        >>> from mscompat.dataset import transforms, vision
        >>> op = transforms.RandomOrder([vision.HorizontalFlip(), vision.VerticalFlip()])
        >>> op(np.arange(4, dtype=np.uint8).reshape(2, 2)).tolist()
        [[3, 2], [1, 0]]
    """

    def __init__(self, transforms) -> None:
        arg_checks.random_transforms(transforms)
        self.transforms = transforms

    def __call__(self, img):
        random.shuffle(self.transforms)
        for transform in self.transforms:
            img = transform(img)
        return img
