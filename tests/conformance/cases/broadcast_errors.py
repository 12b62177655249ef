"""The ValueError MindSpore raises for shapes that do not broadcast, and its wording per op
and calling form. One call per case: MindSpore reports a shape error at the next sync and
repeats an earlier message for later failing calls of the same process, so each case is
recorded in a process of its own (``--isolate``)."""
import numpy as np

from ._registry import case


def _tensors(ms):
    T = ms.Tensor
    return {"a": T(np.ones((2, 3), np.float32)), "b": T(np.ones((4, 3), np.float32)),
            "c": T(np.ones((5, 2, 3), np.float32)), "d": T(np.ones((3, 1, 4), np.float32)),
            "e": T(np.ones((2, 5, 4), np.float32)), "f": T(np.ones((3, 4), np.float32)),
            "i": T(np.ones((2, 3), np.int32)), "j": T(np.ones((4, 3), np.int32))}


# case name -> the failing call, on the tensors above (``ops`` is mindspore.ops)
CALLS = {
    "tensor_add": lambda ops, t: t["a"] + t["b"],
    "tensor_sub": lambda ops, t: t["a"] - t["b"],
    "tensor_mul": lambda ops, t: t["a"] * t["b"],
    "tensor_truediv": lambda ops, t: t["a"] / t["b"],
    "tensor_floordiv": lambda ops, t: t["a"] // t["b"],
    "tensor_mod": lambda ops, t: t["a"] % t["b"],
    "tensor_pow": lambda ops, t: t["a"] ** t["b"],
    "tensor_eq": lambda ops, t: t["a"] == t["b"],
    "tensor_ne": lambda ops, t: t["a"] != t["b"],
    "tensor_lt": lambda ops, t: t["a"] < t["b"],
    "tensor_le": lambda ops, t: t["a"] <= t["b"],
    "tensor_gt": lambda ops, t: t["a"] > t["b"],
    "tensor_ge": lambda ops, t: t["a"] >= t["b"],
    "tensor_and": lambda ops, t: (t["a"] > 0) & (t["b"] > 0),
    "tensor_or": lambda ops, t: (t["a"] > 0) | (t["b"] > 0),
    "tensor_radd": lambda ops, t: 2.0 + t["a"] + t["b"],
    "tensor_add_rank3": lambda ops, t: t["c"] + t["d"],
    "tensor_mul_ranks": lambda ops, t: t["e"] * t["f"],
    "method_add": lambda ops, t: t["a"].add(t["b"]),
    "method_sub": lambda ops, t: t["a"].sub(t["b"]),
    "method_mul": lambda ops, t: t["a"].mul(t["b"]),
    "method_div": lambda ops, t: t["a"].div(t["b"]),
    "method_true_divide": lambda ops, t: t["a"].true_divide(t["b"]),
    "method_pow": lambda ops, t: t["a"].pow(t["b"]),
    "method_eq": lambda ops, t: t["a"].eq(t["b"]),
    "method_maximum": lambda ops, t: t["a"].maximum(t["b"]),
    "ops_add": lambda ops, t: ops.add(t["a"], t["b"]),
    "ops_sub": lambda ops, t: ops.sub(t["a"], t["b"]),
    "ops_mul_rank3": lambda ops, t: ops.mul(t["c"], t["d"]),
    "ops_div": lambda ops, t: ops.div(t["a"], t["b"]),
    "ops_pow": lambda ops, t: ops.pow(t["a"], t["b"]),
    "ops_maximum_ranks": lambda ops, t: ops.maximum(t["e"], t["f"]),
    "ops_minimum": lambda ops, t: ops.minimum(t["a"], t["b"]),
    "ops_equal": lambda ops, t: ops.equal(t["a"], t["b"]),
    "ops_ne": lambda ops, t: ops.ne(t["a"], t["b"]),
    "ops_lt": lambda ops, t: ops.lt(t["a"], t["b"]),
    "ops_le": lambda ops, t: ops.le(t["a"], t["b"]),
    "ops_gt": lambda ops, t: ops.gt(t["a"], t["b"]),
    "ops_ge": lambda ops, t: ops.ge(t["a"], t["b"]),
    "ops_greater": lambda ops, t: ops.greater(t["a"], t["b"]),
    "ops_logical_and": lambda ops, t: ops.logical_and(t["a"] > 0, t["b"] > 0),
    "ops_logical_or": lambda ops, t: ops.logical_or(t["a"] > 0, t["b"] > 0),
    "ops_atan2": lambda ops, t: ops.atan2(t["a"], t["b"]),
    "ops_hypot": lambda ops, t: ops.hypot(t["a"], t["b"]),
    "ops_floor_divide": lambda ops, t: ops.floor_divide(t["a"], t["b"]),
    "ops_remainder": lambda ops, t: ops.remainder(t["a"], t["b"]),
    "ops_fmod": lambda ops, t: ops.fmod(t["a"], t["b"]),
    "ops_bitwise_and": lambda ops, t: ops.bitwise_and(t["i"], t["j"]),
    "prim_add": lambda ops, t: ops.Add()(t["a"], t["b"]),
    "prim_sub": lambda ops, t: ops.Sub()(t["a"], t["b"]),
    "prim_mul": lambda ops, t: ops.Mul()(t["a"], t["b"]),
    "prim_div": lambda ops, t: ops.Div()(t["a"], t["b"]),
    "prim_real_div": lambda ops, t: ops.RealDiv()(t["a"], t["b"]),
    "prim_pow": lambda ops, t: ops.Pow()(t["a"], t["b"]),
    "prim_maximum": lambda ops, t: ops.Maximum()(t["a"], t["b"]),
    "prim_equal": lambda ops, t: ops.Equal()(t["a"], t["b"]),
}


def _register(name, call):
    def run(ms):
        try:
            out = call(ms.ops, _tensors(ms))
            out.asnumpy()  # MindSpore reports at the sync
        except ValueError as e:
            return str(e).splitlines()[0]
        return "no error"
    run.__name__ = name
    case(modes=("PYNATIVE",))(run)


for _name, _call in CALLS.items():
    _register(_name, _call)
