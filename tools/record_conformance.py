#!/usr/bin/env python
"""Record conformance goldens from real MindSpore.

Run from the repo root with the oracle interpreter:

    /path/to/mindspore-2.10-venv/bin/python tools/record_conformance.py [module ...]

Imports every module in tests/conformance/cases/, runs each case in each of its modes against
real ``mindspore`` and writes tests/conformance/golden/<module>.json.  With module names given,
only those golden files are rewritten; with ``--isolate`` each case runs in its own process
(for kernels that fail asynchronously or crash: ``mint`` on the CPU build).
"""
import json
import math
import os
import re
import sys
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONF = os.path.join(ROOT, "tests", "conformance")
GOLDEN = os.path.join(CONF, "golden")
sys.path.insert(0, CONF)
# MindSpore's GRAPH-mode compiler writes analyze_fail.ir / rank_0 dirs into cwd: keep them out
# of the repo.
os.makedirs("/tmp/ms_record_cwd", exist_ok=True)

import mindspore  # noqa: E402
import numpy as np  # noqa: E402
from cases import load_all  # noqa: E402


def _enc_scalar(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    v = float(v)
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    return v


def _enc_array(a):
    if a.ndim == 0:
        return _enc_scalar(a.item() if a.dtype != object else a)
    return [_enc_array(s) for s in a]


def serialize(r):
    ms = mindspore
    if isinstance(r, (ms.Tensor, ms.Parameter)) or type(r).__name__ in ("Tensor", "Parameter"):
        a = r.asnumpy()
        return {"kind": "tensor", "dtype": str(r.dtype), "shape": list(a.shape),
                "value": _enc_array(a)}
    if isinstance(r, tuple):
        return {"kind": "tuple", "items": [serialize(i) for i in r]}
    if isinstance(r, list):
        return {"kind": "list", "items": [serialize(i) for i in r]}
    if isinstance(r, dict):
        return {"kind": "dict", "items": {str(k): serialize(v) for k, v in r.items()}}
    if isinstance(r, np.ndarray):
        return {"kind": "ndarray", "dtype": str(r.dtype), "shape": list(r.shape),
                "value": _enc_array(r)}
    if r is None:
        return {"kind": "py", "type": "NoneType", "value": None}
    if isinstance(r, np.generic) and not isinstance(r, (np.bool_, np.float64, np.int64)):
        # NumPy scalars of other widths keep their type: np.float32 is not a Python float
        return dict(serialize(r.item()), numpy=str(r.dtype))
    if isinstance(r, (bool, np.bool_)):
        return {"kind": "py", "type": "bool", "value": bool(r)}
    if isinstance(r, (int, np.integer)):
        return {"kind": "py", "type": "int", "value": int(r)}
    if isinstance(r, (float, np.floating)):
        return {"kind": "py", "type": "float", "value": _enc_scalar(r)}
    if isinstance(r, str):
        return {"kind": "py", "type": "str", "value": r}
    raise TypeError(f"cannot serialize result of type {type(r).__name__}: {r!r}")


_UNSTABLE = [
    (re.compile(r"0x[0-9a-fA-F]+"), "0x?"),                  # pointers
    (re.compile(r"(FunctionGraph ID : \S+?_)\d+"), r"\1?"),   # graph ids
    (re.compile(r"(analyze_fail\.ir)[^\n]*"), r"\1"),
    (re.compile(r"(__main__\.)?<locals>"), "<locals>"),
    (re.compile(r"value=\[[^\]]*(\]|$)"), "value=[...]"),      # stale values in abstracts
]


def clean_message(msg):
    """Exception text with run-dependent parts (addresses, graph ids) masked."""
    for pat, rep in _UNSTABLE:
        msg = pat.sub(rep, msg)
    return msg[:500]


def run_case(c, mode):
    ms = mindspore
    ms.set_context(mode=getattr(ms, mode + "_MODE"))
    try:
        result = c.fn(ms)
        return serialize(result)
    except Exception as e:  # noqa: BLE001 - any exception is the recorded behaviour
        return {"kind": "error", "type": type(e).__name__,
                "mro": [k.__name__ for k in type(e).__mro__],
                "message": clean_message(str(e))}
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def _record_entry(c):
    entry = {}
    for mode in c.modes:
        entry[mode] = run_case(c, mode)
    return entry


def _one(module, name):
    """``--one module case``: record one case and print its entry as JSON (for --isolate)."""
    (c,) = [c for c in load_all() if c.module == module and c.name == name]
    os.chdir("/tmp/ms_record_cwd")
    print("\n" + json.dumps(_record_entry(c)))


def _isolated(c):
    """Record ``c`` in a fresh interpreter: some MindSpore CPU kernels fail asynchronously
    (the error surfaces in the next op) or crash the process; neither may reach another
    case's golden. A crashed case is not recorded."""
    import subprocess
    p = subprocess.run([sys.executable, os.path.abspath(__file__), "--one", c.module, c.name],
                       capture_output=True, text=True, cwd=ROOT)
    if p.returncode != 0:
        print(f"{c.module}::{c.name}  crashed (rc {p.returncode}); not recorded", flush=True)
        return None
    return json.loads(p.stdout.strip().splitlines()[-1])


def main(argv):
    if argv[1:2] == ["--one"]:
        return _one(argv[2], argv[3])
    isolate = "--isolate" in argv
    only = set(argv[1:]) - {"--isolate"}
    cases = load_all()
    by_module = {}
    for c in cases:
        if only and c.module not in only:
            continue
        by_module.setdefault(c.module, []).append(c)
    cwd = os.getcwd()
    os.chdir("/tmp/ms_record_cwd")
    n_err = 0
    try:
        for module, cs in sorted(by_module.items()):
            out = {"_meta": {"mindspore_version": mindspore.__version__, "module": module},
                   "cases": {}}
            if isolate:
                from concurrent.futures import ThreadPoolExecutor
                with ThreadPoolExecutor(2) as pool:
                    entries = list(pool.map(_isolated, cs))
            for c, isolated in zip(cs, entries if isolate else [None] * len(cs)):
                if isolate and isolated is None:
                    continue
                try:
                    entry = isolated or _record_entry(c)
                except TypeError:
                    traceback.print_exc()
                    raise
                n_err += sum(e["kind"] == "error" for e in entry.values())
                out["cases"][c.name] = entry
                status = " ".join(f"{m}:{entry[m]['kind']}" for m in c.modes)
                print(f"{module}::{c.name}  {status}", flush=True)
            path = os.path.join(GOLDEN, module + ".json")
            with open(path, "w") as f:
                json.dump(out, f, indent=1, sort_keys=False)
                f.write("\n")
    finally:
        os.chdir(cwd)
    print(f"recorded {sum(len(v) for v in by_module.values())} cases "
          f"in {len(by_module)} modules ({n_err} error goldens)")


if __name__ == "__main__":
    main(sys.argv)
