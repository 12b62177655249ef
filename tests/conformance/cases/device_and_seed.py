"""``mindspore.hal`` on the CPU, the default generator's functions and ``Generator``, and
top-level process settings (results: values, class names, exception class and first line)."""
import numpy as np

from ._registry import case


def _outcome(f):
    try:
        return repr(f())
    except Exception as e:  # noqa: BLE001 - the class and first message line are the result
        return f"{type(e).__name__}: {str(e).splitlines()[0]}"


@case()
def hal_on_the_cpu(ms):
    h = ms.hal
    calls = [
        lambda: h.device_count("CPU"), lambda: h.is_available("CPU"),
        lambda: h.is_available("GPU"), lambda: h.is_available("gpu"),
        lambda: h.get_device_name(0), lambda: h.get_device_name("CPU"),
        lambda: h.get_device_capability(0), lambda: h.get_device_properties(0),
        lambda: h.memory_allocated(), lambda: h.max_memory_allocated(),
        lambda: h.memory_reserved(), lambda: h.max_memory_reserved(),
        lambda: h.empty_cache(), lambda: h.reset_peak_memory_stats(), lambda: h.synchronize(),
        lambda: h.get_arch_list(), lambda: h.Stream(), lambda: h.Stream().query(),
        lambda: h.current_stream(), lambda: h.default_stream() == h.current_stream(),
        lambda: h.Event(enable_timing=True), lambda: h.Stream().record_event().query(),
    ]
    out = [_outcome(c) for c in calls]
    with h.StreamCtx(h.Stream()):
        out.append(repr(h.current_stream()))
    e1, e2 = h.Event(enable_timing=True), h.Event(enable_timing=True)
    e1.record()
    e2.record()
    e2.synchronize()
    out.append(type(e1.elapsed_time(e2)).__name__)
    return out


@case()
def default_generator_functions(ms):
    g = ms.manual_seed(5)
    out = [type(g).__name__, g is ms.default_generator, ms.initial_seed(), ms.get_seed()]
    state = ms.get_rng_state()
    out += [str(state.dtype), state.shape]
    gen = ms.Generator()
    out += [gen.initial_seed(), gen.manual_seed(3) is gen, gen.initial_seed()]
    s = gen.seed()
    out += [type(s).__name__, s == gen.initial_seed()]
    kept = gen.get_state()
    gen.manual_seed(11)
    gen.set_state(kept)
    out.append(gen.initial_seed() == s)
    out.append(_outcome(lambda: gen.manual_seed(1.5)))
    out.append(_outcome(lambda: ms.manual_seed("a")))
    return out


@case()
def top_level_settings(ms):
    nn = ms.nn
    calls = [
        lambda: ms.is_tensor(ms.Tensor(1)), lambda: ms.is_tensor(np.ones(2)),
        lambda: ms.get_context("nope"), lambda: ms.set_context(nope=1),
        lambda: ms.set_algo_parameters(elementwise_op_strategy_follow=True),
        lambda: ms.set_dump(nn.Dense(2, 2)), lambda: ms.set_dump(3),
        lambda: ms.set_dump(nn.Dense(2, 2), enabled=1),
        lambda: ms.set_deterministic(1),
    ]
    return [_outcome(c) for c in calls]
