"""Make stdlib.zip: the runtime's standard library cut to what the page imports, as bytecode,
which the page starts with instead of Pyodide's whole python_stdlib.zip of sources (js/boot.mjs).

    python scripts/stdlib.py [--force] [ROOT]

What it keeps is measured, not listed: the built page is opened in headless Chromium with the
whole library (`?stdlib=full&snapshot=0`), and once it is ready a probe imports every module of
our archives (every game's too), reads every name of PyScript's package, formats a traceback,
(and what the standard library imports only when asked: see PROBE), and reports each
standard module then loaded (`__spec__.origin` in the runtime's archive); the
archive gets those files and their packages' `__init__.py`.
Each is then compiled by the runtime's own Python (COMPILE, in headless Chromium: CPython's
bytecode would not load in Pyodide's), without its docstrings and comments first (what `python
-OO` does to docstrings, which the standard library is made to bear, each line kept where it
was) and without the column ranges of each line (PYTHONNODEBUGRANGES: a traceback's ^^^ marks),
and the archive holds the bytecode alone (`name.pyc`, hash-based and unchecked: zipimport loads
it as it is). A start then compiles none of the standard library: compiling it from source was
most of a first visit's CPU (about 6 s of 9 with the CPU slowed 4x, bench/NOTES.md). Bytecode
weighs more than the slimmed sources (0.92 MB gzip against 0.42); the sources would weigh 0.42
MB more again, so tracebacks name a standard module's file and line without its text (our
modules keep theirs: scripts/pack_py.py); `?stdlib=full` runs on the sources.
Done at every build where what it depends on changed (the runtime, PyScript, our archives, this
script: the key kept beside it in stdlib.key), so a module of py/ that starts importing another
standard module brings it in by itself. The archive's bytes depend on the modules it holds
alone: a change in py/ that imports nothing new leaves it, and the snapshot made with it, as
they were.
tests/browser/test_first_visit.py imports every module and plays every game on it, and
tests/test_site_files.py checks that every standard module py/ names is in it.
Needs the test venv (playwright) and /usr/bin/chromium; run after scripts/pack_py.py.
"""
import hashlib
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by its path (tests)
import headless  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FULL = "vendor/pyodide/python_stdlib.zip"
OUT = "stdlib.zip"
KEY = "stdlib.key"  # not deployed
# Where Pyodide puts its standard library in its file system (the origin of what it imports).
MOUNTED = "/lib/python314.zip/"
# Run in the page once it is ready, by a <script type="py"> (the page's own interpreter).
PROBE = """
import importlib, json, sys, traceback, warnings, zipfile
import js
import pyscript

from ui import modules

await modules.load_all()
failed = []
for archive in modules.archives():
    for name in zipfile.ZipFile(archive).namelist():
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".").removesuffix(".__init__")
            try:
                importlib.import_module(module)
            except Exception as error:
                failed.append(f"{module}: {error!r}")
for name in dir(pyscript):
    getattr(pyscript, name, None)
# What the standard library imports only when asked (the snapshot's set-up invalidates the
# import caches; an error is printed with its traceback and source lines; a warning is shown).
importlib.invalidate_caches()
try:
    raise ValueError("probe")
except ValueError:
    traceback.format_exc()
warnings.formatwarning("probe", UserWarning, "probe.py", 1)
origins = {getattr(getattr(m, "__spec__", None), "origin", None) for m in list(sys.modules.values())}
found = sorted(o[len(MOUNTED):] for o in origins if isinstance(o, str) and o.startswith(MOUNTED))
js.document.documentElement.dataset.stdlibProbe = json.dumps({"failed": failed, "found": found})
""".replace("MOUNTED", repr(MOUNTED))


def key(root: Path = ROOT) -> bytes:
    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(headless.runtime_digest(root))
    for path in sorted((root / "vendor" / "pyscript").glob("*.js")) + archives(root):
        digest.update(path.name.encode() + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest().encode()


def archives(root: Path = ROOT) -> list:
    """Our modules' archives (scripts/pack_py.py): py.zip and each game's."""
    return [root / "py.zip", *sorted(root.glob("py-*.zip"))]


def current(root: Path = ROOT) -> bool:
    try:
        return (root / OUT).is_file() and (root / KEY).read_bytes() == key(root)
    except OSError:
        return False


def loaded(root: Path = ROOT) -> list:
    """The standard library's files the page loads (paths inside the archive)."""
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen(
        [sys.executable, "-u", "-m", "http.server", "0", "--bind", "127.0.0.1",
         "--directory", str(root)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    try:
        port = int(server.stdout.readline().decode().split(" port ")[1].split()[0])
        with sync_playwright() as pw:
            options = {"executable_path": str(headless.CHROMIUM), "args": headless.CHROMIUM_ARGS} \
                if headless.CHROMIUM.exists() else {}
            browser = pw.chromium.launch(**options)
            page = browser.new_page()
            page.on("console", lambda m: print(f"stdlib page: {m.text}", file=sys.stderr)
                    if m.type in ("error", "warning") else None)
            page.goto(f"http://127.0.0.1:{port}/?stdlib=full&snapshot=0")
            page.wait_for_selector("html[data-ready]", state="attached", timeout=120_000)
            page.evaluate("""code => {
                const script = Object.assign(document.createElement("script"), { type: "py" });
                script.textContent = code;
                document.body.append(script);
            }""", PROBE)
            page.wait_for_selector("html[data-stdlib-probe]", state="attached", timeout=120_000)
            report = json.loads(page.get_attribute("html", "data-stdlib-probe"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    if report["failed"]:
        sys.exit("stdlib: modules that do not import:\n  " + "\n  ".join(report["failed"]))
    return report["found"]


START = "__start__.txt"  # in stdlib.zip: the order js/boot.mjs imports its modules in
# Not imported before Pyodide's own start (js/boot.mjs): its packages, which need its core.
PYODIDE_PACKAGES = ("_pyodide", "pyodide")
# Run by the runtime's Python (scripts/headless.py): each module of the archive given compiled
# without its docstrings (a body that was nothing else becomes `pass`; the other statements keep
# their lines) and without column ranges; files that are not modules are kept as they are. And
# START: the modules Pyodide's own start imports, but its own packages, in the order they finish
# importing (each after the modules it imports), recorded from the moment Python has started
# (`_beforeBootstrap`, a hook of ours: scripts/vendor.py). The rest of the archive is imported
# when a module of ours asks for it (py/main.py imports those one a task too).
COMPILE = r"""
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
const RECORD = `
import _frozen_importlib, sys
sys._tapis_finished = []
def _finished(spec, load=_frozen_importlib._load_unlocked):
    module = load(spec)
    sys._tapis_finished.append(spec.name)
    return module
_frozen_importlib._load_unlocked = _finished
`;
report(async () => {
  const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" },
                                 _beforeBootstrap: (api) => { api.rawRun(RECORD); } });
  py.runPython("import sys; sys._tapis_started = list(sys._tapis_finished)");
  py.FS.writeFile("/cut.zip", new Uint8Array(await (await fetch("./__cut__.zip")).arrayBuffer()));
  py.runPython(`
import ast, importlib.util, marshal, sys, zipfile

MOUNTED = MOUNTED_HERE
# A hash-based .pyc whose source is never checked (flags 0b01, then the unused hash).
HEADER = importlib.util.MAGIC_NUMBER + (0b01).to_bytes(4, "little") + bytes(8)
BODIES = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)

def bytecode(name, source):
    path = MOUNTED + name  # where zipimport would say the module is: what tracebacks name
    tree = ast.parse(source, path)
    for node in ast.walk(tree):
        first = node.body[0] if isinstance(node, BODIES) and node.body else None
        value = first.value if isinstance(first, ast.Expr) else None
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            node.body[:1] = [] if node.body[1:] else [ast.copy_location(ast.Pass(), first)]
    return HEADER + marshal.dumps(compile(tree, path, "exec", dont_inherit=True))

with zipfile.ZipFile("/cut.zip") as src, zipfile.ZipFile("/compiled.zip", "w", zipfile.ZIP_DEFLATED) as out:
    modules = []
    for info in src.infolist():
        data = src.read(info)
        if info.filename.endswith(".py"):
            modules.append(info.filename[:-3].replace("/", ".").removesuffix(".__init__"))
            data = bytecode(info.filename, data)
            info.filename += "c"
        out.writestr(info, data)
    order = [name for name in dict.fromkeys(sys._tapis_started) if name in modules
             and name.partition(".")[0] not in PYODIDE_PACKAGES_HERE]
    out.writestr(zipfile.ZipInfo("START_HERE", date_time=(1980, 1, 1, 0, 0, 0)), "\\n".join(order) + "\\n")
`);
  return py.FS.readFile("/compiled.zip");
});
""".replace("MOUNTED_HERE", repr(MOUNTED)).replace("START_HERE", START).replace(
    "PYODIDE_PACKAGES_HERE", repr(PYODIDE_PACKAGES))


def compiled(root: Path, archive: bytes) -> bytes:
    return headless.run(root, COMPILE, {"__cut__.zip": archive}, name="stdlib")


def cut(full: bytes, files: list) -> bytes:
    """The archive of `files` and their packages' __init__.py, in the order of `full`."""
    source = zipfile.ZipFile(io.BytesIO(full))
    names = set(source.namelist())
    keep = set(files)
    for name in files:
        parts = name.split("/")[:-1]
        keep.update(f"{'/'.join(parts[:i])}/__init__.py" for i in range(1, len(parts) + 1))
    keep &= names
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            if info.filename in keep:
                archive.writestr(info, source.read(info))
    return out.getvalue()


def main(root: Path = ROOT, force: bool = False) -> None:
    if not force and current(root):
        return
    files = loaded(root)
    data = compiled(root, cut((root / FULL).read_bytes(), files))
    if not (root / OUT).is_file() or (root / OUT).read_bytes() != data:
        (root / OUT).write_bytes(data)
    (root / KEY).write_bytes(key(root))
    print(f"stdlib.zip: {len(files)} modules, {len(data) / 1e6:.2f} MB "
          f"(the runtime's: {(root / FULL).stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    folders = [arg for arg in sys.argv[1:] if arg != "--force"]
    main(Path(folders[0]).resolve() if folders else ROOT, force="--force" in sys.argv)
