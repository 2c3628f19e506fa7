"""Copy the pinned runtime from node_modules/ into vendor/, the folder the page loads it from.

vendor/pyodide/  the files pyodide.mjs loads at start (the npm package ships no wheels), and its
                 licence (MPL-2.0; the npm package names it without its text, kept in licenses/);
vendor/pyscript/ @pyscript/core's dist/ without source maps, nor the chunks of what the page does
                 not use (the editor, the terminal, MicroPython, the package graph, PyScript's
                 own service worker, its zip reader): the first-visit browser test fails if
                 one is missing.
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


# The editor (codemirror*, and index-* is its view), the terminal (xterm*, py-Dl-* its
# worker side), MicroPython, the package graph (we load no packages), PyScript's own worker,
# its zip reader for [files] (js/boot.mjs puts py.zip on Python's path itself).
UNUSED_PYSCRIPT = ("*.map", "codemirror*", "index-*", "xterm*", "py-Dl-*", "mpy-*",
                   "pyodide_graph-*", "service-worker.js", "storage.js", "zip-*")


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
    shutil.copy(root / "licenses" / "pyodide-MPL-2.0.txt", out / "pyodide" / "LICENSE")
    shutil.copytree(
        pyscript_src,
        out / "pyscript",
        ignore=shutil.ignore_patterns(*UNUSED_PYSCRIPT),
        copy_function=shutil.copy,
    )
    shutil.copy(pyscript_src.parent / "LICENSE", out / "pyscript" / "LICENSE")  # Apache-2.0


if __name__ == "__main__":
    vendor()
