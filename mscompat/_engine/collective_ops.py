"""MindSpore's collective primitives and ``nn.DistributedGradReducer``.

mscompat's ranks are JAX processes, each driving its local devices as one program (see
``parallel.py``). With one rank, every collective is the identity over that rank
(``AllReduce`` of one value is that value, ``AllGather`` of one shard is the shard), which
is what these return; with several processes they raise NotImplementedError naming
themselves, rather than compute a per-process value MindSpore would have reduced.

Example:
    >>> import mscompat as ms
    >>> print(ms.ops.AllReduce()(ms.Tensor([1.0, 2.0])))
    [1. 2.]
"""
from __future__ import annotations

from . import parallel
from .cell import Cell
from .ops_build import Primitive


class ReduceOp:
    """``ops.ReduceOp``: the reductions ``AllReduce`` and ``ReduceScatter`` take."""

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"


_OPS = (ReduceOp.SUM, ReduceOp.MAX, ReduceOp.MIN, ReduceOp.PROD)


class _Collective(Primitive):
    def __init__(self, op: str = ReduceOp.SUM,
                 group: str = parallel.HCCL_WORLD_COMM_GROUP) -> None:
        super().__init__()
        if op not in _OPS:
            raise ValueError(f"For '{type(self).__name__}', the argument 'op' must be one of "
                             f"{list(_OPS)}, but got {op!r}.")
        if not isinstance(group, str):
            raise TypeError(f"For '{type(self).__name__}', the argument 'group' must be str, "
                            f"but got {type(group).__name__}.")
        self.op, self.group = op, group

    def __call__(self, x):
        parallel.check_single_process(f"ops.{type(self).__name__}")
        if parallel.get_group_size(self.group) != 1:
            raise NotImplementedError(f"ops.{type(self).__name__} over a group of several "
                                      "ranks is not supported by mscompat yet.")
        return x


class AllReduce(_Collective):
    """``ops.AllReduce(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)``."""


class ReduceScatter(_Collective):
    """``ops.ReduceScatter(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)``."""


class AllGather(_Collective):
    """``ops.AllGather(group=GlobalComm.WORLD_COMM_GROUP)``."""

    def __init__(self, group: str = parallel.HCCL_WORLD_COMM_GROUP) -> None:
        super().__init__(ReduceOp.SUM, group)


class Broadcast(_Collective):
    """``ops.Broadcast(root_rank, group=GlobalComm.WORLD_COMM_GROUP)``: a tuple in, the
    root's tuple out."""

    def __init__(self, root_rank: int, group: str = parallel.HCCL_WORLD_COMM_GROUP) -> None:
        super().__init__(ReduceOp.SUM, group)
        if not isinstance(root_rank, int) or isinstance(root_rank, bool):
            raise TypeError(f"For 'Broadcast', the argument 'root_rank' must be int, but got "
                            f"{type(root_rank).__name__}.")
        self.root_rank = root_rank

    def __call__(self, x):
        if not isinstance(x, tuple):
            raise TypeError(f"For 'Broadcast', the input must be a tuple of Tensors, but got "
                            f"{type(x).__name__}.")
        return super().__call__(x)


class DistributedGradReducer(Cell):
    """``nn.DistributedGradReducer(parameters, mean=None, degree=None, fusion_type=1,
    group=GlobalComm.WORLD_COMM_GROUP)``: the gradient all-reduce of data-parallel training.

    In mscompat the all-reduce over devices is in the compiled step (the batch is split over
    the mesh, the gradient is of the whole batch); over ranks (processes) this averages when
    ``mean`` (default: ``gradients_mean`` of the auto-parallel context) and sums otherwise,
    which with one rank returns the gradients unchanged.
    """

    def __init__(self, parameters, mean: bool | None = None, degree: int | None = None,
                 fusion_type: int = 1, group: str = parallel.HCCL_WORLD_COMM_GROUP) -> None:
        super().__init__(auto_prefix=False)
        self.mean = parallel.get_auto_parallel_context("gradients_mean") if mean is None \
            else mean
        self.degree = parallel.get_group_size(group) if degree is None else degree
        if not isinstance(self.degree, int) or self.degree <= 0:
            raise ValueError(f"For 'DistributedGradReducer', the argument 'degree' must be a "
                             f"positive int, but got {degree!r}.")
        self.group = group

    def construct(self, grads):
        parallel.check_single_process("nn.DistributedGradReducer")
        if self.degree != 1:
            raise NotImplementedError("nn.DistributedGradReducer over several ranks is not "
                                      "supported by mscompat yet.")
        return grads
