"""Gradients at ties and edges where MindSpore 2.10's bprops differ from JAX's derivative:
``ops.max``/``ops.min`` with an axis, ``Tensor.max(dim)``, ``ArgMaxWithValue`` (the
gradient goes to the returned index, ties are not shared; ``amax`` shares them), ``fmax``
(a tie goes to ``x``), ``copysign`` (0 where ``x`` is 0), ``hypot`` (NaN at (0, 0)),
``xlogy`` (d/dx 0 at (0, 0)), ``l1_loss`` (0 where equal), ``margin_ranking_loss`` (a tie
at the margin passes the gradient), ``kl_div`` (``-labels`` for the logits everywhere)."""
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
