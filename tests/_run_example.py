"""Run example scripts in a given execution mode.

``python tests/_run_example.py MODE PATH`` runs one script; MODE is ``GRAPH`` or
``PYNATIVE``. The examples are kept exactly as the documentation wrote them, most with
``context.set_context(mode=context.GRAPH_MODE, ...)``; this runner replaces
``mscompat.set_context``/``mscompat.context.set_context`` by a wrapper that swaps the
``mode=`` the script asks for with MODE (the other keyword arguments are passed through
unchanged), sets MODE up front (for scripts that never call ``set_context``), then runs the
script as ``__main__``.

``python tests/_run_example.py --batch MODE|AS_WRITTEN PATH...`` runs several scripts one after
another in this one process (a process start and ``import mscompat`` cost more than most
examples) and prints one JSON object, ``{path: {"stdout": ..., "error": ...}}``. AS_WRITTEN
leaves each script's own ``set_context`` alone. Before each script the mode is set afresh
(MODE, or the default PYNATIVE_MODE), and its printing, including what compiled programs print
through callbacks, is collected up to the point where it ends.
"""
import contextlib
import io
import json
import runpy
import sys
import traceback


def _install(mode_name: str | None):
    """Set the mode up front; with a forced mode, make ``set_context`` keep it."""
    import mscompat
    import mscompat.context

    original = getattr(mscompat.set_context, "__wrapped__", mscompat.set_context)
    if mode_name is None:
        mscompat.set_context = mscompat.context.set_context = original
        original(mode=mscompat.PYNATIVE_MODE)
        return
    mode = mscompat.GRAPH_MODE if mode_name == "GRAPH" else mscompat.PYNATIVE_MODE

    def set_context(**kwargs):
        if "mode" in kwargs:
            kwargs["mode"] = mode
        return original(**kwargs)

    set_context.__wrapped__ = original
    mscompat.set_context = mscompat.context.set_context = set_context
    original(mode=mode)


def _run(path: str) -> None:
    sys.argv = [path]
    runpy.run_path(path, run_name="__main__")


def _batch(mode_name: str | None, paths: list[str]) -> None:
    import jax
    results, stdout = {}, sys.stdout
    for path in paths:
        _install(mode_name)
        out, error = io.StringIO(), None
        with contextlib.redirect_stdout(out):
            try:
                _run(path)
                jax.effects_barrier()  # callbacks of compiled programs have printed
            except BaseException:  # noqa: BLE001 - reported with the script's output
                error = traceback.format_exc()
        results[path] = {"stdout": out.getvalue(), "error": error}
    stdout.write(json.dumps(results))


def main() -> None:
    if len(sys.argv) >= 3 and sys.argv[1] == "--batch":
        if sys.argv[2] not in ("GRAPH", "PYNATIVE", "AS_WRITTEN"):
            sys.exit("usage: _run_example.py --batch GRAPH|PYNATIVE|AS_WRITTEN path...")
        _batch(None if sys.argv[2] == "AS_WRITTEN" else sys.argv[2], sys.argv[3:])
        return
    if len(sys.argv) != 3 or sys.argv[1] not in ("GRAPH", "PYNATIVE"):
        sys.exit("usage: _run_example.py GRAPH|PYNATIVE path/to/example.py")
    _install(sys.argv[1])
    _run(sys.argv[2])


if __name__ == "__main__":
    main()
