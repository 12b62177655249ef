"""Context state, device fallback, and the opt-in ``mindspore`` import hook."""
import subprocess
import sys
import warnings

import jax
import pytest

import mscompat as ms


def test_mode_round_trip():
    ms.set_context(mode=ms.GRAPH_MODE)
    assert ms.get_context("mode") == ms.GRAPH_MODE == ms.context.GRAPH_MODE == 0
    ms.set_context(mode=ms.PYNATIVE_MODE)
    assert ms.get_context("mode") == 1


def test_bad_mode_and_unknown_key():
    with pytest.raises(ValueError, match="mode"):
        ms.set_context(mode=5)
    with pytest.raises(ValueError, match="not_a_key"):
        ms.set_context(not_a_key=1)


def test_cpu_target_and_missing_gpu_fallback():
    ms.set_context(device_target="CPU")
    assert ms.get_context("device_target") == "CPU"
    has_gpu = any(d.platform == "gpu" for d in jax.devices())
    from mscompat._engine import context as engine_context
    engine_context._warned.discard("GPU")  # warned once per process: make this the first
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ms.set_context(device_target="GPU")
        x = ms.Tensor([1.0])  # the target is resolved (and the fallback warned) at first use
    platform = next(iter(x._data.devices())).platform
    assert platform == ("gpu" if has_gpu else "cpu")
    ms.set_context(device_target="CPU")
    if not has_gpu:
        assert any("not available on this machine" in str(w.message) for w in caught)


def test_bad_device_target():
    with pytest.raises(ValueError, match="device_target"):
        ms.set_context(device_target="TPUv9")


def test_import_hook_is_opt_in_and_maps_submodules():
    code = ("import sys, mscompat\n"
            "assert 'mindspore' not in sys.modules\n"
            "from mscompat.hook import mindspore_alias\n"
            "with mindspore_alias():\n"
            "    import mindspore, mindspore.nn as nn\n"
            "    from mindspore.ops import operations as P\n"
            "    from mindspore.common import dtype as mstype\n"
            "    from mindspore.ops.operations import _inner_ops, nn_ops\n"
            "    import mindspore.ops.function.nn_func as nn_func\n"
            "    import mindspore.dataset.audio as audio\n"  # a stub: names what it lacks
            "assert mindspore is mscompat and nn is mscompat.nn\n"
            "assert nn_ops.Conv2D is P.Conv2D and _inner_ops.SiLU.__name__ == 'SiLU'\n"
            "assert nn_func.relu is mscompat.ops.relu\n"
            "try:\n"
            "    audio.AllpassBiquad\n"
            "except NotImplementedError as e:\n"
            "    assert 'mindspore.dataset.audio.AllpassBiquad' in str(e)\n"
            "else:\n"
            "    raise AssertionError('audio.AllpassBiquad resolved')\n"
            "assert P.MatMul is mscompat.ops.operations.MatMul\n"
            "assert 'mindspore' not in sys.modules\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_python_dash_m_runs_an_unchanged_script(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("import mindspore as ms\n"
                      "from mindspore import ops\n"
                      "print(ms.grad(lambda x: ops.square(x).sum())(ms.Tensor([1.0, 2.0])))\n")
    out = subprocess.run([sys.executable, "-m", "mscompat", str(script)], check=True,
                         capture_output=True, text=True).stdout
    assert out.strip() == "[2. 4.]"


def test_python_dash_m_runs_a_script_as_python_does(tmp_path):
    """From another directory the script still imports its sibling modules, sees an
    absolute ``__file__``, and an uncaught exception's traceback starts at the script."""
    pkg = tmp_path / "project"
    pkg.mkdir()
    (pkg / "settings.py").write_text("EPOCHS = 3\n")
    (pkg / "train.py").write_text("import os\n"
                                  "import settings\n"
                                  "import mindspore\n"
                                  "print(settings.EPOCHS, os.path.isabs(__file__))\n"
                                  "raise ValueError('bad epoch')\n")
    run = subprocess.run([sys.executable, "-m", "mscompat", "project/train.py"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 1
    assert run.stdout.split() == ["3", "True"]
    lines = run.stderr.strip().splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert lines[1].startswith(f'  File "{pkg / "train.py"}", line 5')
    assert lines[-1] == "ValueError: bad epoch"
    assert "runpy" not in run.stderr


def test_python_dash_m_keeps_the_scripts_main_module(tmp_path):
    """The script runs in a ``__main__`` module that outlives it, as under ``python
    script.py``: its functions pickle by reference, and a NameError's traceback offers
    Python's "Did you mean" hint from the script's globals."""
    script = tmp_path / "s.py"
    script.write_text("import pickle\n"
                      "def f():\n    return 7\n"
                      "print(pickle.loads(pickle.dumps(f))(), __spec__, __package__)\n"
                      "Total = 1\n"
                      "print(total)\n")
    run = subprocess.run([sys.executable, "-m", "mscompat", str(script)],
                         capture_output=True, text=True)
    plain = subprocess.run([sys.executable, str(script)], capture_output=True, text=True)
    assert run.stdout.split() == plain.stdout.split() == ["7", "None", "None"]
    assert run.stderr.strip().splitlines()[-1] == plain.stderr.strip().splitlines()[-1] \
        == "NameError: name 'total' is not defined. Did you mean: 'Total'?"


def test_unsupported_names_raise_not_implemented():
    with pytest.raises(NotImplementedError, match="ops.AccumulateNV2"):
        ms.ops.AccumulateNV2  # noqa: B018
    with pytest.raises(NotImplementedError, match="mindspore.BackupAndRestore"):
        ms.BackupAndRestore  # noqa: B018
    with pytest.raises(AttributeError, match="module 'mindspore' has no attribute 'no_such'"):
        ms.no_such  # noqa: B018
