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

import inspect

import jax.numpy as jnp

from ..._engine import op_rows_math as m
from ..._engine.ops_build import call
from ..._engine.tensor import Tensor
from .loss import LossBase


def _huber(x, y, reduction="mean", delta=1.0):
    d = jnp.abs(x - y)
    loss = jnp.where(d < delta, 0.5 * jnp.square(d), delta * (d - 0.5 * delta))
    return m._reduce_loss(loss, reduction)


def _cosine_embedding(x1, x2, y, margin=0.0, reduction="mean"):
    cos = m._cosine_similarity(x1, x2, dim=-1, eps=1e-8)
    loss = jnp.where(y == 1, 1 - cos, jnp.maximum(cos - margin, 0))
    return m._reduce_loss(loss, reduction)


# name: (init args with defaults, impl, Tensor-valued init args passed as inputs,
#        init args passed as keywords)
_ROWS = {
    "CrossEntropyLoss": ((("weight", None), ("ignore_index", -100), ("reduction", "mean"),
                          ("label_smoothing", 0.0)), m._cross_entropy, ("weight",),
                         ("ignore_index", "reduction", "label_smoothing")),
    "NLLLoss": ((("weight", None), ("ignore_index", -100), ("reduction", "mean")),
                m._grad_to(1, m._nll_loss), ("weight",), ("ignore_index", "reduction")),
    "BCELoss": ((("weight", None), ("reduction", "mean")), m._grad_to(2, m._bce),
                ("weight",), ("reduction",)),
    "BCEWithLogitsLoss": ((("reduction", "mean"), ("weight", None), ("pos_weight", None)),
                          m._bce_with_logits, ("weight", "pos_weight"), ("reduction",)),
    "SmoothL1Loss": ((("beta", 1.0), ("reduction", "none")), m._smooth_l1_loss, (),
                     ("beta", "reduction")),
    "HuberLoss": ((("reduction", "mean"), ("delta", 1.0)), _huber, (),
                  ("reduction", "delta")),
    "KLDivLoss": ((("reduction", "mean"),), m._grad_to(1, m._kl_div), (), ("reduction",)),
    "MAELoss": ((("reduction", "mean"),), m._l1_loss, (), ("reduction",)),
    "CosineEmbeddingLoss": ((("margin", 0.0), ("reduction", "mean")), _cosine_embedding, (),
                            ("margin", "reduction")),
}


def _make(name: str, init_args, impl, tensor_args, kw_args) -> type:
    defaults = dict(init_args)

    def __init__(self, *args, **kwargs):
        values = dict(defaults)
        values.update(zip([a for a, _ in init_args], args))
        values.update(kwargs)
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

    __init__.__signature__ = inspect.Signature(
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)]
        + [inspect.Parameter(a, inspect.Parameter.POSITIONAL_OR_KEYWORD, default=d)
           for a, d in init_args])
    doc = f"``nn.{name}({', '.join(f'{a}={d!r}' for a, d in init_args)})``."
    return type(name, (LossBase,), {"__init__": __init__, "construct": construct,
                                    "__doc__": doc})


LOSSES = {name: _make(name, *row) for name, row in _ROWS.items()}
globals().update(LOSSES)
__all__ = list(LOSSES)
