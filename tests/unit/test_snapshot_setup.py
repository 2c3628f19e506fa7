"""py/snapshot_setup.py: what the start-up snapshot sets up (scripts/snapshot.py calls
prepare). The browser tests start the page from a real snapshot; these check its parts."""
import ast
import sys
import types
from pathlib import Path

import pytest

import snapshot_setup

PY = Path(snapshot_setup.__file__).parent


@pytest.fixture
def clean_imports(monkeypatch):
    """sys.meta_path, sys.path and sys.modules as they were, after the test."""
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "modules", dict(sys.modules))


def test_pyscript_is_found_on_disk_and_runs_on_first_use(clean_imports, tmp_path):
    ran = tmp_path / "ran"  # the package leaves it behind when it runs
    (tmp_path / "pyscript").mkdir()
    (tmp_path / "pyscript" / "__init__.py").write_text(
        f"import pathlib\npathlib.Path({str(ran)!r}).touch()\nNAME = 'pyscript'\n")
    sys.path.insert(0, str(tmp_path))
    sys.modules.pop("pyscript", None)
    sys.meta_path.insert(0, snapshot_setup.LazyPyScript())
    import pyscript
    assert not ran.exists()  # imported, not run
    assert pyscript.NAME == "pyscript"
    assert ran.exists()


def test_only_pyscript_is_lazy(clean_imports, tmp_path):
    ran = tmp_path / "ran"
    (tmp_path / "tapis_other.py").write_text(f"import pathlib\npathlib.Path({str(ran)!r}).touch()\n")
    sys.path.insert(0, str(tmp_path))
    sys.meta_path.insert(0, snapshot_setup.LazyPyScript())
    import tapis_other  # noqa: F401
    assert ran.exists()


def _imported_from_outside() -> set:
    """Every module a module of py/ imports that is not one of py/'s."""
    ours = {p.name.removesuffix(".py") for p in PY.iterdir() if p.suffix == ".py" or p.is_dir()}
    found = set()
    for path in PY.rglob("*.py"):
        if path.name == "snapshot_setup.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                found.add(node.module)
    return {name for name in found if name.split(".")[0] not in ours}


def test_the_snapshot_holds_every_outside_module_ours_import():
    outside = _imported_from_outside()
    assert {"dataclasses", "js", "pyodide.ffi"} <= outside  # the scan sees them
    assert outside <= set(snapshot_setup.PRELOAD) | {"sys"}, \
        "add it to PRELOAD: a restored page would import it at start"


def test_prepare_imports_them_and_makes_pyscript_lazy(clean_imports):
    # The page's own modules, which CPython has not.
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = types.ModuleType("pyodide.ffi")
    sys.modules.update({"js": types.ModuleType("js"), "pyodide": pyodide,
                        "pyodide.ffi": pyodide.ffi})
    for name in ("json", "pkgutil", "inspect"):
        sys.modules.pop(name, None)
    snapshot_setup.prepare()
    assert set(snapshot_setup.PRELOAD) <= set(sys.modules)
    assert isinstance(sys.meta_path[0], snapshot_setup.LazyPyScript)
