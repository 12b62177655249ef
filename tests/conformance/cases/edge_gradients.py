"""Gradients at ties and edges where MindSpore 2.10's bprops differ from JAX's derivative:
``ops.max``/``ops.min`` with an axis, ``Tensor.max(dim)``, ``ArgMaxWithValue`` (the
gradient goes to the returned index, ties are not shared; ``amax`` shares them), ``fmax``
(a tie goes to ``x``), ``copysign`` (0 where ``x`` is 0), ``hypot`` (NaN at (0, 0)),
``xlogy`` (d/dx 0 where x is 0 and y <= 0), ``l1_loss`` (0 where equal),
``margin_ranking_loss`` (a tie at the margin passes the gradient), ``kl_div`` (``-labels``
for the logits everywhere)."""
import numpy as np

from ._registry import case


def _xy(ms):
    x = ms.Tensor(np.array([0.0, 1.0, -1.0, 2.0, 0.5, 3.0, -2.0, 0.0], np.float32))
    y = ms.Tensor(np.array([0.0, 1.0, 1.0, 2.0, -0.5, 3.0, -2.0, 2.0], np.float32))
    dy = ms.Tensor(np.array([1.0, 2.0, -1.0, 0.5, 3.0, -2.0, 1.5, 1.0], np.float32))
    return x, y, dy


@case()
def binary_edge_gradients(ms):
    x, y, dy = _xy(ms)
    ops = ms.ops

    def fmax(a, b):
        return ops.fmax(a, b)

    def copysign(a, b):
        return ops.copysign(a, b)

    def hypot(a, b):
        return ops.hypot(a, b)

    def xlogy(a, b):
        return ops.xlogy(a, b)

    out = []
    for f in (fmax, copysign, hypot, xlogy):
        _, vjp = ms.vjp(f, x, y)
        out.append(vjp(dy))
    return out


@case()
def loss_edge_gradients(ms):
    x, y, _ = _xy(ms)
    ops = ms.ops
    ones = ms.Tensor(np.ones(8, np.float32))

    def losses(a, b):
        return (ops.l1_loss(a, b) + ops.margin_ranking_loss(a, b, ones)
                + ops.kl_div(a, b, "sum") * 0.5 + ops.huber_loss(a, b))
    return ms.grad(losses, grad_position=(0, 1))(x, y)


@case()
def max_min_with_indices_gradients(ms):
    x = ms.Tensor(np.array([[1, 3, 0], [3, 3, 0], [3, 1, 0]], np.float32))
    ops = ms.ops

    def f(t):
        return (ops.max(t, 0)[0].sum() + ops.min(t, 1)[0].sum() * 2
                + ops.max(t, 1, keepdims=True)[0].sum() * 3 + t.max(0)[0].sum() * 4
                + t.min(1, True)[0].sum() * 5 + ops.ArgMaxWithValue(axis=0)(t)[1].sum() * 6
                + ops.amax(t, 0).sum() * 7 + t.max(axis=0, return_indices=True)[0].sum() * 8)
    return ms.grad(f)(x)


@case(modes=("PYNATIVE",))
def tensor_max_min_overloads(ms):
    t = ms.Tensor(np.array([[1, 3, 0], [3, 3, 0]], np.float32))
    return (t.max(0), t.max(axis=0), t.max(1, True), t.max(axis=1, keepdims=True), t.min(0),
            t.min(axis=0), t.max(), t.max(0, return_indices=True),
            t.max(axis=0, return_indices=False), t.max(dim=0), t.min(dim=0),
            t.max(0, keepdim=True), t.amax(0), t.amin(1))


def _ties(ms):
    return ms.Tensor(np.array([[1, 3, 0], [3, 3, 0], [3, 1, 0]], np.float32))


@case()
def tensor_max_axis_gradient(ms):
    """``Tensor.max(axis=k)`` sends the gradient to the first index of a tie; ``max()``
    and ``amax`` share it."""
    class Sums(ms.nn.Cell):
        def construct(self, x):
            return (x.max(axis=0).sum() + x.min(axis=1, keepdims=True).sum() * 2
                    + x.max() * 3 + x.amax(0).sum() * 4)
    return ms.grad(Sums())(_ties(ms))


@case(modes=("GRAPH",))
def tensor_max_positional_dim_in_graph_mode(ms):
    """In GRAPH_MODE ``x.max(0)`` is the first overload (a Tensor)."""
    class Pos(ms.nn.Cell):
        def construct(self, x):
            return x.max(0).sum() + x.min(1, True).sum() * 2
    return ms.grad(Pos())(_ties(ms))


@case(rtol=1e-6, atol=1e-6)
def activation_kink_gradients(ms):
    """ReLU6 passes the gradient at 6 (not at 0); HSwish's slope on [-3, 3] includes the
    bounds; HSigmoid's excludes them; LeakyReLU is ``maximum(alpha * x, x)``, so at 0 its
    gradient is the mean of the slopes (both the Cells and the functional ops)."""
    v = ms.Tensor(np.array([-3.0, 0.0, 3.0, 6.0, -1.0, 1.0, 0.5, -0.5], np.float32))
    w = ms.Tensor(np.arange(1, 9, dtype=np.float32))
    nn, ops = ms.nn, ms.ops

    class Kinks(nn.Cell):
        def __init__(self):
            super().__init__()
            self.acts = nn.CellList([nn.ReLU6(), nn.HSwish(), nn.HSigmoid(),
                                      nn.LeakyReLU(0.2), nn.LeakyReLU(1.5)])

        def construct(self, x):
            out = ops.relu6(x) * 2 + ops.hardswish(x) * 3 + ops.hardsigmoid(x) * 4
            for cell in self.acts:
                out = out + cell(x)
            return (out * w).sum() + (ops.leaky_relu(x, 0.3) * w).sum()
    return ms.grad(Kinks())(v)


def _norm_cases(ms):
    ops, T = ms.ops, ms.Tensor
    ones = T(np.ones(3, np.float32))
    return {
        "norm": lambda t: ops.norm(t), "norm_2": lambda t: ops.norm(t, 2),
        "norm_2_dim": lambda t: ops.norm(t, 2, dim=0), "norm_1": lambda t: ops.norm(t, 1),
        "norm_3": lambda t: ops.norm(t, 3), "norm_inf": lambda t: ops.norm(t, float("inf")),
        "norm_ninf": lambda t: ops.norm(t, float("-inf")),
        "vector_norm": lambda t: ops.vector_norm(t),
        "vector_norm_1": lambda t: ops.vector_norm(t, 1),
        "lp_norm_2": lambda t: ops.LpNorm(0, 2)(t), "lp_norm_1": lambda t: ops.LpNorm(0, 1)(t),
        "lp_norm_3": lambda t: ops.LpNorm(0, 3)(t),
        "dist_2": lambda t: ops.dist(t, T(np.zeros(3, np.float32))),
        "dist_3": lambda t: ops.dist(t, T(np.zeros(3, np.float32)), 3),
        "pdist": lambda t: ops.pdist(ops.stack([t, t])).sum(),
        "cdist": lambda t: ops.cdist(t.reshape(1, 3, 1), t.reshape(1, 3, 1)).sum(),
        "cosine_similarity": lambda t: ops.cosine_similarity(t.reshape(1, 3),
                                                             ones.reshape(1, 3)).sum(),
        "l2_normalize": lambda t: (ops.L2Normalize(epsilon=1e-4)(t) * T([1.0, 2.0, 3.0])).sum(),
        "logit": lambda t: ops.logit(t / 4).sum(),
        "logit_eps": lambda t: ops.logit(t / 4, eps=0.1).sum(),
    }


@case(modes=("PYNATIVE",), rtol=1e-5, atol=1e-3)  # cosine's small-norm point cancels to ~1e-4
def norm_gradients_at_zero(ms):
    """MindSpore's norm gradients: LpNorm-style norms (``ops.norm`` with an order other than
    the plain 2-norm, ``LpNorm``, ``dist``, ``pdist``, ``cdist``, ``vector_norm`` but for the
    2-norm) take ``sign(x)`` (0 at 0) and give a zero vector a zero gradient; the plain
    2-norm is a square root (NaN there); L2Normalize divides by ``max(norm, epsilon)``;
    cosine_similarity clips the norm product at ``eps``; logit's slope is infinite at 0 and
    1."""
    points = [ms.Tensor(np.zeros(3, np.float32)),
              ms.Tensor(np.array([3.0, -4.0, 0.0], np.float32)),
              ms.Tensor(np.array([1e-3, 0.0, 0.0], np.float32)),
              ms.Tensor(np.array([0.0, 2.0, 4.0], np.float32))]
    return {name: [ms.grad(f)(p) for p in points] for name, f in _norm_cases(ms).items()}


@case(rtol=1e-5, atol=1e-6)
def lp_norm_gradient_both_modes(ms):
    """The LpNorm rule in both modes: a zero row has a zero gradient, a zero element of an
    L1 norm too."""
    x = ms.Tensor(np.array([[0.0, 0.0, 0.0], [3.0, -4.0, 0.0]], np.float32))
    sens = ms.Tensor(np.array([2.0, 3.0], np.float32))

    class Norms(ms.nn.Cell):
        def construct(self, t):
            return ((ms.ops.norm(t, 2, dim=1) + ms.ops.norm(t, 1, dim=1)) * sens).sum()

    return ms.grad(Norms())(x)


@case(rtol=1e-5, atol=1e-6)
def binary_cross_entropy_saturated(ms):
    """BinaryCrossEntropy's gradients at saturated predictions: ``(x - y) / max(x (1 - x),
    1e-12)`` for the logits (a wrong prediction of exactly 0 or 1 gets +-1e12, where the
    clamp's derivative would be 0) and ``log(1 - x) - log(x)`` for the labels."""
    x = ms.Tensor(np.array([0.0, 0.25, 1.0, 1.0, 0.0, 1e-7], np.float32))
    y = ms.Tensor(np.array([0.0, 0.25, 1.0, 0.0, 1.0, 0.5], np.float32))

    class Loss(ms.nn.Cell):
        def construct(self, a, b):
            return ms.ops.binary_cross_entropy(a, b, reduction="sum")

    return (ms.ops.binary_cross_entropy(x, y, reduction="none"),
            ms.grad(Loss(), grad_position=(0, 1))(x, y), ms.nn.BCELoss(reduction="mean")(x, y))
