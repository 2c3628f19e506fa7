"""What a player downloads: a first visit, and the update after a one-line change in py/.

    python bench/bytes.py

A first visit downloads, with the offline copy the service worker makes once the page is ready,
each precached file once (tests/browser/test_startup.py checks it from the server's log) plus
sw.js (what it needs before it is ready: bench/first_visit.py); an update downloads sw.js and
the files whose hash changed (the same test checks that nothing else is fetched). This script
builds a copy of the site with one line of py/ changed (the archives, snapshot.bin and sw.js
remade as `make site` does: the snapshot, made from the runtime and stdlib.zip, stays as it was)
and adds up the sizes, raw and gzip-compressed (GitHub Pages serves gzip; level 6 here).
Needs `make site` and the test venv (the snapshot is made in Chromium).
"""
import gzip
import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _script(name):
    sys.path.insert(0, str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build_sw, pack_py, snapshot = _script("build_sw"), _script("pack_py"), _script("snapshot")


def sizes(root: Path, paths) -> tuple:
    raw = sum((root / p).stat().st_size for p in paths)
    packed = sum(len(gzip.compress((root / p).read_bytes(), 6)) for p in paths)
    return raw, packed


def revisions(root: Path) -> dict:
    return {rel: build_sw.revision(root / rel) for rel in build_sw.precached(root)}


def mb(n: int) -> str:
    return f"{n / 1e6:7.2f} MB"


def main():
    first = build_sw.precached(ROOT) + ["sw.js"]
    raw, packed = sizes(ROOT, first)
    runtime = [p for p in first if p.startswith("vendor/")]
    print(f"{'':34}{'raw':>10}{'gzip':>11}")
    print(f"{'first visit, offline copy (' + str(len(first)) + ' files)':34}{mb(raw)} {mb(packed)}")
    r_raw, r_packed = sizes(ROOT, runtime)
    print(f"{'  of which vendor/ (runtime)':34}{mb(r_raw)} {mb(r_packed)}")
    s_raw, s_packed = sizes(ROOT, ["snapshot.bin"])
    print(f"{'  of which snapshot.bin':34}{mb(s_raw)} {mb(s_packed)}")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        for rel in build_sw.site_files(ROOT) + ["sw.js"]:
            (site / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / rel, site / rel)
        shutil.copytree(ROOT / "py", site / "py", ignore=shutil.ignore_patterns("__pycache__"))
        before = revisions(site)
        with open(site / "py" / "engine" / "rng.py", "a") as module:
            module.write("# one more line\n")
        pack_py.main(site)
        snapshot.main(root=site)  # made from the runtime alone: nothing to make
        build_sw.main(site)
        after = revisions(site)
        changed = sorted(p for p in after if before.get(p) != after[p]) + ["sw.js"]
        u_raw, u_packed = sizes(site, changed)
    print(f"{'update, one line of py/ changed':34}{mb(u_raw)} {mb(u_packed)}   ({', '.join(changed)})")


if __name__ == "__main__":
    main()
