"""A Float64 input to ``nn.LSTM``/``nn.RNN``/``nn.GRU`` runs in float32 and gives Float64
Tensors (MindSpore 2.10, CPU; recorded in a process of its own: after GRAPH_MODE cases
MindSpore's RNN layers refuse Float64 with a TypeError)."""
import numpy as np

from ._registry import case
from .layer_dtypes import _fixed


@case(modes=("PYNATIVE",), rtol=1e-5, atol=1e-6)
def float64_recurrent_layers(ms):
    x = ms.Tensor(np.random.RandomState(9).uniform(-1, 1, (2, 3, 6)))
    out = []
    for kind in ("LSTM", "RNN", "GRU"):
        for bidirectional in (False, True):
            cell = _fixed(ms, getattr(ms.nn, kind)(6, 4, batch_first=True,
                                                   bidirectional=bidirectional))
            out.append(cell(x))
    return out
