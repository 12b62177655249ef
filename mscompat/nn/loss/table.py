"""Loss Cells that wrap one functional op, generated from a table.

Each row: the Cell name, its ``__init__`` arguments with MindSpore's defaults (in order), the
op-table implementation it calls and which ``__init__`` arguments become the op's keyword
arguments or extra Tensor inputs. The backward rules (labels and weights that MindSpore does
not differentiate) live in the op rows.

Example:
    >>> import mscompat as ms
    >>> loss = ms.nn.CrossEntropyLoss()
    >>> print(loss(ms.Tensor([[0.0, 0.0]]), ms.Tensor([1], ms.int32)))
    0.6931472
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np

from ... import _checkparam
from ..._engine import bprops
from ..._engine import init_args as init_args_
from ..._engine import op_rows_losses as losses
from ..._engine import op_rows_math as m
from ..._engine.errors import _ms_name, check_dtype
from ..._engine.ops_build import call
from ..._engine.tensor import Tensor
from .loss import LossBase

_huber = losses._huber_loss
_cosine_embedding = losses._cosine_embedding_loss


def _rmse(logits, labels):
    return jnp.sqrt(jnp.mean(jnp.square(logits - labels)))


def _dice(logits, label, smooth=1e-5):
    """``nn.DiceLoss``: ``1 - 2 * sum(x * y) / (sum(x * x) + sum(y * y) + smooth)``."""
    if logits.shape != label.shape:
        raise ValueError(f"For 'DiceLoss', the 'logits' shape {tuple(logits.shape)} must be "
                         f"the same as the 'labels' shape {tuple(label.shape)}.")
    x, y = logits.reshape(-1), label.reshape(-1)
    union = jnp.sum(x * x) + jnp.sum(y * y)
    return 1 - (2 * jnp.sum(x * y)) / (union + smooth)


def _activation(name):
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"For 'MultiClassDiceLoss', the 'activation' must be a str or None, "
                        f"but got {type(name).__name__}.")
    table = {"softmax": lambda x: jax.nn.softmax(x, axis=-1), "sigmoid": jax.nn.sigmoid,
             "relu": bprops.relu, "tanh": jnp.tanh, "logsoftmax": jax.nn.log_softmax}
    if name.lower() not in table:
        raise KeyError(f"The 'name' must be in {sorted(table)}, but got {name}.")
    return table[name.lower()]


def _multi_class_dice(logits, label, weights=None, ignore_indiex=None, activation="softmax"):
    """``nn.MultiClassDiceLoss``: the mean over classes (axis 1) of ``DiceLoss`` of each
    class's slice, after ``activation`` (``nn.Softmax()``: the last axis); ``weights`` scale
    each class's loss and ``ignore_indiex`` drops one (its share still divides)."""
    if logits.shape != label.shape or logits.ndim < 2:
        raise ValueError(f"For 'MultiClassDiceLoss', 'logits' and 'labels' must have the same "
                         f"shape of at least 2 dimensions, but got {tuple(logits.shape)} and "
                         f"{tuple(label.shape)}.")
    act = _activation(activation)
    if act is not None:
        logits = act(logits)
    total = 0.0
    for i in range(label.shape[1]):
        if i == ignore_indiex:
            continue
        loss = _dice(logits[:, i], label[:, i])
        if weights is not None:
            if weights.shape[0] != label.shape[1]:
                raise ValueError(f"For 'MultiClassDiceLoss', the weight shape[0] should be "
                                 f"equal to label.shape[1], but got {weights.shape[0]}.")
            loss = loss * weights[i]
        total = total + loss
    return total / label.shape[1]


def _floating(prim: str, arg: str, impl, allowed=("float16", "float32")):
    """``impl`` behind MindSpore's dtype check of the Cell's first input (the Cells refuse
    Float64 where the functional ops accept it: ``nn.CrossEntropyLoss`` vs
    ``ops.cross_entropy``)."""
    def run(x, *args, **kwargs):
        check_dtype(prim, arg, x, allowed)
        return impl(x, *args, **kwargs)
    return run


def _type_name_error(arg: str, dtype, allowed: tuple[str, ...]) -> TypeError:
    """MindSpore's ``check_type_name`` TypeError for ``nn.CrossEntropyLoss``."""
    names = [f"mindspore.{n}" for n in allowed]
    want = f"one of [{', '.join(names)}]" if len(names) > 1 else _ms_name(allowed[0])
    return TypeError(f"For 'CrossEntropyLoss', the '{arg}' should be {want}, but got "
                     f"'mindspore.{np.dtype(dtype).name}'.")


def _checked_cross_entropy(logits, labels, *args, **kwargs):
    """``nn.CrossEntropyLoss``: MindSpore's checks of the Cell (stricter than
    ``ops.cross_entropy``: Float16/Float32 logits; probabilities of the logits' shape in
    Float16/Float32, or Int32 class indices of the logits' shape without the class axis),
    then the functional loss."""
    floats = ("float16", "float32")
    if np.dtype(logits.dtype).name not in floats:
        raise _type_name_error("logits", logits.dtype, floats)
    shape, label_shape = tuple(logits.shape), tuple(labels.shape)
    prefix = "For 'CrossEntropyLoss', the"
    if logits.ndim == labels.ndim:
        if np.dtype(labels.dtype).name not in floats:
            raise _type_name_error("labels", labels.dtype, floats)
        if shape != label_shape:
            raise ValueError(f"{prefix} shape of 'logits' should be (N, C, d_0, d_1, ...), and "
                             f"the shape of 'labels' should be (N, C, d_0, d_1, ...), but get "
                             f"'logits' shape: {shape} and 'labels' shape: {label_shape}.")
    elif labels.ndim == logits.ndim - 1:
        if np.dtype(labels.dtype).name != "int32":
            raise _type_name_error("labels", labels.dtype, ("int32",))
        if logits.ndim != 1 and (shape[0], *shape[2:]) != label_shape:
            raise ValueError(f"{prefix} shape of 'logits' should be (N, C, d_0, d_1, ...), and "
                             f"the shape of 'labels' should be (N, d_0, d_1, ...), but get "
                             f"'logits' shape: {shape} and 'labels' shape: {label_shape}.")
    else:
        raise ValueError(f"{prefix} rank of 'logits' and 'labels' should be:\n"
                         f"1. 'logits.ndim == labels.ndim' for probabilities, \n"
                         f"2. 'logits.ndim - 1 == labels.ndim' for class indices, \n"
                         f"but get 'logits' rank: {logits.ndim} and 'labels' rank: "
                         f"{labels.ndim}.")
    return m._cross_entropy(logits, labels, *args, **kwargs)


# name: (init args with defaults, impl, Tensor-valued init args passed as inputs,
#        init args passed as keywords)
_ROWS = {
    "CrossEntropyLoss": ((("weight", None), ("ignore_index", -100), ("reduction", "mean"),
                          ("label_smoothing", 0.0)),
                         _checked_cross_entropy, ("weight",),
                         ("ignore_index", "reduction", "label_smoothing")),
    "NLLLoss": ((("weight", None), ("ignore_index", -100), ("reduction", "mean")),
                m._grad_to(1, m._nll_loss), ("weight",), ("ignore_index", "reduction")),
    "BCELoss": ((("weight", None), ("reduction", "mean")), m._grad_to(2, m._bce),
                ("weight",), ("reduction",)),
    "BCEWithLogitsLoss": ((("reduction", "mean"), ("weight", None), ("pos_weight", None)),
                          _floating("BCEWithLogitsLoss", "input", m._bce_with_logits,
                                    ("bfloat16", "float16", "float32")),
                          ("weight", "pos_weight"), ("reduction",)),
    "SmoothL1Loss": ((("beta", 1.0), ("reduction", "none")), m._smooth_l1_loss, (),
                     ("beta", "reduction")),
    "HuberLoss": ((("reduction", "mean"), ("delta", 1.0)), _huber, (),
                  ("reduction", "delta")),
    "KLDivLoss": ((("reduction", "mean"),), m._grad_to(1, m._kl_div), (), ("reduction",)),
    "MAELoss": ((("reduction", "mean"),), m._l1_loss, (), ("reduction",)),
    "CosineEmbeddingLoss": ((("margin", 0.0), ("reduction", "mean")), _cosine_embedding, (),
                            ("margin", "reduction")),
    "RMSELoss": ((), _rmse, (), ()),
    "SoftMarginLoss": ((("reduction", "mean"),), m._soft_margin_loss, (), ("reduction",)),
    "DiceLoss": ((("smooth", 1e-5),), _dice, (), ("smooth",)),
    "MarginRankingLoss": ((("margin", 0.0), ("reduction", "mean")),
                          losses._margin_ranking_loss, (), ("margin", "reduction")),
    "MultiLabelSoftMarginLoss": ((("weight", None), ("reduction", "mean")),
                                 losses._multilabel_soft_margin_loss, ("weight",),
                                 ("reduction",)),
    "HingeEmbeddingLoss": ((("margin", 1.0), ("reduction", "mean")),
                           losses._hinge_embedding_loss, (), ("margin", "reduction")),
    "GaussianNLLLoss": ((("full", False), ("eps", 1e-6), ("reduction", "mean")),
                        losses._gaussian_nll_loss, (), ("full", "eps", "reduction")),
    "MultiClassDiceLoss": ((("weights", None), ("ignore_indiex", None),
                            ("activation", "softmax")), _multi_class_dice, ("weights",),
                           ("ignore_indiex", "activation")),
}


def _label_smoothing(value) -> None:
    _checkparam.check_value_type("label_smoothing", value, float, "CrossEntropyLoss")
    _checkparam.check_float_range(value, 0.0, 1.0, _checkparam.INC_BOTH, "label_smoothing",
                                  "CrossEntropyLoss")


# loss -> {argument: check} run on the constructor's arguments (MindSpore's validators)
_ARG_CHECKS = {"CrossEntropyLoss": {"label_smoothing": _label_smoothing}}


def _make(name: str, init_args, impl, tensor_args, kw_args) -> type:

    def __init__(self, *args, **kwargs):
        values = init_args_.values(name, init_args, args, kwargs, _ARG_CHECKS.get(name))
        reduction = values.get("reduction", "mean")
        LossBase.__init__(self, reduction if reduction != "batchmean" else "mean")
        for k, v in values.items():
            object.__setattr__(self, k, v)
        self.reduction = reduction

    def construct(self, *inputs):
        extra = [getattr(self, a) for a in tensor_args]
        arrays = [t._data for t in inputs]
        kw = {a: getattr(self, a) for a in kw_args}
        # Tensor-valued init arguments (weights) follow the inputs positionally.
        arrays += [e._data if isinstance(e, Tensor) else e for e in extra]
        return call(impl, arrays, kw)

    __init__.__signature__ = init_args_.signature(init_args)
    doc = f"``nn.{name}({', '.join(f'{a}={d!r}' for a, d in init_args)})``."
    return type(name, (LossBase,), {"__init__": __init__, "construct": construct,
                                    "__doc__": doc})


LOSSES = {name: _make(name, *row) for name, row in _ROWS.items()}
globals().update(LOSSES)
__all__ = list(LOSSES)
