"""``Pow`` of Float32 to a Python integral exponent in [-3, 7]: MindSpore's CPU kernel
multiplies (right-to-left binary exponentiation, of ``1 / x`` for negative exponents), bit
for bit; its bprop ``n * x ** (n - 1)`` (NaN at ``0 ** 0``)."""
import numpy as np

from ._registry import case

X = np.random.RandomState(0).uniform(-3, 3, 4000).astype(np.float32)


@case(modes=("PYNATIVE",), rtol=0.0, atol=0.0)
def pow_integral_exponents_bit_for_bit(ms):
    x = ms.Tensor(X)
    return [x ** n for n in (-3, -2, -1, 2, 3, 4, 5, 6, 7)] + \
        [ms.ops.pow(x, float(n)) for n in (-2.0, 3.0, 7.0)]


@case()
def pow_integral_exponent_gradients(ms):
    x = ms.Tensor(np.array([0.0, -0.0, 1.5, -2.0, 3.0], np.float32))
    out = []
    for n in (0, 1, 2, 3, -1, -2):
        out.append(ms.grad(_power_sum(ms, n))(x))
    return out


def _power_sum(ms, n):
    def total(a):
        return (a ** n).sum()
    return total


@case()
def pow_exponent_gradient(ms):
    """The exponent's gradient ``out * log(x)``: 0 at a zero base where the power is
    finite, ``-inf`` where it is infinite."""
    b = ms.Tensor(np.array([0.0, -0.0, 1.0, 2.0, -2.0, 0.5, -0.5, np.inf, -np.inf, np.nan],
                           np.float32))
    out = []
    for base in (0.0, 1.0, 2.0, np.inf):  # (-1: MindSpore's two modes disagree)
        out.append(ms.grad(_exponent_sum(ms, base))(b))
    return out


def _exponent_sum(ms, base):
    x = ms.Tensor(np.full(10, base, np.float32))

    def total(e):
        return ms.ops.pow(x, e).sum()
    return total
