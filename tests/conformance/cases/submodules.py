"""MindSpore's submodules that model code imports by path: ``ops.operations.nn_ops`` /
``_inner_ops`` (``SiLU``) and ``ops.function.*_func`` (``nn_func.multi_head_attention_forward``)."""
import importlib

import numpy as np

from ._registry import case


def _sub(ms, path):
    return importlib.import_module(f"{ms.__name__}.{path}")


def _t(v, dtype=np.float32):
    return np.asarray(v, dtype)


def _r(*shape, seed=0):
    return np.random.default_rng(seed).uniform(-1, 1, shape).astype(np.float32)


@case()
def inner_ops_silu_value_and_grad(ms):
    silu = _sub(ms, "ops.operations._inner_ops").SiLU()
    x = ms.Tensor(_t([-3.0, -1.0, 0.0, 0.5, 2.0]))

    def total(v):
        return silu(v).sum()
    return silu(x), ms.grad(total)(x)


@case()
def operations_submodules_share_the_primitives(ms):
    x = ms.Tensor(_r(1, 2, 5, 5, seed=1))
    w = ms.Tensor(_r(3, 2, 3, 3, seed=2))
    conv = _sub(ms, "ops.operations.nn_ops").Conv2D(3, 3)
    mm = _sub(ms, "ops.operations.math_ops").MatMul(transpose_b=True)
    a = ms.Tensor(_r(2, 4, seed=3))
    return conv(x, w), mm(a, a), _sub(ms, "ops.operations.array_ops").Reshape()(a, (4, 2))


@case()
def function_submodules_are_the_functionals(ms):
    x = ms.Tensor(_r(2, 3, seed=4))
    return (_sub(ms, "ops.function.math_func").exp(x),
            _sub(ms, "ops.function.nn_func").relu(x),
            _sub(ms, "ops.function.array_func").concat((x, x), 1),
            ms.ops.function.softmax(x, -1))


def _mha_args(ms, e=4, heads=2, kdim=None, seed=10):
    rng = np.random.default_rng(seed)
    w = ms.Tensor(rng.uniform(-0.5, 0.5, (3 * e, e)).astype(np.float32))
    b = ms.Tensor(rng.uniform(-0.1, 0.1, (3 * e,)).astype(np.float32))
    wo = ms.Tensor(rng.uniform(-0.5, 0.5, (e, e)).astype(np.float32))
    bo = ms.Tensor(rng.uniform(-0.1, 0.1, (e,)).astype(np.float32))
    return w, b, wo, bo


def _mhaf(ms):
    return _sub(ms, "ops.function.nn_func").multi_head_attention_forward


@case()
def mha_forward_batched(ms):
    w, b, wo, bo = _mha_args(ms)
    q, k = ms.Tensor(_r(3, 2, 4, seed=11)), ms.Tensor(_r(5, 2, 4, seed=12))
    return _mhaf(ms)(q, k, k, 4, 2, w, b, None, None, False, 0.0, wo, bo, training=False)


@case()
def mha_forward_unbatched_per_head_weights(ms):
    w, b, wo, bo = _mha_args(ms, seed=13)
    q = ms.Tensor(_r(3, 4, seed=14))
    return _mhaf(ms)(q, q, q, 4, 2, w, b, None, None, False, 0.0, wo, bo, training=False,
                     average_attn_weights=False)


@case()
def mha_forward_bool_attn_mask_and_key_padding(ms):
    w, b, wo, bo = _mha_args(ms, seed=15)
    q, k = ms.Tensor(_r(3, 2, 4, seed=16)), ms.Tensor(_r(4, 2, 4, seed=17))
    attn = ms.Tensor(np.array([[0, 0, 1, 0], [0, 1, 0, 0], [0, 0, 0, 1]], bool))
    kpm = ms.Tensor(np.array([[0, 0, 0, 1], [1, 0, 0, 0]], bool))
    return _mhaf(ms)(q, k, k, 4, 2, w, b, None, None, False, 0.0, wo, bo, training=False,
                     key_padding_mask=kpm, attn_mask=attn)


@case()
def mha_forward_float_3d_mask(ms):
    w, b, wo, bo = _mha_args(ms, seed=18)
    q = ms.Tensor(_r(3, 2, 4, seed=19))
    mask = ms.Tensor(_r(4, 3, 3, seed=20))  # (batch * heads, L, S)
    return _mhaf(ms)(q, q, q, 4, 2, w, b, None, None, False, 0.0, wo, bo, training=False,
                     attn_mask=mask)


@case()
def mha_forward_separate_projections_no_bias(ms):
    _, _, wo, _ = _mha_args(ms, seed=21)
    qw, kw, vw = (ms.Tensor(_r(4, d, seed=22 + i)) for i, d in enumerate((4, 3, 5)))
    q, k, v = ms.Tensor(_r(2, 2, 4, seed=30)), ms.Tensor(_r(3, 2, 3, seed=31)), \
        ms.Tensor(_r(3, 2, 5, seed=32))
    return _mhaf(ms)(q, k, v, 4, 2, None, None, None, None, False, 0.0, wo, None,
                     training=False, use_separate_proj_weight=True, q_proj_weight=qw,
                     k_proj_weight=kw, v_proj_weight=vw)


@case()
def mha_forward_is_causal(ms):
    w, b, wo, bo = _mha_args(ms, seed=33)
    q = ms.Tensor(_r(3, 2, 4, seed=34))
    return _mhaf(ms)(q, q, q, 4, 2, w, b, None, None, False, 0.0, wo, bo, training=False,
                     is_causal=True)


@case()
def mha_forward_grad_wrt_query_and_weights(ms):
    w, b, wo, bo = _mha_args(ms, seed=35)
    q = ms.Tensor(_r(3, 2, 4, seed=36))
    f = _mhaf(ms)

    def loss(q, w, wo):
        out, _ = f(q, q, q, 4, 2, w, b, None, None, False, 0.0, wo, bo, training=False)
        return (out * out).sum()
    return ms.grad(loss, grad_position=(0, 1, 2))(q, w, wo)


@case()
def mha_forward_wrong_embed_dim(ms):
    w, b, wo, bo = _mha_args(ms, seed=37)
    q = ms.Tensor(_r(3, 2, 4, seed=38))
    return _mhaf(ms)(q, q, q, 8, 2, w, b, None, None, False, 0.0, wo, bo, training=False)


@case()
def mha_forward_missing_in_proj_weight(ms):
    _, b, wo, bo = _mha_args(ms, seed=39)
    q = ms.Tensor(_r(3, 2, 4, seed=40))
    return _mhaf(ms)(q, q, q, 4, 2, None, b, None, None, False, 0.0, wo, bo, training=False)


@case(modes=("PYNATIVE",))
def parameter_names_of_nested_layers(ms):
    """``parameters_and_names`` and Parameter names of a network nesting layers that hold
    Parameter lists (LSTM, GRU), BatchNorm's moving statistics, SequentialCell and CellList:
    the names checkpoints are saved under."""
    nn = ms.nn

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 8, 3)
            self.bn = nn.BatchNorm2d(8)
            self.seq = nn.SequentialCell([nn.Dense(10, 5), nn.Tanh(), nn.LayerNorm((5,))])
            self.emb = nn.Embedding(10, 4)
            self.lstm = nn.LSTM(4, 6, num_layers=2, batch_first=True, bidirectional=True)
            self.gru = nn.GRU(4, 3)
            self.blocks = nn.CellList([nn.Dense(2, 2), nn.PReLU()])

        def construct(self, x):
            return x

    net = Net()
    return ([(n, p.name, p.requires_grad) for n, p in net.parameters_and_names()],
            [p.name for p in net.trainable_params()], sorted(net.parameters_dict()))
