"""``nn.Embedding``: a lookup into ``embedding_table`` (vocab_size, embedding_size).

Example:
    >>> import mscompat as ms
    >>> emb = ms.nn.Embedding(4, 2, embedding_table='ones')
    >>> print(emb(ms.Tensor([[0, 3]], ms.int32)).shape)
    (1, 2, 2)
"""
from __future__ import annotations

import jax.numpy as jnp

from ..._engine import dtypes
from ..._engine.cell import Cell
from ..._engine.initializers import initialize
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor


def _lookup(ids, table):
    return jnp.take(table, ids.astype(jnp.int32), axis=0)


class Embedding(Cell):
    """``nn.Embedding(vocab_size, embedding_size, use_one_hot=False,
    embedding_table='normal', dtype=mstype.float32, padding_idx=None)``."""

    def __init__(self, vocab_size: int, embedding_size: int, use_one_hot: bool = False,
                 embedding_table="normal", dtype=dtypes.ALL["float32"],
                 padding_idx=None) -> None:
        super().__init__()
        for name, v in (("vocab_size", vocab_size), ("embedding_size", embedding_size)):
            if not isinstance(v, int) or isinstance(v, bool) or v <= 0:
                raise ValueError(f"For 'Embedding', the '{name}' must be a positive int, "
                                 f"but got {v}.")
        self.vocab_size, self.embedding_size = vocab_size, embedding_size
        self.use_one_hot, self.padding_idx = use_one_hot, padding_idx
        self.dtype = dtype
        table = initialize(embedding_table, (vocab_size, embedding_size),
                           dtypes.ALL["float32"])
        if padding_idx is not None:
            if not -vocab_size <= padding_idx < vocab_size:
                raise ValueError(f"For 'Embedding', the 'padding_idx' must be in range "
                                 f"[{-vocab_size}, {vocab_size}), but got {padding_idx}.")
            table = table.at[padding_idx].set(0)
        self.embedding_table = Parameter(Tensor._wrap(table), name="embedding_table")

    def construct(self, ids):
        return call(_lookup, (ids._data, self.embedding_table._data))

    def extend_repr(self) -> str:
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
                f"dtype={self.dtype}, padding_idx={self.padding_idx}")
