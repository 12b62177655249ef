"""MindSpore's ValueError messages for a reduction axis out of range (``For
primitive[SumExt], the axis value must be in [-2,2), but got 4.``, by the kernel each
method or function runs: SumExt, MeanExt, ProdExt, ReduceMean/Sum/Max/Any/All,
ArgMaxWithValue; each checked in a process of its own), a reshape to a shape of another
size (``proposed_shape '[const vector]{4, 2}' is invalid for input of size 6``) and a
concat of mismatched shapes."""
import numpy as np

from ._registry import case


def _message(fn):
    try:
        out = fn()
        np.asarray(out.asnumpy())  # (MindSpore's kernel errors surface when read)
        return "accepted"
    except (TypeError, ValueError, RuntimeError) as e:
        return [type(e).__name__, str(e).split("\n")[0]]


@case(modes=("PYNATIVE",))
def reduction_and_shape_messages(ms):
    x = ms.Tensor(np.ones((2, 3), np.float32))
    b = x > 0
    y = ms.Tensor(np.ones((2, 4), np.float32))
    calls = [lambda: x.sum(4), lambda: ms.ops.sum(x, -3), lambda: x.mean(4),
             lambda: ms.ops.mean(x, 4), lambda: x.prod(4), lambda: x.max(axis=4),
             lambda: x.amax(4), lambda: x.max(axis=(0, 5)), lambda: b.any(4),
             lambda: b.all(-3), lambda: ms.ops.ReduceSum()(x, 4),
             lambda: ms.ops.ReduceMean()(x, (0, 3)), lambda: x.reshape(4, 2),
             lambda: ms.ops.reshape(x, (4, -1)), lambda: x.view(5, -1),
             lambda: ms.ops.concat((x, y)), lambda: ms.ops.cat((x, y.T), 1)]
    # MindSpore 2.10 repeats a kernel's previous message for a later error of the same
    # kind in one process: only the first message is compared, the rest by class
    out = [_message(c) for c in calls]
    return [out[0]] + [o[0] if isinstance(o, list) else o for o in out[1:]]
