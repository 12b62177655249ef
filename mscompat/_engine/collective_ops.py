"""MindSpore's collective primitives and ``nn.DistributedGradReducer``.

mscompat's ranks are JAX processes (see ``parallel.py``). Inside the per-rank program of a
data-parallel compiled call they are ``jax.lax`` collectives over the ranks (``psum``,
``pmax``, ``pmin``, ``all_gather``, ``psum_scatter``). With one rank, every collective is
the identity over that rank (``AllReduce`` of one value is that value). Elsewhere, with
several processes, they raise NotImplementedError naming themselves rather than return a
per-process value MindSpore would have reduced.

Example:
    >>> import mscompat as ms
    >>> print(ms.ops.AllReduce()(ms.Tensor([1.0, 2.0])))
    [1. 2.]
"""
from __future__ import annotations

import jax

from . import parallel
from .cell import Cell
from .ops_build import Primitive
from .tensor import Tensor


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

    def _collective(self, a):  # the jax.lax collective over the ranks (per subclass)
        raise NotImplementedError(f"ops.{type(self).__name__} is not supported by mscompat "
                                  "yet.")

    def __call__(self, x):
        if parallel.in_rank_program():
            if parallel.group_ranks(self.group) is not None:
                raise NotImplementedError(f"ops.{type(self).__name__} over a sub-group is not "
                                          "supported by mscompat yet.")
            return Tensor._wrap(self._collective(x._data))
        parallel.check_single_process(f"ops.{type(self).__name__} outside GRAPH_MODE")
        if parallel.get_group_size(self.group) != 1:
            raise NotImplementedError(f"ops.{type(self).__name__} over a group of several "
                                      "ranks is not supported by mscompat yet.")
        return x


class AllReduce(_Collective):
    """``ops.AllReduce(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)``."""

    def _collective(self, a):
        reduce = {ReduceOp.SUM: jax.lax.psum, ReduceOp.MAX: jax.lax.pmax,
                  ReduceOp.MIN: jax.lax.pmin}.get(self.op)
        if reduce is None:
            return super()._collective(a)
        return reduce(a, parallel.AXIS)


class ReduceScatter(_Collective):
    """``ops.ReduceScatter(op=ReduceOp.SUM, group=GlobalComm.WORLD_COMM_GROUP)``."""

    def _collective(self, a):
        if self.op != ReduceOp.SUM:
            return super()._collective(a)
        return jax.lax.psum_scatter(a, parallel.AXIS, scatter_dimension=0, tiled=True)


class AllGather(_Collective):
    """``ops.AllGather(group=GlobalComm.WORLD_COMM_GROUP)``."""

    def __init__(self, group: str = parallel.HCCL_WORLD_COMM_GROUP) -> None:
        super().__init__(ReduceOp.SUM, group)

    def _collective(self, a):
        return jax.lax.all_gather(a, parallel.AXIS, axis=0, tiled=True)


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
        if parallel.in_rank_program():
            return tuple(Tensor._wrap(jax.lax.all_gather(t._data, parallel.AXIS)[self.root_rank])
                         for t in x)
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
        if parallel.in_rank_program():  # MindSpore's AllReduce of each rank's gradients
            total = tuple(Tensor._wrap(jax.lax.psum(g._data, parallel.AXIS)) for g in grads)
            return tuple(t / self.degree for t in total) if self.mean else total
        parallel.check_single_process("nn.DistributedGradReducer outside GRAPH_MODE")
        if self.degree != 1:
            raise NotImplementedError("nn.DistributedGradReducer over several ranks is not "
                                      "supported by mscompat yet.")
        return grads
