"""How busy the machine was with OTHER processes while a worker was timing.

The benchmark machine may be shared (tests, builds). Between two snapshots this reports
the fraction of all CPUs' time spent by processes other than this one:
``(delta busy jiffies in /proc/stat - delta own CPU time) / (delta wall * n_cpus)``.
Timings taken with a high foreign load are flagged in the report.
"""

from __future__ import annotations

import os
import time
from typing import Any


def _busy_seconds() -> float | None:
    try:
        with open("/proc/stat") as fh:
            fields = fh.readline().split()[1:]
    except OSError:
        return None
    vals = [int(v) for v in fields]
    idle = vals[3] + (vals[4] if len(vals) > 4 else 0)  # idle + iowait
    return (sum(vals[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def snapshot() -> dict[str, Any]:
    """Current (wall, system busy CPU seconds, own CPU seconds)."""
    t = os.times()
    return {"wall": time.perf_counter(), "busy": _busy_seconds(), "own": t.user + t.system}


def foreign_fraction(start: dict[str, Any], end: dict[str, Any]) -> float | None:
    """Fraction of total CPU capacity used by other processes between two snapshots."""
    if start["busy"] is None or end["busy"] is None:
        return None
    wall = end["wall"] - start["wall"]
    if wall <= 0:
        return None
    foreign = (end["busy"] - start["busy"]) - (end["own"] - start["own"])
    return max(0.0, foreign / (wall * (os.cpu_count() or 1)))
