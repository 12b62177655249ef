"""mscompat benchmark suite - the one command.

    python3 bench/run.py [--mindspore-python PATH] [--quick] [--workloads W1,W3]
                         [--device cpu|gpu] [--profile]

Every (workload, variant, implementation) runs in its own fresh worker process
(``bench/worker.py``) so first-call times are cold and peak memory is per
implementation. Raw JAX runs first and is the numerical reference; the others compare
against it before they are timed. Writes ``bench/results/latest.{md,json}``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if REPO not in sys.path:
    sys.path.insert(0, REPO)

import numpy as np  # noqa: E402

from bench import load, report  # noqa: E402
from bench.workloads import WORKLOADS, jax_variant  # noqa: E402

WORKER = os.path.join(REPO, "bench", "worker.py")
RESULTS = os.path.join(REPO, "bench", "results")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """Command-line options."""
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--mindspore-python", help="interpreter with real MindSpore (enables MindSpore columns)"
    )
    p.add_argument(
        "--quick", action="store_true", help="~2-minute smoke run (fewer calls and rounds)"
    )
    p.add_argument("--workloads", default=",".join(WORKLOADS), help="comma list, e.g. W1,W3")
    p.add_argument("--device", choices=("cpu", "gpu"), default="cpu")
    p.add_argument(
        "--profile", action="store_true", help="add cProfile top entries for mscompat rows"
    )
    p.add_argument("--no-mscompat", action="store_true", help="skip the mscompat rows")
    p.add_argument(
        "--wait-idle",
        type=float,
        default=0.0,
        metavar="S",
        help="before each worker, wait up to S seconds for other processes' CPU load "
        "to drop below 25%% (for shared machines)",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="run every implementation N times (interleaved) and report medians; "
        "reduces the effect of other processes on a shared machine",
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--rtol", type=float, default=1e-4)
    p.add_argument("--timeout", type=float, default=300.0, help="seconds per worker process")
    p.add_argument("--out", default=RESULTS, help="directory for latest.md / latest.json")
    return p.parse_args(argv)


def worker_env(framework: str, device: str) -> dict[str, str]:
    """Environment of a worker: JAX backend selection, quiet MindSpore logging."""
    env = dict(os.environ)
    if framework in ("jax", "mscompat"):
        env["JAX_PLATFORMS"] = "cuda" if device == "gpu" else "cpu"
    else:
        env["GLOG_v"] = "3"
        env.pop("JAX_PLATFORMS", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def wait_idle(max_wait: float, threshold: float = 0.25) -> float:
    """Wait (up to ``max_wait`` s) until other processes use < ``threshold`` of the CPUs."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < max_wait:
        start = load.snapshot()
        time.sleep(1.0)
        frac = load.foreign_fraction(start, load.snapshot())
        if frac is None or frac < threshold:
            break
    return time.perf_counter() - t0


def run_worker(
    python: str, spec: dict[str, Any], tmp: str, timeout: float, idle_wait: float = 0.0
) -> dict[str, Any]:
    """Run one worker process; return its report (or a synthesized error report)."""
    if idle_wait > 0:
        wait_idle(idle_wait)
    name = "_".join(
        [
            spec["workload"],
            spec["variant"],
            spec["framework"],
            spec["mode"],
            str(spec.get("rep", 0)),
        ]
    )
    spec = dict(spec, out=os.path.join(tmp, name))
    spec_path = spec["out"] + ".spec.json"
    with open(spec_path, "w") as fh:
        json.dump(spec, fh)
    t0 = time.perf_counter()
    try:
        env = worker_env(spec["framework"], spec["device"])
        devices = getattr(WORKLOADS[spec["workload"]], "HOST_DEVICES", {}).get(spec["variant"])
        if devices and spec["framework"] != "mindspore":
            # host devices must be set before JAX starts: per worker, by variant
            env["XLA_FLAGS"] = (env.get("XLA_FLAGS", "") +
                                f" --xla_force_host_platform_device_count={devices}").strip()
        proc = subprocess.run(
            [python, WORKER, spec_path],
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=REPO,
        )
        stderr = proc.stderr
    except subprocess.TimeoutExpired as exc:
        stderr = (
            (exc.stderr or b"").decode() if isinstance(exc.stderr, bytes) else (exc.stderr or "")
        )
        proc = None
    wall = time.perf_counter() - t0
    try:
        with open(spec["out"] + ".json") as fh:
            rep = json.load(fh)
    except (OSError, json.JSONDecodeError):
        why = (
            f"timed out after {timeout:.0f}s"
            if proc is None
            else f"worker exited {proc.returncode}"
        )
        rep = {"error": f"{why} without a report; stderr tail: {stderr[-800:]}", "stage": "?"}
    for line in stderr.splitlines():
        if line.startswith("!!! MISMATCH"):
            print(line, flush=True)
    rep.update(
        workload=spec["workload"],
        variant=spec["variant"],
        framework=spec["framework"],
        mode=spec["mode"],
        label=report.label(spec["framework"], spec["mode"]),
        wall_s=wall,
        npz=spec["out"] + ".npz",
    )
    return rep


def progress(rep: dict[str, Any]) -> None:
    """One line per finished worker."""
    head = f"  {rep['workload']}/{rep['variant']:<9} {rep['label']:<20}"
    if rep.get("error"):
        print(
            f"{head} ERROR at {rep.get('stage')}: {rep['error'].splitlines()[0][:160]}", flush=True
        )
        return
    chk = rep.get("check")
    tag = "ref" if chk is None else ("ok" if chk["ok"] else "MISMATCH")
    print(
        f"{head} first {rep['first_call_s']:.3f}s  steady {rep['steady_s'] * 1e3:.3f} ms/call  "
        f"mem {rep['memory']['peak_rss_mib']:.1f} MiB  check {tag}  other load "
        f"{report._load(rep)}  (wall {rep['wall_s']:.1f}s)",
        flush=True,
    )


def mscompat_probe() -> str | None:
    """None if ``mscompat`` exposes the MindSpore API, else the reason it does not."""
    code = "import mscompat as ms; ms.nn.Cell; ms.ops.GradOperation; ms.Tensor; ms.set_context"
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=REPO,
        env=worker_env("mscompat", "cpu"),
    )
    return None if proc.returncode == 0 else (proc.stderr.strip().splitlines() or ["?"])[-1]


def implementations(
    module: Any, variant: str, with_msc: bool, ms_python: str | None
) -> list[tuple[str, str, str]]:
    """(python, framework, mode) for the MindSpore-style implementations of one variant."""
    modes = ["GRAPH", "PYNATIVE"] + (["JIT"] if variant in module.JIT_VARIANTS else [])
    exported = ["EXPORT"] if variant in getattr(module, "EXPORT_VARIANTS", ()) else []
    out = [(sys.executable, "mscompat", m) for m in modes + exported] if with_msc else []
    if ms_python:
        out += [(ms_python, "mindspore", m) for m in modes]
    return out


def run_workload(
    args: argparse.Namespace, module: Any, tmp: str, with_msc: bool
) -> list[dict[str, Any]]:
    """All implementations of all variants of one workload, ``--repeat`` times; merged rows."""
    print(f"{module.NAME}: {module.TITLE}", flush=True)
    inputs = os.path.join(tmp, f"{module.NAME}_inputs.npz")
    np.savez(inputs, **module.make_inputs(args.seed))
    base = dict(
        workload=module.NAME,
        device=args.device,
        quick=args.quick,
        inputs=inputs,
        rtol=args.rtol,
        profile=False,
    )
    refs: dict[str, list[dict[str, Any]]] = {}
    reps: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for rep in range(args.repeat):
        for variant in module.VARIANTS:
            jv = jax_variant(module, variant)
            if len(refs.setdefault(jv, [])) <= rep:
                ref = run_worker(
                    sys.executable,
                    dict(base, variant=jv, framework="jax", mode="-", rep=rep),
                    tmp,
                    args.timeout,
                    args.wait_idle,
                )
                progress(ref)
                refs[jv].append(ref)
            first_ref = refs[jv][0]
            ref_npz = None if first_ref.get("error") else first_ref["npz"]
            for python, fw, mode in implementations(
                module, variant, with_msc, args.mindspore_python
            ):
                spec = dict(
                    base,
                    variant=variant,
                    framework=fw,
                    mode=mode,
                    ref=ref_npz,
                    rep=rep,
                    profile=args.profile and fw == "mscompat" and rep == 0,
                )
                out = run_worker(python, spec, tmp, args.timeout, args.wait_idle)
                progress(out)
                reps.setdefault((variant, out["label"]), []).append(out)
    rows = []
    for variant in module.VARIANTS:
        rows.append(dict(merge_repeats(refs[jax_variant(module, variant)]), variant=variant))
        rows += [merge_repeats(r) for (v, _), r in reps.items() if v == variant]
    return rows


def merge_repeats(reps: list[dict[str, Any]]) -> dict[str, Any]:
    """One row from ``--repeat`` runs of an implementation: medians of the timings/memory."""
    ok = [r for r in reps if not r.get("error")]
    if not ok:
        return reps[0]
    row = dict(ok[0], repeats=len(reps), failed_repeats=len(reps) - len(ok))
    if len(ok) == 1:
        return row
    for key in ("steady_s", "steady_cpu_s", "first_call_s", "build_s"):
        row[key] = statistics.median(r[key] for r in ok)
    row["steady_all_s"] = [r["steady_s"] for r in ok]
    row["first_call_all_s"] = [r["first_call_s"] for r in ok]
    row["memory"] = dict(
        ok[0]["memory"], peak_rss_mib=statistics.median(r["memory"]["peak_rss_mib"] for r in ok)
    )
    loads = [r["foreign_load"] for r in ok if r.get("foreign_load") is not None]
    row["foreign_load"] = max(loads) if loads else None
    checks = [r["check"] for r in ok if r.get("check")]
    if checks:
        row["check"] = min(checks, key=lambda c: (c["ok"], -(c["max_rel_err"] or 0)))
    return row


def main(argv: list[str] | None = None) -> int:
    """Run the selected workloads, print and write the results."""
    args = parse_args(argv)
    names = [w.strip().upper() for w in args.workloads.split(",") if w.strip()]
    unknown = [n for n in names if n not in WORKLOADS]
    if unknown:
        raise SystemExit(f"unknown workloads {unknown}; known: {list(WORKLOADS)}")
    msc_problem = "skipped (--no-mscompat)" if args.no_mscompat else mscompat_probe()
    if msc_problem:
        print(f"mscompat rows skipped: {msc_problem}", flush=True)
    t_start = time.perf_counter()
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="msbench_") as tmp:
        for name in names:
            rows += run_workload(args, WORKLOADS[name], tmp, not msc_problem)
    total = time.perf_counter() - t_start
    write_outputs(args, rows, total, msc_problem)
    return 0


def git_state() -> str:
    """HEAD commit and whether mscompat/ has uncommitted changes (results depend on it)."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--", "mscompat"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"
    return head + (f" + {len(dirty.splitlines())} uncommitted mscompat file(s)" if dirty else "")


def write_outputs(
    args: argparse.Namespace, rows: list[dict[str, Any]], total: float, msc_problem: str | None
) -> None:
    """Print the markdown report and write latest.md / latest.json."""
    rat = report.ratios(rows)
    tg = report.targets(rat)
    meta = {
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "device": args.device,
        "quick": args.quick,
        "seed": args.seed,
        "rtol": args.rtol,
        "host": platform.platform(),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "mindspore_python": args.mindspore_python,
        "mscompat": msc_problem or "ran",
        "repeat": args.repeat,
        "git": git_state(),
        "total_wall_s": round(total, 1),
    }
    md = [
        f"# mscompat benchmark ({meta['date']})",
        "",
        f"device `{args.device}`, quick={args.quick}, seed {args.seed}, {meta['cpus']} CPUs, "
        f"total wall {total:.0f} s, repeat {args.repeat}; git {meta['git']}; "
        f"mscompat: {meta['mscompat']}; MindSpore: "
        f"{args.mindspore_python or 'not run (no --mindspore-python)'}",
        "",
        "## Results",
        "",
        report.results_table(rows),
        "",
        "## Ratios (steady-state median per call unless noted)",
        "",
        report.ratio_table(rat),
        "",
        "## Targets",
        "",
        report.targets_table(tg),
        "",
        "## First-call breakdown (JAX-based rows; jax.monitoring compile events)",
        "",
        "'rest' = Python (tracing the MindSpore-style code is inside 'jaxpr trace' when it "
        "happens under jax.jit) + dispatch + the first execution.",
        "",
        report.first_call_table(rows),
        "",
        "## Failures and mismatches",
        "",
        report.errors_section(rows),
        "",
    ]
    profiles = [r for r in rows if r.get("profile")]
    if profiles:
        md += ["## Profiles (cProfile, steady-state calls, by cumulative time)", ""]
        for r in profiles:
            md += [
                f"### {r['workload']}/{r['variant']} {r['label']}",
                "",
                "```",
                r["profile"].strip(),
                "```",
                "",
            ]
    text = "\n".join(md)
    print("\n" + text)
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "latest.md"), "w") as fh:
        fh.write(text)
    slim = [{k: v for k, v in r.items() if k not in ("npz",)} for r in rows]
    with open(os.path.join(args.out, "latest.json"), "w") as fh:
        json.dump(
            {"meta": meta, "rows": slim, "ratios": rat, "targets": tg}, fh, indent=1, default=str
        )


if __name__ == "__main__":
    sys.exit(main())
