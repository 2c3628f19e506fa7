"""Pack the modules of py/ into py.zip, which js/boot.mjs puts on the page's sys.path: Python
imports them from the archive (zipimport), one request for every module.

    python scripts/pack_py.py [--force] [ROOT]

The archive holds each module's source and its bytecode (`name.pyc` beside `name.py`, which
zipimport takes first), compiled by the vendored runtime's own Python in headless Chromium
(scripts/headless.py): CPython 3.11's bytecode would not load in Pyodide's 3.14. So a start
compiles none of our modules, and py.zip is all a change in py/ costs a player: the start-up
snapshot holds the runtime only (scripts/snapshot.py). The sources stay for tracebacks, and are
what Python imports should the bytecode not fit the runtime.

The archive is byte-for-byte reproducible (fixed dates, sorted names, unchecked-hash .pyc), so
the service worker's cache name only changes when a module does. Its comment is the key of what
it was made from (runtime, modules, this script): an unchanged archive is not made again.
Needs the test venv (playwright) and /usr/bin/chromium, except `pack(root)` without bytecode.
"""
import hashlib
import io
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by its path (tests)
import headless  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
# Only the snapshot imports it, from its own copy (scripts/snapshot.py).
NOT_PACKED = {"snapshot_setup.py"}
# Compiles every module of the archive it is given; reports a zip of name.pyc files.
COMPILE = """
import { loadPyodide } from "./vendor/pyodide/pyodide.mjs";
report(async () => {
  const py = await loadPyodide();
  const sources = new Uint8Array(await (await fetch("./__sources__.zip")).arrayBuffer());
  py.unpackArchive(sources, "zip", { extractDir: "/src" });
  py.FS.writeFile("/sources.zip", sources);
  py.runPython(`
import py_compile, zipfile
with zipfile.ZipFile("/sources.zip") as src, zipfile.ZipFile("/compiled.zip", "w") as out:
    for name in src.namelist():
        # dfile: tracebacks name the module's path in py/, and zipimport finds its source.
        py_compile.compile("/src/" + name, cfile="/tmp/module.pyc", dfile=name, doraise=True,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        out.write("/tmp/module.pyc", name + "c")
`);
  return py.FS.readFile("/compiled.zip");
});
"""


def modules(root: Path = ROOT) -> list:
    """The paths inside py/ whose source goes into the archive, sorted."""
    src = root / "py"
    return sorted(p.relative_to(src).as_posix() for p in src.rglob("*.py")
                  if "__pycache__" not in p.parts and p.name not in NOT_PACKED)


def _archive(entries: dict, comment: bytes = b"") -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, entries[name])
        archive.comment = comment
    return out.getvalue()


def sources(root: Path = ROOT) -> dict:
    return {name: (root / "py" / name).read_bytes() for name in modules(root)}


def key(root: Path = ROOT, texts: dict | None = None) -> bytes:
    digest = hashlib.sha256(Path(__file__).read_bytes())
    digest.update(headless.runtime_digest(root))
    for name, text in (texts or sources(root)).items():
        digest.update(name.encode() + b"\0" + hashlib.sha256(text).digest())
    return digest.hexdigest().encode()


def compiled(root: Path = ROOT, texts: dict | None = None) -> dict:
    """name.pyc -> Pyodide's bytecode of name.py, for every module."""
    result = headless.run(root, COMPILE, {"__sources__.zip": _archive(texts or sources(root))},
                          name="pack_py")
    with zipfile.ZipFile(io.BytesIO(result)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def pack(root: Path = ROOT, bytecode: dict = None, comment: bytes = b"", texts: dict | None = None) -> Path:
    """Writes py.zip: the sources, and the bytecode if given (name.pyc -> bytes)."""
    out = root / "py.zip"
    out.write_bytes(_archive({**(texts or sources(root)), **(bytecode or {})}, comment))
    return out


def current(root: Path = ROOT) -> bool:
    try:
        with zipfile.ZipFile(root / "py.zip") as archive:
            return archive.comment == key(root)
    except (OSError, zipfile.BadZipFile):
        return False


def main(root: Path = ROOT, force: bool = False) -> None:
    if force or not current(root):
        # The sources read once: an edit made meanwhile waits for the next pack, never gets a
        # key that says its bytecode is in the archive when it is not.
        texts = sources(root)
        pack(root, compiled(root, texts), key(root, texts), texts)


if __name__ == "__main__":
    folders = [arg for arg in sys.argv[1:] if arg != "--force"]
    main(Path(folders[0]).resolve() if folders else ROOT, force="--force" in sys.argv)
