"""Bessel functions JAX lacks: ``J0``, ``J1``, ``Y0``, ``Y1``, ``K0``, ``K1`` and the scaled
``K0e``/``K1e``, from the polynomial approximations of Abramowitz & Stegun, *Handbook of
Mathematical Functions*, 9.4.1-9.4.6 and 9.8.5-9.8.8 (absolute error below 1e-7, float32's
resolution); derivatives from the identities ``J0' = -J1``, ``J1' = J0 - J1/x``,
``Y0' = -Y1``, ``Y1' = Y0 - Y1/x``, ``K0' = -K1``, ``K1' = -K0 - K1/x``, as MindSpore's
backward rules use them.

Example:
    >>> import jax.numpy as jnp
    >>> from mscompat._engine import bessel
    >>> print(round(float(bessel.k0(jnp.float32(1.0))), 5))
    0.42102
"""
from __future__ import annotations

import jax
import jax.numpy as jnp
import jax.scipy.special as jsp

_2_PI = 0.636619772


def _poly(t, coefs):
    out = jnp.zeros_like(t) + coefs[-1]
    for c in coefs[-2::-1]:
        out = out * t + c
    return out


def _j_small(x, order):
    t = (x / 3.0) ** 2
    if order == 0:
        return _poly(t, (1.0, -2.2499997, 1.2656208, -0.3163866, 0.0444479, -0.0039444,
                         0.0002100))
    return x * _poly(t, (0.5, -0.56249985, 0.21093573, -0.03954289, 0.00443319,
                         -0.00031761, 0.00001109))


def _f_theta(x, order):
    t = 3.0 / x
    if order == 0:
        f = _poly(t, (0.79788456, -0.00000077, -0.00552740, -0.00009512, 0.00137237,
                      -0.00072805, 0.00014476))
        theta = x + _poly(t, (-0.78539816, -0.04166397, -0.00003954, 0.00262573,
                              -0.00054125, -0.00029333, 0.00013558))
    else:
        f = _poly(t, (0.79788456, 0.00000156, 0.01659667, 0.00017105, -0.00249511,
                      0.00113653, -0.00020033))
        theta = x + _poly(t, (-2.35619449, 0.12499612, 0.00005650, -0.00637879,
                              0.00074348, 0.00079824, -0.00029166))
    return f / jnp.sqrt(x), theta


def _j(x, order):
    ax = jnp.abs(x)
    big = jnp.maximum(ax, 3.0)
    f, theta = _f_theta(big, order)
    out = jnp.where(ax <= 3.0, _j_small(jnp.minimum(ax, 3.0), order), f * jnp.cos(theta))
    return out if order == 0 else jnp.sign(x) * out


def _y(x, order):
    small = jnp.clip(x, 1e-30, 3.0)
    t = (small / 3.0) ** 2
    if order == 0:
        near = _2_PI * jnp.log(small / 2) * _j(small, 0) + _poly(
            t, (0.36746691, 0.60559366, -0.74350384, 0.25300117, -0.04261214, 0.00427916,
                -0.00024846))
    else:
        near = (_2_PI * small * jnp.log(small / 2) * _j(small, 1) + _poly(
            t, (-0.6366198, 0.2212091, 2.1682709, -1.3164827, 0.3123951, -0.0400976,
                0.0027873))) / small
    f, theta = _f_theta(jnp.maximum(x, 3.0), order)
    out = jnp.where(x <= 3.0, near, f * jnp.sin(theta))
    return jnp.where(x < 0, jnp.nan, jnp.where(x == 0, -jnp.inf, out))


def _k_scaled(x, order):
    """``exp(x) * K_order(x)``."""
    small = jnp.clip(x, 1e-30, 2.0)
    t = (small / 2) ** 2
    if order == 0:
        near = -jnp.log(small / 2) * jsp.i0(small) + _poly(
            t, (-0.57721566, 0.42278420, 0.23069756, 0.03488590, 0.00262698, 0.00010750,
                0.00000740))
    else:
        near = (small * jnp.log(small / 2) * jsp.i1(small) + _poly(
            t, (1.0, 0.15443144, -0.67278579, -0.18156897, -0.01919402, -0.00110404,
                -0.00004686))) / small
    big = jnp.maximum(x, 2.0)
    coefs = ((1.25331414, -0.07832358, 0.02189568, -0.01062446, 0.00587872, -0.00251540,
              0.00053208) if order == 0 else
             (1.25331414, 0.23498619, -0.03655620, 0.01504268, -0.00780353, 0.00325614,
              -0.00068245))
    far = _poly(2.0 / big, coefs) / jnp.sqrt(big)
    out = jnp.where(x <= 2.0, near * jnp.exp(small), far)
    return jnp.where(x < 0, jnp.nan, jnp.where(x == 0, jnp.inf, out))


@jax.custom_jvp
def j0(x):
    return _j(x, 0)


@jax.custom_jvp
def j1(x):
    return _j(x, 1)


@jax.custom_jvp
def y0(x):
    return _y(x, 0)


@jax.custom_jvp
def y1(x):
    return _y(x, 1)


@jax.custom_jvp
def k0e(x):
    return _k_scaled(x, 0)


@jax.custom_jvp
def k1e(x):
    return _k_scaled(x, 1)


def k0(x):
    return k0e(x) * jnp.exp(-x)


def k1(x):
    return k1e(x) * jnp.exp(-x)


def _over_x(f, x):
    return jnp.where(x == 0, 0.5, f / jnp.where(x == 0, 1.0, x))


j0.defjvp(lambda p, t: (j0(p[0]), -j1(p[0]) * t[0]))
j1.defjvp(lambda p, t: (j1(p[0]), (j0(p[0]) - _over_x(j1(p[0]), p[0])) * t[0]))
y0.defjvp(lambda p, t: (y0(p[0]), -y1(p[0]) * t[0]))
y1.defjvp(lambda p, t: (y1(p[0]), (y0(p[0]) - y1(p[0]) / p[0]) * t[0]))
k0e.defjvp(lambda p, t: (k0e(p[0]), (k0e(p[0]) - k1e(p[0])) * t[0]))
k1e.defjvp(lambda p, t: (k1e(p[0]), (k1e(p[0]) - k0e(p[0]) - k1e(p[0]) / p[0]) * t[0]))


@jax.custom_jvp
def bessel_i0(x):
    """``I0``, differentiated as MindSpore's BesselI0 bprop: ``I1(x)`` (0 at 0; JAX's
    derivative of ``exp(|x|) * i0e(x)`` is 1 there)."""
    return jsp.i0(x)


@bessel_i0.defjvp
def _bessel_i0_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return bessel_i0(x), jsp.i1(x) * t


@jax.custom_jvp
def bessel_i1(x):
    """``I1``, differentiated as MindSpore's BesselI1 bprop: ``I0(x) - I1(x) / x``, and
    ``I0(0) = 1`` at 0 (the derivative is 0.5 there)."""
    return jsp.i1(x)


@bessel_i1.defjvp
def _bessel_i1_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    at_zero = x == 0
    slope = jnp.where(at_zero, jnp.ones_like(x),
                      jsp.i0(x) - jsp.i1(x) / jnp.where(at_zero, jnp.ones_like(x), x))
    return bessel_i1(x), slope * t
