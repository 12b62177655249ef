"""``nn.MultiheadAttention``, the Transformer encoder and decoder layers and stacks, and
``nn.Transformer``, as MindSpore 2.10 computes them.

Attention: packed ``in_proj_weight`` (3E, E) (or ``q/k/v_proj_weight`` when ``kdim``/``vdim``
differ), query and key each divided by ``head_dim ** 0.25``, boolean masks as ``-inf``, float
masks added, ``key_padding_mask`` merged into ``attn_mask``, softmax, dropout on the weights
in training mode, ``out_proj``; weights averaged over heads unless
``average_attn_weights=False``; ``need_weights=False`` returns a 1-tuple, as MindSpore does.

Example:
    >>> import mscompat as ms
    >>> import numpy as np
    >>> mha = ms.nn.MultiheadAttention(8, 2)
    >>> q = ms.Tensor(np.ones((3, 2, 8), np.float32))
    >>> out, weights = mha(q, q, q)
    >>> print(out.shape, weights.shape)
    (3, 2, 8) (2, 3, 3)
"""
from __future__ import annotations

import copy
import math

import jax.numpy as jnp

from ... import ops
from ..._engine import cpu_math, dtypes, jaxconfig, random_ops
from ..._engine.cell import Cell
from ..._engine.initializers import HeUniform, Uniform, XavierNormal, XavierUniform, initialize
from ..._engine.ops_build import call
from ..._engine.parameter import Parameter
from ..._engine.tensor import Tensor
from .activation import GELU, ReLU
from .basic import Dense, Dropout
from .container import CellList
from .normalization import LayerNorm

_F32 = dtypes.ALL["float32"]


def _linear(x, w, b):
    y = jnp.matmul(x, w.T, precision=jaxconfig.matmul_precision())
    return y if b is None else y + b


def _combined_mask(attn_mask, key_padding_mask, dtype, added, bsz, num_heads):
    """The additive mask MindSpore's ``multi_head_attention_forward`` builds: a UInt8
    ``attn_mask`` is boolean; both masks gain ``added`` unmasked positions; the key padding
    mask (per batch) joins a boolean ``attn_mask`` by OR but is *added* to a float one (a
    True padding entry adds 1, not -inf, as MindSpore computes it); a boolean result is 0 /
    -inf. Returns (1, 1, L, S) or (N, H, L, S), or None."""
    mask, kpm = attn_mask, key_padding_mask
    if mask is not None:
        mask = mask.astype(bool) if mask.dtype == jnp.uint8 else mask
        mask = mask[None] if mask.ndim == 2 else mask
    if added:  # the appended key positions are never masked
        mask, kpm = (None if m is None else
                     jnp.pad(m, [(0, 0)] * (m.ndim - 1) + [(0, added)]) for m in (mask, kpm))
    if kpm is not None:
        src_len = kpm.shape[-1]
        kpm = jnp.tile(kpm.reshape(bsz, 1, 1, src_len), (1, num_heads, 1, 1))
        kpm = kpm.reshape(bsz * num_heads, 1, src_len)
        if mask is None:
            mask = kpm
        elif mask.dtype == jnp.bool_:
            mask = mask | kpm.astype(bool)
        else:
            mask = mask + kpm.astype(mask.dtype)
    if mask is None:
        return None
    if mask.dtype == jnp.bool_:
        mask = jnp.where(mask, -jnp.inf, 0).astype(dtype)
    if mask.shape[0] == 1:
        return mask[None]
    return mask.reshape(bsz, num_heads, -1, mask.shape[-1])


def _attention_weights(query, key, value, w_q, w_k, w_v, bias, attn_mask, key_padding_mask,
                       bias_k=None, bias_v=None, *, num_heads, batched, batch_first,
                       zero_attn=False):
    """Projections and softmax weights: (probabilities (N, H, L, S), values (N, H, S, D)).
    ``w_k``/``w_v`` None: ``w_q`` is the packed (3E, E) ``in_proj_weight``. ``bias_k``/
    ``bias_v`` (1, 1, E) append one projected key/value position, ``zero_attn`` one of zeros
    (per head), each unmasked."""
    e = query.shape[-1]
    if w_k is None:
        w_q, w_k, w_v = w_q[:e], w_q[e:2 * e], w_q[2 * e:]
    b_q, b_k, b_v = (None,) * 3 if bias is None else (bias[:e], bias[e:2 * e], bias[2 * e:])
    if not batched:
        query, key, value = query[:, None], key[:, None], value[:, None]
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask[None]
    elif batch_first:
        query, key, value = (jnp.swapaxes(t, 0, 1) for t in (query, key, value))
    tgt_len, bsz, embed = query.shape
    head = embed // num_heads
    q, k, v = _linear(query, w_q, b_q), _linear(key, w_k, b_k), _linear(value, w_v, b_v)
    added = 0
    if bias_k is not None:
        k = jnp.concatenate([k, jnp.tile(bias_k, (1, bsz, 1))])
        v = jnp.concatenate([v, jnp.tile(bias_v, (1, bsz, 1))])
        added += 1
    src_len = k.shape[0]

    def heads(t, n):
        return t.reshape(n, bsz, num_heads, head).transpose(1, 2, 0, 3)
    q, k, v = heads(q, tgt_len), heads(k, src_len), heads(v, src_len)
    if zero_attn:
        zeros = jnp.zeros((bsz, num_heads, 1, head), k.dtype)
        k, v = jnp.concatenate([k, zeros], axis=2), jnp.concatenate([v, zeros], axis=2)
        src_len += 1
        added += 1
    scale = jnp.sqrt(jnp.sqrt(jnp.asarray(head, q.dtype)))
    scores = jnp.matmul(q / scale, jnp.swapaxes(k, -1, -2) / scale,
                        precision=jaxconfig.matmul_precision())
    mask = _combined_mask(attn_mask, key_padding_mask, q.dtype, added, bsz, num_heads)
    if mask is not None:
        scores = scores + mask
    return cpu_math.softmax(scores, axis=-1), v  # (ops.softmax in MindSpore)


def _attention_output(probs, v, w_o, b_o, *, average, batched, batch_first):
    bsz, num_heads, tgt_len, _ = probs.shape
    out = jnp.matmul(probs, v, precision=jaxconfig.matmul_precision())  # (N, H, L, D)
    out = out.transpose(2, 0, 1, 3).reshape(tgt_len, bsz, -1)
    out = _linear(out, w_o, b_o)
    weights = probs.sum(axis=1) / num_heads if average else probs
    if not batched:
        out, weights = out[:, 0], weights[0]
    elif batch_first:
        out = jnp.swapaxes(out, 0, 1)
    return out, weights


def multi_head_attention_forward(query, key, value, embed_dim_to_check: int, num_heads: int,
                                 in_proj_weight, in_proj_bias, bias_k, bias_v,
                                 add_zero_attn: bool, dropout_p: float, out_proj_weight,
                                 out_proj_bias, training: bool = True, key_padding_mask=None,
                                 attn_mask=None, use_separate_proj_weight: bool = False,
                                 q_proj_weight=None, k_proj_weight=None, v_proj_weight=None,
                                 static_k=None, static_v=None,
                                 average_attn_weights: bool = True, is_causal: bool = False,
                                 k_is_v: bool = False, q_is_k: bool = False, dtype=_F32):
    """``ops.function.nn_func.multi_head_attention_forward``: sequence-first attention
    ``(L, N, E)`` (or unbatched ``(L, E)``) with the given projection weights; returns
    ``(output, weights)`` as ``nn.MultiheadAttention`` computes them. ``is_causal=True``
    replaces the masks with MindSpore's ``ones((L, S)).tril()`` *added* to the scores.

    Example:
        >>> import numpy as np
        >>> import mscompat as ms
        >>> from mscompat.ops.function.nn_func import multi_head_attention_forward
        >>> q = ms.Tensor(np.ones((3, 2, 4), np.float32))
        >>> w = ms.Tensor(np.eye(4, dtype=np.float32).repeat(3, 0).reshape(12, 4) * 0.1)
        >>> out, weights = multi_head_attention_forward(
        ...     q, q, q, 4, 2, w, None, None, None, False, 0.0,
        ...     ms.Tensor(np.eye(4, dtype=np.float32)), None)
        >>> print(out.shape, weights.shape)
        (3, 2, 4) (2, 3, 3)
    """
    unsupported = [name for name, v in (("static_k", static_k), ("static_v", static_v))
                   if v is not None]
    if (bias_k is None) != (bias_v is None):
        raise ValueError("The bias_k and bias_v should be ``None``at the same time.")
    if unsupported:
        raise NotImplementedError(
            f"ops.function.nn_func.multi_head_attention_forward({unsupported[0]}=...) is not "
            "supported by mscompat yet.")
    if use_separate_proj_weight:
        projections = (q_proj_weight, k_proj_weight, v_proj_weight)
    else:
        projections = (in_proj_weight,)
    if is_causal:  # MindSpore adds the boolean lower triangle to the scores
        attn_mask = Tensor._wrap(jnp.tril(jnp.ones((query.shape[0], key.shape[0]),
                                                   query._data.dtype)))
        key_padding_mask = None
    return _attend(query, key, value, embed_dim_to_check, num_heads, projections,
                   in_proj_bias, (bias_k, bias_v), bool(add_zero_attn), dropout_p, training,
                   out_proj_weight, out_proj_bias, key_padding_mask, attn_mask,
                   average_attn_weights, batch_first=False)


def _check_attention(query, key, value, embed_dim, num_heads, projections, key_padding_mask,
                     attn_mask) -> None:
    """MindSpore's checks of ``multi_head_attention_forward``, in its order (sequence-first
    shapes)."""
    q_nd, k_nd, v_nd = query.ndim, key.ndim, value.ndim
    if q_nd not in (2, 3):
        raise ValueError(f"The `query` should be unbatched 2D or batched 3D tensor, but got "
                         f"`query` with {q_nd}D.")
    kind = "batched" if q_nd == 3 else "unbatched"
    if k_nd != q_nd or v_nd != q_nd:
        raise ValueError(f"For {kind} `query`, the `key` and `value` must be {q_nd}D tensor, "
                         f"but got `key` with {k_nd}D and `value` with {v_nd}D.")
    if key_padding_mask is not None and key_padding_mask.ndim != q_nd - 1:
        raise ValueError(f"For {kind} `query`, the `key_padding_mask` must be `None` or "
                         f"{q_nd - 1}D, but got `key_padding_mask` with "
                         f"{key_padding_mask.ndim}D.")
    if attn_mask is not None:
        if attn_mask.ndim not in (2, 3):
            raise ValueError(f"For {kind} `query`, the `attn_mask` must be `None`, 2-D or 3-D, "
                             f"but got `attn_mask` with{attn_mask.ndim}D.")
        expected = (num_heads, query.shape[0], key.shape[0])
        if q_nd == 2 and attn_mask.ndim == 3 and attn_mask.shape != expected:
            raise ValueError(f"The shape of `attn_mask` must to be {expected}, but got "
                             f"{attn_mask.shape}.")
    if key_padding_mask is not None and not (key_padding_mask.dtype.is_float
                                             or str(key_padding_mask.dtype) == "Bool"):
        raise ValueError("The `key_padding_mask` only supports bool and floating dtypes.")
    if query.shape[-1] != embed_dim:
        raise ValueError(f"The `embed_dim` should be {embed_dim}, but got {query.shape[-1]}.")
    if embed_dim % num_heads:
        raise ValueError(f"The `embed_dim` {embed_dim} can not be divisible by `num_heads` "
                         f"{num_heads}.")
    if len(projections) == 3:
        k2, v2 = tuple(key.shape[:q_nd - 1]), tuple(value.shape[:q_nd - 1])
        if k2 != v2:
            raise ValueError(f"The sequence length and batch dims of `key`: {k2} do not "
                             f"match `value`: {v2}.")
    elif key.shape != value.shape:
        raise ValueError(f"The shape of `key` {key.shape} does not match `value` "
                         f"{value.shape}.")
    names = ("in_proj_weight",) if len(projections) == 1 else \
        ("q_proj_weight", "k_proj_weight", "v_proj_weight")
    for name, w in zip(names, projections):
        if w is None:
            raise ValueError(f"`use_separate_proj_weight` is ``{len(names) == 3}`` but "
                             f"`{name}` got ``None``.")
    weights = projections * 3 if len(projections) == 1 else projections
    for x, w in zip((query, key, value), weights):  # the in-projections' MatMulExt
        if x.dtype != w.dtype:
            raise TypeError(f"For 'MatMulExt', the type of 'x2' should be same as 'x1', but "
                            f"got 'x1' with type Tensor[{x.dtype}] and 'x2' with type "
                            f"Tensor[{w.dtype}].")
    if attn_mask is not None:
        if not (attn_mask.dtype.is_float or str(attn_mask.dtype) in ("Bool", "UInt8")):
            raise ValueError(f"`attn_mask` only support float, byte, and bool types, but got "
                             f"not {attn_mask.dtype}.")
        tgt, src = query.shape[0], key.shape[0]
        bsz = query.shape[1] if q_nd == 3 else 1
        expected = (tgt, src) if attn_mask.ndim == 2 else (bsz * num_heads, tgt, src)
        if attn_mask.shape != expected:
            raise ValueError(f"The shape of the `attn_mask` should be {expected}, but got "
                             f"{attn_mask.shape}.")


def _attend(query, key, value, embed_dim, num_heads, projections, in_proj_bias, bias_kv,
            zero_attn, dropout_p, training, out_w, out_b, key_padding_mask, attn_mask,
            average, *, batch_first):
    """``multi_head_attention_forward`` and ``nn.MultiheadAttention``: checks, then the two
    kernels (``batch_first``: (N, L, E) inputs and output, checked as MindSpore swaps them)."""
    batched = query.ndim == 3
    seq_first = [t.swapaxes(0, 1) if batch_first and t.ndim == 3 else t
                 for t in (query, key, value)]
    _check_attention(*seq_first, embed_dim, num_heads, projections, key_padding_mask,
                     attn_mask)
    layout = {"batched": batched, "batch_first": batch_first}
    weights = tuple(w._data for w in projections) + (None,) * (3 - len(projections))
    bias = None if in_proj_bias is None else in_proj_bias._data
    mask = None if attn_mask is None else attn_mask._data
    kpm = None if key_padding_mask is None else key_padding_mask._data
    kv = () if bias_kv[0] is None else tuple(t._data for t in bias_kv)
    probs, values = call(_attention_weights, (query._data, key._data, value._data, *weights,
                                              bias, mask, kpm, *kv),
                         {"num_heads": num_heads, "zero_attn": zero_attn, **layout})
    if training and dropout_p > 0:
        probs = random_ops.stream_dropout(probs, dropout_p)  # unseeded in MindSpore
    out_b = None if out_b is None else out_b._data
    return call(_attention_output, (probs._data, values._data, out_w._data, out_b),
                {"average": average, **layout})


class MultiheadAttention(Cell):
    """``nn.MultiheadAttention(embed_dim, num_heads, dropout=0.0, has_bias=True,
    add_bias_kv=False, add_zero_attn=False, kdim=None, vdim=None, batch_first=False,
    dtype=mstype.float32)``; ``construct(query, key, value, key_padding_mask=None,
    need_weights=True, attn_mask=None, average_attn_weights=True)``."""

    def __init__(self, embed_dim: int, num_heads: int, dropout: float = 0.0,
                 has_bias: bool = True, add_bias_kv: bool = False, add_zero_attn: bool = False,
                 kdim=None, vdim=None, batch_first: bool = False, dtype=_F32) -> None:
        super().__init__()
        self.embed_dim, self.num_heads, self.dropout = embed_dim, num_heads, dropout
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise ValueError("The init argument 'embed_dim' must be divisible by 'num_heads'.")
        dtype = dtype or _F32

        def param(init, shape, name):
            return Parameter(Tensor._wrap(initialize(init, shape, dtype)), name=name)
        if self._qkv_same_embed_dim:
            self.in_proj_weight = param(XavierUniform(), (3 * embed_dim, embed_dim),
                                        "in_proj_weight")
            self.q_proj_weight = self.k_proj_weight = self.v_proj_weight = None
        else:
            self.q_proj_weight = param(XavierUniform(), (embed_dim, embed_dim), "q_proj_weight")
            self.k_proj_weight = param(XavierUniform(), (embed_dim, self.kdim), "k_proj_weight")
            self.v_proj_weight = param(XavierUniform(), (embed_dim, self.vdim), "v_proj_weight")
            self.in_proj_weight = None
        self.in_proj_bias = param("zeros", (3 * embed_dim,), "in_proj_bias") if has_bias \
            else None
        self.out_proj = Dense(embed_dim, embed_dim, has_bias=has_bias,
                              weight_init=HeUniform(math.sqrt(5)),
                              bias_init=Uniform(1 / math.sqrt(embed_dim)), dtype=dtype)
        if add_bias_kv:
            self.bias_k = param(XavierNormal(), (1, 1, embed_dim), "bias_k")
            self.bias_v = param(XavierNormal(), (1, 1, embed_dim), "bias_v")
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn

    def construct(self, query, key, value, key_padding_mask=None, need_weights: bool = True,
                  attn_mask=None, average_attn_weights: bool = True):
        if key_padding_mask is not None and not (key_padding_mask.dtype.is_float
                                                 or str(key_padding_mask.dtype) == "Bool"):
            raise ValueError("only bool and floating types of key_padding_mask are supported")
        projections = (self.in_proj_weight,) if self._qkv_same_embed_dim else \
            (self.q_proj_weight, self.k_proj_weight, self.v_proj_weight)
        out, weights = _attend(query, key, value, self.embed_dim, self.num_heads, projections,
                               self.in_proj_bias, (self.bias_k, self.bias_v),
                               self.add_zero_attn, self.dropout, self.training,
                               self.out_proj.weight, self.out_proj.bias, key_padding_mask,
                               attn_mask, average_attn_weights, batch_first=self.batch_first)
        return (out, weights) if need_weights else (out,)


def _activation(activation):
    if isinstance(activation, str):
        if activation not in ("relu", "gelu"):
            raise ValueError(f"The activation must be relu/gelu, but get {activation}")
        return ops.relu if activation == "relu" else ops.gelu
    if isinstance(activation, Cell):
        if not isinstance(activation, (ReLU, GELU)):
            raise ValueError(f"The argument 'activation' must be nn.ReLU or nn.GELU instance, "
                             f"but get {activation}.")
        return activation
    if callable(activation):
        if activation is not ops.relu and activation is not ops.gelu:
            raise ValueError(f"The argument 'activation' must be ops.relu or ops.gelu "
                             f"instance, but get {activation}.")
        return activation
    raise ValueError(f"The argument 'activation' must be str, callable or Cell instance, but "
                     f"get {activation}.")


class TransformerEncoderLayer(Cell):
    """``nn.TransformerEncoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)``; ``construct(src, src_mask=None, src_key_padding_mask=None)``."""

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048,
                 dropout: float = 0.1, activation="relu", layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, dtype=_F32) -> None:
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                            batch_first=batch_first, dtype=dtype)
        self.dense1 = Dense(d_model, dim_feedforward, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(d_model)), dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(dim_feedforward)), dtype=dtype)
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.activation1 = activation
        self.activation = _activation(activation)
        self.d_model, self.nhead, self.dim_feedforward = d_model, nhead, dim_feedforward
        self.dropout_num, self.layernorm_eps = dropout, layer_norm_eps
        self.batch_first, self.norm_first, self.dtype = batch_first, norm_first, dtype

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            return x + self._ff_block(self.norm2(x))
        x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
        return self.norm2(x + self._ff_block(x))

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                           need_weights=False)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        return self.dropout2(self.dense2(self.dropout(self.activation(self.dense1(x)))))


class TransformerEncoder(Cell):
    """``nn.TransformerEncoder(encoder_layer, num_layers, norm=None)``: ``num_layers`` copies
    of a layer built from ``encoder_layer``'s arguments (fresh weights, the same for every
    copy, as MindSpore builds them), then ``norm``."""

    def __init__(self, encoder_layer: TransformerEncoderLayer, num_layers: int,
                 norm=None) -> None:
        super().__init__()
        e = encoder_layer
        layer = TransformerEncoderLayer(e.d_model, e.nhead, e.dim_feedforward, e.dropout_num,
                                        e.activation1, e.layernorm_eps, e.batch_first,
                                        e.norm_first, dtype=e.dtype)
        self.layers = CellList([copy.deepcopy(layer) for _ in range(num_layers)])
        self.num_layers, self.norm = num_layers, norm

    def construct(self, src, src_mask=None, src_key_padding_mask=None):
        out = src
        for layer in self.layers:
            out = layer(out, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.norm(out) if self.norm is not None else out


class TransformerDecoderLayer(Cell):
    """``nn.TransformerDecoderLayer(d_model, nhead, dim_feedforward=2048, dropout=0.1,
    activation='relu', layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)``; ``construct(tgt, memory, tgt_mask=None, memory_mask=None,
    tgt_key_padding_mask=None, memory_key_padding_mask=None)``."""

    def __init__(self, d_model: int, nhead: int, dim_feedforward: int = 2048,
                 dropout: float = 0.1, activation="relu", layer_norm_eps: float = 1e-5,
                 batch_first: bool = False, norm_first: bool = False, dtype=_F32) -> None:
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                            batch_first=batch_first, dtype=dtype)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout,
                                                 batch_first=batch_first, dtype=dtype)
        self.dense1 = Dense(d_model, dim_feedforward, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(d_model)), dtype=dtype)
        self.dropout = Dropout(p=dropout)
        self.dense2 = Dense(dim_feedforward, d_model, weight_init=HeUniform(math.sqrt(5)),
                            bias_init=Uniform(1 / math.sqrt(dim_feedforward)), dtype=dtype)
        self.norm1 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm2 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.norm3 = LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype)
        self.dropout1 = Dropout(p=dropout)
        self.dropout2 = Dropout(p=dropout)
        self.dropout3 = Dropout(p=dropout)
        self.activation1 = activation
        self.activation = _activation(activation)
        self.d_model, self.nhead, self.dim_feedforward = d_model, nhead, dim_feedforward
        self.dropout_num, self.layernorm_eps = dropout, layer_norm_eps
        self.batch_first, self.norm_first, self.dtype = batch_first, norm_first, dtype

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None,
                  tgt_key_padding_mask=None, memory_key_padding_mask=None):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask,
                                    memory_key_padding_mask)
            return x + self._ff_block(self.norm3(x))
        x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
        x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
        return self.norm3(x + self._ff_block(x))

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                           need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask,
                                key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        return self.dropout3(self.dense2(self.dropout(self.activation(self.dense1(x)))))


class TransformerDecoder(Cell):
    """``nn.TransformerDecoder(decoder_layer, num_layers, norm=None)``: as
    ``TransformerEncoder``, over ``TransformerDecoderLayer`` copies."""

    def __init__(self, decoder_layer: TransformerDecoderLayer, num_layers: int,
                 norm=None) -> None:
        super().__init__()
        d = decoder_layer
        layer = TransformerDecoderLayer(d.d_model, d.nhead, d.dim_feedforward, d.dropout_num,
                                        d.activation1, d.layernorm_eps, d.batch_first,
                                        d.norm_first, dtype=d.dtype)
        self.layers = CellList([copy.deepcopy(layer) for _ in range(num_layers)])
        self.num_layers, self.norm = num_layers, norm

    def construct(self, tgt, memory, tgt_mask=None, memory_mask=None,
                  tgt_key_padding_mask=None, memory_key_padding_mask=None):
        out = tgt
        for layer in self.layers:
            out = layer(out, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                        tgt_key_padding_mask=tgt_key_padding_mask,
                        memory_key_padding_mask=memory_key_padding_mask)
        return self.norm(out) if self.norm is not None else out


class Transformer(Cell):
    """``nn.Transformer(d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6,
    dim_feedforward=2048, dropout=0.1, activation='relu', custom_encoder=None,
    custom_decoder=None, layer_norm_eps=1e-5, batch_first=False, norm_first=False,
    dtype=mstype.float32)``: encoder and decoder stacks with final LayerNorms; matrices
    re-initialised Xavier-uniform as MindSpore does."""

    def __init__(self, d_model: int = 512, nhead: int = 8, num_encoder_layers: int = 6,
                 num_decoder_layers: int = 6, dim_feedforward: int = 2048,
                 dropout: float = 0.1, activation="relu", custom_encoder=None,
                 custom_decoder=None, layer_norm_eps: float = 1e-5, batch_first: bool = False,
                 norm_first: bool = False, dtype=_F32) -> None:
        super().__init__()
        args = (d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                batch_first, norm_first)
        self.encoder = custom_encoder if custom_encoder is not None else TransformerEncoder(
            TransformerEncoderLayer(*args, dtype=dtype), num_encoder_layers,
            LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        self.decoder = custom_decoder if custom_decoder is not None else TransformerDecoder(
            TransformerDecoderLayer(*args, dtype=dtype), num_decoder_layers,
            LayerNorm((d_model,), epsilon=layer_norm_eps, dtype=dtype))
        for _, p in self.parameters_and_names():
            if p.ndim > 1:
                p.set_data(Tensor._wrap(initialize(XavierUniform(), p.shape, p.dtype)))
        self.d_model, self.nhead, self.batch_first = d_model, nhead, batch_first

    def construct(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None,
                  src_key_padding_mask=None, tgt_key_padding_mask=None,
                  memory_key_padding_mask=None):
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise ValueError("The number of features for 'src' and 'tgt' must be equal to "
                             "`d_model`.")
        memory = self.encoder(src, src_mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)


__all__ = ["MultiheadAttention", "TransformerEncoderLayer", "TransformerEncoder",
           "TransformerDecoderLayer", "TransformerDecoder", "Transformer"]
