"""nn.MultiheadAttention, nn.TransformerEncoderLayer and nn.TransformerEncoder (eval mode):
outputs, attention weights and gradients w.r.t. the inputs and every Parameter, with
deterministic Parameters; masks of each kind, both layouts, unbatched input, kdim/vdim."""
import numpy as np

from ._registry import case
from .op_specs import r

Q = r(3, 2, 8, seed=80)
KV = r(4, 2, 8, seed=81)


def _set_params(ms, cell):
    for i, p in enumerate(cell.trainable_params()):
        p.set_data(ms.Tensor(r(*p.shape, seed=200 + i, lo=-0.5, hi=0.5)))
    cell.set_train(False)
    return cell


def _loss_cell(ms, cell, call_kw, n_inputs):
    class Loss(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.cell = cell

        def construct(self, *xs):
            out = self.cell(*xs, **call_kw)
            first = out[0] if isinstance(out, tuple) else out
            return (first * first).sum()
    return Loss()


def _run(ms, make, inputs, call_kw=None, masks=None):
    call_kw = dict(call_kw or {})
    for name, value in (masks or {}).items():
        call_kw[name] = ms.Tensor(value)
    cell = _set_params(ms, make(ms))
    xs = [ms.Tensor(a) for a in inputs]
    out = cell(*xs, **call_kw)
    loss = _loss_cell(ms, cell, call_kw, len(xs))
    grads = ms.value_and_grad(loss, tuple(range(len(xs))), cell.trainable_params())(*xs)
    return out, grads


PAD = np.array([[False, False, True, False], [False, True, True, False]])
FMASK = r(3, 4, seed=82, lo=-1.0, hi=0.0)
ROWS = {
    "mha_self": (lambda ms: ms.nn.MultiheadAttention(8, 2), (Q, Q, Q), {}, None),
    "mha_cross_key_padding": (lambda ms: ms.nn.MultiheadAttention(8, 4), (Q, KV, KV), {},
                              {"key_padding_mask": PAD}),
    "mha_float_mask_no_average": (lambda ms: ms.nn.MultiheadAttention(8, 2), (Q, KV, KV),
                                  {"average_attn_weights": False}, {"attn_mask": FMASK}),
    "mha_bool_mask_need_weights_false": (
        lambda ms: ms.nn.MultiheadAttention(8, 2), (Q, KV, KV), {"need_weights": False},
        {"attn_mask": FMASK < -0.6}),
    "mha_batch_first": (lambda ms: ms.nn.MultiheadAttention(8, 2, batch_first=True),
                        (Q.transpose(1, 0, 2).copy(),) * 3, {}, None),
    "mha_unbatched_no_bias": (lambda ms: ms.nn.MultiheadAttention(8, 2, has_bias=False),
                              (Q[:, 0], KV[:, 0], KV[:, 0]), {}, None),
    "mha_kdim_vdim": (lambda ms: ms.nn.MultiheadAttention(8, 2, kdim=6, vdim=4),
                      (Q, r(4, 2, 6, seed=83), r(4, 2, 4, seed=84)), {}, None),
    "encoder_layer_relu": (lambda ms: ms.nn.TransformerEncoderLayer(8, 2, 16), (Q,), {}, None),
    "encoder_layer_gelu_norm_first_mask": (
        lambda ms: ms.nn.TransformerEncoderLayer(8, 4, 12, activation="gelu",
                                                 norm_first=True),
        (Q,), {}, {"src_key_padding_mask": PAD[:, :3]}),
    "encoder_layer_batch_first_src_mask": (
        lambda ms: ms.nn.TransformerEncoderLayer(8, 2, 16, batch_first=True),
        (Q.transpose(1, 0, 2).copy(),), {}, {"src_mask": r(3, 3, seed=85, lo=-1, hi=0)}),
    "encoder_stack_norm": (
        lambda ms: ms.nn.TransformerEncoder(ms.nn.TransformerEncoderLayer(8, 2, 16), 2,
                                            norm=ms.nn.LayerNorm((8,))),
        (Q,), {}, None),
    "decoder_layer": (lambda ms: ms.nn.TransformerDecoderLayer(8, 2, 16), (Q, KV), {}, None),
    "decoder_layer_norm_first_masks": (
        lambda ms: ms.nn.TransformerDecoderLayer(8, 4, 12, activation="gelu", norm_first=True),
        (Q, KV), {}, {"tgt_mask": r(3, 3, seed=86, lo=-1, hi=0),
                      "memory_key_padding_mask": PAD}),
    "decoder_stack_norm_batch_first": (
        lambda ms: ms.nn.TransformerDecoder(
            ms.nn.TransformerDecoderLayer(8, 2, 16, batch_first=True), 2,
            norm=ms.nn.LayerNorm((8,))),
        (Q.transpose(1, 0, 2).copy(), KV.transpose(1, 0, 2).copy()), {}, None),
    "transformer_small": (
        lambda ms: ms.nn.Transformer(8, 2, 1, 1, 16), (KV, Q), {},
        {"tgt_mask": r(3, 3, seed=87, lo=-1, hi=0)}),
}


def _register(name, make, inputs, call_kw, masks):
    def fn(ms):
        return _run(ms, make, inputs, call_kw, masks)
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = __name__
    # -inf masks: a few gradient entries differ by float32 rounding (~1e-5 absolute)
    boolean = any(np.asarray(m).dtype == bool for m in (masks or {}).values())
    case(rtol=1e-4 if boolean else 2e-5, atol=1e-5 if boolean else 2e-6)(fn)


for _name, _row in ROWS.items():
    _register(_name, *_row)


@case(modes=("PYNATIVE",))
def transformer_parameter_names_and_errors(ms):
    names = [p.name for p in ms.nn.TransformerEncoder(
        ms.nn.TransformerEncoderLayer(8, 2, 16), 2).get_parameters()]
    out = []
    for make in (lambda: ms.nn.MultiheadAttention(8, 3),
                 lambda: ms.nn.TransformerEncoderLayer(8, 2, activation="tanh"),
                 lambda: ms.nn.TransformerEncoderLayer(8, 2, activation=ms.nn.Tanh())):
        try:
            make()
            out.append("ok")
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append(f"{type(e).__name__}: {e}")
    return names, out


@case(modes=("PYNATIVE",))
def attention_input_errors(ms):
    """nn.MultiheadAttention's and multi_head_attention_forward's checks: the class and the
    message of each refusal (ranks, masks, key/value shapes, dtypes against the weights)."""
    multi_head_attention_forward = ms.ops.function.nn_func.multi_head_attention_forward
    t = ms.Tensor
    q, kv = t(Q), t(KV)
    same = ms.nn.MultiheadAttention(8, 2)
    other = ms.nn.MultiheadAttention(8, 2, kdim=6, vdim=5)
    first = ms.nn.MultiheadAttention(8, 2, batch_first=True)
    bool_mask = t(np.zeros((3, 4), bool))
    calls = {
        "key_batch": lambda: same(q, t(KV[:, :1]), kv),
        "value_rank": lambda: same(q, kv, t(KV[0])),
        "query_rank": lambda: same(t(Q[None]), kv, kv),
        "unbatched_key_rank": lambda: same(t(Q[:, 0]), kv, kv),
        "kpm_rank": lambda: same(q, kv, kv, key_padding_mask=t(np.zeros((2, 4, 1), bool))),
        "kpm_int": lambda: same(q, kv, kv, key_padding_mask=t(np.zeros((2, 4), np.int32))),
        "attn_mask_rank": lambda: same(q, kv, kv, attn_mask=t(np.zeros((3,), bool))),
        "attn_mask_shape": lambda: same(q, kv, kv, attn_mask=t(np.zeros((4, 3), bool))),
        "attn_mask_3d_shape": lambda: same(q, kv, kv, attn_mask=t(np.zeros((2, 3, 4), bool))),
        "attn_mask_int": lambda: same(q, kv, kv, attn_mask=t(np.zeros((3, 4), np.int32))),
        "query_half": lambda: same(q.astype(ms.float16), kv, kv),
        "value_half": lambda: same(q, kv, kv.astype(ms.float16)),
        "embed_dim": lambda: same(t(Q[..., :6]), t(KV[..., :6]), t(KV[..., :6])),
        "separate_key_value": lambda: other(q, t(r(4, 2, 6, seed=3)), t(r(4, 1, 5, seed=4))),
        "batch_first_key_value": lambda: first(t(Q), kv, t(KV[:, :1])),
        "bool_mask_ok": lambda: same(q, kv, kv, attn_mask=bool_mask)[0].shape,
        "function_embed": lambda: multi_head_attention_forward(
            q, kv, kv, 6, 2, same.in_proj_weight, None, None, None, False, 0.0,
            same.out_proj.weight, None),
        "function_no_weight": lambda: multi_head_attention_forward(
            q, kv, kv, 8, 2, None, None, None, None, False, 0.0, same.out_proj.weight, None),
    }
    out = []
    for name, f in calls.items():
        try:
            out.append((name, "OK", str(f())))
        except Exception as e:  # noqa: BLE001 - the class and message are the result
            out.append((name, type(e).__name__, str(e).split("\n")[0]))
    return out
