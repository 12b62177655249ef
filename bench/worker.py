"""Run ONE implementation of ONE workload variant in this (fresh) process.

Invoked by ``bench/run.py`` as ``<python> bench/worker.py SPEC.json``; works under both
the system interpreter (jax, mscompat) and MindSpore's (which cannot import jax), so the
framework is imported only after the spec is read. Writes ``<out>.npz`` (results for the
agreement check) and ``<out>.json`` (timings, memory, check, errors).

Sequence: import + set context + warm the backend with a trivial op (not timed) ->
load the shared numpy inputs -> reset the RSS high-water mark -> build the model ->
first call (timed: compile included) -> remaining check calls -> compare with the
reference (raw-JAX) results, if given, BEFORE any timing round -> warm-up calls ->
``rounds`` x ``calls`` timed calls -> peak memory -> optional cProfile.
"""

from __future__ import annotations

import cProfile
import io
import json
import os
import pstats
import statistics
import sys
import time
import traceback
from typing import Any

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

import numpy as np  # noqa: E402

from bench import jaxevents, load, memory  # noqa: E402
from bench.compare import compare  # noqa: E402
from bench.workloads import WORKLOADS  # noqa: E402
from bench.workloads.base import Runner  # noqa: E402


def require_jax_gpu() -> None:
    """Fail with a clear message if JAX has no GPU backend (``--device gpu``)."""
    import jax

    try:
        platforms = {d.platform for d in jax.devices()}
    except Exception as exc:  # noqa: BLE001 - jax raises RuntimeError or AssertionError
        raise RuntimeError(
            f"--device gpu: JAX has no GPU backend here ({type(exc).__name__}: {exc})"
        ) from None
    if "gpu" not in platforms:
        raise RuntimeError(f"--device gpu: JAX devices are {sorted(platforms)}, no GPU")


def setup_framework(spec: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """Import the framework, set mode/device, warm its backend. Returns (module, info)."""
    fw, mode, device = spec["framework"], spec["mode"], spec["device"]
    info: dict[str, Any] = {}
    if device == "gpu" and fw != "mindspore":
        require_jax_gpu()
    if fw == "jax":
        import jax
        import jax.numpy as jnp

        # Same float32 math as mscompat (which sets this globally) and MindSpore: no TF32 /
        # reduced-precision matmuls on GPU. No effect on XLA:CPU.
        jax.config.update("jax_default_matmul_precision", "highest")

        jnp.zeros(4).block_until_ready()
        info["backend"] = jax.default_backend()
        return None, info
    if fw == "mscompat":
        # ``import mindspore`` loads MindSpore's dataset engine; load mscompat's (grain) at
        # the same point, so neither side's library import lands in a workload's build
        # (W8's first call and peak memory measured grain's import: 0.9 s, 32 MiB).
        import mscompat as ms
        import mscompat.dataset  # noqa: F401
    else:
        import mindspore as ms
    ms_mode = ms.GRAPH_MODE if mode == "GRAPH" else ms.PYNATIVE_MODE
    target = "GPU" if device == "gpu" else "CPU"
    if fw == "mindspore":
        if device == "gpu":
            info["note"] = "MindSpore build is CPU-only: ran on CPU"
        ms.set_context(mode=ms_mode)
        if hasattr(ms, "set_device"):
            ms.set_device("CPU")
        else:
            ms.set_context(device_target="CPU")
    else:
        ms.set_context(mode=ms_mode, device_target=target)
    warm = ms.Tensor(np.ones(4, np.float32)) * 2
    warm.asnumpy()
    info["version"] = getattr(ms, "__version__", "?")
    return ms, info


def array_platform(value: Any) -> str | None:
    """Platform ('cpu', 'gpu', ...) holding a result: a jax.Array, or one inside a Tensor."""
    try:
        import jax
    except ImportError:
        return None
    while isinstance(value, (tuple, list)) and value:
        value = value[0]
    candidates = [value] + [v for v in getattr(value, "__dict__", {}).values()]
    for attr in ("_data", "data", "_array", "_value", "value"):
        try:
            candidates.append(getattr(value, attr))
        except Exception:  # noqa: BLE001 - attribute may raise
            pass
    for cand in candidates:
        if isinstance(cand, jax.Array):
            return next(iter(cand.devices())).platform
    return None


def timed_call(runner: Runner) -> tuple[Any, float]:
    """One call, synchronised; returns (output, seconds)."""
    t0 = time.perf_counter()
    out = runner.step()
    runner.sync(out)
    return out, time.perf_counter() - t0


def time_rounds(runner: Runner, calls: int, rounds: int) -> tuple[list[float], list[float]]:
    """Per-call mean wall time and process CPU time (seconds) of each round of ``calls``
    synchronised calls. CPU time (all threads) is less disturbed by other processes."""
    means, cpu = [], []
    for _ in range(rounds):
        c0, t0 = os.times(), time.perf_counter()
        for _ in range(calls):
            runner.sync(runner.step())
        t1, c1 = time.perf_counter(), os.times()
        means.append((t1 - t0) / calls)
        cpu.append(((c1.user + c1.system) - (c0.user + c0.system)) / calls)
    return means, cpu


def profile_calls(runner: Runner, calls: int, top: int = 25) -> str:
    """cProfile of ``calls`` steady-state calls; top entries by cumulative time."""
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(calls):
        runner.sync(runner.step())
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).sort_stats("cumulative").print_stats(top)
    return buf.getvalue()


def run(spec: dict[str, Any], report: dict[str, Any]) -> None:
    """Do the whole measurement, filling ``report`` as it goes (so errors keep partials)."""
    module = WORKLOADS[spec["workload"]]
    report["stage"] = "setup"
    ms, info = setup_framework(spec)
    report.update(info)
    with np.load(spec["inputs"]) as data:
        arrays = {k: data[k] for k in data.files}
    budget = module.budget(spec["quick"])
    report["calls"], report["rounds"] = budget.calls, budget.rounds

    report["stage"] = "build"
    events = jaxevents.Recorder() if spec["framework"] != "mindspore" else None
    base = memory.reset_peak()
    dev0 = memory.jax_device_bytes() if spec["framework"] != "mindspore" else None
    t0 = time.perf_counter()
    if spec["framework"] == "jax":
        runner = module.build_jax(arrays, spec["variant"])
    elif spec["mode"] == "EXPORT":
        runner = module.build_export(ms, arrays, spec["variant"])
    else:
        runner = module.build_ms(ms, arrays, spec["variant"], spec["mode"] == "JIT")
    report["build_s"] = time.perf_counter() - t0

    report["stage"] = "first call"
    if events:
        report["first_call_jax"] = events.open()
    out, report["first_call_s"] = timed_call(runner)
    if events:
        report["later_jax"] = events.open()
    report["platform"] = array_platform(out)
    expected = "gpu" if spec["device"] == "gpu" else "cpu"
    if report["platform"] is not None and report["platform"] != expected:
        raise RuntimeError(f"results live on {report['platform']!r}, expected {expected!r}")
    report["stage"] = "check calls"
    for _ in range(runner.check_calls - 1):
        out, _ = timed_call(runner)
    results = runner.results(out)
    np.savez(spec["out"] + ".npz", **results)
    if spec.get("ref"):
        with np.load(spec["ref"]) as data:
            ref = {k: data[k] for k in data.files}
        report["check"] = compare(results, ref, spec["rtol"])
        if not report["check"]["ok"]:
            print(
                f"!!! MISMATCH {spec['workload']}/{spec['variant']} {spec['framework']}-"
                f"{spec['mode']}: {report['check']}",
                file=sys.stderr,
                flush=True,
            )

    report["stage"] = "timing"
    _, estimate = timed_call(runner)
    calls, rounds, warmup = budget.calls, budget.rounds, max(1, budget.calls // 10)
    if estimate * calls > budget.round_cap_s:
        calls = max(1, int(budget.round_cap_s / estimate))
        warmup = max(1, calls // 10)
    if estimate > budget.round_cap_s:
        # Very slow implementation: the estimate call was the warm-up; spend at most about
        # twice the nominal timing budget on rounds of one call.
        warmup = 0
        rounds = max(1, min(rounds, int(2 * budget.rounds * budget.round_cap_s / estimate)))
    report["calls"], report["rounds"] = calls, rounds
    for _ in range(warmup):
        runner.sync(runner.step())
    snap = load.snapshot()
    means, cpu = time_rounds(runner, calls, rounds)
    report["round_cpu_s"] = cpu
    report["steady_cpu_s"] = statistics.median(cpu)
    report["foreign_load"] = load.foreign_fraction(snap, load.snapshot())
    report["round_means_s"] = means
    report["steady_s"] = statistics.median(means)
    if events:
        events.close()
    report["memory"] = memory.peak_delta_mib(base)
    dev1 = memory.jax_device_bytes() if dev0 is not None else None
    if dev0 and dev1:
        report["memory"]["device_peak_mib"] = (dev1["peak"] - dev0["in_use"]) / 2**20
    if spec.get("profile"):
        report["stage"] = "profile"
        report["profile"] = profile_calls(runner, min(calls, 200))
    report["stage"] = "done"


def main() -> int:
    """Entry point: ``worker.py SPEC.json``."""
    with open(sys.argv[1]) as fh:
        spec = json.load(fh)
    report: dict[str, Any] = {
        "spec": {k: spec[k] for k in ("workload", "variant", "framework", "mode")}
    }
    code = 0
    try:
        run(spec, report)
    except BaseException as exc:  # noqa: BLE001 - report every failure, then exit non-zero
        report["error"] = f"{type(exc).__name__}: {exc}".strip()[:2000]
        report["traceback"] = traceback.format_exc()[-6000:]
        code = 1
    with open(spec["out"] + ".json", "w") as fh:
        json.dump(report, fh, indent=1, default=str)
    return code


if __name__ == "__main__":
    sys.exit(main())
