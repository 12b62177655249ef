"""The documentation examples in examples/ print the documented values.

Every script under examples/<source>/ is run in a subprocess (``sys.executable``, with
``PYTHONPATH`` set to the repository root so ``mscompat`` imports without an install), and its
stdout is compared with examples/expected/<source>/<name>.txt, the output printed on the
documentation page, copied verbatim (plus examples/expected/<source>/<name>.<variant>.txt
where another page shows the same example with different text, e.g. ``.zh`` for the Chinese
GradOperation page).

The comparison is tolerant of layout, since the r1.6 guide wraps and spaces its output
differently from MindSpore 2.10:

* numbers (ints, floats, scientific notation, ``-0.``) are extracted from both texts and
  compared in count and value with ``np.allclose(rtol=1e-5, atol=1e-6)``; a documented
  ``-0`` must print as a negative zero;
* the sequence of ``Tensor(``/``(``/``)``/``[``/``]`` tokens must be the same (tuple
  nesting and array nesting), and so must the sequence of words (``shape``, ``dtype``,
  ``Float32``, ``value``, ...); whitespace, line breaks and commas are ignored.

Each example runs in both modes and must print the documented values in each: as written,
and through tests/_run_example.py forced into the mode the script does not choose itself (the
runner replaces the ``mode=`` passed to ``set_context``). A script that never calls
``set_context`` runs as written in PYNATIVE_MODE (the default), one that asks only for
GRAPH_MODE in GRAPH_MODE; a script that names both modes also runs forced into each.

Starting Python and importing mscompat costs more than running most examples, so the scripts
of one kind (as written, forced into GRAPH, forced into PYNATIVE) run one after another in one
runner process per pytest worker (``--batch``: the mode is set afresh before each script), and
each script's test checks its share of that output. ``test_example_as_its_own_process`` runs
one script the way a user does, ``python examples/...py``.
"""
import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples")
EXPECTED = os.path.join(EXAMPLES, "expected")
RUNNER = os.path.join(ROOT, "tests", "_run_example.py")
SOURCES = ("grad_operation", "value_and_grad", "guide")
TIMEOUT_S = 300

# Pages that print rounded values: the r1.6 guide's stop_gradient section shows the gradient
# to one decimal with commas ([[4.5, 2.7, 3.6], ...]) where MindSpore prints
# [[4.5099998 2.7 3.6000001] ...]; the numbers are checked to the page's precision.
TOLERANCES = {
    "guide/05_stop_gradient.py": {"rtol": 0.0, "atol": 0.05},
    "guide/06_without_stop_gradient.py": {"rtol": 0.0, "atol": 0.05},
}
DEFAULT_TOLERANCE = {"rtol": 1e-5, "atol": 1e-6}

_TOKEN = re.compile(
    r"(?P<num>(?<![\w.])[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)"
    r"|(?P<tensor>Tensor\()"
    r"|(?P<word>[A-Za-z_][A-Za-z_0-9]*)"
    r"|(?P<bracket>[()\[\]])"
)


def _scripts():
    found = []
    for source in SOURCES:
        folder = os.path.join(EXAMPLES, source)
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py"):
                found.append(f"{source}/{name}")
    return found


SCRIPTS = _scripts()


def tokenize(text: str):
    """-> (numbers as strings, bracket/Tensor( tokens, words)."""
    nums, brackets, words = [], [], []
    for m in _TOKEN.finditer(text):
        if m.group("num") is not None:
            nums.append(m.group("num"))
        elif m.group("tensor") is not None:
            brackets.append("Tensor(")
        elif m.group("word") is not None:
            words.append(m.group("word"))
        else:
            brackets.append(m.group("bracket"))
    return nums, brackets, words


def compare(actual: str, expected: str, rtol: float, atol: float) -> None:
    """Assert that ``actual`` prints the values and structure of ``expected``."""
    a_nums, a_br, a_words = tokenize(actual)
    e_nums, e_br, e_words = tokenize(expected)
    assert a_br == e_br, (f"bracket/tuple structure differs:\n  printed:  {' '.join(a_br)}\n"
                          f"  expected: {' '.join(e_br)}")
    assert a_words == e_words, f"words differ:\n  printed:  {a_words}\n  expected: {e_words}"
    assert len(a_nums) == len(e_nums), (f"{len(a_nums)} numbers printed, {len(e_nums)} "
                                        f"expected:\n  printed:  {a_nums}\n"
                                        f"  expected: {e_nums}")
    a = np.array([float(x) for x in a_nums], dtype=np.float64)
    e = np.array([float(x) for x in e_nums], dtype=np.float64)
    close = np.isclose(a, e, rtol=rtol, atol=atol)
    bad = [f"#{i}: printed {a_nums[i]}, expected {e_nums[i]}" for i in np.flatnonzero(~close)]
    assert not bad, "values differ:\n  " + "\n  ".join(bad)
    neg_zero = [f"#{i}: printed {a_nums[i]}, expected {e_nums[i]}"
                for i in range(len(e)) if e[i] == 0 and a[i] == 0
                and np.signbit(e[i]) != np.signbit(a[i])]
    assert not neg_zero, "sign of zero differs:\n  " + "\n  ".join(neg_zero)


def expected_texts(rel: str):
    """-> [(file name, text)]: <name>.txt and every <name>.<variant>.txt."""
    folder, name = os.path.split(rel)
    stem = name[:-3]
    d = os.path.join(EXPECTED, folder)
    files = [f for f in sorted(os.listdir(d))
             if f == stem + ".txt" or (f.startswith(stem + ".") and f.endswith(".txt"))]
    out = []
    for f in files:
        with open(os.path.join(d, f), encoding="utf-8") as fh:
            out.append((f"{folder}/{f}", fh.read()))
    return out


def run(argv):
    env = dict(os.environ)
    env["PYTHONPATH"] = ROOT + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.setdefault("PYTHONIOENCODING", "utf-8")
    proc = subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT_S, check=False)
    assert proc.returncode == 0, (f"exit status {proc.returncode}\n--- stdout ---\n"
                                  f"{proc.stdout}\n--- stderr ---\n{proc.stderr[-4000:]}")
    return proc.stdout


def check(rel: str, stdout: str) -> None:
    tol = TOLERANCES.get(rel, DEFAULT_TOLERANCE)
    texts = expected_texts(rel)
    assert texts, f"no expected output for {rel}"
    for name, text in texts:
        try:
            compare(stdout, text, **tol)
        except AssertionError as exc:
            raise AssertionError(f"{rel} vs examples/expected/{name}: {exc}\n--- printed ---\n"
                                 f"{stdout}--- expected ---\n{text}") from None


def test_every_example_has_expected_output():
    assert len(SCRIPTS) == 25
    for rel in SCRIPTS:
        assert expected_texts(rel), rel
    for source in SOURCES:
        for f in os.listdir(os.path.join(EXPECTED, source)):
            stem = f.split(".")[0]
            assert f"{source}/{stem}.py" in SCRIPTS, f"orphan expected file {source}/{f}"


_BATCHES: dict[str, dict] = {}


def batch_output(kind: str, rel: str) -> str:
    """What ``rel`` printed in this worker's runner process for ``kind`` ('AS_WRITTEN',
    'GRAPH' or 'PYNATIVE'), which runs every script of that kind once."""
    if kind not in _BATCHES:
        scripts = SCRIPTS if kind == "AS_WRITTEN" else [r for r, m in FORCED if m == kind]
        paths = [os.path.join("examples", r) for r in scripts]
        _BATCHES[kind] = json.loads(run([RUNNER, "--batch", kind, *paths]))
    result = _BATCHES[kind][os.path.join("examples", rel)]
    assert result["error"] is None, (f"{rel} ({kind}) raised:\n{result['error']}\n"
                                     f"--- stdout ---\n{result['stdout']}")
    return result["stdout"]


@pytest.mark.parametrize("rel", SCRIPTS)
def test_example_as_written(rel):
    check(rel, batch_output("AS_WRITTEN", rel))


def test_example_as_its_own_process():
    rel = "value_and_grad/04_dense_wrt_weights.py"
    check(rel, run([os.path.join("examples", rel)]))


def modes_as_written(rel: str) -> set[str]:
    """The modes a script runs in as written: its own ``set_context`` choice, else the
    default PYNATIVE_MODE; both when it names both (forced runs then cover each mode)."""
    with open(os.path.join(EXAMPLES, rel), encoding="utf-8") as f:
        text = f.read()
    named = {m for m in ("GRAPH", "PYNATIVE") if f"{m}_MODE" in text}
    if not named:
        return {"PYNATIVE"}
    return named if len(named) == 1 else set()


FORCED = [(rel, mode) for rel in SCRIPTS for mode in ("GRAPH", "PYNATIVE")
          if mode not in modes_as_written(rel)]


@pytest.mark.parametrize("rel, mode", FORCED)
def test_example_in_mode(rel, mode):
    check(rel, batch_output(mode, rel))


def test_every_script_runs_in_both_modes():
    for rel in SCRIPTS:
        forced = {m for r, m in FORCED if r == rel}
        assert forced | modes_as_written(rel) == {"GRAPH", "PYNATIVE"}, rel
    assert len(FORCED) == 26  # 12 default PYNATIVE + 12 GRAPH-only: one each; 1 naming both: two


@pytest.mark.parametrize("mode, value", [("GRAPH", 0), ("PYNATIVE", 1)])
def test_runner_forces_mode(tmp_path, mode, value):
    script = tmp_path / "probe.py"
    script.write_text(
        "import mscompat as ms\n"
        "print(ms.get_context('mode'))\n"
        "ms.context.set_context(mode=ms.context.PYNATIVE_MODE, device_target='CPU')\n"
        "print(ms.get_context('mode'), ms.get_context('device_target'))\n"
        "ms.set_context(mode=ms.GRAPH_MODE)\n"
        "print(ms.get_context('mode'))\n")
    assert run([RUNNER, mode, str(script)]).split() == [str(value), str(value), "CPU",
                                                        str(value)]


@pytest.mark.parametrize("actual, expected, ok", [
    ("[[4.5099998 2.7       3.6000001]\n [4.5099998 2.7       3.6000001]]",
     "[[4.5099998 2.7 3.6000001]\n [4.5099998 2.7 3.6000001]]", True),
    ("(Tensor(shape=[1], dtype=Float32, value= [ 2.15e+01]),)",
     "(Tensor(shape=[1], dtype=Float32, value=\n [ 2.15e+01]),)", True),
    ("[10.] [8.] [8.] [0.]", "[10] [8.] [8.] [0.]", True),
    ("[-0. 18.]", "[-0. 18.]", True),
    ("[0. 18.]", "[-0. 18.]", False),  # sign of zero
    ("[1. 2.]", "[1. 2.1]", False),  # value
    ("[1. 2.]", "[1. 2. 3.]", False),  # count
    ("(Tensor(shape=[1], dtype=Float32, value= [ 1.]),)",
     "Tensor(shape=[1], dtype=Float32, value= [ 1.])", False),  # tuple nesting
    ("Tensor(shape=[1], dtype=Float64, value= [ 1.])",
     "Tensor(shape=[1], dtype=Float32, value= [ 1.])", False),  # dtype word
])
def test_compare_itself(actual, expected, ok):
    if ok:
        compare(actual, expected, **DEFAULT_TOLERANCE)
    else:
        with pytest.raises(AssertionError):
            compare(actual, expected, **DEFAULT_TOLERANCE)
