"""Layers given other input dtypes than their float32 Parameters: a Float16 input to
``nn.LayerNorm``/``nn.GroupNorm`` gives a Float16 result (normalised in float32; within one
Float16 ulp of MindSpore's kernel), Float64 recurrent layers: ``recurrent_float64``."""
import numpy as np

from ._registry import case


def _fixed(ms, cell):
    for i, p in enumerate(cell.get_parameters()):
        p.set_data(ms.Tensor(np.random.RandomState(i).uniform(-0.5, 0.5, p.shape)
                             .astype(np.float32)))
    return cell


@case(rtol=2e-3, atol=2e-3)
def float16_layer_and_group_norm(ms):
    x = ms.Tensor(np.random.RandomState(7).uniform(-2, 2, (4, 64)).astype(np.float16))
    g = ms.Tensor(np.random.RandomState(8).uniform(-2, 2, (2, 4, 3, 3)).astype(np.float16))
    return (_fixed(ms, ms.nn.LayerNorm((64,)))(x), _fixed(ms, ms.nn.GroupNorm(2, 4))(g),
            ms.nn.LayerNorm((64,))(x))
