"""Copy the pinned runtime from node_modules/ into vendor/, the folder the page loads it from.

vendor/pyodide/  the files pyodide.mjs loads at start (the npm package ships no wheels), and its
                 licence (MPL-2.0; the npm package names it without its text, kept in licenses/);
                 the lock file without its list of packages (which we never load): 26 kB less
                 on a first visit; pyodide.asm.mjs and pyodide.mjs with PATCHES applied;
vendor/pyscript/ @pyscript/core's dist/ without source maps, nor the chunks of what the page does
                 not use (the editor, the terminal, MicroPython, the package graph, PyScript's
                 own service worker, its zip reader): the first-visit browser test fails if
                 one is missing.
vendor/qr/       what js/qr.mjs loads when a multi-device screen opens: qrcode-generator's ES module
                 (draws the QR codes; MIT, named without its text, kept in licenses/) and jsQR's
                 browser build (reads them where the browser has no BarcodeDetector; Apache-2.0).
The folder is rebuilt from scratch so a file dropped upstream never lingers in the precache.
"""
import json
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
# vendor/qr/ name: its source under node_modules/.
QR_FILES = {
    "qrcode.mjs": "qrcode-generator/dist/qrcode.mjs",
    "jsQR.js": "jsqr/dist/jsQR.js",
    "LICENSE-jsqr": "jsqr/LICENSE",
}

# Changes to the runtime's files, each (old, new), checked against the pinned version: a new one
# must be looked at again.
# pyodide.asm.mjs:
# - Pyodide makes a shared wasm memory when its module loads, for a sleep that only Node uses:
#   in a page without cross-origin isolation, Chromium then logs a deprecation
#   (SharedArrayBuffer) and Lighthouse marks it. Made on first use instead; the same behaviour
#   otherwise (a failure is still caught).
# - Python runs on the page's own stack, as in Firefox and Safari, not on stacks switched by JS
#   Promise Integration: with JSPI, Chromium 156 now and then crashed the tab as Python started
#   (a renderer SIGSEGV in the garbage collector's scan of the main thread's stack, which ran
#   from a switched stack's pointer to the native stack's base and hit a guard page; 7 crash
#   dumps of the test runs, all at that instruction). Nothing in Tapis suspends Python (no
#   run_sync): Pyodide without JSPI is what the other browsers run.
# - The wasm module's exports are linked (symbols, the global offset table, the functions
#   Python calls through JS) in four tasks rather than one: on a phone's CPU the one took a
#   quarter of a second, during which a tap waited.
# pyodide.mjs:
# - A normal start awaits the option `_beforeBootstrap(API)`, if given, once Python has started
#   and before Pyodide imports its own modules (asyncio and some sixty others, in one call):
#   js/boot.mjs imports them there one at a time, giving the browser its turn between them, so
#   that no task of a first visit is long (a tap waits for the task in progress).
PATCHES = {
    "pyodide.asm.mjs": (
        ("var io=new Int32Array(new WebAssembly.Memory({shared:!0,initial:1,maximum:1}).buffer);"
         "function so(t){try{return Atomics.wait(io,0,0,t),!0}catch{return!1}}",
         "var io;function so(t){try{return Atomics.wait(io??=new Int32Array(new WebAssembly.Memory("
         "{shared:!0,initial:1,maximum:1}).buffer),0,0,t),!0}catch{return!1}}"),
        ('var newJspiSupported=canConstructWasm&&"Suspending"in WebAssembly;'
         'var oldJspiSupported=canConstructWasm&&"Suspender"in WebAssembly;',
         "var newJspiSupported=false;var oldJspiSupported=false;"),
        ("function receiveInstance(instance,module){wasmExports=instance.exports;var origExports=wasmExports;"
         'mergeLibSymbols(wasmExports,"main");var metadata=getDylinkMetadata(module);'
         "if(metadata.neededDynlibs){dynamicLibraries=metadata.neededDynlibs.concat(dynamicLibraries)}"
         "wasmExports=applySignatureConversions(wasmExports);assignWasmExports(wasmExports);"
         "updateGOT(origExports);LDSO.init();loadDylibs();updateMemoryViews();return wasmExports}",
         "async function receiveInstance(instance,module){wasmExports=instance.exports;var origExports=wasmExports;"
         'mergeLibSymbols(wasmExports,"main");var metadata=getDylinkMetadata(module);'
         "if(metadata.neededDynlibs){dynamicLibraries=metadata.neededDynlibs.concat(dynamicLibraries)}"
         "await new Promise(r=>setTimeout(r));"
         "wasmExports=applySignatureConversions(wasmExports);assignWasmExports(wasmExports);"
         "await new Promise(r=>setTimeout(r));updateGOT(origExports);await new Promise(r=>setTimeout(r));"
         "LDSO.init();loadDylibs();updateMemoryViews();return wasmExports}"),
    ),
    "pyodide.mjs": (
        ("r=await Re(i,n);Fe(r,t);let a=Ae(r,s,t);",
         "r=await Re(i,n);Fe(r,t);s||await t._beforeBootstrap?.(r.API);let a=Ae(r,s,t);"),
    ),
}


def patched(name: str, text: bytes) -> bytes:
    """``text`` of the runtime's file ``name`` as the page gets it."""
    for old, new in PATCHES.get(name, ()):
        found = text.count(old.encode())
        if found != 1:
            sys.exit(f"vendor: {name} is not the pinned version's (a patch found {found} times)")
        text = text.replace(old.encode(), new.encode())
    return text


# The editor (codemirror*, and index-* is its view), the terminal (xterm*, py-Dl-* its
# worker side), MicroPython, the package graph (we load no packages), PyScript's own worker,
# its zip reader for [files] (js/boot.mjs puts py.zip on Python's path itself).
UNUSED_PYSCRIPT = ("*.map", "codemirror*", "index-*", "xterm*", "py-Dl-*", "mpy-*",
                   "pyodide_graph-*", "service-worker.js", "storage.js", "zip-*")


def vendor(root: Path = ROOT) -> None:
    modules = root / "node_modules"
    pyodide_src = modules / "pyodide"
    pyscript_src = modules / "@pyscript" / "core" / "dist"
    qr_srcs = {name: modules / rel for name, rel in QR_FILES.items()}
    for src in (pyodide_src, pyscript_src, *qr_srcs.values()):
        if not src.exists():
            sys.exit(f"{src} is missing: run `npm ci` first")
    out = root / "vendor"
    shutil.rmtree(out, ignore_errors=True)
    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        # Written, not copied with npm's 1985 mtime: with it a browser could heuristically keep
        # a replaced file for years; a fresh Last-Modified makes it revalidate.
        (out / "pyodide" / name).write_bytes(patched(name, (pyodide_src / name).read_bytes()))
    lock = json.loads((pyodide_src / "pyodide-lock.json").read_text(encoding="utf-8"))
    (out / "pyodide" / "pyodide-lock.json").write_text(
        json.dumps({**lock, "packages": {}}, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    shutil.copy(root / "licenses" / "pyodide-MPL-2.0.txt", out / "pyodide" / "LICENSE")
    shutil.copytree(
        pyscript_src,
        out / "pyscript",
        ignore=shutil.ignore_patterns(*UNUSED_PYSCRIPT),
        copy_function=shutil.copy,
    )
    shutil.copy(pyscript_src.parent / "LICENSE", out / "pyscript" / "LICENSE")  # Apache-2.0
    (out / "qr").mkdir()
    for name, src in qr_srcs.items():
        shutil.copy(src, out / "qr" / name)
    shutil.copy(root / "licenses" / "qrcode-generator-MIT.txt", out / "qr" / "LICENSE-qrcode-generator")


if __name__ == "__main__":
    vendor()
