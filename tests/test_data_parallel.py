"""``mindspore.communication``, the auto-parallel context and DATA_PARALLEL training.

The data-parallel script (``fixtures/parallel/dp_train.py``) runs in a fresh process with 8
host devices (``XLA_FLAGS=--xla_force_host_platform_device_count=8``) and with one; losses
and weights agree for 8 steps of ``TrainOneStepCell`` and 8 of ``Model.train``. Two
processes joined by ``jax.distributed`` on the loopback address get ranks, sizes, dataset
shards and collectives, train MindSpore's way (each rank on its shard, gradients
all-reduced) to the weights of one process training on both shards' batches, and refuse
PYNATIVE training across processes (no all-reduce there) instead of training each alone.
"""
import json
import os
import pathlib
import socket
import subprocess
import sys

import numpy as np
import pytest

import mscompat as ms
from mscompat import communication as comm
from mscompat.testing import assert_allclose

FIXTURES = pathlib.Path(__file__).parent / "fixtures" / "parallel"


@pytest.fixture(autouse=True)
def _reset():
    yield
    ms.reset_auto_parallel_context()


def _host_devices(n: int) -> dict:
    """XLA_FLAGS for ``n`` CPU devices, keeping the flags this test run set (conftest.py)."""
    flags = os.environ.get("XLA_FLAGS", "")
    return {"XLA_FLAGS": f"{flags} --xla_force_host_platform_device_count={n}".strip()}


def _run(script, *args, env=None):
    run = subprocess.run([sys.executable, str(FIXTURES / script), *args], capture_output=True,
                         text=True, timeout=300, env={**os.environ, **(env or {})})
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("mode", ["GRAPH", "PYNATIVE"])
def test_data_parallel_over_8_host_devices_equals_one_device(mode):
    eight = _run("dp_train.py", "dp", mode,
                 env=_host_devices(8))
    one = _run("dp_train.py", "single", mode)
    assert (eight["rank"], eight["size"]) == (0, 1)
    assert len(eight["losses"]) == 8 and len(eight["model_losses"]) == 8
    assert_allclose(eight["losses"], one["losses"], rtol=1e-5, atol=1e-6)
    assert_allclose(eight["model_losses"], one["model_losses"], rtol=1e-5, atol=1e-6)
    assert_allclose(eight["weights"], one["weights"], rtol=1e-4, atol=1e-5)
    if mode == "GRAPH":
        # the Parameters live replicated on the 8 devices, and no step was traced again
        assert set(eight["devices"].values()) == {8}
        assert set(one["devices"].values()) == {1}
        assert eight["recompiled"] == 0


def _two_ranks(script, *args):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    procs = [subprocess.Popen(
        [sys.executable, str(FIXTURES / script), *args], stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True,
        env={**os.environ, "JAX_COORDINATOR_ADDRESS": f"127.0.0.1:{port}",
             "JAX_NUM_PROCESSES": "2", "JAX_PROCESS_ID": str(i)}) for i in range(2)]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err[-3000:]
        outs.append(json.loads(out.strip().splitlines()[-1]))
    return outs


def test_two_processes_ranks_shards_collectives():
    outs = _two_ranks("ranks.py")
    assert [(o["rank"], o["size"], o["inited"]) for o in outs] == [(0, 2, True), (1, 2, True)]
    assert [o["shard"] for o in outs] == [[0, 2, 4, 6], [1, 3, 5, 7]]
    # rank r holds [[r + 1, 10 (r + 1)]]: AllReduce sum and max, AllGather along axis 0,
    # Broadcast from rank 1 - the same on both ranks
    for o in outs:
        assert o["collectives"] == [[[3.0, 30.0]], [[2.0, 20.0]],
                                    [[1.0, 10.0], [2.0, 20.0]], [[2.0, 20.0]]]
        assert o["training"].startswith("nn.DistributedGradReducer outside GRAPH_MODE across "
                                        "2 processes is not supported")


def test_two_processes_train_data_parallel_as_one_process_on_both_shards():
    ranks = _two_ranks("ranks_train.py", "rank")
    reference = _run("ranks_train.py", "reference")
    assert [r["rank"] for r in ranks] == [0, 1]
    # each rank's loss is over its own shard (MindSpore's per-rank loss); their mean is the
    # loss over both shards, and the all-reduced (mean) gradient gives the same weights
    mean_loss = [(a + b) / 2 for a, b in zip(ranks[0]["losses"], ranks[1]["losses"])]
    assert_allclose(mean_loss, reference["losses"], rtol=1e-5, atol=1e-6)
    assert ranks[0]["losses"] != ranks[1]["losses"]
    assert_allclose(ranks[0]["weights"], reference["weights"], rtol=1e-5, atol=1e-6)
    assert_allclose(ranks[1]["weights"], ranks[0]["weights"], rtol=0, atol=0)


def test_mindspore_ms_scheduler_variables_are_read(monkeypatch):
    from mscompat._engine import parallel
    monkeypatch.delenv("JAX_COORDINATOR_ADDRESS", raising=False)
    monkeypatch.setenv("MS_SCHED_HOST", "10.0.0.1")
    monkeypatch.setenv("MS_SCHED_PORT", "8118")
    monkeypatch.setenv("MS_WORKER_NUM", "4")
    monkeypatch.setenv("MS_NODE_ID", "3")
    assert parallel._cluster_from_env() == ("10.0.0.1:8118", 4, 3)


def test_communication_in_one_process():
    assert (comm.get_rank(), comm.get_group_size()) == (0, 1)        # before init, as MindSpore
    comm.init()
    assert comm.GlobalComm.INITED and comm.GlobalComm.WORLD_COMM_GROUP == "hccl_world_group"
    assert (comm.get_rank(), comm.get_group_size(), comm.get_local_rank(),
            comm.get_local_rank_size()) == (0, 1, 0, 1)
    comm.create_group("g", [0])
    assert (comm.get_rank("g"), comm.get_group_size("g")) == (0, 1)
    with pytest.raises(ValueError):
        comm.create_group("g", [0])
    with pytest.raises(ValueError):
        comm.create_group("h", [0, 1])
    comm.destroy_group("g")
    with pytest.raises(ValueError):
        comm.get_rank("g")
    with pytest.raises(ValueError):
        comm.init("gloo")
    assert comm.HCCL_WORLD_COMM_GROUP == "hccl_world_group"
    assert comm.NCCL_WORLD_COMM_GROUP == "nccl_world_group"


# get_auto_parallel_context's defaults as MindSpore 2.10 returns them
MS_DEFAULTS = {
    "device_num": 1, "global_rank": 0, "gradients_mean": False, "gradient_fp32_sync": True,
    "loss_repeated_mean": True, "parallel_mode": "stand_alone", "parameter_broadcast": False,
    "full_batch": False, "dataset_strategy": "data_parallel", "pipeline_stages": 1,
    "enable_parallel_optimizer": False, "all_reduce_fusion_config": [],
    "search_mode": "recursive_programming", "strategy_ckpt_load_file": "",
}


@pytest.mark.parametrize("key", sorted(MS_DEFAULTS))
def test_auto_parallel_context_defaults(key):
    assert ms.get_auto_parallel_context(key) == MS_DEFAULTS[key]
    assert ms.context.get_auto_parallel_context(key) == MS_DEFAULTS[key]


def test_auto_parallel_context_set_reset_and_errors():
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, device_num=8,
                                 gradients_mean=True)
    assert (ms.get_auto_parallel_context("parallel_mode"),
            ms.get_auto_parallel_context("device_num"),
            ms.get_auto_parallel_context("gradients_mean")) == ("data_parallel", 8, True)
    ms.reset_auto_parallel_context()
    assert ms.get_auto_parallel_context("parallel_mode") == "stand_alone"
    # MindSpore's classes and messages
    with pytest.raises(ValueError, match="only support 'stand_alone', 'data_parallel'"):
        ms.set_auto_parallel_context(parallel_mode="bogus")
    with pytest.raises(ValueError, match="must be a positive integer"):
        ms.set_auto_parallel_context(device_num=0)
    with pytest.raises(ValueError, match="Set context keyword bogus_key is not recognized!"):
        ms.set_auto_parallel_context(bogus_key=1)
    with pytest.raises(ValueError, match="Get context keyword bogus is not recognized!"):
        ms.get_auto_parallel_context("bogus")
    for mode in ("semi_auto_parallel", "auto_parallel", "hybrid_parallel"):
        with pytest.raises(NotImplementedError, match=mode):
            ms.set_auto_parallel_context(parallel_mode=mode)


def test_collectives_and_grad_reducer_with_one_rank():
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    for op in (ms.ops.AllReduce(), ms.ops.AllReduce(ms.ops.ReduceOp.MAX), ms.ops.AllGather(),
               ms.ops.ReduceScatter()):
        assert_allclose(op(x), x)
    assert_allclose(ms.ops.Broadcast(0)((x,)), (x,))
    with pytest.raises(ValueError):
        ms.ops.AllReduce("mean")
    net = ms.nn.Dense(2, 1)
    grads = tuple(ms.ops.ones_like(p) for p in net.trainable_params())
    assert_allclose(ms.nn.DistributedGradReducer(net.trainable_params())(grads), grads)


def test_device_id_picks_the_device():
    code = ("import mscompat as ms\n"
            "ms.set_context(device_target='CPU', device_id=3)\n"
            "x = ms.Tensor([1.0]) * 2\n"
            "print(next(iter(x._data.devices())).id)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={**os.environ, **_host_devices(4)})
    assert run.stdout.strip() == "3", run.stdout + run.stderr
    with pytest.raises(TypeError, match="device_id"):
        ms.set_context(device_id=-1)
