"""Turn the per-implementation worker reports into tables, ratios and target verdicts."""

from __future__ import annotations

from typing import Any

JAX = "raw-JAX"
MSC = "mscompat"
MS = "MindSpore"

# Steady-state ratio targets for mscompat-GRAPH / raw-JAX.
GRAPH_TARGET = {"W1": 2.0}
GRAPH_TARGET_DEFAULT = 1.10
FIRST_CALL_TARGET = 1.5
# A Cell exported with mscompat.jax.to_jax, in a hand-written jax.jit step, vs raw JAX.
EXPORT_TARGET = 1.05
MEMORY_TARGET = 1.15


def label(framework: str, mode: str) -> str:
    """Row label of one implementation."""
    if framework == "jax":
        return JAX
    name = MSC if framework == "mscompat" else MS
    if mode == "EXPORT":
        return f"{name}-to_jax"
    return f"{name}-{'jit' if mode == 'JIT' else mode}"


def _fmt(value: float | None, scale: float = 1.0, digits: int = 3) -> str:
    return "—" if value is None else f"{value * scale:.{digits}g}"


def _ratio(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None or b == 0 else a / b


def _check(row: dict[str, Any]) -> str:
    if row.get("error"):
        return "ERROR"
    chk = row.get("check")
    if chk is None:
        return "reference"
    err = chk.get("max_rel_err")
    tag = "ok" if chk["ok"] else "**MISMATCH**"
    return f"{tag} ({err:.1e})" if err is not None else tag


LOAD_WARN = 0.15


def _load(row: dict[str, Any]) -> str:
    """Foreign CPU load during the timing rounds, flagged when high."""
    frac = row.get("foreign_load")
    if frac is None:
        return "—"
    return f"{frac:.0%}" + (" ⚠" if frac > LOAD_WARN else "")


def results_table(rows: list[dict[str, Any]]) -> str:
    """One markdown row per (workload, variant, implementation)."""
    out = [
        "| workload | impl | first call (s) | steady (ms/call) | CPU (ms/call) | calls×rounds "
        "| peak RSS Δ (MiB) | check (max rel err) | other load |",
        "|---|---|---:|---:|---:|---:|---:|---|---:|",
    ]
    for r in rows:
        mem = r.get("memory", {})
        peak = mem.get("device_peak_mib", mem.get("peak_rss_mib"))
        out.append(
            f"| {r['workload']}/{r['variant']} | {r['label']} | {_fmt(r.get('first_call_s'))} | "
            f"{_fmt(r.get('steady_s'), 1e3)} | {_fmt(r.get('steady_cpu_s'), 1e3)} | "
            f"{r.get('calls', '—')}×{r.get('rounds', '—')} | "
            f"{_fmt(peak, digits=4)} | {_check(r)} | {_load(r)} |"
        )
    return "\n".join(out)


def _by_label(rows: list[dict[str, Any]], wl: str, var: str) -> dict[str, dict[str, Any]]:
    return {
        r["label"]: r
        for r in rows
        if r["workload"] == wl and r["variant"] == var and not r.get("error")
    }


def ratios(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per (workload, variant): the ratios the brief asks for (None where a side is missing)."""
    seen: list[tuple[str, str]] = []
    for r in rows:
        if (r["workload"], r["variant"]) not in seen:
            seen.append((r["workload"], r["variant"]))
    out = []
    for wl, var in seen:
        by = _by_label(rows, wl, var)

        def steady(lbl: str, by: dict[str, Any] = by) -> float | None:
            return by.get(lbl, {}).get("steady_s")

        def first(lbl: str, by: dict[str, Any] = by) -> float | None:
            return by.get(lbl, {}).get("first_call_s")

        def mem(lbl: str, by: dict[str, Any] = by) -> float | None:
            m = by.get(lbl, {}).get("memory", {})
            return m.get("device_peak_mib", m.get("peak_rss_mib"))

        out.append(
            {
                "workload": wl,
                "variant": var,
                "graph_vs_jax": _ratio(steady(f"{MSC}-GRAPH"), steady(JAX)),
                "pynative_vs_jax": _ratio(steady(f"{MSC}-PYNATIVE"), steady(JAX)),
                "jit_vs_jax": _ratio(steady(f"{MSC}-jit"), steady(JAX)),
                "export_vs_jax": _ratio(steady(f"{MSC}-to_jax"), steady(JAX)),
                "graph_vs_ms_graph": _ratio(steady(f"{MSC}-GRAPH"), steady(f"{MS}-GRAPH")),
                "pynative_vs_ms_pynative": _ratio(
                    steady(f"{MSC}-PYNATIVE"), steady(f"{MS}-PYNATIVE")
                ),
                "jit_vs_ms_jit": _ratio(steady(f"{MSC}-jit"), steady(f"{MS}-jit")),
                "first_call_graph_vs_jax": _ratio(first(f"{MSC}-GRAPH"), first(JAX)),
                "mem_graph_vs_jax": _ratio(mem(f"{MSC}-GRAPH"), mem(JAX)),
                "mem_graph_minus_jax_mib": (
                    None
                    if mem(f"{MSC}-GRAPH") is None or mem(JAX) is None
                    else mem(f"{MSC}-GRAPH") - mem(JAX)
                ),
            }
        )
    return out


def ratio_table(rat: list[dict[str, Any]]) -> str:
    """Markdown table of the steady-state, first-call and memory ratios."""
    cols = [
        ("graph_vs_jax", "msc-G / JAX"),
        ("pynative_vs_jax", "msc-P / JAX"),
        ("jit_vs_jax", "msc-jit / JAX"),
        ("export_vs_jax", "msc-to_jax / JAX"),
        ("graph_vs_ms_graph", "msc-G / MS-G"),
        ("pynative_vs_ms_pynative", "msc-P / MS-P"),
        ("jit_vs_ms_jit", "msc-jit / MS-jit"),
        ("first_call_graph_vs_jax", "1st call msc-G / JAX"),
        ("mem_graph_vs_jax", "mem msc-G / JAX"),
    ]
    out = ["| workload | " + " | ".join(c[1] for c in cols) + " |", "|---|" + "---:|" * len(cols)]
    for r in rat:
        out.append(
            f"| {r['workload']}/{r['variant']} | "
            + " | ".join(_fmt(r[c[0]], digits=3) for c in cols)
            + " |"
        )
    return "\n".join(out)


def targets(rat: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Verdict on each target for each workload variant (None: not measurable)."""
    out = []
    for r in rat:
        wl = r["workload"]
        lim = GRAPH_TARGET.get(wl, GRAPH_TARGET_DEFAULT)
        mem_ok = None
        if r["mem_graph_vs_jax"] is not None:
            # Small absolute deltas (< 8 MiB) are within RSS measurement noise.
            mem_ok = (
                r["mem_graph_vs_jax"] <= MEMORY_TARGET or (r["mem_graph_minus_jax_mib"] or 0) < 8
            )
        checks = [
            (f"steady msc-GRAPH/raw-JAX <= {lim}", r["graph_vs_jax"], lim),
            (
                f"first call msc-GRAPH/raw-JAX <= {FIRST_CALL_TARGET}",
                r["first_call_graph_vs_jax"],
                FIRST_CALL_TARGET,
            ),
            ("steady msc-PYNATIVE/MindSpore-PYNATIVE <= 1", r["pynative_vs_ms_pynative"], 1.0),
        ]
        if r.get("export_vs_jax") is not None:
            checks.append((f"steady msc-to_jax/raw-JAX <= {EXPORT_TARGET}", r["export_vs_jax"],
                           EXPORT_TARGET))
        for name, value, limit in checks:
            out.append(
                {
                    "workload": f"{wl}/{r['variant']}",
                    "target": name,
                    "value": value,
                    "met": None if value is None else value <= limit,
                }
            )
        out.append(
            {
                "workload": f"{wl}/{r['variant']}",
                "target": f"peak memory msc-GRAPH <= raw-JAX + {round((MEMORY_TARGET - 1) * 100)}%",
                "value": r["mem_graph_vs_jax"],
                "met": mem_ok,
            }
        )
    return out


def targets_table(tg: list[dict[str, Any]]) -> str:
    """Markdown table of the target verdicts."""
    out = ["| workload | target | value | met |", "|---|---|---:|---|"]
    for t in tg:
        met = "n/a" if t["met"] is None else ("yes" if t["met"] else "**NO**")
        out.append(f"| {t['workload']} | {t['target']} | {_fmt(t['value'])} | {met} |")
    return "\n".join(out)


def errors_section(rows: list[dict[str, Any]]) -> str:
    """Markdown list of failed implementations and mismatches."""
    lines = []
    for r in rows:
        where = f"{r['workload']}/{r['variant']} {r['label']}"
        if r.get("error"):
            lines.append(f"- **{where}** failed at `{r.get('stage', '?')}`: `{r['error'][:400]}`")
        elif r.get("check") and not r["check"]["ok"]:
            lines.append(
                f"- **{where}** MISMATCH vs raw JAX: {r['check']['bad'][:4]} "
                f"missing={r['check']['missing'][:4]}"
            )
    return "\n".join(lines) if lines else "none"


def first_call_table(rows: list[dict[str, Any]]) -> str:
    """Where the first call's time goes, JAX-based rows (``jax.monitoring`` events)."""
    out = [
        "| workload | impl | first call (s) | jaxpr trace (s) | MLIR lowering (s) "
        "| XLA compile (s) | rest (s) | compiles: 1st call / after |",
        "|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        ev = r.get("first_call_jax")
        if not ev or r.get("error"):
            continue
        rest = r["first_call_s"] - ev["trace_s"] - ev["lower_s"] - ev["compile_s"]
        later = r.get("later_jax") or {}
        out.append(
            f"| {r['workload']}/{r['variant']} | {r['label']} | {_fmt(r['first_call_s'])} | "
            f"{_fmt(ev['trace_s'])} | {_fmt(ev['lower_s'])} | {_fmt(ev['compile_s'])} | "
            f"{_fmt(rest)} | {ev['compiles']} / {later.get('compiles', '—')} |"
        )
    return "\n".join(out)
