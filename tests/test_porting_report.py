"""The porting report reads code (never runs it) and classifies every MindSpore name."""
import json
import subprocess
import sys

import pytest

from mscompat.porting import porting_report, provided

SCRIPT = """\
import numpy as np
import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn, ops, Tensor
from mindspore.nn import Dense as Linear
from mindspore.mint.optim import add
import mindspore.ops.operations as P

ms.set_context(mode=ms.GRAPH_MODE)
add(1, 2)
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = Linear(2, 3, weight_init="normal", not_a_keyword=1)
        self.mm = P.MatMul()
    def construct(self, x):
        return ops.relu(self.fc(x))
conv = nn.Conv2d(3, 4, 3, data_format='NHWC')
data = ds.GeneratorDataset(lambda: None, ["x"]).batch(2)
x = Tensor(np.ones((1, 2)), ms.float32)
ms.not_an_api(x)
raise SystemExit("the report must not run this")
"""


def _by_name(report):
    return {u.name: u for u in report.rows}


def test_names_are_followed_through_every_import_form():
    rows = _by_name(porting_report("train.py", source=SCRIPT))
    for name in ["mindspore.set_context", "mindspore.GRAPH_MODE", "mindspore.nn.Cell",
                 "mindspore.nn.Dense", "mindspore.ops.relu", "mindspore.ops.operations.MatMul",
                 "mindspore.dataset.GeneratorDataset", "mindspore.Tensor",
                 "mindspore.float32", "mindspore.nn.Conv2d",
                 "mindspore.mint.optim.add"]:
        assert name in rows, name
    assert rows["mindspore.Tensor"].locations == ["train.py:4", "train.py:20"]


def test_status_provided_partial_missing():
    rows = _by_name(porting_report("train.py", source=SCRIPT))
    assert rows["mindspore.ops.relu"].status == "provided"
    assert rows["mindspore.not_an_api"].status == "missing"
    assert rows["mindspore.mint.optim.add"].status == "missing"
    # a keyword the mscompat signature does not take
    assert rows["mindspore.nn.Dense"].status == "partial"
    assert "'not_a_keyword'" in rows["mindspore.nn.Dense"].note
    # an implementation that raises NotImplementedError for some arguments
    assert rows["mindspore.nn.Conv2d"].status == "partial"
    assert "data_format" in rows["mindspore.nn.Conv2d"].note
    report = porting_report("train.py", source=SCRIPT)
    assert [r.status for r in report.rows] == sorted(
        (r.status for r in report.rows), key=["missing", "partial", "provided"].index)


def test_resolution_agrees_with_what_a_script_would_get():
    import mscompat
    assert provided("mindspore.nn.Conv2d") and provided("mindspore.dataset.vision.Resize")
    assert provided("mindspore.mint.optim") and not provided("mindspore.nn.thor")
    with pytest.raises(NotImplementedError):
        mscompat.nn.thor  # noqa: B018  (a stand-in: MindSpore's THOR is not provided)


def test_directories_notebooks_and_already_ported_code(tmp_path):
    (tmp_path / "a.py").write_text("import mscompat as mindspore\nmindspore.ops.exp(1)\n"
                                   "from mscompat.testing import assert_allclose\n")
    nb = {"cells": [{"cell_type": "code", "source": ["%load_ext mscompat\n",
                                                     "import mindspore\n",
                                                     "mindspore.ops.nope()\n"]},
                    {"cell_type": "markdown", "source": ["mindspore.ops.nope"]}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "b.ipynb").write_text(json.dumps(nb))
    (tmp_path / "broken.py").write_text("def (:\n")
    report = porting_report(tmp_path)
    rows = _by_name(report)
    assert rows["mindspore.ops.exp"].locations == ["a.py:2"]
    assert rows["mindspore.ops.nope"].locations == ["b.ipynb[cell 0]:3"]
    assert not any(n.startswith("mindspore.testing") for n in rows)
    assert len(report.errors) == 1 and report.errors[0].startswith("broken.py")
    assert "| missing | 1 | `mindspore.ops.nope` |" in report._repr_markdown_()


def test_command_line(tmp_path):
    script = tmp_path / "train.py"
    script.write_text(SCRIPT)
    run = subprocess.run([sys.executable, "-m", "mscompat", "--report", str(script)],
                         capture_output=True, text=True)
    assert run.returncode == 1, run.stderr            # a missing name
    assert "the report must not run this" not in run.stdout + run.stderr
    assert run.stdout.startswith("Porting report for ")
    assert "missing      1  mindspore.not_an_api" in run.stdout
    ok = tmp_path / "ok.py"
    ok.write_text("import mindspore\nmindspore.ops.exp(1)\n")
    run = subprocess.run([sys.executable, "-m", "mscompat", "--report", str(ok)],
                         capture_output=True, text=True)
    assert run.returncode == 0 and "0 missing" in run.stdout
    run = subprocess.run([sys.executable, "-m", "mscompat", "--report",
                          str(tmp_path / "none.py")], capture_output=True, text=True)
    assert run.returncode == 2 and "no such file" in run.stderr


def test_op_table_rows_report_mindspore_keywords():
    code = ("import mindspore as ms\nms.ops.add(input=a, other=b)\n"
            "ms.ops.subtract(a, b, alpha=2)\nms.ops.relu(a, inplace=True)\n"
            "ms.ops.div(a, b, rounding_mode='floor')\n")
    rows = _by_name(porting_report("k.py", source=code))
    assert rows["mindspore.ops.add"].status == "provided"        # MindSpore's names accepted
    assert rows["mindspore.ops.relu"].note == \
        "inplace= is accepted only at its MindSpore default"
    assert rows["mindspore.ops.subtract"].status == "provided"
    assert rows["mindspore.ops.div"].status == "provided"
    assert rows["mindspore.ops.relu"].status == "partial"
