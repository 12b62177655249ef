"""Gradients of binary ops whose other operand is an integer Tensor, as a sweep of float x
int operands found them: ``ops.maximum``/``minimum``/``fmax``/``hypot``/``xlogy``/
``copysign`` (MindSpore's own backward rules) and ``ops.pow`` raised JAX's "float0" TypeError
under ``grad`` (the integer operand's tangent reached the rule); MindSpore differentiates
the floating operand and the integer one gets no gradient. Both orders; GRAPH_MODE for
explicitly written losses."""
import numpy as np

from ._registry import case

F = np.array([[0.5, -1.5, 2.0], [3.0, 0.25, -2.5]], np.float32)
I = np.array([[1, -2, 2], [3, 0, 1]], np.int32)  # noqa: E741


def _ops(ms):
    o = ms.ops
    return [o.maximum, o.minimum, o.fmax, o.hypot, o.xlogy, o.copysign, o.pow,
            lambda a, b: a.minimum(b), lambda a, b: a ** b]


@case(modes=("PYNATIVE",))  # (MindSpore's GRAPH_MODE cannot parse the default-argument loop)
def float_first_int_second(ms):
    i = ms.Tensor(I)
    out = []
    for op in _ops(ms):
        def loss(t, op=op):
            return op(t, i).sum()
        out.append(ms.grad(loss)(ms.Tensor(np.abs(F) if op is ms.ops.xlogy else F)))
    return out


@case(modes=("PYNATIVE",))
def int_first_float_second(ms):
    i = ms.Tensor(I)
    out = []
    for op in _ops(ms)[:4] + [ms.ops.pow]:
        def loss(t, op=op):
            return op(i, t).sum()
        out.append(ms.grad(loss)(ms.Tensor(F)))
    return out


@case()
def float16_with_int64(ms):
    i = ms.Tensor(I.astype(np.int64))

    def loss(t):
        return (ms.ops.maximum(t, i) * ms.ops.pow(t, i)).sum()
    return ms.grad(loss)(ms.Tensor(F.astype(np.float16)))


@case()
def each_order_compiled(ms):
    i = ms.Tensor(I)
    ops = ms.ops

    def first(t):
        return (ops.maximum(t, i) + ops.hypot(t, i) + ops.pow(t, i)).sum()

    def second(t):
        return (ops.minimum(i, t) + ops.copysign(i, t) + ops.pow(i, t)).sum()
    t = ms.Tensor(F)
    return [ms.grad(first)(t), ms.grad(second)(t)]


@case(modes=("PYNATIVE",))
def tensor_dot_refuses_two_dtypes(ms):
    """``ops.tensor_dot`` of two dtypes is MatMul's TypeError (it computed a result)."""
    return ms.ops.tensor_dot(ms.Tensor(F.astype(np.float16)), ms.Tensor(F.T), 1)
