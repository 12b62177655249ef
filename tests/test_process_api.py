"""The top-level process helpers: ``run_check`` prints MindSpore's lines (recorded from
MindSpore 2.10), ``set_recursion_limit``/``lazy_inline`` are accepted, ``manual_seed`` seeds
the op stream without changing ``get_seed()``, and the dtype aliases ``ms.float``/``ms.int``
exist without shadowing builtins on ``import *``."""
import numpy as np
import pytest

import mscompat as ms


def test_run_check_prints_mindspores_lines(capsys):
    ms.run_check()
    out = capsys.readouterr().out.splitlines()
    assert out == ["MindSpore version:  2.10.0",
                   "The result of multiplication calculation is correct, MindSpore has been "
                   "installed on platform [CPU] successfully!"]


def test_recursion_limit_and_lazy_inline():
    ms.set_recursion_limit(2000)
    with pytest.raises(TypeError):
        ms.set_recursion_limit(2.5)
    with pytest.raises(ValueError):
        ms.set_recursion_limit(0)

    class Block(ms.nn.Cell):
        @ms.lazy_inline
        def __init__(self):
            super().__init__()
            self.dense = ms.nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

        def construct(self, x):
            return self.dense(x)

    class Block2(Block):
        @ms.lazy_inline(policy="front")
        def __init__(self):
            super().__init__()
    for cls in (Block, Block2):
        out = cls()(ms.Tensor(np.ones((1, 2), np.float32)))
        np.testing.assert_array_equal(out.asnumpy(), [[2.0, 2.0]])


def test_manual_seed_seeds_the_default_generator_only():
    """``manual_seed`` seeds the generator ``mint``'s random functions draw from; ``ops.rand``
    takes its kernel's seeds from ``set_seed``'s counters (as MindSpore 2.10 does: there the
    two ``ops.rand`` calls differ)."""
    ms.set_seed(4)
    ms.manual_seed(7)
    a, c = ms.ops.rand(5).asnumpy(), ms.mint.rand(5).asnumpy()
    ms.manual_seed(7)
    b, d = ms.ops.rand(5).asnumpy(), ms.mint.rand(5).asnumpy()
    assert (a != b).any()
    np.testing.assert_array_equal(c, d)
    assert ms.get_seed() == 4
    with pytest.raises(TypeError):
        ms.manual_seed(1.5)


def test_dtype_aliases_and_syntax_levels():
    assert ms.float == ms.float32 and ms.int == ms.int32
    assert (ms.STRICT, ms.COMPATIBLE, ms.LAX) == (0, 1, 2)
    namespace = {}
    exec("from mscompat import *", namespace)
    assert "float" not in namespace and "int" not in namespace
    assert namespace["run_check"] is ms.run_check


def test_profile_records_a_trace_over_the_scheduled_steps(tmp_path, monkeypatch):
    """``profiler.profile`` starts the JAX trace at a cycle's warm-up or active steps, stops
    it after the last active one and then calls ``on_trace_ready``; steps outside the
    schedule are not traced."""
    from mscompat import profiler
    from mscompat._train import summary

    events = []
    monkeypatch.setattr(summary.Profiler, "start", lambda self: (
        None if self._running else events.append("start"), setattr(self, "_running", True)))
    monkeypatch.setattr(summary.Profiler, "stop", lambda self: (
        events.append("stop") if self._running else None, setattr(self, "_running", False)))
    handler = profiler.tensorboard_trace_handler(str(tmp_path))
    ready = []
    with profiler.profile(schedule=profiler.schedule(wait=1, warmup=1, active=2, repeat=1),
                          on_trace_ready=lambda p: ready.append(p.step_num)) as prof:
        for _ in range(6):
            events.append(f"step{prof.step_num}")
            prof.step()
    assert events == ["step0", "start", "step1", "step2", "step3", "stop", "step4", "step5"]
    assert ready == [4]
    assert handler.dir_name == str(tmp_path)
