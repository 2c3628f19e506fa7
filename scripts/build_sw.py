"""Generate sw.js, the service worker that makes the site work offline.

It precaches every file the site needs under a cache name taken from a hash of their paths and
revisions (and of the template), so each deploy that changes a file gets a fresh cache, and it
knows each file's revision (a hash of its content; for snapshot.bin, of what it is made from),
so a new deploy's worker downloads only the files that changed (see the template).
`site_files` is also the list that `make dist` deploys.
"""
import gzip
import hashlib
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when loaded by its path (tests)
import snapshot  # noqa: E402  (its header holds the key that is snapshot.bin's revision)

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "sw.template.js"
TOP_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest", "py.zip", "stdlib.zip",
             "snapshot.bin", "sizes.json", "LICENSE")
TOP_GLOBS = ("py-*.zip",)  # each game's modules (scripts/pack_py.py)
# (folder, glob) pairs searched recursively.
TREES = (("icons", "*"), ("css", "*"), ("rules", "*"), ("js", "*"), ("vendor", "*"))
# Deployed, never loaded by a player's page: the runtime's whole standard library (the page
# loads stdlib.zip; ?stdlib=full is for scripts/stdlib.py).
NOT_PRECACHED = ("vendor/pyodide/python_stdlib.zip",)
# What js/boot.mjs counts towards the first screen's "left to download": sizes.json.
SIZED = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/python_stdlib.zip", "stdlib.zip", "py.zip")


def site_files(root: Path = ROOT) -> list:
    """The site's files as sorted paths relative to root, in POSIX form (what `make dist`
    deploys, with sw.js)."""
    found = [name for name in TOP_FILES if (root / name).is_file()]
    found += [path.name for pattern in TOP_GLOBS for path in root.glob(pattern)]
    for folder, pattern in TREES:
        for path in (root / folder).rglob(pattern):
            rel = path.relative_to(root)
            if path.is_file() and not any(part.startswith(".") for part in rel.parts) \
                    and "__pycache__" not in rel.parts:
                found.append(rel.as_posix())
    return sorted(found)


def precached(root: Path = ROOT) -> list:
    return [rel for rel in site_files(root) if rel not in NOT_PRECACHED]


def sizes(root: Path = ROOT) -> str:
    """sizes.json: raw and gzip-compressed (as GitHub Pages sends them) sizes of the files the
    first screen counts down."""
    files = [*SIZED, *(path.name for pattern in TOP_GLOBS for path in sorted(root.glob(pattern)))]
    found = {rel: [(root / rel).stat().st_size, len(gzip.compress((root / rel).read_bytes(), 6))]
             for rel in files if (root / rel).is_file()}
    return json.dumps(found, indent=1, sort_keys=True) + "\n"


def revision(path: Path) -> str:
    """What the worker compares (it computes the same from the bytes it fetches): the start of
    the content's sha-256; for snapshot.bin, of the key in its header (the hash of the runtime
    and scripts it is made from). Two snapshots made from the same inputs differ in bytes
    (the copied memory holds timestamps and random state) but not in use: a deploy that rebuilds
    it from the same inputs must not make every player download it again."""
    data = path.read_bytes()
    built_from = snapshot.key_of(data) if path.name == "snapshot.bin" else None
    return (built_from or hashlib.sha256(data).digest())[:8].hex()


def cache_name(root: Path, paths, template: str) -> str:
    """From the paths and their revisions: a rebuild of the same site gives the same name."""
    digest = hashlib.sha256(template.encode())
    for rel in paths:
        digest.update(b"\0" + rel.encode() + b"\0" + revision(root / rel).encode())
    return "tapis-" + digest.hexdigest()[:12]


def render(root: Path = ROOT) -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    paths = precached(root)
    precache = json.dumps(["./" + rel for rel in paths], indent=2)
    revisions = json.dumps({"./" + rel: revision(root / rel) for rel in paths}, indent=2)
    return (template.replace("__CACHE_NAME__", cache_name(root, paths, template))
            .replace("__PRECACHE__", precache).replace("__REVISIONS__", revisions))


def main(root: Path = ROOT) -> None:
    (root / "sizes.json").write_text(sizes(root), encoding="utf-8")
    missing = [name for name in TOP_FILES if not (root / name).is_file()]
    if missing:
        print(f"build_sw: warning, not precached (missing): {', '.join(missing)}", file=sys.stderr)
    (root / "sw.js").write_text(render(root), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT)
