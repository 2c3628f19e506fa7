"""Write pyscript.toml's [files] table from py/**/*.py, so every module reaches the browser.

Run after adding or removing a Python file: python scripts/pyscript_files.py
(tests/test_site_files.py fails while the list and the tree disagree)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HEADER = """\
# PyScript configuration of the page. The runtime is the vendored copy of Pyodide (make site);
# [files] puts every module of py/ on the interpreter's path (written by scripts/pyscript_files.py).
interpreter = "./vendor/pyodide/pyodide.mjs"

[files]
"""


def main():
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "py").rglob("*.py"))
    lines = [f'"./{f}" = "./{f[len("py/"):]}"' for f in files]
    (ROOT / "pyscript.toml").write_text(HEADER + "\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
