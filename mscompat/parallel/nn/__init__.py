"""``mindspore.parallel.nn``: the micro-batch wrappers of pipeline-parallel training, which
on one device split every input into micro-batches and add the network's outputs
(``mscompat/nn/wrap/micro_batch.py``).

Example:
    >>> import mscompat as ms, numpy as np
    >>> from mscompat.parallel.nn import Pipeline
    >>> net = Pipeline(ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros"), 2)
    >>> print(net(ms.Tensor(np.ones((4, 2), np.float32))))
    [[4.]
     [4.]]
"""
from ..._engine.unsupported import module_getattr as _module_getattr
from ...nn.wrap.micro_batch import GradAccumulation as GradAccumulation
from ...nn.wrap.micro_batch import MicroBatchInterleaved as MicroBatchInterleaved
from ...nn.wrap.micro_batch import Pipeline as Pipeline
from ...nn.wrap.micro_batch import PipelineCell as PipelineCell

__all__ = ["GradAccumulation", "MicroBatchInterleaved", "Pipeline", "PipelineCell"]
__getattr__ = _module_getattr("mindspore.parallel.nn")
