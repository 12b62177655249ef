"""``mindspore.train`` metrics: ``Metric`` subclasses that accumulate over ``update`` calls.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> acc = ms.train.Accuracy()
    >>> acc.update(ms.Tensor(np.array([[0.1, 0.9], [0.8, 0.2]], np.float32)),
    ...            ms.Tensor(np.array([1, 1], np.int32)))
    >>> print(acc.eval())
    0.5
"""
from __future__ import annotations

import functools

import numpy as np

from .._engine.tensor import Tensor


class _Float64(np.float64):
    """A metric value: NumPy's float64, printed as MindSpore users see it (``0.6``)."""

    __repr__ = float.__repr__

    def __reduce__(self):
        return np.float64, (float(self),)


class _Float32(np.float32):
    """A float32 value MindSpore hands back as NumPy's scalar, printed as NumPy 1 prints it
    (``0.73736``, not ``np.float32(0.73736)``)."""

    __repr__ = np.float32.__str__

    def __reduce__(self):
        return np.float32, (np.float32(self),)


# named as the values' types print in MindSpore (``<class 'numpy.float64'>``)
for _scalar, _name in ((_Float64, "float64"), (_Float32, "float32")):
    _scalar.__name__ = _scalar.__qualname__ = _name
    _scalar.__module__ = "numpy"


class Metric:
    """Base class: ``clear()``, ``update(*inputs)``, ``eval()``."""

    def __init__(self) -> None:
        self._indexes = None

    def set_indexes(self, indexes):
        self._indexes = list(indexes)
        return self

    @property
    def indexes(self):
        return self._indexes

    def _convert_data(self, data) -> np.ndarray:
        """A Tensor, list or NumPy array as an array (anything else: TypeError)."""
        if isinstance(data, Tensor):
            return data.asnumpy()
        if isinstance(data, list):
            return np.array(data)
        if isinstance(data, np.ndarray):
            return data
        raise TypeError("For 'Metric' and its derived classes, the input data type must be "
                        f"tensor, list or numpy.ndarray, but got {type(data)}.")

    def clear(self) -> None:
        raise NotImplementedError

    def update(self, *inputs) -> None:
        raise NotImplementedError

    def eval(self):
        raise NotImplementedError

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()


def rearrange_inputs(func):
    """``nn.rearrange_inputs``: decorates a Metric's ``update`` so its inputs are taken in the
    order ``set_indexes`` chose (all of them when none was set).

    Example:
        >>> class Last(Metric):
        ...     def clear(self): self.v = None
        ...     @rearrange_inputs
        ...     def update(self, *inputs): self.v = inputs
        ...     def eval(self): return self.v
        >>> m = Last().set_indexes([1, 0])
        >>> m.update("a", "b"); m.eval()
        ('b', 'a')
    """
    @functools.wraps(func)
    def wrapper(self, *inputs):
        indexes = self.indexes
        return func(self, *(inputs if indexes is None else tuple(inputs[i] for i in indexes)))
    return wrapper


_EVAL_TYPES = ("classification", "multilabel")


def _is_one_hot(data: np.ndarray) -> bool:
    """0/1 values summing to one over axis 1 (MindSpore then takes the argmax as labels)."""
    if data.ndim > 1 and np.equal(data ** 2, data).all():
        return bool(np.equal(np.ones((data.shape[0],) + data.shape[2:]),
                             data.sum(axis=1)).all())
    return False


class _Evaluation(Metric):
    """Metrics with ``eval_type`` 'classification' (scores (N, C, ...) and labels (N, ...) or
    one-hot) or 'multilabel' (0/1 arrays of one shape): the checks MindSpore makes."""

    _name = ""

    def __init__(self, eval_type: str = "classification") -> None:
        super().__init__()
        if eval_type not in _EVAL_TYPES:
            raise TypeError(f"The argument 'eval_type' must be in {set(_EVAL_TYPES)}, but got "
                            f"{eval_type}")
        self._type = eval_type
        self.clear()

    def _inputs(self, inputs: tuple) -> tuple[np.ndarray, np.ndarray]:
        """The checked (y_pred, y) of an ``update``; records the class count (axis 1)."""
        if len(inputs) != 2:
            raise ValueError(f"For '{self._name}.update', it needs 2 inputs (predicted value, true "
                             f"value), but got {len(inputs)}.")
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if self._type == "classification" and y_pred.ndim == y.ndim and _is_one_hot(y):
            y = y.argmax(axis=1)
        if self._type == "classification":
            if y_pred.ndim != y.ndim + 1:
                raise ValueError("In classification case, the dimension of y_pred (predicted "
                                 "value) should equal to the dimension of y (true value) add 1, "
                                 f"but got y_pred dimension: {y_pred.ndim} and y dimension: "
                                 f"{y.ndim}.")
            if y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError("In classification case, y_pred (predicted value) shape and y "
                                 f"(true value) shape can not match, but got y_pred shape "
                                 f"{y_pred.shape} and y shape {y.shape}")
        else:
            if y_pred.ndim != y.ndim or y_pred.shape != y.shape:
                raise ValueError(f"In {self._type} case, the shape of y_pred (predicted value) "
                                 f"should equal to the shape of y (true value), but got y_pred "
                                 f"shape: {y_pred.shape} and y shape: {y.shape}.")
            if not (np.equal(y_pred ** 2, y_pred).all() and np.equal(y ** 2, y).all()):
                raise ValueError("In multilabel case, all elements in y_pred (predicted value) "
                                 "and y (true value) should be 0 or 1.Please check whether your "
                                 "inputs y_pred and y are correct.")
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(f"For '{self._name}.update', class number not match, last input "
                             f"predicted data contain {self._class_num} classes, but current "
                             f"predicted data contain {y_pred.shape[1]} classes, please check "
                             "your predicted value(inputs[0]).")
        return y_pred, y


class Accuracy(_Evaluation):
    """``Accuracy(eval_type='classification')``: correct / total over the updates (per
    position for (N, C, ...) scores; per row of all C labels for 'multilabel')."""

    _name = "Accuracy"

    def clear(self) -> None:
        self._correct_num, self._total_num, self._class_num = 0, 0, 0

    @rearrange_inputs
    def update(self, *inputs) -> None:
        y_pred, y = self._inputs(inputs)
        if self._type == "classification":
            result = (y_pred.argmax(axis=1) == y).astype(int).reshape(-1)
        else:
            last = y_pred.ndim - 1
            y_pred = y_pred.swapaxes(1, last).reshape(-1, self._class_num)
            y = y.swapaxes(1, last).reshape(-1, self._class_num)
            result = np.equal(y_pred, y).all(axis=1).astype(int)
        self._correct_num += result.sum()
        self._total_num += result.shape[0]

    def eval(self) -> float:
        if self._total_num == 0:
            raise RuntimeError("The 'Accuracy' can not be calculated, because the number of "
                               "samples is 0, please check whether your inputs(predicted "
                               "value, true value) are empty, or has called update method "
                               "before calling eval method.")
        return _Float64(self._correct_num / self._total_num)


class Loss(Metric):
    """``Loss()``: the mean of the loss values passed to ``update``."""

    def __init__(self) -> None:
        super().__init__()
        self.clear()

    def clear(self) -> None:
        self._sum_loss, self._total_num = 0.0, 0

    def update(self, *inputs) -> None:
        if len(inputs) != 1:
            raise ValueError(f"For 'Loss.update', it needs 1 input (loss), but got "
                             f"{len(inputs)}")
        loss = self._convert_data(inputs[0])
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError("For 'Loss.update', the dimension of your input (loss) must be 1, "
                             f"but got {loss.ndim}.")
        self._sum_loss += float(loss.mean(-1))
        self._total_num += 1

    def eval(self) -> float:
        if self._total_num == 0:
            raise RuntimeError("The 'Loss' can not be calculated, because the number of samples "
                               "is 0, please check whether has called update method before "
                               "calling eval method.")
        return _Float64(self._sum_loss / self._total_num)


class _ErrorMetric(Metric):
    _fn = staticmethod(np.abs)

    def __init__(self) -> None:
        super().__init__()
        self.clear()

    def clear(self) -> None:
        self._sum, self._samples = 0.0, 0

    def update(self, *inputs) -> None:
        if len(inputs) != 2:
            raise ValueError(f"For '{type(self).__name__}.update', it needs 2 inputs (predicted "
                             f"value, true value), but got {len(inputs)}.")
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        # one sum over the batch in its dtype, added in double (MindSpore's order)
        self._sum += float(self._fn(y.reshape(y_pred.shape) - y_pred).sum())
        self._samples += y.shape[0]

    def eval(self) -> np.float64:
        if self._samples == 0:
            raise RuntimeError(f"The '{type(self).__name__}' can not be calculated, because "
                               f"the number of samples is 0, please check whether your "
                               f"inputs(predicted value, true value) are empty, or has called "
                               f"update method before calling eval method.")
        return _Float64(self._sum / self._samples)


class MAE(_ErrorMetric):
    """``MAE()``: mean absolute error per sample."""


class MSE(_ErrorMetric):
    """``MSE()``: mean squared error per sample."""

    _fn = staticmethod(np.square)


class TopKCategoricalAccuracy(Metric):
    """``TopKCategoricalAccuracy(k)``: how often the label is among the ``k`` highest scores
    (MindSpore counts every matching position of a label, so (N, C, L) scores can score
    above 1)."""

    def __init__(self, k: int) -> None:
        super().__init__()
        if not isinstance(k, int):
            raise TypeError("For 'TopKCategoricalAccuracy', the type of the argument 'k' should "
                            f"be int, but got 'k' type: {type(k)}.")
        if k < 1:
            raise ValueError("For 'TopKCategoricalAccuracy', the argument 'k' must be at least 1, "
                             f"but got 'k' value: {k}.")
        self.k = k
        self.clear()

    def clear(self) -> None:
        self._correct_num, self._samples_num = 0, 0

    @rearrange_inputs
    def update(self, *inputs) -> None:
        if len(inputs) != 2:
            raise ValueError("For 'TopKCategoricalAccuracy.update', it needs 2 inputs (predicted "
                             f"value, true value), but got 'inputs' size: {len(inputs)}.")
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if y_pred.ndim == y.ndim and _is_one_hot(y):
            y = y.argmax(axis=1)
        top = np.argsort(-y_pred, axis=1)[:, :self.k]
        labels = y.reshape(-1, 1).repeat(self.k, axis=1)
        self._correct_num += np.equal(top, labels).sum(axis=1).sum()
        self._samples_num += labels.shape[0]

    def eval(self) -> float:
        if self._samples_num == 0:
            raise RuntimeError("The 'TopKCategoricalAccuracy' can not be calculated, because the "
                               "number of samples is 0, please check whether your inputs "
                               "(predicted value, true value) are empty, or has called update "
                               "method before calling eval method.")
        return _Float64(self._correct_num / self._samples_num)


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    def __init__(self) -> None:
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    def __init__(self) -> None:
        super().__init__(5)


class ConfusionMatrix(Metric):
    """``ConfusionMatrix(num_classes, normalize='no_norm', threshold=0.5)``: counts of
    (true class, predicted class); predictions are class scores (argmax over axis 1) or, with
    the labels' rank, classes (floats thresholded at ``threshold``). ``normalize``: 'target'
    (rows), 'prediction' (columns), 'all', or 'no_norm'; empty rows/columns give 0.

    Example:
        >>> m = ConfusionMatrix(2)
        >>> m.update(np.array([1, 0, 1, 0]), np.array([1, 0, 0, 1]))
        >>> m.eval()
        array([[1., 1.],
               [1., 1.]])
    """

    def __init__(self, num_classes: int, normalize: str = "no_norm",
                 threshold: float = 0.5) -> None:
        super().__init__()
        if not isinstance(num_classes, int) or isinstance(num_classes, bool):
            raise TypeError(f"The type of 'num_classes' should be 'int', but got type "
                            f"'{type(num_classes).__name__}'.")
        if normalize not in ("target", "prediction", "all", "no_norm"):
            raise ValueError("For 'ConfusionMatrix', the argument 'normalize' must be in "
                             "['all', 'prediction', 'label', 'no_norm'(None)], but got "
                             f"{normalize}.")
        if not isinstance(threshold, float):
            raise TypeError(f"The type of 'threshold' should be 'float', but got type "
                            f"'{type(threshold).__name__}'.")
        self.num_classes, self.normalize, self.threshold = num_classes, normalize, threshold
        self.clear()

    def clear(self) -> None:
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs) -> None:
        if len(inputs) != 2:
            raise ValueError("For 'ConfusionMatrix.update', it needs 2 inputs (predicted "
                             f"value, true value), but got {len(inputs)}.")
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if y_pred.ndim not in (y.ndim, y.ndim + 1):
            raise ValueError("For 'ConfusionMatrix.update', predicted value (input[0]) and "
                             "true value (input[1]) should have same dimensions, or the "
                             "dimension of predicted value equals the dimension of true value "
                             f"add 1, but got predicted value ndim: {y_pred.ndim}, true value "
                             f"ndim: {y.ndim}.")
        if y_pred.ndim == y.ndim + 1:
            y_pred = np.argmax(y_pred, axis=1)
        elif np.issubdtype(y_pred.dtype, np.floating):
            y_pred = (y_pred >= self.threshold).astype(int)
        index = (y.reshape(-1) * self.num_classes + y_pred.reshape(-1)).astype(int)
        counts = np.bincount(index, minlength=self.num_classes ** 2)
        self.confusion_matrix += counts.reshape(self.num_classes, self.num_classes)
        self._is_update = True

    def eval(self) -> np.ndarray:
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' "
                               "method.")
        matrix = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return matrix
        with np.errstate(divide="ignore", invalid="ignore"):
            total = {"target": matrix.sum(axis=1, keepdims=True),
                     "prediction": matrix.sum(axis=0, keepdims=True),
                     "all": matrix.sum()}[self.normalize]
            out = matrix / total
        return np.nan_to_num(out, nan=0.0)


_BY_NAME = {"accuracy": Accuracy, "acc": Accuracy, "loss": Loss, "mae": MAE, "mse": MSE,
            "topk": TopKCategoricalAccuracy,
            "top_1_accuracy": Top1CategoricalAccuracy,
            "top_5_accuracy": Top5CategoricalAccuracy}


def get_metric_fn(name: str, *args, **kwargs) -> Metric:
    """``mindspore.train.get_metric_fn('acc')``."""
    _register_more()
    if name not in _BY_NAME:
        raise KeyError(f"The metric name '{name}' is not supported, please check it.")
    return _BY_NAME[name](*args, **kwargs)


def get_metrics(metrics):
    """``get_metrics(metrics)``: None, a dict of Metric objects (checked) or a set of metric
    names (made with ``get_metric_fn``), as ``Model`` takes them."""
    if metrics is None:
        return metrics
    if isinstance(metrics, dict):
        for name, metric in metrics.items():
            if not isinstance(name, str) or not isinstance(metric, Metric):
                raise TypeError("For 'get_metrics', if 'metrics' is dict, the key in 'metrics' "
                                "must be string and value in 'metrics' must be Metric, but got "
                                f"key:{type(name)}, value:{type(metric)}.")
        return metrics
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in metrics}
    raise TypeError("For 'get_metrics', the argument 'metrics' must be None, dict or set, but "
                    f"got {metrics}")


def names() -> list[str]:
    _register_more()
    return sorted(_BY_NAME)


def _register_more() -> None:
    """The metrics of the sibling modules (they import this module) join
    the name table."""
    if "dice" not in _BY_NAME:
        from . import more_metrics as m
        from . import pr_metrics as pr
        from . import surface_metrics as sm
        _BY_NAME.update({"precision": pr.Precision, "recall": pr.Recall, "F1": pr.F1,
                         "dice": m.Dice, "cosine_similarity": m.CosineSimilarity,
                         "perplexity": m.Perplexity, "bleu_score": m.BleuScore,
                         "confusion_matrix": ConfusionMatrix,
                         "confusion_matrix_metric": m.ConfusionMatrixMetric, "roc": m.ROC,
                         "occlusion_sensitivity": m.OcclusionSensitivity,
                         "auc": m.auc,
                         "hausdorff_distance": sm.HausdorffDistance,
                         "mean_surface_distance": sm.MeanSurfaceDistance,
                         "root_mean_square_distance": sm.RootMeanSquareDistance})
