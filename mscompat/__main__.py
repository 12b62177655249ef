"""``python -m mscompat script.py [args...]``: run an unchanged MindSpore script on mscompat."""
import runpy
import sys

from ._engine.import_hook import install


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print("usage: python -m mscompat script.py [args...]\n"
              "Runs a MindSpore script with 'import mindspore' mapped to mscompat.")
        sys.exit(0 if len(sys.argv) >= 2 else 2)
    sys.argv = sys.argv[1:]
    install()
    runpy.run_path(sys.argv[0], run_name="__main__")


if __name__ == "__main__":
    main()
