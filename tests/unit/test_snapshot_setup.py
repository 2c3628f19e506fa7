"""py/snapshot_setup.py: what the start-up snapshot sets up (scripts/snapshot.py calls
prepare). The browser tests start the page from a real snapshot; these check the two finders
one by one."""
import sys

import pytest

import snapshot_setup
from engine import registry


@pytest.fixture
def clean_imports(monkeypatch):
    """sys.meta_path, sys.path and sys.modules as they were, after the test."""
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "modules", dict(sys.modules))


def test_compiled_modules_import_without_a_file(clean_imports):
    sys.meta_path.insert(0, snapshot_setup.Compiled({"tapis_probe": "import math\nROOT = math.sqrt(49)\n"}))
    import tapis_probe
    assert tapis_probe.ROOT == 7
    assert tapis_probe.__spec__.loader.code["tapis_probe"].co_filename == "<snapshot>/tapis_probe.py"


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


def test_prepare_finds_the_games_before_the_files_go(clean_imports, monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", {})
    snapshot_setup.prepare({"tapis_main": "STARTED = True\n"})
    assert {"punto", "zero-pointe", "punttu", "neuf-vies"} <= set(registry._GAMES)
    assert isinstance(sys.meta_path[0], snapshot_setup.Compiled)
    assert isinstance(sys.meta_path[1], snapshot_setup.LazyPyScript)
    import tapis_main
    assert tapis_main.STARTED
