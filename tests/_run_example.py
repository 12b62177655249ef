"""Run one example script in a given execution mode: ``python tests/_run_example.py MODE PATH``.

MODE is ``GRAPH`` or ``PYNATIVE``. The examples are kept exactly as the documentation wrote
them, most with ``context.set_context(mode=context.GRAPH_MODE, ...)``; this runner replaces
``mscompat.set_context``/``mscompat.context.set_context`` by a wrapper that swaps the
``mode=`` the script asks for with MODE (the other keyword arguments are passed through
unchanged), sets MODE up front (for scripts that never call ``set_context``), then runs the
script as ``__main__``.
"""
import runpy
import sys


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[1] not in ("GRAPH", "PYNATIVE"):
        sys.exit("usage: _run_example.py GRAPH|PYNATIVE path/to/example.py")
    mode_name, path = sys.argv[1], sys.argv[2]

    import mscompat
    import mscompat.context

    mode = mscompat.GRAPH_MODE if mode_name == "GRAPH" else mscompat.PYNATIVE_MODE
    original = mscompat.set_context

    def set_context(**kwargs):
        if "mode" in kwargs:
            kwargs["mode"] = mode
        return original(**kwargs)

    mscompat.set_context = set_context
    mscompat.context.set_context = set_context
    original(mode=mode)

    sys.argv = [path]
    runpy.run_path(path, run_name="__main__")


if __name__ == "__main__":
    main()
