"""The rules, the computer players, the words and the page's pure helpers never touch the
browser: they import neither js, pyodide nor pyscript, so they run and are tested in CPython."""
import ast
from pathlib import Path

import pytest

PY = Path(__file__).resolve().parents[1] / "py"
PURE = sorted([*(PY / "engine").rglob("*.py"), *(PY / "games").rglob("*.py"), *(PY / "ai").rglob("*.py"),
               *(PY / "i18n").rglob("*.py"), PY / "ui" / "url.py"])
BROWSER = {"js", "pyodide", "pyscript"}


def imported(path: Path) -> set:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize("path", PURE, ids=lambda p: p.relative_to(PY).as_posix())
def test_pure_modules_do_not_import_the_browser(path):
    assert not imported(path) & BROWSER


def test_the_check_sees_a_browser_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom pyodide.ffi import create_proxy\n")
    assert imported(sample) & BROWSER == {"pyodide"}
