"""``mindspore.numpy`` computes with ``mindspore.ops`` (``_apply_tensor_op(ops.sin, x)``,
``ReduceSum``, ``Tensor.cumsum``, ``x1 - x2 * floor(x1 / x2)`` for ``remainder``): the
same CPU kernels, so the same numbers and gradients as the ops (they were ``jax.numpy``'s:
``log`` differed in 237 of 256 values)."""
import numpy as np

from ._registry import case


def _values(shape, seed, low, high, dtype=np.float32):
    return np.random.RandomState(seed).uniform(low, high, shape).astype(dtype)


@case(rtol=0, atol=0)
def elementwise_functions_share_the_op_kernels(ms):
    mnp = ms.numpy
    x = ms.Tensor(_values((64,), 1, 0.05, 5))
    y = ms.Tensor(_values((64,), 2, 0.3, 3))
    small = ms.Tensor(_values((64,), 3, -0.9, 0.9))
    out = [getattr(mnp, name)(x) for name in
           ("sqrt", "square", "exp", "log", "log1p", "log2", "log10", "sin", "cos", "tan",
            "arctan", "sinh", "cosh", "tanh", "expm1", "reciprocal")]
    out += [mnp.arcsin(small), mnp.arccos(small), mnp.multiply(x, y), mnp.divide(x, y),
            mnp.true_divide(x, y), mnp.arctan2(x, y), mnp.hypot(x, y), mnp.exp2(small)]
    return out


@case(rtol=0, atol=0)
def remainders_as_mindspore_composes_them(ms):
    mnp, T = ms.numpy, ms.Tensor
    a = T(np.array([5.5, -7.25, 3.0, 1.0, -0.5, 9.75, 2.5, -3.0], np.float32))
    b = T(np.array([0.0, 2.0, -2.0, 0.3, 0.7, -1.5, 2.5, 4.0], np.float32))
    ia = T(np.array([5, -7, 3, 9, -4, 0, 7, 8], np.int32))
    ib = T(np.array([0, 2, -2, 4, 3, 5, -3, 8], np.int32))
    return [mnp.remainder(a, b), mnp.mod(a, b), mnp.fmod(a, b), mnp.remainder(ia, ib),
            mnp.fmod(ia, ib), mnp.remainder(T(_values((64,), 4, -9, 9)), 1.7)]


@case(rtol=0, atol=0)
def integer_inputs(ms):
    mnp = ms.numpy
    i = ms.Tensor(np.array([1, -1, 2, 3, 7, -4, 9, 1], np.int32))
    return [mnp.reciprocal(i), mnp.exp2(i), mnp.float_power(mnp.arange(6), mnp.array(3)),
            mnp.sqrt(i)]


@case(rtol=2e-7, atol=0)
def cube_roots(ms):
    """``|x| / x * pow(|x|, 1/3)``: NaN at 0, as MindSpore's; within an ulp (``Pow``'s
    kernel is not reproduced bit for bit)."""
    mnp = ms.numpy
    return [mnp.cbrt(ms.Tensor(np.array([1, -1, 2, 3, 7, -4, 9, 0], np.int32))),
            mnp.cbrt(ms.Tensor(_values((64,), 10, -30, 30))),
            mnp.cbrt(ms.Tensor(np.array([-8.0, 3.0], np.float64)))]


@case(rtol=0, atol=0)
def reductions_in_the_cpu_order(ms):
    mnp = ms.numpy
    x = ms.Tensor(_values((16, 8), 5, -3, 3))
    cube = ms.Tensor(_values((4, 4, 8), 6, -3, 3))
    return [mnp.sum(x), mnp.mean(x), mnp.sum(x, axis=0), mnp.mean(x, axis=0),
            mnp.sum(cube, axis=(1, 2)), mnp.mean(cube, axis=2), mnp.cumsum(x),
            mnp.cumsum(x, axis=0), mnp.sum(x, initial=1.5)]


@case(rtol=0, atol=0)
def gradients_through_numpy_functions(ms):
    mnp = ms.numpy
    x = ms.Tensor(_values((8, 8), 7, 0.1, 4))
    y = ms.Tensor(_values((8, 8), 8, 0.3, 3))
    w = ms.Tensor(_values((8, 8), 9, -2, 2))

    def f(a, b):
        return mnp.sum(mnp.divide(mnp.log(a), b) * w + mnp.sqrt(a) * mnp.sin(b))
    return ms.grad(f, grad_position=(0, 1))(x, y)
