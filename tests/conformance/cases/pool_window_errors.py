"""Pools whose 'valid' window is larger than the input: each pool's own error class and
message (``nn/layer/pooling.py``). One call per case (recorded with ``--isolate``)."""
import numpy as np

from ._registry import case

_CALLS = {
    "max_pool2d_window": ("MaxPool2d", (4,), (1, 1, 2, 2)),
    "max_pool2d_unbatched": ("MaxPool2d", (4,), (1, 2, 2)),
    "max_pool1d_stride": ("MaxPool1d", (3, 2), (2, 1, 2)),
    "avg_pool2d_width": ("AvgPool2d", ((1, 4),), (1, 1, 2, 2)),
    "avg_pool1d_window": ("AvgPool1d", (4,), (1, 1, 2)),
    "max_pool3d_window": ("MaxPool3d", (4,), (1, 1, 2, 2, 2)),
    "avg_pool3d_window": ("AvgPool3d", (4,), (1, 1, 2, 2, 2)),
    "max_pool2d_fits": ("MaxPool2d", (2, 2), (1, 1, 2, 5)),
}


def _register(name):
    layer, args, shape = _CALLS[name]

    def fn(ms):
        try:
            out = getattr(ms.nn, layer)(*args)(ms.Tensor(np.ones(shape, np.float32)))
            return f"ok {out.shape}"
        except Exception as e:  # noqa: BLE001 - the class and first message line are the result
            return f"{type(e).__name__}: {str(e).splitlines()[0]}"
    fn.__name__ = fn.__qualname__ = name
    case()(fn)


for _name in _CALLS:
    _register(_name)
