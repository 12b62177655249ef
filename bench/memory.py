"""Peak-memory measurement for one implementation running in its own fresh process.

Host memory: the process RSS high-water mark (``VmHWM``). Just before the workload is
built, the kernel's high-water mark is reset by writing ``5`` to
``/proc/self/clear_refs`` (Linux >= 4.0) and the current RSS is recorded; the reported
peak is ``VmHWM - RSS_at_reset``: everything the implementation allocates while building
its model, compiling and running (parameters, XLA/MindSpore executables, buffers,
compiler scratch), excluding the interpreter, the framework import and the shared
numpy inputs. If the reset is not possible, ``resource.getrusage().ru_maxrss`` (which
then may include an earlier import-time peak) is used and the result flagged.
``tracemalloc`` is not used: it only sees Python-heap allocations, not XLA's or
MindSpore's C++ allocators.

Accelerator memory (``--device gpu``): ``jax.Device.memory_stats()['peak_bytes_in_use']``
minus ``bytes_in_use`` at the same reset point, when the backend reports it.
"""

from __future__ import annotations

import resource
from typing import Any


def _status_kib(field: str) -> int | None:
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def reset_peak() -> dict[str, Any]:
    """Reset the RSS high-water mark (if possible) and return the baseline."""
    exact = True
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
    except OSError:
        exact = False
    rss = _status_kib("VmRSS")
    if rss is None:
        exact = False
        rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"rss_kib": rss, "exact": exact}


def peak_delta_mib(baseline: dict[str, Any]) -> dict[str, Any]:
    """Peak RSS above the baseline, in MiB, with the method used."""
    hwm = _status_kib("VmHWM") if baseline["exact"] else None
    if hwm is None:
        hwm = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        method = "ru_maxrss"
    else:
        method = "VmHWM after clear_refs"
    return {
        "peak_rss_mib": max(hwm - baseline["rss_kib"], 0) / 1024.0,
        "rss_baseline_mib": baseline["rss_kib"] / 1024.0,
        "method": method,
    }


def jax_device_bytes() -> dict[str, int] | None:
    """(bytes_in_use, peak_bytes_in_use) of JAX's first device, if it reports them."""
    try:
        import jax

        stats = jax.devices()[0].memory_stats()
    except Exception:  # noqa: BLE001 - not every backend has stats
        return None
    if not stats or "peak_bytes_in_use" not in stats:
        return None
    return {"in_use": int(stats.get("bytes_in_use", 0)), "peak": int(stats["peak_bytes_in_use"])}
