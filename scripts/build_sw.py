"""Generate sw.js, the service worker that makes the site work offline.

It precaches every file the site needs under a cache name taken from a hash of their paths and
contents (and of the template), so each deploy that changes a file gets a fresh cache, and it
knows each file's own hash (its revision), so a new deploy's worker downloads only the files
that changed (see the template). `site_files` is also the list that `make dist` deploys.
"""
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "sw.template.js"
TOP_FILES = ("index.html", "pyscript.toml", "manifest.webmanifest", "py.zip", "snapshot.bin",
             "LICENSE")
# (folder, glob) pairs searched recursively.
TREES = (("icons", "*"), ("css", "*"), ("rules", "*"), ("js", "*"), ("vendor", "*"))


def site_files(root: Path = ROOT) -> list:
    """The site's files as sorted paths relative to root, in POSIX form."""
    found = [name for name in TOP_FILES if (root / name).is_file()]
    for folder, pattern in TREES:
        for path in (root / folder).rglob(pattern):
            rel = path.relative_to(root)
            if path.is_file() and not any(part.startswith(".") for part in rel.parts) \
                    and "__pycache__" not in rel.parts:
                found.append(rel.as_posix())
    return sorted(found)


def revision(path: Path) -> str:
    """What the worker compares (it computes the same from the bytes it fetches)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def cache_name(root: Path, paths, template: str) -> str:
    digest = hashlib.sha256(template.encode())
    for rel in paths:
        digest.update(b"\0" + rel.encode() + b"\0")
        digest.update(hashlib.sha256((root / rel).read_bytes()).digest())
    return "tapis-" + digest.hexdigest()[:12]


def render(root: Path = ROOT) -> str:
    template = TEMPLATE.read_text(encoding="utf-8")
    paths = site_files(root)
    precache = json.dumps(["./" + rel for rel in paths], indent=2)
    revisions = json.dumps({"./" + rel: revision(root / rel) for rel in paths}, indent=2)
    return (template.replace("__CACHE_NAME__", cache_name(root, paths, template))
            .replace("__PRECACHE__", precache).replace("__REVISIONS__", revisions))


def main(root: Path = ROOT) -> None:
    missing = [name for name in TOP_FILES if not (root / name).is_file()]
    if missing:
        print(f"build_sw: warning, not precached (missing): {', '.join(missing)}", file=sys.stderr)
    (root / "sw.js").write_text(render(root), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else ROOT)
