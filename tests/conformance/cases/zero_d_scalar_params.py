"""A 0-d Tensor where an op takes a Python number (an axis, a depth, a count): some ops
take its value (``ops.expand_dims(x, Tensor(0))``, ``ops.one_hot``'s depth, ``ops.topk``'s
k), others refuse it with a TypeError (``ops.split``, ``Tensor.expand_dims``); recorded per
op with the dtype refusals (``ms_dtypes``, code ``z``)."""
import numpy as np

from ._registry import case


def _class_or(call, *args):
    try:
        return call(*args)
    except TypeError:
        return "TypeError"


@case(modes=("PYNATIVE",))
def zero_d_tensor_as_scalar_argument(ms):
    ops, t = ms.ops, ms.Tensor
    x = t(np.arange(6, dtype=np.float32).reshape(2, 3))
    return [ops.expand_dims(x, t(0)), ops.ExpandDims()(x, t(1)),
            ops.one_hot(t(np.array([0, 2])), t(3), t(1.0), t(0.0)),
            ops.squeeze(ops.expand_dims(x, 0), t(0)), ops.topk(x[0], t(2))[0],
            ops.argmax(x, t(1)), ops.cumsum(x, t(1)),
            ops.gather(x, t(np.array([0, 2])), t(1)),
            _class_or(ops.split, t(np.ones(4, np.float32)), t(2)),
            _class_or(x.expand_dims, t(1))]
