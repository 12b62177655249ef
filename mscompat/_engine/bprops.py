"""MindSpore's backward rules where they differ from the mathematical derivative.

Each function here is the JAX implementation of an op-table row whose MindSpore bprop is
hand-written and gives other numbers than JAX's derivative (settled against MindSpore 2.10,
recorded in ``tests/conformance/cases/special_bprops.py``):

* ``softmax_cross_entropy``: ``d logits = dloss * (softmax(logits) - labels)`` and
  ``d labels = 0``, whatever the labels sum to (the mathematical derivative has
  ``softmax * sum(labels) - labels`` and a non-zero ``d labels``); the second output (the
  backprop tensor) passes no gradient.
* ``abs``: the gradient is ``sign(x)``, 0 at 0 (JAX: 1 at 0).
* ``clip``: the gradient passes where ``min <= x <= max``, bounds included (JAX's
  ``jnp.clip`` splits a tie at a bound in half); ``clip(nan)`` is ``min``.
* ``selu``: ``scale * (1 + selu(x))`` below 0 (recorded in ``op_specs.py``).

MindSpore's CPU values where they differ from JAX's (``tests/conformance/cases/numerics.py``):
``maximum``/``minimum`` compute ``x >= y ? x : y`` (a NaN wins only in the second operand;
the derivative stays JAX's, ties split evenly); ``sign`` of NaN and of -0.0 is 0; a float to
int32/int64 cast maps NaN, infinities and out-of-range values to the type's minimum.

Ties in ``maximum``/``minimum`` and in the ReduceMax/ReduceMin reductions (``amax``,
``max()`` of a whole Tensor) split the gradient evenly in MindSpore as in JAX, and
``relu``/``sign``/``floor``/``round``/``sqrt`` at their kinks give the same numbers: those
rows keep JAX's derivative. ``ops.max``/``min`` with an axis, ``Tensor.max(axis=k)`` and
ArgMaxWithValue send it to the returned index (``op_table.selected``); ``fmax``/``fmin``
ties go to ``x``; ``copysign`` (0 at ``x = 0``), ``hypot`` (NaN at (0, 0)) and ``xlogy``
(d/dx 0 at (0, 0)) are MindSpore's bprops below (``tests/conformance/cases/
edge_gradients.py``).

Example:
    >>> import jax.numpy as jnp
    >>> loss, backprop = softmax_cross_entropy(jnp.zeros((1, 2)), jnp.ones((1, 2)))
    >>> print(loss, backprop)
    [1.3862944] [[-0.5 -0.5]]
"""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np

from . import cpu_math, exact_div, softmax_ce


@jax.custom_vjp
def softmax_cross_entropy(logits, labels):
    """``ops.SoftmaxCrossEntropyWithLogits``: ``(loss, softmax(logits) - labels)``."""
    return _sce_forward(logits, labels)


def _sce_forward(logits, labels):
    for name, v in (("logits", logits), ("labels", labels)):
        if v.ndim != 2:
            raise ValueError(f"For primitive[SoftmaxCrossEntropyWithLogits], the dimension of "
                             f"{name} must be equal to 2, but got {v.ndim}.")
    if logits.shape != labels.shape:  # (the kernel's shape inference; JAX would broadcast)
        raise ValueError(f"For 'SoftmaxCrossEntropyWithLogits', evaluator arg 'label' shape "
                         f"must be consistent with 'logits' shape, but got 'label' shape: "
                         f"{tuple(labels.shape)}, 'logits' shape: {tuple(logits.shape)}.")
    return softmax_ce.dense(logits, labels.astype(logits.dtype))


def _sce_fwd(logits, labels):
    out = _sce_forward(logits, labels)
    return out, (out[1], labels)


def _sce_bwd(res, cts):
    backprop, labels = res
    return cts[0][..., None] * backprop, jnp.zeros_like(labels)


softmax_cross_entropy.defvjp(_sce_fwd, _sce_bwd)


def _tracing(*args) -> bool:
    return any(isinstance(a, jax.core.Tracer) for a in args)


def eager_fast(plain):
    """Run ``plain`` (same values, no custom rule) when no argument is traced: a custom
    derivative only matters under a transform, and calling a ``custom_jvp`` eagerly costs
    hundreds of microseconds of signature handling per op."""
    def deco(custom):
        def op(*args):
            return custom(*args) if _tracing(*args) else plain(*args)
        op.__name__ = getattr(custom, "__name__", plain.__name__)
        op.__doc__ = custom.__doc__
        return op
    return deco


@jax.custom_jvp
def _abs(x):
    """``ops.abs``: the gradient is ``dout`` where ``x > 0``, ``-dout`` where ``x < 0``, else
    0 (at 0, and at NaN: MindSpore's AbsGrad; JAX's ``jnp.abs`` gives 1 at 0, NaN at NaN)."""
    return jnp.abs(x)


@_abs.defjvp
def _abs_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    sign = jnp.where(x > 0, 1, jnp.where(x < 0, -1, 0)).astype(t.dtype)
    return jnp.abs(x), sign * t


abs = eager_fast(jnp.abs)(_abs)  # noqa: A001 (MindSpore's op name)


def _c_max(x, y):
    """MindSpore's CPU ``max``: ``x >= y ? x : y`` (a NaN in ``x`` loses, in ``y`` wins)."""
    return jnp.where(x >= y, x, y)


def _c_min(x, y):
    return jnp.where(x <= y, x, y)


def _c_select(c_op, j_op, loses):
    """MindSpore's values with a NaN (``c_op``) and its Maximum/Minimum gradient: an
    operand gets ``dout`` unless it ``loses`` (``x < y`` for maximum), half at a tie, so
    where either operand is NaN both get all of it."""
    @jax.custom_jvp
    def f(x, y):
        return c_op(x, y).astype(jnp.result_type(x, y))

    @f.defjvp
    def _jvp(primals, tangents):
        (x, y), (tx, ty) = primals, tangents
        out = f(x, y)
        tie = x == y
        wx = jnp.where(tie, 0.5, jnp.where(loses(x, y), 0.0, 1.0)).astype(out.dtype)
        wy = jnp.where(tie, 0.5, jnp.where(loses(y, x), 0.0, 1.0)).astype(out.dtype)
        return out, wx * tx + wy * ty

    def op(x, y):
        if not (jnp.issubdtype(jnp.result_type(x, y), jnp.inexact)):
            return j_op(x, y)  # integers have no NaN
        if not _tracing(x, y):
            return c_op(x, y).astype(jnp.result_type(x, y))  # eager: values only
        return f(*scalars_as_arrays(x, y))
    op.__name__ = j_op.__name__
    return op


maximum = _c_select(_c_max, jnp.maximum, jnp.less)
minimum = _c_select(_c_min, jnp.minimum, jnp.greater)


def sign(x):
    """``ops.sign``: NaN and -0.0 give 0 (JAX: NaN and -0.0)."""
    one = jnp.ones((), x.dtype)
    return jnp.where(x > 0, one, jnp.where(x < 0, -one, jnp.zeros((), x.dtype)))


def cast(x, np_dtype):
    """A float -> integer cast as MindSpore's CPU kernel (C's conversion on x86) does it:
    truncation through int32 for targets of up to 32 bits (int64 for uint32/int64/uint64),
    where NaN, infinities and values out of that range become its minimum, then the bits
    kept to the target's width (so -1.0 -> uint8 is 255, 256.0 -> int8 is 0)."""
    np_dtype = np.dtype(np_dtype)
    if jnp.issubdtype(x.dtype, jnp.floating) and np.issubdtype(np_dtype, np.integer):
        wide = np.dtype(np.int64) if np_dtype.itemsize * 8 >= 32 and np_dtype != np.int32 \
            else np.dtype(np.int32)
        info = np.iinfo(wide)
        bad = jnp.isnan(x) | (x >= float(info.max) + 1) | (x < float(info.min))
        through = jnp.where(bad, info.min, jnp.where(bad, 0, x).astype(wide)).astype(wide)
        return through.astype(np_dtype)
    return x.astype(np_dtype)


def _clamp_operands(x, bounds):
    """MindSpore's Clamp dtype rule: no Bool operand; Tensor bounds promote with ``x`` (an Int8
    Tensor clamped by a Float32 one is Float32); a Python float bound makes an integer ``x``
    Float32 and a Python int bound leaves the dtype alone (converted as C converts: -1
    bounds a UInt8 Tensor as 255); beside a Python bound, a Tensor bound counts as a number
    (Float16 clamped by a Float32 Tensor and 1.5 stays Float16)."""
    bounds = [b.item() if isinstance(b, np.generic) else b for b in bounds]
    if any(isinstance(v, bool) or (hasattr(v, "dtype") and np.dtype(v.dtype) == np.bool_)
           for v in (x, *bounds)):
        raise ValueError("For Clamp, the dtype of 'input', 'min' and 'max' must not be bool.")
    tensors = [b for b in bounds if hasattr(b, "dtype")]
    if tensors and any(isinstance(b, (int, float)) for b in bounds):
        # a Python bound beside a Tensor one: MindSpore's ClampScalar takes both as numbers
        if any(jnp.ndim(b) for b in tensors):
            number = next(b for b in bounds if isinstance(b, (int, float)))
            raise TypeError(f'Failed calling clamp with "clamp(Tensor, '
                            f'{type(number).__name__})".')
        tensors, floats = [], any(isinstance(b, float) or (hasattr(b, "dtype") and jnp.issubdtype(
            b.dtype, jnp.inexact)) for b in bounds)
    else:
        floats = any(isinstance(b, float) for b in bounds)
    dtype = np.dtype(jnp.result_type(x, *tensors))
    if jnp.issubdtype(dtype, jnp.integer) and floats:
        dtype = np.dtype(np.float32)
    out = []
    for b in bounds:
        if isinstance(b, int) and jnp.issubdtype(dtype, jnp.integer):
            b = np.array(b, np.int64).astype(dtype)
        out.append(None if b is None else jnp.asarray(b).astype(dtype))
    return jnp.asarray(x).astype(dtype), out


def clip_functional(input, min=None, max=None):  # noqa: A002 (MindSpore's names)
    """``ops.clip``/``ops.clamp``: both bounds Tensors or both numbers (ClampTensor or
    ClampScalar); a Tensor beside a Python number is refused (the Tensor methods and
    ``mint.clamp`` accept it)."""
    kinds = [hasattr(b, "dtype") and not isinstance(b, np.generic) for b in (min, max)
             if b is not None]
    if len(set(kinds)) == 2:
        names = ["Tensor" if hasattr(b, "dtype") else type(b).__name__ for b in (min, max)]
        raise TypeError(f'Failed calling ClampTensor with "ClampTensor()(input=Tensor, '
                        f'min={names[0]}, max={names[1]})".')
    return clip(input, min, max)


def clip(input, min=None, max=None):  # noqa: A002 (MindSpore's argument names)
    """``Tensor.clip``/``clamp``, ``mint.clamp``: the gradient passes to ``x`` inside
    ``[min, max]``, bounds included."""
    if min is None and max is None:
        raise ValueError("For Clamp, at least one of 'min' or 'max' must not be None.")
    x, (min, max) = _clamp_operands(input, (min, max))
    inside = jnp.ones(jnp.shape(x), bool)
    if min is not None:
        inside = inside & (x >= min)
    if max is not None:
        inside = inside & (x <= max)
    clipped = jax.lax.stop_gradient(x)  # MindSpore's NaN rule: clip(nan) is min
    if min is not None:
        clipped = _c_max(clipped, min)
    if max is not None:
        clipped = _c_min(clipped, max)
    return jnp.where(inside, x, clipped)


_SELU_ALPHA, _SELU_SCALE = 1.6732632423543772, 1.0507009873554805


@jax.custom_jvp
def _selu(x):
    """``ops.selu``: for ``x < 0`` MindSpore's bprop is ``scale * (1 + selu(x))`` (its
    EluGrad applied to the SeLU output with alpha 1), not ``scale * alpha * exp(x)``."""
    return jax.nn.selu(x)


@_selu.defjvp
def _selu_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    out = jax.nn.selu(x)
    slope = jnp.where(x <= 0, 1.0 + out, 1.0) * _SELU_SCALE  # (a NaN: the positive slope)
    return out, slope.astype(t.dtype) * t


selu = eager_fast(jax.nn.selu)(_selu)


# -- scatter along a dimension (ops.tensor_scatter_elements, mint.scatter) -------------
def element_index(index, dim):
    """The advanced index addressing ``input[..., index[i, j], ...]`` along ``dim``."""
    grids = list(jnp.meshgrid(*(jnp.arange(s) for s in index.shape), indexing="ij"))
    grids[dim % index.ndim] = index
    return tuple(grids)


@functools.partial(jax.custom_vjp, nondiff_argnums=(3,))
def scatter_set(input, index, src, dim):
    """``input`` with ``src`` written at ``index`` along ``dim``. MindSpore's backward:
    the input's gradient is zero where written, ``src``'s is ``dout`` gathered at
    ``index`` (every duplicate receives it, not one winner)."""
    return input.at[element_index(index, dim)].set(src.astype(input.dtype))


def _scatter_set_fwd(input, index, src, dim):
    return scatter_set(input, index, src, dim), (index, src.shape)


def _scatter_set_bwd(dim, res, dout):
    index, src_shape = res
    d_input = dout.at[element_index(index, dim)].set(0)
    d_src = jnp.zeros(src_shape, dout.dtype).at[tuple(slice(0, s) for s in index.shape)].set(
        jnp.take_along_axis(dout, index, axis=dim))
    return d_input, None, d_src


scatter_set.defvjp(_scatter_set_fwd, _scatter_set_bwd)


def _nd_index(indices):
    return tuple(jnp.moveaxis(indices, -1, 0))


@functools.partial(jax.custom_vjp, nondiff_argnums=(3,))
def tensor_scatter_scale(x, indices, updates, kind):
    """``TensorScatterMul``/``TensorScatterDiv`` (``kind`` "multiply"/"divide"): ``x`` scaled
    by ``updates`` at ``indices`` (duplicates compound). MindSpore's backward (defined for
    duplicate indices too, where JAX's is not): ``dx = dout`` scaled the same way,
    ``d updates = dout[idx] * x[idx]`` (times ``-1 / updates**2`` for divide)."""
    return getattr(x.at[_nd_index(indices)], kind)(updates)


def _scatter_scale_fwd(x, indices, updates, kind):
    return tensor_scatter_scale(x, indices, updates, kind), (x, indices, updates)


def _scatter_scale_bwd(kind, res, dout):
    x, indices, updates = res
    idx = _nd_index(indices)
    dx = getattr(dout.at[idx], kind)(updates)
    du = dout[idx] * x[idx]
    if kind == "divide":
        du = -du / (updates * updates)
    return dx, None, du.astype(updates.dtype)


tensor_scatter_scale.defvjp(_scatter_scale_fwd, _scatter_scale_bwd)


def scalars_as_arrays(*args) -> tuple:
    """Python numbers among ``args`` as arrays of the floating operand's dtype (else their
    common type), and integer or Bool arrays beside a floating one as the arrays' common
    floating type: a custom derivative rule would otherwise give them a ``float0`` tangent
    (``ops.maximum(x, 0)``, ``ops.maximum(x, int_tensor)`` under ``grad``)."""
    arrays = [a for a in args if hasattr(a, "dtype")]
    floats = [a.dtype for a in arrays if jnp.issubdtype(a.dtype, jnp.inexact)]
    if floats and len(floats) < len(arrays):
        common = jnp.result_type(*arrays)
        args = tuple(a.astype(common) if hasattr(a, "dtype") and
                     not jnp.issubdtype(a.dtype, jnp.inexact) else a for a in args)
    if not any(isinstance(a, (int, float, bool)) for a in args):
        return args
    dt = floats[0] if floats else jnp.result_type(*args)
    return tuple(jnp.asarray(a, dt) if isinstance(a, (int, float, bool)) else a for a in args)


def _with_jvp(plain, jvp):
    """``plain`` with the derivative ``jvp(primals, tangents) -> tangent_out`` under a
    transform (eagerly, ``plain`` alone: no custom-rule dispatch cost)."""
    custom = jax.custom_jvp(plain)

    @custom.defjvp
    def _rule(primals, tangents):
        return custom(*primals), jvp(primals, tangents, plain(*primals))

    def traced(*args):
        return custom(*scalars_as_arrays(*args))
    return eager_fast(plain)(traced)


def _fmax_jvp(primals, tangents, out, pick_x):
    (x, y), (tx, ty) = primals, tangents  # (custom_jvp instantiates zero tangents)
    return jnp.where(pick_x(x, y), tx, ty).astype(out.dtype)


fmax = _with_jvp(jnp.fmax, lambda p, t, o: _fmax_jvp(
    p, t, o, lambda x, y: (x >= y) | jnp.isnan(y)))
fmax.__doc__ = ("``ops.fmax``: a tie passes the gradient to ``x`` (MindSpore's bprop; JAX "
                "gives it to ``y``), a NaN operand to the other one.")
fmin = _with_jvp(jnp.fmin, lambda p, t, o: _fmax_jvp(
    p, t, o, lambda x, y: (x <= y) | jnp.isnan(y)))


def _hypot_jvp(primals, tangents, out):
    (x, y), (tx, ty) = primals, tangents
    return (x / out) * tx + (y / out) * ty  # MindSpore's: NaN at (0, 0), JAX's: 0


hypot = _with_jvp(cpu_math.libm(jnp.hypot), _hypot_jvp)  # (libm's hypotf on the CPU)


def _copysign_jvp(primals, tangents, out):
    (x, _), (tx, _) = primals, tangents
    return (jnp.sign(x) * jnp.sign(out)).astype(out.dtype) * tx  # 0 where x is 0


def copysign_values(x, y):
    """MindSpore's ``copysign``: ``-|x|`` where ``y < 0``, else ``|x|`` (a ``-0.0`` or NaN
    ``y`` is not below 0: ``copysign(1.5, -0.0)`` is 1.5; IEEE's ``copysign`` reads the sign
    bit)."""
    magnitude = jnp.abs(x)
    return jnp.where(y < 0, -magnitude, magnitude)


copysign = _with_jvp(copysign_values, _copysign_jvp)


def _xlogy_values(x, y):
    return x * jnp.log(y)


def _xlogy_jvp(primals, tangents, out):
    (x, y), (tx, ty) = primals, tangents
    # MindSpore's XlogyGrad: d/dx is log(y), but 0 where x is 0 and y <= 0 (JAX: 0 wherever
    # x is 0); d/dy is x / y as its Div kernel gives it (by a zero of either sign: +inf for
    # x > 0, the divisor's sign not used)
    dx = jnp.where((x == 0) & (y <= 0), 0, jnp.log(y)).astype(out.dtype)
    dy = exact_div.by_zero(x, y, x / y).astype(out.dtype)
    return dx * tx + dy * ty


xlogy = _with_jvp(_xlogy_values, _xlogy_jvp)


def _slope_jvp(slope):
    def jvp(primals, tangents, out):
        (x,), (t,) = primals, tangents
        return slope(x).astype(out.dtype) * t
    return jvp


# kinks as MindSpore's grad kernels take them (JAX averages the two sides at a kink)
relu6 = _with_jvp(lambda x: jnp.clip(x, 0, 6), _slope_jvp(
    lambda x: (x > 0) & (x <= 6)))  # ReLU6Grad: the gradient passes at 6, not at 0


def _hardswish_jvp(primals, tangents, out):  # HSwishGrad: dy * (2x + 3) / 6 on [-3, 3]
    (x,), (t,) = primals, tangents  # (transposed: the product first, then the quotient)
    # (Float16: the kernel computes in float32 and rounds once)
    wide = np.float32 if t.dtype == np.float16 else t.dtype
    x_w, t_w = x.astype(wide), t.astype(wide)
    factor = jnp.where((x_w < -3) | (x_w > 3), 0, x_w + x_w + 3)  # (finite at +-inf)
    inner = (exact_div.divide(t_w, 6, wide) * factor).astype(t.dtype)
    return jnp.where(x < -3, jnp.zeros_like(t), jnp.where(x > 3, t, inner))


def _hardsigmoid_jvp(primals, tangents, out):  # HSigmoidGrad: dy / 6 but at |x| >= 3
    (x,), (t,) = primals, tangents  # (so at a NaN too)
    return jnp.where((x <= -3) | (x >= 3), 0, exact_div.divide(t, 6, t.dtype)).astype(out.dtype)


def _hardswish_values(x):
    """MindSpore's HSwish: +0 up to -3, ``x`` from 3, ``x * (x + 3) / 6`` between (in that
    order: one rounding of the product, one of the quotient); NaN stays NaN."""
    return jnp.where(x <= -3, jnp.zeros_like(x),
                     jnp.where(x >= 3, x, exact_div.divide(x * (x + 3), 6, x.dtype)))


def _hardsigmoid_values(x):
    """MindSpore's HSigmoid: 0 up to -3, 1 from 3, ``(x + 3) / 6`` between (an integer
    input divided as integers, its dtype kept); NaN stays."""
    inner = ((x + 3) // 6 if jnp.issubdtype(x.dtype, jnp.integer)
             else exact_div.divide(x + 3, 6, x.dtype))
    return jnp.where(x <= -3, jnp.zeros_like(x), jnp.where(x >= 3, jnp.ones_like(x), inner))


hardswish = _with_jvp(_hardswish_values, _hardswish_jvp)
hardsigmoid = _with_jvp(_hardsigmoid_values, _hardsigmoid_jvp)


def relu(x):
    """MindSpore's ReLU, ``x > 0 ? x : 0``: a NaN becomes 0 (JAX's ``relu`` keeps it); the
    gradient passes where ``x > 0``."""
    return jnp.where(x > 0, x, jnp.zeros_like(x))


def hardtanh(x, min_val=-1.0, max_val=1.0):
    """``ops.hardtanh``: MindSpore's ``minimum(maximum(x, min_val), max_val)`` with its
    Maximum/Minimum (a NaN becomes ``min_val``)."""
    return minimum(maximum(x, min_val), max_val).astype(x.dtype)


# -- norms ----------------------------------------------------------------------------------
def _p_norm(x, p, axis, keepdims, eps):
    """(A Float16 input is computed in float32 and rounded once, as the kernel does.)"""
    wide = x.astype(np.float32) if x.dtype == np.float16 else x
    out = jnp.sum(jnp.abs(wide) ** p, axis=axis, keepdims=keepdims) ** (1.0 / p)
    return out.astype(x.dtype)


_guarded_p_norm = jax.custom_vjp(_p_norm, nondiff_argnums=(1, 2, 3, 4))


def _guarded_p_norm_fwd(x, p, axis, keepdims, eps):
    out = _p_norm(x, p, axis, keepdims, eps)
    return out, (x, out)


def _guarded_p_norm_bwd(p, axis, keepdims, eps, res, g):
    x, out = res
    if not keepdims and axis is not None:
        out, g = (jnp.expand_dims(v, axis) for v in (out, g))
    scale = jnp.maximum(out, jnp.asarray(eps, out.dtype)) ** (p - 1)
    return (g * jnp.sign(x) * jnp.abs(x) ** (p - 1) / scale,)


_guarded_p_norm.defvjp(_guarded_p_norm_fwd, _guarded_p_norm_bwd)
_p_norm_op = eager_fast(_p_norm)(_guarded_p_norm)


def vector_norm(x, p, axis=None, keepdims=False, guarded=True, eps=1e-12):
    """The ``p``-norm over ``axis`` (a tuple or None) as MindSpore's ``LpNorm`` differentiates
    it: ``|x|`` has the gradient ``sign(x)`` (0 at 0), and a p-norm (p > 1) divides by
    ``max(norm, eps) ** (p - 1)``, so a zero vector gets a zero gradient. ``guarded=False``
    is the plain square root of the sum of squares (``ops.norm(x)``: NaN at zero)."""
    if p == 0:
        return jnp.sum((x != 0).astype(x.dtype), axis=axis, keepdims=keepdims)
    if p in (float("inf"), float("-inf")):
        reduce = jnp.max if p > 0 else jnp.min
        return reduce(abs(x), axis=axis, keepdims=keepdims)
    if p == 1:
        return jnp.sum(abs(x), axis=axis, keepdims=keepdims)
    if not guarded and p == 2:
        return jnp.sqrt(jnp.sum(x * x, axis=axis, keepdims=keepdims))
    return _p_norm_op(x, float(p), axis, keepdims, eps)


def _l2_normalized(x, axis, epsilon):
    return x / jnp.sqrt(jnp.maximum(jnp.sum(x * x, axis=axis, keepdims=True), epsilon))


_l2_normalize = jax.custom_vjp(_l2_normalized, nondiff_argnums=(1, 2))


def _l2_normalize_fwd(x, axis, epsilon):
    y = _l2_normalized(x, axis, epsilon)
    return y, (x, y)


def _l2_normalize_bwd(axis, epsilon, res, g):
    x, y = res
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    # MindSpore's L2NormalizeGrad kernel counts the lone element of a length-1 axis twice in
    # both of its sums (a norm of sqrt(2) |x|, not a zero gradient)
    k = 2 if all(x.shape[a] == 1 for a in axes) else 1
    norm = jnp.sqrt(k * jnp.sum(x * x, axis=axis, keepdims=True))
    dot = k * jnp.sum(g * y, axis=axis, keepdims=True)
    return ((g - y * dot) / jnp.maximum(norm, epsilon),)


_l2_normalize.defvjp(_l2_normalize_fwd, _l2_normalize_bwd)
l2_normalize = eager_fast(_l2_normalized)(_l2_normalize)
l2_normalize.__doc__ = (
    "``L2Normalize``: ``x / sqrt(max(sum(x * x), epsilon))``; MindSpore's gradient "
    "``(dy - y * sum(dy * y)) / max(norm, epsilon)`` (a zero vector: ``dy / epsilon``; "
    "along a length-1 axis both sums count the element twice, as its kernel does).")


def _logit_values(x, eps):
    z = x if eps is None or eps < 0 else jnp.clip(x, eps, 1 - eps)
    return jnp.log(z / (1 - z))


_logit = jax.custom_jvp(_logit_values, nondiff_argnums=(1,))


@_logit.defjvp
def _logit_jvp(eps, primals, tangents):
    (x,), (t,) = primals, tangents
    slope = 1 / (x * (1 - x))
    if eps is not None and eps >= 0:
        slope = jnp.where((x < eps) | (x > 1 - eps), 0, slope)
    else:  # outside [0, 1] the logit has no value, and MindSpore's slope is NaN
        slope = jnp.where((x < 0) | (x > 1), jnp.nan, slope)
    return _logit_values(x, eps), (slope * t).astype(t.dtype)


logit = eager_fast(_logit_values)(_logit)
logit.__doc__ = (
    "``ops.logit``: ``log(x / (1 - x))`` of ``x`` clipped to ``[eps, 1 - eps]`` (no clip "
    "for eps None or < 0); MindSpore's gradient ``1 / (x (1 - x))`` (infinite at 0 and 1, "
    "NaN outside [0, 1]), zero where the clip holds.")


def _bce_values(x, y):
    eps = jnp.asarray(1e-12, x.dtype)
    return -(y * jnp.log(jnp.maximum(x, eps)) + (1 - y) * jnp.log(jnp.maximum(1 - x, eps)))


_bce = jax.custom_vjp(_bce_values)


def _bce_fwd(x, y):
    return _bce_values(x, y), (x, y)


def _bce_bwd(res, g):
    x, y = res
    eps = jnp.asarray(1e-12, x.dtype)
    dx = (x - y) / jnp.maximum(x * (1 - x), eps)
    dy = jnp.log(1 - x) - jnp.log(x)
    return (g * dx).astype(x.dtype), (g * dy).astype(y.dtype)


_bce.defvjp(_bce_fwd, _bce_bwd)
binary_cross_entropy = eager_fast(_bce_values)(_bce)
binary_cross_entropy.__doc__ = (
    "``BinaryCrossEntropy`` element by element: ``-(y log(x) + (1 - y) log(1 - x))`` with "
    "the logs' arguments clamped at 1e-12, and MindSpore's gradients ``(x - y) / max(x (1 - "
    "x), 1e-12)`` for ``x`` (a saturated wrong prediction gets a large one, not the clamp's "
    "zero) and ``log(1 - x) - log(x)`` for ``y``, unclamped.")


def bce_reduced(loss, reduction: str, reduce):
    """``reduce(loss, reduction)`` as MindSpore's BinaryCrossEntropy kernel reduces: its
    pairwise sum first adds the last element of an odd count to the first, so a lone element
    is added to itself and a one-element ``'mean'`` or ``'sum'`` is twice the loss (every
    backend path, ``nn.BCELoss``, ``ops.binary_cross_entropy`` and ``mint``'s, and in both
    modes); the gradient is the loss's own.

    Example:
        >>> import jax.numpy as jnp
        >>> float(bce_reduced(jnp.array([0.25]), "sum", lambda v, r: v.sum()))
        0.5
    """
    out = reduce(loss, reduction)
    if reduction != "none" and loss.size == 1:
        out = out + jax.lax.stop_gradient(out)
    return out


def negative_indices_dropped(gathered, indices, axis: int):
    """``gathered`` (``take(x, indices, axis)``) whose gradient skips the positions of
    negative indices, as MindSpore's Gather bprop does (its UnsortedSegmentSum drops
    negative segment ids): ``x[Tensor([1, -1])]`` passes gradient to row 1 once."""
    indices = jnp.asarray(indices)
    if not jnp.issubdtype(indices.dtype, jnp.integer) or not jnp.issubdtype(
            gathered.dtype, jnp.inexact):
        return gathered
    shape = (1,) * axis + indices.shape + (1,) * (gathered.ndim - axis - indices.ndim)
    keep = jnp.reshape(indices >= 0, shape)
    return jnp.where(keep, gathered, jax.lax.stop_gradient(gathered))
