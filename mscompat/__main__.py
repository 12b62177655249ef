"""``python -m mscompat script.py [args...]``: run an unchanged MindSpore script on mscompat.

``python -m mscompat --report PATH`` prints the porting report of a script, notebook or
directory instead (read, not run); it exits 1 when a name is missing.
"""
import builtins
import importlib.machinery
import io
import os
import runpy
import sys
import types

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
    _run_script(sys.argv[0])


def _run_script(path: str) -> None:
    """Run ``path`` as Python runs a script: its directory first on ``sys.path`` (so it
    imports its sibling modules), ``__file__`` absolute, and an uncaught exception's
    traceback starting at the script (without this runner's frames)."""
    path = os.path.abspath(path)
    if not os.path.exists(path):
        print(f"{sys.executable}: can't open file {path!r}: [Errno 2] No such file or "
              f"directory", file=sys.stderr)
        sys.exit(2)
    sys.path[0] = os.path.dirname(path)
    try:
        if os.path.isfile(path):
            _exec_as_main(path)
        else:  # a directory or zip with a __main__.py
            runpy.run_path(path, run_name="__main__")
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as e:
        tb = e.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != path:
            tb = tb.tb_next
        e = e.with_traceback(tb or e.__traceback__)
        sys.excepthook(type(e), e, e.__traceback__)
        sys.exit(1)


def _exec_as_main(path: str) -> None:
    """Execute the file in a new ``__main__`` module that stays in ``sys.modules`` after
    the script ends or fails, as Python's own ``python script.py`` does: its globals
    survive for the traceback's "Did you mean" hints, atexit handlers and pickling of
    functions the script defines."""
    main_module = types.ModuleType("__main__")
    main_module.__file__ = path
    main_module.__loader__ = importlib.machinery.SourceFileLoader("__main__", path)
    main_module.__builtins__ = builtins
    sys.modules["__main__"] = main_module
    with io.open_code(path) as f:
        code = compile(f.read(), path, "exec", dont_inherit=True)
    exec(code, main_module.__dict__)


if __name__ == "__main__":
    main()
