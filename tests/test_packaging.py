"""What a new user installs and imports: explicit exports, type information, optional
dependencies that fail with the extra to install, a lint-clean repository."""
import pathlib
import subprocess
import sys
import tomllib

import numpy as np
import pytest

import mscompat
from mscompat._engine.dtypes import ALIASES, ALL

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_ruff_is_clean_on_the_whole_repository():
    # ruff comes with the 'test' extra; run from this interpreter, so an un-activated venv works
    run = subprocess.run([sys.executable, "-m", "ruff", "check", "."], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("module", ["mscompat", "mscompat.ops", "mscompat.dtype",
                                    "mscompat.common.dtype",
                                    "mscompat.jax", "mscompat.testing", "mscompat.porting"])
def test_all_names_resolve(module):
    mod = __import__(module, fromlist=["_"])
    assert len(mod.__all__) == len(set(mod.__all__))
    for name in mod.__all__:
        assert getattr(mod, name) is not None, name


def test_dtype_names_are_the_dtype_table():
    from mscompat.common import dtype
    assert set(ALL) | set(ALIASES) <= set(dtype.__all__)
    for name in [*ALL, *ALIASES]:
        assert getattr(mscompat, name) is getattr(dtype, name) is getattr(mscompat.dtype, name)


def test_py_typed_ships_with_the_package():
    assert (pathlib.Path(mscompat.__file__).parent / "py.typed").exists()
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "py.typed" in meta["tool"]["setuptools"]["package-data"]["mscompat"]


def test_dependencies_have_upper_bounds_for_jax():
    deps = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    jax = [d for d in deps if d.startswith(("jax>", "jax=", "jaxlib"))]
    assert len(jax) == 2 and all("<" in d for d in jax), jax


def test_import_stays_light():
    # the optional dependencies are imported only by the features that need them
    code = ("import sys, mscompat, mscompat.jax, mscompat.testing, mscompat.porting; "
            "print(sorted(m for m in ('flax', 'PIL', 'safetensors', 'matplotlib', 'nbclient') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def _load_safetensors(ms, tmp_path):
    path = tmp_path / "x.safetensors"
    path.write_bytes(b"")
    return ms.load_checkpoint(str(path), format="safetensors")


@pytest.mark.parametrize("blocked,call,extra", [
    ("PIL", lambda ms, _: ms.dataset.vision.Decode()(np.zeros(4, np.uint8)), "images"),
    ("safetensors", _load_safetensors, "safetensors"),
    ("flax", lambda ms, _: __import__("mscompat.jax", fromlist=["_"]).to_nnx, "flax"),
])
def test_missing_optional_package_names_the_extra(monkeypatch, tmp_path, blocked, call, extra):
    # a None entry in sys.modules makes every import of the package fail, as if absent
    for mod in [m for m in sys.modules if m == blocked or m.startswith(blocked + ".")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setitem(sys.modules, blocked, None)
    with pytest.raises(ImportError, match=rf"pip install 'mscompat\[{extra}\]'"):
        call(mscompat, tmp_path)


def test_type_stubs_of_the_table_modules_are_current():
    run = subprocess.run([sys.executable, "tools/gen_stubs.py", "--check"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    for module in ["mscompat.ops.functional", "mscompat.ops.operations", "mscompat.numpy",
                   "mscompat.nn.layer.activation", "mscompat.nn.loss.table"]:
        mod = __import__(module, fromlist=["_"])
        stub = pathlib.Path(mod.__file__).with_suffix(".pyi").read_text()
        for name in mod.__all__:
            assert f"def {name}(" in stub or f"class {name}(" in stub or \
                f" as {name}\n" in stub or f"\n{name}: " in stub, (module, name)
