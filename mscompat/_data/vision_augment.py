"""Batch mixing and policy augmentations of ``mindspore.dataset.vision``: ``SlicePatches``
(recorded from MindSpore), ``MixUpBatch``, ``CutMixBatch``, ``UniformAugment``,
``RandAugment`` and ``TrivialAugmentWide``. The random ones draw from NumPy's generator
(seeded by ``dataset.config.set_seed``), so their numbers differ from MindSpore's; what they
compute follows its documentation: one Beta(alpha, alpha) weight per MixUp batch mixing
each image with a random other one of the batch, labels mixed by the same weights;
CutMix boxes of area ``1 - lambda`` pasted from another image, labels weighted by the pasted
area; RandAugment/TrivialAugmentWide choosing among MindSpore's 14 operations with
torchvision's magnitude ranges, which MindSpore's follow.

Example:
    >>> import numpy as np
    >>> from mscompat.dataset import vision
    >>> patches = vision.SlicePatches(2, 2)(np.zeros((5, 4, 3), np.uint8))
    >>> [p.shape for p in patches]
    [(3, 2, 3), (3, 2, 3), (3, 2, 3), (3, 2, 3)]
"""
from __future__ import annotations

import enum
import math

import numpy as np

from . import arg_checks
from .transform_base import PyTensorOperation
from .vision import AutoContrast, Equalize, Inter, _Op
from .vision_adjust import (
    AdjustBrightness,
    AdjustContrast,
    AdjustSaturation,
    Posterize,
    Solarize,
)
from .vision_color import AdjustSharpness
from .vision_geometry import Affine


class SliceMode(enum.Enum):
    PAD = "pad"
    DROP = "drop"


class ImageBatchFormat(enum.Enum):
    NHWC = 0
    NCHW = 1


class SlicePatches(_Op):
    """``vision.SlicePatches(num_height=1, num_width=1, slice_mode=SliceMode.PAD,
    fill_value=0)``: the image cut into ``num_height x num_width`` patches, row by row; with
    ``PAD`` a patch is ``ceil(H / num_height) x ceil(W / num_width)`` and the image is padded
    at the bottom and right with ``fill_value``, with ``DROP`` the remainder is dropped."""

    def __init__(self, num_height=1, num_width=1, slice_mode=SliceMode.PAD, fill_value=0):
        arg_checks.slice_patches(num_height, num_width, slice_mode, fill_value, SliceMode)
        num_height = 1 if num_height is None else num_height
        num_width = 1 if num_width is None else num_width
        slice_mode = SliceMode.PAD if slice_mode is None else slice_mode
        fill_value = 0 if fill_value is None else fill_value
        self.num_height, self.num_width = num_height, num_width
        self.slice_mode, self.fill_value = slice_mode, fill_value

    def __call__(self, img):
        img = np.asarray(img)
        h, w = img.shape[:2]
        if self.slice_mode == SliceMode.DROP:
            ph, pw = h // self.num_height, w // self.num_width
        else:
            ph, pw = -(-h // self.num_height), -(-w // self.num_width)
            pad = [(0, ph * self.num_height - h), (0, pw * self.num_width - w)]
            img = np.pad(img, pad + [(0, 0)] * (img.ndim - 2),
                         constant_values=np.asarray(self.fill_value).astype(img.dtype))
        patches = tuple(img[i * ph:(i + 1) * ph, j * pw:(j + 1) * pw].copy()
                        for i in range(self.num_height) for j in range(self.num_width))
        return patches[0] if len(patches) == 1 else patches  # one patch: the array itself


def _check_batch(images, labels, name):
    images, labels = np.asarray(images), np.asarray(labels)
    if images.ndim != 4:
        raise RuntimeError(f"{name}: image shape is not <N,H,W,C> or <N,C,H,W>, got rank: "
                           f"{images.ndim}")
    if labels.ndim not in (2, 3):
        raise RuntimeError(f"{name}: wrong labels shape. The second column (labels) must "
                           f"have a shape of NC or NLC where N is the batch size.")
    return images, labels


class MixUpBatch(_Op):
    """``vision.MixUpBatch(alpha=1.0)`` on (images, one-hot labels) of a batch:
    ``lam * x + (1 - lam) * x[perm]`` for one ``lam ~ Beta(alpha, alpha)`` and a random
    permutation ``perm``; images keep their dtype, labels become Float32."""

    def __init__(self, alpha=1.0) -> None:
        arg_checks.mix_alpha(alpha)
        self.alpha = float(alpha)

    def __call__(self, images, labels):
        images, labels = _check_batch(images, labels, "MixUpBatch")
        lam = np.random.beta(self.alpha, self.alpha)
        perm = np.random.permutation(images.shape[0])
        mixed = lam * images.astype(np.float32) + (1 - lam) * images[perm].astype(np.float32)
        out_labels = lam * labels.astype(np.float32) + (1 - lam) * labels[perm].astype(
            np.float32)
        return mixed.astype(images.dtype), out_labels.astype(np.float32)


class CutMixBatch(_Op):
    """``vision.CutMixBatch(image_batch_format, alpha=1.0, prob=1.0)``: with probability
    ``prob`` an image gets a box of area ``(1 - lam) * H * W`` (``lam ~ Beta(alpha,
    alpha)``, random centre, clipped) from another random image of the batch; its label
    becomes ``(1 - a) * label + a * other`` with ``a`` the pasted fraction."""

    def __init__(self, image_batch_format, alpha=1.0, prob=1.0) -> None:
        arg_checks.cut_mix_batch(image_batch_format, alpha, prob, ImageBatchFormat)
        self.format, self.alpha, self.prob = image_batch_format, float(alpha), float(prob)

    def __call__(self, images, labels):
        images, labels = _check_batch(images, labels, "CutMixBatch")
        nchw = self.format == ImageBatchFormat.NCHW
        h, w = images.shape[2:4] if nchw else images.shape[1:3]
        out_images = images.copy()
        out_labels = labels.astype(np.float32).copy()
        perm = np.random.permutation(images.shape[0])
        for i, j in enumerate(perm):
            if np.random.rand() >= self.prob:
                continue
            lam = np.random.beta(self.alpha, self.alpha)
            ratio = math.sqrt(1 - lam)
            cut_h, cut_w = int(h * ratio), int(w * ratio)
            cy, cx = np.random.randint(h), np.random.randint(w)
            y0, y1 = np.clip([cy - cut_h // 2, cy + cut_h // 2], 0, h)
            x0, x1 = np.clip([cx - cut_w // 2, cx + cut_w // 2], 0, w)
            if nchw:
                out_images[i, :, y0:y1, x0:x1] = images[j, :, y0:y1, x0:x1]
            else:
                out_images[i, y0:y1, x0:x1] = images[j, y0:y1, x0:x1]
            area = (y1 - y0) * (x1 - x0) / (h * w)
            out_labels[i] = (1 - area) * labels[i] + area * labels[j]
        return out_images, out_labels


class UniformAugment(_Op, PyTensorOperation):
    """``vision.UniformAugment(transforms, num_ops=2)``: ``num_ops`` of ``transforms``
    chosen at random (without repetition), each applied with probability 1/2."""

    def __init__(self, transforms, num_ops=2) -> None:
        if not 1 <= num_ops <= len(transforms):
            raise ValueError(f"num_ops is greater than transforms list size, got {num_ops}.")
        self.transforms, self.num_ops = list(transforms), int(num_ops)

    def __call__(self, img):
        for k in np.random.choice(len(self.transforms), self.num_ops, replace=False):
            if np.random.rand() < 0.5:
                img = self.transforms[k](img)
        return np.asarray(img)


def _ops(bins: int, height: int, width: int, wide: bool):
    """(name, magnitudes, signed) of the augmentation space (torchvision's, as MindSpore's)."""
    lin = np.linspace
    if wide:
        return [("Identity", np.zeros(bins), False),
                ("ShearX", lin(0.0, 0.99, bins), True), ("ShearY", lin(0.0, 0.99, bins), True),
                ("TranslateX", lin(0.0, 32.0, bins), True),
                ("TranslateY", lin(0.0, 32.0, bins), True),
                ("Rotate", lin(0.0, 135.0, bins), True),
                ("Brightness", lin(0.0, 0.99, bins), True),
                ("Color", lin(0.0, 0.99, bins), True), ("Contrast", lin(0.0, 0.99, bins), True),
                ("Sharpness", lin(0.0, 0.99, bins), True),
                ("Posterize", 8 - (np.arange(bins) / ((bins - 1) / 6)).round(), False),
                ("Solarize", lin(255.0, 0.0, bins), False),
                ("AutoContrast", np.zeros(bins), False), ("Equalize", np.zeros(bins), False)]
    return [("Identity", np.zeros(bins), False),
            ("ShearX", lin(0.0, 0.3, bins), True), ("ShearY", lin(0.0, 0.3, bins), True),
            ("TranslateX", lin(0.0, 150.0 / 331.0 * width, bins), True),
            ("TranslateY", lin(0.0, 150.0 / 331.0 * height, bins), True),
            ("Rotate", lin(0.0, 30.0, bins), True), ("Brightness", lin(0.0, 0.9, bins), True),
            ("Color", lin(0.0, 0.9, bins), True), ("Contrast", lin(0.0, 0.9, bins), True),
            ("Sharpness", lin(0.0, 0.9, bins), True),
            ("Posterize", 8 - (np.arange(bins) / ((bins - 1) / 4)).round(), False),
            ("Solarize", lin(255.0, 0.0, bins), False),
            ("AutoContrast", np.zeros(bins), False), ("Equalize", np.zeros(bins), False)]


def _apply(img, name, magnitude, interpolation, fill_value):
    h, w = img.shape[:2]
    if name == "Identity":
        return img
    if name in ("ShearX", "ShearY"):
        shear = math.degrees(math.atan(magnitude))
        return Affine(0.0, (0.0, 0.0), 1.0, (shear, 0.0) if name == "ShearX" else (0.0, shear),
                      interpolation, fill_value)(img)
    if name in ("TranslateX", "TranslateY"):
        t = (magnitude / w, 0.0) if name == "TranslateX" else (0.0, magnitude / h)
        return Affine(0.0, t, 1.0, 0.0, interpolation, fill_value)(img)
    if name == "Rotate":
        return Affine(magnitude, (0.0, 0.0), 1.0, 0.0, interpolation, fill_value)(img)
    factor = 1.0 + magnitude
    if name == "Brightness":
        return AdjustBrightness(factor)(img)
    if name == "Color":
        return AdjustSaturation(factor)(img)
    if name == "Contrast":
        return AdjustContrast(factor)(img)
    if name == "Sharpness":
        return AdjustSharpness(factor)(img)
    if name == "Posterize":
        return Posterize(int(magnitude))(img)
    if name == "Solarize":
        return Solarize(float(magnitude))(img)
    if name == "AutoContrast":
        return AutoContrast()(img)
    return Equalize()(img)


class RandAugment(_Op):
    """``vision.RandAugment(num_ops=2, magnitude=9, num_magnitude_bins=31,
    interpolation=Inter.NEAREST, fill_value=0)``: ``num_ops`` operations drawn uniformly,
    each at bin ``magnitude`` (the sign of signed operations drawn at random)."""

    def __init__(self, num_ops=2, magnitude=9, num_magnitude_bins=31,
                 interpolation=Inter.NEAREST, fill_value=0) -> None:
        arg_checks.rand_augment(num_ops, magnitude, num_magnitude_bins)
        self.num_ops, self.magnitude, self.bins = int(num_ops), int(magnitude), \
            int(num_magnitude_bins)
        self.interpolation, self.fill_value = interpolation, fill_value

    def __call__(self, img):
        img = np.asarray(img)
        space = _ops(self.bins, img.shape[0], img.shape[1], wide=False)
        for _ in range(self.num_ops):
            name, mags, signed = space[np.random.randint(len(space))]
            mag = float(mags[self.magnitude])
            if signed and np.random.rand() < 0.5:
                mag = -mag
            img = np.asarray(_apply(img, name, mag, self.interpolation, self.fill_value))
        return img


class TrivialAugmentWide(_Op):
    """``vision.TrivialAugmentWide(num_magnitude_bins=31, interpolation=Inter.NEAREST,
    fill_value=0)``: one operation and one magnitude bin, both drawn uniformly."""

    def __init__(self, num_magnitude_bins=31, interpolation=Inter.NEAREST,
                 fill_value=0) -> None:
        arg_checks.magnitude_bins(num_magnitude_bins)
        self.bins, self.interpolation, self.fill_value = int(num_magnitude_bins), \
            interpolation, fill_value

    def __call__(self, img):
        img = np.asarray(img)
        space = _ops(self.bins, img.shape[0], img.shape[1], wide=True)
        name, mags, signed = space[np.random.randint(len(space))]
        mag = float(mags[np.random.randint(self.bins)])
        if signed and np.random.rand() < 0.5:
            mag = -mag
        return np.asarray(_apply(img, name, mag, self.interpolation, self.fill_value))
