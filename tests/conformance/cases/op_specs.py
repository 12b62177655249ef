"""The op table's recorded tests: one spec per row and case, forward values, dtypes and
first-order gradients (``ms.grad``, default sens) in both modes.

A spec names the op by path (``ops.split``, ``ops.Split`` with ``init``, ``Tensor.std``),
its positional arguments (NumPy arrays become Tensor inputs, anything else is a constant
passed in the same position), keyword arguments, and whether to differentiate (w.r.t. every
floating-point input). ``pick`` selects one output of a tuple before differentiating (ops
that also return indices). Inputs are deterministic; ``perm`` gives tie-free values for
sorting and selection ops.
"""
from dataclasses import dataclass, field

import numpy as np

from ._registry import case


def r(*shape, seed=0, dtype=np.float32, lo=-2.0, hi=2.0):
    """Deterministic values in [lo, hi), rounded to 3 decimals."""
    v = np.random.RandomState(seed).uniform(lo, hi, shape).round(3)
    return v.astype(dtype)


def perm(*shape, seed=0, dtype=np.float32):
    """Distinct values (a permutation of 0..n-1, scaled), for sort/topk/max."""
    n = int(np.prod(shape))
    return (np.random.RandomState(seed).permutation(n).reshape(shape) * 0.5 - 1).astype(dtype)


def ints(*shape, seed=0, lo=0, hi=5, dtype=np.int32):
    return np.random.RandomState(seed).randint(lo, hi, shape).astype(dtype)


class D:
    """A MindSpore dtype by name, resolved against the framework under test."""

    def __init__(self, name):
        self.name = name


@dataclass
class S:
    name: str
    path: str
    args: tuple
    kw: dict = field(default_factory=dict)
    grad: bool = True
    init: dict | None = None
    pick: int | None = None
    modes: tuple = ("PYNATIVE", "GRAPH")
    post: object = None  # applied to a result that the goldens cannot store (a dtype)
    rtol: float = 1e-5
    atol: float = 1e-5


class TK:
    """A keyword argument passed as a Tensor (a plain NumPy array stays NumPy)."""

    def __init__(self, array):
        self.array = array


def _resolve_const(ms, v):
    if isinstance(v, D):
        return getattr(ms, v.name)
    if isinstance(v, TK):
        return ms.Tensor(v.array)
    if isinstance(v, tuple) and any(isinstance(i, np.ndarray) for i in v):
        return tuple(ms.Tensor(i) for i in v)
    return v


def _method(name):
    """``x.name(...)`` as a function of ``x`` (the bound call GRAPH mode compiles)."""
    def call(x, *args, **kwargs):
        return getattr(x, name)(*args, **kwargs)
    return call


def _resolve_op(ms, spec):
    root, name = spec.path.split(".", 1)
    if root == "Tensor":
        return _method(name)
    if root == "mint":  # mint, mint.nn.functional, mint.linalg
        op = ms.mint
        for part in name.split("."):
            op = getattr(op, part)
    else:
        op = getattr(ms.numpy if root == "numpy" else ms.ops, name)
    if spec.init is not None:
        op = op(**{k: _resolve_const(ms, v) for k, v in spec.init.items()})
    return op


def _builder(op, pattern, consts, kw, pick):
    """A function of the Tensor inputs only (what GRAPH mode compiles and grad sees)."""
    c = list(consts)
    if pattern == "T":
        def f(a):
            return op(a, **kw)
    elif pattern == "Tc":
        def f(a):
            return op(a, c[0], **kw)
    elif pattern == "Tcc":
        def f(a):
            return op(a, c[0], c[1], **kw)
    elif pattern == "Tccc":
        def f(a):
            return op(a, c[0], c[1], c[2], **kw)
    elif pattern == "TT":
        def f(a, b):
            return op(a, b, **kw)
    elif pattern == "TTc":
        def f(a, b):
            return op(a, b, c[0], **kw)
    elif pattern == "TTT":
        def f(a, b, d):
            return op(a, b, d, **kw)
    elif pattern == "TcT":
        def f(a, b):
            return op(a, c[0], b, **kw)
    elif pattern == "TcTT":
        def f(a, b, d):
            return op(a, c[0], b, d, **kw)
    elif pattern == "TTcc":
        def f(a, b):
            return op(a, b, c[0], c[1], **kw)
    elif pattern == "TTT+":  # a list of Tensors as one argument
        def f(a, b):
            return op([a, b], **kw)
    elif pattern == "T*":  # Tensors as varargs
        def f(a, b):
            return op(a, b, **kw)
    elif pattern == "cT":
        def f(a):
            return op(c[0], a, **kw)
    elif pattern == "cTT":
        def f(a, b):
            return op(c[0], a, b, **kw)
    elif pattern == "TTTT":
        def f(a, b, d, e):
            return op(a, b, d, e, **kw)
    elif pattern == "TTTc":
        def f(a, b, d):
            return op(a, b, d, c[0], **kw)
    elif "T" not in pattern:
        def f():
            return op(*c, **kw)
    else:
        raise ValueError(pattern)
    if pick is None:
        return f

    def picked(*xs):
        return f(*xs)[pick]
    return picked


def _pattern(args, pack):
    p = "".join("T" if isinstance(a, np.ndarray) else "c" for a in args)
    return {"TT": "TTT+"}.get(p, p) if pack else p


def _register(spec, pack=False, varargs=False, module=__name__):
    def fn(ms):
        op = _resolve_op(ms, spec)
        tensors = [ms.Tensor(a) for a in spec.args if isinstance(a, np.ndarray)]
        consts = [_resolve_const(ms, a) for a in spec.args if not isinstance(a, np.ndarray)]
        kw = {k: _resolve_const(ms, v) for k, v in spec.kw.items()}
        pattern = "T*" if varargs else _pattern(spec.args, pack)
        out = _builder(op, pattern, consts, kw, None)(*tensors)
        if not spec.grad:
            return out if spec.post is None else spec.post(out)
        pos = tuple(i for i, a in enumerate(a for a in spec.args if isinstance(a, np.ndarray))
                    if a.dtype.kind == "f")
        g = ms.grad(_builder(op, pattern, consts, kw, spec.pick), grad_position=pos)(*tensors)
        return out, g
    fn.__name__ = spec.name
    fn.__qualname__ = spec.name
    fn.__module__ = module
    case(modes=spec.modes, rtol=spec.rtol, atol=spec.atol)(fn)


X = r(2, 3)
X4 = r(2, 3, 4, seed=1)
P = perm(3, 4, seed=2)
XI = ints(2, 3)
IMG = r(2, 2, 3, 4, seed=21)
SEQ = r(2, 2, 5, seed=22)
CX = r(1, 2, 5, 6, seed=30)
CW = r(3, 2, 3, 3, seed=31)
BOXES = np.array([[0, 0, 10, 10], [5, 5, 15, 15], [0, 0, 3, 3], [2.5, 1, 19, 13.5],
                  [-2, 4, 6, 17]], np.float32)
GT = np.array([[0, 0, 10, 10], [2, 2, 8, 12]], np.float32)
DELTAS = r(3, 4, seed=60, lo=-0.5, hi=0.5)
SCORED = np.concatenate([np.array([[0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30],
                                   [0, 0, 10, 5], [2, 0, 12, 9], [21, 19, 30, 29]],
                                  np.float32),
                         np.array([[0.6], [0.9], [0.7], [0.8], [0.9], [0.65]], np.float32)],
                        axis=1)
B = r(2, 3, seed=3) > 0

SPECS = [
    # metadata and creation
    S("shape", "ops.shape", (X4,), grad=False),
    S("shape_prim", "ops.Shape", (X4,), init={}, grad=False),
    S("dtype_fn", "ops.dtype", (XI,), grad=False, post=str),
    S("rank", "ops.rank", (X4,), grad=False),
    S("size", "ops.size", (X4,), grad=False),
    S("numel", "ops.numel", (X,), grad=False),
    S("identity", "ops.identity", (X,)),
    S("arange_int", "ops.arange", (5,), grad=False),
    S("arange_start_step", "ops.arange", (1, 10, 3), grad=False),
    S("arange_float", "ops.arange", (0, 1, 0.25), grad=False),
    S("arange_dtype", "ops.arange", (0, 4), kw={"dtype": D("float32")}, grad=False),
    S("linspace", "ops.linspace", (0, 1, 5), grad=False),
    S("eye", "ops.eye", (2, 3), grad=False),
    S("eye_dtype", "ops.eye", (3,), kw={"dtype": D("int32")}, grad=False),
    S("eye_prim", "ops.Eye", (2, 2, D("int32")), init={}, grad=False),
    S("fill", "ops.fill", (D("float32"), (2, 2), 3), grad=False),
    S("fill_int", "ops.fill", (D("int32"), (3,), 2), grad=False),
    S("full_int", "ops.full", ((2,), 3), grad=False),
    S("full_float", "ops.full", ((2, 2), 3.5), grad=False),
    S("full_dtype", "ops.full", ((2,), 1.5), kw={"dtype": D("float32")}, grad=False),
    S("full_bool", "ops.full", ((2,), True), grad=False),
    S("full_like", "ops.full_like", (X, 2), grad=False),
    S("tuple_to_array_int", "ops.tuple_to_array", ((1, 2, 3),), grad=False),
    S("tuple_to_array_float", "ops.tuple_to_array", ((1.0, 2.5),), grad=False),
    S("scalar_to_tensor", "ops.scalar_to_tensor", (3,), grad=False),
    S("scalar_to_tensor_dtype", "ops.scalar_to_tensor", (3, D("int32")), grad=False),
    S("new_zeros", "Tensor.new_zeros", (X, (2,)), grad=False),
    S("new_ones", "Tensor.new_ones", (XI, (3, 1)), grad=False),
    # shape
    S("broadcast_to", "ops.broadcast_to", (r(2, 1), (2, 3))),
    S("broadcast_to_keep", "ops.broadcast_to", (r(2, 1), (-1, 3))),
    S("broadcast_to_lead", "ops.broadcast_to", (r(3), (2, 3))),
    S("broadcast_to_prim", "ops.BroadcastTo", (r(1, 3),), init={"shape": (4, 3)}),
    S("broadcast_to_method", "Tensor.broadcast_to", (r(2, 1), (2, 2))),
    S("expand", "Tensor.expand", (r(2, 1), 2, 3), modes=("PYNATIVE",)),  # GRAPH: TypeError
    S("expand_as", "Tensor.expand_as", (r(2, 1), X)),
    S("flatten_fn", "ops.flatten", (X4,)),
    S("flatten_start0", "ops.flatten", (X4,), kw={"start_dim": 0}),
    S("flatten_end", "ops.flatten", (r(2, 3, 4, 2),), kw={"start_dim": 1, "end_dim": 2}),
    S("ravel", "ops.ravel", (X4,)),
    S("ravel_method", "Tensor.ravel", (X,)),
    S("swapaxes", "ops.swapaxes", (X4, 0, 2)),
    S("swapaxes_method", "Tensor.swapaxes", (X4, -1, 1)),
    S("moveaxis", "ops.moveaxis", (X4, 0, -1)),
    S("t", "ops.t", (X,)),
    S("t_method_1d", "Tensor.t", (r(3),)),
    S("resize", "Tensor.resize", (X, 3, 2)),
    S("view_as", "Tensor.view_as", (X, r(3, 2))),
    S("split_int", "ops.split", (r(5, 2), 2)),
    S("split_sections", "ops.split", (X4, [1, 3]), kw={"axis": 2}),
    S("split_method", "Tensor.split", (X, 1, 1)),
    S("split_prim", "ops.Split", (r(4, 6),), init={"axis": 1, "output_num": 3}),
    S("chunk", "ops.chunk", (r(5, 2), 2)),
    S("chunk_axis", "ops.chunk", (X4, 3), kw={"axis": 2}),
    S("chunk_method", "Tensor.chunk", (X, 2, 1)),
    S("unstack", "ops.unstack", (X,)),
    S("unstack_axis", "ops.unstack", (X4,), kw={"axis": 2}),
    S("unstack_prim", "ops.Unstack", (X4,), init={"axis": 1}),
    S("narrow", "ops.narrow", (X4, 2, 1, 2)),
    S("narrow_method", "Tensor.narrow", (X, 0, 1, 1)),
    S("slice", "ops.slice", (X4, (0, 1, 1), (2, 2, 2))),
    S("slice_to_end", "ops.slice", (X4, (0, 1, 1), (-1, 2, 2)), grad=False),
    S("slice_prim", "ops.Slice", (X4, (1, 0, 0), (1, 3, 2)), init={}),
    S("strided_slice", "ops.strided_slice", (X4, (0, 0, 0), (2, 3, 4), (1, 2, 2))),
    S("strided_slice_masks", "ops.strided_slice", (X4, (1, 0, 1), (2, 2, 3), (1, 1, 1)),
      kw={"begin_mask": 2, "end_mask": 4, "shrink_axis_mask": 1}, grad=False),
    S("strided_slice_prim", "ops.StridedSlice", (X4, (0, 1), (2, 3), (1, 1)),
      init={"new_axis_mask": 0}),
    S("pad_constant", "ops.pad", (X, (1, 2))),
    S("pad_2d_value", "ops.pad", (X, (1, 0, 0, 2)), kw={"value": 1.5}),
    S("pad_reflect", "ops.pad", (r(1, 2, 4),), kw={"padding": (2, 1), "mode": "reflect"}),
    S("pad_replicate", "ops.pad", (r(1, 2, 3),), kw={"padding": (1, 2),
                                                      "mode": "replicate"}),
    S("pad_circular", "ops.pad", (r(1, 2, 3),), kw={"padding": (1, 1),
                                                     "mode": "circular"}),
    S("pad_prim", "ops.Pad", (X,), init={"paddings": ((1, 0), (0, 2))}),
    S("flip", "ops.flip", (X4, (0, 2))),
    S("flip_method", "Tensor.flip", (X, (1,))),
    S("reverse_prim", "ops.ReverseV2", (X4,), init={"axis": (1,)}),
    S("repeat_elements", "ops.repeat_elements", (X, 2), kw={"axis": 1}),
    S("repeat_interleave", "ops.repeat_interleave", (X, 2)),
    S("repeat_interleave_axis", "ops.repeat_interleave", (X, 3, 0)),
    S("repeat_interleave_method", "Tensor.repeat_interleave", (X, 2, 1)),
    S("meshgrid_xy", "ops.meshgrid", (r(2), r(3, seed=1))),
    S("meshgrid_ij", "ops.meshgrid", (r(2), r(3, seed=1)), kw={"indexing": "ij"}),
    S("hstack", "ops.hstack", (X, r(2, 1))),
    S("vstack", "ops.vstack", (X, r(1, 3))),
    S("tril", "ops.tril", (r(3, 4),)),
    S("tril_diag", "ops.tril", (r(3, 4), -1)),
    S("triu", "ops.triu", (r(3, 4), 1)),
    S("triu_batched", "ops.triu", (X4,)),
    S("triu_prim", "ops.Triu", (r(3, 3),), init={"diagonal": 1}),
    S("tril_method", "Tensor.tril", (r(3, 3),)),
    S("diag_1d", "ops.diag", (r(3),)),
    S("diag_2d", "ops.diag", (r(2, 2),)),
    # gathering and scattering
    S("gather_nd", "ops.gather_nd", (X4, np.array([[0, 1], [1, 2]], np.int32))),
    S("gather_nd_full", "ops.gather_nd", (X, np.array([[0, 1], [1, 2]], np.int32))),
    S("gather_nd_prim", "ops.GatherNd", (X, np.array([[1], [0]], np.int32)), init={}),
    S("gather_elements", "ops.gather_elements", (X, 1, np.array([[0, 0], [2, 1]], np.int32))),
    S("gather_elements_dim0", "ops.gather_elements",
      (X, 0, np.array([[1, 0, 1]], np.int32))),
    S("gather_d_prim", "ops.GatherD", (X, 1, np.array([[2], [0]], np.int32)), init={}),
    S("gather_elements_method", "Tensor.gather_elements",
      (X, 1, np.array([[1, 1], [0, 2]], np.int32))),
    S("index_select", "ops.index_select", (X4, 1, np.array([2, 0, 2], np.int32))),
    S("index_select_method", "Tensor.index_select", (X, 1, np.array([1], np.int32))),
    S("scatter_nd", "ops.scatter_nd", (np.array([[0], [2]], np.int32), r(2, 3), (4, 3))),
    S("scatter_nd_dup", "ops.scatter_nd", (np.array([[1], [1]], np.int32), r(2), (3,))),
    S("tensor_scatter_update", "ops.tensor_scatter_update",
      (X, np.array([[0, 1], [1, 2]], np.int32), r(2, seed=4))),
    S("tensor_scatter_add", "ops.tensor_scatter_add",
      (X, np.array([[0, 1], [0, 1]], np.int32), r(2, seed=4))),
    S("masked_fill", "ops.masked_fill", (X, B, 0.5)),
    S("masked_fill_broadcast", "ops.masked_fill", (X, np.array([True, False, True]), -1.0)),
    S("masked_fill_tensor_value", "ops.masked_fill",
      (X, B, np.array(2.0, np.float32))),
    S("masked_fill_int", "ops.masked_fill", (XI, XI > 2, 9), grad=False),
    S("masked_fill_method", "Tensor.masked_fill", (X, B, 1.0)),
    S("masked_select", "ops.masked_select", (X, B), modes=("PYNATIVE",)),
    S("nonzero", "ops.nonzero", (XI,), grad=False),
    S("unique", "ops.unique", (np.array([3, 1, 3, 2, 1], np.int32),), grad=False,
      modes=("PYNATIVE",)),
    # sorting and selection
    S("sort", "ops.sort", (P,), pick=0),
    S("sort_axis0_desc", "ops.sort", (P,), kw={"axis": 0, "descending": True}, pick=0),
    S("sort_prim", "ops.Sort", (P,), init={"axis": 1, "descending": True}, pick=0),
    S("sort_method", "Tensor.sort", (P,), pick=0),
    S("sort_ties", "ops.sort", (np.array([2.0, 1.0, 2.0, 1.0], np.float32),), pick=0),
    S("sort_ties_desc", "ops.sort", (np.array([2.0, 1.0, 2.0, 1.0], np.float32),),
      kw={"descending": True}, pick=0),
    S("sort_int", "ops.sort", (ints(2, 5, hi=100),), grad=False),
    S("argsort", "ops.argsort", (P,), grad=False),
    S("argsort_desc", "ops.argsort", (P, 0, True), grad=False),
    S("topk", "ops.topk", (P, 2), pick=0),
    S("topk_dim0_smallest", "ops.topk", (P, 2), kw={"dim": 0, "largest": False}, pick=0),
    S("topk_prim", "ops.TopK", (P, 3), init={}, pick=0),
    S("topk_method", "Tensor.topk", (P, 1), pick=0),
    S("top_k_method", "Tensor.top_k", (P, 2), pick=0),
    # reductions
    S("max_axis", "ops.max", (P, 1), pick=0),
    S("max_keepdims", "ops.max", (P, 0, True), pick=0),
    S("max_all", "ops.max", (P,), pick=0),
    S("max_all_other", "ops.max", (perm(2, 3, seed=7),), pick=0),
    S("min_axis", "ops.min", (P, 1), pick=0),
    S("min_all", "ops.min", (P,), pick=0),
    S("argmax_with_value", "ops.ArgMaxWithValue", (P,), init={}, pick=1),
    S("argmax_with_value_axis", "ops.ArgMaxWithValue", (P,),
      init={"axis": 1, "keep_dims": True}, pick=1),
    S("argmin_with_value", "ops.ArgMinWithValue", (P,), init={"axis": 1}, pick=1),
    S("argmax_with_value_method", "Tensor.argmax_with_value", (P,), pick=0),
    S("argmin_with_value_method", "Tensor.argmin_with_value", (P, 1, True), pick=0),
    S("argmin", "ops.argmin", (P,), grad=False),
    S("argmin_axis", "ops.argmin", (P, 1), grad=False),
    S("argmin_keepdims", "ops.argmin", (P, 0, True), grad=False),
    S("argmin_method", "Tensor.argmin", (P,), grad=False),
    S("argmin_prim", "ops.Argmin", (P,), init={}, grad=False),
    S("std", "ops.std", (X4,)),
    S("std_axis_ddof", "ops.std", (X4, 1, 1)),
    S("std_keepdims", "ops.std", (X4, (0, 2)), kw={"keepdims": True}),
    S("std_method", "Tensor.std", (X4, 2)),
    S("var", "ops.var", (X4,)),
    S("var_axis", "ops.var", (X4, 0)),
    S("var_method", "Tensor.var", (X, 1, 1)),
    S("norm", "ops.norm", (X4,)),
    S("norm_dim", "ops.norm", (X4,), kw={"dim": 1}),
    S("norm_ord1", "ops.norm", (X4,), kw={"ord": 1, "dim": -1}),
    S("norm_inf", "ops.norm", (X,), kw={"ord": float("inf"), "dim": 1}),
    S("norm_fro", "ops.norm", (X4,), kw={"ord": "fro", "dim": (1, 2)}),
    S("norm_keepdim", "ops.norm", (X,), kw={"dim": 0, "keepdim": True}),
    S("norm_method", "Tensor.norm", (X,)),
    S("all", "ops.all", (B,), grad=False),
    S("all_axis", "ops.all", (B, 1), grad=False),
    S("all_method", "Tensor.all", (B,), grad=False),
    S("any_keep", "ops.any", (B, 0, True), grad=False),
    S("any_method", "Tensor.any", (B, 1), grad=False),
    S("any_float", "ops.any", (X,), grad=False),
    S("reduce_all_prim", "ops.ReduceAll", (B, 1), init={"keep_dims": True}, grad=False),
    S("reduce_any_prim", "ops.ReduceAny", (B,), init={}, grad=False),
    S("cumsum", "ops.cumsum", (X, 1)),
    S("cumsum_int", "ops.cumsum", (XI, 0), grad=False),
    S("cumsum_dtype", "ops.cumsum", (XI, 1), kw={"dtype": D("float32")}, grad=False),
    S("cumsum_method", "Tensor.cumsum", (X4, 2)),
    S("cumsum_method_flat", "Tensor.cumsum", (X,)),
    S("cumsum_prim", "ops.CumSum", (X, 1), init={}),
    S("cumsum_prim_excl_rev", "ops.CumSum", (X4, 2),
      init={"exclusive": True, "reverse": True}),
    S("cumprod", "ops.cumprod", (X, 1)),
    S("cumprod_prim_excl", "ops.CumProd", (X, 0), init={"exclusive": True}),
    S("logsumexp", "ops.logsumexp", (X4, 1)),
    S("logsumexp_keep", "ops.logsumexp", (X4, (0, 2), True)),
    S("count_nonzero", "ops.count_nonzero", (XI,), grad=False),
    S("count_nonzero_axis", "ops.count_nonzero", (XI, 1), grad=False),
    S("addn", "ops.addn", (X, r(2, 3, seed=5))),
    S("isclose", "ops.isclose", (X, X + np.float32(1e-6)), grad=False),
    # element-wise
    S("round", "ops.round", (np.array([0.5, 1.5, 2.5, -0.5, -1.5, 0.4], np.float32),)),
    S("round_decimals", "ops.round", (X,), kw={"decimals": 1}),
    S("round_method", "Tensor.round", (X,)),
    S("trunc", "ops.trunc", (X,)),
    S("log2", "ops.log2", (np.abs(X) + 0.1,)),
    S("log10", "ops.log10", (np.abs(X) + 0.1,)),
    S("exp2", "ops.exp2", (X,)),
    S("deg2rad", "ops.deg2rad", (X * 90,)),
    S("erfinv", "ops.erfinv", (X / 3,), modes=("PYNATIVE",)),  # GRAPH: a MindSpore bprop error
    S("isinf", "ops.isinf", (np.array([1.0, np.inf, -np.inf, np.nan], np.float32),),
      grad=False),
    S("logical_xor", "ops.logical_xor", (B, ~B), grad=False),
    S("bitwise_and", "ops.bitwise_and", (XI, XI + 3), grad=False),
    S("clip_by_value", "ops.clip_by_value", (X, -1.0, 1.0)),
    S("clip_by_value_int", "ops.clip_by_value", (XI, 1, 3), grad=False),
    S("clip_by_value_tensors", "ops.clip_by_value",
      (X, np.array(-0.5, np.float32), np.array(0.5, np.float32))),
    S("clip_by_value_min_only", "ops.clip_by_value", (X,), kw={"clip_value_min": 0.0}),
    S("clip_by_global_norm", "ops.clip_by_global_norm", (X, X4 * 3), pick=0,
      modes=("PYNATIVE",)),
    S("lerp", "ops.lerp", (X, r(2, 3, seed=6), 0.3)),
    S("lerp_tensor_weight", "ops.lerp", (X, r(2, 3, seed=6), r(2, 3, seed=7, lo=0, hi=1))),
    S("addcmul", "ops.addcmul", (X, r(2, 3, seed=6), r(2, 3, seed=7))),
    S("addcdiv", "ops.addcdiv", (X, r(2, 3, seed=6), r(2, 3, seed=7, lo=1, hi=2)),
      kw={"value": 0.5}),
    S("dense", "ops.dense", (X, r(4, 3, seed=8), r(4, seed=9))),
    S("dense_nobias", "ops.dense", (X4, r(5, 4, seed=8))),
    S("bias_add", "ops.bias_add", (r(2, 3, 2), r(3, seed=9))),
    S("bias_add_prim_nhwc", "ops.BiasAdd", (r(2, 2, 3), r(3, seed=9)),
      init={"data_format": "NHWC"}),
    S("mm", "ops.mm", (X, r(3, 2, seed=8))),
    S("outer", "ops.outer", (r(3), r(2, seed=1))),
    S("ger", "ops.ger", (r(3), r(2, seed=1))),
    S("fmod_signs", "ops.fmod", (np.array([-2.5, 2.5, -2.0, 2.0, 3.75], np.float32),
                                 np.array([2.0, -2.0, 2.0, -2.0, 1.5], np.float32))),
    S("fmod_scalar", "ops.fmod", (np.array([-2.5, 2.5, -2.0, 7.0], np.float32), 2.0)),
    S("fmod_ints", "ops.fmod", (np.array([-7, 7, -6], np.int32), np.array([2, -2, 3], np.int32)),
      grad=False),
    S("fmod_method", "Tensor.fmod", (np.array([-2.5, 4.5], np.float32), 2.0)),
    S("remainder_signs", "ops.remainder", (np.array([-2.5, 2.5, -2.0, 2.0, 3.75], np.float32),
                                           np.array([2.0, -2.0, 2.0, -2.0, 1.5], np.float32))),
    S("tensor_mod_zero", "ops.tensor_mod", (np.array([-2.0, 4.0, -3.0], np.float32),
                                            np.array([2.0, 2.0, 2.0], np.float32))),
    S("tensor_add", "ops.tensor_add", (r(2, 3), r(2, 3, seed=1))),
    S("tensor_sub", "ops.tensor_sub", (r(2, 3), r(2, 3, seed=1))),
    S("tensor_mul", "ops.tensor_mul", (r(2, 3), r(2, 3, seed=1))),
    S("tensor_div", "ops.tensor_div", (r(2, 3), r(2, 3, seed=1, lo=0.5, hi=2.0))),
    S("tensor_floordiv", "ops.tensor_floordiv", (r(2, 3), r(2, 3, seed=1, lo=0.5, hi=2.0))),
    S("tensor_pow", "ops.tensor_pow", (r(2, 3, lo=0.5, hi=2.0), r(2, 3, seed=1))),
    S("tensor_gt", "ops.tensor_gt", (r(2, 3), r(2, 3, seed=1))),
    S("tensor_ge", "ops.tensor_ge", (r(2, 3), r(2, 3, seed=1))),
    S("tensor_lt", "ops.tensor_lt", (r(2, 3), r(2, 3, seed=1))),
    S("tensor_le", "ops.tensor_le", (r(2, 3), r(2, 3, seed=1))),
    S("tensor_exp", "ops.tensor_exp", (r(2, 3),)),
    S("tensor_expm1", "ops.tensor_expm1", (r(2, 3),)),
    S("tensor_scatter_sub", "ops.tensor_scatter_sub",
      (r(3, 2), np.array([[0], [2]], np.int32), r(2, 2, seed=1))),
    S("tensor_scatter_mul", "ops.tensor_scatter_mul",
      (r(3, 2), np.array([[0], [2]], np.int32), r(2, 2, seed=1))),
    S("tensor_scatter_div", "ops.tensor_scatter_div",
      (r(3, 2), np.array([[0], [2]], np.int32), r(2, 2, seed=1, lo=0.5, hi=2.0))),
    S("tensor_scatter_max", "ops.tensor_scatter_max",
      (r(3, 2), np.array([[0], [2]], np.int32), r(2, 2, seed=1))),
    S("tensor_scatter_min", "ops.tensor_scatter_min",
      (r(3, 2), np.array([[0], [2]], np.int32), r(2, 2, seed=1))),
    S("tensor_scatter_max_prim", "ops.TensorScatterMax",
      (r(4, 2), np.array([[1], [3]], np.int32), r(2, 2, seed=2)), init={}),
    S("tensor_scatter_mul_duplicates", "ops.tensor_scatter_mul",
      (r(3), np.array([[0], [0], [2]], np.int32), r(3, seed=1))),
    S("tensor_scatter_div_duplicates", "ops.tensor_scatter_div",
      (r(3), np.array([[1], [1]], np.int32), r(2, seed=1, lo=0.5, hi=2.0))),
    S("tensor_scatter_max_ties", "ops.tensor_scatter_max",
      (np.array([[1.0, 2.0], [3.0, 4.0]], np.float32), np.array([[0], [1]], np.int32),
       np.array([[1.0, 5.0], [3.0, 0.0]], np.float32))),
    S("ger_prim", "ops.Ger", (r(4), r(3, seed=1)), init={}),
    S("ger_mixed_dtypes", "ops.ger", (r(3), r(2, seed=1, dtype=np.float64))),
    # activations
    S("softplus", "ops.softplus", (X * 10,)),
    S("softplus_beta", "ops.softplus", (X * 10, 2, 5)),
    S("softplus_prim", "ops.Softplus", (X,), init={}),
    S("gelu", "ops.gelu", (X,)),
    S("gelu_tanh", "ops.gelu", (X,), kw={"approximate": "tanh"}),
    S("gelu_prim", "ops.GeLU", (X,), init={}),
    S("fast_gelu_prim", "ops.FastGeLU", (X,), init={}),
    S("silu", "ops.silu", (X,)),
    S("leaky_relu", "ops.leaky_relu", (X,)),
    S("leaky_relu_alpha", "ops.leaky_relu", (X, 0.01)),
    S("elu", "ops.elu", (X,)),
    S("elu_prim", "ops.Elu", (X,), init={"alpha": 0.5}),
    S("relu6", "ops.relu6", (X * 5,)),
    S("hardswish", "ops.hardswish", (X * 3,)),
    S("hsigmoid_prim", "ops.HSigmoid", (X * 3,), init={}),
    S("selu", "ops.selu", (X,)),
    S("softsign", "ops.softsign", (X,)),
    S("mish", "ops.mish", (X,)),
    S("hardtanh", "ops.hardtanh", (X,), kw={"min_val": -0.5, "max_val": 0.5}),
    S("prelu", "ops.prelu", (r(2, 3, 2), np.array([0.1, 0.2, 0.3], np.float32))),
    S("l2_normalize", "ops.L2Normalize", (X,), init={}),
    S("l2_normalize_axis", "ops.L2Normalize", (X4,), init={"axis": -1, "epsilon": 1e-6}),
    S("cosine_similarity", "ops.cosine_similarity", (X, r(2, 3, seed=5))),
    # losses
    S("mse_loss", "ops.mse_loss", (X, r(2, 3, seed=5))),
    S("mse_loss_none", "ops.mse_loss", (X, r(2, 3, seed=5)), kw={"reduction": "none"}),
    S("l1_loss_sum", "ops.l1_loss", (X, r(2, 3, seed=5)), kw={"reduction": "sum"}),
    S("smooth_l1_loss", "ops.smooth_l1_loss", (X, r(2, 3, seed=5))),
    S("smooth_l1_loss_mean", "ops.smooth_l1_loss", (X, r(2, 3, seed=5)),
      kw={"beta": 0.5, "reduction": "mean"}),
    S("smooth_l1_prim", "ops.SmoothL1Loss", (X, r(2, 3, seed=5)), init={"beta": 2.0}),
    S("bce", "ops.binary_cross_entropy",
      (r(2, 3, lo=0.05, hi=0.95), r(2, 3, seed=5, lo=0, hi=1))),
    S("bce_weight_sum", "ops.binary_cross_entropy",
      (r(2, 3, lo=0.05, hi=0.95), r(2, 3, seed=5, lo=0, hi=1), r(2, 3, seed=6, lo=0, hi=1)),
      kw={"reduction": "sum"}),
    S("bce_prim", "ops.BinaryCrossEntropy",
      (r(2, 3, lo=0.05, hi=0.95), r(2, 3, seed=5, lo=0, hi=1)), init={"reduction": "none"}),
    S("sigmoid_ce_prim", "ops.SigmoidCrossEntropyWithLogits", (X, r(2, 3, seed=5, lo=0, hi=1)),
      init={}),
    S("bce_with_logits", "ops.binary_cross_entropy_with_logits",
      (X, r(2, 3, seed=5, lo=0, hi=1))),
    S("bce_with_logits_weights", "ops.binary_cross_entropy_with_logits",
      (X, r(2, 3, seed=5, lo=0, hi=1), r(2, 3, seed=6, lo=0, hi=1),
       r(3, seed=7, lo=0.5, hi=2)), kw={"reduction": "sum"}),
    S("cross_entropy", "ops.cross_entropy", (r(4, 3), np.array([0, 2, 1, 2], np.int32))),
    S("cross_entropy_ignore", "ops.cross_entropy",
      (r(4, 3), np.array([0, -100, 1, 2], np.int32))),
    S("cross_entropy_weight_sum", "ops.cross_entropy",
      (r(4, 3), np.array([0, 2, 1, 2], np.int32), np.array([0.2, 1.0, 3.0], np.float32)),
      kw={"reduction": "sum"}),
    S("cross_entropy_smoothing", "ops.cross_entropy",
      (r(4, 3), np.array([0, 2, 1, 2], np.int32)), kw={"label_smoothing": 0.1}),
    S("cross_entropy_probs", "ops.cross_entropy", (r(4, 3), r(4, 3, seed=5, lo=0, hi=1))),
    S("cross_entropy_4d", "ops.cross_entropy",
      (r(2, 3, 2, 2), ints(2, 2, 2, hi=3)), kw={"reduction": "none"}),
    S("nll_loss", "ops.nll_loss", (r(4, 3), np.array([0, 2, 1, 2], np.int32))),
    S("nll_loss_weight", "ops.nll_loss",
      (r(4, 3), np.array([0, 2, 1, 2], np.int32), np.array([0.2, 1.0, 3.0], np.float32))),
    S("nll_loss_prim", "ops.NLLLoss",
      (r(4, 3), np.array([0, 2, 1, 2], np.int32), np.array([0.2, 1.0, 3.0], np.float32)),
      init={"reduction": "sum"}, pick=0),
    S("kl_div", "ops.kl_div", (X, r(2, 3, seed=5, lo=0, hi=1))),
    S("kl_div_sum", "ops.kl_div", (X, r(2, 3, seed=5, lo=0, hi=1)),
      kw={"reduction": "sum"}),
    S("kl_div_prim", "ops.KLDivLoss", (X, r(2, 3, seed=5, lo=0, hi=1)),
      init={"reduction": "none"}),
    # Tensor-only methods
    S("tensor_value", "Tensor.value", (X,)),
    S("tensor_fill", "Tensor.fill", (X, 2.5), grad=False),
    S("tensor_type", "Tensor.type", (X, D("int32")), grad=False),
]

F = r(2, 3, seed=11)
NUMPY_SPECS = [
    S("np_arange", "numpy.arange", (5,), grad=False),
    S("np_arange_float", "numpy.arange", (0, 1, 0.25), grad=False),
    S("np_zeros", "numpy.zeros", ((2, 3),), grad=False),
    S("np_zeros_dtype", "numpy.zeros", ((2,), D("int32")), grad=False),
    S("np_ones", "numpy.ones", (3,), grad=False),
    S("np_full_int", "numpy.full", ((2,), 3), grad=False),
    S("np_full_float", "numpy.full", ((2,), 1.5), grad=False),
    S("np_array_int", "numpy.array", ([1, 2],), grad=False),
    S("np_array_float", "numpy.array", ([1.0, 2.0],), grad=False),
    S("np_eye", "numpy.eye", (2,), grad=False),
    S("np_linspace", "numpy.linspace", (0, 1, 5), grad=False),
    S("np_where", "numpy.where", (B, F, X)),
    S("np_concatenate", "numpy.concatenate", (F, X), kw={"axis": 0}),
    S("np_stack", "numpy.stack", (F, X)),
    S("np_tile", "numpy.tile", (F, 2)),
    S("np_sum_axis", "numpy.sum", (F,), kw={"axis": 1}),
    S("np_sum_int", "numpy.sum", (XI,), grad=False),
    S("np_mean", "numpy.mean", (F,)),
    S("np_mean_int", "numpy.mean", (XI,), grad=False),
    S("np_expand_dims", "numpy.expand_dims", (F, 0)),
    S("np_reshape", "numpy.reshape", (F, (3, 2))),
    S("np_sqrt", "numpy.sqrt", (np.abs(F) + 0.1,)),
    S("np_sqrt_int", "numpy.sqrt", (XI,), grad=False),
    S("np_broadcast_to", "numpy.broadcast_to", (r(3), (2, 3))),
    S("np_clip", "numpy.clip", (F, -0.5, 0.5)),
    # flip(x) without axis is a MindSpore 2.10 error; its gradient has the negative-stride
    # StridedSlice defect (docs/divergences.md)
    S("np_flip", "numpy.flip", (F, 1), grad=False),
    # MindSpore 2.10's gradient through rot90 fails (RuntimeError in its bprop): forward only
    S("np_rot90", "numpy.rot90", (F,), grad=False),
    S("np_rot90_k_axes", "numpy.rot90", (r(2, 3, 4, seed=12), 2, (1, 2)), grad=False),
    S("np_rot90_negative_k", "numpy.rot90", (r(2, 3, 4, seed=13), -1, (2, 0)), grad=False),
    S("np_rot90_int", "numpy.rot90", (ints(2, 3), 3), grad=False),
    S("np_rot90_same_axes", "numpy.rot90", (F, 1, (0, 0)), grad=False),
    S("np_rot90_1d", "numpy.rot90", (r(3, seed=14),), grad=False),
    S("np_square_int", "numpy.square", (XI,), grad=False),
    S("np_log", "numpy.log", (np.abs(F) + 0.1,)),
    S("np_norm", "numpy.norm", (F,)),
    S("np_split", "numpy.split", (F, 3), kw={"axis": 1}),
    S("np_exp", "numpy.exp", (F,)),
    S("np_maximum", "numpy.maximum", (F, 0.0)),
    S("np_dot", "numpy.dot", (F, r(3, 2, seed=12))),
    S("np_matmul", "numpy.matmul", (F, r(3, 2, seed=12))),
    S("np_argmax", "numpy.argmax", (P,), kw={"axis": 1}, grad=False),
    S("np_transpose", "numpy.transpose", (F,)),
    S("np_amax", "numpy.amax", (P,)),
    S("np_std", "numpy.std", (F,)),
    S("np_var_axis", "numpy.var", (F,), kw={"axis": 0}),
    S("np_cumsum_int", "numpy.cumsum", (XI,), grad=False),
    S("np_power", "numpy.power", (F, 2)),
    S("np_divide_int", "numpy.divide", (XI, 2), grad=False),
    S("np_add_int", "numpy.add", (XI, 1), grad=False),
    S("np_abs_int", "numpy.abs", (XI,), grad=False),
    S("np_zeros_like", "numpy.zeros_like", (XI,), grad=False),
    S("np_full_like", "numpy.full_like", (XI, 7), grad=False),
    S("np_diag", "numpy.diag", (r(3),)),
    S("np_outer", "numpy.outer", (r(3), r(2, seed=1))),
    S("np_repeat", "numpy.repeat", (F, 2)),
    S("np_pad", "numpy.pad", (r(3), 1)),
    S("np_append", "numpy.append", (r(3), r(2, seed=1))),
    S("np_tanh", "numpy.tanh", (F,)),
    S("np_reciprocal", "numpy.reciprocal", (F + 3,)),
    S("np_roll", "numpy.roll", (r(3, 4, seed=70), 2), kw={"axis": 1}),
    S("np_roll_flat", "numpy.roll", (r(3, 4, seed=70), -5)),
    S("np_tensordot", "numpy.tensordot", (r(2, 3, 4, seed=71), r(4, 3, 2, seed=72)),
      kw={"axes": ((1, 2), (1, 0))}),
    S("np_cross", "numpy.cross", (r(4, 3, seed=73), r(4, 3, seed=74))),
    S("np_round", "numpy.round", (F * 3,)),
    S("np_isclose", "numpy.isclose", (F, F), grad=False),
    S("np_logical_and", "numpy.logical_and", (B, ~B), grad=False),
]
# ops.div's rounding_mode (MindSpore 2.x): None, "floor", "trunc"; ints and negatives
YP = r(2, 3, seed=5, lo=0.5, hi=2.0)
XN = ints(2, 3, seed=6, lo=-7, hi=8)
YN = ints(2, 3, seed=7, lo=1, hi=4) * np.array([[1, -1, 1], [-1, 1, -1]], np.int32)
SPECS += [
    S("div_mode_none", "ops.div", (X, YP), kw={"rounding_mode": None}),
    S("div_mode_floor", "ops.div", (X * 3, YP), kw={"rounding_mode": "floor"}),
    S("div_mode_trunc", "ops.div", (X * 3, YP), kw={"rounding_mode": "trunc"}),
    S("div_mode_floor_int", "ops.div", (XN, YN), kw={"rounding_mode": "floor"}, grad=False),
    S("div_mode_trunc_int", "ops.div", (XN, YN), kw={"rounding_mode": "trunc"}, grad=False),
    S("div_mode_none_int", "ops.div", (XN, YN), kw={"rounding_mode": None}, grad=False),
    S("divide_mode_floor", "ops.divide", (X * 3, YP), kw={"rounding_mode": "floor"}),
    S("tensor_div_mode_trunc", "Tensor.div", (X * 3, YP), kw={"rounding_mode": "trunc"}),
    S("div_mode_bad", "ops.div", (X, YP), kw={"rounding_mode": "round"}, grad=False),
    # dtype= of softmax and prod, initial=/where= of amax and amin
    S("softmax_dtype", "ops.softmax", (X,), kw={"dtype": D("float16")}, rtol=1e-3, atol=1e-3),
    S("tensor_softmax_dtype", "Tensor.softmax", (X, 0), kw={"dtype": D("float16")},
      rtol=1e-3, atol=1e-3),
    S("prod_dtype", "ops.prod", (X, 1), kw={"dtype": D("float64")}),
    S("prod_dtype_int", "ops.prod", (XI,), kw={"dtype": D("float32")}, grad=False),
    S("amax_initial", "ops.amax", (X, 1), kw={"initial": 0.5}),
    S("amin_initial", "ops.amin", (X,), kw={"initial": -0.5}),
    S("amax_where", "ops.amax", (X, 1), kw={"initial": -5.0, "where": TK(~B)}),
    S("amin_where_keepdims", "ops.amin", (X, 0, True), kw={"initial": 5.0, "where": TK(B)}),
    S("subtract_alpha", "ops.subtract", (X, YP), kw={"alpha": 2}),
    S("subtract_alpha_float", "ops.subtract", (X, YP), kw={"alpha": 0.5}),
    S("subtract_alpha_int", "ops.subtract", (XN, YN), kw={"alpha": 3}, grad=False),
    S("subtract_alpha_int_float", "ops.subtract", (XN, YN), kw={"alpha": 0.5}, grad=False),
    S("reduce_sum_axis", "ops.reduce_sum", (X4, 1)),
    S("reduce_sum_all", "ops.reduce_sum", (X,)),
    S("reduce_sum_int_tuple", "ops.reduce_sum", (XN, (0, 1)), grad=False),
    S("reduce_sum_int8", "ops.reduce_sum", (XN.astype(np.int8), 1), grad=False),
    S("ReduceSum_int8", "ops.ReduceSum", (XN.astype(np.int8), 1), init={"keep_dims": False},
      grad=False),
    S("ReduceSum_bool", "ops.ReduceSum", (B,), init={"keep_dims": True}, grad=False),
    S("ReduceProd_int32", "ops.ReduceProd", (YN, 0), init={"keep_dims": False}, grad=False),
    # image resizing (op_rows_image.py): every mode, rank and coordinate rule
    S("interp_nearest_up", "ops.interpolate", (IMG,), kw={"size": (5, 7)}),
    S("interp_nearest_down", "ops.interpolate", (IMG,), kw={"size": (2, 3)}),
    S("interp_nearest_recompute", "ops.interpolate", (IMG,),
      kw={"scale_factor": 1.5, "recompute_scale_factor": True}),
    S("interp_nearest_1d", "ops.interpolate", (SEQ,), kw={"size": 8}),
    S("interp_nearest_exact", "ops.interpolate", (IMG,), kw={"size": (5, 7),
                                                             "mode": "nearest-exact"}),
    S("interp_nearest_exact_down", "ops.interpolate", (IMG,), kw={"size": (2, 2),
                                                                  "mode": "nearest-exact"}),
    S("interp_bilinear", "ops.interpolate", (IMG,), kw={"size": (5, 7), "mode": "bilinear"}),
    S("interp_bilinear_down", "ops.interpolate", (IMG,), kw={"size": [2, 3],
                                                             "mode": "bilinear"}),
    S("interp_bilinear_ac", "ops.interpolate", (IMG,),
      kw={"size": (5, 7), "mode": "bilinear", "align_corners": True}),
    S("interp_bilinear_ac_down", "ops.interpolate", (IMG,),
      kw={"size": (2, 2), "mode": "bilinear", "align_corners": True}),
    S("interp_linear", "ops.interpolate", (SEQ,), kw={"size": 8, "mode": "linear"}),
    S("interp_linear_ac", "ops.interpolate", (SEQ,),
      kw={"size": 3, "mode": "linear", "align_corners": True}),
    S("interp_area", "ops.interpolate", (IMG,), kw={"size": (2, 3), "mode": "area"}),
    S("interp_area_scale", "ops.interpolate", (IMG,), kw={"scale_factor": 0.5,
                                                          "mode": "area"}),
    S("interp_area_1d", "ops.interpolate", (SEQ,), kw={"size": 3, "mode": "area"},
      grad=False),
    S("upsample_bilinear", "ops.upsample", (IMG,), kw={"size": (4, 9), "mode": "bilinear"}),
    S("interp_err_scale_4d", "ops.interpolate", (IMG,), kw={"scale_factor": 2.0}, grad=False),
    S("interp_err_both", "ops.interpolate", (IMG,), kw={"size": (2, 2), "scale_factor": 2.0},
      grad=False),
    S("interp_err_none", "ops.interpolate", (IMG,), grad=False),
    S("interp_err_ac_nearest", "ops.interpolate", (IMG,),
      kw={"size": (2, 2), "align_corners": True}, grad=False),
    S("interp_err_rank", "ops.interpolate", (SEQ,), kw={"size": 4, "mode": "bilinear"},
      grad=False),
    S("interp_err_mode", "ops.interpolate", (IMG,), kw={"size": (2, 2), "mode": "cubic"},
      grad=False),
    S("interp_err_size_len", "ops.interpolate", (IMG,), kw={"size": (2, 2, 2)}, grad=False),
    S("interp_err_int", "ops.interpolate", (IMG.astype(np.int32),), kw={"size": (2, 2)},
      grad=False),
    S("ResizeNearestNeighbor", "ops.ResizeNearestNeighbor", (IMG,), init={"size": (5, 7)}),
    S("ResizeNearestNeighbor_ac", "ops.ResizeNearestNeighbor", (IMG,),
      init={"size": (4, 9), "align_corners": True}),
    S("ResizeNearestNeighbor_hp", "ops.ResizeNearestNeighbor", (IMG,),
      init={"size": (4, 9), "half_pixel_centers": True}),
    S("ResizeNearestNeighbor_down", "ops.ResizeNearestNeighbor", (IMG,), init={"size": (2, 3)}),
    S("ResizeBilinearV2", "ops.ResizeBilinearV2", (IMG, (5, 7)), init={}),
    S("ResizeBilinearV2_ac", "ops.ResizeBilinearV2", (IMG, (4, 9)),
      init={"align_corners": True}),
    S("ResizeBilinearV2_hp", "ops.ResizeBilinearV2", (IMG, (4, 9)),
      init={"half_pixel_centers": True}),
    S("ResizeBilinearV2_hp_down", "ops.ResizeBilinearV2", (IMG, (2, 3)),
      init={"half_pixel_centers": True}),
    S("adaptive_avg_pool2d", "ops.adaptive_avg_pool2d", (IMG, (2, 3))),
    S("adaptive_avg_pool1d_err", "ops.adaptive_avg_pool1d", (SEQ, 3), grad=False),
    S("adaptive_avg_pool1d", "ops.adaptive_avg_pool1d", (r(2, 3, 6, seed=23), 3)),
    S("interp_area_1d_even", "ops.interpolate", (r(2, 3, 6, seed=23),),
      kw={"size": 2, "mode": "area"}),
    S("pixel_shuffle", "ops.pixel_shuffle", (r(2, 8, 2, 3, seed=9), 2)),
    S("pixel_unshuffle", "ops.pixel_unshuffle", (r(2, 2, 4, 6, seed=9), 2)),
    S("pixel_shuffle_err", "ops.pixel_shuffle", (r(2, 8, 2, 3, seed=9), 3), grad=False),
    # convolution and pooling rows (op_rows_nn.py)
    S("conv2d_valid", "ops.conv2d", (CX, CW)),
    S("conv2d_pad_bias", "ops.conv2d", (CX, CW, r(3, seed=33)),
      kw={"pad_mode": "pad", "padding": 1, "stride": 2}),
    S("conv2d_same_dilation", "ops.conv2d", (CX, CW), kw={"pad_mode": "same", "dilation": 2}),
    S("conv2d_groups", "ops.conv2d", (r(1, 4, 5, 6, seed=34), r(2, 2, 2, 3, seed=35)),
      kw={"groups": 2, "pad_mode": "pad", "padding": (1, 2)}),
    S("conv2d_padding4_err", "ops.conv2d", (CX, CW),
      kw={"pad_mode": "pad", "padding": (1, 0, 0, 2)}, grad=False),
    S("conv1d", "ops.conv1d", (r(2, 2, 7, seed=36), r(3, 2, 3, seed=37)),
      kw={"stride": 2, "pad_mode": "pad", "padding": 1}),
    S("conv3d", "ops.conv3d", (r(1, 2, 4, 5, 3, seed=38), r(2, 2, 2, 3, 2, seed=39)),
      kw={"pad_mode": "same"}),
    S("conv3d_stride", "ops.conv3d", (r(1, 2, 4, 5, 3, seed=38), r(2, 2, 2, 3, 2, seed=39)),
      kw={"stride": (2, 1, 2)}),
    S("Conv2D", "ops.Conv2D", (CX, CW), init={"out_channel": 3, "kernel_size": 3}),
    S("Conv2D_same_stride4", "ops.Conv2D", (CX, CW),
      init={"out_channel": 3, "kernel_size": 3, "pad_mode": "same", "stride": (1, 1, 2, 2)}),
    S("Conv2D_pad4", "ops.Conv2D", (CX, CW),
      init={"out_channel": 3, "kernel_size": 3, "pad_mode": "pad", "pad": (1, 0, 2, 1)}),
    S("Conv3D", "ops.Conv3D", (r(1, 2, 4, 5, 3, seed=38), r(2, 2, 2, 3, 2, seed=39)),
      init={"out_channel": 2, "kernel_size": (2, 3, 2), "pad_mode": "pad", "pad": 1}),
    S("Conv2DBackpropInput", "ops.Conv2DBackpropInput",
      (r(1, 3, 3, 4, seed=41), CW, (1, 2, 5, 6)), init={"out_channel": 3, "kernel_size": 3}),
    S("Conv2DTranspose_same", "ops.Conv2DTranspose",
      (r(1, 3, 3, 3, seed=42), CW, (1, 2, 5, 6)),
      init={"out_channel": 3, "kernel_size": 3, "pad_mode": "same", "stride": 2}),
    S("Conv3DTranspose", "ops.Conv3DTranspose",
      (r(1, 2, 3, 3, 2, seed=43), r(2, 3, 2, 2, 2, seed=44)),
      init={"in_channel": 2, "out_channel": 3, "kernel_size": 2, "stride": 2}),
    S("MaxPool", "ops.MaxPool", (CX,), init={"kernel_size": 2, "strides": 2}),
    S("MaxPool_same", "ops.MaxPool", (CX,), init={"kernel_size": 3, "strides": 2,
                                                  "pad_mode": "SAME"}),
    S("AvgPool", "ops.AvgPool", (CX,), init={"kernel_size": (2, 3), "strides": 1}),
    S("AvgPool_same", "ops.AvgPool", (CX,), init={"kernel_size": 3, "strides": 2,
                                                  "pad_mode": "same"}),
    S("MaxPool3D", "ops.MaxPool3D", (r(1, 2, 4, 5, 3, seed=45),),
      init={"kernel_size": 2, "strides": 1}),
    S("AvgPool3D_pad", "ops.AvgPool3D", (r(1, 2, 4, 5, 3, seed=45),),
      init={"kernel_size": 2, "strides": 2, "pad_mode": "pad", "pad": 1}),
    S("AdaptiveAvgPool2D", "ops.AdaptiveAvgPool2D", (CX,), init={"output_size": (2, 4)}),
    S("AdaptiveAvgPool2D_none", "ops.AdaptiveAvgPool2D", (CX,),
      init={"output_size": (None, 3)}),
    S("max_pool2d", "ops.max_pool2d", (CX, 2)),
    S("max_pool2d_pad_ceil", "ops.max_pool2d", (CX, 3),
      kw={"stride": 2, "padding": 1, "ceil_mode": True}),
    S("max_pool3d", "ops.max_pool3d", (r(1, 2, 4, 5, 3, seed=45), 2), kw={"stride": 1}),
    S("avg_pool2d", "ops.avg_pool2d", (CX,), kw={"kernel_size": 2, "stride": 2}),
    S("avg_pool2d_pad_nocount", "ops.avg_pool2d", (CX,),
      kw={"kernel_size": 3, "stride": 2, "padding": 1, "count_include_pad": False}),
    S("avg_pool2d_divisor", "ops.avg_pool2d", (CX,),
      kw={"kernel_size": 2, "stride": 1, "divisor_override": 3}),
    S("avg_pool1d", "ops.avg_pool1d", (r(2, 2, 7, seed=36),), kw={"kernel_size": 3,
                                                                   "stride": 2}),
    S("avg_pool3d", "ops.avg_pool3d", (r(1, 2, 4, 5, 3, seed=45),), kw={"kernel_size": 2,
                                                                         "stride": 1}),
    S("adaptive_max_pool2d", "ops.adaptive_max_pool2d", (CX, (2, 3))),
    S("conv2d_rank_err", "ops.conv2d", (r(2, 5, 6, seed=32), CW), grad=False),
    # detection rows (op_rows_detection.py)
    S("IOU", "ops.IOU", (BOXES, GT), init={}, grad=False),
    S("IOU_iof", "ops.IOU", (BOXES, GT), init={"mode": "iof"}, grad=False),
    S("iou", "ops.iou", (BOXES, GT), grad=False),
    S("iou_iof", "ops.iou", (GT, BOXES), kw={"mode": "iof"}, grad=False),
    S("BoundingBoxEncode", "ops.BoundingBoxEncode", (BOXES[:2], GT), init={}, grad=False),
    S("BoundingBoxEncode_means", "ops.BoundingBoxEncode", (BOXES[:2], GT),
      init={"means": (0.1, 0.0, -0.1, 0.2), "stds": (0.1, 0.1, 0.2, 0.2)}, grad=False),
    S("BoundingBoxDecode", "ops.BoundingBoxDecode", (BOXES[:3], DELTAS),
      init={"max_shape": (20, 24)}, grad=False),
    S("BoundingBoxDecode_clip", "ops.BoundingBoxDecode", (BOXES[:3], DELTAS * 8),
      init={"max_shape": (16, 12), "means": (0.0, 0.1, 0.0, 0.0),
            "stds": (0.1, 0.1, 0.2, 0.2), "wh_ratio_clip": 0.1}, grad=False),
    S("NMSWithMask", "ops.NMSWithMask", (SCORED,), init={"iou_threshold": 0.3}, grad=False),
    S("NMSWithMask_high", "ops.NMSWithMask", (SCORED,), init={"iou_threshold": 0.7},
      grad=False),
    S("CheckValid", "ops.CheckValid", (BOXES, np.array([12, 14, 1.5], np.float32)), init={},
      grad=False),
    S("range_int", "ops.range", (0, 7, 2), grad=False),
    S("range_float", "ops.range", (1.0, 2.0, 0.3), grad=False),
    S("range_negative", "ops.range", (5, -3, -3), grad=False),
    S("reduce_mean_axis", "ops.reduce_mean", (X4, (0, 2))),
    S("reduce_mean_all", "ops.reduce_mean", (X,)),
    S("DepthToSpace", "ops.DepthToSpace", (r(2, 8, 2, 3, seed=75),), init={"block_size": 2}),
    S("SpaceToDepth", "ops.SpaceToDepth", (r(2, 2, 4, 6, seed=76),), init={"block_size": 2}),
    S("ScalarToTensor_int", "ops.ScalarToTensor", (3,), init={}, grad=False),
    S("ScalarToTensor_float_int32", "ops.ScalarToTensor", (2.7, D("int32")), init={},
      grad=False),
    S("ReduceMax_int8", "ops.ReduceMax", (XN.astype(np.int8), 0), init={"keep_dims": True},
      grad=False),
    S("tensor_dot", "ops.tensor_dot", (X4, r(4, 3, 2, seed=80), ((2,), (0,)))),
    S("tensor_dot_two_axes", "ops.tensor_dot", (X4, r(3, 4, seed=81), ((1, 2), (0, 1)))),
    S("gather_d", "ops.gather_d", (X, 1, ints(2, 4, hi=3, dtype=np.int64))),
    S("dot_2d", "ops.dot", (X, r(3, 4, seed=82))),
    S("dot_nd", "ops.dot", (X4, r(2, 4, 5, seed=83))),
    S("pows", "ops.pows", (r(2, 3, seed=84, lo=0.1, hi=2.0), 3.0)),
    # MindSpore 2.10's GRAPH mode rejects four inputs (TypeError) and three (RuntimeError)
    S("GatherV2", "ops.GatherV2", (X4, np.array([2, 0], np.int32), 1, 0), init={},
      modes=("PYNATIVE",)),
    S("GatherV2_three_inputs", "ops.GatherV2", (X4, np.array([2, 0], np.int32), 1), init={},
      grad=False),
    S("TensorAdd", "ops.TensorAdd", (X, r(3, seed=85)), init={}),
]
SPECS += NUMPY_SPECS

PACKED = {"addn", "clip_by_global_norm", "hstack", "vstack", "np_concatenate", "np_stack"}
for _s in SPECS:
    _register(_s, pack=_s.name in PACKED, varargs=_s.name.startswith("meshgrid"))
