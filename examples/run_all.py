"""Run every documentation example in order and show what it prints.

    python examples/run_all.py

Each script runs in its own subprocess with this interpreter (and the repository root on
PYTHONPATH, so mscompat imports without an install). Exits non-zero if any example fails.
The documented outputs are in examples/expected/; tests/test_examples.py compares them.
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SOURCES = (
    ("grad_operation", "mindspore.ops.GradOperation API page (en 001 / zh 000)"),
    ("value_and_grad", "mindspore.value_and_grad API page (002)"),
    ("guide", "r1.6 programming guide, 求导 (003)"),
)


def main() -> int:
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    failed, total = [], 0
    for folder, title in SOURCES:
        print(f"##### {folder}: {title}", flush=True)
        for name in sorted(os.listdir(os.path.join(HERE, folder))):
            if not name.endswith(".py"):
                continue
            rel = f"examples/{folder}/{name}"
            total += 1
            print(f"===== {rel}", flush=True)
            proc = subprocess.run([sys.executable, os.path.join(ROOT, rel)], cwd=ROOT,
                                  env=env, capture_output=True, text=True, check=False)
            sys.stdout.write(proc.stdout)
            if proc.stderr:
                sys.stdout.write(proc.stderr)
            sys.stdout.flush()
            if proc.returncode != 0:
                failed.append(rel)
                print(f"----- FAILED (exit status {proc.returncode})", flush=True)
    print(f"\n{total - len(failed)}/{total} examples ran", flush=True)
    for rel in failed:
        print(f"FAILED: {rel}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
