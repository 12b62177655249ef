"""The input dtypes MindSpore's kernels refuse, and the exception class they raise.

Sweeps over functional ops, Tensor methods and operators with every common dtype and Python
scalar operands, at shapes and values other than those ``tools/record_dtypes.py`` probed
with (the table it records, ``ms_dtypes``, must hold beyond its probes). Each call gives its
result dtype or the exception class it raises twice; good calls run before each probe
because MindSpore can report a kernel error one or two calls late.
"""
import operator

import numpy as np

from ._registry import case, sampled

DTYPES = ("bool_", "int8", "int32", "int64", "uint8", "float16", "float32", "float64")
UNARY = ("exp sin sqrt tanh sigmoid softplus mish relu6 selu hardswish std var mean sum prod "
         "isinf isnan nan_to_num logit round sign square cumsum argmin amax deg2rad i0 lgamma "
         "digamma erfinv frac abs neg log1p softsign rsqrt reciprocal floor trunc").split()
BINARY = ("add mul sub div atan2 hypot logical_and logical_xor isclose gcd lcm maximum minimum "
          "xlogy eq gt le floor_div remainder bitwise_and bitwise_left_shift copysign "
          "logaddexp nextafter fmax pow").split()
SECOND = ("same", "float32", "int32", "int64", "bool_", 1.5, 3, True)


def _tensor(ms, dtype, shape=(2, 2), seed=0):
    vals = np.array([[3, 1], [2, 4]]) if seed == 0 else np.array([[2, 1], [1, 3]])
    vals = vals.reshape(shape) if vals.size == int(np.prod(shape)) else vals.ravel()[:shape[0]]
    return ms.Tensor(vals % 2 == 1) if dtype == "bool_" else ms.Tensor(vals.astype(dtype))


def _runner(ms):
    good = ms.Tensor(np.ones(2, np.float32))

    def settle():
        ok = 0
        for _ in range(20):
            try:
                ms.ops.add(good, good).asnumpy()
                ok += 1
            except Exception:  # noqa: BLE001 - an error reported late by an earlier call
                ok = 0
            if ok == 2:
                return

    def attempt(fn, args):
        settle()
        try:
            out = fn(*args)
            out = out[0] if isinstance(out, (tuple, list)) else out
            out.asnumpy()
            return str(out.dtype)
        except Exception as e:  # noqa: BLE001 - the class is the result
            return type(e).__name__

    def outcome(fn, *args):
        """The result dtype of ``fn(*args)``, or the exception class it raises twice."""
        first = attempt(fn, args)
        return first if not first.endswith("Error") else attempt(fn, args)
    return outcome


@case(modes=("PYNATIVE",))
def unary_functional_dtypes(ms):
    outcome = _runner(ms)
    return sampled([(op, dt) for op in UNARY for dt in DTYPES], lambda c: (
        f"{c[0]}[{c[1]}] {outcome(getattr(ms.ops, c[0]), _tensor(ms, c[1]))}"))


@case(modes=("PYNATIVE",))
def unary_method_dtypes(ms):
    outcome = _runner(ms)
    return [f"{op}[{dt}] {outcome(getattr(_tensor(ms, dt, (3,)), op))}"
            for op in ("exp", "sqrt", "tanh", "sigmoid", "mean", "sum", "round", "std",
                       "var", "square", "reciprocal", "isinf", "log1p", "trunc", "floor")
            for dt in DTYPES]


@case(modes=("PYNATIVE",))
def binary_functional_dtypes(ms):
    outcome = _runner(ms)

    def run(c):
        op, dt, second = c
        y = second if not isinstance(second, str) else _tensor(
            ms, dt if second == "same" else second, seed=1)
        return f"{op}[{dt},{second}] {outcome(getattr(ms.ops, op), _tensor(ms, dt), y)}"
    return sampled([(op, dt, second) for op in BINARY for dt in DTYPES for second in SECOND],
                   run)


@case(modes=("PYNATIVE",))
def operator_and_matmul_dtypes(ms):
    outcome = _runner(ms)
    out = []
    for dt in DTYPES:
        x = _tensor(ms, dt)
        for second in ("same", "float32", "int32", 2, 0.5):
            y = second if not isinstance(second, str) else _tensor(
                ms, dt if second == "same" else second, seed=1)
            for name, fn in (("+", operator.add), ("*", operator.mul), ("-", operator.sub),
                             ("/", operator.truediv), ("@", operator.matmul),
                             ("matmul", ms.ops.matmul), ("dot", ms.ops.dot), ("mm", ms.ops.mm),
                             ("kron", ms.ops.kron)):
                out.append(f"{name}[{dt},{second}] {outcome(fn, x, y)}")
            if isinstance(second, str):
                out.append(f"outer[{dt},{second}] {outcome(ms.ops.outer, x[0], y[0])}")
    return out


@case(modes=("PYNATIVE",))
def primitive_dtypes(ms):
    """Primitive instances refuse what their kernels refuse, as the functions do."""
    outcome = _runner(ms)
    P = ms.ops  # noqa: N806 - MindSpore's usual alias
    out = []
    for dt in DTYPES:
        x = _tensor(ms, dt)
        for name, prim, args in (
                ("Exp", P.Exp(), (x,)), ("Sqrt", P.Sqrt(), (x,)), ("Sigmoid", P.Sigmoid(), (x,)),
                ("ReduceMean", P.ReduceMean(), (x,)), ("ReduceSum", P.ReduceSum(), (x,)),
                ("Square", P.Square(), (x,)), ("Neg", P.Neg(), (x,)), ("ReLU", P.ReLU(), (x,)),
                ("Add", P.Add(), (x, x)), ("Sub", P.Sub(), (x, x)), ("Mul", P.Mul(), (x, x)),
                ("RealDiv", P.RealDiv(), (x, x)), ("MatMul", P.MatMul(), (x, x)),
                ("MatMul_f32", P.MatMul(), (x, _tensor(ms, "float32"))),
                ("Maximum", P.Maximum(), (x, x)), ("Pow", P.Pow(), (x, 2.0)),
                ("LogicalAnd", P.LogicalAnd(), (x, x)), ("Less", P.Less(), (x, x))):
            out.append(f"{name}[{dt}] {outcome(prim, *args)}")
    return out


@case(modes=("PYNATIVE",))
def python_scalar_first_dtypes(ms):
    """A Python scalar as the first operand (``ops.add(2, x)``): some ops take it, others
    need a Tensor there (``ops.equal``, ``less``, ``logical_and``, ``isclose``...)."""
    outcome = _runner(ms)
    ops = BINARY + ["equal", "less", "lt", "ne", "logical_or", "true_divide", "fmod"]
    return sampled([(op, first, dt) for op in ops for first in (1.5, 3, True)
                    for dt in ("bool_", "int32", "float16", "float32")], lambda c: (
        f"{c[0]}[{c[1]},{c[2]}] {outcome(getattr(ms.ops, c[0]), c[1], _tensor(ms, c[2]))}"))
