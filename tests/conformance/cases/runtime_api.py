"""Start-up and compile settings scripts call: ``mutable``, ``JitConfig``,
``runtime.set_memory``/``launch_blocking``/``synchronize``, and what they refuse."""
import numpy as np

from ._registry import case


@case()
def mutable_returns_its_input(ms):
    t = ms.Tensor(np.array([1.0, 2.0], np.float32))

    def f(x, pair):
        return x * pair[0] + pair[1]
    out = ms.jit(f)(t, ms.mutable((2.0, 3.0)))
    return (ms.mutable(t), ms.mutable((1, 2.0)), ms.mutable([t, [1, 2]]),
            ms.mutable({"a": t})["a"], ms.mutable(2.5) + 1, ms.common.mutable(True) is True
            or bool(ms.common.mutable(True)), out)


@case(modes=("PYNATIVE",))
def mutable_refuses_strings(ms):
    return ms.mutable((1, "x"))


@case(modes=("PYNATIVE",))
def mutable_refuses_none(ms):
    return ms.mutable(None)


@case(modes=("PYNATIVE",))
def mutable_dynamic_len_needs_a_sequence(ms):
    return ms.mutable(ms.Tensor(np.ones(2, np.float32)), dynamic_len=True)


@case(modes=("PYNATIVE",))
def jit_config_dict(ms):
    return (ms.JitConfig().jit_config_dict, ms.JitConfig(jit_level="O1").jit_config_dict,
            ms.JitConfig(jit_syntax_level="STRICT", backend="ms_backend").jit_config_dict)


@case(modes=("PYNATIVE",))
def jit_config_bad_level(ms):
    return ms.JitConfig(jit_level="O5")


@case(modes=("PYNATIVE",))
def jit_config_bad_exc_mode(ms):
    return ms.JitConfig(exc_mode="fast")


@case(modes=("PYNATIVE",))
def runtime_set_memory_bad_type(ms):
    return ms.runtime.set_memory(max_size=3)


@case(modes=("PYNATIVE",))
def runtime_set_memory_bad_format(ms):
    return ms.runtime.set_memory(max_size="3MB")


@case(modes=("PYNATIVE",))
def runtime_set_memory_zero(ms):
    return ms.runtime.set_memory(init_size="0GB")


@case(modes=("PYNATIVE",))
def runtime_set_memory_bad_level(ms):
    return ms.runtime.set_memory(optimize_level="O3")


@case(modes=("PYNATIVE",))
def runtime_synchronize(ms):
    x = ms.Tensor(np.array([1.0, 2.0], np.float32)) * 2
    ms.runtime.synchronize()
    ms.runtime.launch_blocking()
    return x


@case(modes=("PYNATIVE",))
def profiler_schedule_actions(ms):
    """``mindspore.profiler.schedule``: the action of each step (skip, then cycles of wait,
    warm-up and active steps, ``repeat`` times or forever), invalid counts replaced by their
    defaults, and the enums' names and values."""
    import importlib
    p = importlib.import_module(ms.__name__ + ".profiler")
    out = []
    for kw in (dict(wait=0, warmup=0, active=1, repeat=1), dict(wait=2, warmup=1, active=2,
               repeat=2, skip_first=1), dict(wait=1, active=1), dict(wait=-1, active=1),
               dict(wait=1, active=0), dict(wait=1.5, active=1), dict(wait=1, active=1,
               repeat=-1), dict(wait=0, active=3, warmup=2, skip_first=3)):
        s = p.schedule(**kw)
        out.append((repr(s), [s(i).name for i in range(14)], [s(i).value for i in range(14)]))
    out.append([(a.name, a.value) for a in p.ProfilerActivity])
    out.append([(a.name, a.value) for a in p.ProfilerLevel])
    return out
