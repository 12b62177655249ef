"""Data parallelism and ``mindspore.communication`` on ``jax.sharding`` and ``jax.distributed``.

**Ranks.** A MindSpore rank is a *JAX process*: ``get_rank()`` is ``jax.process_index()`` and
``get_group_size()`` is ``jax.process_count()``. Each process drives all of its local
devices. A script started once (``python train.py``) is one rank of one - its dataset is not
sharded, its batch is the global batch - and under ``DATA_PARALLEL`` the compiled training
step runs over a ``jax.sharding.Mesh`` of the local devices with the batch split along axis 0
and the Parameters replicated, so XLA inserts the gradient all-reduce. With one process this
is exact: the program is the single-device program, laid out on several devices (MindSpore
itself refuses ``communication.init()`` without a launcher). Several processes
(``jax.distributed``, started with MindSpore's ``MS_SCHED_HOST``/``MS_SCHED_PORT``/
``MS_WORKER_NUM``/``MS_NODE_ID`` or JAX's ``JAX_COORDINATOR_ADDRESS``/``JAX_NUM_PROCESSES``/
``JAX_PROCESS_ID``) get ranks, group sizes and dataset shards, and a compiled call under
``DATA_PARALLEL`` runs MindSpore's per-rank program (``rank_program``: ``jax.shard_map`` over
the ranks, one device per process), where ``DistributedGradReducer`` and the collective
primitives are ``jax.lax`` collectives over the ranks. Outside GRAPH_MODE they raise
NotImplementedError.

Example:
    >>> import mscompat as ms
    >>> from mscompat.communication import init, get_rank, get_group_size
    >>> init()
    >>> get_rank(), get_group_size()
    (0, 1)
"""
from __future__ import annotations

import contextvars
import os
from typing import Any

import jax
import numpy as np

from . import jaxconfig

_MODES = ("stand_alone", "data_parallel", "hybrid_parallel", "semi_auto_parallel",
          "auto_parallel")
# get_auto_parallel_context's defaults, as MindSpore 2.10 returns them.
_DEFAULTS: dict[str, Any] = {
    "device_num": 1, "global_rank": 0, "gradients_mean": False, "gradient_fp32_sync": True,
    "loss_repeated_mean": True, "parallel_mode": "stand_alone",
    "search_mode": "recursive_programming", "auto_parallel_search_mode": "recursive_programming",
    "parameter_broadcast": False, "strategy_ckpt_load_file": "", "strategy_ckpt_save_file": "",
    "full_batch": False, "dataset_strategy": "data_parallel",
    "enable_parallel_optimizer": False, "enable_alltoall": False,
    "all_reduce_fusion_config": [], "pipeline_stages": 1, "pipeline_result_broadcast": False,
    "grad_accumulation_step": 1, "auto_pipeline": False,
    "comm_fusion": {"openstate": True, "allreduce": {"mode": "auto", "config": None},
                    "allgather": {"mode": "auto", "config": None},
                    "reducescatter": {"mode": "auto", "config": None}},
    "strategy_ckpt_config": {"load_file": "", "save_file": "", "only_trainable_params": True},
}
_auto: dict[str, Any] = {}
_set_keys: set[str] = set()  # keys the user set (MindSpore's ``get_device_num_is_set`` ...)


def _copy(v):
    return {k: _copy(x) for k, x in v.items()} if isinstance(v, dict) else \
        (list(v) if isinstance(v, list) else v)


def reset_auto_parallel_context() -> None:
    """``mindspore.reset_auto_parallel_context``: every key back to its default."""
    _auto.clear()
    _set_keys.clear()
    _auto.update({k: _copy(v) for k, v in _DEFAULTS.items()})


reset_auto_parallel_context()


def set_auto_parallel_context(**kwargs) -> None:
    """``mindspore.set_auto_parallel_context``: ``parallel_mode`` (``stand_alone`` or
    ``data_parallel``), ``gradients_mean``, ``device_num``, ``global_rank``, ... .
    ``semi_auto_parallel``, ``auto_parallel`` and ``hybrid_parallel`` raise
    NotImplementedError naming the mode."""
    for key, value in kwargs.items():
        if key not in _DEFAULTS:
            raise ValueError(f"Set context keyword {key} is not recognized!")
        if key == "parallel_mode":
            if value not in _MODES:
                raise ValueError("The context configuration parameter 'parallel_mode' only "
                                 "support 'stand_alone', 'data_parallel', 'hybrid_parallel', "
                                 "'semi_auto_parallel' and 'auto_parallel', but got the "
                                 f"value : {value}.")
            if value not in ("stand_alone", "data_parallel"):
                raise NotImplementedError(
                    f"set_auto_parallel_context(parallel_mode='{value}') is not supported by "
                    "mscompat yet ('stand_alone' and 'data_parallel' are).")
        if key == "device_num" and (not isinstance(value, int) or isinstance(value, bool)
                                    or value <= 0):
            raise ValueError("The context configuration parameter 'device_num' must be a "
                             f"positive integer, but got the value of device_num : {value}.")
        if key in ("gradients_mean", "full_batch", "parameter_broadcast") and \
                not isinstance(value, bool):
            raise TypeError(f"The context configuration parameter '{key}' must be bool, but "
                            f"got {type(value).__name__}.")
        _auto[key] = value
        _set_keys.add(key)


def is_set(key: str) -> bool:
    """Whether ``set_auto_parallel_context`` set ``key`` since the last reset."""
    return key in _set_keys


def get_auto_parallel_context(attr_key: str) -> Any:
    """``mindspore.get_auto_parallel_context``."""
    if attr_key not in _auto:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _copy(_auto[attr_key])


# -- communication -------------------------------------------------------------------------

class GlobalComm:
    """``mindspore.communication.GlobalComm``: the backend and world group of ``init``."""

    BACKEND = "hccl"
    WORLD_COMM_GROUP = "hccl_world_group"
    INITED = False
    CHECK_ENVS = True


HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"
_WORLDS = {"hccl": HCCL_WORLD_COMM_GROUP, "nccl": NCCL_WORLD_COMM_GROUP,
           "mccl": MCCL_WORLD_COMM_GROUP}
_groups: dict[str, list[int]] = {}
_state = {"distributed": False}


def _cluster_from_env() -> tuple[str, int, int] | None:
    env = os.environ
    if env.get("JAX_COORDINATOR_ADDRESS"):
        return (env["JAX_COORDINATOR_ADDRESS"], int(env.get("JAX_NUM_PROCESSES", "1")),
                int(env.get("JAX_PROCESS_ID", "0")))
    if env.get("MS_SCHED_HOST") and env.get("MS_WORKER_NUM"):
        node = env.get("MS_NODE_ID", env.get("RANK_ID", "0"))
        return (f"{env['MS_SCHED_HOST']}:{env.get('MS_SCHED_PORT', '8118')}",
                int(env["MS_WORKER_NUM"]), int(node))
    return None


def init(backend_name: str | None = None) -> None:
    """``mindspore.communication.init``: join the job. With a cluster described by the
    environment (MindSpore's ``MS_*`` or JAX's ``JAX_*`` variables) this calls
    ``jax.distributed.initialize``; otherwise this process is rank 0 of 1 and drives every
    local device."""
    if backend_name is not None and backend_name not in _WORLDS:
        raise ValueError(f"For 'init', the argument 'backend_name' must be one of "
                         f"{sorted(_WORLDS)}, but got {backend_name!r}.")
    cluster = _cluster_from_env()
    if cluster is not None and cluster[1] > 1 and not _state["distributed"]:
        address, num, pid = cluster
        jax.distributed.initialize(coordinator_address=address, num_processes=num,
                                   process_id=pid)
        _state["distributed"] = True
    # after jax.distributed: asking for the platform starts the backend
    backend = backend_name or ("nccl" if jaxconfig.platform() == "gpu" else "hccl")
    GlobalComm.BACKEND = backend
    GlobalComm.WORLD_COMM_GROUP = _WORLDS[backend]
    GlobalComm.INITED = True


def release() -> None:
    """``mindspore.communication.release``: leave the job."""
    if _state["distributed"]:
        jax.distributed.shutdown()
        _state["distributed"] = False
    GlobalComm.INITED = False
    _groups.clear()


def group_ranks(group: str) -> list[int] | None:
    """The world ranks of ``group`` (None for the world group)."""
    if group in _WORLDS.values():
        return None
    if group not in _groups:
        raise ValueError(f"The group '{group}' does not exist: create it with create_group.")
    return _groups[group]


def get_rank(group: str = HCCL_WORLD_COMM_GROUP) -> int:
    """``mindspore.communication.get_rank``: this process's rank (``jax.process_index()``)."""
    ranks = group_ranks(group)
    rank = jax.process_index() if _state["distributed"] else 0
    return rank if ranks is None else ranks.index(rank)


def get_group_size(group: str = HCCL_WORLD_COMM_GROUP) -> int:
    """``mindspore.communication.get_group_size``: the number of ranks (processes)."""
    ranks = group_ranks(group)
    if ranks is not None:
        return len(ranks)
    return jax.process_count() if _state["distributed"] else 1


def get_local_rank(group: str = HCCL_WORLD_COMM_GROUP) -> int:
    """``mindspore.communication.get_local_rank``: the rank among this host's processes."""
    group_ranks(group)
    return int(os.environ.get("LOCAL_RANK", os.environ.get("JAX_LOCAL_PROCESS_ID", "0")))


def get_local_rank_size(group: str = HCCL_WORLD_COMM_GROUP) -> int:
    """``mindspore.communication.get_local_rank_size``: processes on this host."""
    group_ranks(group)
    return int(os.environ.get("LOCAL_WORLD_SIZE", os.environ.get("LOCAL_RANK_SIZE", "1")))


def create_group(group: str, rank_ids: list[int], options=None) -> None:
    """``mindspore.communication.create_group``: name a subset of the world's ranks."""
    if not isinstance(group, str) or not group:
        raise TypeError(f"For 'create_group', the argument 'group' must be a non-empty str, "
                        f"but got {group!r}.")
    if group in _WORLDS.values() or group in _groups:
        raise ValueError(f"For 'create_group', the group '{group}' already exists.")
    ids = list(rank_ids)
    size = get_group_size()
    if len(set(ids)) != len(ids) or not ids or any(not 0 <= r < size for r in ids):
        raise ValueError(f"For 'create_group', 'rank_ids' must be distinct ranks in "
                         f"[0, {size}), but got {rank_ids}.")
    _groups[group] = ids


def destroy_group(group: str) -> None:
    """``mindspore.communication.destroy_group``."""
    if _groups.pop(group, None) is None:
        raise ValueError(f"For 'destroy_group', the group '{group}' does not exist.")


# -- data parallelism ----------------------------------------------------------------------

AXIS = "data"  # the mesh axis: the local devices (one process) or the ranks (several)

def data_parallel() -> bool:
    """Whether a compiled call lays its batch out over several devices."""
    return _auto["parallel_mode"] == "data_parallel"


def _devices() -> list:
    return jax.devices(jaxconfig.platform())


_MESH: dict[tuple, tuple] = {}


def _layout() -> tuple:
    """(mesh, batch sharding, replicated sharding, device count) over the devices mscompat
    runs on, built once per device set."""
    devs = _devices()
    key = tuple(d.id for d in devs)
    if key not in _MESH:
        m = jax.sharding.Mesh(np.array(devs), (AXIS,))
        P = jax.sharding.PartitionSpec  # noqa: N806
        _MESH[key] = (m, jax.sharding.NamedSharding(m, P(AXIS)),
                      jax.sharding.NamedSharding(m, P()), len(devs))
    return _MESH[key]


def mesh():
    """The 1-D ``("data",)`` mesh over the devices mscompat runs on."""
    return _layout()[0]


def check_single_process(what: str) -> None:
    if _state["distributed"] and jax.process_count() > 1:
        raise NotImplementedError(
            f"{what} across {jax.process_count()} processes is not supported by mscompat "
            "yet (DATA_PARALLEL training compiled in GRAPH_MODE is).")


def place(dyn: list, pvals: list) -> tuple[list, list]:  # one process, several devices
    """Inputs split along axis 0 over the mesh (replicated where the batch does not divide
    by the device count, or with ``full_batch``), Parameters replicated."""
    _, batch, replicated, n = _layout()
    if n < 2:
        return dyn, pvals
    full = _auto["full_batch"]

    def put(x, split):
        target = batch if split else replicated
        if isinstance(x, jax.Array) and x.sharding == target:
            return x
        return jax.device_put(x, target)

    dyn = [put(x, not full and getattr(x, "ndim", 0) >= 1 and x.shape[0] % n == 0)
           for x in dyn]
    pvals = [put(v, False) for v in pvals]
    return dyn, pvals


# -- data parallelism across processes: the per-rank program -----------------------------

_RANK_PROGRAM: contextvars.ContextVar[bool] = contextvars.ContextVar("mscompat_rank_program",
                                                                      default=False)


def multi_process() -> bool:
    return _state["distributed"] and jax.process_count() > 1


def in_rank_program() -> bool:
    """True while tracing the per-rank program, where ``AXIS`` names the ranks."""
    return _RANK_PROGRAM.get()


def rank_program(pure, static):
    """``pure(pvals, dyn, static)`` as MindSpore's per-rank program: ``jax.shard_map`` over
    the ranks' mesh (one device per process), each rank on its own batch and its own copy of
    the Parameters; ``DistributedGradReducer`` all-reduces with ``lax.psum`` over ``AXIS``."""
    local = jax.local_devices(backend=jaxconfig.platform())
    if len(local) != 1:
        raise NotImplementedError(
            f"DATA_PARALLEL across processes with {len(local)} devices per process is not "
            "supported by mscompat yet (one device per process, MindSpore's layout, is).")
    P = jax.sharding.PartitionSpec  # noqa: N806
    m, batch, _, _ = _layout()

    def per_rank(pvals, dyn):
        token = _RANK_PROGRAM.set(True)
        try:
            out = pure([v[0] for v in pvals], list(dyn), static)
        finally:
            _RANK_PROGRAM.reset(token)
        return jax.tree_util.tree_map(lambda a: a[None], out)

    mapped = jax.shard_map(per_rank, mesh=m, in_specs=(P(AXIS), P(AXIS)), out_specs=P(AXIS),
                           check_vma=False)
    jitted = jax.jit(mapped)

    def run(pvals, dyn):
        to_global = jax.make_array_from_process_local_data
        g_p = [to_global(batch, np.asarray(v)[None]) for v in pvals]
        g_d = [to_global(batch, np.asarray(x)) for x in dyn]
        out = jitted(g_p, g_d)
        return jax.tree_util.tree_map(lambda a: a.addressable_shards[0].data[0], out)
    return run
