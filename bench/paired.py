"""Paired, interleaved timing of mscompat against raw JAX in ONE process (diagnostics).

On a shared machine the load drifts between the separate worker processes of
``run.py``; here both implementations are built side by side and timed in alternating
rounds (A B A B ...), so each mscompat round has a raw-JAX round next to it under the
same load. Reports the median of the per-pair ratios. No memory numbers (one process).

    python3 bench/paired.py --workload W2 --variant b --mode GRAPH [--pairs 15] [--calls 50]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

from bench.workloads import WORKLOADS, jax_variant  # noqa: E402
from bench.workloads.base import Runner  # noqa: E402


def round_time(runner: Runner, calls: int) -> float:
    """Mean seconds per synchronised call over ``calls`` calls."""
    t0 = time.perf_counter()
    for _ in range(calls):
        runner.sync(runner.step())
    return (time.perf_counter() - t0) / calls


def main() -> int:
    """Build both implementations, warm them, time interleaved rounds, print ratios."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--workload", required=True)
    p.add_argument("--variant")
    p.add_argument("--mode", choices=("GRAPH", "PYNATIVE", "JIT"), default="GRAPH")
    p.add_argument("--pairs", type=int, default=15)
    p.add_argument("--calls", type=int, help="calls per round (default: the workload's budget)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()

    import mscompat as ms

    module = WORKLOADS[args.workload.upper()]
    variant = args.variant or module.VARIANTS[0]
    ms.set_context(mode=ms.GRAPH_MODE if args.mode == "GRAPH" else ms.PYNATIVE_MODE)
    arrays = module.make_inputs(args.seed)
    jax_runner = module.build_jax(arrays, jax_variant(module, variant))
    msc_runner = module.build_ms(ms, arrays, variant, args.mode == "JIT")
    calls = args.calls or module.budget(False).calls
    for r in (jax_runner, msc_runner):
        for _ in range(max(3, calls // 10)):
            r.sync(r.step())
    ratios, jt, mt = [], [], []
    for _ in range(args.pairs):
        a = round_time(jax_runner, calls)
        b = round_time(msc_runner, calls)
        jt.append(a)
        mt.append(b)
        ratios.append(b / a)
    quart = statistics.quantiles(ratios, n=4)
    head = f"{module.NAME}/{variant} mscompat-{args.mode} vs raw JAX"
    print(f"{head}, {args.pairs} pairs x {calls} calls")
    print(
        f"  raw JAX   median {statistics.median(jt) * 1e3:.4f} ms/call  (min {min(jt) * 1e3:.4f})"
    )
    print(
        f"  mscompat  median {statistics.median(mt) * 1e3:.4f} ms/call  (min {min(mt) * 1e3:.4f})"
    )
    print(
        f"  ratio     median {statistics.median(ratios):.3f}  "
        f"(quartiles {quart[0]:.3f}..{quart[2]:.3f}; "
        f"min/min {min(mt) / min(jt):.3f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
