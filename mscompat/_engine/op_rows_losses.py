"""Op-table rows for the margin, likelihood and sequence losses and the small activations that
MindSpore composes in Python (``margin_ranking_loss``, ``multilabel_soft_margin_loss``,
``gaussian_nll_loss``, ``hinge_embedding_loss``, ``glu``, ``softmin``, ``channel_shuffle``)
or runs as kernels (``MultiMarginLoss``, ``CTCLossV2``/``ctc_loss``), with MindSpore's
backward where it is not the mathematical one: ``ctc_loss``'s gradient w.r.t. the log
probabilities is ``exp(log_probs) - posterior`` on the valid time steps (MindSpore's kernel),
not ``-posterior``; an impossible alignment's loss is inf even with ``zero_infinity`` (which
zeroes its gradient), as MindSpore computes it.

Example:
    >>> import numpy as np
    >>> import mscompat as ms
    >>> x = ms.Tensor(np.array([[1.0, -2.0, 0.5, 3.0]], np.float32))
    >>> print(ms.ops.glu(x))
    [[ 0.62245935 -1.9051483 ]]
"""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np

from . import bprops, cpu_math, errors, exact_div
from .op_rows_math import _get_loss, _reduce_loss
from .op_table import REQUIRED, OpDef, fn_row


def _margin_ranking_loss(input1, input2, target, margin=0.0, reduction="mean"):
    if not isinstance(margin, float):
        raise TypeError("For 'margin_ranking_loss', the type of 'margin' should be 'float', "
                        f"but got type '{type(margin).__name__}'.")
    if input1.dtype != input2.dtype or target.dtype != input1.dtype:
        raise TypeError("For 'margin_ranking_loss', 'input1', 'input2' and 'target' must have "
                        "the same dtype.")
    # ops.clamp(..., min=0) as MindSpore writes it: the gradient passes at 0 too
    return _get_loss(bprops.clip(-target * (input1 - input2) + margin, 0.0), reduction)


def _multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    loss = target * jnp.log(jnp.exp(-input) + 1) + (1 - target) * jnp.log(jnp.exp(input) + 1)
    if weight is not None:
        loss = loss * weight
    return _get_loss(loss.sum(axis=-1) / input.shape[-1], reduction)


def _gaussian_nll_loss(x, target, var, full=False, eps=1e-6, reduction="mean"):
    if not isinstance(full, bool):
        raise TypeError(f"For 'gaussian_nll_loss', 'full' must be a bool, but got {type(full)}.")
    if not isinstance(eps, float) or eps <= 0:
        raise ValueError(f"For 'gaussian_nll_loss', 'eps' must be a positive float, but got "
                         f"{eps}.")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError("For 'gaussian_nll_loss', 'reduction' must be one of 'none', 'mean', "
                         f"or 'sum', but got {reduction}.")
    if x.shape != var.shape and x.shape[:-1] == var.shape:
        var = var[..., None]
    var = jnp.maximum(var, eps)
    const = 0.5 * math.log(2 * math.pi) if full else 0
    return _reduce_loss(0.5 * (jnp.log(var) + jnp.square(x - target) / var) + const, reduction)


def _hinge_embedding_loss(inputs, targets, margin=1.0, reduction="mean"):
    if not isinstance(margin, (float, int)) or isinstance(margin, bool):
        raise TypeError("For 'hinge_embedding_loss', the type of 'margin' should be float or "
                        f"int, but got {type(margin).__name__}.")
    if reduction not in ("none", "mean", "sum"):
        raise ValueError("For 'hinge_embedding_loss', 'reduction' must be one of 'none', "
                         f"'mean', or 'sum', but got {reduction}.")
    pos, neg = (targets > 0).astype(inputs.dtype), (targets < 0).astype(inputs.dtype)
    m = jnp.asarray(margin, inputs.dtype)
    loss = pos * inputs + jnp.maximum(m * neg - neg * inputs, 0)
    return _reduce_loss(loss, reduction)


def _huber_loss(input, target, reduction="mean", delta=1.0):
    if not jnp.issubdtype(jnp.result_type(input, target), jnp.inexact):
        input, target = input.astype(np.float32), target.astype(np.float32)  # ints: float32
    d = jnp.abs(input - target)
    loss = jnp.where(d < delta, 0.5 * jnp.square(d), delta * (d - 0.5 * delta))
    return _get_loss(loss, reduction)


def _cosine_embedding_loss(input1, input2, target, margin=0.0, reduction="mean"):
    """MindSpore's composition: the cosine over axis 1 without an epsilon (a zero vector
    gives NaN), ``1 - cos`` where the target is 1, ``max(cos - margin, 0)`` where it is -1,
    0 for any other target."""
    if jnp.issubdtype(input1.dtype, jnp.integer):
        input1, input2 = input1.astype(jnp.float32), input2.astype(jnp.float32)
    # (Div's bprop: a JAX quotient's -dout * x * y**-2 overflows a Float16 gradient)
    cos = exact_div.divide(jnp.sum(input1 * input2, 1),
                           jnp.sqrt(jnp.sum(jnp.square(input1), 1))
                           * jnp.sqrt(jnp.sum(jnp.square(input2), 1)))
    zeros = jnp.zeros_like(cos)
    loss = (jnp.where(target == 1, 1.0 - cos, zeros)
            + jnp.where(target == -1, bprops.maximum(cos - margin, zeros), zeros))
    return _get_loss(loss, reduction)


def _glu(x, axis=-1):
    if x.shape[axis] % 2:
        raise ValueError(f"For 'Split', the shape of 'input_x' at 'axis' {axis} must be "
                         f"divisible by 'output_num' 2, but got {x.shape[axis]}.")
    a, b = jnp.split(x, 2, axis=axis)
    return a * jax.nn.sigmoid(b)


def _softmin(x, axis=-1, *, dtype=None):
    if dtype is not None:
        from .dtypes import to_np
        x = x.astype(to_np(dtype))
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(axes) == 1:  # MindSpore's ``Softmax(axis)(-1 * x)``: its kernel
        return cpu_math.softmax(-1 * x, axis=int(axes[0]))
    return jax.nn.softmax(-x, axis=axis)


def _channel_shuffle(x, group):
    if not isinstance(group, int) or isinstance(group, bool):
        raise TypeError(f"For ChannelShuffle, the param `groups` must be int, but got "
                        f"{type(group)}.")
    if group < 1:
        raise ValueError(f"For ChannelShuffle, the param `groups` must be larger than 0, but got "
                         f"{group}.")
    n, c = x.shape[:2]
    if c % group:
        raise ValueError(f"For 'ChannelShuffle', the channel {c} must be divisible by 'group' "
                         f"{group}.")
    out = x.reshape(n, group, c // group, -1).transpose(0, 2, 1, 3)
    return out.reshape(x.shape)


def _multi_margin(x, target, weight=None, *, p=1, margin=1.0, reduction="mean"):
    """Per sample ``sum_{j != y} w[y] max(0, margin - x[y] + x[j])^p / C``, reduced; the
    weight gets no gradient (MindSpore's bprop)."""
    errors.check_dtype("MultiMarginLoss", "x", x, ("float16", "float32", "float64"))
    errors.check_dtype("MultiMarginLoss", "target", target, ("int64",))
    if weight is not None:
        if weight.dtype != x.dtype:
            raise TypeError("For primitive[MultiMarginLoss], the input type must be same.")
        weight = jax.lax.stop_gradient(weight)
    if p not in (1, 2):
        raise ValueError(f"For 'MultiMarginLoss', 'p' must be 1 or 2, but got {p}.")
    c = x.shape[-1]
    if errors.out_of_range(target, 0, c) is not None:
        raise ValueError("Target out of range.")
    picked = jnp.take_along_axis(x, target[:, None].astype(jnp.int32), axis=-1)
    hinge = jnp.maximum(margin - picked + x, 0) ** p
    hinge = jnp.where(jax.nn.one_hot(target, c, dtype=bool), 0, hinge)
    if weight is not None:
        hinge = hinge * weight[target.astype(jnp.int32)][:, None]
    return _reduce_loss(hinge.sum(-1) / c, reduction)


def _multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction="mean"):
    if not isinstance(margin, int) or isinstance(margin, bool):
        raise TypeError(f"For 'multi_margin_loss', the type of 'margin' must be int, but got "
                        f"{type(margin)}.")
    return _multi_margin(input, target, weight, p=p, margin=float(margin), reduction=reduction)


# -- CTC ------------------------------------------------------------------------------------

def _ctc_tables(log_probs, targets, blank):
    """The extended labels (blank, l1, blank, l2, ..., blank) per sample, their emission
    log-probabilities (N, T, 2S+1) and where a label may skip the blank before it."""
    s = targets.shape[1]
    width = 2 * s + 1
    n = targets.shape[0]
    ext = jnp.full((n, width), blank, jnp.int32).at[:, 1::2].set(targets.astype(jnp.int32))
    emit = jnp.take_along_axis(jnp.swapaxes(log_probs, 0, 1), ext[:, None, :], axis=2)
    # a label may follow the label two places before it unless they are equal (a label equal
    # to ``blank`` included, as MindSpore's kernel does)
    odd = (jnp.arange(width) % 2 == 1)[None]
    skip = odd & (ext != jnp.pad(ext, ((0, 0), (2, 0)), constant_values=-1)[:, :width])
    return ext, emit, skip


def _lse(terms):
    """log(sum(exp(terms))) over axis 0, exactly -inf when every term is."""
    top = jnp.max(terms, axis=0)
    safe = jnp.where(jnp.isfinite(top), top, 0)
    return safe + jnp.log(jnp.sum(jnp.exp(terms - safe), axis=0))


def _shift(a, k):
    """``a`` moved ``k`` places along the label axis (positive: right), -inf filled."""
    width = a.shape[1]
    if k > 0:
        return jnp.pad(a, ((0, 0), (k, 0)), constant_values=-jnp.inf)[:, :width]
    return jnp.pad(a, ((0, 0), (0, -k)), constant_values=-jnp.inf)[:, -k:]


def _ctc_alpha_beta(log_probs, targets, input_lengths, target_lengths, blank):
    """MindSpore's ``log_alpha`` and ``log_beta`` (N, T, 2S+1), -inf outside each sample's
    valid steps and extended labels, and the per-sample negative log-likelihood."""
    t = log_probs.shape[0]
    ext, emit, skip = _ctc_tables(log_probs, targets, blank)
    n, _, width = emit.shape
    neg = jnp.asarray(-jnp.inf, log_probs.dtype)
    rows = jnp.arange(n)
    end = 2 * target_lengths
    first = jnp.full((n, width), neg).at[:, 0].set(emit[:, 0, 0])
    first = first.at[:, 1].set(jnp.where(target_lengths > 0, emit[:, 0, 1], neg))

    def forward(prev, emit_t):
        cur = emit_t + _lse(jnp.stack([prev, _shift(prev, 1),
                                       jnp.where(skip, _shift(prev, 2), neg)]))
        return cur, cur

    _, rest = jax.lax.scan(forward, first, jnp.swapaxes(emit, 0, 1)[1:])
    alpha = jnp.swapaxes(jnp.concatenate([first[None], rest]), 0, 1)
    valid = ((jnp.arange(t)[None, :, None] < input_lengths[:, None, None])
             & (jnp.arange(width)[None, None, :] < 2 * target_lengths[:, None, None] + 1))
    alpha = jnp.where(valid, alpha, neg)

    last_t = jnp.maximum(input_lengths - 1, 0)
    last_emit = emit[rows, last_t]
    init = jnp.full((n, width), neg).at[rows, end].set(last_emit[rows, end])
    init = init.at[rows, jnp.maximum(end - 1, 0)].set(
        jnp.where(target_lengths > 0, last_emit[rows, jnp.maximum(end - 1, 0)],
                  init[rows, jnp.maximum(end - 1, 0)]))
    skip_back = _shift(skip.astype(jnp.int32), -2).astype(bool)  # s may jump to s + 2

    def backward(nxt, step):
        time, emit_t = step
        cur = emit_t + _lse(jnp.stack([nxt, _shift(nxt, -1),
                                       jnp.where(skip_back, _shift(nxt, -2), neg)]))
        here = (time == last_t)[:, None]
        cur = jnp.where(here, init, jnp.where((time > last_t)[:, None], neg, cur))
        return cur, cur

    _, rev = jax.lax.scan(backward, jnp.full((n, width), neg),
                          (jnp.arange(t)[::-1], jnp.swapaxes(emit, 0, 1)[::-1]))
    beta = jnp.where(valid, jnp.swapaxes(rev[::-1], 0, 1), neg)
    tail = alpha[rows, last_t]
    a = tail[rows, end]
    b = jnp.where(target_lengths > 0, tail[rows, jnp.maximum(end - 1, 0)], neg)
    return alpha, beta, -jnp.logaddexp(a, b), ext


def _ctc_nll(blank, zero_infinity):
    """Per-sample CTC loss with MindSpore's kernel rules: the gradient w.r.t. the log
    probabilities is ``exp(log_probs) - posterior`` on valid steps; an impossible alignment
    is inf (also with ``zero_infinity``, which zeroes only its gradient; without it the
    gradient is NaN)."""
    @jax.custom_vjp
    def nll(log_probs, targets, input_lengths, target_lengths):
        return _fwd(log_probs, targets, input_lengths, target_lengths)[0]

    def _fwd(log_probs, targets, input_lengths, target_lengths):
        alpha, beta, loss, ext = _ctc_alpha_beta(log_probs, targets, input_lengths,
                                                 target_lengths, blank)
        # no time steps (and so an empty target): the empty alignment, probability 1
        loss = jnp.where(input_lengths == 0, jnp.zeros_like(loss), loss)
        return loss, (log_probs, targets, input_lengths, target_lengths, alpha, beta, loss,
                      ext)

    def _bwd(res, ct):
        log_probs, targets, input_lengths, target_lengths, alpha, beta, loss, ext = res
        classes = log_probs.shape[2]
        lp = jnp.swapaxes(log_probs, 0, 1)  # (N, T, C)
        both = alpha + beta  # (N, T, L)
        onehot = jnp.log(jax.nn.one_hot(ext, classes, dtype=log_probs.dtype))  # (N, L, C)
        occupancy = jax.nn.logsumexp(both[..., None] + onehot[:, None], axis=2)  # (N, T, C)
        posterior = jnp.exp(occupancy + loss[:, None, None] - lp)
        steps = (jnp.arange(lp.shape[1])[None, :] < input_lengths[:, None])[..., None]
        grad = jnp.where(steps, jnp.exp(lp) - posterior, 0) * ct[:, None, None]
        grad = jnp.where(jnp.isinf(loss)[:, None, None], 0 if zero_infinity else jnp.nan, grad)
        zero = [np.zeros(a.shape, jax.dtypes.float0) for a in (targets, input_lengths,
                                                               target_lengths)]
        return (jnp.swapaxes(grad, 0, 1).astype(log_probs.dtype), *zero)

    nll.defvjp(_fwd, _bwd)
    return nll


def _check_lengths(input_lengths, target_lengths):
    """MindSpore's kernel refuses an input shorter than its target (RuntimeError); traced
    lengths cannot be checked here, so those samples' losses become NaN instead."""
    short = input_lengths < target_lengths
    if not isinstance(short, jax.core.Tracer):
        bad = np.flatnonzero(np.asarray(short))
        if bad.size:
            i = int(bad[0])
            raise RuntimeError(f"For 'CTCLossV2', the input_lengths[{i}] = "
                               f"{int(input_lengths[i])} should be non-negative and not smaller "
                               f"than tar_len_p[{i}] = {int(target_lengths[i])}")
    return short


def _ctc_v2(log_probs, targets, input_lengths, target_lengths, *, blank=0, reduction="none",
            zero_infinity=False):
    """``ops.CTCLossV2(blank=0, reduction='none', zero_infinity=False)``: (loss, log_alpha)."""
    if log_probs.ndim != 3 or targets.ndim != 2:
        raise ValueError("For 'CTCLossV2', 'log_probs' must be 3-D (T, N, C) and 'targets' 2-D "
                         f"(N, S), but got {log_probs.ndim}-D and {targets.ndim}-D.")
    ints = (targets, input_lengths, target_lengths)
    short = _check_lengths(input_lengths, target_lengths)
    loss = jnp.where(short, jnp.nan, _ctc_nll(blank, zero_infinity)(log_probs, *ints))
    alpha = jax.lax.stop_gradient(_ctc_alpha_beta(log_probs, *ints, blank)[0])
    return _reduce_loss(loss, reduction), alpha


def _ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
              zero_infinity=False):
    """``ops.ctc_loss``: (loss, log_alpha); 'mean' divides each loss by its target length
    (at least 1) in float32 before averaging, as MindSpore does."""
    if reduction not in ("none", "mean", "sum"):
        raise ValueError("For 'ctc_loss', 'reduction' must be one of 'none', 'mean', or 'sum', "
                         f"but got {reduction}.")
    if not isinstance(blank, int) or isinstance(blank, bool) or \
            not isinstance(zero_infinity, bool):
        raise TypeError("For 'ctc_loss', 'blank' must be an int and 'zero_infinity' a bool.")
    loss, alpha = _ctc_v2(log_probs, targets, input_lengths, target_lengths, blank=blank,
                          zero_infinity=zero_infinity)
    if reduction == "sum":
        loss = loss.sum()
    elif reduction == "mean":
        lengths = jnp.maximum(target_lengths.astype(jnp.float32), 1.0)
        loss = (loss.astype(jnp.float32) / lengths).mean().astype(loss.dtype)
    return loss, alpha


ROWS: list[OpDef] = [
    fn_row("margin_ranking_loss", _margin_ranking_loss),
    fn_row("multilabel_soft_margin_loss", _multilabel_soft_margin_loss),
    fn_row("gaussian_nll_loss", _gaussian_nll_loss),
    fn_row("hinge_embedding_loss", _hinge_embedding_loss),
    fn_row("glu", _glu),
    fn_row("huber_loss", _huber_loss),
    fn_row("cosine_embedding_loss", _cosine_embedding_loss),
    fn_row("softmin", _softmin),
    OpDef("ChannelShuffle", lambda x, *, group: _channel_shuffle(x, group),
          attrs=(("group", REQUIRED),), functional=("channel_shuffle",),
          functional_impl=lambda x, groups: _channel_shuffle(x, groups)),
    OpDef("MultiMarginLoss", _multi_margin,
          attrs=(("p", 1), ("margin", 1.0), ("reduction", "mean")),
          functional=("multi_margin_loss",), functional_impl=_multi_margin_loss),
    OpDef("CTCLossV2", _ctc_v2,
          attrs=(("blank", 0), ("reduction", "none"), ("zero_infinity", False)),
          functional=("ctc_loss",), functional_impl=_ctc_loss),
]
