"""docs/coverage.md is generated from the census and the package: it must not be stale."""
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_coverage_page_is_current():
    spec = importlib.util.spec_from_file_location("coverage_tool",
                                                  os.path.join(ROOT, "tools", "coverage.py"))
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    with open(os.path.join(ROOT, "docs", "coverage.md")) as f:
        assert f.read() == tool.render(), "run: python tools/coverage.py"
