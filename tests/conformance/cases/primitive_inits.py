"""Primitive classes as MindSpore's ``prim_attr_register`` builds them: required and
defaulted ``__init__`` arguments and their TypeErrors, the attributes printed by ``repr``,
and the attributes that change what a call computes (``Argmax(output_type=...)``,
``Gather(batch_dims=...)``, ``ReduceSum(skip_mode=...)``)."""
import numpy as np

from ._registry import case

REQUIRED_INIT = ("AdaptiveAvgPool2D", "BoundingBoxDecode", "BroadcastTo", "ChannelShuffle",
                 "Conv2D", "Conv2DBackpropInput", "Conv2DTranspose", "Conv3D",
                 "Conv3DTranspose", "DepthToSpace", "Einsum", "FFTWithSize", "LpNorm", "Pad",
                 "ROIAlign", "ResizeNearestNeighbor", "ReverseSequence", "ReverseV2",
                 "SpaceToDepth")


def _outcome(f):
    try:
        return repr(f())
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case(modes=("PYNATIVE",))
def required_init_arguments(ms):
    return [(n, _outcome(lambda n=n: getattr(ms.ops, n)())) for n in REQUIRED_INIT]


@case(modes=("PYNATIVE",))
def init_argument_errors(ms):
    ops = ms.ops
    return [_outcome(lambda: ops.Conv2D(3)), _outcome(lambda: ops.Conv2D(3, 3, bad=1)),
            _outcome(lambda: ops.ReLU(1)), _outcome(lambda: ops.Concat(0, 1)),
            _outcome(lambda: ops.ReduceSum(keep_dims=True, nope=2)),
            _outcome(lambda: ops.MatMul(transpose_c=True))]


@case(modes=("PYNATIVE",))
def repr_lists_init_attributes(ms):
    ops = ms.ops
    prims = [ops.ReLU(), ops.ReduceSum(True), ops.ReduceMean(keep_dims=True), ops.Concat(1),
             ops.MatMul(transpose_b=True), ops.BatchMatMul(), ops.CumSum(reverse=True),
             ops.Gather(1), ops.Transpose(), ops.Softplus(), ops.OneHot(axis=0),
             ops.LayerNorm(begin_norm_axis=1), ops.Split(1, 2), ops.ArgMaxWithValue(1),
             ops.Stack(axis=1), ops.Tile(), ops.StridedSlice(),
             ops.Sort(descending=True), ops.TopK(sorted=False), ops.ExpandDims()]
    return [repr(p) for p in prims]


@case()
def argmax_output_type(ms):
    x = ms.Tensor(np.array([[1.0, 3.0, 2.0], [5.0, 4.0, 6.0]], np.float32))
    ops = ms.ops
    return [ops.Argmax(output_type=ms.int64)(x), ops.Argmin(output_type=ms.int64)(x),
            ops.Argmax(axis=0)(x), ops.Argmin(0, ms.int32)(x)]


@case(modes=("PYNATIVE",))
def argmax_output_type_refused(ms):
    x = ms.Tensor(np.array([1.0, 3.0], np.float32))
    return [_outcome(lambda: ms.ops.Argmax(output_type=ms.float32)(x)),
            _outcome(lambda: ms.ops.Argmin(output_type=ms.int16)(x))]


@case()
def gather_batch_dims(ms):
    params = ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    idx = ms.Tensor(np.array([[2, 0], [1, 1]], np.int32))
    return [ms.ops.Gather(1)(params, idx, 1), ms.ops.Gather(batch_dims=1)(params, idx, 2),
            ms.ops.Gather()(params, idx, 1)]


@case()
def reduce_sum_skip_mode(ms):
    """``skip_mode`` where MindSpore's kernel is consistent: a partial reduction (over every
    axis its answer depends on earlier calls: mscompat raises NotImplementedError, tested in
    tests/test_op_table.py)."""
    x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    cube = ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    rs = ms.ops.ReduceSum
    return [rs(skip_mode=True)(x, 1), rs(skip_mode=True)(x, 0), rs()(x, ()),
            rs(True, True)(cube, (0, 1)), rs(False, True)(cube, (1, 2))]
