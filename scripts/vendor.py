"""Copy the pinned runtime from node_modules/ into vendor/, the folder the page loads it from.

vendor/pyodide/  the files pyodide.mjs loads at start (the npm package ships no wheels);
vendor/pyscript/ @pyscript/core's dist/ without source maps.
The folder is rebuilt from scratch so a file dropped upstream never lingers in the precache.
"""
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def vendor(root: Path = ROOT) -> None:
    modules = root / "node_modules"
    pyodide_src = modules / "pyodide"
    pyscript_src = modules / "@pyscript" / "core" / "dist"
    for src in (pyodide_src, pyscript_src):
        if not src.is_dir():
            sys.exit(f"{src} is missing: run `npm ci` first")
    out = root / "vendor"
    shutil.rmtree(out, ignore_errors=True)
    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        # copy, not copy2: with npm's 1985 mtimes a browser could heuristically keep a replaced
        # file for years; a fresh Last-Modified makes it revalidate.
        shutil.copy(pyodide_src / name, out / "pyodide" / name)
    shutil.copytree(
        pyscript_src,
        out / "pyscript",
        ignore=shutil.ignore_patterns("*.map"),
        copy_function=shutil.copy,
    )


if __name__ == "__main__":
    vendor()
