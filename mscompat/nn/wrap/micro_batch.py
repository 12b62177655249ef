"""Micro-batch wrappers: ``nn.PipelineCell``, ``nn.MicroBatchInterleaved``,
``nn.GradAccumulationCell`` and ``mindspore.parallel.nn``'s ``Pipeline``, ``PipelineCell``,
``MicroBatchInterleaved`` and ``GradAccumulation``.

Under pipeline parallelism they schedule micro-batches across stages; on one device (the
only layout mscompat runs besides data parallelism) MindSpore 2.10 computes the same thing
for all of them: every Tensor input is cut along axis 0 into ``n`` equal micro-batches, the
network runs on each, and the outputs are added. The rules (argument errors, the divisibility
error, tuple outputs refused) are settled against MindSpore (``tests/conformance/cases/
micro_batch.py``).

Example:
    >>> import mscompat as ms, numpy as np
    >>> class Total(ms.nn.Cell):
    ...     def construct(self, x):
    ...         return x.sum(0)
    >>> x = ms.Tensor(np.arange(6, dtype=np.float32).reshape(6, 1))
    >>> print(ms.nn.PipelineCell(Total(), 3)(x))
    [15.]
"""
from __future__ import annotations

from ..._engine.cell import Cell
from ..._engine.tensor import Tensor


class _MicroBatchSum(Cell):
    """The network on ``n`` micro-batches of its inputs, outputs added."""

    _count_arg = "micro_size"

    def __init__(self, network: Cell, count: int) -> None:
        super().__init__()
        owner, arg = self._owner(), self._count_arg
        if not isinstance(count, int):
            raise TypeError(f"For '{owner}', the argument '{arg}' must be integer, but got "
                            f"the type : {type(count)}.")
        if count <= 0:
            raise ValueError(f"For '{owner}', the argument '{arg}' must be large than 0, but "
                             f"got {count}.")
        self.network = network
        setattr(self, arg, count)

    @classmethod
    def _owner(cls) -> str:
        return cls.__name__

    def construct(self, *inputs):
        n = getattr(self, self._count_arg)
        for x in inputs:
            if not isinstance(x, Tensor):
                raise TypeError(f"For primitive[Shape], the input argument must be Tensor, "
                                f"but got {type(x)}.")
            if x.ndim == 0:
                raise IndexError("tuple index out of range")
            if x.shape[0] % n:
                raise ValueError(f"For micro batch initialization, the 0th dimension shape of "
                                 f"input({x.shape[0]}) must be divided by micro size({n})")
        total = None
        for i in range(n):
            micro = [x[i * (x.shape[0] // n):(i + 1) * (x.shape[0] // n)] for x in inputs]
            out = self.network(*micro)
            if total is None:
                total = out
            elif isinstance(out, (tuple, list)):
                raise TypeError('Failed calling Add with "Add()(input=Tuple, other=Tuple)". '
                                'The valid calling should be: "Add()(input=<Number, Tensor>, '
                                'other=<Number, Tensor>)".')
            else:
                total = total + out
        return total


class PipelineCell(_MicroBatchSum):
    """``nn.PipelineCell(network, micro_size, stage_config=None, segment_config=None)``;
    the stage and segment configurations place Cells on pipeline stages (no effect on one
    device)."""

    def __init__(self, network: Cell, micro_size: int, stage_config: dict | None = None,
                 segment_config: dict | None = None) -> None:
        super().__init__(network, micro_size)
        self.stage_config, self.segment_config = stage_config, segment_config


class Pipeline(PipelineCell):
    """``mindspore.parallel.nn.Pipeline``: ``PipelineCell``'s successor."""

    @classmethod
    def _owner(cls) -> str:
        return "PipelineCell"


class MicroBatchInterleaved(_MicroBatchSum):
    """``nn.MicroBatchInterleaved(network, interleave_num=2)``."""

    _count_arg = "interleave_num"

    def __init__(self, network: Cell, interleave_num: int = 2) -> None:
        super().__init__(network, interleave_num)


class GradAccumulationCell(_MicroBatchSum):
    """``nn.GradAccumulationCell(network, micro_size)``."""

    def __init__(self, network: Cell, micro_size: int) -> None:
        super().__init__(network, micro_size)


class GradAccumulation(GradAccumulationCell):
    """``mindspore.parallel.nn.GradAccumulation(network, micro_size)``."""
