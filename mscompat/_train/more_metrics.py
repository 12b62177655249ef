"""``mindspore.train`` metrics for segmentation, retrieval and text: ``Dice``,
``CosineSimilarity``, ``Perplexity``, ``BleuScore``, ``ConfusionMatrixMetric`` and ``auc``,
with MindSpore 2.10's rules (including its quirks: ``ConfusionMatrixMetric`` drops the first
channel when ``skip_channel=False``, and ``decrease='mean_batch'`` raises TypeError).

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> dice = ms.train.Dice(smooth=1e-5)
    >>> dice.update(ms.Tensor(np.array([[0.2, 0.5], [0.3, 0.9]])),
    ...             ms.Tensor(np.array([[0, 1], [1, 1]])))
    >>> print(round(dice.eval(), 6))
    0.405727
"""
from __future__ import annotations

import math
from collections import Counter

import numpy as np

from .. import _checkparam as check
from .metrics import Metric, rearrange_inputs


def _two_inputs(metric: str, inputs: tuple, what: str = "predicted value, true value") -> None:
    if len(inputs) != 2:
        raise ValueError(f"For '{metric}.update', it needs 2 inputs ({what}), but got "
                         f"{len(inputs)}.")


class Dice(Metric):
    """``Dice(smooth=1e-5)``: the mean over ``update`` calls of
    ``2 <pred, y> / (<pred, pred> + <y, y> + smooth)``, each call counting ``y.shape[0]``
    samples."""

    def __init__(self, smooth: float = 1e-5) -> None:
        super().__init__()
        self.smooth = check.check_positive_float(smooth, "smooth")
        self.clear()

    def clear(self) -> None:
        self._dice_coeff_sum, self._samples_num = 0, 0

    @rearrange_inputs
    def update(self, *inputs) -> None:
        _two_inputs("Dice", inputs)
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        self._samples_num += y.shape[0]
        if y_pred.shape != y.shape:
            raise ValueError("For 'Dice.update', predicted value (input[0]) and true value "
                             "(input[1]) should have same shape, but got predicted value shape: "
                             f"{y_pred.shape}, true value shape: {y.shape}.")
        p, t = y_pred.ravel(), y.ravel()
        overlap = float(np.dot(p, t))
        self._dice_coeff_sum += 2 * overlap / float(np.dot(p, p) + np.dot(t, t) + self.smooth)

    def eval(self) -> float:
        if self._samples_num == 0:
            raise RuntimeError("The 'Dice coefficient' can not be calculated, because the number "
                               "of samples is 0, please check whether your inputs(predicted value, "
                               "true value) are empty, or has called update method before calling "
                               "eval method.")
        return self._dice_coeff_sum / float(self._samples_num)


class CosineSimilarity(Metric):
    """``CosineSimilarity(similarity='cosine', reduction='none', zero_diagonal=True)``: the
    (rows x rows) similarity matrix of the last ``update``'s input, diagonal zeroed, reduced
    over the last axis by 'sum'/'mean'."""

    def __init__(self, similarity: str = "cosine", reduction: str = "none",
                 zero_diagonal: bool = True) -> None:
        super().__init__()
        self.similarity = check.check_string(
            check.check_value_type("similarity", similarity, [str]), ["dot", "cosine"],
            "similarity")
        self.reduction = check.check_string(
            check.check_value_type("reduction", reduction, [str]), ["none", "sum", "mean"],
            "reduction")
        self.zero_diagonal = check.check_value_type("zero_diagonal", zero_diagonal, [bool])
        self.clear()

    def clear(self) -> None:
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, inputs) -> None:
        data = self._convert_data(inputs)
        if self.similarity == "cosine":
            data = data / np.linalg.norm(data, ord=2, axis=1)[:, None]
        self.sqr_mtx_res = data @ data.T
        self._is_update = True

    def eval(self) -> np.ndarray:
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if self.zero_diagonal:
            np.fill_diagonal(self.sqr_mtx_res, 0)
        if self.reduction == "mean":
            self.sqr_mtx_res = self.sqr_mtx_res.mean(axis=-1)
        elif self.reduction == "sum":
            self.sqr_mtx_res = self.sqr_mtx_res.sum(axis=-1)
        return self.sqr_mtx_res


class Perplexity(Metric):
    """``Perplexity(ignore_label=None)``: ``exp`` of the mean negative log-probability that
    the predictions (last axis: classes) give the labels; labels equal to ``ignore_label``
    are not counted. Probabilities are clipped at 1e-10."""

    def __init__(self, ignore_label: int | None = None) -> None:
        super().__init__()
        self.ignore_label = ignore_label if ignore_label is None else \
            check.check_value_type("ignore_label", ignore_label, [int])
        self.clear()

    def clear(self) -> None:
        self._sum_metric, self._num_inst = 0.0, 0

    @rearrange_inputs
    def update(self, *inputs) -> None:
        _two_inputs("Perplexity", inputs, "predicted value, label")
        pred, label = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if label.size != pred.size / pred.shape[-1]:
            raise RuntimeError("For 'Perplexity.update', predicted value (input[0]) and label "
                               "(input[1]) should have the same shape, but got predicted value "
                               f"shape {pred.shape}, label shape {label.shape}.")
        label = label.reshape(label.size)
        picked = np.squeeze(pred[np.arange(label.size)[:, None], label.astype(int)[:, None]])
        num = 0
        if self.ignore_label is not None:
            ignore = (label == self.ignore_label).astype(picked.dtype)
            num -= np.sum(ignore)
            picked = picked * (1 - ignore) + ignore
        self._sum_metric += -np.sum(np.log(np.maximum(1e-10, picked)))
        self._num_inst += num + picked.size

    def eval(self) -> float:
        if self._num_inst == 0:
            raise RuntimeError("The 'Perplexity' can not be calculated, because the number of "
                               "samples is 0, please check whether the update method has been "
                               "called before calling eval method.")
        return math.exp(self._sum_metric / self._num_inst)


def _ngrams(tokens, n_gram: int) -> Counter:
    """Every 1..n_gram-gram of ``tokens`` with its count."""
    return Counter(tuple(tokens[j:j + i]) for i in range(1, n_gram + 1)
                   for j in range(len(tokens) - i + 1))


class BleuScore(Metric):
    """``BleuScore(n_gram=4, smooth=False)``: corpus BLEU of token lists against lists of
    references (clipped n-gram precision, geometric mean, brevity penalty from the closest
    reference length)."""

    def __init__(self, n_gram: int = 4, smooth: bool = False) -> None:
        super().__init__()
        self.n_gram = check.check_value_type("n_gram", n_gram, [int])
        if not 1 <= self.n_gram <= 4:
            raise ValueError("For 'BleuScore', the argument 'n_gram' should range from 1 to 4, "
                             f"but got {n_gram}.")
        self.smooth = check.check_value_type("smooth", smooth, [bool])
        self.clear()

    def clear(self) -> None:
        self._numerator, self._denominator = np.zeros(self.n_gram), np.zeros(self.n_gram)
        self._precision_scores = np.zeros(self.n_gram)
        self._c = self._r = 0.0
        self._trans_len = self._ref_len = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs) -> None:
        _two_inputs("BleuScore", inputs, "candidate_corpus, reference_corpus")
        candidates, references = inputs
        if len(candidates) != len(references):
            raise ValueError("For 'BleuScore.update', 'translate_corpus' (inputs[0]) and "
                             "'reference_corpus' (inputs[1]) should be equal in length, but got "
                             f"{len(candidates)}, {len(references)}")
        for candidate, refs in zip(candidates, references):
            self._c += len(candidate)
            lengths = [len(r) for r in refs]
            gaps = [abs(len(candidate) - n) for n in lengths]
            self._r += lengths[gaps.index(min(gaps))]
            counts = _ngrams(candidate, self.n_gram)
            best = Counter()
            for r in refs:
                best |= _ngrams(r, self.n_gram)
            for gram, n in (counts & best).items():
                self._numerator[len(gram) - 1] += n
            for gram, n in counts.items():
                self._denominator[len(gram) - 1] += n
        self._trans_len, self._ref_len = np.array(self._c), np.array(self._r)
        self._is_update = True

    def eval(self) -> np.ndarray:
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if min(self._numerator) == 0.0:
            return np.array(0.0)
        if self.smooth:
            precision = (self._numerator + 1) / (self._denominator + 1)
        else:
            precision = self._numerator / self._denominator
        mean = np.exp(np.sum(np.full(self.n_gram, 1.0 / self.n_gram) * np.log(precision)))
        penalty = np.array(1.0) if self._c > self._r else \
            np.exp(1 - self._ref_len / self._trans_len)
        return penalty * mean


# -- ConfusionMatrixMetric ------------------------------------------------------------------

# metric name (spaces as underscores, lower case) -> MindSpore's short name
_CM_ALIASES = {
    **dict.fromkeys(("sensitivity", "recall", "hit_rate", "true_positive_rate", "tpr"), "tpr"),
    **dict.fromkeys(("specificity", "selectivity", "true_negative_rate", "tnr"), "tnr"),
    **dict.fromkeys(("precision", "positive_predictive_value", "ppv"), "ppv"),
    **dict.fromkeys(("negative_predictive_value", "npv"), "npv"),
    **dict.fromkeys(("miss_rate", "false_negative_rate", "fnr"), "fnr"),
    **dict.fromkeys(("fall_out", "false_positive_rate", "fpr"), "fpr"),
    **dict.fromkeys(("false_discovery_rate", "fdr"), "fdr"),
    **dict.fromkeys(("false_omission_rate", "for"), "for"),
    **dict.fromkeys(("prevalence_threshold", "pt"), "pt"),
    **dict.fromkeys(("threat_score", "critical_success_index", "ts", "csi"), "ts"),
    **dict.fromkeys(("accuracy", "acc"), "acc"),
    **dict.fromkeys(("balanced_accuracy", "ba"), "ba"),
    **dict.fromkeys(("f1_score", "f1"), "f1"),
    **dict.fromkeys(("matthews_correlation_coefficient", "mcc"), "mcc"),
    **dict.fromkeys(("fowlkes_mallows_index", "fm"), "fm"),
    **dict.fromkeys(("informedness", "bookmaker_informedness", "bm"), "bm"),
    **dict.fromkeys(("markedness", "deltap", "mk"), "mk"),
}


def _rate(num, den):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / den, np.nan)


def _cm_fraction(short: str, tp, fp, tn, fn):
    """(numerator, denominator) of one confusion-matrix metric."""
    p, n = tp + fn, fp + tn
    if short in ("pt", "ba", "bm"):
        tpr, tnr = _rate(tp, p), _rate(tn, n)
        with np.errstate(invalid="ignore"):
            return {"pt": (np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0),
                    "ba": (tpr + tnr, 2.0), "bm": (tpr + tnr - 1.0, 1.0)}[short]
    if short == "fm":
        return np.sqrt(_rate(tp, tp + fp) * _rate(tp, p)), 1.0
    if short == "mk":  # MindSpore divides tn / (tn + fn) without a zero guard here
        with np.errstate(divide="ignore", invalid="ignore"):
            return _rate(tp, tp + fp) + tn / (tn + fn) - 1.0, 1.0
    if short == "mcc":
        return tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))
    return {"tpr": (tp, p), "tnr": (tn, n), "ppv": (tp, tp + fp), "npv": (tn, tn + fn),
            "fnr": (fn, p), "fpr": (fp, n), "fdr": (fp, fp + tp), "for": (fn, fn + tn),
            "ts": (tp, tp + fn + fp), "acc": (tp + tn, p + n),
            "f1": (tp * 2.0, tp * 2.0 + fn + fp)}[short]


def _cm_metric(name: str, matrix: np.ndarray) -> np.ndarray:
    """The metric ``name`` of confusion matrices ``(..., 4)`` = (tp, fp, tn, fn)."""
    short = _CM_ALIASES.get(name.replace(" ", "_").lower())
    if short is None:
        raise NotImplementedError("The metric is not implemented.")
    if matrix.ndim == 1:
        matrix = matrix[None]
    if matrix.shape[-1] != 4:
        raise ValueError("For 'ConfusionMatrix', the size of the last dimension of "
                         f"confusion_matrix must be 4, but got {matrix.shape[-1]}.")
    num, den = _cm_fraction(short, *(matrix[..., i] for i in range(4)))
    if isinstance(den, np.ndarray):
        return _rate_or_nan(num, den)
    return num / den


def _rate_or_nan(num, den):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den != 0, num / den, np.nan)


def _cm_counts(y_pred, y, skip_channel: bool) -> np.ndarray:
    """Per sample and class (tp, fp, tn, fn) of one-hot ``y_pred`` and ``y`` (B, C, ...).
    As in MindSpore, ``skip_channel=False`` is the setting that drops channel 0."""
    if not skip_channel:
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    y, y_pred = y.astype(float), y_pred.astype(float)
    if y.shape != y_pred.shape:
        raise ValueError(f"`y_shape` should be equal to `y_pred_shape`, but got {y.shape} "
                         f"and {y_pred.shape}.")
    b, c = y_pred.shape[:2]
    y_pred, y = y_pred.reshape(b, c, -1), y.reshape(b, c, -1)
    tp = ((y_pred + y) == 2).astype(float).sum(axis=2)
    tn = ((y_pred + y) == 0).astype(float).sum(axis=2)
    p = y.sum(axis=2)
    n = y.shape[-1] - p
    return np.stack([tp, n - tn, tn, p - tp], axis=-1)


def _reduce(chart: np.ndarray, decrease: str):
    """(reduced chart, count of non-NaN entries) as MindSpore's ``decrease`` modes do."""
    nans = np.isnan(chart)
    counted = (~nans).astype(float)
    chart[nans] = 0
    if decrease == "mean_batch":  # MindSpore's table holds this one uncalled
        raise TypeError("cannot unpack non-iterable function object")
    if decrease == "none":
        return chart, counted
    if decrease == "sum":
        return chart.sum(axis=(0, 1)), counted.sum(axis=(0, 1))
    if decrease in ("sum_batch", "sum_channel"):
        axis = 0 if decrease == "sum_batch" else 1
        return chart.sum(axis=axis), counted.sum(axis=axis)
    per_sample = counted.sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        mean_c = np.where(per_sample > 0, chart.sum(axis=1) / per_sample, np.zeros(1))
    if decrease == "mean_channel":
        return mean_c, per_sample
    samples = (per_sample > 0).astype(float).sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(samples > 0, mean_c.sum(axis=0) / samples, np.zeros(1)), samples


class ConfusionMatrixMetric(Metric):
    """``ConfusionMatrixMetric(skip_channel=True, metric_name='sensitivity',
    calculation_method=False, decrease='mean')``: a confusion-matrix metric (``metric_name``
    or one of its aliases: 'precision', 'f1 score', 'mcc', ...) of one-hot predictions and
    labels (B, C, ...). Accumulates the counts (``calculation_method=False``) or averages the
    per-sample metric reduced by ``decrease``."""

    def __init__(self, skip_channel: bool = True, metric_name: str = "sensitivity",
                 calculation_method: bool = False, decrease: str = "mean") -> None:
        super().__init__()
        self.skip_channel = check.check_value_type("skip_channel", skip_channel, [bool])
        self.calculation_method = check.check_value_type("calculation_method",
                                                         calculation_method, [bool])
        self.metric_name = check.check_value_type("metric_name", metric_name, [str])
        self.decrease = check.check_string(
            check.check_value_type("decrease", decrease, [str]),
            ["none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel"],
            "decrease")
        self.clear()

    def clear(self) -> None:
        self._total_num = self._class_num = 0
        self._total_tp = self._total_fp = self._total_tn = self._total_fn = 0.0

    @rearrange_inputs
    def update(self, *inputs) -> None:
        _two_inputs("ConfusionMatrixMetric", inputs)
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("For 'ConfusionMatrix.update', the true value (input[1]) must be a "
                             "binarized ndarray.")
        if y_pred.ndim < 2:
            raise ValueError("For 'ConfusionMatrix.update', the predicted value (input[0]) must "
                             f"have at least 2 dimensions, but got {y_pred.ndim}.")
        per_sample = self.calculation_method and not (
            y_pred.ndim == 2 or (y_pred.ndim == 3 and y_pred.shape[-1] == 1))
        counts = _cm_counts(y_pred, y, self.skip_channel)
        if per_sample:
            score, counted = _reduce(_cm_metric(self.metric_name, counts), self.decrease)
            counted = int(counted.item())
            self._total_num += score.item() * counted
            self._class_num += counted
        elif self.calculation_method:
            # MindSpore returns the counts here and unpacks them as (score, not_nans)
            score, counted = counts
            counted = int(counted.item())
            self._total_num += score.item() * counted
            self._class_num += counted
        else:
            tp, fp, tn, fn = _reduce(counts, "sum")[0]
            self._total_tp += tp.item()
            self._total_fp += fp.item()
            self._total_tn += tn.item()
            self._total_fn += fn.item()

    def eval(self):
        if self.calculation_method:
            if self._class_num == 0:
                raise RuntimeError(
                    "The 'ConfusionMatrixMetric' can not be calculated, because the number of "
                    "samples is 0, please check whether your inputs(predicted value, true value) "
                    "are empty, or has called update method before calling eval method.")
            return self._total_num / self._class_num
        return _cm_metric(self.metric_name, np.array(
            [self._total_tp, self._total_fp, self._total_tn, self._total_fn]))


def auc(x: np.ndarray, y: np.ndarray, reorder: bool = False):
    """``auc(x, y, reorder=False)``: the trapezoidal area under the curve ``(x, y)``; ``x``
    must be monotonic unless ``reorder`` sorts it.

    Example:
        >>> print(auc(np.array([0.0, 0.5, 1.0]), np.array([0.0, 1.0, 1.0])))
        0.75
    """
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError("For 'auc', the argument 'x' and 'y' must all be np.ndarray, but got "
                        f"{type(x)}, {type(y)}")
    if len(x) != len(y):
        raise ValueError("For 'auc', the inputs have inconsistent numbers of samples: "
                         f"[{len(x)}, {len(y)}].")
    x, y = _column_or_1d(x), _column_or_1d(y)
    if x.shape[0] < 2:
        raise ValueError("For 'auc', the shape of the argument 'x' in axis 0 must be greater "
                         f"than 2, but got {x.shape[0]}.")
    direction = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if np.any(dx < 0):
            if not np.all(dx <= 0):
                raise ValueError("For 'auc', if the argument is False, the argument 'x' array "
                                 f"must be increasing or decreasing, but got 'x': {x}")
            direction = -1
    trapezoid = getattr(np, "trapezoid", None) or np.trapz
    return direction * trapezoid(y, x)


def _column_or_1d(a: np.ndarray) -> np.ndarray:
    if a.ndim == 1 or (a.ndim == 2 and a.shape[1] == 1):
        return a.ravel()
    raise ValueError(f"For 'auc', the input should be a 1D array or a column vector, but got "
                     f"shape {a.shape}.")


# -- ROC ------------------------------------------------------------------------------------

def _curve_inputs(y_pred: np.ndarray, y: np.ndarray, class_num, pos_label):
    """(scores, labels, class_num, pos_label) as MindSpore's ROC prepares them. For (N, C)
    scores it reshapes their memory to (C, N) (its ``transpose(0, 1)`` is the identity)."""
    if y_pred.ndim not in (y.ndim, y.ndim + 1):
        raise ValueError("For 'ROC', predicted value (input[0]) and true value (input[1]) must "
                         "have same dimensions, or the dimension of predicted value equal the "
                         "dimension of true value add 1, but got predicted value ndim: "
                         f"{y_pred.ndim}, true value ndim: {y.ndim}.")
    if y_pred.ndim == y.ndim:
        if class_num is not None and class_num != 1:
            raise ValueError("For 'ROC', when predicted value (input[0]) and true value (input[1]) "
                             "have the same shape, the 'class_num' must be 1, but got "
                             f"{class_num}.")
        return y_pred.ravel(), y.ravel(), 1, 1 if pos_label is None else pos_label
    if pos_label is not None:
        raise ValueError("For 'ROC', when the dimension of predicted value (input[0]) equals the "
                         "dimension of true value (input[1]) add 1, the 'pos_label' must be None, "
                         f"but got {pos_label}.")
    if class_num != y_pred.shape[1]:
        raise ValueError("For 'ROC', the 'class_num' must equal the number of classes from "
                         f"predicted value (input[0]), but got 'class_num' {class_num}, the "
                         f"number of classes from predicted value {y_pred.shape[1]}.")
    return y_pred.reshape(class_num, -1), y.ravel(), class_num, pos_label


def _binary_curve(scores: np.ndarray, target: np.ndarray, pos_label):
    """(false positives, true positives, thresholds) at each distinct score, highest first."""
    if scores.ndim > target.ndim:
        scores = scores[:, 0]
    order = np.argsort(-scores)
    scores, target = scores[order], target[order]
    steps = np.where(scores[1:] - scores[:-1])[0]
    last = np.pad(steps, (0, 1), constant_values=target.shape[0] - 1)
    hits = (target == pos_label).astype(np.int64)
    tps = np.cumsum(hits, axis=0)[last]
    return 1 + last - tps, tps, scores[last]


class ROC(Metric):
    """``ROC(class_num=None, pos_label=None)``: ``eval()`` gives (fpr, tpr, thresholds) of
    the last ``update``; lists of them, one per class, for (N, C) scores."""

    def __init__(self, class_num: int | None = None, pos_label: int | None = None) -> None:
        super().__init__()
        self.class_num = class_num if class_num is None else \
            check.check_value_type("class_num", class_num, [int])
        self.pos_label = pos_label if pos_label is None else \
            check.check_value_type("pos_label", pos_label, [int])
        self.clear()

    def clear(self) -> None:
        self.y_pred = self.y = 0
        self.sample_weights = None
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs) -> None:
        _two_inputs("ROC", inputs)
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        self.y_pred, self.y, self.class_num, self.pos_label = _curve_inputs(
            y_pred, y, self.class_num, self.pos_label)
        self._is_update = True

    def _roc_eval(self, y_pred, y, class_num, pos_label):
        if class_num == 1:
            fps, tps, thresholds = _binary_curve(y_pred, y, pos_label)
            tps = np.squeeze(np.hstack([np.zeros(1, dtype=tps.dtype), tps]))
            fps = np.squeeze(np.hstack([np.zeros(1, dtype=fps.dtype), fps]))
            thresholds = np.hstack([thresholds[0][None] + 1, thresholds])
            if fps[-1] <= 0:
                raise ValueError("For 'ROC.eval', there is no negative samples in true value, "
                                 "false positive value is meaningless.")
            if tps[-1] <= 0:
                raise ValueError("For 'ROC.eval', there is no positive samples in true value, "
                                 "true positive value is meaningless.")
            return fps / fps[-1], tps / tps[-1], thresholds
        curves = [self._roc_eval(*_curve_inputs(y_pred[:, c], y, 1, c)[:2], 1, c)
                  for c in range(class_num)]
        return tuple(list(part) for part in zip(*curves))

    def eval(self):
        if self._is_update is False:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._roc_eval(np.squeeze(self.y_pred), np.squeeze(self.y), self.class_num,
                              self.pos_label)


# -- OcclusionSensitivity -------------------------------------------------------------------

def _bounding_box(b_box, im_shape: np.ndarray):
    """(low, high) corners of ``b_box`` [lo0, hi0, lo1, hi1, ...]; negative highs mean the
    last index; None for the whole image."""
    if b_box is None:
        return None, None
    if len(b_box) != 2 * len(im_shape):
        raise ValueError("For 'OcclusionSensitivity', the bounding box must contain upper and "
                         "lower for all dimensions (except batch number), and the length of "
                         "'b_box' must be twice as long as predicted value's (except batch "
                         f"number), but got 'b_box' length {len(b_box)}, predicted value length "
                         f"(except batch number) {len(im_shape)}.")
    low, high = np.array(b_box[::2]), np.array(b_box[1::2])
    low[low < 0] = 0
    high[high < 0] = im_shape[high < 0] - 1
    if np.any(high >= im_shape):
        raise ValueError("For 'OcclusionSensitivity', maximum bounding box must be smaller than "
                         "image size for all values.")
    if np.any(low > high):
        raise ValueError("For 'OcclusionSensitivity', minimum bounding box must be smaller than "
                         "maximum bounding box for all values.")
    return low, high


class OcclusionSensitivity(Metric):
    """``OcclusionSensitivity(pad_val=0.0, margin=2, n_batch=128, b_box=None)``:
    ``update(model, x, label)`` occludes a window around each position of ``x`` (one sample)
    with ``pad_val`` and records how much the model's score for ``label`` drops (``eval``)."""

    def __init__(self, pad_val: float = 0.0, margin=2, n_batch: int = 128,
                 b_box: list | None = None) -> None:
        super().__init__()
        self.pad_val = check.check_value_type("pad_val", pad_val, [float])
        self.margin = check.check_value_type("margin", margin, [int, list])
        self.n_batch = check.check_value_type("n_batch", n_batch, [int])
        self.b_box = b_box if b_box is None else check.check_value_type("b_box", b_box, [list])
        self.clear()

    def clear(self) -> None:
        self._baseline = self._sensitivity_im = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs) -> None:
        from .._engine.cell import Cell
        from .._engine.tensor import Tensor
        if len(inputs) != 3:
            raise ValueError("For 'OcclusionSensitivity.update', it needs 3 inputs "
                             "(classification model, predicted value, label), but got "
                             f"{len(inputs)}.")
        model = inputs[0]
        x, label = self._convert_data(inputs[1]), self._convert_data(inputs[2])
        check.check_value_type("model", model, [Cell])
        if x.shape[0] > 1:
            raise RuntimeError("For 'OcclusionSensitivity.update', the shape at index 0 of the "
                               f"predicted value (input[1]) must be 1, but got {x.shape[0]}.")
        if np.prod(label.shape) != x.shape[0]:
            raise RuntimeError("For 'OcclusionSensitivity.update', the number of the label "
                               "(input[2]) must be same as the batches, but got the label number "
                               f"{np.prod(label.shape)}, and batches {x.shape[0]}.")
        im_shape = np.array(x.shape[1:])
        low, high = _bounding_box(self.b_box, im_shape)
        self._baseline = model(Tensor(x)).asnumpy()[0, label].item()
        out_shape = im_shape if self.b_box is None else high - low + 1
        total = int(np.prod(out_shape))
        images, scores = [], []
        for i in range(total):
            idx = np.unravel_index(i, out_shape)
            if low is not None:
                idx = idx + low
            lo = [max(0, k - self.margin) for k in idx]
            hi = [min(n, k + self.margin) for k, n in zip(idx, im_shape)]
            occluded = x.copy()
            occluded[(...,) + tuple(slice(a, b) for a, b in zip(lo, hi))] = self.pad_val
            images.append(occluded)
            if len(images) == self.n_batch or i == total - 1:
                out = model(Tensor(np.vstack(images))).asnumpy()
                ids = np.expand_dims([label] * len(images), 1)
                scores.append(np.vstack(out[np.arange(ids.shape[0])[:, None], ids]))
                images = []
        self._sensitivity_im = np.vstack(scores).reshape(out_shape)
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        return self._baseline - np.squeeze(self._sensitivity_im)
