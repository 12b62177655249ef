"""Segmentation surface metrics of ``mindspore.train``: ``HausdorffDistance``,
``MeanSurfaceDistance`` and ``RootMeanSquareDistance``, from the edges (a mask minus its
binary erosion) of the prediction and the label, with SciPy's distance transforms, following
MindSpore 2.10 (``RootMeanSquareDistance(symmetric=False)`` returns the mean *square*, as
MindSpore does).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> pred = np.zeros((6, 6)); pred[1:4, 1:4] = 1
    >>> label = np.zeros((6, 6)); label[2:5, 2:5] = 1
    >>> hd = ms.train.HausdorffDistance()
    >>> hd.update(ms.Tensor(pred), ms.Tensor(label), 1)
    >>> print(hd.eval())
    1.4142135623730951
"""
from __future__ import annotations

import numpy as np

from .. import _checkparam as check
from .metrics import Metric, rearrange_inputs

_DISTANCES = ["euclidean", "chessboard", "taxicab"]


def _edges(mask: np.ndarray) -> np.ndarray:
    from scipy import ndimage  # imported when used: it costs a third of a second
    return ndimage.binary_erosion(mask) ^ mask


def _surface_distance(from_edges: np.ndarray, to_edges: np.ndarray, metric: str) -> np.ndarray:
    """Distances from each ``from_edges`` point to the nearest ``to_edges`` point (all inf
    when ``to_edges`` is empty; an empty array when ``from_edges`` is)."""
    if not np.any(from_edges):
        return np.array([])
    if not np.any(to_edges):
        return np.full(to_edges.shape, np.inf)[from_edges]
    from scipy import ndimage
    if metric == "euclidean":
        dist = ndimage.distance_transform_edt(~to_edges)
    else:
        dist = ndimage.distance_transform_cdt(~to_edges, metric=metric)
    return dist[from_edges]


class _Surface(Metric):
    """``update(y_pred, y, label_idx)``: the masks ``== label_idx`` and their edges."""

    _name = ""

    def clear(self) -> None:
        self._y_pred_edges = self._y_edges = 0
        self._is_update = False

    def _masks(self, inputs: tuple) -> tuple[np.ndarray, np.ndarray]:
        if len(inputs) != 3:
            raise ValueError(f"For '{self._name}.update', it needs 3 inputs (predicted value, true "
                             f"value, label index), but got {len(inputs)}.")
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        label = inputs[2]
        if not isinstance(label, (int, float)):
            raise ValueError(f"For '{self._name}.update', the label index (input[2]) must be int "
                             f"or float, but got {type(label)}.")
        if label not in y_pred and label not in y:
            raise ValueError(f"For '{self._name}.update', the label index (input[2]) must be in "
                             "predicted value (input[0]) or true value (input[1]), but "
                             f"{label} is not.")
        if y_pred.size == 0 or y_pred.shape != y.shape:
            raise ValueError(f"For '{self._name}.update', the size of predicted value (input[0]) "
                             "and true value (input[1]) must be greater than 0, in addition to "
                             "that, predicted value and true value must have the same shape, but "
                             f"got predicted value size: {y_pred.size}, shape: {y_pred.shape}, "
                             f"true value size: {y.size}, shape: {y.shape}.")
        return y_pred == label, y == label

    def _check_updated(self) -> None:
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")


class _MeanSurface(_Surface):
    """``MeanSurfaceDistance`` / ``RootMeanSquareDistance(symmetric=False,
    distance_metric='euclidean')``."""

    def __init__(self, symmetric: bool = False, distance_metric: str = "euclidean") -> None:
        super().__init__()
        self.distance_metric = check.check_string(
            check.check_value_type("distance_metric", distance_metric, [str]), _DISTANCES,
            "distance_metric")
        self.symmetric = check.check_value_type("symmetric", symmetric, [bool])
        self.clear()

    @rearrange_inputs
    def update(self, *inputs) -> None:
        y_pred, y = self._masks(inputs)
        self._y_pred_edges, self._y_edges = _edges(y_pred), _edges(y)
        self._is_update = True

    def _directed(self, a, b):
        return _surface_distance(a, b, self.distance_metric)


class MeanSurfaceDistance(_MeanSurface):
    """The mean distance from the predicted surface to the label's (and back, averaged, when
    ``symmetric``); inf when a surface is empty."""

    _name = "MeanSurfaceDistance"

    def eval(self):
        self._check_updated()
        there = self._directed(self._y_pred_edges, self._y_edges)
        if there.shape == (0,):
            return np.inf
        if not self.symmetric:
            return there.mean()
        back = self._directed(self._y_edges, self._y_pred_edges)
        if back.shape == (0,):
            return np.inf
        return np.mean((there.mean(), back.mean()))


class RootMeanSquareDistance(_MeanSurface):
    """The mean squared surface distance (``symmetric=False``), or the root of the mean of
    both directions' mean squares (``symmetric=True``)."""

    _name = "RootMeanSquareDistance"

    def eval(self):
        self._check_updated()
        there = self._directed(self._y_pred_edges, self._y_edges)
        if there.shape == (0,):
            return np.inf
        there = (there ** 2).mean()
        if not self.symmetric:
            return there
        back = self._directed(self._y_edges, self._y_pred_edges)
        if back.shape == (0,):
            return np.inf
        return np.sqrt(np.mean((there, (back ** 2).mean())))


def _crop_to_union(y_pred: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Both masks cut to the bounding box of their union (MindSpore's ``crop=True``)."""
    union = y_pred | y
    starts, ends = [], []
    for axis, idx in enumerate(np.nonzero(union)):
        if idx.size <= 0:
            raise ValueError(f"Did not find nonzero index at the spatial dim {axis}")
        starts.append(max(0, int(idx.min())))
        ends.append(min(union.shape[axis], int(idx.max()) + 1))
    box = tuple(slice(s, e) for s, e in zip(starts, ends))
    return np.squeeze(y_pred[box]), np.squeeze(y[box])


class HausdorffDistance(_Surface):
    """``HausdorffDistance(distance_metric='euclidean', percentile=None, directed=False,
    crop=True)``: the largest (or ``percentile``-th) surface distance, in both directions
    unless ``directed``."""

    _name = "HausdorffDistance"

    def __init__(self, distance_metric: str = "euclidean", percentile: float | None = None,
                 directed: bool = False, crop: bool = True) -> None:
        super().__init__()
        self.distance_metric = check.check_string(
            check.check_value_type("distance_metric", distance_metric, [str]), _DISTANCES,
            "distance_metric")
        self.percentile = percentile if percentile is None else \
            check.check_value_type("percentile", percentile, [float])
        self.directed = directed if directed is None else \
            check.check_value_type("directed", directed, [bool])
        self.crop = crop if crop is None else check.check_value_type("crop", crop, [bool])
        self.clear()

    @rearrange_inputs
    def update(self, *inputs) -> None:
        self._is_update = True
        y_pred, y = self._masks(inputs)
        if self.crop:
            if not np.any(y_pred | y):
                self._y_pred_edges, self._y_edges = np.zeros_like(y_pred), np.zeros_like(y)
                return
            y_pred, y = _crop_to_union(y_pred, y)
        self._y_pred_edges, self._y_edges = _edges(y_pred), _edges(y)

    def _distance(self, a, b):
        d = _surface_distance(a, b, self.distance_metric)
        if d.shape == (0,):
            return np.inf
        if not self.percentile:
            return d.max()
        if 0 <= self.percentile <= 100:
            return np.percentile(d, self.percentile)
        raise ValueError("For 'HausdorffDistance', the value of the argument 'percentile' must "
                         f"be [0, 100], but got {self.percentile}.")

    def eval(self):
        self._check_updated()
        there = self._distance(self._y_pred_edges, self._y_edges)
        if self.directed:
            return there
        return max(there, self._distance(self._y_edges, self._y_pred_edges))
