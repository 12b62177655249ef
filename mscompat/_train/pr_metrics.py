"""``Precision``, ``Recall``, ``Fbeta`` and ``F1`` as MindSpore 2.10 computes them: per class
from argmax predictions ('classification', one-hot labels accepted), or per sample from 0/1
predictions ('multilabel'); every ratio divides by ``count + sys.float_info.min``.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> f1 = ms.train.F1()
    >>> f1.update(ms.Tensor(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]])),
    ...           ms.Tensor(np.array([1, 0, 1])))
    >>> print(f1.eval())
    [0.66666667 0.66666667]
"""
from __future__ import annotations

import sys

import numpy as np

from .. import _checkparam as check
from .metrics import Metric, _Evaluation, _is_one_hot, rearrange_inputs

_EPS = sys.float_info.min


def _one_hot_pair(metric: str, y_pred: np.ndarray, y: np.ndarray, class_num: int):
    """(predicted, true) one-hot rows of a classification batch."""
    if y.max() + 1 > class_num:
        raise ValueError(f"For '{metric}.update', predicted value (input[0]) should have the same "
                         f"classes number as true value (input[1]), but got predicted value "
                         f"classes {class_num}, true value classes {y.max() + 1}.")
    eye = np.eye(class_num)
    return eye[y_pred.argmax(axis=1).reshape(-1)], eye[y.reshape(-1)]


class _PerClass(_Evaluation):
    """The shared part of Precision and Recall: ``_denominator(y_pred, y)`` differs."""

    def clear(self) -> None:
        self._class_num = 0
        multi = self._type == "multilabel"
        self._true_positives = np.empty(0) if multi else 0
        self._counted = np.empty(0) if multi else 0
        self._true_positives_average = self._counted_average = 0

    @staticmethod
    def _denominator(y_pred: np.ndarray, y: np.ndarray) -> np.ndarray:
        raise NotImplementedError

    @rearrange_inputs
    def update(self, *inputs) -> None:
        y_pred, y = self._inputs(inputs)
        if self._type == "classification":
            y_pred, y = _one_hot_pair(self._name, y_pred, y, self._class_num)
        else:  # MindSpore regroups (N, C, ...) as C rows; each column is then one "sample"
            y_pred = y_pred.swapaxes(1, 0).reshape(self._class_num, -1)
            y = y.swapaxes(1, 0).reshape(self._class_num, -1)
        counted = self._denominator(y_pred, y)
        true_positives = (y * y_pred).sum(axis=0)
        if self._type == "multilabel":
            # (MindSpore adds the float32 sum to an int: NumPy 1, which it requires, gives
            # float64 there; NumPy 2 keeps float32)
            self._true_positives_average += np.float64(np.sum(true_positives / (counted + _EPS)))
            self._counted_average += len(counted)
            self._true_positives = np.concatenate((self._true_positives, true_positives))
            self._counted = np.concatenate((self._counted, counted))
        else:
            self._true_positives = self._true_positives + true_positives
            self._counted = self._counted + counted

    def eval(self, average: bool = False):
        if self._class_num == 0:
            raise RuntimeError(f"The '{self._name}' can not be calculated, because the number of "
                               "samples is 0, please check whether your inputs (predicted value, "
                               "true value) are empty, or has called update method before "
                               "calling eval method.")
        check.check_value_type("average", average, [bool], type(self).__name__)
        result = self._true_positives / (self._counted + _EPS)
        if average:
            if self._type == "multilabel":
                result = self._true_positives_average / (self._counted_average + _EPS)
            return result.mean()
        return result


class Precision(_PerClass):
    """``Precision(eval_type='classification')``: true positives / predicted positives."""

    _name = "Precision"

    @staticmethod
    def _denominator(y_pred, y):
        return y_pred.sum(axis=0)


class Recall(_PerClass):
    """``Recall(eval_type='classification')``: true positives / actual positives."""

    _name = "Recall"

    @staticmethod
    def _denominator(y_pred, y):
        return y.sum(axis=0)


class Fbeta(Metric):
    """``Fbeta(beta)``: per class ``(1 + beta^2) tp / (beta^2 actual + predicted)``."""

    def __init__(self, beta: float) -> None:
        super().__init__()
        if not beta > 0:
            raise ValueError(f"For 'Fbeta', the argument 'beta' must be greater than 0, but got "
                             f"{beta}.")
        self.beta = beta
        self.clear()

    def clear(self) -> None:
        self._true_positives = self._actual_positives = self._positives = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs) -> None:
        if len(inputs) != 2:
            raise ValueError("For 'Fbeta.update', it needs 2 inputs (predicted value, true "
                             f"value), but got {len(inputs)}.")
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and _is_one_hot(y):
            y = y.argmax(axis=1)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError("For 'Fbeta.update', class number not match, last input predicted "
                             f"data contain {self._class_num} classes, but current predicted "
                             f"data contain {y_pred.shape[1]} classes, please check your "
                             "predicted value(inputs[0]).")
        y_pred, y = _one_hot_pair("Fbeta", y_pred, y, self._class_num)
        self._true_positives = self._true_positives + (y * y_pred).sum(axis=0)
        self._positives = self._positives + y_pred.sum(axis=0)
        self._actual_positives = self._actual_positives + y.sum(axis=0)

    def eval(self, average: bool = False):
        check.check_value_type("average", average, [bool], type(self).__name__)
        if self._class_num == 0:
            raise RuntimeError("The 'Fbeta' can not be calculated, because the number of samples "
                               "is 0, please check whether your inputs(predicted value, true "
                               "value) are empty, or has called update method before calling "
                               "eval method.")
        b2 = self.beta ** 2
        fbeta = (1.0 + b2) * self._true_positives / (
            b2 * self._actual_positives + self._positives + _EPS)
        return fbeta.mean() if average else fbeta


class F1(Fbeta):
    """``F1()``: ``Fbeta(1.0)``."""

    def __init__(self) -> None:
        super().__init__(1.0)
