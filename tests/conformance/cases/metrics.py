"""``mindspore.train`` metrics that are plain NumPy (``Dice``, ``CosineSimilarity``,
``Perplexity``, ``BleuScore``, ``ConfusionMatrixMetric``, ``auc``, ``get_metric_fn``): each
row builds a metric, feeds it ``update`` calls and records ``eval`` (or the error class of
the first call that fails). Metrics do not depend on the mode: recorded in PYNATIVE."""
import numpy as np

from ._registry import case


def _bin(*shape, seed):
    return (np.random.default_rng(seed).uniform(size=shape) > 0.5).astype(np.float32)


def _u(*shape, seed, lo=0.0, hi=1.0):
    return np.random.default_rng(seed).uniform(lo, hi, shape).astype(np.float32)


def _probs(*shape, seed):
    x = _u(*shape, seed=seed, lo=0.05)
    return (x / x.sum(-1, keepdims=True)).astype(np.float32)


# name -> (metric path, constructor kwargs, list of update argument tuples)
ONE_HOT = np.eye(3, dtype=np.float32)[np.array([[0, 1, 2, 1], [2, 2, 0, 1]])].transpose(0, 2, 1)
PRED_HOT = np.eye(3, dtype=np.float32)[np.array([[0, 2, 2, 1], [2, 1, 0, 0]])].transpose(0, 2, 1)
SEG_Y, SEG_P = _bin(2, 3, 4, 4, seed=5), _bin(2, 3, 4, 4, seed=6)
CANDIDATES = [["the", "cat", "sat", "on", "the", "mat"], ["a", "dog", "ran", "far"]]
REFERENCES = [[["the", "cat", "is", "on", "the", "mat"], ["there", "is", "a", "cat", "on",
                                                          "the", "mat"]],
              [["a", "dog", "ran", "very", "far"], ["the", "dog", "ran", "far"]]]

ROWS = {
    "dice_two_updates": ("Dice", {}, [(_u(2, 5, seed=1), _bin(2, 5, seed=2)),
                                      (_u(3, 5, seed=3), _bin(3, 5, seed=4))]),
    "dice_smooth": ("Dice", {"smooth": 0.5}, [(_u(4, 3, seed=7), _bin(4, 3, seed=8))]),
    "dice_int_smooth": ("Dice", {"smooth": 1}, []),
    "dice_shape_mismatch": ("Dice", {}, [(_u(2, 3, seed=9), _bin(2, 4, seed=10))]),
    "dice_eval_first": ("Dice", {}, []),
    "cosine_none": ("CosineSimilarity", {}, [(_u(4, 3, seed=11, lo=-1),)]),
    "cosine_dot_sum": ("CosineSimilarity", {"similarity": "dot", "reduction": "sum"},
                       [(_u(3, 5, seed=12, lo=-1),)]),
    "cosine_mean_keep_diagonal": ("CosineSimilarity",
                                  {"reduction": "mean", "zero_diagonal": False},
                                  [(_u(3, 2, seed=13),), (_u(4, 2, seed=14),)]),
    "cosine_bad_reduction": ("CosineSimilarity", {"reduction": "max"}, []),
    "perplexity": ("Perplexity", {}, [(_probs(4, 5, seed=15),
                                       np.array([0, 4, 2, 2], np.int32))]),
    "perplexity_ignore_label": ("Perplexity", {"ignore_label": 2},
                                [(_probs(2, 3, 4, seed=16),
                                  np.array([[2, 1, 0], [3, 2, 2]], np.int32)),
                                 (_probs(3, 4, seed=17), np.array([1, 1, 0], np.int32))]),
    "perplexity_bad_shape": ("Perplexity", {}, [(_probs(4, 5, seed=18),
                                                 np.array([0, 1], np.int32))]),
    "perplexity_bad_ignore": ("Perplexity", {"ignore_label": 1.0}, []),
    "bleu_4": ("BleuScore", {}, [(CANDIDATES, REFERENCES)]),
    "bleu_4_partial_match": ("BleuScore", {}, [([["the", "cat", "is", "on", "a", "mat", "today"],
                                                  ["a", "dog", "ran", "very", "far", "away"]],
                                                 REFERENCES)]),
    "bleu_2_smooth": ("BleuScore", {"n_gram": 2, "smooth": True},
                      [(CANDIDATES[:1], REFERENCES[:1]), (CANDIDATES[1:], REFERENCES[1:])]),
    "bleu_no_4gram_match": ("BleuScore", {}, [([["a", "b", "c", "d"]],
                                               [[["a", "b", "x", "d"]]])]),
    "bleu_short_candidate": ("BleuScore", {"n_gram": 1}, [([["the", "mat"]],
                                                           [[["the", "cat", "mat"]]])]),
    "bleu_bad_n": ("BleuScore", {"n_gram": 5}, []),
    "bleu_length_mismatch": ("BleuScore", {}, [(CANDIDATES, REFERENCES[:1])]),
    "cmm_doc_example": ("ConfusionMatrixMetric", {"metric_name": "tpr"},
                        [(np.array([[[0], [1]], [[1], [0]]]), np.array([[[0], [1]], [[0], [1]]]))]),
    "cmm_bad_metric_name": ("ConfusionMatrixMetric", {"metric_name": "nope"},
                            [(PRED_HOT, ONE_HOT)]),
    "cmm_bad_decrease": ("ConfusionMatrixMetric", {"decrease": "median"}, []),
    "cmm_not_binary": ("ConfusionMatrixMetric", {}, [(PRED_HOT, ONE_HOT * 0.5)]),
    "cmm_one_dim": ("ConfusionMatrixMetric", {}, [(np.array([1, 0]), np.array([1, 0]))]),
    "cmm_eval_first_per_sample": ("ConfusionMatrixMetric", {"calculation_method": True}, []),
    "cmm_per_sample_2d_quirk": ("ConfusionMatrixMetric", {"calculation_method": True},
                                [(np.array([[1, 0], [0, 1]]), np.array([[1, 0], [1, 0]]))]),
}
_NAMES = ("sensitivity", "specificity", "precision", "negative predictive value",
          "miss rate", "fall out", "false discovery rate", "false omission rate",
          "prevalence threshold", "threat score", "accuracy", "balanced accuracy", "f1 score",
          "matthews correlation coefficient", "fowlkes mallows index", "informedness",
          "markedness", "CSI", "Hit_Rate")
for _n in _NAMES:
    ROWS[f"cmm_counts_{_n.replace(' ', '_').lower()}"] = (
        "ConfusionMatrixMetric", {"metric_name": _n}, [(PRED_HOT, ONE_HOT), (SEG_P, SEG_Y)])
    ROWS[f"cmm_per_sample_{_n.replace(' ', '_').lower()}"] = (
        "ConfusionMatrixMetric", {"metric_name": _n, "calculation_method": True},
        [(SEG_P, SEG_Y), (PRED_HOT, ONE_HOT)])
for _d in ("mean", "sum", "none", "mean_batch", "sum_batch", "mean_channel", "sum_channel"):
    for _skip in (True, False):
        ROWS[f"cmm_decrease_{_d}_skip_{_skip}"] = (
            "ConfusionMatrixMetric", {"metric_name": "f1 score", "calculation_method": True,
                                      "decrease": _d, "skip_channel": _skip},
            [(SEG_P, SEG_Y)])
# classification metrics: scores (N, C) with integer, one-hot and (N, C, L) labels
SCORES, LABELS = _u(7, 4, seed=40), np.array([0, 2, 1, 2, 0, 0, 1], np.int32)
SCORES3, LABELS3 = _u(3, 4, 5, seed=41), np.random.default_rng(42).integers(0, 4, (3, 5))
MULTI_P, MULTI_Y = _bin(6, 4, seed=43), _bin(6, 4, seed=44)
_CLASSIFY = {"int_labels": [(SCORES, LABELS)],
             "one_hot_labels": [(SCORES, np.eye(4, dtype=np.float32)[LABELS])],
             "two_updates": [(SCORES, LABELS), (SCORES[:3] * 0.5, LABELS[::-1][:3])],
             "spatial": [(SCORES3, LABELS3)],
             "label_out_of_range": [(SCORES[:, :2], LABELS)],
             "class_count_changes": [(SCORES, LABELS), (SCORES[:, :3], LABELS)]}
for _cls, _kw in (("Precision", {}), ("Recall", {}), ("F1", {}), ("Fbeta", {"beta": 0.5}),
                  ("Fbeta", {"beta": 2.0}), ("Accuracy", {}),
                  ("Top1CategoricalAccuracy", {}), ("TopKCategoricalAccuracy", {"k": 2})):
    for _what, _updates in _CLASSIFY.items():
        _tag = _cls.lower() + "".join(f"_{k}{v}" for k, v in _kw.items())
        ROWS[f"{_tag}_{_what}"] = (_cls, _kw, _updates)
for _cls in ("Precision", "Recall", "Accuracy"):
    ROWS[f"{_cls.lower()}_multilabel"] = (_cls, {"eval_type": "multilabel"},
                                          [(MULTI_P, MULTI_Y), (MULTI_P[:2], MULTI_Y[2:4])])
    ROWS[f"{_cls.lower()}_multilabel_not_binary"] = (_cls, {"eval_type": "multilabel"},
                                                     [(MULTI_P * 0.7, MULTI_Y)])
    ROWS[f"{_cls.lower()}_bad_eval_type"] = (_cls, {"eval_type": "binary"}, [])
ROWS["fbeta_zero_beta"] = ("Fbeta", {"beta": 0}, [])
ROWS["mae"] = ("MAE", {}, [(_u(4, 3, seed=45), _u(4, 3, seed=46)), (_u(2, 3, seed=47),
                                                                   _u(2, 3, seed=48))])
ROWS["mse"] = ("MSE", {}, [(_u(4, 3, seed=49), _u(4, 3, seed=50))])
ROWS["mse_eval_first"] = ("MSE", {}, [])
ROWS["loss"] = ("Loss", {}, [(np.array(0.5, np.float32),), (np.array([1.0, 2.0], np.float32),)])
ROWS["loss_eval_first"] = ("Loss", {}, [])
ROWS["confusion_matrix_scores"] = ("ConfusionMatrix", {"num_classes": 4}, [(SCORES, LABELS)])
ROWS["confusion_matrix_target_norm"] = ("ConfusionMatrix",
                                        {"num_classes": 4, "normalize": "target"},
                                        [(SCORES, LABELS), (SCORES3, LABELS3)])
_BIN_SCORES = np.array([0.1, 0.4, 0.35, 0.8, 0.4, 0.9, 0.05], np.float32)
_BIN_Y = np.array([0, 0, 1, 1, 0, 1, 1], np.int32)
ROWS.update({
    "roc_binary": ("ROC", {"pos_label": 1}, [(_BIN_SCORES, _BIN_Y)]),
    "roc_binary_default_label": ("ROC", {}, [(_BIN_SCORES[:4], _BIN_Y[:4]),
                                             (_BIN_SCORES, _BIN_Y)]),
    "roc_pos_label_zero": ("ROC", {"pos_label": 0}, [(_BIN_SCORES, _BIN_Y)]),
    "roc_multiclass": ("ROC", {"class_num": 3}, [(_probs(6, 3, seed=60),
                                                 np.array([0, 1, 2, 2, 1, 0], np.int32))]),
    "roc_no_negatives": ("ROC", {}, [(_BIN_SCORES[:3], np.ones(3, np.int32))]),
    "roc_class_num_mismatch": ("ROC", {"class_num": 2}, [(_probs(6, 3, seed=61),
                                                          np.zeros(6, np.int32))]),
    "roc_pos_label_with_classes": ("ROC", {"class_num": 3, "pos_label": 1},
                                   [(_probs(6, 3, seed=62), np.zeros(6, np.int32))]),
    "roc_eval_first": ("ROC", {}, []),
})
_SEG_A = np.zeros((7, 8), np.int32)
_SEG_A[1:5, 2:7] = 1
_SEG_A[3:6, 1:3] = 2
_SEG_B = np.zeros((7, 8), np.int32)
_SEG_B[2:6, 1:6] = 1
_SEG_B[0:2, 5:8] = 2
_VOL_A, _VOL_B = _bin(4, 5, 6, seed=70).astype(np.int32), _bin(4, 5, 6, seed=71).astype(np.int32)
_EMPTY = np.zeros((7, 8), np.int32)
for _cls, _variants in (
        ("HausdorffDistance", ({}, {"distance_metric": "chessboard"},
                               {"distance_metric": "taxicab", "directed": True},
                               {"percentile": 75.0}, {"crop": False}, {"percentile": 120.0})),
        ("MeanSurfaceDistance", ({}, {"symmetric": True},
                                 {"distance_metric": "taxicab", "symmetric": True})),
        ("RootMeanSquareDistance", ({}, {"symmetric": True},
                                    {"distance_metric": "chessboard"}))):
    for _i, _kw in enumerate(_variants):
        _tag = f"{_cls.lower()}_{_i}"
        ROWS[f"{_tag}_label1"] = (_cls, _kw, [(_SEG_A, _SEG_B, 1)])
        ROWS[f"{_tag}_label2_two_updates"] = (_cls, _kw, [(_SEG_B, _SEG_A, 1),
                                                          (_SEG_A, _SEG_B, 2)])
        ROWS[f"{_tag}_volume"] = (_cls, _kw, [(_VOL_A, _VOL_B, 1)])
        ROWS[f"{_tag}_empty_prediction"] = (_cls, _kw, [(_EMPTY, _SEG_B, 2)])
    ROWS[f"{_cls.lower()}_label_absent"] = (_cls, {}, [(_SEG_A, _SEG_B, 3)])
    ROWS[f"{_cls.lower()}_shape_mismatch"] = (_cls, {}, [(_SEG_A, _SEG_B[:, :5], 1)])
    ROWS[f"{_cls.lower()}_two_inputs"] = (_cls, {}, [(_SEG_A, _SEG_B)])
    ROWS[f"{_cls.lower()}_bad_metric"] = (_cls, {"distance_metric": "cosine"}, [])
    ROWS[f"{_cls.lower()}_eval_first"] = (_cls, {}, [])
ROWS["cmm_counts_skip_channel_false"] = ("ConfusionMatrixMetric",
                                         {"metric_name": "ppv", "skip_channel": False},
                                         [(SEG_P, SEG_Y)])


def _run(ms, path, kwargs, updates):
    try:
        metric = getattr(ms.train, path)(**kwargs)
        metric.clear()
        for args in updates:
            metric.update(*[ms.Tensor(a) if isinstance(a, np.ndarray) else a for a in args])
        out = metric.eval()
    except Exception as e:  # noqa: BLE001 - the class is the result
        return "error", type(e).__name__
    if isinstance(out, tuple):  # ROC: (fpr, tpr, thresholds), lists of them per class
        return tuple([np.asarray(c, np.float64) for c in part] if isinstance(part, list)
                     else np.asarray(part, np.float64) for part in out)
    return np.asarray(out, np.float64)


def _make(name, row):
    def fn(ms):
        return _run(ms, *row)
    fn.__name__ = name
    case(modes=("PYNATIVE",), rtol=1e-6, atol=1e-9)(fn)


for _name, _row in ROWS.items():
    _make(_name, _row)


def _occlusion_model(ms):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            w = np.random.default_rng(80).uniform(-1, 1, (3, 16)).astype(np.float32)
            self.w = ms.Parameter(ms.Tensor(w), name="w")

        def construct(self, x):
            return ms.ops.matmul(x.reshape(x.shape[0], -1), self.w.T)
    return Net()


_OCC_X = _u(1, 1, 4, 4, seed=81)
for _name, _kw, _label in (("default", {}, np.array(1)),
                           ("one_element_label", {}, np.array([1])),  # MindSpore: ValueError
                           ("margin1_small_batches", {"margin": 1, "n_batch": 3,
                                                      "pad_val": -1.0}, np.array(2)),
                           ("b_box", {"b_box": [0, 0, 1, 2, 0, -1]}, np.array(0)),
                           ("b_box_corner", {"b_box": [-1, 0, 2, 3, 1, 1], "margin": 0},
                            np.array(2)),
                           ("b_box_too_big", {"b_box": [0, 0, 0, 5, 0, 1]}, np.array([0])),
                           ("int_label", {}, 1),
                           ("int_pad_val", {"pad_val": 0}, np.array([0])),
                           ("two_labels", {}, np.array([0, 1]))):
    def _occ(ms, _kw=_kw, _label=_label):
        try:
            m = ms.train.OcclusionSensitivity(**_kw)
            label = ms.Tensor(_label) if isinstance(_label, np.ndarray) else _label
            m.update(_occlusion_model(ms), ms.Tensor(_OCC_X), label)
            return np.asarray(m.eval(), np.float64)
        except Exception as e:  # noqa: BLE001
            return "error", type(e).__name__
    _occ.__name__ = f"occlusion_sensitivity_{_name}"
    case(modes=("PYNATIVE",), rtol=1e-5, atol=1e-6)(_occ)


@case(modes=("PYNATIVE",))
def get_metrics_and_convert_data(ms):
    metrics = ms.train.metrics
    made = sorted(metrics.get_metrics({"acc", "F1", "dice"}))
    out = [made, metrics.get_metrics(None)]
    for bad in (["acc"], {"acc": "not a metric"}, {1: ms.train.Accuracy()}):
        try:
            metrics.get_metrics(bad)
            out.append("no error")
        except Exception as e:  # noqa: BLE001
            out.append(type(e).__name__)
    for data in ((1.0, 2.0), 3, [[0.2, 0.8]]):
        try:
            acc = ms.train.Accuracy()
            acc.update(data, [1])
            out.append(float(acc.eval()))
        except Exception as e:  # noqa: BLE001
            out.append(type(e).__name__)
    return out


@case(modes=("PYNATIVE",))
def auc_values_and_errors(ms):
    auc = ms.train.auc
    out = [auc(np.array([0.0, 0.2, 0.7, 1.0]), np.array([0.0, 0.5, 0.8, 1.0])),
           auc(np.array([1.0, 0.6, 0.1]), np.array([1.0, 0.4, 0.3])),
           auc(np.array([0.5, 0.0, 1.0, 0.2]), np.array([0.6, 0.0, 1.0, 0.3]), reorder=True),
           auc(np.array([[0.0], [1.0]]), np.array([1.0, 3.0]))]
    errors = []
    for args in (([0.0, 1.0], [1.0, 2.0]), (np.array([0.0, 1.0, 0.5]), np.ones(3)),
                 (np.array([0.0]), np.array([1.0])), (np.ones(3), np.ones(2)),
                 (np.ones((2, 2)), np.ones((2, 2)))):
        try:
            auc(*args)
            errors.append("no error")
        except Exception as e:  # noqa: BLE001
            errors.append(type(e).__name__)
    return [float(v) for v in out], errors


@case(modes=("PYNATIVE",))
def metric_names_and_get_metric_fn(ms):
    made = [type(ms.train.get_metric_fn(n)).__name__ for n in
            ("dice", "cosine_similarity", "perplexity", "bleu_score", "confusion_matrix_metric",
             "F1", "acc")] + [type(ms.train.get_metric_fn("topk", 2)).__name__]
    try:
        ms.train.get_metric_fn("f1")
        err = "no error"
    except Exception as e:  # noqa: BLE001
        err = type(e).__name__
    return made, err, ms.train.get_metric_fn("confusion_matrix", 3).__class__.__name__


@case(modes=("PYNATIVE",))
def loss_metric_shapes_and_errors(ms):
    """``Loss``: a 0-d or 1-d loss (the 1-d one averaged), the ``ValueError`` for 2-d and the
    ``RuntimeError`` of ``eval`` before any ``update``, with MindSpore's messages."""
    out = []
    m = ms.train.Loss()
    m.update(ms.Tensor(np.float32(0.5)))
    m.update(ms.Tensor(np.array([1.0, 2.0, 4.0], np.float32)))
    out.append(m.eval())
    for call in (lambda: m.update(ms.Tensor(np.ones((2, 2), np.float32))),
                 lambda: ms.train.Loss().eval(), lambda: m.update(1.0, 2.0)):
        try:
            call()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return out


@case(modes=("PYNATIVE",))
def error_metrics_types_and_messages(ms):
    """``MAE``/``MSE`` over several updates: NumPy float64 values (their type's name as
    printed), and the ``RuntimeError`` message of ``eval`` before any ``update``."""
    out = []
    for metric in (ms.train.MAE, ms.train.MSE):
        m = metric()
        for i in range(3):
            m.update(ms.Tensor(np.array([0.1, 0.2, 0.7], np.float32) * (i + 1)),
                     ms.Tensor(np.array([0.3, 0.25, 0.1], np.float32)))
        value = m.eval()
        out.append((type(value).__module__, type(value).__name__, float(value), repr(value)))
        try:
            metric().eval()
        except RuntimeError as e:
            out.append(str(e))
    acc = ms.train.Accuracy()
    acc.update(ms.Tensor(np.array([[0.2, 0.8]], np.float32)), ms.Tensor(np.array([1])))
    out.append((type(acc.eval()).__name__, repr(acc.eval())))
    return out


@case(modes=("PYNATIVE",))
def connect_network_outside_sink_mode(ms):
    data = ms.dataset.NumpySlicesDataset({"x": np.ones((4, 2), np.float32)}, shuffle=False)
    helper = ms.DatasetHelper(data.batch(2), dataset_sink_mode=False)
    try:
        ms.connect_network_with_dataset(ms.nn.Dense(2, 3), helper)
        return "no error"
    except RuntimeError as e:
        return str(e)


@case(modes=("PYNATIVE",))
def metric_input_kinds_and_counts(ms):
    """What ``update`` accepts: a Tensor, a list or a NumPy array; a NumPy scalar or a tuple
    is a TypeError (``Loss``, ``MAE``, ``MSE``, ``ConfusionMatrix``), a wrong number of
    inputs a ValueError; and a multilabel ``Precision``/``Recall`` average's type and value
    (a float32 sum carried in float64)."""
    out = []
    pred = np.array([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2]], np.float32)
    label = np.array([1, 2], np.int32)
    calls = [(ms.train.Loss, (np.float32(0.5),)), (ms.train.Loss, ((0.5, 0.25),)),
             (ms.train.Loss, ([0.5, 0.25],)), (ms.train.Loss, (np.float64(2.0),)),
             (ms.train.MAE, (pred, pred, pred)), (ms.train.MSE, (pred,)),
             (ms.train.MAE, (tuple(pred.tolist()), pred)), (ms.train.MSE, (pred.tolist(), pred)),
             (lambda: ms.train.ConfusionMatrix(3), ((1, 2), label))]
    for make, args in calls:
        m = make()
        try:
            m.update(*args)
            out.append(float(m.eval()))
        except Exception as e:  # noqa: BLE001 - the class is the result
            out.append(type(e).__name__)
    y = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0]], np.float32)
    p = np.array([[1, 1, 1], [0, 1, 1], [1, 0, 0]], np.float32)
    for metric in (ms.train.Precision, ms.train.Recall):
        m = metric("multilabel")
        m.update(ms.Tensor(p), ms.Tensor(y))
        m.update(p[:2], y[:2])
        avg = m.eval(average=True)
        out.append((type(avg).__name__, float(avg), m.eval()))
    return out
