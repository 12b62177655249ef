"""Numerical agreement between an implementation's results and the raw-JAX reference."""

from __future__ import annotations

from typing import Any

import numpy as np

Arrays = dict[str, np.ndarray]


def compare(res: Arrays, ref: Arrays, rtol: float) -> dict[str, Any]:
    """Compare named arrays.

    Per array: pass iff ``|a - r| <= rtol * |r| + rtol * max|r|`` elementwise (a relative
    tolerance, with an absolute floor scaled to the array so entries that are tiny
    compared to the rest of a gradient are not held to a relative error they cannot
    meet in float32). Also reports the normwise error ``max|a - r| / max|r|``.
    """
    per_key: dict[str, float] = {}
    bad: list[str] = []
    missing = sorted(set(ref) - set(res))
    for key in sorted(set(ref) & set(res)):
        a = np.asarray(res[key], dtype=np.float64)
        r = np.asarray(ref[key], dtype=np.float64)
        if a.shape != r.shape:
            a = a.reshape(-1) if a.size == r.size else a
            r = r.reshape(-1) if a.size == r.size else r
        if a.shape != r.shape:
            per_key[key] = float("inf")
            bad.append(f"{key}: shape {np.shape(res[key])} vs {np.shape(ref[key])}")
            continue
        scale = float(np.max(np.abs(r))) if r.size else 0.0
        err = float(np.max(np.abs(a - r))) if r.size else 0.0
        per_key[key] = err / scale if scale > 0 else err
        finite = bool(np.all(np.isfinite(a)))
        if not finite or not np.allclose(a, r, rtol=rtol, atol=rtol * scale):
            bad.append(
                f"{key}: normwise rel err {per_key[key]:.2e}" + ("" if finite else " (non-finite)")
            )
    worst = max(per_key, key=per_key.get) if per_key else None
    return {
        "ok": not bad and not missing,
        "max_rel_err": per_key[worst] if worst else None,
        "worst": worst,
        "bad": bad,
        "missing": missing,
    }
