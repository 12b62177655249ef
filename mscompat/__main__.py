"""``python -m mscompat script.py [args...]``: run an unchanged MindSpore script on mscompat.

``python -m mscompat --report PATH`` prints the porting report of a script, notebook or
directory instead (read, not run); it exits 1 when a name is missing.
"""
import runpy
import sys

USAGE = ("usage: python -m mscompat script.py [args...]\n"
         "       python -m mscompat --report PATH [PATH...]\n"
         "Runs a MindSpore script with 'import mindspore' mapped to mscompat, or lists the\n"
         "MindSpore names a script, notebook or directory uses and whether mscompat has them.")


def _report(paths: list[str]) -> int:
    from pathlib import Path

    from .porting import porting_report
    status = 0
    for p in paths:
        if not Path(p).exists():
            print(f"python -m mscompat --report: no such file or directory: {p}",
                  file=sys.stderr)
            return 2
        report = porting_report(p)
        print(report)
        status = max(status, 1 if report.counts["missing"] or report.errors else 0)
    return status


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(USAGE)
        sys.exit(0 if len(sys.argv) >= 2 else 2)
    if sys.argv[1] == "--report":
        if len(sys.argv) < 3:
            print(USAGE, file=sys.stderr)
            sys.exit(2)
        sys.exit(_report(sys.argv[2:]))
    from ._engine.import_hook import install
    sys.argv = sys.argv[1:]
    install()
    runpy.run_path(sys.argv[0], run_name="__main__")


if __name__ == "__main__":
    main()
