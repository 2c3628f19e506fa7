"""Pack the modules of py/ into archives that the page puts on its import path: Python imports
them from the archive as it is (zipimport).

    python scripts/pack_py.py [--force] [ROOT]

py.zip holds the page, the kit, the controller, the words and `games/catalogue.json` (each game's
id, place on the home page and whether it has a table, so the home page lists the games without
importing them); `py-<game>.zip` holds one game's modules (its package under games/, its computer
players, its table), fetched only when that game is opened (js/boot.mjs, py/ui/modules.py): a
first visit downloads the game it plays, not the four. py.zip also holds `ui/start.json`, the
modules of py.zip that `ui.app` imports as it loads, each after those it imports (read from their
sources): py/main.py imports them in that order, one a task.

The archive holds each module's source and its bytecode (`name.pyc` beside `name.py`, which
zipimport takes first), compiled by the vendored runtime's own Python in headless Chromium
(scripts/headless.py): CPython 3.11's bytecode would not load in Pyodide's 3.14. So a start
compiles none of our modules, and the changed archives are all a change in py/ costs a player: the start-up
snapshot holds the runtime only (scripts/snapshot.py). The sources stay for tracebacks, and are
what Python imports should the bytecode not fit the runtime.

The archives are byte-for-byte reproducible (fixed dates, sorted names, unchecked-hash .pyc), so
the service worker's cache name only changes when a module does. Their comment is the key of what
they were made from (runtime, modules, this script): unchanged archives are not made again.
Needs the test venv (playwright) and /usr/bin/chromium, except `pack(root)` without bytecode.
"""
import ast
import hashlib
import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by its path (tests)
import headless  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CORE = "py.zip"
CATALOGUE = "games/catalogue.json"
START = "ui/start.json"
START_FROM = "ui.app"  # what py/main.py starts the page with
# The folders where a game's own modules sit beside the shared ones, named after the game
# (ai/punto.py, ai/hard/punto.py, ui/tables/punto.py and ui/tables/punto_art.py). Its words
# (i18n/) stay in py.zip: the home page shows every game's name.
BESIDE = ("ai", "ai/hard", "coach/reasons", "coach/lessons", "ui/tables")
# Run by CPython on py/: the catalogue, as the registry and the tables see it.
LIST = """
import json
from games import registry
from ui.tables import has_table
print(json.dumps([{"id": game.id, "order": game.catalog_order, "table": has_table(game.id)}
                  for game in registry.games()]))
"""
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
                  if "__pycache__" not in p.parts)


def game_modules(root: Path = ROOT) -> list:
    """The games' module names (games/<name>/): "punto", "zero_pointe"."""
    return sorted(p.parent.name for p in (root / "py" / "games").glob("*/__init__.py"))


def archive_of(name: str, games: list) -> str:
    """Which archive a path inside py/ (or its .pyc) goes into."""
    folder, _, stem = name.rpartition("/")
    stem = stem.split(".")[0]
    for game in sorted(games, key=len, reverse=True):  # "zero_pointe" before a game "zero"
        if name.startswith(f"games/{game}/") or (
                folder in BESIDE and (stem == game or stem.startswith(game + "_"))):
            return f"py-{game}.zip"
    return CORE


def catalogue(root: Path = ROOT) -> bytes:
    listed = subprocess.run([sys.executable, "-c", LIST], cwd=root / "py", check=True,
                            capture_output=True, text=True, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    return (json.dumps(json.loads(listed.stdout), indent=1) + "\n").encode()


def _imports(source: bytes) -> list:
    """What a module imports as it runs, in order: its import statements but those inside a
    function (run later) or under `if TYPE_CHECKING:` (never run); `from x import a` names x
    and x.a."""
    found = []

    def visit(statements):
        for node in statements:
            if isinstance(node, ast.Import):
                found.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.append(node.module)
                found.extend(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
                visit(node.orelse)
            elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt))

    visit(ast.parse(source).body)
    return found


def start_order(texts: dict, games: list) -> list:
    """The modules of py.zip that START_FROM imports as it loads, and itself, each after its
    parent packages and the modules it imports (a cycle is entered once)."""
    paths = {path[:-3].replace("/", ".").removesuffix(".__init__"): path for path in texts
             if path.endswith(".py") and archive_of(path, games) == CORE}
    order: list = []
    seen: set = set()

    def visit(name):
        if name in seen or name not in paths:
            return
        seen.add(name)
        parents = [name.rsplit(".", n)[0] for n in range(name.count("."), 0, -1)]
        for needed in parents + _imports(texts[paths[name]]):
            visit(needed)
        order.append(name)

    visit(START_FROM)
    return order


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


def keys(root: Path = ROOT, texts: dict | None = None, listed: bytes | None = None) -> dict:
    """Each archive's key: what it is made from (the runtime, this script, its own modules; for
    py.zip, the catalogue too). A change in one game's modules makes that archive alone again,
    and only it is downloaded again."""
    texts = sources(root) if texts is None else texts
    listed = catalogue(root) if listed is None else listed
    games, common = game_modules(root), hashlib.sha256(Path(__file__).read_bytes())
    common.update(headless.runtime_digest(root))
    found = {}
    for archive in archives(root):
        digest = common.copy()
        for name, text in texts.items():
            if archive_of(name, games) == archive:
                digest.update(name.encode() + b"\0" + hashlib.sha256(text).digest())
        if archive == CORE:
            digest.update(listed)
        found[archive] = digest.hexdigest().encode()
    return found


def compiled(root: Path = ROOT, texts: dict | None = None) -> dict:
    """name.pyc -> Pyodide's bytecode of name.py, for every module."""
    result = headless.run(root, COMPILE, {"__sources__.zip": _archive(texts or sources(root))},
                          name="pack_py")
    with zipfile.ZipFile(io.BytesIO(result)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def pack(root: Path = ROOT, bytecode: dict = None, texts: dict | None = None,
         listed: bytes | None = None, keyed: dict | None = None) -> list:
    """Writes py.zip and each game's archive: the sources, and the bytecode if given (name.pyc ->
    bytes), and the catalogue (``listed``, else read from the games), each with its key
    (``keyed``, archive -> key) as its comment; removes the archive of a game that is gone.
    Returns their paths."""
    games = game_modules(root)
    listed = catalogue(root) if listed is None else listed
    texts = texts or sources(root)
    start = (json.dumps(start_order(texts, games), indent=0) + "\n").encode()
    parts: dict = {CORE: {CATALOGUE: listed, START: start}, **{f"py-{game}.zip": {} for game in games}}
    for name, data in {**texts, **(bytecode or {})}.items():
        parts[archive_of(name, games)][name] = data
    for stale in set(root.glob("py-*.zip")) - {root / name for name in parts}:
        stale.unlink()
    for name, entries in parts.items():
        (root / name).write_bytes(_archive(entries, (keyed or {}).get(name, b"")))
    return [root / name for name in parts]


def archives(root: Path = ROOT) -> list:
    """The archives' names (relative to root): py.zip, then each game's."""
    return [CORE] + [f"py-{game}.zip" for game in game_modules(root)]


def current(root: Path = ROOT) -> bool:
    try:
        for name, wanted in keys(root).items():
            with zipfile.ZipFile(root / name) as archive:
                if archive.comment != wanted:
                    return False
        return True
    except (OSError, zipfile.BadZipFile):
        return False


def main(root: Path = ROOT, force: bool = False) -> None:
    if force or not current(root):
        # The sources read once: an edit made meanwhile waits for the next pack, never gets a
        # key that says its bytecode is in the archive when it is not.
        texts, listed = sources(root), catalogue(root)
        pack(root, compiled(root, texts), texts, listed, keys(root, texts, listed))


if __name__ == "__main__":
    folders = [arg for arg in sys.argv[1:] if arg != "--force"]
    main(Path(folders[0]).resolve() if folders else ROOT, force="--force" in sys.argv)
