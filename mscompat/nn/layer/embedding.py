"""``nn.Embedding``: a lookup into ``embedding_table`` (vocab_size, embedding_size).

Example:
    >>> import mscompat as ms
    >>> emb = ms.nn.Embedding(4, 2, embedding_table='ones')
    >>> print(emb(ms.Tensor([[0, 3]], ms.int32)).shape)
    (1, 2, 2)
"""
from __future__ import annotations

import jax.numpy as jnp

from ... import _checkparam as validator
from ..._engine import dtypes
from ..._engine.cell import Cell
from ..._engine.initializers import initialize
from ..._engine.op_table import _gather
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor


def _lookup(ids, table):
    """MindSpore's Gather of the rows: its index dtypes and range (RuntimeError past the
    table; a negative id counts from the end)."""
    return _gather(table, ids, 0)


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
        if padding_idx is not None:  # MindSpore's range is [0, vocab_size): no negative index
            validator.check_int_range(padding_idx, 0, vocab_size, validator.INC_LEFT,
                                      "padding_idx", "Embedding")
            table = table.at[padding_idx].set(0)
        self.embedding_table = Parameter(Tensor._wrap(table), name="embedding_table")

    def construct(self, ids):
        return call(_lookup, (ids._data, self.embedding_table._data))

    def extend_repr(self) -> str:
        return (f"vocab_size={self.vocab_size}, embedding_size={self.embedding_size}, "
                f"use_one_hot={self.use_one_hot}, embedding_table={self.embedding_table}, "
                f"dtype={self.dtype}, padding_idx={self.padding_idx}")


def _lookup_cpu(table, ids):
    """MindSpore's CPU ``EmbeddingLookup``: rows of ``table``; ids outside the table give
    zero rows."""
    ids = ids.astype(jnp.int32)
    valid = (ids >= 0) & (ids < table.shape[0])
    return jnp.take(table, jnp.clip(ids, 0, table.shape[0] - 1), axis=0) * valid[..., None]


class EmbeddingLookup(Cell):
    """``nn.EmbeddingLookup(vocab_size, embedding_size, param_init='normal', target='CPU',
    slice_mode='batch_slice', manual_shapes=None, max_norm=None, sparse=True,
    dtype=mstype.float32)``: rows of the Parameter ``embedding_table``; with
    ``target='CPU'`` out-of-range ids give zero rows. Slicing modes only matter for
    semi-automatic parallelism (not followed: one device computes the same rows).

    Example:
        >>> import mscompat as ms
        >>> emb = ms.nn.EmbeddingLookup(4, 2, param_init='ones')
        >>> print(emb(ms.Tensor([[0, 7]], ms.int32)))
        [[[1. 1.]
          [0. 0.]]]
    """

    def __init__(self, vocab_size: int, embedding_size: int, param_init="normal",
                 target: str = "CPU", slice_mode: str = "batch_slice", manual_shapes=None,
                 max_norm=None, sparse: bool = True, dtype=dtypes.ALL["float32"]) -> None:
        super().__init__()
        name = "EmbeddingLookup"
        validator.check_value_type("sparse", sparse, [bool], name)
        self.vocab_size = validator.check_positive_int(vocab_size, "vocab_size")
        validator.check_string(target, ["CPU", "DEVICE"], "target", name)
        if not sparse and target == "CPU":
            raise ValueError(f"For '{name}', 'sparse' must be True when 'target' is 'CPU', "
                             f"but got 'sparse': {sparse} and 'target': {target}")
        self.embedding_size = validator.check_positive_int(embedding_size, "embedding_size",
                                                           name)
        if max_norm is not None:  # MindSpore's clipped rows follow no rule we could settle
            raise NotImplementedError("nn.EmbeddingLookup(max_norm=...) is not supported by "
                                      "mscompat yet.")
        self.target, self.sparse, self.max_norm = target, sparse, max_norm
        self.embedding_table = Parameter(Tensor._wrap(initialize(
            param_init, (vocab_size, embedding_size), dtype)), name="embedding_table")

    def construct(self, indices):
        if self.target == "CPU":
            return call(_lookup_cpu, (self.embedding_table._data, indices._data))
        return call(_lookup, (indices._data, self.embedding_table._data))
